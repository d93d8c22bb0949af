"""What both games' terminal views draw with: the console, cards in their suits' colours, counts,
numbered choices (docs/frontends.md)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.text import Text

SUIT_STYLES = {"H": "red", "L": "green", "S": "yellow", "E": "orange4"}
WELI_STYLE = "bold black on bright_yellow"
YOU_STYLE = "bold cyan"
BID_STYLE = "bold magenta"
POINTS_STYLE = "bold green"
REFUSED_STYLE = "bold red"

#: What asks the person for a line: given the prompt, returns the answer (EOFError at the end).
Reader = Callable[[str], str]


def make_console(out: TextIO, color: bool) -> Console:
    """A rich console on ``out``: with colour (ANSI styles) or as plain text without any escape code.
    A closed pipe (``bieten replay g.jsonl | head``) is raised as BrokenPipeError for the command to
    end quietly, instead of rich's own exit with status 1."""
    console = Console(
        file=out,
        force_terminal=color,
        no_color=not color,
        color_system="auto" if color else None,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
    console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    return console


def _broken_pipe() -> None:
    raise BrokenPipeError("the reader closed the pipe")


def wants_color(out: TextIO, no_color: bool) -> bool:
    """Colour unless ``--no-color``, the ``NO_COLOR`` convention, or ``out`` is not a terminal."""
    if no_color or "NO_COLOR" in os.environ:
        return False
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


def card_text(card: str | None, named: str | None = None, sep: str = " as ") -> Text:
    """A card in its suit's colour (the Weli highlighted); ``?`` for a card the viewer may not see."""
    if card is None:
        return Text("?", style="dim")
    style = WELI_STYLE if card == "S6" else SUIT_STYLES.get(card[0], "")
    text = Text(card, style=style)
    if named is not None:
        text.append(sep)
        text.append_text(card_text(named))
    return text


def cards_text(cards: list[str] | None, empty: str = "-") -> Text:
    if cards is None:
        return Text("?", style="dim")
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def join(parts: list[Text], sep: str = ", ") -> Text:
    return Text(sep).join(parts)


def count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def percent(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.1 or p == 0 else f"{100 * p:.1f}%"


def numbered(items: list[Text]) -> list[Text]:
    """The choices numbered from 1, one a line, or in columns when there are more than ten."""
    cells = [Text.assemble(f"{i:>2}. ", item) for i, item in enumerate(items, 1)]
    if len(cells) <= 10:
        return [Text.assemble("  ", c) for c in cells]
    width = max(len(c.plain) for c in cells) + 2
    per_row = max(1, 96 // width)
    rows = []
    for start in range(0, len(cells), per_row):
        row = Text("  ")
        for cell in cells[start : start + per_row]:
            padded = cell.copy()
            padded.pad_right(width - len(cell.plain))
            row.append_text(padded)
        row.rstrip()
        rows.append(row)
    return rows


class SeatWords:
    """How a view names seats: "you" for the person's seat (``you``), "seat 2" for the others."""

    you: int | None

    def name(self, seat: int | None) -> Text:
        if seat is None:
            return Text("nobody")
        if seat == self.you:
            return Text("you", style=YOU_STYLE)
        return Text(f"seat {seat}")

    def _does(self, seat: int, verb: str, plural: str | None = None) -> Text:
        """'seat 2 plays' / 'you play'."""
        if seat == self.you:
            return Text.assemble(self.name(seat), " ", plural or verb[:-1])
        return Text.assemble(self.name(seat), " ", verb)

    def _do(self, seats: list[int], verb: str, plural: str) -> Text:
        """'seat 2 scores' / 'you score' / 'seat 1, seat 3 score': the verb agrees with the seats."""
        names = join([self.name(s) for s in seats]) if seats else Text("nobody")
        singular = not seats or (len(seats) == 1 and seats[0] != self.you)
        return Text.assemble(names, " ", verb if singular else plural)

    def padded_names(self, players: int) -> list[Text]:
        """Every seat's name, padded to the longest, for the rows of a table."""
        names = [self.name(s) for s in range(players)]
        width = max(len(t.plain) for t in names)
        for name in names:
            name.pad_right(width - len(name.plain))
        return names
