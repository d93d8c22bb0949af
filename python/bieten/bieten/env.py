"""Bieten (rules R1..R11) as the environments see it: the family ``BIETEN`` with its bounds, texts
and views of the history; needs no framework (docs/pettingzoo.md, docs/openspiel.md).

>>> from bieten import Rules
>>> BIETEN.spiel_name, BIETEN.num_actions, BIETEN.max_chance_outcomes
('python_bieten', 140, 35)
>>> [hand_action_bound(Rules.preset(p)) for p in Rules.PRESETS]
[69, 69, 69, 69, 72]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from bieten import _core
from bieten._core import IllegalActionError
from bieten._event import Event
from bieten.bieten._game import NUM_ACTIONS, OBSERVATION_SIZE, Game, action_text
from bieten.bieten._rules import Rules
from bieten.env._family import CHANCE_SEAT, PUBLIC, Block, Family, Knobs, Step, Table, spiel_parameters

__all__ = [
    "BIETEN",
    "CHANCE_PACKET_END",
    "CHANCE_PACKET_MORE",
    "HISTORY_SLOT_SIZE",
    "MAX_CHANCE_OUTCOMES",
    "OBS_BLOCKS",
    "OBS_SCORES",
    "OBS_SECURED",
    "hand_action_bound",
    "hand_chance_bound",
    "max_game_length",
    "max_hands",
    "max_utility",
    "observation_high",
]

#: Chance ids: 0…32 a card (R1.4), 33 "the lifted packet holds another card", 34 "it does not".
MAX_CHANCE_OUTCOMES = 35
CHANCE_PACKET_MORE = 33
CHANCE_PACKET_END = 34

#: The named blocks of ``Game.observation`` (docs/observation.md): name, offset, shape.
OBS_BLOCKS: tuple[Block, ...] = (
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
#: Offset of the ``scores`` block of the observation (docs/observation.md): totals / target.
OBS_SCORES = 347
#: Offset of the ``secured`` block: points secured this hand by conceded bids and raises / target.
OBS_SECURED = 352
# R7.7: a conceded bid secures 1 for its bidder, a conceded raise 2 for its raiser; each of the five
# figures is bid at most once a hand (R7.1), so one seat secures at most 10 points in a hand.
_MAX_SECURED = 10

_CARD_TEXT: tuple[str, ...] = tuple(str(_core.Card.from_id(i)) for i in range(33))
_ACTION_TEXT: tuple[str, ...] = tuple(_core.action_texts())
_FIGURES = ("red", "green", "gleich", "hanger", "spiel")
_PHASES = ("steal", "turn", "after_play", "answer", "reraise", "raise_answer", "game_over")
_BID_STATES = ("unbid", "open", "conceded", "stands", "raised", "raise_conceded", "stands_three")
_SUITS = "HLSE"
_WILDS = ("S6", "S7", "E7")
_STEAL = 138
# R7.1: a figure is bid at most once a hand; R7.7: a bid pays at most 3, the Weli point 1 (R6.6).
_FIGURE_COUNT = 5
_MAX_CREDIT = 3
_MAX_STEAL = 3  # R3.7

# The kinds of step in a table's history.
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


def observation_high(rules: Rules) -> npt.NDArray[np.float32]:
    """The upper bound of each observation entry under ``rules``.

    Every entry is 0 or 1, except the ``scores`` block (a total / target, up to (target + 2) / target
    for the winner) and the ``secured`` block (up to 10 / target, which exceeds 1 for small targets
    with ``overbid="none"``). The bounds are computed in float32 exactly as the core divides, so
    every observation lies inside them.
    """
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    target = np.float32(rules.target)
    high[OBS_SCORES : OBS_SCORES + 5] = max(
        np.float32(1), np.float32(rules.target + _MAX_CREDIT - 1) / target
    )
    high[OBS_SECURED : OBS_SECURED + 5] = max(np.float32(1), np.float32(_MAX_SECURED) / target)
    return high


# -- the views of an OpenSpiel table -----------------------------------------------------------------
def _record(table: Table, action: int) -> Step:
    """Applies ``action`` to the table's core and writes what each seat sees of it."""
    core = table.core
    if not core.is_chance_node:
        seat = int(core.current_player)  # not over: the table is not terminal
        core.apply_id(action)
        table.public(f"{seat} {_ACTION_TEXT[action]}")
        return Step(seat, action, PUBLIC, _PLAYER)
    if action >= CHANCE_PACKET_MORE:
        core.apply_id(action)
        table.public("packet more" if action == CHANCE_PACKET_MORE else "packet end")
        return Step(-1, action, PUBLIC, _PACKET)
    before = core.hand_masks
    core.apply_id(action)
    after = core.hand_masks
    card = _CARD_TEXT[action]
    owner = next((s for s, (b, a) in enumerate(zip(before, after, strict=True)) if a != b), -1)
    if owner >= 0:  # R3.6: dealt to a seat, who alone sees it
        table.private(owner, f"deal {owner} {card}", f"deal {owner} ?")
        return Step(-1, action, owner, _DEAL)
    if core.top_card == card:  # R3.8: face up for everyone
        table.public(f"top {card}")
        return Step(-1, action, PUBLIC, _TOP)
    cutter = int(core.current_player)  # R3.7: shown to the cutter alone, who now decides
    table.private(cutter, f"cut {cutter} sees {card}", f"cut {cutter} sees ?")
    return Step(-1, action, cutter, _SHOWN)


