"""Bauernschnapsen and Schnapsen as an OpenSpiel game, ``python_schnapsen`` (docs/openspiel.md).

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_schnapsen(preset=schnapsen)")`` makes one like any other game.

>>> import pyspiel
>>> from bieten.env import schnapsen_openspiel as sos
>>> game = pyspiel.load_game("python_schnapsen(preset=schnapsen)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 61, 20)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), state.action_to_string(-1, 0)
(True, 20, 'draw HA')
>>> sos.load_game("bauernschnapsen", retour=True, target=11).get_parameters()["retour"]
1

Every random event of a deal is an explicit chance node (``CoreGame(..., chance_deals=True)``):
after the cutter's ``cut`` or ``knock`` (S3.3) the 20 cards of the deck are drawn one by one, top
first, each uniform over the cards left; chance id i is the card of pack index i (S1.3: ``HA`` 0 …
``E10`` 19). The deck is then dealt as S3.4/S3.5 deal it. Player actions are the 61 ids of S11
(docs/schnapsen.md). The returns are the final totals (general-sum: points are only ever won).

Needs OpenSpiel: ``pip install 'bieten[openspiel]'``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.schnapsen_openspiel needs OpenSpiel's pyspiel ({err}); install it with "
        "pip install 'bieten[openspiel]'"
    ) from err

from bieten import _core
from bieten._core import IllegalActionError
from bieten.env._schnapsen import PACK_SIZE, max_game_length, max_hands, max_utility
from bieten.env._spiel import (
    CHANCE_SEAT,
    Knobs,
    TableState,
    check_dealer,
    check_episode,
    check_observer_type,
    check_parameters,
    game_info,
    game_type,
    python_parameters,
    rules_overrides,
)
from bieten.schnapsen._game import NUM_ACTIONS, OBSERVATION_LAYOUT, OBSERVATION_SIZE, action_text
from bieten.schnapsen._rules import Rules

__all__ = [
    "DEFAULT_PARAMETERS",
    "GAME_NAME",
    "MAX_CHANCE_OUTCOMES",
    "SchnapsenGame",
    "SchnapsenObserver",
    "SchnapsenState",
    "load_game",
]

#: The short name the game is registered under.
GAME_NAME = "python_schnapsen"
#: Chance ids: the pack index of the next card of the deck (S1.3).
MAX_CHANCE_OUTCOMES = PACK_SIZE

_KNOBS = Knobs(
    ints=("players", "target", "one_point_from"),
    bools=("knock", "bidding", "spritze", "retour", "closing"),
    strs=("partners", "claim", "must_head"),
)
#: OpenSpiel needs a concrete default for every parameter. A knob left at its sentinel (-1 for the
#: numbers and the switches, "" for the words) takes the preset's value (S10); anything else
#: overrides it. Switches are ints here (0 off, 1 on), so that "closing=1" parses in a game string.
DEFAULT_PARAMETERS: dict[str, Any] = {
    "preset": "bauernschnapsen",
    "players": -1,
    "partners": "",
    "knock": -1,
    "bidding": -1,
    "spritze": -1,
    "retour": -1,
    "claim": "",
    "must_head": "",
    "closing": -1,
    "one_point_from": -1,
    "target": -1,
    "episode": "game",
    "dealer": 0,
}

#: The pack in index order (S1.3): chance id i draws ``PACK[i]``.
PACK: tuple[str, ...] = tuple(
    str(_core.Card.from_id(8 * suit + rank)) for suit in range(4) for rank in range(5)
)
_ACTION_TEXT: tuple[str, ...] = tuple(_core.schnapsen.action_texts())
# Blocks of the observation that are sets of cards: one pack-indexed block of 20 per seat or item.
_CARD_BLOCKS = frozenset({"hand", "played", "trick", "known", "trump_card", "turned", "called"})


# -- parameters --------------------------------------------------------------------------------------
class _Config(NamedTuple):
    rules: Rules
    episode: str
    dealer: int


def _config_from(params: Mapping[str, Any]) -> _Config:
    values = check_parameters(GAME_NAME, params, DEFAULT_PARAMETERS)
    preset = values["preset"]
    if preset not in Rules.PRESETS:
        raise ValueError(f"S10: unknown preset {preset!r} (known: {', '.join(Rules.PRESETS)})")
    # RulesError (a ValueError) names the rule
    rules = Rules.preset(preset, **rules_overrides(values, _KNOBS, "S10"))
    episode = check_episode(GAME_NAME, values["episode"])
    dealer = check_dealer(values["dealer"], rules.players, "S2.1")
    return _Config(rules, episode, dealer)


def _game_type() -> Any:
    return game_type(GAME_NAME, "Python Bauernschnapsen and Schnapsen", (2, 4), DEFAULT_PARAMETERS, False)


# -- the table: the core game and what each seat has seen -------------------------------------------
def _event_text(event: Mapping[str, Any]) -> str:
    """One event of a seat's view (S12) as text; a card hidden from the seat is ``?``."""
    parts = [str(event["type"])]
    for key, value in event.items():
        if key in ("type", "seq"):
            continue
        if isinstance(value, list):
            value = ",".join("?" if v is None else str(v) for v in value)
        parts.append(f"{key}={value}")
    return " ".join(parts)


