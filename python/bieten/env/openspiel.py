"""Bieten as an OpenSpiel game, ``python_bieten`` (docs/openspiel.md).

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_bieten(preset=south_tyrol,players=3)")`` makes one like any other game.

>>> import pyspiel
>>> from bieten.env import openspiel as bos
>>> game = pyspiel.load_game("python_bieten(players=2,target=5)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 140, 35)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 33)
>>> bos.load_game("south_tyrol", players=3, cut_steal=True).get_parameters()["cut_steal"]
1

Every random event of a deal is an explicit chance node (``CoreGame(..., chance_deals=True)``):
chance ids 0…32 are the next card dealt, shown to the cutter (R3.7) or turned face up (R3.8),
uniform over the cards left; 33/34 say whether the cutter's lifted packet holds another card (R3.5,
R3.7). Player actions are the 140 ids of docs/actions.md, cut-steal decisions (``steal`` 138,
``leave`` 139) included. The returns are the final scores (general-sum: points are only ever won).

Needs OpenSpiel: ``pip install 'bieten[openspiel]'``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.openspiel needs OpenSpiel's pyspiel ({err}); install it with "
        "pip install 'bieten[openspiel]'"
    ) from err

from bieten import _core
from bieten._core import IllegalActionError
from bieten._game import NUM_ACTIONS, OBSERVATION_SIZE, action_text
from bieten._rules import Rules
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

__all__ = [
    "DEFAULT_PARAMETERS",
    "GAME_NAME",
    "HISTORY_SLOT_SIZE",
    "MAX_CHANCE_OUTCOMES",
    "OBS_BLOCKS",
    "BietenGame",
    "BietenObserver",
    "BietenState",
    "hand_action_bound",
    "hand_chance_bound",
    "load_game",
    "max_game_length",
    "max_hands",
    "max_utility",
]

#: The short name the game is registered under.
GAME_NAME = "python_bieten"
#: Chance ids: 0…32 a card (R1.4), 33 "the lifted packet holds another card", 34 "it does not".
MAX_CHANCE_OUTCOMES = 35
CHANCE_PACKET_MORE = 33
CHANCE_PACKET_END = 34

_KNOBS = Knobs(
    ints=("players", "hand_size", "target"),
    bools=("weli_point", "cut_steal", "show_top_card", "reraise"),
    strs=("wild", "ties", "overbid"),
)
#: OpenSpiel needs a concrete default for every parameter. A knob left at its sentinel (-1 for the
#: numbers and the switches, "" for the words) takes the preset's value (R10); anything else
#: overrides it. Switches are ints here (0 off, 1 on), so that "cut_steal=1" parses in a game string.
DEFAULT_PARAMETERS: dict[str, Any] = {
    "preset": "tyrol",
    "players": -1,
    "hand_size": -1,
    "target": -1,
    "wild": "",
    "weli_point": -1,
    "ties": "",
    "overbid": "",
    "cut_steal": -1,
    "show_top_card": -1,
    "reraise": -1,
    "episode": "game",
    "dealer": 0,
}

#: The named blocks of ``Game.observation`` (docs/observation.md): name, offset, shape.
OBS_BLOCKS: tuple[tuple[str, int, tuple[int, ...]], ...] = (
    ("own_unplayed", 0, (33,)),
    ("own_dealt", 33, (33,)),
    ("played", 66, (5, 33)),
    ("wilds_played", 231, (5, 3)),
    ("top_card", 246, (33,)),
    ("cutter_seen", 279, (33,)),
    ("led_suit", 312, (4,)),
    ("in_trick", 316, (5,)),
    ("leader", 321, (5,)),
    ("trick_index", 326, (4,)),
    ("dealer", 330, (5,)),
    ("phase", 335, (7,)),
    ("to_act", 342, (5,)),
    ("scores", 347, (5,)),
    ("secured", 352, (5,)),
    ("bids", 357, (5, 22)),
    ("bid_figure", 467, (5,)),
    ("failed", 472, (5, 4)),
    ("players", 492, (4,)),
    ("hand_size", 496, (2,)),
    ("trick_cards", 498, (5, 33)),
)
#: One step of the hand's history in the information-state tensor (``episode="hand"``): the
#: acting seat relative to the observer (5), chance (1), hidden chance outcome (1), the id (140).
HISTORY_SLOT_SIZE = 5 + 1 + 1 + NUM_ACTIONS

_CARD_TEXT: tuple[str, ...] = tuple(str(_core.Card.from_id(i)) for i in range(33))
_ACTION_TEXT: tuple[str, ...] = tuple(_core.action_texts())
_FIGURES = ("red", "green", "gleich", "hanger", "spiel")
_PHASES = ("steal", "turn", "after_play", "answer", "reraise", "raise_answer", "game_over")
_BID_STATES = ("unbid", "open", "conceded", "stands", "raised", "raise_conceded", "stands_three")
_SUITS = "HLSE"
_WILDS = ("S6", "S7", "E7")
_STEAL, _LEAVE = 138, 139
# R7.1: a figure is bid at most once a hand; R7.7: a bid pays at most 3, the Weli point 1 (R6.6).
_FIGURE_COUNT = 5
_MAX_CREDIT = 3
_MAX_STEAL = 3  # R3.7

# The kinds of step in a state's history.
_PLAYER, _DEAL, _SHOWN, _TOP, _PACKET = range(5)


# -- bounds ------------------------------------------------------------------------------------------
def hand_action_bound(rules: Rules) -> int:
    """An upper bound on the player actions (decisions) of one hand under ``rules``.

    - steals: the cutter steals at most min(3, hand_size) cards, and a ``leave`` ends the stealing,
      so at most 3 ``steal``/``leave`` actions (R3.7);
    - cards: each of the n players plays hand_size cards (R4.1);
    - ``pass``: at most one per card played — only after one's own card, and it ends the turn (R7.1);
    - bids: each of the 5 figures is bid at most once (R7.1). One bid is the opening, at most n - 1
      answers (until one holds or raises, R7.4), at most 2 re-raise decisions (bidder, then holder,
      R7.6, only with ``reraise``) and at most n - 1 answers to the single raise (three is the
      highest stake, R7.5): at most 2n + 1 actions (2n - 1 without re-raise).
    """
    n, h = rules.players, rules.hand_size
    steals = min(_MAX_STEAL, h) if rules.cut_steal else 0
    per_bid = 1 + (n - 1) + (2 if rules.reraise else 0) + (n - 1)
    return steals + n * h + n * h + _FIGURE_COUNT * per_bid


def hand_chance_bound(rules: Rules) -> int:
    """An upper bound on the chance nodes of one hand: the n * hand_size cards dealt or stolen, the
    card the cutter left (R3.7), the face-up card (R3.8), and one "another card?" node after every
    steal but the last possible one."""
    n, h = rules.players, rules.hand_size
    steal = min(_MAX_STEAL, h) if rules.cut_steal else 0
    return n * h + (1 if rules.cut_steal else 0) + (1 if rules.show_top_card else 0) + max(0, steal - 1)


def max_hands(rules: Rules, episode: str = "game") -> int:
    """The most hands an episode can last.

    Every hand awards at least one point — the Spiel, bid or not, always goes to somebody (the
    winner of the last trick, or a conceded bidder, R6.4, R7.7) — and no total ever decreases. A game
    still running after k hands has all totals <= target - 1, so k <= players * (target - 1): the
    game ends within players * (target - 1) + 1 hands (R8.2).
    """
    return 1 if episode == "hand" else rules.players * (rules.target - 1) + 1


def max_game_length(rules: Rules, episode: str = "game") -> int:
    """OpenSpiel's max_game_length: the most player decisions in an episode (chance nodes apart):
    ``max_hands * hand_action_bound``."""
    return max_hands(rules, episode) * hand_action_bound(rules)


def max_utility(rules: Rules, episode: str = "game") -> int:
    """The highest possible return (a final score).

    A game ends at the first credit that brings a seat to the target (R8.2); before it that seat had
    at most target - 1, and one credit is at most 3 (R7.7), so no score exceeds target + 2. One hand
    pays at most 3 per figure and the Weli point (R6.6, R7.7).
    """
    bound = rules.target - 1 + _MAX_CREDIT
    if episode == "hand":
        bound = min(bound, _FIGURE_COUNT * _MAX_CREDIT + (1 if rules.weli_point else 0))
    return bound


# -- parameters --------------------------------------------------------------------------------------
class _Config(NamedTuple):
    rules: Rules
    episode: str
    dealer: int


def _config_from(params: Mapping[str, Any]) -> _Config:
    values = check_parameters(GAME_NAME, params, DEFAULT_PARAMETERS)
    preset = values["preset"]
    if preset not in Rules.PRESETS:
        raise ValueError(f"R10: unknown preset {preset!r} (known: {', '.join(Rules.PRESETS)})")
    # RulesError (a ValueError) names the rule
    rules = Rules.preset(preset, **rules_overrides(values, _KNOBS, "R10"))
    episode = check_episode(GAME_NAME, values["episode"])
    dealer = check_dealer(values["dealer"], rules.players, "R2.2")
    return _Config(rules, episode, dealer)


def _game_type(information_state_tensor: bool) -> Any:
    return game_type(GAME_NAME, "Python Bieten", (2, 5), DEFAULT_PARAMETERS, information_state_tensor)


# -- the table: the core game and what each seat has seen -------------------------------------------
class _Table:
    """The core game in chance mode and each seat's view of the history.

    A pyspiel state keeps one of these as its only attribute: OpenSpiel clones a Python state by
    deep-copying its attributes and serializes it by pickling them, so both are defined here (a C++
    copy of the core; a replay of the recorded actions).
    """

    __slots__ = ("config", "core", "hand", "hand_core", "hand_start", "steps", "terminal", "views")

    config: _Config
    core: _core.CoreGame
    hand: int  # the current hand's number
    hand_core: _core.CoreGame  # a copy of the core when the current hand began (never changed)
    hand_start: int  # index in steps of the current hand's first step
    steps: list[tuple[int, int, int, int]]  # (actor seat or -1 for chance, id, owner seat, kind)
    terminal: bool
    views: list[list[str]]  # per seat: what he saw, step by step

    @classmethod
    def new(cls, config: _Config) -> _Table:
        table = cls.__new__(cls)
        table.config = config
        # The seed is irrelevant in chance mode; events are not needed (the views are built here).
        table.core = _core.CoreGame(
            config.rules._core, 0, config.dealer, None, None, False, chance_deals=True
        )
        table.hand = 0
        table.hand_core = table.core.clone()
        table.hand_start = 0
        table.steps = []
        table.terminal = False
        header = f"hand 0 dealer {config.dealer}"
        table.views = [[header] for _ in range(config.rules.players)]
        return table

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        other = _Table.__new__(_Table)
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
        return (_replay, (self.config, [step[1] for step in self.steps]))

    def _public(self, token: str) -> None:
        for view in self.views:
            view.append(token)

    def _private(self, owner: int, token: str, hidden: str) -> None:
        for seat, view in enumerate(self.views):
            view.append(token if seat == owner else hidden)

    def apply(self, action: int) -> None:
        """Applies a chance or player action (IllegalActionError, naming the rule, if illegal)."""
        core = self.core
        if self.terminal:
            raise IllegalActionError(f"R8.2: the episode is over; {action} is refused")
        if core.is_chance_node:
            if action >= CHANCE_PACKET_MORE:
                core.apply_id(action)
                self.steps.append((-1, action, -1, _PACKET))
                self._public("packet more" if action == CHANCE_PACKET_MORE else "packet end")
            else:
                before = core.hand_masks
                core.apply_id(action)
                after = core.hand_masks
                card = _CARD_TEXT[action]
                owner = next((s for s, (b, a) in enumerate(zip(before, after, strict=True)) if a != b), -1)
                if owner >= 0:  # R3.6: dealt to a seat, who alone sees it
                    self.steps.append((-1, action, owner, _DEAL))
                    self._private(owner, f"deal {owner} {card}", f"deal {owner} ?")
                elif core.top_card == card:  # R3.8: face up for everyone
                    self.steps.append((-1, action, -1, _TOP))
                    self._public(f"top {card}")
                else:  # R3.7: shown to the cutter alone, who now decides
                    cutter = int(core.current_player)  # type: ignore[arg-type]
                    self.steps.append((-1, action, cutter, _SHOWN))
                    self._private(cutter, f"cut {cutter} sees {card}", f"cut {cutter} sees ?")
        else:
            seat = int(core.current_player)  # type: ignore[arg-type]  # not over: not terminal
            core.apply_id(action)
            self.steps.append((seat, action, -1, _PLAYER))
            self._public(f"{seat} {_ACTION_TEXT[action]}")
        if core.is_over or core.hand_number != self.hand:
            self._public("scores " + " ".join(str(s) for s in core.scores))
            if core.is_over:
                self._public("game over")
                self.terminal = True
            elif self.config.episode == "hand":
                self.terminal = True
            else:
                self.hand = core.hand_number
                self.hand_start = len(self.steps)
                self.hand_core = core.clone()
                self._public(f"hand {self.hand} dealer {core.dealer}")

    def sees(self, seat: int, step: tuple[int, int, int, int]) -> bool:
        kind = step[3]
        return kind not in (_DEAL, _SHOWN) or step[2] == seat


def _replay(config: _Config, actions: Sequence[int]) -> _Table:
    table = _Table.new(config)
    for action in actions:
        table.apply(action)
    return table


def _physical(action: int) -> int:
    """The card a play id puts on the table (docs/actions.md): a wild's own card when named."""
    if action < 33:
        return action
    return (32, 23, 31)[(action - 33) // 32]


# -- text ------------------------------------------------------------------------------------------
def _cards_text(block: npt.NDArray[np.float32]) -> str:
    return " ".join(_CARD_TEXT[i] for i in np.flatnonzero(block)) or "-"


def _observation_text(obs: npt.NDArray[np.float32], rules: Rules) -> str:
    """The observation vector as text: it shows exactly what the vector holds (seats relative, +0 is
    the observer, +1 his left neighbour)."""
    b = {name: obs[off : off + int(np.prod(shape))].reshape(shape) for name, off, shape in OBS_BLOCKS}
    n = rules.players
    phase = np.flatnonzero(b["phase"])
    to_act = np.flatnonzero(b["to_act"])
    parts = [
        f"cards {_cards_text(b['own_unplayed'])} (dealt {_cards_text(b['own_dealt'])})",
        "phase "
        + (_PHASES[phase[0]] if len(phase) else "deal")
        + (f", +{to_act[0]} to act" if len(to_act) else ""),
        f"dealer +{int(np.argmax(b['dealer']))}",
        "scores " + " ".join(str(round(float(v) * rules.target)) for v in b["scores"][:n]),
    ]
    if b["top_card"].any():
        parts.append(f"top {_cards_text(b['top_card'])}")
    if b["cutter_seen"].any():
        parts.append(f"seen as cutter {_cards_text(b['cutter_seen'])}")
    trick = f"trick {int(np.argmax(b['trick_index']))}, leader +{int(np.argmax(b['leader']))}"
    led = np.flatnonzero(b["led_suit"])
    if len(led):
        trick += f", led {_SUITS[led[0]]}: " + " ".join(
            f"+{q} {_cards_text(b['trick_cards'][q])}" for q in np.flatnonzero(b["in_trick"])
        )
    parts.append(trick)
    for q in range(n):
        played = b["played"][q]
        if played.any():
            wilds = [_WILDS[w] for w in np.flatnonzero(b["wilds_played"][q])]
            failed = "".join(_SUITS[s] for s in np.flatnonzero(b["failed"][q]))
            parts.append(
                f"+{q} played {_cards_text(played)}"
                + (f" (wild {' '.join(wilds)})" if wilds else "")
                + (f" (failed {failed})" if failed else "")
            )
    secured = [round(float(v) * rules.target) for v in b["secured"][:n]]
    if any(secured):
        parts.append("secured " + " ".join(map(str, secured)))
    for f, name in enumerate(_FIGURES):
        block = b["bids"][f]
        state = int(np.argmax(block[:7]))
        if state:
            roles = [
                f"{role} +{int(np.argmax(block[lo : lo + 5]))}"
                for role, lo in (("bidder", 7), ("holder", 12), ("raiser", 17))
                if block[lo : lo + 5].any()
            ]
            parts.append(f"{name} {_BID_STATES[state]} " + " ".join(roles))
    bid = np.flatnonzero(b["bid_figure"])
    if len(bid):
        parts.append(f"answering {_FIGURES[bid[0]]}")
    return "; ".join(parts)


def _to_act(table: _Table) -> str:
    """Who acts now, which everybody sees."""
    if table.terminal:
        return " | over"
    seat = table.core.current_player
    return " | chance" if seat == _CHANCE_SEAT else f" | {seat} to act"


def _mask_text(mask: int) -> str:
    return str(_core.CardSet.from_mask(mask)) or "-"


# -- the game ----------------------------------------------------------------------------------------
class BietenGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The OpenSpiel game ``python_bieten``: made by ``pyspiel.load_game`` (or :func:`load_game`)."""

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
        super().__init__(_game_type(config.episode == "hand"), info, {**DEFAULT_PARAMETERS, **given})
        self.config = config
        #: Steps of the history encoded in the information-state tensor (``episode="hand"``).
        self.history_slots = hand_action_bound(rules) + hand_chance_bound(rules)

    @property
    def rules(self) -> Rules:
        return self.config.rules

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling imports this module, which registers the game, and loads it from its string.
        return (_load_game_string, (str(self),))

    def new_initial_state(self, *args: Any) -> BietenState:
        if args:
            raise ValueError(f"{GAME_NAME}: a state starts from the beginning; it takes no arguments")
        return BietenState(self)

    def max_chance_nodes_in_history(self) -> int:
        return max_hands(self.rules, self.config.episode) * hand_chance_bound(self.rules)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> BietenObserver:
        return BietenObserver(self, iig_obs_type, params)


class BietenState(TableState, pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state of ``python_bieten``: a :class:`bieten._core.CoreGame` in chance mode."""

    GAME_NAME = GAME_NAME
    _table: _Table

    def __init__(self, game: BietenGame) -> None:
        super().__init__(game)
        self._table = _Table.new(game.config)

    @property
    def core(self) -> _core.CoreGame:
        """The core game (every seat's cards: for logging and evaluation, not for agents)."""
        return self._table.core

    # -- the pyspiel API (current_player, legal actions, chance outcomes, apply, returns: TableState) --
    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if action == CHANCE_PACKET_MORE:
                return "packet more"
            if action == CHANCE_PACKET_END:
                return "packet end"
            if not 0 <= action < CHANCE_PACKET_MORE:
                raise ValueError(
                    f"{GAME_NAME}: {action} is not a chance outcome (0 to {MAX_CHANCE_OUTCOMES - 1})"
                )
            return f"deal {_CARD_TEXT[action]}"
        return action_text(action)

    def __str__(self) -> str:
        core = self._table.core
        player = core.current_player
        who = (
            "game over" if player is None else "chance" if player == _CHANCE_SEAT else f"seat {player} to act"
        )
        lines = [
            f"hand {core.hand_number}, dealer {core.dealer}, scores {' '.join(map(str, core.scores))}, "
            f"phase {core.phase}, {who}" + (" (episode over)" if self._table.terminal else "")
        ]
        for seat, (dealt, unplayed) in enumerate(zip(core.hand_masks, core.unplayed_masks, strict=True)):
            lines.append(f"seat {seat}: dealt {_mask_text(dealt)}, unplayed {_mask_text(unplayed)}")
        if core.top_card is not None:
            lines.append(f"top {core.top_card}")
        trick = core.trick()
        if trick:
            lines.append(
                "trick: " + ", ".join(f"{s} {c}" + (f" as {named}" if named else "") for s, c, named in trick)
            )
        for figure, bid in core.bids().items():
            if bid["state"] != "unbid":
                roles = " ".join(
                    f"{r} {bid[r]}" for r in ("bidder", "holder", "raiser") if bid[r] is not None
                )
                lines.append(f"{figure}: {bid['state']} {roles}")
        return "\n".join(lines)

    # -- ISMCTS ----------------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BietenState:
        """A state that ``player_id`` cannot tell from this one (same information state string),
        drawn by determinization: the hidden cards of the current hand are dealt anew — every other
        seat keeps the cards it has played — and the draw is kept once the hand's actions replay
        legally (rejection sampling; after many refusals, a copy of this very state).

        Earlier hands are kept as they were: everything of them is public except the order of the
        cards within a seat's packets and the card a cutter left, none of which changes the future.
        """
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else None
        rng = random.Random(seed)
        table = self._table
        actions = self._resampled_hand(player_id, rng)
        if actions is None:
            return self.clone()  # type: ignore[no-any-return]
        state = self.get_game().new_initial_state()
        for step in table.steps[: table.hand_start]:
            state.apply_action(step[1])
        for action in actions:
            state.apply_action(action)
        return state  # type: ignore[no-any-return]

    def _resampled_hand(self, player: int, rng: random.Random, attempts: int = 2000) -> list[int] | None:
        table = self._table
        steps = table.steps[table.hand_start :]
        n = table.config.rules.players
        slots: list[list[int]] = [[] for _ in range(n)]  # hidden steps holding seat q's cards
        free: list[int] = []  # hidden cards that are in nobody's hand: a card left, or being shown
        played: list[set[int]] = [set() for _ in range(n)]
        known: set[int] = set()
        for i, (actor, action, owner, kind) in enumerate(steps):
            if kind == _PLAYER:
                if action <= 128:
                    card = _physical(action)
                    played[actor].add(card)
                    known.add(card)
            elif kind in (_DEAL, _SHOWN) and owner != player:
                stolen = i + 1 < len(steps) and steps[i + 1][1] == _STEAL
                if kind == _DEAL or stolen:
                    slots[owner].append(i)
                else:
                    free.append(i)
            elif kind != _PACKET:
                known.add(action)
        if not any(slots) and not free:
            return None
        pool = [c for c in range(33) if c not in known]
        original = [step[1] for step in steps]
        for _ in range(attempts):
            rng.shuffle(pool)
            drawn = iter(pool)
            actions = list(original)
            for q in range(n):
                if not slots[q]:
                    continue
                cards = list(played[q]) + [next(drawn) for _ in range(len(slots[q]) - len(played[q]))]
                rng.shuffle(cards)
                for i, card in zip(slots[q], cards, strict=True):
                    actions[i] = card
            for i in free:
                actions[i] = next(drawn)
            if _replays(table.hand_core, steps, actions, table.core.current_player):
                return actions
        return None


def _replays(
    start: _core.CoreGame,
    steps: Sequence[tuple[int, int, int, int]],
    actions: Sequence[int],
    last: int | None,
) -> bool:
    """Whether ``actions`` replay legally from ``start``, each by the seat that took the recorded
    one, and leave ``last`` to act (who acts is public: a seat that could open no bid, for one, has
    no turn after its card, R7.1)."""
    core = start.clone()
    try:
        for step, action in zip(steps, actions, strict=True):
            if core.current_player != (step[0] if step[0] >= 0 else _CHANCE_SEAT):
                return False
            core.apply_id(action)
    except IllegalActionError:
        return False
    return core.current_player == last


_CHANCE_SEAT = CHANCE_SEAT  # CoreGame.current_player at a chance node (kChancePlayer)


class BietenObserver:
    """OpenSpiel's observer for ``python_bieten`` (``make_py_observer``).

    - Observation (``perfect_recall=False``, the default): the tensor is ``Game.observation(seat)``
      (docs/observation.md) with its named blocks in ``dict``; the string spells out the same
      vector.
    - Information state (``perfect_recall=True``): the string is everything the seat has seen, step
      by step — every player action, his own cards as they were dealt, what he saw as cutter, the
      face-up card, and a ``?`` for every card dealt to, or shown to, someone else. The tensor exists
      with ``episode="hand"`` only: the observation followed by the hand's history, one
      ``HISTORY_SLOT_SIZE`` slot per step. A whole game's history has no useful fixed-size encoding,
      so with ``episode="game"`` the game does not provide an information-state tensor.

    Only the observer's own private information with public information is supported
    (``private_info=SINGLE_PLAYER``, ``public_info=True``).
    """

    def __init__(
        self, game: BietenGame, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        self._recall = check_observer_type(GAME_NAME, iig_obs_type, params)
        self._rules = game.rules
        self._slots = game.history_slots if self._recall and game.config.episode == "hand" else 0
        self.tensor: npt.NDArray[np.float32] | None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if self._recall and not self._slots:
            self.tensor = None
            return
        self.tensor = np.zeros(OBSERVATION_SIZE + self._slots * HISTORY_SLOT_SIZE, np.float32)
        for name, offset, shape in OBS_BLOCKS:
            self.dict[name] = self.tensor[offset : offset + int(np.prod(shape))].reshape(shape)
        if self._slots:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:].reshape(self._slots, HISTORY_SLOT_SIZE)

    def set_from(self, state: BietenState, player: int) -> None:
        if self.tensor is None:
            raise ValueError(
                f"{GAME_NAME}: no information-state tensor with episode='game' (docs/openspiel.md)"
            )
        table = state._table
        self.tensor.fill(0.0)
        self.tensor[:OBSERVATION_SIZE] = table.core.observation(player)
        if not self._slots:
            return
        history = self.dict["history"]
        n = self._rules.players
        if len(table.steps) > self._slots:  # pragma: no cover - hand_*_bound would be wrong
            raise RuntimeError(f"{GAME_NAME}: {len(table.steps)} steps exceed the bound {self._slots}")
        for i, step in enumerate(table.steps):
            actor, action = step[0], step[1]
            slot = history[i]
            if actor >= 0:
                slot[(actor - player) % n] = 1.0
                slot[7 + action] = 1.0
            else:
                slot[5] = 1.0
                if table.sees(player, step):
                    slot[7 + action] = 1.0
                else:
                    slot[6] = 1.0

    def string_from(self, state: BietenState, player: int) -> str:
        table = state._table
        if self._recall:
            return f"seat {player}: " + ", ".join(table.views[player]) + _to_act(table)
        return _observation_text(table.core.observation(player), self._rules)


def _load_game_string(text: str) -> BietenGame:
    return pyspiel.load_game(text)  # type: ignore[no-any-return]


def load_game(preset: str = "tyrol", **params: Any) -> BietenGame:
    """``pyspiel.load_game("python_bieten", ...)`` with Python values: switches may be ``bool``.

    >>> load_game("welibieten", players=2, reraise=False).rules.reraise
    False
    """
    return pyspiel.load_game(GAME_NAME, {"preset": preset, **python_parameters(_KNOBS, params)})  # type: ignore[no-any-return]


if GAME_NAME not in {game_type.short_name for game_type in pyspiel.registered_games()}:
    pyspiel.register_game(_game_type(False), BietenGame)
