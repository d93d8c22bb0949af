"""Figure evaluation (R6): the C++ batch evaluator beside the pure-Python reference evaluator.

Target (issue 2): >= 100 million player-hands per second on one core, >= 100x the pure-Python one.
"""

from __future__ import annotations

from typing import Any

import pytest

import bieten
from bieten import _core

from conftest import record
from reference.figures import evaluate as reference_evaluate
from reference.rules import make_rules

DEALS = 1_000_000
PYTHON_DEALS = 2_000
RULES = bieten.Rules(players=4)


def test_evaluate_batch_one_million_deals(benchmark: Any) -> None:
    masks = bieten.random_deals(DEALS, RULES, seed=1)
    winners = benchmark.pedantic(
        bieten.evaluate_batch,
        args=(masks, RULES),
        kwargs={"validate": False},
        rounds=7,
        iterations=1,
        warmup_rounds=1,
    )
    assert winners.shape == (DEALS, 5)
    record(benchmark, "evaluate_batch", DEALS * RULES.players, "player-hands/s")


@pytest.mark.parametrize("isa", _core.batch_isas())
def test_evaluate_batch_by_path(benchmark: Any, isa: str) -> None:
    """Issue 25: each vector path of evaluate_batch this CPU runs, beside the portable one, same run."""
    masks = bieten.random_deals(DEALS, RULES, seed=1)
    benchmark.pedantic(
        _core.evaluate_batch, args=(masks, RULES._core, False, isa), rounds=7, iterations=1, warmup_rounds=1
    )
    record(benchmark, f"evaluate_batch_{isa}", DEALS * RULES.players, "player-hands/s")


def test_evaluate_batch_validated(benchmark: Any) -> None:
    masks = bieten.random_deals(DEALS, RULES, seed=1)
    benchmark.pedantic(bieten.evaluate_batch, args=(masks, RULES), rounds=5, iterations=1, warmup_rounds=1)
    record(benchmark, "evaluate_batch_validated", DEALS * RULES.players, "player-hands/s")


def test_python_reference_evaluator(benchmark: Any) -> None:
    masks = bieten.random_deals(PYTHON_DEALS, RULES, seed=1)
    hands = [[[c for c in range(33) if int(m) >> c & 1] for m in row] for row in masks]
    rules = make_rules("tyrol", players=4)

    def run() -> None:
        for deal in hands:
            reference_evaluate(deal, rules)

    benchmark.pedantic(run, rounds=3, iterations=1)
    record(benchmark, "python_reference_evaluate", PYTHON_DEALS * RULES.players, "player-hands/s")
