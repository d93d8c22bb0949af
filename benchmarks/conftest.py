"""Shared machinery of the benchmark suites: rates measured in this run, and their ratios to peers.

Run with ``python -m pytest benchmarks --benchmark-only`` (CI does not run them). Each benchmark
records its rate (units per second, from the median round); the terminal summary prints the rates
and the ratio of each bieten figure to the peer measured in the same run.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the pure-Python reference

RATES: dict[str, tuple[float, str]] = {}
# Figures measured as a median time rather than a rate (test_bench_import.py), in milliseconds.
MILLISECONDS: dict[str, float] = {}

# Ratios measured pair by pair (each our round beside a peer's round at the same moment), by name.
PAIRED: dict[str, list[float]] = {}

# (bieten figure, peer figure, target ratio) pairs to report.
RATIOS = [
    ("evaluate_batch", "python_reference_evaluate", 100.0),
    ("step_ids", "pyspiel_leduc_step", 1.5),
    ("step_returning_ids", "pyspiel_leduc_step", 1.5),
    ("step_objects", "pyspiel_leduc_step", None),
    ("simulate_random_2_threads", "simulate_random_1_thread", 1.8),
    ("clone", "pyspiel_leduc_clone", None),
    ("legal_action_ids", "pyspiel_leduc_legal_actions", None),
    ("legal_action_mask", "pyspiel_leduc_legal_actions_mask", None),
    ("observation", "pyspiel_leduc_observation_tensor", None),
    ("to_json", "pyspiel_leduc_serialize", None),
    ("from_json", "pyspiel_leduc_deserialize", None),
    ("apply_id", "pyspiel_leduc_apply_action", None),
    ("step", "pyspiel_leduc_apply_legal", None),
]


def record(benchmark: Any, name: str, units: int, unit: str) -> float:
    """Stores units/median-seconds of a finished benchmark under ``name``."""
    median = benchmark.stats.stats.median
    rate = units / median
    RATES[name] = (rate, unit)
    benchmark.extra_info[unit] = rate
    return rate


def pytest_terminal_summary(terminalreporter: Any) -> None:
    tr = terminalreporter
    if MILLISECONDS:
        tr.section("bieten times (median, ms)")
        for name, ms in MILLISECONDS.items():
            tr.write_line(f"{name:40} {ms:10.1f} ms")
    if RATES:
        tr.section("bieten rates (median round)")
        for name, (rate, unit) in sorted(RATES.items()):
            tr.write_line(f"{name:32} {rate:16,.0f} {unit}")
        for ours, peer, target in RATIOS:
            if ours in RATES and peer in RATES:
                ratio = RATES[ours][0] / RATES[peer][0]
                goal = f" (target >= {target:g}x)" if target else ""
                tr.write_line(f"{ours} / {peer}: {ratio:,.2f}x{goal}")
    if PAIRED:
        tr.section("bieten paired ratios (median of the pairs, lowest - highest)")
        for name, ratios in PAIRED.items():
            median, low, high = statistics.median(ratios), min(ratios), max(ratios)
            tr.write_line(f"{name}: {median:,.2f}x ({low:,.2f} - {high:,.2f}x, {len(ratios)} pairs)")


@pytest.fixture(scope="session")
def rng_seed() -> int:
    return 20261129
