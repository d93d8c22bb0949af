"""What the environments need of a game family, and the OpenSpiel table every game shares; needs no
framework (docs/pettingzoo.md, docs/openspiel.md, docs/vector_env.md).

The PettingZoo env (``_aec.TableEnv``), the OpenSpiel game (``_spiel.CardGame``) and
:class:`bieten.VectorEnv` are each one class for every game: what differs per game lives in one
:class:`Family` object per game, in the game's own package (``bieten.<game>.env``), which the
registry names (``bieten._families``: ``Family.environment``; :func:`families`). A family names its
rules class, its action and observation sizes, the rule ids its errors cite, its OpenSpiel
parameters and bounds, and writes its texts (the render, the state, the observation string) and
each seat's view of the history; its core's part (the class prefix, the compiled VectorEnv class)
it reads from the core's registry (``bieten._core.GAMES``).

>>> [family.name for family in families()] == [game["name"] for game in _core.GAMES]
True
>>> from bieten import Rules
>>> family_of(Rules()).spiel_name, family_named("bieten").aec_name, family_named("bieten").class_prefix
('python_bieten', 'bieten_v0', 'Bieten')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

import numpy as np
import numpy.typing as npt

from bieten import _core
from bieten._core import BietenError, IllegalActionError, RulesError

if TYPE_CHECKING:
    from bieten._core import _VectorEnvCore

__all__ = [
    "CHANCE_SEAT",
    "NOBODY",
    "PUBLIC",
    "Block",
    "Config",
    "Family",
    "Knobs",
    "Step",
    "Table",
    "families",
    "family_named",
    "family_of",
    "game_family",
    "spiel_parameters",
]

#: ``CoreGame.current_player`` at a chance node (OpenSpiel's kChancePlayer), in every game.
CHANCE_SEAT = -2
#: The owner of a step everybody sees (a player action, a face-up card).
PUBLIC = -1
#: The owner of a chance outcome nobody sees (a card drawn into a deck).
NOBODY = -2
#: A named block of an observation vector: name, offset, shape.
Block = tuple[str, int, tuple[int, ...]]


class Knobs(NamedTuple):
    """The knobs of a game's rules by OpenSpiel parameter type."""

    ints: tuple[str, ...]
    bools: tuple[str, ...]
    strs: tuple[str, ...]


def spiel_parameters(preset: str, knobs: Knobs) -> dict[str, Any]:
    """A game's OpenSpiel parameters with their defaults: OpenSpiel needs a concrete default for
    every parameter, so a knob left at its sentinel (-1 for the numbers and the switches, "" for the
    words) takes the preset's value (R10, S10); anything else overrides it. Switches are ints (0
    off, 1 on), so that "closing=1" parses in a game string.

    >>> spiel_parameters("tyrol", Knobs(ints=("target",), bools=("reraise",), strs=("wild",)))
    {'preset': 'tyrol', 'target': -1, 'reraise': -1, 'wild': '', 'episode': 'game', 'dealer': 0}
    """
    return {
        "preset": preset,
        **dict.fromkeys(knobs.ints + knobs.bools, -1),
        **dict.fromkeys(knobs.strs, ""),
        "episode": "game",
        "dealer": 0,
    }


class Step(NamedTuple):
    """One action of a table's history: who took it (a seat, or -1 for chance), its id, who alone
    sees a chance outcome (a seat, :data:`PUBLIC` or :data:`NOBODY`) and the family's kind of step."""

    actor: int
    action: int
    owner: int
    kind: int


class Config(NamedTuple):
    """An OpenSpiel game's family, rules, episode and first dealer."""

    family: Family
    rules: Any
    episode: str
    dealer: int


