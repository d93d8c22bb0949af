"""The ISMCTS agent (issue 13, docs/agents.md "ismcts"): milliseconds per decision on one core.

Target: <= 10 ms per decision at the default budget (5,000 iterations in Bieten, 1,000 in Bauernschnapsen
and Schnapsen). The decisions timed are fixed positions: every decision of the ismcts seat(s) with
more than one legal action in a few seeded games against the heuristic (positions collected once,
then each round asks the agent again at all of them, from a fresh seed, on one thread). The figures
are in RESULTS.md ("ISMCTS") and docs/agents.md.

    python -m pytest benchmarks/test_bench_ismcts.py --benchmark-only -q
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import bieten
from bieten import schnapsen
from bieten._core import schnapsen as score

from conftest import record

TARGET_MS = 10.0
GAMES = 4  # seeded games whose decision points are timed
ROUNDS = 5


def _bieten_positions(name: str) -> list[bieten.Game]:
    positions: list[bieten.Game] = []
    for seed in range(GAMES):
        game = bieten.Game(bieten.Rules(), seed=seed, record=False)
        bots = [bieten.Agent(name if s == 0 else "heuristic", seed=seed * 10 + s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            if seat == 0 and len(game.legal_action_ids()) > 1:
                positions.append(game.clone())
            game.apply_id(bots[seat].act(game))
    return positions


def _schnapsen_positions(preset: str, name: str) -> list[schnapsen.Game]:
    positions: list[schnapsen.Game] = []
    rules = schnapsen.Rules.preset(preset)
    for seed in range(GAMES):
        game = schnapsen.Game(rules, seed=seed, record=False)
        bots = [
            score.CoreAgent(name if s % 2 == 0 else "heuristic", seed * 10 + s) for s in range(rules.players)
        ]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            # Only the card play is searched (elsewhere the agent plays as the heuristic).
            if seat % 2 == 0 and game.phase == "play" and len(game.legal_action_ids()) > 1:
                positions.append(game.clone())
            game.apply_id(bots[seat].act(game))
    return positions


def _time_decisions(benchmark: Any, positions: list[Any], act: Any, label: str) -> None:
    per_round: list[float] = []
    slowest: list[float] = []

    def run() -> None:
        times = []
        for i, game in enumerate(positions):
            start = time.perf_counter()
            act(game, len(per_round) * 1000 + i)
            times.append(time.perf_counter() - start)
        per_round.append(sum(times) / len(times))
        slowest.append(max(times))

    benchmark.pedantic(run, rounds=ROUNDS, iterations=1)
    record(benchmark, label, len(positions), "decisions")
    ms = 1000 * sorted(per_round)[len(per_round) // 2]
    benchmark.extra_info.update(
        decisions=len(positions), ms_per_decision=round(ms, 3), slowest_ms=round(1000 * max(slowest), 3)
    )
    assert ms <= TARGET_MS, f"{label}: {ms:.2f} ms per decision, target {TARGET_MS} ms"


@pytest.mark.parametrize("name", ["ismcts", "ismcts:2ms"])
def test_bieten_ismcts_ms_per_decision(benchmark: Any, name: str) -> None:
    positions = _bieten_positions("ismcts:100")
    _time_decisions(
        benchmark,
        positions,
        lambda g, s: bieten.Agent(name, seed=s).act(g),
        f"bieten_{name.replace(':', '_')}",
    )


@pytest.mark.parametrize("preset", ["bauernschnapsen", "schnapsen"])
@pytest.mark.parametrize("name", ["ismcts", "ismcts:rollout=random"])
def test_schnapsen_ismcts_ms_per_decision(benchmark: Any, preset: str, name: str) -> None:
    positions = _schnapsen_positions(preset, "ismcts:100")
    _time_decisions(
        benchmark,
        positions,
        lambda g, s: score.CoreAgent(name, s).act(g),
        f"{preset}_{name.replace(':', '_').replace('=', '_')}",
    )
