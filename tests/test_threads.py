"""Thread safety: the core has no global mutable state, so games on many threads give the results
of a serial run (C++ threads in simulate, and Python threads driving their own games)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import bieten
from bieten import Game, Rules

PRESETS = bieten.Rules.PRESETS


def play(preset: str, seed: int) -> tuple[list[int], int, list[str]]:
    """One whole game with seeded random choices; its final scores, hands and event types."""
    rules = Rules.preset(preset, players=2 + seed % 4, target=6)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        ids = game.legal_action_ids()
        game.apply(ids[rng.randrange(len(ids))])
    return game.scores, game.hand_number, [e.type for e in game.events]


def test_python_threads_applying_actions_to_their_own_games_match_a_serial_run() -> None:
    jobs = [(PRESETS[i % len(PRESETS)], 1000 + i) for i in range(60)]
    serial = [play(p, s) for p, s in jobs]
    with ThreadPoolExecutor(max_workers=8) as pool:
        threaded = list(pool.map(lambda job: play(*job), jobs))
    assert threaded == serial


def test_simulate_runs_concurrently_from_python_threads() -> None:
    rules = Rules()
    agents = ["random"] * 4
    expected = bieten.simulate(rules, agents, games=2_000, seed=3, threads=1)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(
            pool.map(lambda _: bieten.simulate(rules, agents, games=2_000, seed=3, threads=2), range(4))
        )
    assert all(r == expected for r in results)


def test_batch_evaluation_from_python_threads_matches_serial() -> None:
    rules = Rules()
    masks = bieten.random_deals(50_000, rules, seed=5)
    expected = bieten.evaluate_batch(masks, rules)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: bieten.evaluate_batch(masks, rules), range(4)))
    assert all(np.array_equal(r, expected) for r in results)