def _physical(action: int) -> int:
    """The card a play id puts on the table (docs/actions.md): a wild's own card when named."""
    if action < 33:
        return action
    return (32, 23, 31)[(action - 33) // 32]


def _resampled_hand(table: Table, player: int, rng: random.Random, attempts: int = 2000) -> list[int] | None:
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
            stolen = i + 1 < len(steps) and steps[i + 1].action == _STEAL
            if kind == _DEAL or stolen:
                slots[owner].append(i)
            else:
                free.append(i)
        elif kind != _PACKET:
            known.add(action)
    if not any(slots) and not free:
        return None
    pool = [c for c in range(33) if c not in known]
    original = [step.action for step in steps]
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
    steps: Sequence[Step],
    actions: Sequence[int],
    last: int | None,
) -> bool:
    """Whether ``actions`` replay legally from ``start``, each by the seat that took the recorded
    one, and leave ``last`` to act (who acts is public: a seat that could open no bid, for one, has
    no turn after its card, R7.1)."""
    core = start.clone()
    try:
        for step, action in zip(steps, actions, strict=True):
            if core.current_player != (step.actor if step.actor >= 0 else CHANCE_SEAT):
                return False
            core.apply_id(action)
    except IllegalActionError:
        return False
    return bool(core.current_player == last)


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


def _mask_text(mask: int) -> str:
    return str(_core.CardSet.from_mask(mask)) or "-"


def _credit_text(event: Event, names: list[str]) -> str:
    """One credit of R8.1 for the render: paid (``figure_credited``) or void (``credit_void``:
    a tie R6.5, nobody holds it R7.7/R6.6, or the game was already won R8.2)."""
    if event.type == "figure_credited":
        return f"{names[event['seat']]} +{event['points']} {event['figure']} ({event['reason']})"
    return f"{event['figure']} void ({event['reason']})"


def render(env: Any) -> str:
    """The PettingZoo env's table as text: the hand shown, scores, face-up card, plays, trick, bids,
    the last action, a hand just scored and who is to act."""
    game: Game = env.game
    names = env.possible_agents
    rules = env.rules
    # After the last card the engine scores the hand and deals the next one at once; when that
    # ended the episode, show the hand that was played rather than the fresh deal.
    shown = env._scored_hand if env._done and env._scored_hand is not None else game.hand_number
    events = []
    for event in reversed(game.events):
        if event.hand < shown:
            break
        if event.hand == shown:
            events.append(event)
    events.reverse()

    dealer = game.dealer
    top_card = None
    played: list[list[str]] = [[] for _ in names]
    bids: dict[str, str] = {}
    credits: list[str] = []
    for event in events:
        kind = event.type
        if kind == "hand_dealt":
            dealer = event["dealer"]
        elif kind == "top_card_shown":
            top_card = event["card"]
        elif kind == "card_played":
            named = event.get("as")
            played[event["seat"]].append(event["card"] + (f" as {named}" if named else ""))
        elif kind == "bid_opened":
            bids[event["figure"]] = f"bid by {names[event['seat']]}"
        elif kind == "answered" and event["answer"] in ("hold", "three"):
            bids[event["figure"]] += f", {event['answer']} by {names[event['seat']]}"
        elif kind == "bid_settled":
            bids[event["figure"]] += f": {event['outcome']} at {event['stake']}"
        elif kind in ("figure_credited", "credit_void"):
            credits.append(_credit_text(event, names))

    label = env._preset_name or "custom rules"
    lines = [
        f"Bieten ({label}, {rules.players} players, target {rules.target}): "
        f"hand {shown}, dealer {names[dealer]}"
    ]
    secured = game.secured if shown == game.hand_number else [0] * rules.players
    lines.append(
        "Scores: "
        + ", ".join(
            f"{name} {score}" + (f" (+{sec} secured)" if sec else "")
            for name, score, sec in zip(names, game.scores, secured, strict=True)
        )
    )
    if top_card:
        lines.append(f"Face-up card: {top_card}")
    current = None if env._done else game.current_player
    lines.append("Played:")
    for seat, name in enumerate(names):
        marker = "  <- to act" if seat == current else ""
        lines.append(f"  {name}: {', '.join(played[seat]) or '-'}{marker}")
    trick = game.trick() if shown == game.hand_number else []
    if trick:
        shown_trick = ", ".join(f"{names[s]} {c}" + (f" as {n}" if n else "") for s, c, n in trick)
        lines.append(f"Trick {game.trick_index + 1}: {shown_trick}")
    lines.append("Bids: " + ("; ".join(f"{f} {text}" for f, text in bids.items()) if bids else "none"))

    if env._last_action is not None:
        who, action_id = env._last_action
        lines.append(f"Last action: {who} {action_text(action_id)}")
    if env._scored_hand is not None:
        if shown != env._scored_hand:  # the scored hand's credits, now that the next is dealt
            credits = [
                _credit_text(e, names)
                for e in game.events
                if e.hand == env._scored_hand and e.type in ("figure_credited", "credit_void")
            ]
        lines.append(f"Hand {env._scored_hand} scored: {', '.join(credits) or 'nothing'}")
    lines += BIETEN.status_lines(env, current)
    return "\n".join(lines)


