"""Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md S1-S12), as an independent pure-Python reference.

Written only from docs/rules/schnapsen.md, the Schnapsen section of CONFORMANCE.md and the readings of
docs/schnapsen.md, to be compared action by action with the C++ engine (`bieten.schnapsen`).
Clarity over speed: every legal-action list is recomputed from scratch, and an action is refused
by checking it against that list, so an illegal action never changes the state (S9).

The generator, the mixing function and Lemire's bounded integers are those of the Bieten
reference (`.deal`, R3.1-R3.3, which S3.1 reuses); the card ids and texts are those of `.cards`
(S1.1: the same cards as in Bieten).

Readings this reference makes where docs/rules/schnapsen.md and docs/schnapsen.md leave room
==================================================================================

D1. Before the cutter's `cut`/`knock` (S3.3) nothing is dealt: every hand is empty and `trump`,
    `contract` and `declarer` are None (with two players too: S5.3 "from the moment the cards
    are dealt").
D2. Four players with `bidding` off: the contract becomes `normal`, with forehand as declarer,
    when the deal is complete (after the trump choice and the second packet, where S5.2 would
    start the bidding), not before.
D3. `hands` during forehand's trump choice (S4.1): after a cut, and with a given deal (S3.7 "as
    after a cut"), only the first packets (three cards each) are in hand; after a knock all five
    (docs: all five are dealt before forehand chooses).
D4. `deal(..., knock=True)` deals five at a time whatever the `knock` knob says: it is the
    dealing procedure of S3.3-S3.5, not a game.
D5. A deal that ends at the end of a trick (a contract won or lost, S5.1; an automatic claim,
    S7.2; the last trick, S7.3) ends before the drawing of S6.4: nobody draws after the deal has
    ended. This is visible only in `hands` and `stock_count` once the game is over.
D6. Once the game is over, `hands`, `trump`, `contract`, `declarer`, `hand_number` and `dealer`
    stay as they were at the end of the last deal; `current_player` is None, no action is legal
    and `apply` raises "S8.6".
D7. S8.2 "the other side scores 2, or 3 if it has no trick": "it" is the scoring (other) side,
    judged when the claim is made.
D8. S8.3 "The opponent's wrong claim is scored by S8.2": the closer scores 2, or 3 if he has no
    trick at the moment of that claim (S8.2 judges the present, not the moment of closing).
D9. S7.2 automatic claims judge only the side of the trick's winner, at the end of every trick
    (the first included); a side that reaches 66 by a marriage credited when it is melded waits
    for the end of a trick it wins. A marriage waiting for the winner's first trick is credited
    by that trick before the 66 is judged (S6.6 "when it wins its first trick").
D10. With explicit claims a side with 66 or more that does not claim plays on; at the last trick
    S7.3 judges only the side that won it.
D11. S8.5 doubles every score of the deal, the 1 point of the last trick (S7.3) included.
D12. Every seat of the side that scores adds the whole score (S2.4): in called mode the three
    defenders of a declarer playing alone each add it.
D13. `exchange` (S6.5) and `close` (S6.7) are allowed before the first card of a deal, like a
    `meld` (docs). The exchange keeps `stock_count`; the Unter is then the last card drawn.
D14. S7.3 after a close: the closer's opponent winning the last trick, with or without 66, is
    "any other last trick" (the opponent scores 2, or 3 by S8.3).
D15. `ply` counts every action applied in the game; `trick_index` is the number of tricks
    completed in the current deal; `stock_count` counts the face-down cards and the trump card
    (or the exchanged Unter) still in the stock (docs), 0 with four players.
D16. A given first deal (CONFORMANCE) is a dict with "hands" (n lists of five card texts in dealt
    order) and, with two players, "trump_card" and "stock" (nine cards, top first); with four
    players those two may be left out or be None and []. Card texts parse case-insensitively.
D17. `winners` lists seats in ascending order, like `bummerl`.

Order of legal_actions(): ascending action id of docs/schnapsen.md (the order of S11).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from .cards import SUITS, card_text, parse_card
from .deal import GAMMA, MASK64, SplitMix64, mix64

# ----------------------------------------------------------------------------- S1 cards

ACE, KING, OBER, UNTER, TEN = 0, 1, 2, 3, 4  # rank indices of R1.2 / S1.1
PACK: tuple[int, ...] = tuple(8 * suit + rank for suit in range(4) for rank in range(5))  # S1.3
CARD_POINTS = {ACE: 11, TEN: 10, KING: 4, OBER: 3, UNTER: 2}  # S1.2
STRENGTH = {ACE: 5, TEN: 4, KING: 3, OBER: 2, UNTER: 1}  # S1.2: A, 10, K, O, U, high to low
SUIT_NAMES = ("Hearts", "Leaves", "Bells", "Acorns")
WIN = 66  # S7, S5.1


def suit(card: int) -> int:
    return card // 8


def rank(card: int) -> int:
    return card % 8


def points(card: int) -> int:
    """S1.2: the card points of one card."""
    return CARD_POINTS[rank(card)]


def card_index(card: int) -> int:
    """docs/schnapsen.md: the index 5 * suit + rank of a card (0..19)."""
    return 5 * suit(card) + rank(card)


def parse_pack_card(text: str) -> int:
    """Card text to id; S1.1 refuses a card outside the pack, S11 refuses text that is no card."""
    try:
        card = parse_card(text)
    except ValueError:
        raise ValueError(f"S11: not a card: {text!r}") from None
    if card not in PACK:
        raise ValueError(f"S1.1: {card_text(card)} is not in the Schnapsen pack")
    return card


# ----------------------------------------------------------------------------- S10 rules

KNOBS = (
    "players",
    "partners",
    "knock",
    "bidding",
    "spritze",
    "retour",
    "claim",
    "must_head",
    "closing",
    "one_point_from",
    "target",
)
BOOL_KNOBS = ("knock", "bidding", "spritze", "retour", "closing")
INT_KNOBS = ("players", "one_point_from", "target")
CHOICES: dict[str, tuple[str, ...]] = {
    "partners": ("fixed", "called"),
    "claim": ("explicit", "automatic"),
    "must_head": ("never", "contracts", "always"),
}


def _preset(
    players: int,
    partners: str,
    knock: bool,
    bidding: bool,
    spritze: bool,
    must_head: str,
    closing: bool,
    one_point_from: int,
    target: int,
) -> dict[str, Any]:
    return {
        "players": players,
        "partners": partners,
        "knock": knock,
        "bidding": bidding,
        "spritze": spritze,
        "retour": False,
        "claim": "explicit",
        "must_head": must_head,
        "closing": closing,
        "one_point_from": one_point_from,
        "target": target,
    }


# S10, the table row by row ("-" in docs/rules/schnapsen.md is fixed, off or "fixed").
PRESETS: dict[str, dict[str, Any]] = {
    "bauernschnapsen": _preset(4, "fixed", True, True, True, "never", False, 34, 21),
    "bauernschnapsen_called": _preset(4, "called", True, True, True, "never", False, 34, 21),
    "bauernschnapsen_2": _preset(2, "fixed", True, False, False, "never", False, 34, 21),
    "schnapsen": _preset(2, "fixed", False, False, False, "always", True, 33, 7),
}


def make_rules(preset: str | None = None, **knobs: Any) -> dict[str, Any]:
    """S10: `Rules(**knobs)` (preset None) or `Rules.preset(name, **knobs)` as a checked dict.

    Without a preset the knobs start from `bauernschnapsen`, or from `bauernschnapsen_2` when
    `players=2` is given.
    """
    if preset is None:
        preset = "bauernschnapsen_2" if knobs.get("players") == 2 else "bauernschnapsen"
    if preset not in PRESETS:
        raise ValueError(f"S10: unknown preset {preset!r}")
    rules = dict(PRESETS[preset])
    for knob, value in knobs.items():
        if knob not in KNOBS:
            raise ValueError(f"S10: unknown knob {knob!r}")
        rules[knob] = value
    check_rules(rules)
    return rules


def check_rules(rules: object) -> None:
    """Raise ValueError (citing S10) unless `rules` is a valid rules dict."""
    if not isinstance(rules, dict):
        raise ValueError(f"S10: rules must be a dict, not {type(rules).__name__}")
    for knob in rules:
        if knob not in KNOBS:
            raise ValueError(f"S10: unknown knob {knob!r}")
    for knob in KNOBS:
        if knob not in rules:
            raise ValueError(f"S10: missing knob {knob!r}")
    for knob in BOOL_KNOBS:
        if not isinstance(rules[knob], bool):
            raise ValueError(f"S10: {knob} must be a bool, not {rules[knob]!r}")
    for knob in INT_KNOBS:
        value = rules[knob]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"S10: {knob} must be an int, not {value!r}")
    for knob, choices in CHOICES.items():
        if not isinstance(rules[knob], str) or rules[knob] not in choices:
            raise ValueError(f"S10: {knob} must be one of {', '.join(choices)}, not {rules[knob]!r}")
    if rules["players"] not in (2, 4):
        raise ValueError(f"S10: players must be 2 or 4, not {rules['players']}")
    if rules["target"] < 1:
        raise ValueError(f"S10: target must be at least 1, not {rules['target']}")
    if rules["one_point_from"] not in (33, 34):
        raise ValueError(f"S10: one_point_from must be 33 or 34, not {rules['one_point_from']}")
    if rules["players"] == 2:
        if rules["partners"] != "fixed":
            raise ValueError("S10: with 2 players partners must be 'fixed'")
        for knob in ("bidding", "spritze", "retour"):
            if rules[knob]:
                raise ValueError(f"S10: with 2 players {knob} must be off")
    elif rules["closing"]:
        raise ValueError("S10: with 4 players closing must be off")
    if rules["retour"] and not rules["spritze"]:
        raise ValueError("S10: retour needs spritze")


# ----------------------------------------------------------------------------- S3 the deal


def _check_seed(seed: object) -> int:
    """S3.1 (as R3.2): a seed is an int 0 <= seed < 2**64."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MASK64:
        raise ValueError(f"S3.1: a seed must be an integer 0 <= seed < 2**64, not {seed!r}")
    return seed


