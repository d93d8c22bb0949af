"""Cards (R1): ids, suits, ranks and the text form."""

from __future__ import annotations

SUITS = "HLSE"  # R1.1: Hearts, Leaves, Bells, Acorns
RANKS = ("A", "K", "O", "U", "10", "9", "8", "7")  # R1.2: high to low
WELI = 32  # R1.3/R1.4: the Six of Bells

HEARTS, LEAVES, BELLS, ACORNS = 0, 1, 2, 3
BELLS_7 = BELLS * 8 + 7  # 23
ACORNS_7 = ACORNS * 8 + 7  # 31
WELI_RANK = 8  # R1.3: in natural rules the Weli ranks below the 7 (a rank of its own)

DECK = tuple(range(33))  # R1.4: canonical deck order is ascending id


def is_card(card: object) -> bool:
    """True for an int (not a bool) that is a card id 0..32."""
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card <= WELI


def make_card(suit: int, rank: int) -> int:
    """R1.4: id of the natural card with this suit and rank index."""
    if not (0 <= suit < 4 and 0 <= rank < 8):
        raise ValueError(f"R1.4: no natural card with suit {suit} and rank {rank}")
    return suit * 8 + rank


def suit_of(card: int) -> int:
    """Suit index of a card; the Weli is a Bells card (R1.3)."""
    _check(card)
    return BELLS if card == WELI else card // 8


def rank_of(card: int) -> int:
    """Rank index of a card (0 = Sow); the Weli gets 8, below the 7 (R1.3)."""
    _check(card)
    return WELI_RANK if card == WELI else card % 8


def parse_card(text: str) -> int:
    """R1.5: parse a card's text, case-insensitively; `W` and `Weli` mean `S6`."""
    if not isinstance(text, str):
        raise ValueError(f"R1.5: not a card: {text!r}")
    upper = text.upper()
    if upper in ("S6", "W", "WELI"):
        return WELI
    if len(upper) >= 2 and upper[0] in SUITS and upper[1:] in RANKS:
        return SUITS.index(upper[0]) * 8 + RANKS.index(upper[1:])
    raise ValueError(f"R1.5: not a card: {text!r}")


def card_text(card: int) -> str:
    """R1.5: canonical text of a card id, e.g. 0 -> 'HA', 32 -> 'S6'."""
    _check(card)
    if card == WELI:
        return "S6"
    return SUITS[card // 8] + RANKS[card % 8]


def _check(card: object) -> None:
    if not is_card(card):
        raise ValueError(f"R1.4: not a card id: {card!r}")
