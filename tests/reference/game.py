"""A whole game of Bieten (R2-R8), as an independent pure-Python reference.

Written only from docs/rules/bieten.md and the Game section of CONFORMANCE.md, to be compared
action by action with the C++ engine. Clarity over speed: every legal-action list is
recomputed from scratch, and every illegal action is refused by checking it against that
list (so the state never changes on an error).

Choices this reference makes where docs/rules/bieten.md leaves room
=======================================================

Turn flow (R7.1)
  C1. Before his card, the player on turn may open bids (one at a time) or play a card.
      When a bid he opened before his card is settled, he is again on turn before his
      card: he plays a card or opens another bid.
  C2. After his card he may still open bids "until the next player acts": right after the
      card, if he can open at least one bid (R7.1-R7.3), he is asked again and must choose
      `bid ...` or `pass`; if he can open none, his turn ends with the card, silently.
      When a bid he opened after his card is settled, the same test is made again: if he
      can still open one he is asked again (`bid ...` or `pass`), otherwise his turn ends
      without a `pass`.
  C3. This post-card chance exists after every card except the last card of the hand,
      including the card that completes a trick (before the trick's winner leads).
  C4. The last card of the hand ends the bidding (R7.1): the player who completes the last
      trick gets no bidding turn after that card (he may bid before it), and the hand is
      scored and the next hand dealt at once, inside that `apply`.
  C5. Bids are answered only by the actions of R7.4-R7.6; the player on turn may not open
      a second bid while one is being answered (R7.1 "nothing else happens").

Answers (R7.4-R7.6)
  C6. To an opened bid a player is always offered `good`; `hold` only if he holds the
      figure (R7.2; the score limit never restricts holding, R7.3); `three` only if he
      holds the figure and may raise by the score limit (R7.3).
  C7. To a raise, a player is offered `good`, and `hold` if he holds the figure; never
      `three` (R7.5: three is the highest stake).
  C8. Re-raise (R7.6, only with `reraise`): after a `hold` by H the bidder B is asked
      (`three` or `pass`) if he may raise (holds the figure and passes the R7.3 raise limit);
      if he may not, he is skipped. If B passed or was skipped, H is asked the same way,
      or skipped. If nobody is asked, or both pass, the bid stands at 2. A `three` by
      either starts a raise (R7.5) answered by everybody but the raiser, clockwise from
      his left (the original bidder included).
  C9. Whether a player "may raise" is judged when he is asked; nothing can change it
      between the `hold` and the re-raise questions.

Holding a figure (R7.2, R5.5)
  C10. Played cards count as they were played (a played wild as its named identity).
       Unplayed natural cards count as themselves (with wild = none the Weli is a Bells
       card ranking below the 7, so `S7 S6` is a run and the Weli makes no set).
  C11. R5.5: an unplayed wild may count as any natural identity 0..31 it could still be
       named under R5.3 right now: not in a suit the player has already failed to follow,
       not a card dealt to him (the wild cards themselves included, so the player dealt
       the Bells 7 in Spitzbieten can never name a wild `S7`), not the identity one of his
       PLAYED wilds names. Several unplayed wilds must take distinct identities. The
       follow-suit duty of the current trick is ignored for this (he could follow with a
       natural card and keep the wild). A figure is held if some such choice gives it.
  C12. Spiel after the first card of the last trick (R7.2): a player who has played his
       last-trick card needs that card (as named) to be of the led suit; one who has not
       needs his one remaining card to be a natural card of the led suit (the natural Weli
       is Bells) or a wild that could still be named in the led suit (R5.5 with C11). The
       leader of the last trick therefore may still bid Spiel after his card. Between the
       card completing the second-last trick and the lead of the last one, Spiel is free.

Score limit (R7.3)
  C13. s = total + points secured in this hand: 1 for each bid the player opened that was
       conceded at 1, 2 for each raise of his conceded at 2. Bids that stand count 0 (their
       winner is unknown until the end). Secured points are only *credited* at the end of
       the hand (R8.1); until then they only feed this limit.
  C14. strict: open iff s + 2 <= target, raise iff s + 3 <= target. gespannt: open and
       raise iff s < target - 1. none: always. `hold` and `good` are never limited.

Cards and play (R4, R5)
  C15. A non-leader "fails to follow" when the card he plays (a wild as named) is not of
       the led suit; that led suit is then barred for naming his wilds for the rest of the
       hand (R5.3).
  C16. A wild may be named as any of the 32 natural identities (also as the identity of a
       physical wild 7 under Spitzbieten, or as the face-up card) unless R5.3 bars it.
  C17. Trick order among cards of the led suit: higher rank first; for equal identity the
       natural card, then wilds Weli > Bells 7 > Acorns 7 (R5.4). With wild = none the
       Weli is a Bells card below the 7.

Deal (R3)
  C18. Cut-steal (R3.7): the cutter acts `steal`/`leave` before anyone else in every hand
       except a first hand given by `deal`. After min(3, hand_size, c) steals the stealing
       ends by itself. `hands` shows, meanwhile, only the stolen cards.
  C19. The face-up card (R3.8) is stock[0] after the deal; it affects no legal action.

Scoring and the end (R7.7, R8)
  C20. Figures nobody wins credit nothing; credits after the one that ends the game are
       void (R8.2). The credit log entries are (hand_number, figure, seat, points, reason)
       with figure one of red, green, gleich, hanger, spiel, weli and reason one of
       "conceded", "stands", "raise conceded", "stands at 3", "unbid", "weli point".
       The settlement log has every credit of R8.1, paid or void, in order:
       (hand_number, figure, seat, points, reason, void) with void None for a paid credit,
       "tie" when somebody holds the figure but the best are equal (R6.5), "unheld" when
       nobody holds it or nobody was dealt the Weli (R6.1-R6.3, R6.6), "game over" for every
       credit after the one that won the game (R8.2); seat is then who would have had it
       (or None), and None for "tie" and "unheld".
  C21. The game can only end while a hand is scored, i.e. after the last card, when no bid
       can be open (a bid is always settled before the next card can be played). So an
       open bid never meets the end of the game; points secured by conceded bids count
       only in the hand's final crediting, in R8.1 order.
  C22. Once over: current_player is None, legal_actions() is [], apply() raises "R8.2",
       and `hands` keeps showing the last hand.

Errors
  C23. Unparsable text raises "R11: ..." (a bad card "R1.5: ..."); a well-formed but
       illegal action raises a message starting with the most specific rule id found.

Order of legal_actions(): steal, leave | plays by (card id, named id), then bids in the
order red, green, gleich, hanger, spiel, then pass | good, hold, three | three, pass.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from .cards import ACORNS_7, BELLS_7, HEARTS, LEAVES, WELI, card_text, is_card, parse_card
from .deal import check_seed, complete_cut, deal_from_deck, shuffled_and_cut
from .figures import figure_winners, figures_held
from .rules import check_rules, wild_cards

FIGURES = ("red", "green", "gleich", "hanger", "spiel")
BELLS = 2
SUIT_NAMES = {0: "Hearts", 1: "Leaves", 2: "Bells", 3: "Acorns"}
# R5.4: for one named identity the natural card ranks first, then Weli > Bells 7 > Acorns 7.
WILD_TIER = {WELI: 1, BELLS_7: 2, ACORNS_7: 3}

# Phases of the game (who is asked what).
STEAL = "steal"  # R3.7: the cutter steals or leaves
CARD = "card"  # R7.1: on turn before his card: play a card or open a bid
AFTER = "after"  # R7.1: after his card: open a bid or pass
ANSWER = "answer"  # R7.4: answering an opened bid: good / hold / three
RERAISE = "reraise"  # R7.6: bidder or holder: three / pass
RAISE_ANSWER = "raise"  # R7.5: answering a raise: good / hold
OVER = "over"  # R8.2


@dataclass
class Bid:
    """One bid of the hand (R7) and how far it has got."""

    figure: str
    bidder: int
    holder: int | None = None  # who said `hold` to the opened bid
    raiser: int | None = None  # who said `three`
    outcome: str | None = None  # conceded | stands | raise conceded | stands at 3
    to_ask: list[int] = field(default_factory=list)  # seats still to be asked, in order


def _parse_action(text: str) -> tuple:
    """R11: parse an action's text, case-insensitively, into a tuple."""
    if not isinstance(text, str):
        text = str(text)  # an action object from another implementation: its text form
    words = text.strip().lower().split()
    if not words:
        raise ValueError(f"R11: empty action {text!r}")
    head = words[0]
    if head in ("good", "hold", "three", "pass", "steal", "leave") and len(words) == 1:
        return (head,)
    if head == "bid" and len(words) == 2 and words[1] in FIGURES:
        return ("bid", words[1])
    if head == "play" and len(words) == 2:
        return ("play", parse_card(words[1]), None)
    if head == "play" and len(words) == 4 and words[2] == "as":
        return ("play", parse_card(words[1]), parse_card(words[3]))
    raise ValueError(f"R11: not an action: {text!r}")


