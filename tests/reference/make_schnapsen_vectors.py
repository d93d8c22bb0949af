"""Write tests/data/schnapsen_deal_vectors.json, the golden vectors of the Schnapsen deal (S3).

Run from anywhere: python tests/reference/make_schnapsen_vectors.py
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from reference.cards import card_text
    from reference.make_vectors import render
    from reference.schnapsen import PACK, deal, make_rules, shuffled_deck
else:
    from .cards import card_text
    from .make_vectors import render
    from .schnapsen import PACK, deal, make_rules, shuffled_deck

OUTPUT = Path(__file__).resolve().parent.parent / "data" / "schnapsen_deal_vectors.json"

# (seed, hand, dealer, players, knock)
CASES: list[tuple[int, int, int, int, bool]] = [
    (0, 0, 0, 4, False),
    (0, 0, 0, 4, True),
    (0, 0, 0, 2, False),
    (0, 0, 0, 2, True),
    (0, 1, 1, 4, False),
    (0, 3, 1, 2, True),
    (7, 0, 0, 4, False),
    (7, 0, 0, 2, False),
    (7, 0, 1, 2, True),
    (7, 2, 3, 4, True),
    (2**64 - 1, 0, 0, 4, False),
    (2**64 - 1, 0, 0, 2, True),
    (2**64 - 1, 5, 2, 4, True),
    (2**64 - 1, 9, 1, 2, False),
    (1, 0, 3, 4, False),
    (42, 4, 1, 2, False),
    (2**63, 1, 2, 4, False),
    (0x9E3779B97F4A7C15, 0, 1, 2, False),
    (0xDEADBEEFCAFEBABE, 7, 0, 4, True),
    (12345678901234567890, 12, 1, 2, True),
    (0x0123456789ABCDEF, 100, 3, 4, False),
    (18000000000000000000, 31, 0, 2, False),
    (2**32 + 17, 2, 2, 4, True),
    (987654321, 20, 1, 2, True),
]


def vectors() -> dict:
    out = []
    for seed, hand, dealer, players, knock in CASES:
        rules = make_rules(players=players)
        deck, c = shuffled_deck(seed, hand)
        dealt = deal(seed, rules, hand=hand, dealer=dealer, knock=knock)
        out.append(
            {
                "seed": seed,
                "hand": hand,
                "dealer": dealer,
                "players": players,
                "knock": knock,
                "deck": [card_text(card) for card in deck],
                "c": c,
                **dealt,
            }
        )
    return {
        "description": (
            "Golden vectors of the Schnapsen deal (docs/rules/schnapsen.md S3), written by "
            "tests/reference/make_schnapsen_vectors.py from the independent Python reference. "
            "Deal `hand` of game seed `seed` draws from SplitMix64 with state mix64(seed + (hand+1)*gamma) "
            "(S3.1, as R3.1-R3.3). deck: the shuffled deck of S3.2 (top card first), before the cut; "
            "c: 1 + bounded(19), drawn after the shuffle whether the deal is cut or knocked (S3.3). "
            "hands, trump_card, stock: schnapsen.deal(seed, Rules(players=players), hand, dealer, knock) "
            "- each seat's hand in dealt order (S3.4-S3.6), the face-up trump card (None with 4 players) "
            "and the face-down stock top first without the trump card ([] with 4 players). "
            "canonical_deck: the deck of S1.3 before the shuffle. Cards in canonical text "
            "(suit H L S E, then A K O U 10; card id 8*suit + rank)."
        ),
        "canonical_deck": [card_text(card) for card in PACK],
        "vectors": out,
    }


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(render(vectors()))
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
