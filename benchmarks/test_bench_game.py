"""Stepping a game: Python loops over bieten and OpenSpiel, and bieten's C++ self-play.

Target (issue 3): Python stepping on the int path >= 1.5x pyspiel's leduc_poker loop in the same run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import bieten

from conftest import record

RULES = bieten.Rules()
GAMES = 200


def _step_ids(games: int) -> int:
    rng = random.Random(1)
    actions = 0
    for seed in range(games):
        game = bieten.Game(RULES, seed=seed)
        legal, apply = game.legal_action_ids, game.apply_id
        while not game.is_over:
            ids = legal()
            apply(ids[rng.randrange(len(ids))])
            actions += 1
    return actions


def _step_returning_ids(games: int) -> int:
    rng = random.Random(1)
    actions = 0
    for seed in range(games):
        game = bieten.Game(RULES, seed=seed)
        step = game.step
        ids = game.legal_action_ids()
        while ids:
            ids = step(ids[rng.randrange(len(ids))])
            actions += 1
    return actions


def _step_objects(games: int) -> int:
    rng = random.Random(1)
    actions = 0
    for seed in range(games):
        game = bieten.Game(RULES, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return actions


def test_python_stepping_int_path(benchmark: Any) -> None:
    actions = _step_ids(GAMES)
    benchmark.pedantic(_step_ids, args=(GAMES,), rounds=5, iterations=1, warmup_rounds=1)
    record(benchmark, "step_ids", actions, "actions/s")


def test_python_stepping_step_returning_ids(benchmark: Any) -> None:
    actions = _step_returning_ids(GAMES)
    benchmark.pedantic(_step_returning_ids, args=(GAMES,), rounds=5, iterations=1, warmup_rounds=1)
    record(benchmark, "step_returning_ids", actions, "actions/s")


def test_python_stepping_object_path(benchmark: Any) -> None:
    actions = _step_objects(GAMES // 4)
    benchmark.pedantic(_step_objects, args=(GAMES // 4,), rounds=5, iterations=1, warmup_rounds=1)
    record(benchmark, "step_objects", actions, "actions/s")


def test_pyspiel_leduc_stepping(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("leduc_poker")

    def run() -> int:
        rng = random.Random(1)
        actions = 0
        for _ in range(20_000):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        return actions

    actions = run()
    benchmark.pedantic(run, rounds=5, iterations=1)
    record(benchmark, "pyspiel_leduc_step", actions, "actions/s")


def test_cpp_random_selfplay(benchmark: Any) -> None:
    games = 5_000
    actions, hands = bieten._core.random_playout(RULES._core, 1, games)
    benchmark.pedantic(bieten._core.random_playout, args=(RULES._core, 1, games), rounds=5, iterations=1)
    record(benchmark, "cpp_random_selfplay_hands", hands, "hands/s")
    record(benchmark, "cpp_random_selfplay_actions", actions, "actions/s")
