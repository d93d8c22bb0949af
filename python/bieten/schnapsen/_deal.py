"""The deterministic deal of Bauernschnapsen and Schnapsen (rulebook S3), for ports in other languages."""

from __future__ import annotations

from typing import Any

from bieten._core import schnapsen as _core
from bieten._seeds import check_u64
from bieten.schnapsen._game import check_dealer, check_rules
from bieten.schnapsen._rules import Rules


def deal(seed: int, rules: Rules, hand: int = 0, dealer: int = 0, knock: bool = False) -> dict[str, Any]:
    """Deal number ``hand`` of the game with ``seed`` (S3): each hand in dealt order, the trump card and
    the stock (top first, without the trump card); ``knock=True`` deals five at a time without the cut.

    >>> dealt = deal(7, Rules.preset("schnapsen"))
    >>> dealt["hands"], dealt["trump_card"]
    ([['E10', 'LO', 'LU', 'HA', 'HU'], ['SO', 'S10', 'LK', 'EA', 'SU']], 'H10')
    >>> dealt["stock"]
    ['EO', 'HK', 'EK', 'SK', 'EU', 'HO', 'LA', 'SA', 'L10']
    """
    check_rules(rules)
    seed = check_u64(seed)
    hand = check_u64(hand, "hand")
    check_dealer(dealer, rules)
    if not isinstance(knock, bool):
        raise TypeError(f"knock must be a bool, not {knock!r}")
    return dict(_core.deal(seed, rules._core, hand, dealer, knock))
