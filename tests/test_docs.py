"""The README and docstring examples run as written; .ci/run runs the README's test command."""

from __future__ import annotations

import contextlib
import doctest
import io
import itertools
import re
from pathlib import Path

import pytest

import bieten
from bieten import _agents, _core, _deal, _families, _figures, _game, _rules, _simulate, terminal

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_readme_examples_run_as_written() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_observation_chance_mode_examples_run_as_written() -> None:
    """docs/observation.md, "In chance mode": no seat sees a card before the deal gives it (R3.6)."""
    result = doctest.testfile(str(ROOT / "docs" / "observation.md"), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_events_page_examples_print_what_the_page_shows() -> None:
    """docs/events.md: each Python block that prints is followed by exactly what it prints."""
    blocks = re.findall(r"```(\w*)\n(.*?)```", (ROOT / "docs" / "events.md").read_text(), re.DOTALL)
    namespace: dict[str, object] = {}
    checked = 0
    for (lang, code), (_, shown) in itertools.pairwise(blocks):
        if lang != "python" or "print(" not in code:
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(code, namespace)  # the page's own code, in one namespace as a reader would run it
        assert out.getvalue() == shown, code
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize(
    "module",
    [bieten, _core, _rules, _deal, _figures, _game, _simulate, _families, _agents, terminal],
    ids=lambda m: m.__name__,
)
def test_docstring_examples_run_as_written(module: object) -> None:
    result = doctest.testmod(module, optionflags=FLAGS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_ci_runs_exactly_the_readme_test_command() -> None:
    commands = _readme_commands()
    test_command = next(c for c in commands if "pytest" in c)
    ci = (ROOT / ".ci" / "run").read_text()
    assert test_command in ci.splitlines()


def test_readme_main_job_is_the_simulate_command() -> None:
    main_job = _readme_commands()[0]
    assert main_job.endswith("pip install . && bieten simulate")