class Family:
    """One game as the environments see it; a subclass per game sets the attributes and writes the
    methods. The instance is a singleton in its module (it pickles as its name there)."""

    #: The family's name (VectorEnv's ``game``), and the module attribute holding the instance.
    name: ClassVar[str]
    global_name: ClassVar[str]
    #: The rules class (``Rules.preset``, ``PRESETS``), as the errors name it, and the game class.
    rules_class: ClassVar[type[Any]]
    rules_label: ClassVar[str]
    game_class: ClassVar[type[Any]]
    default_preset: ClassVar[str]
    #: VectorEnv's ``game`` names of this family (its name first, then presets by name).
    vector_games: ClassVar[tuple[str, ...]]
    num_actions: ClassVar[int]
    observation_size: ClassVar[int]
    max_players: ClassVar[int]
    min_players: ClassVar[int]
    #: The rule ids cited by errors: seats, the dealer, illegal actions, the action notation, the
    #: presets and knobs, the end of the game.
    rule_seats: ClassVar[str]
    rule_dealer: ClassVar[str]
    rule_illegal: ClassVar[str]
    rule_actions: ClassVar[str]
    rule_presets: ClassVar[str]
    rule_over: ClassVar[str]
    actions_doc: ClassVar[str]
    #: PettingZoo: the environment's name.
    aec_name: ClassVar[str]
    #: OpenSpiel: the short and long name, the parameters with their defaults, the chance ids, the
    #: named blocks of the observation, the word for a hand, and whether ``episode="hand"`` has an
    #: information-state tensor.
    spiel_name: ClassVar[str]
    spiel_long_name: ClassVar[str]
    knobs: ClassVar[Knobs]
    default_parameters: ClassVar[Mapping[str, Any]]
    max_chance_outcomes: ClassVar[int]
    obs_blocks: ClassVar[tuple[Block, ...]]
    hand_word: ClassVar[str]
    history_tensor: ClassVar[bool] = False
    #: Whether the family has OpenSpiel's side (a chance mode, its chance ids and views): a game with
    #: no package of its own has not (bieten.env._generic), and is not registered with pyspiel.
    spiel: ClassVar[bool] = True
    #: The family's module names from before ``env(game=...)`` (deprecated), under ``bieten.env``,
    #: each with its role: ``"environment"`` (this family's env module), ``"pettingzoo"`` or
    #: ``"openspiel"`` (a module of the game's own names, ``legacy_module`` of that module);
    #: ``bieten.env`` imports them (its ``_LegacyModules``).
    legacy_modules: ClassVar[Mapping[str, str]] = {}

    def __reduce__(self) -> str:
        return self.global_name

    def __repr__(self) -> str:
        return f"<env family {self.name}>"

    @property
    def descriptor(self) -> Mapping[str, Any]:
        """The core's descriptor of this game (its entry of ``bieten._core.GAMES``, by name)."""
        return next(game for game in _core.GAMES if game["name"] == self.name)

    @property
    def class_prefix(self) -> str:
        """The prefix of the core's classes of this game (``<prefix>VectorEnv``), and of the names of
        its OpenSpiel classes."""
        return str(self.descriptor["class_prefix"])

    @property
    def vector_core(self) -> type[_VectorEnvCore[Any]]:
        """VectorEnv: the core's class that steps this game, ``<class_prefix>VectorEnv``."""
        return getattr(_core, f"{self.class_prefix}VectorEnv")  # type: ignore[no-any-return]

    # -- VectorEnv and the PettingZoo env ----------------------------------------------------------
    def default_rules(self, game: str) -> Any:
        """The rules of VectorEnv's ``game`` name when no rules are given."""
        raise NotImplementedError

    def observation_high(self, rules: Any) -> npt.NDArray[np.float32]:
        """The upper bound of each entry of ``Game.observation`` under ``rules``."""
        raise NotImplementedError

    def render(self, env: Any) -> str:
        """The PettingZoo env's table as text (``render_mode="ansi"``)."""
        raise NotImplementedError

    def status_lines(self, env: Any, current: int | None) -> list[str]:
        """The render's last line: the game's end, the episode's end, or who is to act (and with
        what cards); none if nobody is."""
        game, names = env.game, env.possible_agents
        if game.is_over:
            bummerl = ", ".join(names[s] for s in game.bummerl) or "nobody"
            return [f"Game over: {self.winners_text(game, names)}; Bummerl: {bummerl}"]
        if env._done:
            return [f"{self.hand_word.capitalize()} over: the episode ends here (episode='hand')"]
        if current is None:  # pragma: no cover - a game that is not over has a seat to act
            return []
        holding = " ".join(self.holding(game, current)) or "-"
        return [f"To act: {names[current]} ({self.phase_text(game.phase)}), holding {holding}"]

    def winners_text(self, game: Any, names: list[str]) -> str:
        """Who won the finished game, for the render."""
        raise NotImplementedError

    def phase_text(self, phase: str) -> str:
        """A phase's name in the render."""
        return phase

    def holding(self, game: Any, seat: int) -> list[str]:
        """The cards ``seat`` holds now."""
        raise NotImplementedError

    # -- OpenSpiel: bounds -------------------------------------------------------------------------
    def max_utility(self, rules: Any, episode: str = "game") -> int:
        raise NotImplementedError

    def max_game_length(self, rules: Any, episode: str = "game") -> int:
        raise NotImplementedError

    def max_chance_nodes(self, rules: Any, episode: str = "game") -> int:
        raise NotImplementedError

    def history_slots(self, rules: Any) -> int:
        """Steps of a hand's history in the information-state tensor (0: the family has none)."""
        return 0

    # -- OpenSpiel: the table and its texts --------------------------------------------------------
    def new_core(self, rules: Any, dealer: int) -> Any:
        """A core game in chance mode (its seed plays no part)."""
        raise NotImplementedError

    def open_views(self, table: Table) -> None:
        """Writes what each seat sees before the first action."""

    def record(self, table: Table, action: int) -> Step:
        """Applies a chance or player action to ``table.core`` and writes what each seat sees of
        it; IllegalActionError (naming the rule, changing nothing) if it is illegal."""
        raise NotImplementedError

    def end_views(self, table: Table) -> None:
        """Writes what each seat sees when a hand ends (``table.terminal`` already set)."""

    def chance_text(self, action: int) -> str:
        raise NotImplementedError

    def action_text(self, action: int) -> str:
        raise NotImplementedError

    def state_lines(self, core: Any) -> list[str]:
        """The lines of ``str(state)`` after the first: every seat's cards, the table."""
        raise NotImplementedError

    def observation_text(self, obs: npt.NDArray[np.float32], rules: Any) -> str:
        raise NotImplementedError

    def resample(self, table: Table, player: int, rng: Any) -> list[int] | None:
        """The current hand's actions redrawn so that ``player`` cannot tell them from the
        recorded ones (None: keep the state as it is)."""
        raise NotImplementedError(
            f"{self.spiel_name}: resample_from_infostate is not provided yet (docs/openspiel.md)"
        )


