"""The README and docstring examples run as written; .ci/run runs the README's test command."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import itertools
import re
from pathlib import Path

import pytest

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


def test_solve_page_examples_run_as_written() -> None:
    """docs/solve.md: the worked example's values are solve()'s (S6.7, S8.3)."""
    result = doctest.testfile(str(ROOT / "docs" / "solve.md"), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 8
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


# The modules with examples: the neutral root, then each game's package (bieten.bieten, bieten.schnapsen).
DOCTESTED = (
    *("bieten", "bieten._core", "bieten._event", "bieten._common_game", "bieten._games", "bieten._rulebook"),
    *("bieten._simulate", "bieten._families", "bieten._agents", "bieten.terminal"),
    *("bieten.bieten", "bieten.bieten._rules", "bieten.bieten._deal", "bieten.bieten._figures"),
    *("bieten.bieten._game", "bieten.schnapsen", "bieten.schnapsen._rules", "bieten.schnapsen._deal"),
    *("bieten.schnapsen._game", "bieten.schnapsen._solve", "bieten.schnapsen.terminal"),
)


@pytest.mark.parametrize("name", DOCTESTED)
def test_docstring_examples_run_as_written(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
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


# `pip install` of the source tree ("." or ".[extras]", quoted or not): each one builds the C++ core.
_BUILDS_FROM_SOURCE = re.compile(r"pip install\b[^&\n]*?\s['\"]?\.(?:\[[\w,]+\])?['\"]?(?:\s|$)")


def test_readme_builds_the_core_once_when_followed_top_to_bottom() -> None:
    """Issue 22: the README's blocks (main job, tests, web, ...) used to build the C++ core three times.
    Only the two commands install from the source tree; every later block for users runs in the
    environment they made (the web block adds ``bieten[web]``'s packages by name, which pip satisfies
    from the installed engine). The contributors' edit-and-test loop under "Layout" is its own setup."""
    text = (ROOT / "README.md").read_text()
    users_part = text.split("\n## Layout", 1)[0]
    blocks = re.findall(r"```sh\n(.+?)\n```", users_part, flags=re.DOTALL)
    building = [b for b in blocks if _BUILDS_FROM_SOURCE.search(b)]
    assert building == _readme_commands()[:2]
    assert "pip install 'bieten[web]'" in users_part
    assert _BUILDS_FROM_SOURCE.search('pip install ".[test]" -Cx=1 && pytest')
    assert _BUILDS_FROM_SOURCE.search("pip install . && bieten simulate")
    assert not _BUILDS_FROM_SOURCE.search("pip install 'bieten[web]' && bieten serve")


# Inline links and images ``[text](target "title")`` and reference definitions ``[name]: target``.
_LINK = re.compile(
    r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"  # [text](target "title")
    r"|^\s*\[[^\]]+\]:\s*(\S+)",  # [name]: target
    re.MULTILINE,
)


def _pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]


def relative_links(text: str) -> list[str]:
    """The links of a Markdown page that name a file (not a web address, nor an anchor of the page)."""
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)  # code blocks hold no links
    targets = [m.group(1) or m.group(2) for m in _LINK.finditer(text)]
    return [t for t in targets if not re.match(r"[A-Za-z][\w+.-]*:", t) and not t.startswith("#")]


def test_relative_links_are_found_and_web_addresses_are_not() -> None:
    text = (
        '[a](docs/x.md) ![b](img.png "t") [c](https://example.org/) [d](#anchor) [e](../y.md#part)\n'
        "[ref]: ../../z.md\n```\n[code](not/a/link.md)\n```\n<https://example.com>"
    )
    assert relative_links(text) == ["docs/x.md", "img.png", "../y.md#part", "../../z.md"]


def test_readme_and_docs_link_only_to_files_inside_the_repository() -> None:
    """A clone or an sdist has nothing beside it: no link may leave the repository (issue 22)."""
    bad = []
    checked = 0
    for page in _pages():
        for target in relative_links(page.read_text(encoding="utf-8")):
            path = (page.parent / target.split("#")[0]).resolve()
            checked += 1
            if not path.is_relative_to(ROOT) or not path.exists():
                bad.append(f"{page.relative_to(ROOT)}: {target}")
    assert bad == []
    assert checked >= 50


def test_readme_and_docs_name_no_specification_file_outside_the_repository() -> None:
    """The rules are docs/rules/*.md; the specification files they were written from are not in a clone."""
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"\b(RULES|SCHNAPSEN|CONFORMANCE)\.md|\.\./shared", text), page.name
