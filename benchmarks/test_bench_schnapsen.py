"""Bauernschnapsen and Schnapsen (issue 11): C++ random self-play and Python stepping on the int path.

Targets: >= 1,000,000 four-player Bauernschnapsen deals per second per core in C++ random self-play
(one thread); Python stepping on the int path (``legal_action_ids()`` + ``apply_id(id)``) >= 1.5x
pyspiel's leduc_poker actions per second with the same loop, measured in the same run.

The peer is measured here twice: once as a benchmark of its own (``schnapsen_peer_leduc_step``, for
the ratios of the terminal summary), and once before every round of each Schnapsen stepping loop
(pytest-benchmark's untimed ``setup``, timed by this file). The median over the rounds of those
paired ratios is the figure the target is judged by (``extra_info``): on a shared machine the load
drifts less between two loops a second apart than between benchmarks minutes apart. The figures are
in RESULTS.md ("Bauernschnapsen and Schnapsen").

    python -m pytest benchmarks/test_bench_schnapsen.py --benchmark-only -q
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import pytest

import bieten
from bieten import schnapsen
from bieten._core import schnapsen as core

from conftest import RATES, RATIOS, record

PEER = "schnapsen_peer_leduc_step"
STEP_TARGET = 1.5  # x pyspiel leduc_poker's actions/s
DEALS_TARGET = 1_000_000  # four-player deals/s on one core
ROUNDS = 7
PEER_GAMES = 20_000  # leduc_poker games a round, ~134,000 actions
# Python loops of ~130,000 actions a round each, about as many as the leduc_poker peer's 20,000 games:
# a random Bauernschnapsen game is ~1.4 deals and ~22 actions, a Schnapsen game ~4.3 deals, ~43 actions.
PY_GAMES = {"bauernschnapsen": 6_000, "schnapsen": 3_000}
# C++ loops of ~0.1-0.2 s a round.
CPP_GAMES = {"bauernschnapsen": 200_000, "bauernschnapsen_called": 200_000, "schnapsen": 100_000}
LOOPS = ("step_ids", "step_returning_ids", "step_ids_no_record")

# The terminal summary of conftest.py prints these ratios beside the Bieten ones.
RATIOS.extend(
    (f"{preset}_{loop}", PEER, STEP_TARGET if loop == "step_ids" else None)
    for preset in PY_GAMES
    for loop in LOOPS
)


def _step_ids(rules: schnapsen.Rules, games: int, record_events: bool = True) -> int:
    rng = random.Random(1)
    actions = 0
    for seed in range(games):
        game = schnapsen.Game(rules, seed=seed, record=record_events)
        legal, apply = game.legal_action_ids, game.apply_id
        while not game.is_over:
            ids = legal()
            apply(ids[rng.randrange(len(ids))])
            actions += 1
    return actions


def _step_returning_ids(rules: schnapsen.Rules, games: int) -> int:
    rng = random.Random(1)
    actions = 0
    for seed in range(games):
        game = schnapsen.Game(rules, seed=seed)
        step = game.step
        ids = game.legal_action_ids()
        while ids:
            ids = step(ids[rng.randrange(len(ids))])
            actions += 1
    return actions


def _leduc(game: Any, games: int) -> int:
    """The leduc_poker loop of test_bench_game.py (and peers.py): chance outcomes count as actions."""
    rng = random.Random(1)
    actions = 0
    for _ in range(games):
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


class _Interleaved:
    """Runs the leduc_poker peer untimed by pytest-benchmark (as ``pedantic``'s setup) before each round
    of a bieten loop, timing it itself, so that every round gives a ratio of the two rates taken
    seconds apart; the median of those ratios is robust to the load of a shared machine drifting."""

    def __init__(self) -> None:
        pyspiel = pytest.importorskip("pyspiel")
        self.game = pyspiel.load_game("leduc_poker")
        self.actions = _leduc(self.game, PEER_GAMES)
        self.seconds: list[float] = []

    def __call__(self) -> None:
        start = time.perf_counter()
        _leduc(self.game, PEER_GAMES)
        self.seconds.append(time.perf_counter() - start)

    def ratios(self, benchmark: Any, actions: int) -> list[float]:
        ours = benchmark.stats.stats.data  # the timed rounds, in order (the warmup round is not in it)
        peer = self.seconds[-len(ours) :]
        return [(actions / o) / (self.actions / p) for o, p in zip(ours, peer, strict=True)]


def _stepping(benchmark: Any, name: str, run: Any, args: tuple[Any, ...], target: float | None) -> None:
    """Benchmarks ``run(*args)`` with the peer interleaved, records its rate and states its ratios."""
    actions = run(*args)
    peer = _Interleaved()
    benchmark.pedantic(run, args=args, setup=peer, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    rate = record(benchmark, name, actions, "actions/s")
    ratios = peer.ratios(benchmark, actions)
    interleaved = statistics.median(ratios)
    info = benchmark.extra_info
    info["interleaved pyspiel leduc_poker actions/s"] = statistics.median(
        peer.actions / s for s in peer.seconds[-ROUNDS:]
    )
    info["ratio to pyspiel leduc_poker, interleaved (median of rounds)"] = round(interleaved, 3)
    info["ratio per round"] = [round(r, 3) for r in ratios]
    if PEER in RATES:
        info["ratio to pyspiel leduc_poker, separate peer benchmark"] = round(rate / RATES[PEER][0], 3)
    if target is not None:
        info["target ratio"] = target
        info["target met"] = interleaved >= target


def test_schnapsen_peer_pyspiel_leduc_stepping(benchmark: Any) -> None:
    """The peer, measured first so that the stepping benchmarks below can state their ratio to it."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("leduc_poker")
    actions = _leduc(game, PEER_GAMES)
    benchmark.pedantic(_leduc, args=(game, PEER_GAMES), rounds=ROUNDS, iterations=1, warmup_rounds=1)
    record(benchmark, PEER, actions, "actions/s")


@pytest.mark.parametrize("preset", list(PY_GAMES))
def test_schnapsen_python_stepping_int_path(benchmark: Any, preset: str) -> None:
    """The target loop: ``legal_action_ids()`` + ``apply_id(id)`` on a recording Game (the default)."""
    args = (schnapsen.Rules.preset(preset), PY_GAMES[preset])
    _stepping(benchmark, f"{preset}_step_ids", _step_ids, args, STEP_TARGET)


@pytest.mark.parametrize("preset", list(PY_GAMES))
def test_schnapsen_python_stepping_step_returning_ids(benchmark: Any, preset: str) -> None:
    """``ids = game.step(id)``: one call per action."""
    args = (schnapsen.Rules.preset(preset), PY_GAMES[preset])
    _stepping(benchmark, f"{preset}_step_returning_ids", _step_returning_ids, args, None)


@pytest.mark.parametrize("preset", list(PY_GAMES))
def test_schnapsen_python_stepping_int_path_no_record(benchmark: Any, preset: str) -> None:
    """The target loop on ``Game(record=False)``: no events and no action list kept."""
    args = (schnapsen.Rules.preset(preset), PY_GAMES[preset], False)
    _stepping(benchmark, f"{preset}_step_ids_no_record", _step_ids, args, None)


@pytest.mark.parametrize("preset", list(CPP_GAMES))
def test_schnapsen_cpp_random_playout(benchmark: Any, preset: str) -> None:
    """``_core.schnapsen.random_playout``: the bare C++ loop (private API), one thread, whole games."""
    rules, games = schnapsen.Rules.preset(preset)._core, CPP_GAMES[preset]
    actions, deals = core.random_playout(rules, 1, games)
    benchmark.pedantic(core.random_playout, args=(rules, 1, games), rounds=ROUNDS, iterations=1)
    rate = record(benchmark, f"{preset}_cpp_playout_deals", deals, "deals/s")
    record(benchmark, f"{preset}_cpp_playout_actions", actions, "actions/s")
    benchmark.extra_info["games/s"] = games / benchmark.stats.stats.median
    if preset.startswith("bauernschnapsen"):
        benchmark.extra_info["target deals/s per core"] = DEALS_TARGET
        benchmark.extra_info["target met"] = rate >= DEALS_TARGET


def _simulate(rules: schnapsen.Rules, games: int) -> tuple[int, int]:
    result = bieten.simulate(rules, ["random"] * rules.players, games=games, seed=1, threads=1)
    return int(result.actions.sum()), int(result.hands.sum())


@pytest.mark.parametrize("preset", list(CPP_GAMES))
def test_schnapsen_simulate_random_one_thread(benchmark: Any, preset: str) -> None:
    """The public ``bieten.simulate`` with random agents on one thread, result arrays included."""
    rules, games = schnapsen.Rules.preset(preset), CPP_GAMES[preset]
    actions, deals = _simulate(rules, games)
    benchmark.pedantic(_simulate, args=(rules, games), rounds=ROUNDS, iterations=1)
    rate = record(benchmark, f"{preset}_simulate_1_thread_deals", deals, "deals/s")
    record(benchmark, f"{preset}_simulate_1_thread_actions", actions, "actions/s")
    benchmark.extra_info["games/s"] = games / benchmark.stats.stats.median
    if preset.startswith("bauernschnapsen"):
        benchmark.extra_info["target deals/s per core"] = DEALS_TARGET
        benchmark.extra_info["target met"] = rate >= DEALS_TARGET
