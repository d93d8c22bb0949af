"""Figure winners (R6), by plain enumeration of every set and every run.

Red and Green (R6.1), Gleich (R6.2), Hanger (R6.3), the tie rules (R6.5, with R5.4 for
named wilds) and the Weli point (R6.6). Spiel (R6.4) depends on the play and is not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import (
    ACORNS,
    ACORNS_7,
    BELLS,
    BELLS_7,
    HEARTS,
    LEAVES,
    WELI,
    is_card,
    parse_card,
    rank_of,
    suit_of,
)
from .rules import check_rules, wild_cards

# R5.4: among cards of one identity, the natural card is highest, then Weli > Bells 7 > Acorns 7.
WILD_ORDER: dict[int | None, int] = {None: 3, WELI: 2, BELLS_7: 1, ACORNS_7: 0}
# R6.5: Leaves > Hearts > Bells = Acorns.
SUIT_PRIORITY = {LEAVES: 2, HEARTS: 1, BELLS: 0, ACORNS: 0}


@dataclass(frozen=True)
class Counted:
    """A card as it counts for the figures: its identity and, for a named wild, the wild."""

    identity: int
    wild: int | None

    @property
    def physical(self) -> int:
        return self.identity if self.wild is None else self.wild

    @property
    def suit(self) -> int:
        return suit_of(self.identity)  # a natural Weli is a Bells card (R1.3)

    @property
    def rank(self) -> int:
        return rank_of(self.identity)  # a natural Weli ranks 8, below the 7 (R1.3, R6.3)


def _check_shape(cards: list, rules: dict) -> None:
    check_rules(rules)
    if not isinstance(cards, (list, tuple)) or len(cards) != rules["players"]:
        raise ValueError(f"R2.1: need one hand per seat ({rules['players']})")
    for seat, hand in enumerate(cards):
        if not isinstance(hand, (list, tuple)) or len(hand) != rules["hand_size"]:
            raise ValueError(f"R3.6: seat {seat} must have {rules['hand_size']} cards")


def _normalise(cards: list, rules: dict) -> list[list[Counted]]:
    """Validate figure_winners input and turn it into Counted cards."""
    _check_shape(cards, rules)
    wilds = wild_cards(rules)
    seats: list[list[Counted]] = []
    physical_seen: set[int] = set()
    for seat, hand in enumerate(cards):
        counted: list[Counted] = []
        for entry in hand:
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                raise ValueError(f"seat {seat}: expected (identity, wild), not {entry!r}")
            identity, wild = entry
            if not is_card(identity):
                raise ValueError(f"R1.4: seat {seat}: not a card id: {identity!r}")
            if wild is None:
                if identity in wilds:
                    raise ValueError(f"R5.2: seat {seat}: wild card {identity} must be named")
            else:
                if not is_card(wild) or wild not in wilds:
                    raise ValueError(f"R5.1: seat {seat}: {wild!r} is not a wild card here")
                if identity == WELI:
                    raise ValueError(f"R5.2: seat {seat}: a wild names a natural card 0..31")
            card = Counted(identity, wild)
            if card.physical in physical_seen:
                raise ValueError(f"R1.4: card {card.physical} appears twice")
            physical_seen.add(card.physical)
            if any(other.identity == identity for other in counted):
                raise ValueError(f"R5.3: seat {seat} counts card {identity} twice")
            counted.append(card)
        seats.append(counted)
    return seats


def _tie_key(cards: tuple[Counted, ...], rules: dict) -> tuple[int, ...]:
    """R6.5 after size and rank: fewer wilds, then (suit_priority only) the best suit."""
    wild_count = sum(1 for card in cards if card.wild is not None)
    if rules["ties"] == "suit_priority":
        return (-wild_count, max(SUIT_PRIORITY[card.suit] for card in cards))
    return (-wild_count,)


def is_set(cards: tuple[Counted, ...]) -> bool:
    """R6.2: 2 or more cards of equal rank; the natural Weli is the only 6, so never."""
    if len(cards) < 2 or any(card.identity == WELI for card in cards):
        return False
    return len({card.rank for card in cards}) == 1


def is_run(cards: tuple[Counted, ...]) -> bool:
    """R6.3: 2 or more cards of one suit with consecutive ranks (Weli below the Bells 7)."""
    if len(cards) < 2 or len({card.suit for card in cards}) != 1:
        return False
    ranks = sorted(card.rank for card in cards)
    return all(ranks[i + 1] == ranks[i] + 1 for i in range(len(ranks) - 1))


def gleich_key(cards: tuple[Counted, ...], rules: dict) -> tuple[int, ...]:
    """R6.2/R6.5: size, then rank (higher rank = smaller index), then the tie rules."""
    return (len(cards), -cards[0].rank, *_tie_key(cards, rules))


def hanger_key(cards: tuple[Counted, ...], rules: dict) -> tuple[int, ...]:
    """R6.3/R6.5: length, then top card's rank, then the tie rules."""
    top = min(card.rank for card in cards)
    return (len(cards), -top, *_tie_key(cards, rules))


