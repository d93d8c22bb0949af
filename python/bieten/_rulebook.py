"""The rulebooks of both games, shipped in the package: look up a rule by the id the engine cites.

The rules live in ``bieten/rules/bieten.md`` (Bieten, R1…R11) and ``bieten/rules/schnapsen.md``
(Bauernschnapsen and Schnapsen, S1…S12); docs/rules/ holds the same two files for readers of the
repository. Their format is simple enough to cut a rule out without a Markdown parser: a section is
a level-2 heading ``## R7 Title``, a rule a level-3 heading ``### R7.4 Title``, a numbered part of
a rule a level-4 heading ``#### S6.3.1 Title``, and a rule's text runs from its heading to the next
heading of the same or a higher level (so a section's text holds all of its rules).

>>> from bieten import rule_text
>>> print(rule_text("r1.3"))
### R1.3 The Weli
<BLANKLINE>
The pack has a 33rd card, the Six of Bells, known as the **Weli** (written `S6`, or `W`). When no
card is wild it is simply a Bells card, the lowest one, below the Bells 7.
>>> rule_text("R12")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
bieten._rulebook.RuleIdError: 'R12' is not a rule id: Bieten's are R1 to R11 (e.g. R7.4), ...
"""

from __future__ import annotations

import os
import re
import sys
from functools import cache
from typing import NamedTuple, TextIO

from bieten._core import BietenError

#: The rulebook of each game: the file under ``bieten/rules`` and the game's name.
RULEBOOKS = (("bieten.md", "Bieten"), ("schnapsen.md", "Bauernschnapsen and Schnapsen"))

_HEADING = re.compile(r"^(#{2,4}) ([RS]\d+(?:\.\d+)*) (.+)$")
_ID = re.compile(r"[RS]\d+(?:\.\d+)*")
_QUOTED_MAX = 40  # how much of an unknown id an error repeats


class RuleIdError(BietenError):
    """A rule id that is in neither rulebook (a ``ValueError``, like every ``BietenError``)."""


class Rule(NamedTuple):
    """One heading of a rulebook: its id, title, heading level (2 for a section) and full text."""

    id: str
    title: str
    level: int
    text: str


def rulebook(filename: str) -> str:
    """The text of one shipped rulebook, ``"bieten.md"`` or ``"schnapsen.md"``.

    >>> rulebook("schnapsen.md").splitlines()[0]
    '# Bauernschnapsen and Schnapsen: the rulebook'
    """
    if filename not in dict(RULEBOOKS):
        raise ValueError(f"no rulebook {filename!r}; the rulebooks are {', '.join(dict(RULEBOOKS))}")
    from importlib import resources  # only when a rulebook is read: ``import bieten`` stays lean

    return (resources.files("bieten") / "rules" / filename).read_text(encoding="utf-8")


def _parse(text: str) -> list[Rule]:
    lines = text.splitlines()
    heads: list[tuple[int, int, str, str]] = []  # (line index, level, id, title)
    fenced = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            match = _HEADING.match(line)
            heads.append((i, level, match.group(2), match.group(3)) if match else (i, level, "", ""))
    rules = []
    for n, (start, level, rule_id, title) in enumerate(heads):
        if not rule_id:
            continue
        end = next((i for i, lv, _, _ in heads[n + 1 :] if lv <= level), len(lines))
        rules.append(Rule(rule_id, title, level, "\n".join(lines[start:end]).strip()))
    return rules


@cache
def rules(filename: str) -> tuple[Rule, ...]:
    """Every rule of one rulebook, in the book's order.

    >>> [r.id for r in rules("bieten.md")][:4]
    ['R1', 'R1.1', 'R1.2', 'R1.3']
    """
    return tuple(_parse(rulebook(filename)))


def rule_ids() -> list[str]:
    """Every rule id of both games, Bieten's first, in the rulebooks' order.

    >>> ids = rule_ids()
    >>> len(ids), ids[0], ids[-1], "S6.6" in ids
    (105, 'R1', 'S12', True)
    """
    return [r.id for name, _ in RULEBOOKS for r in rules(name)]


def find_rule(rule_id: str) -> Rule:
    """The rule with this id, in either game's rulebook; case and surrounding space do not matter."""
    wanted = rule_id.strip().upper()
    if _ID.fullmatch(wanted):
        for name, _ in RULEBOOKS:
            for rule in rules(name):
                if rule.id == wanted:
                    return rule
    shown = rule_id if len(rule_id) <= _QUOTED_MAX else rule_id[:_QUOTED_MAX] + "…"
    raise RuleIdError(
        f"{shown!r} is not a rule id: Bieten's are R1 to R11 (e.g. R7.4), Schnapsen's S1 to S12 (e.g. S6.6)"
    )


def rule_text(rule_id: str) -> str:
    """The text of one rule of either game, from its heading to the next rule's: ``"R7.4"``, ``"S6.6"``.

    A section id (``"R7"``) gives the whole section with all of its rules. Raises ``RuleIdError`` (a
    ``ValueError``) for an id that is in neither rulebook.

    >>> print(rule_text("S8.5"))
    ### S8.5 Doubles
    <BLANKLINE>
    A `spritze` doubles the score of the deal and a `retour` doubles it again, however the deal ended.
    """
    return find_rule(rule_id).text


def sections_listing() -> list[str]:
    """The lines ``bieten rules`` prints: each game's sections, their ids and titles.

    >>> sections_listing()[:3]
    ['Bieten (R1 to R11)', '  R1   Cards', '  R2   Players and seats']
    """
    lines = []
    for name, game in RULEBOOKS:
        top = [r for r in rules(name) if r.level == 2]
        lines.append(f"{game} ({top[0].id} to {top[-1].id})")
        lines += [f"  {r.id:<4} {r.title}" for r in top]
    lines.append("One rule or section: bieten rules R7.4, bieten rules S6 (any id, either game)")
    return lines


def command(rule_id: str | None, out: TextIO) -> int:
    """``bieten rules [ID]``: the sections of both games, or one rule or section; exit status 2 with one
    line on stderr for an id that is in neither rulebook."""
    try:
        text = "\n".join(sections_listing()) if rule_id is None else rule_text(rule_id)
    except RuleIdError as err:
        print(f"bieten: error: {err}", file=sys.stderr)
        return 2
    try:
        print(text, file=out, flush=True)
    except BrokenPipeError:  # ``bieten rules | head``: the reader has what it wanted
        if out is sys.stdout:  # and the interpreter's last flush must not fail again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
