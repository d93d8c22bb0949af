#!/usr/bin/env python
"""Two installs of bieten side by side: the same calls timed in each, alternately, to show that a change
made nothing slower (issue 21: "nothing more than 5% slower").

    python benchmarks/before_after.py --before /path/to/old/venv/bin/python --after .venv/bin/python
    python benchmarks/before_after.py --before OLD --after NEW --rounds 7 --markdown

Each round runs every measurement once in a fresh process of each interpreter (before, after; the
order swaps every other round so that the host's drift lands on both alike); a measurement is a fixed
workload calibrated to about ``--duration`` seconds in that process. The figures are medians over the
rounds, and the ratio after/before of each round's pair is reported as its median, lowest and highest.
Only calls named in the conformance surface (and ``step``, ``clone``, ``simulate``, ``VectorEnv``, which
both installs have) are used, so the script runs against any version since issue 14. Where pyspiel is
installed, its leduc_poker stepping loop is timed in the same processes as the peer of ``step(id)``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

# The measurements, run inside each interpreter: each prints one JSON object {name: ns_per_unit}.
WORKER = r"""
import gc, json, random, sys, time
import bieten
from bieten import schnapsen
duration = float(sys.argv[1])
out = {}

def timed(fn, unit_count=1):
    # calibrate a repeat count to about `duration` seconds, then time it with the collector off
    n = 1
    while True:
        t = time.perf_counter(); fn(n); dt = time.perf_counter() - t
        if dt > duration / 8 or n > 1 << 30: break
        n *= 2
    n = max(1, int(n * duration / max(dt, 1e-9)))
    gc.disable()
    t = time.perf_counter(); fn(n); dt = time.perf_counter() - t
    gc.enable()
    return dt * 1e9 / (n * unit_count)

def repeat(call, n):
    for _ in range(n):
        call()

FAMILIES = {
    "bieten": (bieten.Game, bieten.Rules()),
    "schnapsen": (schnapsen.Game, schnapsen.Rules.preset("bauernschnapsen")),
}

def mid_game(Game, rules, seed, plies):
    g = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if g.current_player is None: break
        g.apply(rng.choice(g.legal_actions()))
    return g

for fam, (Game, rules) in FAMILIES.items():
    # step(id): the Python int stepping loop (random self-play), per action
    def stepping(n, Game=Game, rules=rules):
        rng = random.Random(7)
        g = Game(rules, seed=1)
        ids = g.legal_action_ids()
        for _ in range(n):
            if not ids:
                g = Game(rules, seed=rng.getrandbits(63))
                ids = g.legal_action_ids()
            ids = g.step(ids[rng.randrange(len(ids))])
    out[f"{fam} step(id) loop, ns/action"] = timed(stepping)
    g = mid_game(Game, rules, 11, 9)
    text = g.to_json()
    data = g.to_bytes()
    for label, call in (
        ("to_json()", g.to_json),
        ("from_json()", lambda: Game.from_json(text)),
        ("to_bytes()", g.to_bytes),
        ("from_bytes()", lambda: Game.from_bytes(data)),
        ("clone()", g.clone),
        ("legal_actions()", g.legal_actions),
        ("legal_action_mask()", g.legal_action_mask),
    ):
        out[f"{fam} {label}, ns"] = timed(lambda n, call=call: repeat(call, n))
    srules = rules
    games = 20000
    def sim(n, srules=srules):
        for i in range(n):
            bieten.simulate(srules, ["random"] * srules.players, games=games, seed=i, threads=1)
    out[f"{fam} simulate random, 1 thread, ns/game"] = timed(sim, games)

try:
    import pyspiel
except ImportError:
    pyspiel = None
if pyspiel is not None:
    # the peer in the same process: pyspiel leduc_poker's Python stepping loop, chance nodes sampled
    leduc = pyspiel.load_game("leduc_poker")

    def spiel_stepping(n):
        rng = random.Random(7)
        state = leduc.new_initial_state()
        for _ in range(n):
            if state.is_terminal():
                state = leduc.new_initial_state()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])

    out["pyspiel leduc_poker stepping loop, ns/action"] = timed(spiel_stepping)

for fam, (Game, rules) in FAMILIES.items():
    env = bieten.VectorEnv(fam, rules, num_envs=1024, seed=3, threads=1)
    obs, mask, *_ = env.reset()
    def vec(n):
        nonlocal_mask = env.reset()[1]
        for _ in range(n):
            m = nonlocal_mask
            acts = m.argmax(axis=1)
            nonlocal_mask = env.step(acts)[1]
    out[f"{fam} VectorEnv 1024 envs 1 thread, ns/env-step"] = timed(vec, 1024)
print(json.dumps(out))
"""


def run(python: str, duration: float) -> dict[str, float]:
    done = subprocess.run([python, "-c", WORKER, str(duration)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{python} failed:\n{done.stderr}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", required=True, help="the Python interpreter with the old bieten")
    parser.add_argument("--after", required=True, help="the Python interpreter with the new bieten")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duration", type=float, default=0.3, help="seconds per measurement")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    rows: dict[str, tuple[list[float], list[float]]] = {}
    for r in range(args.rounds):
        order = [("before", args.before), ("after", args.after)]
        if r % 2:
            order.reverse()
        got = {label: run(python, args.duration) for label, python in order}
        for name in got["before"]:
            if name in got["after"]:
                b, a = rows.setdefault(name, ([], []))
                b.append(got["before"][name])
                a.append(got["after"][name])
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    if args.markdown:
        print("| measurement | before | after | after/before: median (lowest-highest) |")
        print("| --- | ---: | ---: | ---: |")
    for name, (b, a) in rows.items():
        ratios = sorted(x / y for x, y in zip(a, b, strict=True))
        med_b, med_a = statistics.median(b), statistics.median(a)
        if args.markdown:
            print(
                f"| {name} | {med_b:,.0f} | {med_a:,.0f} | {statistics.median(ratios):.3f} "
                f"({ratios[0]:.3f}-{ratios[-1]:.3f}) |"
            )
        else:
            print(
                f"{name:55s} {med_b:12,.0f} {med_a:12,.0f}  x{statistics.median(ratios):.3f} "
                f"[{ratios[0]:.3f}, {ratios[-1]:.3f}]"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
