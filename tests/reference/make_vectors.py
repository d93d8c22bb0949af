"""Write tests/data/deal_vectors.json, the golden vectors of the deal (R3).

Run from anywhere: python tests/reference/make_vectors.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from reference.cards import card_text
    from reference.deal import SplitMix64, deal, mix64
    from reference.rules import make_rules
else:
    from .cards import card_text
    from .deal import SplitMix64, deal, mix64
    from .rules import make_rules

OUTPUT = Path(__file__).resolve().parent.parent / "data" / "deal_vectors.json"

# (seed, hand, dealer, players, hand_size)
CASES: list[tuple[int, int, int, int, int]] = [
    (0, 0, 0, 4, 3),
    (0, 0, 0, 2, 3),
    (0, 1, 1, 3, 4),
    (0, 5, 4, 5, 4),
    (7, 0, 0, 4, 3),
    (7, 0, 2, 4, 3),
    (7, 1, 0, 2, 4),
    (7, 3, 2, 3, 3),
    (2**64 - 1, 0, 0, 5, 3),
    (2**64 - 1, 2, 1, 2, 3),
    (2**64 - 1, 9, 3, 4, 4),
    (1, 0, 0, 3, 3),
    (42, 4, 1, 5, 3),
    (2**63, 0, 1, 4, 4),
    (0x9E3779B97F4A7C15, 1, 0, 2, 3),
    (0xDEADBEEFCAFEBABE, 7, 3, 5, 4),
    (12345678901234567890, 12, 2, 3, 4),
    (0x0123456789ABCDEF, 100, 3, 4, 3),
    (18000000000000000000, 31, 4, 5, 3),
    (2**32 + 17, 2, 1, 2, 4),
]


def vectors() -> dict:
    gen = SplitMix64(0)
    first5 = [gen.next() for _ in range(5)]
    mixes = [mix64(z) for z in range(3)]
    out = []
    for seed, hand, dealer, players, hand_size in CASES:
        rules = make_rules("bavaria", players=players, hand_size=hand_size)
        hands = deal(seed, rules, hand=hand, dealer=dealer)
        out.append(
            {
                "seed": seed,
                "hand": hand,
                "dealer": dealer,
                "players": players,
                "hand_size": hand_size,
                "hands": [[card_text(card) for card in cards] for cards in hands],
            }
        )
    return {
        "description": (
            "Golden vectors of the Bieten deal (docs/rules/bieten.md R3), written by "
            "tests/reference/make_vectors.py from the independent Python reference. "
            "Each vector is bieten.deal(seed, rules, hand, dealer) without cut-steal for rules "
            "with the given players and hand_size: hands seat by seat, each in ascending card id, "
            "cards in canonical text (R1.5). splitmix64_state0_first5: the first five next() "
            "values of SplitMix64 with state 0 (R3.1); mix64_0_to_2: mix64(0), mix64(1), "
            "mix64(2). The *_hex lists repeat them as hex strings for JSON readers without "
            "64-bit integers."
        ),
        "splitmix64_state0_first5": first5,
        "splitmix64_state0_first5_hex": [f"0x{value:016X}" for value in first5],
        "mix64_0_to_2": mixes,
        "mix64_0_to_2_hex": [f"0x{value:016X}" for value in mixes],
        "vectors": out,
    }


def render(data: dict) -> str:
    """JSON with one line per top-level list entry and per vector, for readable diffs."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list):
            lines.append(f" {json.dumps(key)}: [")
            for row, entry in enumerate(value):
                sep = "," if row < len(value) - 1 else ""
                lines.append(f"  {json.dumps(entry)}{sep}")
            lines.append(f" ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(render(vectors()))
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
