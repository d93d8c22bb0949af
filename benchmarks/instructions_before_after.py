#!/usr/bin/env python
"""Instructions, not seconds: the calls of before_after.py counted by callgrind in two installs of
bieten, for a before/after comparison that the host's noise cannot blur (issue 37: "each at most 5%
slower", on a shared 2-core host whose wall-clock pairs swing by 10-20%).

    python benchmarks/instructions_before_after.py --before OLD/bin/python --after NEW/bin/python

Each measurement runs a fixed workload twice under ``valgrind --tool=callgrind`` in each interpreter,
once small and once large, and reports the difference divided by the extra units: instructions per
unit with the start-up (imports, the first deal) taken out. Two columns per install: every
instruction of the process, and those in bieten's compiled module (``_core*.so``) alone, which
Python's own bookkeeping (the collector, dict resizes) cannot move. PYTHONHASHSEED is fixed so that
the interpreter's share repeats too. Needs valgrind's callgrind and callgrind_annotate on PATH; the
two installs run side by side, one process each.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

# The workload, run inside each interpreter: argv = what, game, units.
WORKER = r"""
import random, sys
import bieten
from bieten import schnapsen
what, fam, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
Game, rules = {"bieten": (bieten.Game, bieten.Rules()),
               "schnapsen": (schnapsen.Game, schnapsen.Rules.preset("bauernschnapsen"))}[fam]
if what == "step(id) loop, per action":
    rng = random.Random(7)
    g = Game(rules, seed=1)
    ids = g.legal_action_ids()
    for _ in range(n):
        if not ids:
            g = Game(rules, seed=rng.getrandbits(63))
            ids = g.legal_action_ids()
        ids = g.step(ids[rng.randrange(len(ids))])
elif what == "simulate random, 1 thread, per hand":
    if n:
        bieten.simulate(rules, ["random"] * rules.players, games=n, seed=5, threads=1)
elif what == "VectorEnv 1024 envs 1 thread, per env-step":
    env = bieten.VectorEnv(fam, rules, num_envs=1024, seed=3, threads=1)
    m = env.reset()[1]
    for _ in range(n // 1024):
        m = env.step(m.argmax(axis=1))[1]
else:
    g = Game(rules, seed=11)
    rng = random.Random(11)
    for _ in range(9):
        g.apply(rng.choice(g.legal_actions()))
    text, data = g.to_json(), g.to_bytes()
    call = {"to_json()": g.to_json, "from_json()": lambda: Game.from_json(text), "to_bytes()": g.to_bytes,
            "from_bytes()": lambda: Game.from_bytes(data), "clone()": g.clone,
            "legal_actions()": g.legal_actions, "legal_action_mask()": g.legal_action_mask}[what]
    for _ in range(n):
        call()
"""

# (measurement, small and large unit counts)
MEASUREMENTS: list[tuple[str, int, int]] = [
    ("step(id) loop, per action", 10_000, 60_000),
    ("to_json()", 5_000, 30_000),
    ("from_json()", 2_000, 12_000),
    ("to_bytes()", 5_000, 30_000),
    ("from_bytes()", 2_000, 12_000),
    ("clone()", 10_000, 60_000),
    ("legal_actions()", 10_000, 60_000),
    ("legal_action_mask()", 10_000, 60_000),
    ("simulate random, 1 thread, per hand", 0, 20_000),
    ("VectorEnv 1024 envs 1 thread, per env-step", 20 * 1024, 120 * 1024),
]

_COUNT = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$")


def count(python: str, what: str, game: str, units: int) -> tuple[int, int]:
    """(every instruction, the compiled module's) of one run of the workload."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c", WORKER]
        subprocess.run([*cmd, what, game, str(units)], env=env, check=True, capture_output=True)
        listing = subprocess.run(
            ["callgrind_annotate", "--threshold=100", out], check=True, capture_output=True, text=True
        ).stdout
    total = module = 0
    for line in listing.splitlines():
        m = _COUNT.match(line)
        if not m:
            continue
        n = int(m.group(1).replace(",", ""))
        if "PROGRAM TOTALS" in m.group(2):
            total = n
        elif re.search(r"/bieten/_core[^/]*\.so\]$", m.group(2)):
            module += n
    return total, module


def per_unit(python: str, what: str, game: str, small: int, large: int) -> tuple[float, float]:
    t0, m0 = count(python, what, game, small)
    t1, m1 = count(python, what, game, large)
    return (t1 - t0) / (large - small), (m1 - m0) / (large - small)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", required=True, help="the Python interpreter with the old bieten")
    parser.add_argument("--after", required=True, help="the Python interpreter with the new bieten")
    parser.add_argument("--games", nargs="+", default=["bieten", "schnapsen"])
    args = parser.parse_args(argv)
    print(
        "| measurement | before: all | after: all | after/before "
        "| before: module | after: module | after/before |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    with ThreadPoolExecutor(2) as pool:
        for game in args.games:
            for what, small, large in MEASUREMENTS:
                pythons = (args.before, args.after)
                jobs = [pool.submit(per_unit, py, what, game, small, large) for py in pythons]
                b, a = (job.result() for job in jobs)
                print(
                    f"| {game} {what} | {b[0]:,.0f} | {a[0]:,.0f} | {a[0] / b[0]:.3f} "
                    f"| {b[1]:,.0f} | {a[1]:,.0f} | {a[1] / b[1]:.3f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