def _subsets(hand: list[Counted]) -> list[tuple[Counted, ...]]:
    return [sub for size in range(2, len(hand) + 1) for sub in combinations(hand, size)]


def best_gleich(hand: list[Counted], rules: dict) -> tuple[int, ...] | None:
    """The key of this seat's best set (R6.2, R6.5), or None without a set."""
    keys = [gleich_key(sub, rules) for sub in _subsets(hand) if is_set(sub)]
    return max(keys) if keys else None


def best_hanger(hand: list[Counted], rules: dict) -> tuple[int, ...] | None:
    """The key of this seat's best run (R6.3, R6.5), or None without a run."""
    keys = [hanger_key(sub, rules) for sub in _subsets(hand) if is_run(sub)]
    return max(keys) if keys else None


def _sole_best(keys: list[tuple[int, ...] | None]) -> int | None:
    """The seat with the strictly highest key; None when nobody has one or it is tied."""
    present = [key for key in keys if key is not None]
    if not present:
        return None
    best = max(present)
    seats = [seat for seat, key in enumerate(keys) if key == best]
    return seats[0] if len(seats) == 1 else None


def _highest_of_suit(seats: list[list[Counted]], suit: int) -> int | None:
    """R6.1 with R5.4: the seat with the highest card of `suit`, or None."""
    best: tuple[tuple[int, int], int] | None = None
    for seat, hand in enumerate(seats):
        for card in hand:
            if card.identity != WELI and card.suit == suit:
                key = (-card.rank, WILD_ORDER[card.wild])
                if best is None or key > best[0]:
                    best = (key, seat)
    return None if best is None else best[1]


def figure_winners(cards: list[list[tuple[int, int | None]]], rules: dict) -> dict[str, int | None]:
    """R6: winners of Red, Green, Gleich, Hanger (and the Weli point when weli_point).

    cards[seat] lists (identity, wild): wild is None for a natural card, else the physical
    wild card (32, 23 or 31) and identity the natural card 0..31 it was named as.
    """
    seats = _normalise(cards, rules)
    result: dict[str, int | None] = {
        "red": _highest_of_suit(seats, HEARTS),
        "green": _highest_of_suit(seats, LEAVES),
        "gleich": _sole_best([best_gleich(hand, rules) for hand in seats]),
        "hanger": _sole_best([best_hanger(hand, rules) for hand in seats]),
    }
    if rules["weli_point"]:
        # R6.6: the player dealt the (physical) Weli.
        result["weli"] = next(
            (seat for seat, hand in enumerate(seats) if any(c.physical == WELI for c in hand)),
            None,
        )
    return result


def figures_held(cards: list[list[tuple[int, int | None]]], rules: dict) -> dict[str, bool]:
    """Whether any seat holds Red, Green, Gleich, Hanger (R6.1-R6.3) or was dealt the Weli (R6.6).

    Same input as figure_winners. A figure held by somebody but won by nobody is a tie (R6.5).
    """
    seats = _normalise(cards, rules)
    every = [card for hand in seats for card in hand]
    return {
        "red": any(card.suit == HEARTS for card in every),
        "green": any(card.suit == LEAVES for card in every),
        "gleich": any(best_gleich(hand, rules) is not None for hand in seats),
        "hanger": any(best_hanger(hand, rules) is not None for hand in seats),
        "weli": any(card.physical == WELI for card in every),
    }


def evaluate(hands: list[list[int]], rules: dict) -> dict[str, int | None]:
    """R6 for natural cards only, as bieten.evaluate in CONFORMANCE.md.

    Cards may be ids or texts. One hand per seat, hand_size cards each, no card twice,
    no wild card of these rules; anything else raises ValueError.
    """
    _check_shape(hands, rules)
    wilds = wild_cards(rules)
    ids: list[list[int]] = []
    for seat, hand in enumerate(hands):
        seat_ids = [parse_card(card) if isinstance(card, str) else card for card in hand]
        for card in seat_ids:
            if not is_card(card):
                raise ValueError(f"R1.4: seat {seat}: not a card: {card!r}")
            if card in wilds:
                raise ValueError(f"R5.1: seat {seat}: card {card} is wild in these rules")
        ids.append(seat_ids)
    flat = [card for hand in ids for card in hand]
    if len(set(flat)) != len(flat):
        raise ValueError("R1.4: a card appears twice")
    return figure_winners([[(card, None) for card in hand] for hand in ids], rules)
