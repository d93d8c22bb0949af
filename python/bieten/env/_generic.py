"""The environments' side of a registered game with no Python package of its own (``bieten._generic``):
one :class:`~bieten.env._family.Family` per such game, built from its descriptor, as the module
attribute named after the game (``bieten.env._generic.<name>``, what its ``Family.environment`` names).

It gives VectorEnv and the PettingZoo env everything they need: sizes, rule ids, default rules, a
text render. OpenSpiel needs a chance mode, which only a game's own package describes (its chance
ids and what each seat sees of them), so a generic family is not registered with pyspiel
(``spiel = False``).

>>> from bieten.env._family import families
>>> from bieten._families import FAMILIES
>>> [f.spiel for f in families()] == [not f.environment.startswith(__name__) for f in FAMILIES]
True
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from bieten._generic import descriptor, game_classes
from bieten.env._family import Family, Knobs, spiel_parameters


class GenericFamily(Family):
    """A game with no package of its own as the environments see it (see the module's docstring)."""

    spiel = False
    hand_word = "deal"

    def default_rules(self, game: str) -> Any:
        rules_class = self.rules_class
        return rules_class.preset(game) if game in rules_class.PRESETS else rules_class()

    def observation_high(self, rules: Any) -> npt.NDArray[np.float32]:
        # The descriptor gives no bounds for the observation's entries: unbounded above.
        return np.full(self.observation_size, np.inf, dtype=np.float32)

    def winners_text(self, game: Any, names: list[str]) -> str:
        return f"{', '.join(names[s] for s in game.winners)} win"

    def holding(self, game: Any, seat: int) -> list[str]:
        return list(game.hands[seat])

    def render(self, env: Any) -> str:
        game, names = env.game, env.possible_agents
        lines = [
            f"{self.descriptor['title']}: scores "
            + ", ".join(f"{n} {s}" for n, s in zip(names, game.scores, strict=True))
        ]
        lines += [f"{name}: {' '.join(self.holding(game, seat)) or '-'}" for seat, name in enumerate(names)]
        current = None if game.is_over else game.current_player
        return "\n".join(lines + self.status_lines(env, current))


@functools.cache
def generic_env_family(name: str) -> Family:
    """The environments' family of the registered game ``name`` (made once)."""
    described = descriptor(name)
    classes = game_classes(name)
    presets = tuple(str(p) for p in described["presets"])
    types = dict(classes.core.KNOB_TYPES)
    knobs = Knobs(
        ints=tuple(k for k, t in types.items() if t == "int"),
        bools=tuple(k for k, t in types.items() if t == "bool"),
        strs=tuple(k for k, t in types.items() if t == "str"),
    )
    players = [classes.Rules.preset(p).players for p in presets]
    attributes: dict[str, Any] = {
        "__module__": __name__,
        "name": name,
        "global_name": name,
        "rules_class": classes.Rules,
        "rules_label": f"bieten.{name}.Rules",
        "game_class": classes.Game,
        "default_preset": presets[0],
        "vector_games": (name, *(p for p in presets if p != name)),
        "num_actions": int(described["num_actions"]),
        "observation_size": int(described["observation_size"]),
        "max_players": int(described["max_players"]),
        "min_players": min(players),
        "rule_seats": str(described["seat_rule"]),
        "rule_dealer": str(described["seat_rule"]),
        "rule_illegal": str(described["action_rule"]),
        "rule_actions": str(described["action_rule"]),
        "rule_presets": str(described["rules_rule"]),
        "rule_over": str(described["game_over_rule"]),
        "actions_doc": f"bieten/{name}/rules.md",
        "aec_name": f"{name}_v0",
        "spiel_name": f"python_{name}",
        "spiel_long_name": f"Python {described['title']}",
        "knobs": knobs,
        "default_parameters": spiel_parameters(presets[0], knobs),
        "max_chance_outcomes": 0,
        "obs_blocks": (),
    }
    family_class = type(f"_{described['class_prefix']}", (GenericFamily,), attributes)
    family: Family = family_class()
    return family


def __getattr__(name: str) -> Family:
    """``bieten.env._generic.<name>``: the family of a registered game with no package of its own."""
    try:
        descriptor(name)
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    return generic_env_family(name)
