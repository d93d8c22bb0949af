"""Issue 39, item 10: the ``/rules`` index and pages show a title's code spans as code, never as
Markdown backticks (R5, R6.5, R6.6, R7.3, R7.6, S5.2, S5.5, S6.7 have them), every rule page names
the favicon (no 404 in the console), and ``bieten rules`` looks up the compound ids that errors cite
(``R10/R2.1``)."""

from __future__ import annotations

import io
import re

import pytest

from bieten._rulebook import find_rule
from bieten.cli import main

pytest.importorskip("starlette")

from bieten.web._rules_page import rule_page, rules_index

TICKED = ("R5", "R6.5", "R6.6", "R7.3", "R7.6", "S5.2", "S5.5", "S6.7")


def test_the_index_shows_no_backtick_in_any_title() -> None:
    html = rules_index()
    assert "`" not in html
    for rule_id in TICKED:
        assert "`" in find_rule(rule_id).title, rule_id  # the books' titles do have code spans
        line = re.search(rf'<a href="/rules/{re.escape(rule_id)}">{re.escape(rule_id)}</a>(.*?)</li>', html)
        assert line is not None and "<code>" in line.group(1), rule_id


@pytest.mark.parametrize("rule_id", ["R5", "R6.5", "S6.7", "S5.5"])
def test_a_rule_page_has_the_favicon_and_a_plain_title(rule_id: str) -> None:
    html = rule_page(rule_id)
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    title = re.search("<title>(.*?)</title>", html)
    assert title is not None and "`" not in title.group(1) and title.group(1).startswith(rule_id)
    assert "`" not in html.split("<main>")[1].split("</p>")[0]  # "Part of ..." too


def test_bieten_rules_looks_up_a_compound_id_rule_by_rule(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["rules", "R10/R2.1"], out) == 0
    headings = [line for line in out.getvalue().splitlines() if line.startswith("#")]
    assert headings[0] == "## R10 Presets" and "### R2.1 Seats" in headings
    for bad in ("R10/X9", "/", "R10/"):
        assert main(["rules", bad], io.StringIO()) == 2
        assert capsys.readouterr().err.startswith("bieten: error: '")
