"""The speed of ``bieten.schnapsen.solve`` (docs/solve.md), for docs/agents.md and benchmarks/RESULTS.md:
median and p99 wall time per call, through Python (the dict of values included), one thread.

    python benchmarks/bench_solve.py [POSITIONS] [--seed S]

Two sets of POSITIONS positions each (default 2,000), from seeded random ``schnapsen`` games:

- *closed*: the leader closes the stock (S6.7) with 5 cards in each hand, before its first card;
- *exhausted*: the first lead after the last two stock cards are drawn (S6.4), 5 cards in each hand.

Each position is solved once and that call timed: the solver's table (kept from call to call on the
thread) may hold positions of earlier calls, but every position of the run is new to it, so its
subtree is searched (a second call on the same position would find its values in the table and take
under a microsecond). The issue's targets: closed, median at most 50 us and p99 at
most 1 ms; exhausted, median at most 20 us.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bieten.schnapsen import Game, Rules, solve


def positions(kind: str, count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        game = Game(Rules.preset("schnapsen"), rng.getrandbits(64), record=False)
        while not game.is_over and len(out) < count:
            legal = [str(a) for a in game.legal_actions()]
            hands = game.hands
            if game.phase == "play" and not game.trick() and len(hands[0]) == len(hands[1]) == 5:
                if kind == "closed" and "close" in legal and rng.random() < 0.3:
                    game.apply("close")
                    out.append(game.clone())
                    break
                if kind == "exhausted" and game.stock_count == 0 and not game.closed:
                    out.append(game.clone())
                    break
            plain = [a for a in legal if a not in ("claim", "close")] or legal
            game.apply(rng.choice(plain))
    return out


def timed(games: list[Game]) -> list[float]:
    """Microseconds of the one call per position."""
    out = []
    for game in games:
        start = time.perf_counter_ns()
        solve(game)
        out.append((time.perf_counter_ns() - start) / 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("positions", type=int, nargs="?", default=2000)
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args()
    for kind in ("closed", "exhausted"):
        us = sorted(timed(positions(kind, args.positions, args.seed)))
        p99 = us[min(len(us) - 1, int(0.99 * len(us)))]
        print(
            f"solve, {kind} with 5 cards each: {len(us)} positions, median {statistics.median(us):.1f} us, "
            f"p99 {p99:.1f} us, max {us[-1]:.1f} us"
        )


if __name__ == "__main__":
    main()