def _action_text(action: tuple) -> str:
    """R11: the canonical text of a parsed action."""
    if action[0] == "play":
        _, card, named = action
        if named is None:
            return f"play {card_text(card)}"
        return f"play {card_text(card)} as {card_text(named)}"
    if action[0] == "bid":
        return f"bid {action[1]}"
    return action[0]


class RefGame:
    """A game of Bieten to `target` points (R8), driven by R11 action texts."""

    # ------------------------------------------------------------------ setup

    def __init__(
        self,
        rules: dict,
        seed: int | None,
        deal: list[list[str]] | None = None,
        dealer: int = 0,
        top_card: str | None = None,
    ) -> None:
        check_rules(rules)
        self.rules = dict(rules)
        self.n = rules["players"]
        self.hand_size = rules["hand_size"]
        self.target = rules["target"]
        self.wilds = wild_cards(rules)
        if seed is None:  # R3.2: drawn from the operating system and recorded
            seed = secrets.randbits(64)
        self.seed = check_seed(seed)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.n:
            raise ValueError(f"R2.2: dealer must be a seat 0..{self.n - 1}, not {dealer!r}")
        given, given_top = self._check_given_deal(deal, top_card)

        self.hand_number = 0
        self.dealer = dealer
        self.scores = [0] * self.n
        self.is_over = False
        self.winner: int | None = None
        self.bummerl: list[int] = []
        self._credits: list[tuple] = []
        self._settlement: list[tuple] = []
        self.history: list[str] = []  # every applied action, canonical text
        self._start_hand(given, given_top)

    def _check_given_deal(self, deal, top_card):
        """CONFORMANCE: a given first deal, seat by seat, and its face-up card."""
        if deal is None:
            if top_card is not None:
                raise ValueError("R3.8: top_card needs a given deal")
            return None, None
        if not isinstance(deal, (list, tuple)) or len(deal) != self.n:
            raise ValueError(f"R3.6: a deal needs one hand per seat ({self.n})")
        hands = []
        for seat, hand in enumerate(deal):
            if not isinstance(hand, (list, tuple)) or len(hand) != self.hand_size:
                raise ValueError(f"R3.6: seat {seat} must be dealt {self.hand_size} cards")
            cards = [parse_card(c) if isinstance(c, str) else c for c in hand]
            if not all(is_card(c) for c in cards):
                raise ValueError(f"R1.4: seat {seat} is dealt something that is not a card")
            hands.append(sorted(cards))
        flat = [c for hand in hands for c in hand]
        if len(set(flat)) != len(flat):
            raise ValueError("R1.4: a card is dealt twice")
        top = None
        if self.rules["show_top_card"]:
            if top_card is None:
                raise ValueError("R3.8: with show_top_card a given deal needs top_card")
            top = parse_card(top_card) if isinstance(top_card, str) else top_card
            if not is_card(top):
                raise ValueError(f"R1.4: the face-up card {top_card!r} is not a card")
            if top in flat:
                raise ValueError(f"R3.8: the face-up card {card_text(top)} was dealt")
        elif top_card is not None:
            raise ValueError("R3.8: top_card without show_top_card")
        return hands, top

    def _start_hand(self, given=None, given_top=None) -> None:
        """R2.2, R3: set up hand `hand_number` with `dealer`, then deal or start cut-steal."""
        n = self.n
        self.forehand = (self.dealer + 1) % n
        self.cutter = (self.dealer - 1) % n
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.unplayed: list[list[int]] = [[] for _ in range(n)]
        self.played: list[list[tuple[int, int | None]]] = [[] for _ in range(n)]
        self.failed: list[set[int]] = [set() for _ in range(n)]  # suits failed to follow
        self.secured = [0] * n  # C13
        self.bids: list[Bid] = []
        self.bid: Bid | None = None  # the bid being answered
        self.trick: list[tuple[int, int, int | None]] = []  # (seat, card, named)
        self.tricks: list[list[tuple[int, int, int | None]]] = []
        self.trick_winners: list[int] = []
        self.turn = self.forehand  # whose turn it is in the card play
        self.next_turn: int | None = None  # who plays after the current AFTER phase
        self.stage = CARD  # CARD or AFTER: where a settled bid returns
        self.top_card: str | None = None
        self.asked: int | None = None  # the seat asked in STEAL/ANSWER/... phases
        if given is not None:
            self._finish_deal_with(given, given_top)
        elif self.rules["cut_steal"]:
            deck, c = shuffled_and_cut(self.seed, self.hand_number)
            self._deck, self._cut = deck, c
            self._stolen: list[int] = []
            self.phase = STEAL
            self.asked = self.cutter
        else:
            deck, c = shuffled_and_cut(self.seed, self.hand_number)
            self._deal(complete_cut(deck, c), {})

    def _deal(self, deck: list[int], held: dict[int, list[int]]) -> None:
        """R3.6 from a cut deck (R3.7 held cards), R3.8 face-up card."""
        hands, stock = deal_from_deck(deck, self.rules, self.dealer, held)
        for seat, cards in held.items():  # stolen cards count as dealt (R3.7)
            hands[seat] = sorted(set(hands[seat]) | set(cards))
        top = stock[0] if self.rules["show_top_card"] else None
        self._finish_deal_with(hands, top)

    def _finish_deal_with(self, hands: list[list[int]], top: int | None) -> None:
        self.dealt = [sorted(h) for h in hands]
        self.unplayed = [sorted(h) for h in hands]
        self.top_card = None if top is None else card_text(top)
        self.phase = CARD
        self.turn = self.forehand  # R4.1: forehand leads the first trick
        self.stage = CARD
        self.asked = None

    # ------------------------------------------------------------- public views

    @property
    def hands(self) -> list[list[str]]:
        """Every seat's cards of the current hand, played and unplayed, ascending id."""
        if self.phase == STEAL:
            held = [[] for _ in range(self.n)]
            held[self.cutter] = sorted(self._stolen)
            return [[card_text(c) for c in h] for h in held]
        return [[card_text(c) for c in sorted(h)] for h in self.dealt]

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase in (CARD, AFTER):
            return self.turn
        return self.asked

    def credits(self) -> list[tuple]:
        """Every credit so far: (hand_number, figure, seat, points, reason)."""
        return list(self._credits)

    def settlement(self) -> list[tuple]:
        """Every credit of R8.1 so far, paid or void: (hand_number, figure, seat, points, reason, void)."""
        return list(self._settlement)

    # ------------------------------------------------------------ card helpers

    def is_wild(self, card: int) -> bool:
        return card in self.wilds

    @staticmethod
    def natural_suit(card: int) -> int:
        """Suit of a natural card; the Weli is a Bells card (R1.3)."""
        return BELLS if card == WELI else card // 8

    @staticmethod
    def natural_rank(card: int) -> int:
        """Rank index of a natural card; the Weli ranks 8, below the 7 (R1.3)."""
        return 8 if card == WELI else card % 8

    def effective(self, card: int, named: int | None) -> int:
        """The identity a played card counts as (R5.2)."""
        return card if named is None else named

    def _named_by_played_wilds(self, seat: int) -> set[int]:
        return {named for _card, named in self.played[seat] if named is not None}

    def allowed_names(self, seat: int) -> list[int]:
        """R5.3: identities a wild of `seat` may be named now, ignoring follow-suit duty."""
        banned = set(self.dealt[seat]) | self._named_by_played_wilds(seat)
        return [x for x in range(32) if x // 8 not in self.failed[seat] and x not in banned]

    def led_suit(self) -> int | None:
        if not self.trick:
            return None
        _seat, card, named = self.trick[0]
        return self.natural_suit(self.effective(card, named))

    # ------------------------------------------------------------- R4/R5 play

    def legal_plays(self, seat: int) -> list[tuple[int, int | None]]:
        """R4.2 and R5.3: (card, named) pairs `seat` may play now."""
        led = self.led_suit()
        naturals = [c for c in self.unplayed[seat] if not self.is_wild(c)]
        wilds = [c for c in self.unplayed[seat] if self.is_wild(c)]
        names = self.allowed_names(seat)
        if led is not None and any(self.natural_suit(c) == led for c in naturals):
            # Must follow: a natural card of the led suit or a wild named in it.
            plays = [(c, None) for c in naturals if self.natural_suit(c) == led]
            plays += [(w, x) for w in wilds for x in names if x // 8 == led]
        else:
            plays = [(c, None) for c in naturals]
            plays += [(w, x) for w in wilds for x in names]
        return sorted(plays, key=lambda p: (p[0], -1 if p[1] is None else p[1]))

    def _trick_key(self, card: int, named: int | None) -> tuple[int, int]:
        """R4.3/R5.4: smaller is higher among cards of the led suit."""
        if named is None:
            return (self.natural_rank(card), 0)
        return (named % 8, WILD_TIER[card])

    def _trick_winner(self, trick) -> int:
        led = self.natural_suit(self.effective(trick[0][1], trick[0][2]))
        following = [
            (self._trick_key(card, named), seat)
            for seat, card, named in trick
            if self.natural_suit(self.effective(card, named)) == led
        ]
        return min(following)[1]

    # ------------------------------------------------------- R7.2 holding

    def _known_and_wilds(self, seat: int) -> tuple[set[int], list[list[int]]]:
        """Identities the seat surely has, and the allowed names of each unplayed wild."""
        known = {self.effective(card, named) for card, named in self.played[seat]}
        known |= {c for c in self.unplayed[seat] if not self.is_wild(c)}
        names = self.allowed_names(seat)
        free_wilds = [list(names) for c in self.unplayed[seat] if self.is_wild(c)]
        return known, free_wilds

    @staticmethod
    def _fillable(ids: tuple[int, ...], known: set[int], free_wilds: list[list[int]]) -> bool:
        """Can every identity in ids be had, by known cards or distinct unplayed wilds?"""
        missing = [x for x in ids if x not in known]

        def assign(i: int, used: frozenset[int]) -> bool:
            if i == len(missing):
                return True
            return any(
                w not in used and missing[i] in free_wilds[w] and assign(i + 1, used | {w})
                for w in range(len(free_wilds))
            )

        return assign(0, frozenset())

    def _figure_pairs(self, figure: str) -> list[tuple[int, ...]]:
        """The minimal card combinations that make each figure held (R7.2)."""
        if figure == "red":
            return [(HEARTS * 8 + r,) for r in range(8)]
        if figure == "green":
            return [(LEAVES * 8 + r,) for r in range(8)]
        if figure == "gleich":  # R6.2: two cards of one rank
            return [(s * 8 + r, t * 8 + r) for r in range(8) for s in range(4) for t in range(s + 1, 4)]
        if figure == "hanger":  # R6.3: two consecutive cards of one suit
            pairs = [(s * 8 + r, s * 8 + r + 1) for s in range(4) for r in range(7)]
            if self.rules["wild"] == "none":
                pairs.append((BELLS * 8 + 7, WELI))  # the Weli continues Bells below the 7
            return pairs
        raise AssertionError(figure)

    def _last_trick_started(self) -> bool:
        return len(self.tricks) == self.hand_size - 1 and len(self.trick) > 0

    def _spiel_card_ok(self, seat: int) -> bool:
        """R7.2: after the first card of the last trick, the seat's last-trick card must be
        of the led suit (played, or still in hand, a wild by R5.5)."""
        led = self.led_suit()
        for s, card, named in self.trick:
            if s == seat:
                return self.natural_suit(self.effective(card, named)) == led
        (card,) = self.unplayed[seat]  # his one remaining card
        if not self.is_wild(card):
            return self.natural_suit(card) == led
        return any(x // 8 == led for x in self.allowed_names(seat))

    def holds(self, seat: int, figure: str) -> bool:
        """R7.2 with R5.5: may `seat` open, hold or raise on `figure` as to the cards?"""
        if figure == "spiel":
            return not self._last_trick_started() or self._spiel_card_ok(seat)
        known, free_wilds = self._known_and_wilds(seat)
        return any(self._fillable(ids, known, free_wilds) for ids in self._figure_pairs(figure))

    # ----------------------------------------------------- R7.3 score limit

    def limit_value(self, seat: int) -> int:
        """C13: the player's total plus points secured in this hand."""
        return self.scores[seat] + self.secured[seat]

    def score_allows(self, seat: int, raising: bool) -> bool:
        s, target, mode = self.limit_value(seat), self.target, self.rules["overbid"]
        if mode == "strict":
            return s + (3 if raising else 2) <= target
        if mode == "gespannt":
            return s < target - 1
        return True

    def may_open(self, seat: int, figure: str) -> bool:
        """R7.1-R7.3 for opening a bid (turn and phase checked by the caller)."""
        return (
            all(b.figure != figure for b in self.bids)
            and self.holds(seat, figure)
            and self.score_allows(seat, raising=False)
        )

    def may_raise(self, seat: int, figure: str) -> bool:
        return self.holds(seat, figure) and self.score_allows(seat, raising=True)

    def _openable(self, seat: int) -> list[str]:
        return [f for f in FIGURES if self.may_open(seat, f)]

    # ------------------------------------------------------------ actions

    def _legal(self) -> list[tuple]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == STEAL:
            return [("steal",), ("leave",)]
        if phase == CARD:
            plays = [("play", c, x) for c, x in self.legal_plays(self.turn)]
            return plays + [("bid", f) for f in self._openable(self.turn)]
        if phase == AFTER:
            return [("bid", f) for f in self._openable(self.turn)] + [("pass",)]
        bid, seat = self.bid, self.asked
        if phase == ANSWER:
            acts = [("good",)]
            if self.holds(seat, bid.figure):
                acts.append(("hold",))
            if self.may_raise(seat, bid.figure):
                acts.append(("three",))
            return acts
        if phase == RAISE_ANSWER:
            return [("good",)] + ([("hold",)] if self.holds(seat, bid.figure) else [])
        if phase == RERAISE:
            return [("three",), ("pass",)]
        raise AssertionError(phase)

    def legal_actions(self) -> list[str]:
        return [_action_text(a) for a in self._legal()]

    def apply(self, action) -> None:
        parsed = _parse_action(action)
        if self.phase == OVER:
            raise ValueError("R8.2: the game is over")
        if parsed not in self._legal():
            raise ValueError(self._why_illegal(parsed))
        self.history.append(_action_text(parsed))
        kind = parsed[0]
        if self.phase == STEAL:
            self._do_steal(kind == "steal")
        elif kind == "play":
            self._do_play(parsed[1], parsed[2])
        elif kind == "bid":
            self._do_bid(parsed[1])
        elif self.phase == AFTER:  # pass
            self._end_turn()
        elif self.phase == ANSWER:
            self._do_answer(kind)
        elif self.phase == RAISE_ANSWER:
            self._do_raise_answer(kind)
        elif self.phase == RERAISE:
            self._do_reraise(kind)
        else:
            raise AssertionError((self.phase, parsed))

    # R3.7 -------------------------------------------------------------------

    def _do_steal(self, steal: bool) -> None:
        deck, c = self._deck, self._cut
        if steal:
            self._stolen.append(deck[c - 1 - len(self._stolen)])
            if len(self._stolen) < min(3, self.hand_size, c):
                return  # the next card up is shown to him
        rest_of_packet = deck[: c - len(self._stolen)]
        self._deal(deck[c:] + rest_of_packet, {self.cutter: list(self._stolen)})

    # R4 ---------------------------------------------------------------------

    def _do_play(self, card: int, named: int | None) -> None:
        seat = self.turn
        led = self.led_suit()
        self.unplayed[seat].remove(card)
        self.played[seat].append((card, named))
        if led is not None and self.natural_suit(self.effective(card, named)) != led:
            self.failed[seat].add(led)  # C15
        self.trick.append((seat, card, named))
        if len(self.trick) == self.n:  # the trick is complete
            winner = self._trick_winner(self.trick)
            self.tricks.append(self.trick)
            self.trick_winners.append(winner)
            self.trick = []
            if len(self.tricks) == self.hand_size:  # C4: bidding ends, the hand ends
                self._end_hand()
                return
            self.next_turn = winner  # R4.1: the winner leads the next trick
        else:
            self.next_turn = (seat + 1) % self.n
        self.stage = AFTER
        if self._openable(seat):  # C2
            self.phase = AFTER
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turn = self.next_turn
        self.next_turn = None
        self.phase = CARD
        self.stage = CARD

    # R7 ---------------------------------------------------------------------

    def _do_bid(self, figure: str) -> None:
        bidder = self.turn
        bid = Bid(figure, bidder)
        self.bids.append(bid)
        self.bid = bid
        bid.to_ask = [(bidder + i) % self.n for i in range(1, self.n)]  # R7.4
        self.phase = ANSWER
        self.asked = bid.to_ask.pop(0)

    def _do_answer(self, kind: str) -> None:
        bid, seat = self.bid, self.asked
        if kind == "good":
            if bid.to_ask:
                self.asked = bid.to_ask.pop(0)
                return
            bid.outcome = "conceded"  # R7.4: conceded at 1
            self.secured[bid.bidder] += 1
            self._bid_settled()
        elif kind == "hold":
            bid.holder = seat
            bid.outcome = "stands"  # stands at 2
            if self.rules["reraise"]:
                bid.to_ask = [bid.bidder, seat]
                self._next_reraise()
            else:
                self._bid_settled()
        else:  # three
            self._start_raise(seat)

    def _next_reraise(self) -> None:
        """R7.6 with C8: ask B then H, skipping who may not raise."""
        bid = self.bid
        while bid.to_ask:
            seat = bid.to_ask.pop(0)
            if self.may_raise(seat, bid.figure):
                self.phase = RERAISE
                self.asked = seat
                return
        self._bid_settled()  # stands at 2

    def _do_reraise(self, kind: str) -> None:
        if kind == "pass":
            self._next_reraise()
        else:
            self._start_raise(self.asked)

    def _start_raise(self, raiser: int) -> None:
        bid = self.bid
        bid.raiser = raiser
        bid.outcome = None
        bid.to_ask = [(raiser + i) % self.n for i in range(1, self.n)]  # R7.5
        self.phase = RAISE_ANSWER
        self.asked = bid.to_ask.pop(0)

    def _do_raise_answer(self, kind: str) -> None:
        bid = self.bid
        if kind == "hold":
            bid.outcome = "stands at 3"
            self._bid_settled()
        elif bid.to_ask:
            self.asked = bid.to_ask.pop(0)
        else:
            bid.outcome = "raise conceded"  # R7.5: conceded at 2
            self.secured[bid.raiser] += 2
            self._bid_settled()

    def _bid_settled(self) -> None:
        """Back to the player on turn, before or after his card (C1, C2)."""
        self.bid = None
        self.asked = None
        if self.stage == CARD:
            self.phase = CARD
        elif self._openable(self.turn):
            self.phase = AFTER
        else:
            self._end_turn()

    # R7.7, R8 ---------------------------------------------------------------

    def _figure_cards(self) -> list[list[tuple[int, int | None]]]:
        """Every seat's cards as figure_winners takes them: (identity, physical wild or None)."""
        return [
            [(card, None) if named is None else (named, card) for card, named in seat] for seat in self.played
        ]

    def figure_results(self) -> dict[str, int | None]:
        """R6 over the complete hand: the best player of each figure, or None."""
        result = figure_winners(self._figure_cards(), self.rules)
        result["spiel"] = self.trick_winners[-1]  # R6.4
        return result

    def _nobody_because(self, figure: str) -> str:
        """Why nobody wins a figure: "tie" if somebody holds it (R6.5), else "unheld"."""
        if figure == "spiel":
            raise AssertionError("R6.4: somebody wins the last trick")
        return "tie" if figures_held(self._figure_cards(), self.rules)[figure] else "unheld"

    def _end_hand(self) -> None:
        """R8.1: credit the hand figure by figure; R8.2 end; else deal the next hand."""
        best = self.figure_results()
        credits: list[tuple[str, int | None, int, str]] = []
        for bid in self.bids:  # in the order first bid
            if bid.outcome == "conceded":
                credits.append((bid.figure, bid.bidder, 1, "conceded"))
            elif bid.outcome == "stands":
                credits.append((bid.figure, best[bid.figure], 2, "stands"))
            elif bid.outcome == "raise conceded":
                credits.append((bid.figure, bid.raiser, 2, "raise conceded"))
            elif bid.outcome == "stands at 3":
                credits.append((bid.figure, best[bid.figure], 3, "stands at 3"))
            else:
                raise AssertionError(bid)
        bid_figures = {bid.figure for bid in self.bids}
        for figure in FIGURES:
            if figure not in bid_figures:
                credits.append((figure, best[figure], 1, "unbid"))
        if self.rules["weli_point"]:
            credits.append(("weli", best.get("weli"), 1, "weli point"))

        winner = None
        for figure, seat, points, reason in credits:
            if winner is not None:  # R8.2: the rest is void
                self._settlement.append((self.hand_number, figure, seat, points, reason, "game over"))
                continue
            if seat is None:  # nobody has the best figure (R7.7, R6.6)
                void = self._nobody_because(figure)
                self._settlement.append((self.hand_number, figure, None, points, reason, void))
                continue
            self.scores[seat] += points
            self._credits.append((self.hand_number, figure, seat, points, reason))
            self._settlement.append((self.hand_number, figure, seat, points, reason, None))
            if self.scores[seat] >= self.target:
                winner = seat
        if winner is not None:
            self._end_game(winner)
            return
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % self.n  # R2.2
        self._start_hand()

    def _end_game(self, winner: int) -> None:
        self.is_over = True
        self.winner = winner
        low = min(self.scores)
        self.bummerl = [seat for seat, total in enumerate(self.scores) if total == low]  # R8.3
        self.phase = OVER
        self.asked = None

    # ---------------------------------------------------------- diagnostics

    def _why_illegal(self, action: tuple) -> str:
        """A message, starting with the rule id, for an action not in legal_actions()."""
        kind, phase = action[0], self.phase
        seat = self.current_player
        if phase == STEAL:
            return f"R3.7: seat {seat} (cutter) must steal or leave, not {_action_text(action)!r}"
        if kind in ("steal", "leave"):
            return "R3.7: no cut-steal is in progress"
        if phase in (ANSWER, RAISE_ANSWER, RERAISE):
            bid = self.bid
            if kind in ("play", "bid"):
                return (
                    f"R7.1: nothing else happens while the {bid.figure} bid is answered "
                    f"(seat {seat} to answer)"
                )
            if phase == RERAISE:
                return f"R7.6: seat {seat} may only say three or pass"
            if kind == "pass":
                return f"R7.4: seat {seat} answers good, hold or three, not pass"
            if kind == "three" and phase == RAISE_ANSWER:
                return "R7.5: three is the highest stake"
            if not self.holds(seat, bid.figure):
                return f"R7.2: seat {seat} holds no {bid.figure}"
            return f"R7.3: seat {seat} may not raise at {self.limit_value(seat)} points"
        if kind in ("good", "hold", "three"):
            return "R7.4: there is no bid to answer"
        if kind == "bid":
            figure = action[1]
            if any(b.figure == figure for b in self.bids):
                return f"R7.1: {figure} has already been bid this hand"
            if not self.holds(seat, figure):
                if figure == "spiel":
                    return f"R7.2: seat {seat} may not bid spiel: his last-trick card is not of the led suit"
                return f"R7.2: seat {seat} holds no {figure}"
            return f"R7.3: seat {seat} may not open a bid at {self.limit_value(seat)} points"
        if kind == "pass":
            return f"R7.1: seat {seat} must play a card or open a bid, not pass"
        # kind == "play"
        if phase == AFTER:
            return f"R7.1: seat {seat} has played his card; he may bid or pass"
        _, card, named = action
        if card not in self.unplayed[seat]:
            return f"R4.1: seat {seat} does not hold {card_text(card)} unplayed"
        if self.is_wild(card) and named is None:
            return f"R5.2: the wild {card_text(card)} must be named"
        if not self.is_wild(card) and named is not None:
            return f"R5.1: {card_text(card)} is not wild and cannot be named"
        if named is not None:
            if named == WELI:
                return "R5.2: a wild names one of the 32 natural cards"
            if named // 8 in self.failed[seat]:
                return (
                    f"R5.3: seat {seat} has failed to follow {SUIT_NAMES[named // 8]} "
                    f"and cannot name a wild in it"
                )
            if named in self.dealt[seat]:
                return f"R5.3: {card_text(named)} was dealt to seat {seat}"
            if named in self._named_by_played_wilds(seat):
                return f"R5.3: another wild of seat {seat} already names {card_text(named)}"
            return f"R5.3: seat {seat} must follow {SUIT_NAMES[self.led_suit()]} and name the wild in it"
        return f"R4.2: seat {seat} must follow suit ({SUIT_NAMES[self.led_suit()]})"
