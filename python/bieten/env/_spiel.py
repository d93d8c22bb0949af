"""The OpenSpiel game of every card game (docs/openspiel.md): one game class (:class:`CardGame`), one
state class (:class:`CardState`) and one observer (:class:`CardObserver`), each parameterized by a
game family (``bieten.env._family``); :mod:`bieten.env.openspiel` registers every family's game
with pyspiel (:func:`register`, ``python_<game>``).

A game's parameters are OpenSpiel scalars: every knob of the rules has a sentinel default (-1 for a
number or a switch, "" for a word) that keeps the preset's value, and switches are ints (0 off, 1
on) so that ``"closing=1"`` parses in a game string. :func:`rules_overrides` turns such parameters
into the keyword arguments of ``Rules.preset``.

>>> knobs = Knobs(ints=("target",), bools=("closing",), strs=("claim",))
>>> rules_overrides({"target": 5, "closing": 1, "claim": ""}, knobs, "S10")
{'target': 5, 'closing': True}

Importing it needs OpenSpiel's pyspiel; without it, it raises an ImportError that says what to
install.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.openspiel needs OpenSpiel's pyspiel ({err}); install it with "
        "pip install 'bieten[openspiel]'"
    ) from err

from bieten.env._family import CHANCE_SEAT, Config, Family, Knobs, Table

__all__ = [
    "CHANCE_SEAT",
    "CardGame",
    "CardObserver",
    "CardState",
    "Knobs",
    "check_dealer",
    "check_episode",
    "check_observer_type",
    "check_parameters",
    "game_class",
    "game_info",
    "game_type",
    "load",
    "python_parameters",
    "register",
    "rules_overrides",
]


def check_parameters(name: str, params: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters with the defaults filled in; an unknown name is a ValueError."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"{name}: unknown parameter(s) {', '.join(unknown)}")
    return {**defaults, **params}


def rules_overrides(values: Mapping[str, Any], knobs: Knobs, rule: str) -> dict[str, Any]:
    """The knobs that are not at their sentinel, as ``Rules.preset`` keyword arguments; a switch
    other than -1, 0 or 1 is a ValueError citing ``rule``."""
    overrides: dict[str, Any] = {}
    for name in knobs.ints:
        if values[name] != -1:
            overrides[name] = values[name]
    for name in knobs.bools:
        value = values[name]
        if value not in (-1, 0, 1) or isinstance(value, float):
            raise ValueError(f"{rule}: {name} is -1 (the preset's), 0 (off) or 1 (on), not {value!r}")
        if value != -1:
            overrides[name] = bool(value)
    for name in knobs.strs:
        if values[name] != "":
            overrides[name] = values[name]
    return overrides


def check_episode(name: str, episode: object) -> str:
    """``"game"`` or ``"hand"``; anything else is a ValueError."""
    if episode not in ("game", "hand"):
        raise ValueError(f"{name}: episode must be 'game' or 'hand', not {episode!r}")
    return str(episode)


def check_dealer(dealer: object, players: int, rule: str) -> int:
    """A seat from 0 to players - 1; anything else is a ValueError citing ``rule``."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"{rule}: dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    return dealer


