"""examples/reinforce_vector_env.py: a short run of the REINFORCE example (NumPy only) beats its
starting win rate against the random agent, and writes its plot as a PNG."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "reinforce_vector_env", ROOT / "examples" / "reinforce_vector_env.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_reinforce_win_rate_rises_against_random(tmp_path: Path) -> None:
    example = load_example()
    rates = example.train("schnapsen", iterations=8, envs=64, steps=64, lr=0.03, seed=1, verbose=False)
    assert not any(math.isnan(r) for r in rates)
    first, last = rates[0], sum(rates[-3:]) / 3
    assert 0.35 < first < 0.65  # the untrained (uniform) policy is about as good as random
    assert last > first + 0.15, rates
    example._write_png_by_hand(tmp_path / "hand.png", rates)  # the fallback without matplotlib
    example.write_png(tmp_path / "rate.png", rates)
    for name in ("hand.png", "rate.png"):
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