def _check_seat(value: object, players: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"S2.1: {what} must be a seat 0..{players - 1}, not {value!r}")
    return value


def deal_generator(seed: int, hand: int) -> SplitMix64:
    """S3.1: deal k of seed S draws from a fresh generator with state mix64(S + (k+1)*gamma)."""
    _check_seed(seed)
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
        raise ValueError(f"S3.1: the deal number must be a non-negative int, not {hand!r}")
    return SplitMix64(mix64(seed + (hand + 1) * GAMMA))


def shuffled_deck(seed: int, hand: int) -> tuple[list[int], int]:
    """S3.2 then S3.3: the shuffled deck (deck[0] on top) and c = 1 + bounded(19), always drawn."""
    gen = deal_generator(seed, hand)
    deck = list(PACK)  # S1.3
    for i in range(19, 0, -1):  # S3.2
        j = gen.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    c = 1 + gen.bounded(19)  # S3.3
    return deck, c


def cut_deck(deck: list[int], c: int) -> list[int]:
    """S3.3: a cut makes the deck deck[c:] + deck[:c]."""
    return deck[c:] + deck[:c]


def arrange(
    deck: list[int], players: int, dealer: int, knock: bool
) -> tuple[list[list[int]], int | None, list[int]]:
    """S3.4/S3.5: deal a (cut or knocked) deck: hands in dealt order, the trump card, the stock.

    Clockwise from forehand (dealer + 1), in consecutive packets from the top.
    """
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands: list[list[int]] = [[] for _ in range(players)]
    position = 0

    def take(count: int) -> list[int]:
        nonlocal position
        cards = deck[position : position + count]
        position += count
        return cards

    trump_card: int | None = None
    if knock:  # S3.4/S3.5: five to each, then (two players) the trump card
        for seat in order:
            hands[seat] += take(5)
        if players == 2:
            trump_card = take(1)[0]
    else:  # S3.4/S3.5: three to each, (two players) the trump card, then two to each
        for seat in order:
            hands[seat] += take(3)
        if players == 2:
            trump_card = take(1)[0]
        for seat in order:
            hands[seat] += take(2)
    return hands, trump_card, deck[position:]


