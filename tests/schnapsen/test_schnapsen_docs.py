"""The second game's docstring and page examples run as written (docs/schnapsen.md, bieten.schnapsen)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from bieten import schnapsen
from bieten._core import schnapsen as core
from bieten.schnapsen import _deal, _game, _rules

ROOT = Path(__file__).resolve().parents[2]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("module", [schnapsen, _rules, _deal, _game, core], ids=lambda m: m.__name__)
def test_docstring_examples_run_as_written(module: object) -> None:
    result = doctest.testmod(module, optionflags=FLAGS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("page", ["schnapsen.md", "schnapsen_events.md"])
def test_page_examples_run_as_written(page: str) -> None:
    result = doctest.testfile(str(ROOT / "docs" / page), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 4
    assert result.failed == 0