def python_parameters(knobs: Knobs, params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` with Python ``bool`` switches turned into the ints OpenSpiel parameters hold."""
    return {
        name: int(value) if name in knobs.bools and isinstance(value, bool) else value
        for name, value in params.items()
    }


def game_type(
    short_name: str,
    long_name: str,
    players: tuple[int, int],
    parameters: Mapping[str, Any],
    information_state_tensor: bool,
) -> Any:
    """The ``pyspiel.GameType`` of a card game: sequential, explicit chance nodes, imperfect
    information, general-sum (points are only ever won), terminal rewards."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=information_state_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=dict(parameters),
    )


def check_observer_type(name: str, iig_obs_type: Any, params: Mapping[str, Any] | None) -> bool:
    """Refuses what an observer cannot give (parameters; another view than the player's own);
    returns whether it is the perfect-recall (information state) observer."""
    if params:
        raise ValueError(f"{name}: observation parameters are not supported, got {dict(params)}")
    if iig_obs_type is not None and (
        not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError(
            f"{name}: only a player's own view is supported (public_info=True, private_info=SINGLE_PLAYER)"
        )
    return bool(iig_obs_type is not None and iig_obs_type.perfect_recall)


def game_info(num_actions: int, max_chance_outcomes: int, players: int, max_utility: int, length: int) -> Any:
    """The ``pyspiel.GameInfo`` of a card game: utilities from 0 (points are only ever won)."""
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions,
        max_chance_outcomes=max_chance_outcomes,
        num_players=players,
        min_utility=0.0,
        max_utility=float(max_utility),
        utility_sum=None,
        max_game_length=length,
    )


# -- one game, one state, one observer for every family -------------------------------------------------
def config_from(family: Family, params: Mapping[str, Any]) -> Config:
    """The family's rules, episode and first dealer from OpenSpiel parameters (ValueError naming
    the rule for anything wrong)."""
    name, rules_class = family.spiel_name, family.rules_class
    values = check_parameters(name, params, family.default_parameters)
    preset = values["preset"]
    if preset not in rules_class.PRESETS:
        raise ValueError(
            f"{family.rule_presets}: unknown preset {preset!r} (known: {', '.join(rules_class.PRESETS)})"
        )
    # RulesError (a ValueError) names the rule
    rules = rules_class.preset(preset, **rules_overrides(values, family.knobs, family.rule_presets))
    episode = check_episode(name, values["episode"])
    dealer = check_dealer(values["dealer"], rules.players, family.rule_dealer)
    return Config(family, rules, episode, dealer)


def _family_type(family: Family, information_state_tensor: bool) -> Any:
    return game_type(
        family.spiel_name,
        family.spiel_long_name,
        (family.min_players, family.max_players),
        family.default_parameters,
        information_state_tensor,
    )


class CardGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The OpenSpiel game of a family (``family.spiel_name``): made by
    ``pyspiel.load_game`` (or :func:`load`) as the family's subclass, which only names the family
    (:func:`game_class`)."""

    #: The game's family: set by each family's subclass (:func:`game_class`).
    family: ClassVar[Family]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        family = self.family
        given = dict(params or {})
        config = config_from(family, given)
        rules, episode = config.rules, config.episode
        info = game_info(
            family.num_actions,
            family.max_chance_outcomes,
            rules.players,
            family.max_utility(rules, episode),
            family.max_game_length(rules, episode),
        )
        tensor = family.history_tensor and episode == "hand"
        super().__init__(_family_type(family, tensor), info, {**family.default_parameters, **given})
        self.config = config
        #: Steps of the history encoded in the information-state tensor (``episode="hand"``; 0 for
        #: a family without one).
        self.history_slots = family.history_slots(rules)

    @property
    def rules(self) -> Any:
        """The game's rules (an instance of the family's ``rules_class``)."""
        return self.config.rules

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling imports this module, which registers the games, and loads it from its string.
        return (_load_game_string, (str(self),))

    def new_initial_state(self, *args: Any) -> CardState:
        if args:
            raise ValueError(
                f"{self.family.spiel_name}: a state starts from the beginning; it takes no arguments"
            )
        return CardState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.family.max_chance_nodes(self.rules, self.config.episode)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardObserver:
        return CardObserver(self, iig_obs_type, params)


class CardState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state of a family's game: the family's ``CoreGame`` in chance mode and each seat's view
    (a :class:`bieten.env._family.Table`, the state's only attribute)."""

    _table: Table

    def __init__(self, game: CardGame) -> None:
        super().__init__(game)
        self._table = Table.new(game.config)

    @property
    def core(self) -> Any:
        """The core game (every seat's cards: for logging and evaluation, not for agents)."""
        return self._table.core

    # -- the pyspiel API ---------------------------------------------------------------------------
    def current_player(self) -> int:
        table = self._table
        seat = table.core.current_player
        if table.terminal or seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if seat == CHANCE_SEAT else int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._table.core.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        table = self._table
        if table.terminal or not table.core.is_chance_node:
            raise ValueError(
                f"{table.config.family.spiel_name}: chance_outcomes() at a state that is not a chance node"
            )
        return list(table.core.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._table.apply(int(action))

    def is_terminal(self) -> bool:
        return bool(self._table.terminal)

    def returns(self) -> list[float]:
        table = self._table
        if not table.terminal:
            return [0.0] * table.config.rules.players
        return [float(s) for s in table.core.scores]

    def _action_to_string(self, player: int, action: int) -> str:
        family = self._table.config.family
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < family.max_chance_outcomes:
                raise ValueError(
                    f"{family.spiel_name}: {action} is not a chance outcome "
                    f"(0 to {family.max_chance_outcomes - 1})"
                )
            return family.chance_text(action)
        return family.action_text(action)

    def __str__(self) -> str:
        table = self._table
        core = table.core
        player = core.current_player
        who = (
            "game over" if player is None else "chance" if player == CHANCE_SEAT else f"seat {player} to act"
        )
        first = (
            f"{table.config.family.hand_word} {core.hand_number}, dealer {core.dealer}, "
            f"scores {' '.join(map(str, core.scores))}, phase {core.phase}, {who}"
            + (" (episode over)" if table.terminal else "")
        )
        return "\n".join([first, *table.config.family.state_lines(core)])

    # -- ISMCTS ------------------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CardState:
        """A state that ``player_id`` cannot tell from this one (same information state string),
        drawn by determinization: the family redraws the current hand's actions
        (``Family.resample``, docs/openspiel.md), or keeps this very state (a copy). A family that
        does not provide it raises NotImplementedError.
        """
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else None
        table = self._table
        actions = table.config.family.resample(table, player_id, random.Random(seed))
        if actions is None:
            return self.clone()  # type: ignore[no-any-return]
        state = self.get_game().new_initial_state()
        for step in table.steps[: table.hand_start]:
            state.apply_action(step.action)
        for action in actions:
            state.apply_action(action)
        return state  # type: ignore[no-any-return]


def _to_act(table: Table) -> str:
    """Who acts now, which everybody sees."""
    if table.terminal:
        return " | over"
    seat = table.core.current_player
    return " | chance" if seat == CHANCE_SEAT else f" | {seat} to act"


class CardObserver:
    """OpenSpiel's observer for a family's game (``make_py_observer``).

    - Observation (``perfect_recall=False``, the default): the tensor is ``Game.observation(seat)``
      with the family's named blocks in ``dict``; the string spells out the same vector.
    - Information state (``perfect_recall=True``): the string is everything the seat has seen, step
      by step. The tensor exists for ``python_bieten`` with ``episode="hand"`` only: the observation
      followed by the hand's history, one slot per step (the acting seat relative to the observer,
      chance, a hidden chance outcome, the id). A whole game's history has no useful fixed-size
      encoding, so with ``episode="game"`` there is no information-state tensor.

    Only the observer's own private information with public information is supported
    (``private_info=SINGLE_PLAYER``, ``public_info=True``).
    """

    def __init__(
        self, game: CardGame, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        family = game.family
        self._family = family
        self._recall = check_observer_type(family.spiel_name, iig_obs_type, params)
        self._rules = game.rules
        self._slots = game.history_slots if self._recall and game.config.episode == "hand" else 0
        self._slot_size = family.max_players + 2 + family.num_actions
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if self._recall and not self._slots:
            return
        size = family.observation_size
        self.tensor = np.zeros(size + self._slots * self._slot_size, np.float32)
        for name, offset, shape in family.obs_blocks:
            self.dict[name] = self.tensor[offset : offset + int(np.prod(shape))].reshape(shape)
        if self._slots:
            self.dict["history"] = self.tensor[size:].reshape(self._slots, self._slot_size)

    def set_from(self, state: CardState, player: int) -> None:
        family = self._family
        if self.tensor is None:
            game = " with episode='game'" if family.history_tensor else ""
            raise ValueError(f"{family.spiel_name}: no information-state tensor{game} (docs/openspiel.md)")
        table = state._table
        self.tensor.fill(0.0)
        self.tensor[: family.observation_size] = table.core.observation(player)
        if not self._slots:
            return
        history = self.dict["history"]
        n = self._rules.players
        if len(table.steps) > self._slots:  # pragma: no cover - the family's bounds would be wrong
            raise RuntimeError(
                f"{family.spiel_name}: {len(table.steps)} steps exceed the bound {self._slots}"
            )
        chance = family.max_players
        for i, step in enumerate(table.steps):
            slot = history[i]
            if step.actor >= 0:
                slot[(step.actor - player) % n] = 1.0
                slot[chance + 2 + step.action] = 1.0
            else:
                slot[chance] = 1.0
                if table.sees(player, step):
                    slot[chance + 2 + step.action] = 1.0
                else:
                    slot[chance + 1] = 1.0

    def string_from(self, state: CardState, player: int) -> str:
        table = state._table
        if self._recall:
            return f"seat {player}: " + ", ".join(table.views[player]) + _to_act(table)
        return self._family.observation_text(table.core.observation(player), self._rules)


def _load_game_string(text: str) -> CardGame:
    return pyspiel.load_game(text)  # type: ignore[no-any-return]


def load(family: Family, preset: str | None = None, **params: Any) -> CardGame:
    """``pyspiel.load_game(family.spiel_name, ...)`` with Python values: switches may be ``bool``;
    ``preset`` defaults to the family's.

    >>> from bieten.env._family import family_named
    >>> load(family_named("bieten"), "welibieten", reraise=False).rules.reraise
    False
    """
    values = {"preset": preset or family.default_preset, **python_parameters(family.knobs, params)}
    return pyspiel.load_game(family.spiel_name, values)  # type: ignore[no-any-return]


@functools.cache
def game_class(family: Family) -> type[CardGame]:
    """The class pyspiel makes a family's game with: :class:`CardGame` with ``family`` set, named
    after the family (its core's class prefix: ``BietenGame``, ...).

    A class rather than a function because pyspiel keeps the creator until after Python has shut
    down and then drops it without the GIL: a class (which refers to itself through its ``__mro__``)
    is never freed by that, a function would be, and crash the interpreter on exit.
    """
    name = f"{family.class_prefix}Game"
    return type(name, (CardGame,), {"family": family, "__module__": __name__, "__qualname__": name})


def register(family: Family) -> None:
    """Registers the family's game with pyspiel under its short name (once)."""
    if family.spiel_name not in {registered.short_name for registered in pyspiel.registered_games()}:
        pyspiel.register_game(_family_type(family, False), game_class(family))