class Table:
    """The core game in chance mode and each seat's view of the history, of any game.

    A pyspiel state keeps one of these as its only attribute: OpenSpiel clones a Python state by
    deep-copying its attributes and serializes it by pickling them, so both are defined here (a C++
    copy of the core; a replay of the recorded actions).
    """

    __slots__ = ("config", "core", "hand", "hand_core", "hand_start", "steps", "terminal", "views")

    config: Config
    core: Any  # the family's CoreGame in chance mode
    hand: int  # the current hand's number
    hand_core: Any  # a copy of the core when the current hand began (never changed)
    hand_start: int  # index in steps of the current hand's first step
    steps: list[Step]
    terminal: bool
    views: list[list[str]]  # per seat: what he saw, step by step

    @classmethod
    def new(cls, config: Config) -> Table:
        table = cls.__new__(cls)
        table.config = config
        table.core = config.family.new_core(config.rules, config.dealer)
        table.hand = 0
        table.hand_core = table.core.clone()
        table.hand_start = 0
        table.steps = []
        table.terminal = False
        table.views = [[] for _ in range(config.rules.players)]
        config.family.open_views(table)
        return table

    @classmethod
    def replay(cls, config: Config, actions: list[int]) -> Table:
        table = cls.new(config)
        for action in actions:
            table.apply(action)
        return table

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        other = Table.__new__(Table)
        other.config = self.config
        other.core = self.core.clone()
        other.hand = self.hand
        other.hand_core = self.hand_core  # shared: never changed
        other.hand_start = self.hand_start
        other.steps = list(self.steps)
        other.terminal = self.terminal
        other.views = [list(view) for view in self.views]
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        return (Table.replay, (self.config, [step.action for step in self.steps]))

    def public(self, token: str) -> None:
        """Adds ``token`` to every seat's view."""
        for view in self.views:
            view.append(token)

    def private(self, owner: int, token: str, hidden: str) -> None:
        """Adds ``token`` to ``owner``'s view and ``hidden`` to everybody else's."""
        for seat, view in enumerate(self.views):
            view.append(token if seat == owner else hidden)

    def sees(self, seat: int, step: Step) -> bool:
        """Whether ``seat`` saw the outcome of ``step``."""
        return step.owner in (PUBLIC, seat)

    def apply(self, action: int) -> None:
        """Applies a chance or player action (IllegalActionError, naming the rule, if illegal)."""
        family = self.config.family
        if self.terminal:
            raise IllegalActionError(f"{family.rule_over}: the episode is over; {action} is refused")
        self.steps.append(family.record(self, action))
        core = self.core
        if core.is_over or core.hand_number != self.hand:
            self.terminal = bool(core.is_over) or self.config.episode == "hand"
            family.end_views(self)
            if not self.terminal:
                self.hand = core.hand_number
                self.hand_start = len(self.steps)
                self.hand_core = core.clone()


@functools.cache
def families() -> tuple[Family, ...]:
    """Every game family's environment side, in the registry's order (bieten._families, where each
    family names its ``environment``; imported on first use: the families import this module)."""
    from bieten._families import FAMILIES

    return tuple(family.member("environment") for family in FAMILIES)


def game_family(game: object) -> Family:
    """The family of a registered game's name (``bieten.games()``): what ``env(game=...)`` and the
    OpenSpiel names take; RulesError for another."""
    for family in families():
        if game == family.name:
            return family
    names = ", ".join(family.name for family in families())
    rules = "/".join(family.rule_presets for family in families())
    raise RulesError(f"{rules}: game must be one of {names}, not {game!r}")


def family_named(game: object) -> Family:
    """The family of a VectorEnv ``game`` name (a family's name, or a preset's name)."""
    for family in families():
        if game in family.vector_games:
            return family
    names = ", ".join(name for family in families() for name in family.vector_games)
    rules = "/".join(family.rule_presets for family in families())
    raise RulesError(f"{rules}: game must be one of {names}, not {game!r}")


def family_of(rules: object) -> Family:
    """The family whose rules class ``rules`` is an instance of (looked up by its exact type)."""
    for family in families():
        if type(rules) is family.rules_class:
            return family
    labels = " or ".join(family.rules_label for family in families())
    raise BietenError(f"rules must be a {labels}, not {type(rules).__name__}")
