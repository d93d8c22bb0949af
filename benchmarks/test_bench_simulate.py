"""Batch self-play (issue 4): random hands per second on 1 and 2 threads, and the heuristic.

Targets: >= 1,000,000 random hands per second per core; 2 threads >= 1.8x one thread.
"""

from __future__ import annotations

from typing import Any

import bieten

from conftest import record

RULES = bieten.Rules()
RANDOM = ["random"] * 4
MIXED = ["heuristic", "random", "random", "random"]


def _run(agents: list[str], games: int, threads: int) -> int:
    result = bieten.simulate(RULES, agents, games=games, seed=1, threads=threads)
    return int(result.hands.sum())


def test_simulate_random_one_thread(benchmark: Any) -> None:
    hands = _run(RANDOM, 200_000, 1)
    benchmark.pedantic(_run, args=(RANDOM, 200_000, 1), rounds=5, iterations=1)
    record(benchmark, "simulate_random_1_thread", hands, "hands/s")


def test_simulate_random_two_threads(benchmark: Any) -> None:
    hands = _run(RANDOM, 400_000, 2)
    benchmark.pedantic(_run, args=(RANDOM, 400_000, 2), rounds=5, iterations=1)
    record(benchmark, "simulate_random_2_threads", hands, "hands/s")


def test_simulate_heuristic_against_three_random(benchmark: Any) -> None:
    hands = _run(MIXED, 4_000, 2)
    benchmark.pedantic(_run, args=(MIXED, 4_000, 2), rounds=3, iterations=1)
    record(benchmark, "simulate_heuristic_2_threads", hands, "hands/s")