class _Table:
    """The core game in chance mode and each seat's view of the history.

    A pyspiel state keeps one of these as its only attribute: OpenSpiel clones a Python state by
    deep-copying its attributes and serializes it by pickling them, so both are defined here (a C++
    copy of the core; a replay of the recorded actions).

    A seat's view is public tokens (every player action, S12: all are public; one ``draw`` per chance
    node, whose card nobody sees) and the engine's events as redacted for the seat (S12: its own
    cards as dealt and drawn, the trump card, and ``?`` for every card it must not see).
    """

    __slots__ = ("actions", "config", "core", "hand", "terminal", "views")

    config: _Config
    core: _core.schnapsen.CoreGame
    hand: int
    actions: list[int]
    terminal: bool
    views: list[list[str]]

    @classmethod
    def new(cls, config: _Config) -> _Table:
        table = cls.__new__(cls)
        table.config = config
        # The seed is irrelevant in chance mode: chance nodes draw every card.
        table.core = _core.schnapsen.CoreGame(
            config.rules._core, 0, config.dealer, None, None, None, True, chance_deals=True
        )
        table.hand = 0
        table.actions = []
        table.terminal = False
        table.views = [[] for _ in range(config.rules.players)]
        table._add_events(0)
        return table

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        other = _Table.__new__(_Table)
        other.config = self.config
        other.core = self.core.clone()
        other.hand = self.hand
        other.actions = list(self.actions)
        other.terminal = self.terminal
        other.views = [list(view) for view in self.views]
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.config, list(self.actions)))

    def _add_events(self, start: int) -> None:
        for seat, view in enumerate(self.views):
            view.extend(_event_text(e) for e in self.core.event_dicts_for(seat, start))

    def apply(self, action: int) -> None:
        """Applies a chance or player action (IllegalActionError, naming the rule, if illegal)."""
        core = self.core
        if self.terminal:
            raise IllegalActionError(f"S8.6: the episode is over; {action} is refused")
        start = core.event_count()
        chance = core.is_chance_node
        seat = core.current_player
        core.apply_id(action)  # IllegalActionError names the rule and changes nothing (S9)
        self.actions.append(action)
        token = "draw" if chance else f"{seat} {_ACTION_TEXT[action]}"
        for view in self.views:
            view.append(token)
        self._add_events(start)
        if core.is_over or (self.config.episode == "hand" and core.hand_number != self.hand):
            self.terminal = True
        self.hand = core.hand_number


def _replay(config: _Config, actions: Sequence[int]) -> _Table:
    table = _Table.new(config)
    for action in actions:
        table.apply(action)
    return table


# -- text --------------------------------------------------------------------------------------------
def _observation_text(obs: npt.NDArray[np.float32], players: int) -> str:
    """The observation vector as text, block by block (OBSERVATION_LAYOUT): a card block lists its
    cards per slot (seats relative, +0 the observer; the slots of absent seats, always empty, are
    left out), any other block its nonzero entries."""
    parts = []
    for name, (offset, size) in OBSERVATION_LAYOUT.items():
        block = obs[offset : offset + size]
        if not block.any():
            continue
        if name in _CARD_BLOCKS:
            rows = block.reshape(-1, PACK_SIZE)
            rows = rows[:players] if len(rows) > 1 else rows
            text = " | ".join(
                f"+{q} " * (len(rows) > 1) + (" ".join(PACK[i] for i in np.flatnonzero(row)) or "-")
                for q, row in enumerate(rows)
            )
        else:
            text = " ".join(f"{i}={float(block[i]):g}" for i in np.flatnonzero(block))
        parts.append(f"{name} {text}")
    return "; ".join(parts)


def _to_act(table: _Table) -> str:
    """Who acts now, which everybody sees."""
    if table.terminal:
        return " | over"
    seat = table.core.current_player
    return " | chance" if seat == CHANCE_SEAT else f" | {seat} to act"


# -- the game ----------------------------------------------------------------------------------------
class SchnapsenGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The OpenSpiel game ``python_schnapsen``: made by ``pyspiel.load_game`` (or :func:`load_game`)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        config = _config_from(given)
        rules = config.rules
        info = game_info(
            NUM_ACTIONS,
            MAX_CHANCE_OUTCOMES,
            rules.players,
            max_utility(rules, config.episode),
            max_game_length(rules, config.episode),
        )
        super().__init__(_game_type(), info, {**DEFAULT_PARAMETERS, **given})
        self.config = config

    @property
    def rules(self) -> Rules:
        return self.config.rules

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling imports this module, which registers the game, and loads it from its string.
        return (_load_game_string, (str(self),))

    def new_initial_state(self, *args: Any) -> SchnapsenState:
        if args:
            raise ValueError(f"{GAME_NAME}: a state starts from the beginning; it takes no arguments")
        return SchnapsenState(self)

    def max_chance_nodes_in_history(self) -> int:
        return max_hands(self.rules, self.config.episode) * PACK_SIZE

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SchnapsenObserver:
        return SchnapsenObserver(self, iig_obs_type, params)


