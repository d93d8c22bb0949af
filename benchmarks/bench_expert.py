"""The ``expert`` agent (docs/agents.md, "expert"): its decision time and its strength, for docs/agents.md
and benchmarks/RESULTS.md.

    python benchmarks/bench_expert.py timing [AGENT] [--positions N] [--seed S]
    python benchmarks/bench_expert.py strength AGENT OPPONENT GAMES [--preset P] [--seed S] [--threads T]

``timing`` asks AGENT (default ``expert``) for its action at N positions (default 500: the decisions with
more than one legal action of seat 0 in seeded ``schnapsen`` games of ``expert`` against ``ismcts``) on one
thread, and prints the median, p99 and mean wall time per decision (the issue's target: a median of at
most 20 ms with the default knobs, on one core).

``strength`` plays GAMES games of preset P (default ``schnapsen``) in ``bieten.simulate``, AGENT in seat 0
for the first half (base seed S) and in seat 1 for the second (seed S + 1), and prints the share of games
AGENT won with its 99% Wilson interval. Every game is a pure function of its seeds, so the result is the
same for any --threads (benchmarks/ismcts_strength.py does the same for any two agents).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import numpy as np

import bieten
from bieten.schnapsen import Game, Rules

Z99 = 2.5758293035489  # two-sided 99% normal quantile


def wilson(wins: int, games: int, z: float = Z99) -> tuple[float, float]:
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - half) / (1 + z * z / games), (centre + half) / (1 + z * z / games)


def timing(agent: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game(Rules.preset("schnapsen"), rng.getrandbits(64), record=False)
        bots = [
            bieten.Agent("expert", seed=rng.getrandbits(32)),
            bieten.Agent("ismcts", seed=rng.getrandbits(32)),
        ]
        while not game.is_over and len(found) < count:
            seat = game.current_player
            if seat == 0 and len(game.legal_action_ids()) > 1:
                found.append(game.clone())
            game.apply_id(bots[seat].act(game))
    bot = bieten.Agent(agent, seed=seed)
    ms = []
    for position in found:
        start = time.perf_counter()
        bot.act(position)
        ms.append(1000 * (time.perf_counter() - start))
    ms.sort()
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(
        f"{agent}: {len(ms)} decisions of schnapsen, median {statistics.median(ms):.2f} ms, "
        f"p99 {p99:.2f} ms, "
        f"mean {statistics.fmean(ms):.2f} ms per decision (one thread)"
    )


def strength(agent: str, opponent: str, games: int, preset: str, seed: int, threads: int) -> None:
    start = time.perf_counter()
    rules = Rules.preset(preset)
    wins = played = 0
    for first in (0, 1):
        names = [opponent, opponent]
        names[first] = agent
        run = bieten.simulate(rules, names, games=games // 2, seed=seed + first, threads=threads)
        wins += int(np.asarray(run.winners)[:, first].sum())
        played += len(run.winners)
    low, high = wilson(wins, played)
    verdict = "stronger" if low > 0.5 else "weaker" if high < 0.5 else "not separated"
    print(
        f"{preset} {agent} vs {opponent}: {wins}/{played} = {wins / played:.3f} [{low:.3f}, {high:.3f}] "
        f"(99% Wilson; {verdict} at 99%)  {time.perf_counter() - start:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("timing")
    t.add_argument("agent", nargs="?", default="expert")
    t.add_argument("--positions", type=int, default=500)
    t.add_argument("--seed", type=int, default=40)
    s = sub.add_parser("strength")
    s.add_argument("agent")
    s.add_argument("opponent")
    s.add_argument("games", type=int)
    s.add_argument("--preset", default="schnapsen")
    s.add_argument("--seed", type=int, default=40)
    s.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    if args.what == "timing":
        timing(args.agent, args.positions, args.seed)
    else:
        strength(args.agent, args.opponent, args.games, args.preset, args.seed, args.threads)


if __name__ == "__main__":
    main()
