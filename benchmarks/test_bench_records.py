"""The record calls of both games (issue 25 item 2): to_json / from_json and the binary to_bytes /
from_bytes, beside pyspiel's leduc_poker serialize / deserialize_state.

Each benchmark calls one method once on each of STATES mid-game states (sampled along random games
with benchmarks/peers.py's seed, so early and late states alike) and records calls per second;
1e9 / rate is one call in nanoseconds, the loop's own few nanoseconds included.

Targets (issue 25, from Python on the project's 2-core machine): to_bytes <= 1 us, from_bytes <= 5 us,
the bytes at least 5x smaller than the JSON (tests/test_records_bytes.py asserts the size for every
preset), to_json and from_json at least 5x faster than the issue's baseline of 4,872 ns and 48,390 ns
(benchmarks/RESULTS.md, "Issue 25 item 2").

    python -m pytest benchmarks/test_bench_records.py --benchmark-only
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from peers import SEED, bieten_states, pyspiel_states

import bieten
from bieten import schnapsen

from conftest import record

STATES = 512
ROUNDS = 15


def schnapsen_states(count: int) -> list[schnapsen.Game]:
    """Bauernschnapsen's mid-game states as bieten_states samples Bieten's (a decision kept with
    probability 1/8)."""
    rng = random.Random(SEED + 1)
    states: list[schnapsen.Game] = []
    seed = 0
    while len(states) < count:
        game = schnapsen.Game(schnapsen.Rules(), seed=seed)
        seed += 1
        legal = game.legal_action_ids()
        while legal and len(states) < count:
            if rng.random() < 1 / 8:
                states.append(game.clone())
            legal = game.step(legal[rng.randrange(len(legal))])
    return states


GAMES: dict[str, tuple[type[Any], Callable[[int], list[Any]]]] = {
    "bieten": (bieten.Game, bieten_states),
    "schnapsen": (schnapsen.Game, schnapsen_states),
}


@pytest.fixture(scope="module", params=list(GAMES))
def family(request: pytest.FixtureRequest) -> tuple[str, type[Any], list[Any]]:
    name = str(request.param)
    game_class, make = GAMES[name]
    return name, game_class, make(STATES)


def _calls(benchmark: Any, call: Callable[[Any], Any], items: list[Any], name: str) -> None:
    def run(items: list[Any]) -> None:
        for item in items:
            call(item)

    benchmark.pedantic(run, args=(items,), rounds=ROUNDS, iterations=1, warmup_rounds=2)
    record(benchmark, name, len(items), "calls/s")


def test_record_to_json(benchmark: Any, family: tuple[str, type[Any], list[Any]]) -> None:
    name, game_class, states = family
    _calls(benchmark, game_class.to_json, states, f"{name}_to_json")


def test_record_from_json(benchmark: Any, family: tuple[str, type[Any], list[Any]]) -> None:
    name, game_class, states = family
    texts = [g.to_json() for g in states]
    assert game_class.from_json(texts[-1]) == states[-1]
    _calls(benchmark, game_class.from_json, texts, f"{name}_from_json")


def test_record_to_bytes(benchmark: Any, family: tuple[str, type[Any], list[Any]]) -> None:
    name, game_class, states = family
    _calls(benchmark, game_class.to_bytes, states, f"{name}_to_bytes")


def test_record_from_bytes(benchmark: Any, family: tuple[str, type[Any], list[Any]]) -> None:
    name, game_class, states = family
    data = [g.to_bytes() for g in states]
    assert game_class.from_bytes(data[-1]) == states[-1]
    size = sum(map(len, data)) / len(data)
    text = sum(len(g.to_json()) for g in states) / len(states)
    benchmark.extra_info["bytes per record"] = size
    benchmark.extra_info["JSON bytes per record"] = text
    _calls(benchmark, game_class.from_bytes, data, f"{name}_from_bytes")


def test_record_peer_pyspiel_leduc(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("leduc_poker")
    states = pyspiel_states(game, STATES)
    _calls(benchmark, lambda s: s.serialize(), states, "pyspiel_leduc_serialize_records")
