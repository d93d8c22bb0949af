"""The rulebooks of the games, shipped in the package: look up a rule by the id the engine cites.

Each registered game's package holds its rulebook, ``bieten/<game>/rules.md``, whose rule ids start
with the game's rule prefix (``bieten._core.GAMES``' ``rule_prefix``); docs/rules/<game>.md holds
the same file for readers of the repository, and a book is named here by that file's name
(``"<game>.md"``, as the books link to each other). Their format is simple enough to cut a rule out
without a Markdown parser: the book's title is its level-1 heading ``# Title: the rulebook``, a
section a level-2 heading ``## R7 Title``, a rule a level-3 heading ``### R7.4 Title``, a numbered
part of a rule a level-4 heading ``#### S6.3.1 Title``, and a rule's text runs from its heading to
the next heading of the same or a higher level (so a section's text holds all of its rules).

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

from bieten._core import GAMES, BietenError

#: The rulebook of each registered game, in the registry's order: its name (the file's name in
#: docs/rules) and its rule prefix.
_BOOKS: tuple[tuple[str, str], ...] = tuple(
    (f"{game['name']}.md", str(game["rule_prefix"])) for game in GAMES
)

_PREFIXES = "".join(prefix for _, prefix in _BOOKS)
_HEADING = re.compile(rf"^(#{{2,4}}) ([{_PREFIXES}]\d+(?:\.\d+)*) (.+)$")
_ID = re.compile(rf"[{_PREFIXES}]\d+(?:\.\d+)*")
_QUOTED_MAX = 40  # how much of an unknown id an error repeats


class RuleIdError(BietenError):
    """A rule id that is in no rulebook (a ``ValueError``, like every ``BietenError``)."""


class Rule(NamedTuple):
    """One heading of a rulebook: its id, title, heading level (2 for a section) and full text."""

    id: str
    title: str
    level: int
    text: str


def rulebook(filename: str) -> str:
    """The text of one shipped rulebook by its name, ``"<game>.md"`` (one of ``RULEBOOKS``' names).

    >>> rulebook("bieten.md").splitlines()[0]
    '# Bieten: the rulebook'
    """
    names = [name for name, _ in _BOOKS]
    if filename not in names:
        raise ValueError(f"no rulebook {filename!r}; the rulebooks are {', '.join(names)}")
    from importlib import resources  # only when a rulebook is read: ``import bieten`` stays lean

    game = filename.removesuffix(".md")  # read from the package's folder: the game's code is not imported
    return (resources.files("bieten") / game / "rules.md").read_text(encoding="utf-8")


def title(filename: str) -> str:
    """The title of one rulebook (its level-1 heading): the game or games it is the rules of.

    >>> title("bieten.md")
    'Bieten'
    """
    return rulebook(filename).splitlines()[0].removeprefix("# ").removesuffix(": the rulebook")


@cache
def rulebooks() -> tuple[tuple[str, str], ...]:
    """Each rulebook's name and title, in the registry's order (``RULEBOOKS``)."""
    return tuple((name, title(name)) for name, _ in _BOOKS)


def __getattr__(name: str) -> tuple[tuple[str, str], ...]:
    # ``RULEBOOKS``: each rulebook's name and title, read from the books on first use
    if name == "RULEBOOKS":
        return rulebooks()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    """Every rule id of every game, in the registry's order and each rulebook's.

    >>> ids = rule_ids()
    >>> ids[0], ids[ids.index("S1") - 1], ids.index("S1"), "S6.6" in ids
    ('R1', 'R11', 51, True)
    """
    return [r.id for name, _ in _BOOKS for r in rules(name)]


def find_rule(rule_id: str) -> Rule:
    """The rule with this id, in its game's rulebook; case and surrounding space do not matter."""
    wanted = rule_id.strip().upper()
    if _ID.fullmatch(wanted):
        for name, prefix in _BOOKS:
            if wanted.startswith(prefix):
                for rule in rules(name):
                    if rule.id == wanted:
                        return rule
    shown = rule_id if len(rule_id) <= _QUOTED_MAX else rule_id[:_QUOTED_MAX] + "…"
    raise RuleIdError(f"{shown!r} is not a rule id: {_every_book()}")


def _sections(name: str) -> list[Rule]:
    return [r for r in rules(name) if r.level == 2]


def _every_book() -> str:
    """What rule ids there are, book by book: each game's sections and an example."""
    from bieten._families import FAMILIES  # the registry imports every game: only for a message

    parts = []
    for n, ((name, _), family) in enumerate(zip(_BOOKS, FAMILIES, strict=True)):
        top = _sections(name)
        are = "are " if n == 0 else ""
        parts.append(f"{family.title}'s {are}{top[0].id} to {top[-1].id} (e.g. {family.rule_example})")
    return ", ".join(parts)


def rule_text(rule_id: str) -> str:
    """The text of one rule of any game, from its heading to the next rule's: ``"R7.4"``, ``"S6.6"``.

    A section id (``"R7"``) gives the whole section with all of its rules. Raises ``RuleIdError`` (a
    ``ValueError``) for an id that is in no rulebook.

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
    from bieten._families import FAMILIES  # the registry imports every game: for the examples only

    lines = []
    for name, game in rulebooks():
        top = _sections(name)
        lines.append(f"{game} ({top[0].id} to {top[-1].id})")
        lines += [f"  {r.id:<4} {r.title}" for r in top]
    # a rule of the first book, a section of each other (the part of its example before the dot)
    examples = [FAMILIES[0].rule_example] + [f.rule_example.split(".")[0] for f in FAMILIES[1:]]
    which = "either game" if len(FAMILIES) == 2 else "any game"
    lines.append(f"One rule or section: {', '.join(f'bieten rules {x}' for x in examples)} (any id, {which})")
    return lines


def command(rule_id: str | None, out: TextIO) -> int:
    """``bieten rules [ID]``: the sections of every game, or one rule or section (or each of a compound
    id such as ``R10/R2.1``, which messages cite); exit status 2 with one line on stderr for an id that
    is in no rulebook."""
    try:
        if rule_id is None:
            text = "\n".join(sections_listing())
        else:  # a compound id, as messages cite them ("R10/R2.1"): each rule in turn
            parts = rule_id.split("/")
            text = "\n\n".join(rule_text(part) for part in (parts if all(parts) else [rule_id]))
    except RuleIdError as err:
        print(f"bieten: error: {err}", file=sys.stderr)
        return 2
    try:
        print(text, file=out, flush=True)
    except BrokenPipeError:  # ``bieten rules | head``: the reader has what it wanted
        if out is sys.stdout:  # and the interpreter's last flush must not fail again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
