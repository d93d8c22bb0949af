#!/usr/bin/env python
"""Random Bieten self-play (``bieten.simulate``, one thread) in two builds, alternately, each in a fresh
process pinned to one core: the way to tell a change of a few percent in the random loop from this
host's drift (issue 25 item 4; benchmarks/RESULTS.md, "Issue 25 item 4, sixth pass").

    python benchmarks/simulate_before_after.py /tmp/before -            # a copied build, then this checkout
    python benchmarks/simulate_before_after.py /tmp/before - --pairs 14 --games 100000 --cpu 1

A build is ``-`` (this checkout's editable install) or a directory holding a built ``bieten`` package
(its python/bieten with the built ``_core`` copied in, as benchmarks/records_before_after.py's
``BEFORE=`` takes). Each pair runs A then B, or B then A every other pair, so that slow drift lands on
both; a process plays three runs of ``--games`` games through the core's simulate (the one call that
``bieten.simulate`` makes per chunk) and reports the best of the last two in wall ns a hand. Printed:
each build's runs, their medians, and the median of the pairs' ratios B/A with how many pairs B won.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys

CHILD = r"""
import os, sys, time
if os.environ.get("BEFORE"):
    sys.meta_path[:] = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, os.environ["BEFORE"])
import bieten
from bieten import _core
rules, games = bieten.Rules(), int(sys.argv[1])
runs = []
for seed in (1, 2, 3):
    t0 = time.perf_counter()
    part = _core.simulate(rules._core, ["random"] * 4, [None] * 4, seed, games, 0, games, 0, 1, 1)
    runs.append((time.perf_counter() - t0) / int(part["hands"].sum()) * 1e9)
print(min(runs[1:]))
"""


def run_once(build: str, games: int, cpu: str | None) -> float:
    env = dict(os.environ)
    env.pop("BEFORE", None)
    if build != "-":
        env["BEFORE"] = build
    command = [sys.executable, "-c", CHILD, str(games)]
    if cpu is not None and shutil.which("taskset"):
        command = ["taskset", "-c", cpu, *command]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("a", help="build A: '-' or a directory holding a built bieten package")
    parser.add_argument("b", help="build B, the same")
    parser.add_argument("--pairs", type=int, default=10, help="alternating pairs of processes (10)")
    parser.add_argument("--games", type=int, default=100_000, help="games per run (100,000)")
    parser.add_argument("--cpu", default="1", help="the core to pin to with taskset; '' for none (1)")
    args = parser.parse_args()
    cpu = args.cpu or None
    times: dict[str, list[float]] = {"A": [], "B": []}
    for i in range(args.pairs):
        order = [("A", args.a), ("B", args.b)] if i % 2 == 0 else [("B", args.b), ("A", args.a)]
        for name, build in order:
            times[name].append(run_once(build, args.games, cpu))
    ratios = [b / a for a, b in zip(times["A"], times["B"], strict=True)]
    for name in ("A", "B"):
        print(name, " ".join(f"{t:.0f}" for t in times[name]))
    wins = sum(r < 1 for r in ratios)
    print(
        f"median ns a hand: A {statistics.median(times['A']):.0f}, B {statistics.median(times['B']):.0f}; "
        f"paired B/A {statistics.median(ratios):.3f}, B faster in {wins} of {len(ratios)}"
    )


if __name__ == "__main__":
    main()
