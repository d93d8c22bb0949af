"""Native agents (issue 13 part 2): hands per second of the Cython example agent
(examples/cython_agent/example_agents.pyx, ``greedy``) in every seat against the same agent as a Python
callable (``python_greedy``), on one thread, in each game's default preset; and the observation-reading
``parity`` agent against its Python twin.

Target: the Cython agent >= 20x the Python callable. Needs Cython and a C compiler (skipped otherwise).

    python -m pytest benchmarks/test_bench_native_agents.py --benchmark-only
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bieten
from bieten import schnapsen

from conftest import RATIOS, record

ROOT = Path(__file__).resolve().parents[1]

RATIOS.extend(
    [
        ("bieten_cython_greedy", "bieten_python_greedy", 20.0),
        ("schnapsen_cython_greedy", "schnapsen_python_greedy", 20.0),
        ("bieten_cython_parity", "bieten_python_parity", None),
    ]
)


@pytest.fixture(scope="module")
def agents(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    if shutil.which("cc") is None or sys.platform == "win32":
        pytest.skip("needs a C compiler (cc)")
    pytest.importorskip("Cython")
    spec = importlib.util.spec_from_file_location(
        "cython_agent_build", ROOT / "examples" / "cython_agent" / "build.py"
    )
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    module: ModuleType = builder.build(tmp_path_factory.mktemp("cython_agent"))
    return module


def _run(rules: Any, agent: Any, games: int) -> int:
    result = bieten.simulate(rules, [agent] * rules.players, games=games, seed=1, threads=1)
    return int(result.hands.sum())


CASES = {
    # name: (rules, game for python_greedy, native games, python games)
    "bieten": (bieten.Rules(), 0, 20_000, 1_000),
    "schnapsen": (schnapsen.Rules(), 1, 20_000, 1_000),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_cython_greedy(benchmark: Any, agents: ModuleType, game: str) -> None:
    rules, _, games, _ = CASES[game]
    hands = _run(rules, agents.greedy_agent(), games)
    benchmark.pedantic(_run, args=(rules, agents.greedy_agent(), games), rounds=5, iterations=1)
    record(benchmark, f"{game}_cython_greedy", hands, "hands/s")


@pytest.mark.parametrize("game", sorted(CASES))
def test_python_greedy(benchmark: Any, agents: ModuleType, game: str) -> None:
    rules, index, _, games = CASES[game]
    hands = _run(rules, agents.python_greedy(index), games)
    benchmark.pedantic(_run, args=(rules, agents.python_greedy(index), games), rounds=5, iterations=1)
    record(benchmark, f"{game}_python_greedy", hands, "hands/s")


def test_cython_parity(benchmark: Any, agents: ModuleType) -> None:
    hands = _run(bieten.Rules(), agents.parity_agent(), 5_000)
    benchmark.pedantic(_run, args=(bieten.Rules(), agents.parity_agent(), 5_000), rounds=5, iterations=1)
    record(benchmark, "bieten_cython_parity", hands, "hands/s")


def test_python_parity(benchmark: Any, agents: ModuleType) -> None:
    hands = _run(bieten.Rules(), agents.python_parity, 1_000)
    benchmark.pedantic(_run, args=(bieten.Rules(), agents.python_parity, 1_000), rounds=5, iterations=1)
    record(benchmark, "bieten_python_parity", hands, "hands/s")