def deal_ids(
    seed: int, rules: dict[str, Any], hand: int = 0, dealer: int = 0, knock: bool = False
) -> tuple[list[list[int]], int | None, list[int]]:
    """S3: one deal as ids: hands in dealt order, the trump card (2 players) and the stock."""
    check_rules(rules)
    players = rules["players"]
    _check_seat(dealer, players, "the dealer")
    if not isinstance(knock, bool):
        raise ValueError(f"S3.3: knock must be a bool, not {knock!r}")
    deck, c = shuffled_deck(seed, hand)
    return arrange(deck if knock else cut_deck(deck, c), players, dealer, knock)


def deal(
    seed: int, rules: dict[str, Any], hand: int = 0, dealer: int = 0, knock: bool = False
) -> dict[str, Any]:
    """S3, S3.6: `schnapsen.deal()`: hands in dealt order, the trump card apart, the stock top first."""
    hands, trump_card, stock = deal_ids(seed, rules, hand, dealer, knock)
    return {
        "hands": [[card_text(card) for card in cards] for cards in hands],
        "trump_card": None if trump_card is None else card_text(trump_card),
        "stock": [card_text(card) for card in stock],
    }


def check_given_deal(given: object, players: int) -> tuple[list[list[int]], int | None, list[int]]:
    """S3.7 / CONFORMANCE: a given first deal in deal()'s shape, exactly the pack (reading D16)."""
    if not isinstance(given, dict):
        raise ValueError("S3.7: a given deal is a dict with 'hands', 'trump_card' and 'stock'")
    unknown = [key for key in given if key not in ("hands", "trump_card", "stock")]
    if unknown:
        raise ValueError(f"S3.7: a given deal has no field {unknown[0]!r}")
    hands_in = given.get("hands")
    if not isinstance(hands_in, (list, tuple)) or len(hands_in) != players:
        raise ValueError(f"S3.7: a given deal needs one hand per seat ({players})")
    hands: list[list[int]] = []
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, (list, tuple)) or len(hand) != 5:
            raise ValueError(f"S3.7: seat {seat} must be dealt 5 cards")
        hands.append([_given_card(card) for card in hand])
    trump_in, stock_in = given.get("trump_card"), given.get("stock", [])
    if players == 4:
        if trump_in is not None or stock_in not in ([], ()):
            raise ValueError("S3.7: with 4 players a given deal has no trump card and no stock")
        trump_card, stock = None, []
    else:
        if trump_in is None:
            raise ValueError("S3.5: with 2 players a given deal needs the trump card")
        if not isinstance(stock_in, (list, tuple)) or len(stock_in) != 9:
            raise ValueError("S3.5: with 2 players a given deal needs a stock of 9 cards")
        trump_card = _given_card(trump_in)
        stock = [_given_card(card) for card in stock_in]
    every = [card for hand in hands for card in hand] + stock + ([] if trump_card is None else [trump_card])
    if sorted(every) != list(PACK):
        raise ValueError("S3.7: a given deal must hold each card of the pack exactly once")
    return hands, trump_card, stock


def _given_card(card: object) -> int:
    if not isinstance(card, str):
        raise ValueError(f"S3.7: a given deal lists cards as text, not {card!r}")
    return parse_pack_card(card)


# ----------------------------------------------------------------------------- S11 actions

CONTRACTS = ("schnapser", "gang", "bauernschnapser", "kontraschnapser")  # S5.1, ids 8..11
VALUE = {"schnapser": 6, "gang": 9, "bauernschnapser": 12, "kontraschnapser": 12}  # S5.1
SOLO_CONTRACTS = ("gang", "bauernschnapser")  # S5.1: the declarer must win every trick himself
MARRIAGE_CONTRACTS = ("normal", "schnapser", "kontraschnapser")  # S6.6
CALL_CONTRACTS = ("normal", "schnapser", "kontraschnapser")  # S5.4
HEAD_CONTRACTS = ("schnapser", "gang", "bauernschnapser", "kontraschnapser")  # S6.3 must_head contracts
KEYWORDS = ("cut", "knock", "turn", "pass", *CONTRACTS, "spritze", "retour", "exchange", "close", "claim")

Action = tuple[Any, ...]  # ("cut",), ("trump", suit), ("call", card), ("meld", suit), ("play", card), ...


def _all_actions() -> list[Action]:
    """The 61 actions in the order of their ids (docs/schnapsen.md)."""
    actions: list[Action] = [("cut",), ("knock",)]
    actions += [("trump", s) for s in range(4)]
    actions += [("turn",), ("pass",)]
    actions += [(name,) for name in CONTRACTS]
    actions += [("call", card) for card in PACK]
    actions += [("spritze",), ("retour",), ("exchange",), ("close",)]
    actions += [("meld", s) for s in range(4)]
    actions += [("claim",)]
    actions += [("play", card) for card in PACK]
    return actions


