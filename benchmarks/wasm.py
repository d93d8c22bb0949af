"""The engine in JavaScript beside Python and native C++, in one run (issue 38; docs/javascript.md, "Speed").

    python benchmarks/wasm.py [--repeats 5] [--write]

Needs bindings/wasm/dist (``npm --prefix bindings/wasm run build``) and node. Measures, for Bieten (tyrol,
four players), Bauernschnapsen and two-player Schnapsen:

- the per-call loop, the same games in both: Node's ``legalActionIds()`` + ``applyId()`` against Python's
  ``legal_action_ids()`` + ``apply_id()`` (game i of seed i, each step the id at a 32-bit LCG's value modulo
  the legal ids' number, so both play exactly the same steps; checked);
- random self-play with no JavaScript per step, ``engine.simulate`` inside WebAssembly, against the native
  ``bieten.simulate(..., threads=1)`` of the same games (the same seeds);
- ``load()`` in a fresh Node process.

Each repeat runs every measurement once, Python and Node alternating (each Node measurement in a process of
its own, after a warm-up that lets the JIT compile the loop); the figures are medians over the repeats. With
``--write`` the section "JavaScript and WebAssembly (issue 38)" of benchmarks/RESULTS.md is replaced (or
appended) with this run's table; the other sections are left as they are.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

import bieten

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "wasm_bench.mjs"
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
TITLE = "## JavaScript and WebAssembly (issue 38)"

# (label, game, knobs, games for the loops, games for simulate)
CONFIGS: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("Bieten, tyrol, 4 players", "bieten", {"preset": "tyrol", "players": 4}, 600, 20_000),
    ("Bauernschnapsen", "schnapsen", {"preset": "bauernschnapsen"}, 1_500, 40_000),
    ("Schnapsen, 2 players", "schnapsen", {"preset": "schnapsen"}, 1_500, 40_000),
]


def node(*args: str) -> dict[str, Any]:
    out = subprocess.run(["node", str(SCRIPT), *args], capture_output=True, text=True, check=True, cwd=ROOT)
    return dict(json.loads(out.stdout))


def make(game: str, knobs: dict[str, Any], seed: int) -> Any:
    rest = dict(knobs)
    preset = rest.pop("preset", None)
    return bieten.make(game, seed=seed, preset=preset, **rest)


def python_loop(game: str, knobs: dict[str, Any], games: int) -> tuple[int, float]:
    def run(n: int) -> int:
        x = 1
        steps = 0
        for i in range(n):
            g = make(game, knobs, i)
            while not g.is_over:
                ids = g.legal_action_ids()
                x = (x * 1103515245 + 12345) & 0xFFFFFFFF
                g.apply_id(ids[x % len(ids)])
                steps += 1
        return steps

    run(games)  # warm-up, as Node's
    gc.disable()
    try:
        start = time.perf_counter()
        steps = run(games)
        return steps, time.perf_counter() - start
    finally:
        gc.enable()


def native_simulate(game: str, knobs: dict[str, Any], games: int) -> tuple[int, float]:
    rules = make(game, knobs, 0).rules
    agents = ["random"] * rules.players
    bieten.simulate(rules, agents, games=games, seed=1, threads=1)  # warm-up, as Node's
    start = time.perf_counter()
    result = bieten.simulate(rules, agents, games=games, seed=12345, threads=1)
    seconds = time.perf_counter() - start
    return int(sum(int(h) for h in result.hands)), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--write", action="store_true", help="replace the section in benchmarks/RESULTS.md")
    args = parser.parse_args()
    started = time.time()
    load_before = os.getloadavg()[0]
    rows: dict[str, dict[str, list[float]]] = {label: {} for label, *_ in CONFIGS}
    loads: list[float] = []
    for repeat in range(args.repeats):
        loads.append(float(node("load")["ms"]))
        for label, game, knobs, loop_games, sim_games in CONFIGS:
            r = rows[label]
            order = [0, 1] if repeat % 2 == 0 else [1, 0]
            for side in order:
                if side == 0:
                    steps, seconds = python_loop(game, knobs, loop_games)
                    r.setdefault("py_steps", []).append(steps)
                    r.setdefault("py_rate", []).append(steps / seconds)
                else:
                    js = node("step", game, json.dumps(knobs), str(loop_games))
                    r.setdefault("js_steps", []).append(js["steps"])
                    r.setdefault("js_rate", []).append(js["steps"] / js["seconds"])
                    r.setdefault("js_cold", []).append(js["steps"] / js["cold"])
            for side in order:
                if side == 0:
                    hands, seconds = native_simulate(game, knobs, sim_games)
                    r.setdefault("native_hands", []).append(hands)
                    r.setdefault("native_rate", []).append(hands / seconds)
                else:
                    sim = node("simulate", game, json.dumps(knobs), str(sim_games))
                    r.setdefault("wasm_hands", []).append(sim["hands"])
                    r.setdefault("wasm_rate", []).append(sim["hands"] / sim["seconds"])
        print(f"repeat {repeat + 1}/{args.repeats} done", flush=True)
    for label, r in rows.items():  # the same games on both sides
        assert set(r["py_steps"]) == set(r["js_steps"]), (label, r["py_steps"], r["js_steps"])
        assert set(r["native_hands"]) == set(r["wasm_hands"]), (label, r["native_hands"], r["wasm_hands"])
    med = statistics.median
    version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    emcc = subprocess.run(
        ["em++", "--version"], capture_output=True, text=True, check=False
    ).stdout.splitlines()
    git = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    lines = [
        TITLE,
        "",
        f"Generated by `python benchmarks/wasm.py --repeats {args.repeats} --write` on "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))} in {time.time() - started:.0f} s "
        f"(bieten {bieten.__version__}, git {git}; node {version}; "
        f"{emcc[0] if emcc else 'em++'}, the module at -O2; "
        f"Python {platform.python_version()}; load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after, "
        "on the shared 2-core machine). Medians over the repeats, Python and Node alternating.",
        "",
        "Per-call loop, the same games step for step (steps per second, every applied action). "
        "Node's figure is its steady state, the third pass over the games in its process; its first pass "
        "in a fresh process, while V8 still runs the module's baseline code and tiers its hot functions "
        "up, is the last column.",
        "",
        "| game | steps | Python `legal_action_ids()` + `apply_id()` "
        "| Node `legalActionIds()` + `applyId()` | Node / Python | Node's first pass (cold) / Python |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, r in rows.items():
        py, js = med(r["py_rate"]), med(r["js_rate"])
        lines.append(
            f"| {label} | {int(r['py_steps'][0]):,} | {py / 1e3:,.0f} k/s ({1e6 / py:.2f} µs) | "
            f"{js / 1e3:,.0f} k/s ({1e6 / js:.2f} µs) | **{js / py:.2f}x** | {med(r['js_cold']) / py:.2f}x |"
        )
    lines += [
        "",
        "Random self-play with no JavaScript per step, one thread "
        "(hands or deals per second, the same games):",
        "",
        "| game | hands | native `bieten.simulate(threads=1)` "
        "| WebAssembly `engine.simulate` | WebAssembly / native |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, r in rows.items():
        nat, wasm = med(r["native_rate"]), med(r["wasm_rate"])
        lines.append(
            f"| {label} | {int(r['native_hands'][0]):,} | {nat / 1e6:.2f} M/s | {wasm / 1e6:.2f} M/s | "
            f"**{wasm / nat:.2f}x** |"
        )
    lines += [
        "",
        f"`load()` in a fresh Node process (import and instantiate): median **{med(loads):.1f} ms** "
        f"(min {min(loads):.1f}, max {max(loads):.1f}; the target is at most 50 ms).",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if args.write:
        text = RESULTS.read_text()
        if TITLE in text:
            head, rest = text.split(TITLE, 1)
            tail = rest[rest.find("\n## ") + 1 :] if "\n## " in rest else ""
            text = head + section + ("\n" + tail if tail else "")
        else:
            text = text.rstrip("\n") + "\n\n" + section
        RESULTS.write_text(text)


if __name__ == "__main__":
    main()