class SchnapsenState(TableState, pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state of ``python_schnapsen``: a ``bieten._core.schnapsen.CoreGame`` in chance mode."""

    GAME_NAME = GAME_NAME
    _table: _Table

    def __init__(self, game: SchnapsenGame) -> None:
        super().__init__(game)
        self._table = _Table.new(game.config)

    @property
    def core(self) -> _core.schnapsen.CoreGame:
        """The core game (every seat's cards: for logging and evaluation, not for agents)."""
        return self._table.core

    # -- the pyspiel API (current_player, legal actions, chance outcomes, apply, returns: TableState) --
    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < MAX_CHANCE_OUTCOMES:
                raise ValueError(
                    f"{GAME_NAME}: {action} is not a chance outcome (0 to {MAX_CHANCE_OUTCOMES - 1})"
                )
            return f"draw {PACK[action]}"
        return action_text(action)

    def __str__(self) -> str:
        core = self._table.core
        player = core.current_player
        who = (
            "game over" if player is None else "chance" if player == CHANCE_SEAT else f"seat {player} to act"
        )
        lines = [
            f"deal {core.hand_number}, dealer {core.dealer}, scores {' '.join(map(str, core.scores))}, "
            f"phase {core.phase}, {who}" + (" (episode over)" if self._table.terminal else "")
        ]
        for seat, mask in enumerate(core.hand_masks):
            lines.append(f"seat {seat}: {_core.CardSet.from_mask(mask) or '-'}")
        if core.trump is not None or core.contract is not None:
            lines.append(
                f"trump {core.trump or 'none'}, contract {core.contract or '-'}, declarer {core.declarer}"
                + (f", trump card {core.trump_card}, stock {core.stock_count}" if core.trump_card else "")
                + (" (closed)" if core.closed else "")
            )
        trick = core.trick()
        if trick:
            lines.append("trick: " + ", ".join(f"{s} {c}" for s, c in trick))
        return "\n".join(lines)


class SchnapsenObserver:
    """OpenSpiel's observer for ``python_schnapsen`` (``make_py_observer``).

    - Observation (``perfect_recall=False``, the default): the tensor is ``Game.observation(seat)``
      (what S12 lets the seat see) with its named blocks of ``OBSERVATION_LAYOUT`` in ``dict``; the
      string spells out the same vector.
    - Information state (``perfect_recall=True``): the string is everything the seat has seen, step
      by step: every player action, one ``draw`` per chance node, and the engine's events as
      redacted for the seat (S12). The game provides no information-state tensor.

    Only the observer's own private information with public information is supported
    (``private_info=SINGLE_PLAYER``, ``public_info=True``).
    """

    def __init__(
        self, game: SchnapsenGame, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        self._recall = check_observer_type(GAME_NAME, iig_obs_type, params)
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if self._recall:
            return
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        for name, (offset, size) in OBSERVATION_LAYOUT.items():
            block = self.tensor[offset : offset + size]
            cards = name in _CARD_BLOCKS and size > PACK_SIZE
            self.dict[name] = block.reshape(-1, PACK_SIZE) if cards else block

    def set_from(self, state: SchnapsenState, player: int) -> None:
        if self.tensor is None:
            raise ValueError(f"{GAME_NAME}: no information-state tensor (docs/openspiel.md)")
        self.tensor[:] = state._table.core.observation(player)

    def string_from(self, state: SchnapsenState, player: int) -> str:
        table = state._table
        if self._recall:
            return f"seat {player}: " + ", ".join(table.views[player]) + _to_act(table)
        return _observation_text(table.core.observation(player), table.config.rules.players)


def _load_game_string(text: str) -> SchnapsenGame:
    return pyspiel.load_game(text)  # type: ignore[no-any-return]


def load_game(preset: str = "bauernschnapsen", **params: Any) -> SchnapsenGame:
    """``pyspiel.load_game("python_schnapsen", ...)`` with Python values: switches may be ``bool``.

    >>> load_game("schnapsen", closing=False).rules.closing
    False
    """
    return pyspiel.load_game(  # type: ignore[no-any-return]
        GAME_NAME, {"preset": preset, **python_parameters(_KNOBS, params)}
    )


if GAME_NAME not in {game_type.short_name for game_type in pyspiel.registered_games()}:
    pyspiel.register_game(_game_type(), SchnapsenGame)