ACTIONS: list[Action] = _all_actions()
NUM_ACTIONS = len(ACTIONS)  # 61
ACTION_ID: dict[Action, int] = {action: index for index, action in enumerate(ACTIONS)}


def action_text(action: Action) -> str:
    """S11: the canonical text of an action."""
    kind = action[0]
    if kind in ("trump", "meld"):
        return f"{kind} {SUITS[action[1]]}"
    if kind in ("call", "play"):
        return f"{kind} {card_text(action[1])}"
    return str(kind)


ACTION_TEXTS: list[str] = [action_text(action) for action in ACTIONS]


def parse_action(text: object) -> Action:
    """S11: parse an action's text case-insensitively (an action object by its str())."""
    if not isinstance(text, str):
        text = str(text)
    words = text.strip().split()
    if not words:
        raise ValueError(f"S11: not an action: {text!r}")
    head = words[0].lower()
    if len(words) == 1 and head in KEYWORDS:
        return (head,)
    if len(words) == 2 and head in ("trump", "meld"):
        letter = words[1].upper()
        if len(letter) == 1 and letter in SUITS:
            return (head, SUITS.index(letter))
        raise ValueError(f"S11: not a suit: {words[1]!r}")
    if len(words) == 2 and head in ("call", "play"):
        return (head, parse_pack_card(words[1]))
    raise ValueError(f"S11: not an action: {text!r}")


# ----------------------------------------------------------------------------- the game

CUT = "cut"  # S3.3: the cutter cuts or knocks
TRUMP = "trump"  # S4.1: forehand chooses trump
BID = "bid"  # S5.2
CALL = "call"  # S5.4
DOUBLE = "double"  # S5.5: spritze or pass
RETOUR = "retour"  # S5.5: retour or pass
PLAY = "play"  # S6, S7
OVER = "over"  # S8.6


@dataclass
class Meld:
    """S6.6: one marriage, credited to the melder's side once that side has a trick."""

    seat: int
    suit: int
    value: int
    credited: bool


