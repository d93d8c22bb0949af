"""Per-call costs on the agents' and search's hot paths, beside pyspiel's leduc_poker calls.

Each benchmark calls one method once on each of STATES mid-game decision states (sampled along
random games, so early and late states alike) and records calls per second; 1e9 / rate is the cost
of one call in nanoseconds, the loop's own few nanoseconds included. ``apply`` benchmarks apply one
legal action to fresh copies of the states, the copies made untimed (pytest-benchmark's ``setup``).

Target (issue 5): clone <= 300 ns, i.e. ``clone`` >= 3.3 M calls/s. benchmarks/peers.py measures the
same calls beside pyspiel's kuhn_poker and hearts too, interleaved in one run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from peers import SEED, bieten_states, pyspiel_states  # the same states as the peer comparison

import bieten

from conftest import record

RULES = bieten.Rules()
STATES = 512
ROUNDS = 15


@pytest.fixture(scope="module")
def games() -> list[bieten.Game]:
    return bieten_states(STATES)


@pytest.fixture(scope="module")
def leduc() -> tuple[Any, list[Any]]:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("leduc_poker")
    return game, pyspiel_states(game, STATES)


def _calls(benchmark: Any, run: Callable[[list[Any]], None], items: list[Any], name: str) -> None:
    benchmark.pedantic(run, args=(items,), rounds=ROUNDS, iterations=1, warmup_rounds=2)
    record(benchmark, name, len(items), "calls/s")


def _applies(
    benchmark: Any,
    run: Callable[[list[Any]], None],
    moves: list[tuple[Any, int]],
    copy: Callable[[Any], Any],
    name: str,
) -> None:
    def setup() -> tuple[tuple[list[tuple[Any, int]]], dict[str, Any]]:
        return ([(copy(s), a) for s, a in moves],), {}

    benchmark.pedantic(run, setup=setup, rounds=ROUNDS, iterations=1, warmup_rounds=2)
    record(benchmark, name, len(moves), "calls/s")


# -- bieten ---------------------------------------------------------------------------------------
def _clone(states: list[bieten.Game]) -> None:
    for g in states:
        g.clone()


def _legal_action_ids(states: list[bieten.Game]) -> None:
    for g in states:
        g.legal_action_ids()


def _legal_actions(states: list[bieten.Game]) -> None:
    for g in states:
        g.legal_actions()


def _legal_action_mask(states: list[bieten.Game]) -> None:
    for g in states:
        g.legal_action_mask()


def _observation(pairs: list[tuple[bieten.Game, int]]) -> None:
    for g, seat in pairs:
        g.observation(seat)


def _to_json(states: list[bieten.Game]) -> None:
    for g in states:
        g.to_json()


def _from_json(texts: list[str]) -> None:
    from_json = bieten.Game.from_json
    for text in texts:
        from_json(text)


def _apply_id(moves: list[tuple[bieten.Game, int]]) -> None:
    for g, a in moves:
        g.apply_id(a)


def _step(moves: list[tuple[bieten.Game, int]]) -> None:
    for g, a in moves:
        g.step(a)


def test_clone(benchmark: Any, games: list[bieten.Game]) -> None:
    _calls(benchmark, _clone, games, "clone")


def test_clone_without_record(benchmark: Any) -> None:
    """The same states in games made with record=False, which keep no events to share."""
    _calls(benchmark, _clone, bieten_states(STATES, record=False), "clone_record_false")


def _new_games(seeds: list[int]) -> None:
    for seed in seeds:
        bieten.Game(RULES, seed)


def test_new_game(benchmark: Any) -> None:
    """Game(rules, seed): the Python checks, the C++ state and the first deal."""
    _calls(benchmark, _new_games, list(range(STATES)), "new_game")


def test_legal_action_ids(benchmark: Any, games: list[bieten.Game]) -> None:
    _calls(benchmark, _legal_action_ids, games, "legal_action_ids")


def test_legal_actions(benchmark: Any, games: list[bieten.Game]) -> None:
    _calls(benchmark, _legal_actions, games, "legal_actions")


def test_legal_action_mask(benchmark: Any, games: list[bieten.Game]) -> None:
    _calls(benchmark, _legal_action_mask, games, "legal_action_mask")


def test_observation(benchmark: Any, games: list[bieten.Game]) -> None:
    pairs = [(g, g.current_player) for g in games]
    _calls(benchmark, _observation, pairs, "observation")


def test_to_json(benchmark: Any, games: list[bieten.Game]) -> None:
    _calls(benchmark, _to_json, games, "to_json")


def test_from_json(benchmark: Any, games: list[bieten.Game]) -> None:
    texts = [g.to_json() for g in games]
    assert bieten.Game.from_json(texts[-1]) == games[-1]
    _calls(benchmark, _from_json, texts, "from_json")


def test_apply_id(benchmark: Any, games: list[bieten.Game]) -> None:
    rng = random.Random(SEED)
    moves = [(g, rng.choice(g.legal_action_ids())) for g in games]
    _applies(benchmark, _apply_id, moves, lambda g: g.clone(), "apply_id")


def test_step(benchmark: Any, games: list[bieten.Game]) -> None:
    rng = random.Random(SEED)
    moves = [(g, rng.choice(g.legal_action_ids())) for g in games]
    _applies(benchmark, _step, moves, lambda g: g.clone(), "step")


# -- pyspiel leduc_poker, the same calls ----------------------------------------------------------
def _ps_clone(states: list[Any]) -> None:
    for s in states:
        s.clone()


def _ps_legal_actions(states: list[Any]) -> None:
    for s in states:
        s.legal_actions()


def _ps_legal_actions_mask(states: list[Any]) -> None:
    for s in states:
        s.legal_actions_mask()


def _ps_observation_tensor(states: list[Any]) -> None:
    for s in states:
        s.observation_tensor()


def _ps_serialize(states: list[Any]) -> None:
    for s in states:
        s.serialize()


def _ps_apply_action(moves: list[tuple[Any, int]]) -> None:
    for s, a in moves:
        s.apply_action(a)


def _ps_apply_action_legal(moves: list[tuple[Any, int]]) -> None:
    for s, a in moves:
        s.apply_action(a)
        s.legal_actions()


def test_pyspiel_leduc_clone(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    _calls(benchmark, _ps_clone, leduc[1], "pyspiel_leduc_clone")


def test_pyspiel_leduc_legal_actions(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    _calls(benchmark, _ps_legal_actions, leduc[1], "pyspiel_leduc_legal_actions")


def test_pyspiel_leduc_legal_actions_mask(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    _calls(benchmark, _ps_legal_actions_mask, leduc[1], "pyspiel_leduc_legal_actions_mask")


def test_pyspiel_leduc_observation_tensor(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    _calls(benchmark, _ps_observation_tensor, leduc[1], "pyspiel_leduc_observation_tensor")


def test_pyspiel_leduc_serialize(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    _calls(benchmark, _ps_serialize, leduc[1], "pyspiel_leduc_serialize")


def test_pyspiel_leduc_deserialize(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    game, states = leduc
    texts = [s.serialize() for s in states]
    deserialize = game.deserialize_state

    def run(items: list[str]) -> None:
        for text in items:
            deserialize(text)

    _calls(benchmark, run, texts, "pyspiel_leduc_deserialize")


def test_pyspiel_leduc_apply_action(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    rng = random.Random(SEED)
    moves = [(s, rng.choice(s.legal_actions())) for s in leduc[1]]
    _applies(benchmark, _ps_apply_action, moves, lambda s: s.clone(), "pyspiel_leduc_apply_action")


def test_pyspiel_leduc_apply_action_legal_actions(benchmark: Any, leduc: tuple[Any, list[Any]]) -> None:
    rng = random.Random(SEED)
    moves = [(s, rng.choice(s.legal_actions())) for s in leduc[1]]
    _applies(benchmark, _ps_apply_action_legal, moves, lambda s: s.clone(), "pyspiel_leduc_apply_legal")
