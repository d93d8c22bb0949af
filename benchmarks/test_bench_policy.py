"""The ``policy`` agent's decision time (issue 23, docs/agents.md "policy"): target at most 50 µs a
decision on one core. Measured in C++ by ``bieten.simulate``'s clock (``SimulationResult.time``: the
wall-clock seconds each seat's agent took over its decisions, no Python on the path), three seats the
policy and one the heuristic, one thread, each game's shipped network; and as CPU time
(``time.process_time``, which a busy shared host does not inflate) of whole games played through
``CoreAgent.act``, the policy's loop minus the same loop with ``random`` choosing.

    python -m pytest benchmarks/test_bench_policy.py --benchmark-only -q
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import bieten
from bieten import schnapsen

from conftest import record

CASES = [
    ("bieten", lambda: bieten.Rules(), 4, 100),
    ("bauernschnapsen", lambda: schnapsen.Rules.preset("bauernschnapsen"), 4, 200),
    ("schnapsen", lambda: schnapsen.Rules.preset("schnapsen"), 2, 400),
]


@pytest.mark.parametrize(("name", "make", "players", "games"), CASES, ids=[c[0] for c in CASES])
def test_policy_decision(benchmark: Any, name: str, make: Any, players: int, games: int) -> None:
    rules = make()
    agents = ["policy"] * players
    agents[-1] = "heuristic"  # a second agent in the same run, for scale
    box: dict[str, Any] = {}

    def run() -> None:
        box["run"] = bieten.simulate(rules, agents, games=games, seed=1, threads=1)

    benchmark.pedantic(run, rounds=3, iterations=1)
    timing = box["run"].time
    seats = range(players - 1)
    decisions = sum(timing.decisions[s] for s in seats)
    seconds = sum(timing.decision_seconds[s] for s in seats)
    micro = 1e6 * seconds / decisions
    heuristic = 1e6 * timing.decision_seconds[players - 1] / max(1, timing.decisions[players - 1])
    benchmark.extra_info.update({"policy_us_per_decision": micro, "heuristic_us_per_decision": heuristic})
    print(f"\n{name}: policy {micro:.2f} µs a decision over {decisions:,}; heuristic {heuristic:.2f} µs")
    record(benchmark, f"policy_{name}_games", games, "games/s")


def _cpu_per_decision(make: Any, agent: str, games: int) -> tuple[float, int]:
    """CPU seconds of ``games`` whole games with ``agent`` at every seat (act + apply_id), and the
    number of decisions."""
    from bieten import _core

    rules = make()
    bieten_rules = isinstance(rules, bieten.Rules)
    player = (_core.CoreAgent if bieten_rules else _core.schnapsen.CoreAgent)(agent, 1)
    maker = bieten.Game if bieten_rules else schnapsen.Game
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        g = maker(rules, seed, record=False)
        while not g.is_over:
            g.apply_id(player.act(g))
            decisions += 1
    return time.process_time() - start, decisions


@pytest.mark.parametrize(("name", "make", "players", "games"), CASES, ids=[c[0] for c in CASES])
def test_policy_decision_cpu_time(benchmark: Any, name: str, make: Any, players: int, games: int) -> None:
    box: dict[str, float] = {}

    def run() -> None:
        policy, n = _cpu_per_decision(make, "policy", games // 4)
        plain, m = _cpu_per_decision(make, "random", games // 4)
        box["us"] = 1e6 * (policy / n - plain / m)

    benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["policy_cpu_us_per_decision"] = box["us"]
    print(f"\n{name}: policy {box['us']:.2f} µs of CPU a decision (beyond a random decision's)")