class _Bieten(Family):
    name = "bieten"
    global_name = "BIETEN"
    rules_class = Rules
    rules_label = "bieten.Rules"
    game_class = Game
    default_preset = "tyrol"
    vector_games = ("bieten",)
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE
    min_players, max_players = 2, 5
    rule_seats = "R2.1"
    rule_dealer = "R2.2"
    rule_illegal = "R9"
    rule_actions = "R11"
    rule_presets = "R10"
    rule_over = "R8.2"
    actions_doc = "docs/actions.md"
    aec_name = "bieten_v0"
    spiel_name = "python_bieten"
    spiel_long_name = "Python Bieten"
    knobs = Knobs(
        ints=("players", "hand_size", "target"),
        bools=("weli_point", "cut_steal", "show_top_card", "reraise"),
        strs=("wild", "ties", "overbid"),
    )
    default_parameters = spiel_parameters(default_preset, knobs)
    max_chance_outcomes = MAX_CHANCE_OUTCOMES
    obs_blocks = OBS_BLOCKS
    hand_word = "hand"
    history_tensor = True
    legacy_modules = {"_bieten": "environment"}  # noqa: RUF012

    observation_high = staticmethod(observation_high)
    render = staticmethod(render)
    max_utility = staticmethod(max_utility)
    max_game_length = staticmethod(max_game_length)

    def default_rules(self, game: str) -> Rules:
        return Rules()

    def winners_text(self, game: Any, names: list[str]) -> str:
        winner = game.winner
        return f"{'nobody' if winner is None else names[winner]} wins"

    def holding(self, game: Any, seat: int) -> list[str]:
        return list(game.unplayed[seat])

    def max_chance_nodes(self, rules: Any, episode: str = "game") -> int:
        return max_hands(rules, episode) * hand_chance_bound(rules)

    def history_slots(self, rules: Any) -> int:
        return hand_action_bound(rules) + hand_chance_bound(rules)

    def new_core(self, rules: Any, dealer: int) -> Any:
        # The seed is irrelevant in chance mode; events are not needed (the views are built here).
        return _core.CoreGame(rules._core, 0, dealer, None, None, False, chance_deals=True)

    def open_views(self, table: Table) -> None:
        table.public(f"hand 0 dealer {table.config.dealer}")

    def record(self, table: Table, action: int) -> Step:
        return _record(table, action)

    def end_views(self, table: Table) -> None:
        core = table.core
        table.public("scores " + " ".join(str(s) for s in core.scores))
        if core.is_over:
            table.public("game over")
        elif not table.terminal:
            table.public(f"hand {core.hand_number} dealer {core.dealer}")

    def chance_text(self, action: int) -> str:
        if action == CHANCE_PACKET_MORE:
            return "packet more"
        if action == CHANCE_PACKET_END:
            return "packet end"
        return f"deal {_CARD_TEXT[action]}"

    def action_text(self, action: int) -> str:
        return action_text(action)

    def state_lines(self, core: Any) -> list[str]:
        lines = []
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
        return lines

    def observation_text(self, obs: npt.NDArray[np.float32], rules: Any) -> str:
        return _observation_text(obs, rules)

    def resample(self, table: Table, player: int, rng: Any) -> list[int] | None:
        """The hidden cards of the current hand dealt anew (every other seat keeps the cards it has
        played), kept once the hand's actions replay legally (rejection sampling; None after many
        refusals). Earlier hands are kept as they were: everything of them is public except the
        order of the cards within a seat's packets and the card a cutter left, none of which
        changes the future."""
        return _resampled_hand(table, player, rng)


#: Bieten as the environments see it.
BIETEN = _Bieten()
