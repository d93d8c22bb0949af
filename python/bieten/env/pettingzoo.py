"""A PettingZoo AEC environment for every game of :func:`bieten.games` (docs/pettingzoo.md): the one
table (``bieten.env._aec.TableEnv``) with the family of the game named by ``game=``.

>>> from bieten.env.pettingzoo import env
>>> table = env(preset="tyrol", players=3)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_1'
>>> obs, reward, terminated, truncated, info = table.last()
>>> obs["observation"].shape, obs["action_mask"].dtype, reward, terminated
((663,), dtype('int8'), 0.0, False)

``game`` is a registered game's name (default ``"bieten"``; ``bieten.games()`` lists them) and
``preset`` one of that game's presets (default its first). Agents are ``player_0`` …
``player_{n-1}``, ``player_k`` being seat ``k``. An action is an id of the game's fixed action space
(``Discrete(num_actions)``); an observation is a dict of ``observation`` (``Game.observation(seat)``,
what the game's rules let the seat see) and ``action_mask`` (int8, 1 at the legal ids for the agent
to act, all 0 for the others). A step's reward is the points each seat gained by it (credited when
a hand ends). An episode is one game to the target, or with ``episode="hand"`` one hand. An illegal
action raises ``bieten.IllegalActionError`` naming the rule, and changes nothing.

The default game's own names from before ``game=`` (``OBS_SCORES``, ``observation_high``, …, of
its env module) still resolve here (deprecated); another game's old module is made by
:func:`legacy_module`.

Needs PettingZoo: ``pip install 'bieten[rl]'``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from bieten.env._aec import AECEnv, Episode, Observation, TableEnv, make  # or says what to install
from bieten.env._family import Family, game_family

__all__ = [
    "DEFAULT_GAME",
    "Episode",
    "Observation",
    "TableEnv",
    "env",
    "legacy_module",
    "raw_env",
]

#: The game ``env`` and ``raw_env`` make when ``game`` is not given.
DEFAULT_GAME = "bieten"


def raw_env(preset: Any = None, *, game: str = DEFAULT_GAME, **kwargs: Any) -> TableEnv:
    """The unwrapped AEC environment: the arguments of :func:`env` but ``illegal_reward``."""
    return TableEnv(game_family(game), preset, **kwargs)


def env(preset: Any = None, *, game: str = DEFAULT_GAME, **kwargs: Any) -> AECEnv:
    """A table of ``game`` (a name of ``bieten.games()``) as a PettingZoo AEC environment, wrapped as
    PettingZoo recommends.

    ``preset`` is a preset name of the game's ``Rules.PRESETS`` (or one of its ``Rules``; default its
    first preset); the other keywords are knobs of its rules (``players=3``, ``target=21``, …) and
    the table's ``render_mode``, ``episode``, ``seed``, ``dealer`` and ``illegal_reward``
    (``bieten.env._aec.make``, docs/pettingzoo.md). An unknown ``game`` is a ``bieten.RulesError``.

    >>> env(game="bieten", preset="bavaria").unwrapped.metadata["name"]
    'bieten_v0'
    """
    return make(game_family(game), preset, **kwargs)


def _env_names(family: Family) -> dict[str, Any]:
    """The public names of a family's env module (its ``__all__``)."""
    module = importlib.import_module(type(family).__module__)
    return {name: getattr(module, name) for name in getattr(module, "__all__", ())}


def legacy_module(family: Family, name: str) -> ModuleType:
    """The module a game's PettingZoo environment had before ``game=`` (deprecated; named by the
    family's ``legacy_modules``): ``env`` and ``raw_env`` of that game, the table's types and the
    public names of the game's env module."""
    module = ModuleType(name, f"Deprecated: bieten.env.pettingzoo with game={family.name!r}.")

    def legacy_raw_env(preset: Any = None, **kwargs: Any) -> TableEnv:
        return raw_env(preset, game=family.name, **kwargs)

    def legacy_env(preset: Any = None, **kwargs: Any) -> AECEnv:
        return env(preset, game=family.name, **kwargs)

    names: dict[str, Any] = {"Episode": Episode, "Observation": Observation, "TableEnv": TableEnv}
    names |= {"env": legacy_env, "raw_env": legacy_raw_env, **_env_names(family)}
    vars(module).update(names, __all__=sorted(names))
    return module


def __getattr__(name: str) -> Any:
    """The default game's own names, as this module had them before ``game=`` (deprecated)."""
    names = _env_names(game_family(DEFAULT_GAME))
    if name in names:
        return names[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