class Game:
    """A game of Bauernschnapsen or Schnapsen to `target` (S8.6), driven by S11 action texts."""

    # ------------------------------------------------------------------ setup

    def __init__(
        self,
        rules: dict[str, Any],
        seed: int | None = None,
        dealer: int = 0,
        deal: dict[str, Any] | None = None,
    ) -> None:
        check_rules(rules)
        self.rules: dict[str, Any] = dict(rules)
        self.n: int = rules["players"]
        if seed is None:  # as R3.2: drawn from the operating system and recorded
            seed = secrets.randbits(64)
        self.seed: int = _check_seed(seed)
        self.dealer: int = _check_seat(dealer, self.n, "the dealer")
        given = None if deal is None else check_given_deal(deal, self.n)
        self.hand_number = 0
        self.scores = [0] * self.n
        self.is_over = False
        self.winners: list[int] = []
        self.bummerl: list[int] = []
        self.ply = 0
        self.history: list[str] = []
        self.deal_results: list[tuple[int, list[int], int, str]] = []  # (deal, seats, points, why)
        self._start_deal(given)

    def _start_deal(self, given: tuple[list[list[int]], int | None, list[int]] | None = None) -> None:
        """S2.1: dealer, forehand and cutter of this deal; S3: deal now or ask the cutter."""
        n = self.n
        self.forehand = (self.dealer + 1) % n
        self.cutter = (self.dealer - 1) % n
        self._dealt: list[list[int]] = [[] for _ in range(n)]  # dealt order (S3.6)
        self._held: list[list[int]] = [[] for _ in range(n)]  # cards in hand now
        self._second_pending = False  # S4.1: second packets not yet dealt
        self.trump: str | None = None
        self._trump_suit: int | None = None
        self.contract: str | None = None
        self.declarer: int | None = None
        self._stock: list[int] = []  # S3.5: face-down cards top first, then the trump card
        self.trump_card: str | None = None
        self._bids: list[tuple[int, str]] = []
        self._speakers: list[int] = []
        self.called_card: str | None = None
        self.partner: int | None = None
        self.multiplier = 1  # S8.5
        self._trick: list[tuple[int, int]] = []
        self.trick_index = 0
        self._tricks_won = [0] * n
        self._card_points = [0] * n
        self._melds: list[Meld] = []
        self._stage = 0  # S6.8: 0 nothing yet, 1 after exchange, 2 after close, 3 after meld
        self._melded_suit: int | None = None
        self.closer: int | None = None  # S6.7
        self._closed_snapshot: tuple[int, int] = (0, 0)  # the opponent's (tricks, points) at closing
        self.phase = CUT
        self._turn: int | None = self.cutter
        if given is not None:
            hands, trump_card, stock = given
            self._deal_out(hands, trump_card, stock, five_at_once=False)
        elif not self.rules["knock"]:
            self._deal_from_seed(knock=False)

    def _deal_from_seed(self, knock: bool) -> None:
        deck, c = shuffled_deck(self.seed, self.hand_number)  # c is always drawn (S3.3)
        hands, trump_card, stock = arrange(deck if knock else cut_deck(deck, c), self.n, self.dealer, knock)
        self._deal_out(hands, trump_card, stock, five_at_once=knock)

    def _deal_out(
        self, hands: list[list[int]], trump_card: int | None, stock: list[int], five_at_once: bool
    ) -> None:
        self._dealt = [list(hand) for hand in hands]
        if self.n == 2:  # S3.5, S4.2, S5.3
            assert trump_card is not None
            self._held = [list(hand) for hand in hands]
            self._stock = [*list(stock), trump_card]
            self.trump_card = card_text(trump_card)
            self._set_trump(suit(trump_card))
            self._settle("normal", self.forehand)
            return
        # S4.1: forehand chooses trump after the first packet (after all five with a knock, D3)
        self._second_pending = not five_at_once
        self._held = [list(hand[:3]) if self._second_pending else list(hand) for hand in hands]
        self.phase = TRUMP
        self._turn = self.forehand

    def _set_trump(self, trump_suit: int | None) -> None:
        self._trump_suit = trump_suit
        self.trump = None if trump_suit is None else SUITS[trump_suit]

    # ------------------------------------------------------------- public views

    @property
    def hands(self) -> list[list[str]]:
        """Each seat's cards now in hand (dealt so far, not played), ascending card id."""
        return [[card_text(card) for card in sorted(hand)] for hand in self._held]

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self._turn

    @property
    def stock_count(self) -> int:
        """D15: face-down cards plus the trump card (or the exchanged Unter) in the stock."""
        return len(self._stock)

    @property
    def closed(self) -> bool:
        return self.closer is not None

    @property
    def trick(self) -> list[tuple[int, str]]:
        return [(seat, card_text(card)) for seat, card in self._trick]

    # ------------------------------------------------------------- sides (S2.4, S5.3)

    def side(self, seat: int) -> frozenset[int]:
        """The seats that score together with `seat` in this deal."""
        n = self.n
        if n == 2:
            return frozenset({seat})
        if self.rules["partners"] == "fixed":  # S2.2
            return frozenset({seat, (seat + 2) % 4})
        assert self.declarer is not None  # called mode: known once the contract is settled
        declaring = {self.declarer}
        if self.contract not in SOLO_CONTRACTS and self.partner is not None:  # S2.3, S5.1
            declaring.add(self.partner)
        return frozenset(declaring) if seat in declaring else frozenset(set(range(4)) - declaring)

    def others(self, seat: int) -> frozenset[int]:
        return frozenset(set(range(self.n)) - self.side(seat))

    def side_tricks(self, seats: frozenset[int]) -> int:
        return sum(self._tricks_won[seat] for seat in seats)

    def side_points(self, seats: frozenset[int]) -> int:
        """S2.4: card points of the side's tricks plus its credited marriages (S6.6)."""
        cards = sum(self._card_points[seat] for seat in seats)
        return cards + sum(meld.value for meld in self._melds if meld.credited and meld.seat in seats)

    # ------------------------------------------------------------- S6 play

    def _beats(self, card: int, winning: int) -> bool:
        """S6.2: does `card` beat the card now winning the trick?"""
        trump = self._trump_suit
        if trump is not None and suit(card) == trump and suit(winning) != trump:
            return True
        return suit(card) == suit(winning) and STRENGTH[rank(card)] > STRENGTH[rank(winning)]

    def _winning(self) -> tuple[int, int]:
        """S6.2: (seat, card) now winning the trick."""
        best = self._trick[0]
        for seat, card in self._trick[1:]:
            if self._beats(card, best[1]):
                best = (seat, card)
        return best

    def _must_head(self) -> bool:
        mode = self.rules["must_head"]
        return mode == "always" or (mode == "contracts" and self.contract in HEAD_CONTRACTS)

    def _obligations_apply(self) -> bool:
        """S6.3: always with 4 players; with 2 once the stock is exhausted or closed."""
        return self.n == 4 or not self._stock or self.closed

    def _follow_cards(self, seat: int) -> list[int]:
        """S6.3 / S6.4: the cards `seat` may play to the trick in progress."""
        hand = sorted(self._held[seat])
        if not self._obligations_apply():
            return hand
        led = suit(self._trick[0][1])
        winning = self._winning()[1]
        head = self._must_head()
        following = [card for card in hand if suit(card) == led]
        if following:  # S6.3.1
            beating = [card for card in following if self._beats(card, winning)]
            return beating if head and beating else following
        trump = self._trump_suit
        trumps = [card for card in hand if trump is not None and suit(card) == trump]
        if trumps:  # S6.3.2
            beating = [card for card in trumps if self._beats(card, winning)]
            return beating if head and beating else trumps
        return hand  # S6.3.3

    def _can_exchange(self, seat: int) -> bool:
        """S6.5 (D13): two players, stock neither empty nor closed, holding the trump Unter."""
        trump = self._trump_suit
        return (
            self.n == 2
            and bool(self._stock)
            and not self.closed
            and trump is not None
            and 8 * trump + UNTER in self._held[seat]
        )

    def _can_close(self) -> bool:
        """S6.7: `closing`, stock neither empty nor closed."""
        return self.rules["closing"] and bool(self._stock) and not self.closed

    def _marriages(self, seat: int) -> list[int]:
        """S6.6: suits of which `seat` holds King and Ober, if marriages exist in this deal."""
        if self.contract not in MARRIAGE_CONTRACTS:
            return []
        hand = self._held[seat]
        return [s for s in range(4) if 8 * s + KING in hand and 8 * s + OBER in hand]

    def _claims_exist(self) -> bool:
        """S7.4: claims exist in `normal` (also every two-player deal); S7.2: not when automatic."""
        return self.contract == "normal" and self.rules["claim"] == "explicit"

    def _legal(self) -> list[Action]:
        phase, seat = self.phase, self._turn
        if phase == OVER or seat is None:
            return []
        acts: list[Action] = []
        if phase == CUT:
            acts = [("cut",), ("knock",)]
        elif phase == TRUMP:
            first_three = self._dealt[self.forehand][:3]
            acts = [("trump", s) for s in sorted({suit(card) for card in first_three})]
            acts.append(("turn",))
        elif phase == BID:
            acts = [("pass",)] + [(name,) for name in self._biddable(seat)]
        elif phase == CALL:
            acts = [("call", card) for card in PACK]
        elif phase == DOUBLE:
            acts = [("pass",), ("spritze",)]
        elif phase == RETOUR:
            acts = [("pass",), ("retour",)]
        elif phase == PLAY:
            if self._trick:
                acts = [("play", card) for card in self._follow_cards(seat)]
            else:
                if self._stage < 1 and self._can_exchange(seat):
                    acts.append(("exchange",))
                if self._stage < 2 and self._can_close():
                    acts.append(("close",))
                if self._stage < 3:
                    acts += [("meld", s) for s in self._marriages(seat)]
                if self._claims_exist() and self.trick_index >= 1:  # S7.1
                    acts.append(("claim",))
                if self._melded_suit is not None:  # S6.6: lead the melded King or Ober
                    acts += [("play", 8 * self._melded_suit + KING), ("play", 8 * self._melded_suit + OBER)]
                else:
                    acts += [("play", card) for card in sorted(self._held[seat])]
        return sorted(acts, key=ACTION_ID.__getitem__)

    def legal_actions(self) -> list[str]:
        """S11 texts of the legal actions, in ascending action id."""
        return [action_text(action) for action in self._legal()]

    def legal_action_ids(self) -> list[int]:
        return [ACTION_ID[action] for action in self._legal()]

    # ------------------------------------------------------------- S5 bidding helpers

    def _may_announce(self, seat: int, contract: str) -> bool:
        """S5.1: who may announce which contract (fixed / called partners)."""
        f = self.forehand
        fixed = self.rules["partners"] == "fixed"
        if contract in ("schnapser", "bauernschnapser"):
            return seat in (f, (f + 2) % 4) if fixed else seat == f
        if contract == "kontraschnapser":
            return seat in ((f + 1) % 4, (f + 3) % 4) if fixed else seat != f
        return contract == "gang"

    def _biddable(self, seat: int) -> list[str]:
        """S5.2: contracts of higher value than every one announced before, allowed to `seat`."""
        highest = max((VALUE[name] for _seat, name in self._bids), default=0)
        return [name for name in CONTRACTS if VALUE[name] > highest and self._may_announce(seat, name)]

    # ------------------------------------------------------------- apply

    def apply(self, action: object) -> None:
        """Apply one action (S11 text); an illegal one raises ValueError naming the rule (S9)."""
        parsed = parse_action(action)
        if self.phase == OVER:
            raise ValueError("S8.6: the game is over")
        if parsed not in self._legal():
            raise ValueError(self._why_illegal(parsed))
        self.history.append(action_text(parsed))
        self.ply += 1
        kind = parsed[0]
        if kind in ("cut", "knock"):
            self._deal_from_seed(knock=kind == "knock")
        elif kind in ("trump", "turn"):
            self._choose_trump(parsed)
        elif self.phase == BID:
            self._speak(kind)
        elif kind == "call":
            self._call(parsed[1])
        elif self.phase == DOUBLE:
            self._double(kind == "spritze")
        elif self.phase == RETOUR:
            if kind == "retour":
                self.multiplier *= 2  # S5.5: four times
            self._start_play()
        elif kind == "exchange":
            self._exchange()
        elif kind == "close":
            self._close()
        elif kind == "meld":
            self._meld(parsed[1])
        elif kind == "claim":
            self._claim()
        elif kind == "play":
            self._play(parsed[1])
        else:
            raise AssertionError((self.phase, parsed))

    # S4.1 -------------------------------------------------------------------

    def _choose_trump(self, action: Action) -> None:
        hand = self._dealt[self.forehand]
        self._set_trump(suit(hand[3]) if action[0] == "turn" else action[1])  # "turn": the fourth card
        self._held = [list(cards) for cards in self._dealt]  # the second packet (S4.1)
        self._second_pending = False
        if self.rules["bidding"]:  # S5.2: every seat once, clockwise from forehand
            self.phase = BID
            self._speakers = [(self.forehand + i) % 4 for i in range(4)]
            self._turn = self._speakers[0]
        else:  # D2
            self._settle("normal", self.forehand)

    # S5 ---------------------------------------------------------------------

    def _speak(self, kind: str) -> None:
        seat = self._speakers.pop(0)
        if kind != "pass":
            self._bids.append((seat, kind))
        if self._speakers:
            self._turn = self._speakers[0]
            return
        if self._bids:  # S5.2: the highest (that is, the last) announcement
            declarer, contract = self._bids[-1]
            self._settle(contract, declarer)
        else:
            self._settle("normal", self.forehand)

    def _settle(self, contract: str, declarer: int) -> None:
        """S5.2/S5.3: the contract and declarer are known; then calling (S5.4) or doubling."""
        self.contract, self.declarer = contract, declarer
        if contract == "gang":  # S5.3: no trump
            self._set_trump(None)
        if self.n == 4 and self.rules["partners"] == "called" and contract in CALL_CONTRACTS:
            self.phase = CALL
            self._turn = declarer
        else:
            self._after_call()

    def _call(self, card: int) -> None:
        """S5.4: the holder of the called card is the declarer's partner (himself: alone)."""
        self.called_card = card_text(card)
        self.partner = next(seat for seat in range(4) if card in self._held[seat])
        self._after_call()

    def _after_call(self) -> None:
        """S5.5: the seats outside the declarer's known side, clockwise from his left."""
        if not self.rules["spritze"]:
            self._start_play()
            return
        declarer = self.declarer
        assert declarer is not None
        seats = [(declarer + i) % 4 for i in range(1, 4)]
        if self.rules["partners"] == "fixed":
            seats = [seat for seat in seats if seat != (declarer + 2) % 4]
        self._speakers = seats
        self.phase = DOUBLE
        self._turn = seats[0]

    def _double(self, spritze: bool) -> None:
        self._speakers.pop(0)
        if spritze:  # S5.5: the first spritze doubles and ends the round
            self.multiplier *= 2
            if self.rules["retour"]:
                self.phase = RETOUR
                self._turn = self.declarer
                return
            self._start_play()
        elif self._speakers:
            self._turn = self._speakers[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        """S5.1/S6.1: forehand leads trick 1, the declarer in gang and bauernschnapser."""
        self.phase = PLAY
        self._turn = self.declarer if self.contract in SOLO_CONTRACTS else self.forehand
        self._stage = 0
        self._melded_suit = None

    # S6 ---------------------------------------------------------------------

    def _exchange(self) -> None:
        """S6.5: the trump Unter takes the trump card's place under the stock."""
        seat = self._turn
        assert seat is not None and self._trump_suit is not None
        unter = 8 * self._trump_suit + UNTER
        self._held[seat].remove(unter)
        self._held[seat].append(self._stock[-1])
        self._stock[-1] = unter
        self.trump_card = card_text(unter)
        self._stage = 1

    def _close(self) -> None:
        """S6.7: nobody draws any more; the opponent's tricks and points are kept for S8.3."""
        seat = self._turn
        assert seat is not None
        self.closer = seat
        opponent = self.others(seat)
        self._closed_snapshot = (self.side_tricks(opponent), self.side_points(opponent))
        self._stage = 2

    def _meld(self, meld_suit: int) -> None:
        """S6.6: 20, or 40 in trump; credited at once if the side has won a trick."""
        seat = self._turn
        assert seat is not None
        value = 40 if meld_suit == self._trump_suit else 20
        credited = self.side_tricks(self.side(seat)) > 0
        self._melds.append(Meld(seat, meld_suit, value, credited))
        self._melded_suit = meld_suit
        self._stage = 3

    def _play(self, card: int) -> None:
        seat = self._turn
        assert seat is not None
        self._held[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < self.n:
            self._turn = (seat + 1) % self.n  # S6.1: clockwise
            return
        winner, _card = self._winning()
        self._tricks_won[winner] += 1
        self._card_points[winner] += sum(points(c) for _seat, c in self._trick)
        for meld in self._melds:  # S6.6: credited when the side wins its first trick
            if meld.seat in self.side(winner):
                meld.credited = True
        self.trick_index += 1
        self._trick = []
        self._turn = winner  # S6.1: the winner leads the next trick
        self._stage = 0
        self._melded_suit = None
        if self._trick_ends_deal(winner):
            return
        if self.n == 2 and self._stock and not self.closed:  # S6.4: the winner draws first
            self._held[winner].append(self._stock.pop(0))
            self._held[1 - winner].append(self._stock.pop(0))
            if not self._stock:
                self.trump_card = None

    # S5.1, S7 ---------------------------------------------------------------

    def _trick_ends_deal(self, winner: int) -> bool:
        """S5.1, S7.2, S7.3 at the end of a trick (D5: before any drawing)."""
        contract, declarer = self.contract, self.declarer
        assert contract is not None and declarer is not None
        if contract in ("schnapser", "kontraschnapser"):
            declaring = self.side(declarer)
            if self.side_points(declaring) >= WIN:  # won at the end of trick 1, 2 or 3
                self._score(declaring, VALUE[contract], f"{contract} won")
                return True
            if self.trick_index == 3:  # lost: not 66 after trick 3
                self._score(self.others(declarer), VALUE[contract], f"{contract} lost")
                return True
            return False
        if contract in SOLO_CONTRACTS:
            declaring = self.side(declarer)
            if winner != declarer:  # another seat won a trick (his partner too)
                self._score(self.others(declarer), VALUE[contract], f"{contract} lost")
                return True
            if self.trick_index == 5:
                self._score(declaring, VALUE[contract], f"{contract} won")
                return True
            return False
        # normal (and every two-player deal)
        if self.rules["claim"] == "automatic" and self.side_points(self.side(winner)) >= WIN:  # S7.2
            self._correct_claim(winner)
            return True
        if all(not hand for hand in self._held):  # S7.3: the last trick
            self._last_trick(winner)
            return True
        return False

    def _claim(self) -> None:
        """S7.1: the deal ends at once, scored as a correct or a wrong claim."""
        seat = self._turn
        assert seat is not None
        if self.side_points(self.side(seat)) >= WIN:
            self._correct_claim(seat)
        else:
            self._wrong_claim(seat)

    def _s81(self, tricks: int, pts: int) -> int:
        """S8.1: 3 if the other side has no trick, 2 if below one_point_from, else 1."""
        if tricks == 0:
            return 3
        return 2 if pts < self.rules["one_point_from"] else 1

    def _correct_claim(self, seat: int) -> None:
        mine, theirs = self.side(seat), self.others(seat)
        snap_tricks, snap_points = self._closed_snapshot
        if self.closer is None:  # S8.1
            self._score(mine, self._s81(self.side_tricks(theirs), self.side_points(theirs)), "correct claim")
        elif seat == self.closer:  # S8.3: as S8.1, judged at the moment of closing
            self._score(mine, self._s81(snap_tricks, snap_points), "closer's correct claim")
        else:  # S8.3: the opponent's correct claim
            self._score(mine, 3 if snap_tricks == 0 else 2, "opponent's correct claim after a close")

    def _wrong_claim(self, seat: int) -> None:
        theirs = self.others(seat)
        snap_tricks, _snap_points = self._closed_snapshot
        if self.closer is not None and seat == self.closer:  # S8.3
            self._score(theirs, 3 if snap_tricks == 0 else 2, "closer's wrong claim")
        else:  # S8.2 (D7, D8)
            self._score(theirs, 3 if self.side_tricks(theirs) == 0 else 2, "wrong claim")

    def _last_trick(self, winner: int) -> None:
        """S7.3: the last trick played and nobody has claimed."""
        has_66 = self.side_points(self.side(winner)) >= WIN
        if self.closer is not None:
            if winner == self.closer and has_66:
                self._correct_claim(winner)
            else:  # S8.3 (D14)
                snap_tricks, _snap_points = self._closed_snapshot
                self._score(
                    self.others(self.closer), 3 if snap_tricks == 0 else 2, "last trick after a close"
                )
        elif has_66:
            self._correct_claim(winner)
        else:
            self._score(self.side(winner), 1, "last trick")

    # S8 ---------------------------------------------------------------------

    def _score(self, seats: frozenset[int], base: int, why: str) -> None:
        """S8.4/S8.5: every seat of the side adds the score, doubled by spritze/retour; S8.6."""
        value = base * self.multiplier
        for seat in seats:
            self.scores[seat] += value
        self.deal_results.append((self.hand_number, sorted(seats), value, why))
        target = self.rules["target"]
        if any(total >= target for total in self.scores):
            self.is_over = True
            self.phase = OVER
            self._turn = None
            self.winners = [seat for seat in range(self.n) if self.scores[seat] >= target]
            low = min(self.scores)
            self.bummerl = [seat for seat in range(self.n) if self.scores[seat] == low]
            return
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % self.n  # S2.1: the deal passes left
        self._start_deal()

    # ---------------------------------------------------------- diagnostics (S9)

    def _why_illegal(self, action: Action) -> str:
        """A message, starting with the most specific rule id, for an action not legal now."""
        kind, phase, seat = action[0], self.phase, self._turn
        text = action_text(action)
        if phase == CUT:
            return f"S3.3: seat {seat} (the cutter) must cut or knock, not {text!r}"
        if kind in ("cut", "knock"):
            return "S3.3: the cards are already cut or knocked"
        if phase == TRUMP:
            if kind == "trump":
                return (
                    f"S4.1: forehand (seat {seat}) holds no {SUIT_NAMES[action[1]]} card among his "
                    f"first three"
                )
            return f"S4.1: forehand (seat {seat}) must choose trump (trump X or turn), not {text!r}"
        if kind in ("trump", "turn"):
            return "S4.1: trump has already been chosen"
        if phase == BID:
            assert seat is not None
            if kind in CONTRACTS:
                if not self._may_announce(seat, kind):
                    return f"S5.1: seat {seat} may not announce {kind}"
                return f"S5.2: {kind} is not higher than the contracts announced before it"
            return f"S5.2: seat {seat} must pass or announce a contract, not {text!r}"
        if kind in CONTRACTS:
            return "S5.2: there is no bidding now"
        if phase == CALL:
            return f"S5.4: the declarer (seat {seat}) must call a card, not {text!r}"
        if kind == "call":
            return "S5.4: there is no card to call now"
        if phase in (DOUBLE, RETOUR):
            word = "spritze" if phase == DOUBLE else "retour"
            return f"S5.5: seat {seat} must say {word} or pass, not {text!r}"
        if kind in ("spritze", "retour", "pass"):
            return (
                f"S5.5: there is no {kind} to say now" if kind != "pass" else "S5.2: there is nothing to pass"
            )
        return self._why_illegal_play(action, seat)

    def _why_illegal_play(self, action: Action, seat: int | None) -> str:
        kind = action[0]
        assert seat is not None
        leading = not self._trick
        if kind in ("exchange", "close", "meld", "claim") and not leading:
            return f"S6.8: seat {seat} may {kind} only as the seat to lead, before its card"
        if kind == "exchange":
            if self.n == 4:
                return "S6.5: there is no exchange with 4 players"
            if self._stage >= 1:
                return "S6.8: the exchange comes first, before close, meld and claim"
            if not self._stock or self.closed:
                return "S6.5: the stock is empty or closed"
            return f"S6.5: seat {seat} does not hold the trump Unter"
        if kind == "close":
            if not self.rules["closing"]:
                return "S6.7: closing is off in these rules"
            if self._stage >= 2:
                return "S6.8: closing comes before meld and claim, once"
            return "S6.7: the stock is empty or already closed"
        if kind == "meld":
            if self.contract not in MARRIAGE_CONTRACTS:
                return f"S6.6: there are no marriages in {self.contract}"
            if self._stage >= 3:
                return "S6.6: one meld per lead"
            return f"S6.6: seat {seat} does not hold King and Ober of {SUIT_NAMES[action[1]]}"
        if kind == "claim":
            if self.contract != "normal":
                return f"S7.4: there are no claims in {self.contract}"
            if self.rules["claim"] == "automatic":
                return "S7.2: claims are automatic in these rules"
            return "S7.1: claims are made from the second trick on"
        card = action[1]
        if card not in self._held[seat]:
            return f"S6.1: seat {seat} does not hold {card_text(card)}"
        if leading and self._melded_suit is not None:
            return f"S6.6: seat {seat} melded {SUIT_NAMES[self._melded_suit]} and must lead its King or Ober"
        led = suit(self._trick[0][1])
        holds_led = any(suit(c) == led for c in self._held[seat])
        if holds_led and suit(card) != led:
            return f"S6.3: seat {seat} holds a {SUIT_NAMES[led]} card and must follow"
        trump = self._trump_suit
        if not holds_led and trump is not None and suit(card) != trump:
            return f"S6.3: seat {seat} holds no {SUIT_NAMES[led]} card but a trump and must trump"
        return f"S6.3: seat {seat} must head the trick (must_head) with a card that beats it"
