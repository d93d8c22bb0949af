"""The deterministic deal (docs/rules/bieten.md R3), and the checks of what callers give the deal,
the figures and a game: rules, a dealer (R2.2), a hand of cards (R1.4, R3.6)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bieten import _core
from bieten._core import HandError, SeatError
from bieten._seeds import check_u64
from bieten.bieten._rules import Rules

if TYPE_CHECKING:  # NumPy is imported on first use only (a fast ``import bieten``)
    import numpy as np
    import numpy.typing as npt


def _check_dealer(dealer: object, rules: Rules) -> int:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise SeatError(f"R2.2: dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    return dealer


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a bieten.Rules, not {type(rules).__name__}")
    return rules


def _hand_mask(seat: int, cards: Iterable[object]) -> int:
    # iter(), not isinstance(cards, Iterable): a 0-d NumPy array has an __iter__ that raises TypeError
    # (fuzz/README.md, bug 9)
    try:
        items = None if isinstance(cards, (str, bytes)) else iter(cards)
    except TypeError:
        items = None
    if items is None:
        raise HandError(f"R3.6: seat {seat}'s hand must be a list of cards, not {cards!r}")
    mask = 0
    for card in items:
        card_id = _core.Card(card).id
        if mask >> card_id & 1:
            raise HandError(f"R1.4: seat {seat} lists {_core.Card.from_id(card_id)} twice")
        mask |= 1 << card_id
    return mask


def deal(seed: int, rules: Rules, hand: int = 0, dealer: int = 0) -> list[list[str]]:
    """The cards of every seat in hand ``hand`` of the game with ``seed`` (R3.2-R3.6, no cut-steal).

    Each seat's cards are listed in ascending card id.

    >>> deal(7, Rules(players=2))
    [['HK', 'L9', 'EU'], ['H10', 'H7', 'EO']]
    """
    rules = _check_rules(rules)
    seat = _check_dealer(dealer, rules)
    masks, _top = _core.deal(check_u64(seed), rules._core, check_u64(hand, "hand"), seat)
    return [str(_core.CardSet.from_mask(m)).split() for m in masks]


def deal_top_card(seed: int, rules: Rules, hand: int = 0, dealer: int = 0) -> str:
    """The card that R3.8 turns face up after that deal (the next card of the stock)."""
    rules = _check_rules(rules)
    seat = _check_dealer(dealer, rules)
    _masks, top = _core.deal(check_u64(seed), rules._core, check_u64(hand, "hand"), seat)
    return str(_core.Card.from_id(top))


def random_deals(count: int, rules: Rules, seed: int = 0) -> npt.NDArray[np.uint64]:
    """First-hand deals of ``count`` batch games with base seed ``seed`` (R3.2), as uint64 card masks.

    Returns shape ``(count, rules.players)``; row i is the deal of game seed ``mix64(seed + (i+1) * gamma)``.

    >>> random_deals(3, Rules()).shape
    (3, 4)
    """
    rules = _check_rules(rules)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a non-negative int, not {count!r}")
    return _core.random_deals(check_u64(seed), count, rules._core)
