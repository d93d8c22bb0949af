"""Saved games: JSON Lines written while a game is played and read back, checked line by line
(docs/frontends.md), or one game record (``Game.to_json``). A file holds a game of any family, known
by its record's ``format``."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any, Protocol

from bieten._core import BietenError, GameRecordError
from bieten._families import FAMILIES, AnyGame, family_of, record_family

#: The ``type`` of each line of a saved game (docs/frontends.md).
LINE_TYPES = ("game", "action", "end")


class _Recordable(Protocol):
    def to_record(self) -> dict[str, Any]: ...


class ReplayError(GameRecordError):
    """A saved game (JSON Lines) that is malformed, tampered with or inconsistent."""


def end_fields(game: AnyGame) -> dict[str, Any]:
    """The end line's fields: the state the actions lead to, to check the file by. Who won is under
    the name the family's terminal view gives (its ``END_FIELD``: one seat's ``winner``, or ``winners``)."""
    outcome = family_of(game).module("terminal").END_FIELD
    return {
        "ply": game.ply,
        "hand_number": game.hand_number,
        "scores": game.scores,
        outcome: getattr(game, outcome),
    }


class Recorder:
    """Writes a game as JSON Lines while it is played, one flushed line at a time (docs/frontends.md)."""

    def __init__(self, stream: IO[str], game: _Recordable, agents: list[str] | None = None) -> None:
        self.stream = stream
        header: dict[str, Any] = {"type": "game", "record": game.to_record()}
        if agents is not None:
            header["agents"] = agents
        self._write(header)

    def _write(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj) + "\n")
        self.stream.flush()

    def action(self, ply: int, seat: int, action: str) -> None:
        self._write({"type": "action", "ply": ply, "seat": seat, "action": action})

    def end(self, game: AnyGame) -> None:
        self.end_line(end_fields(game))

    def end_line(self, fields: dict[str, Any]) -> None:
        """The end line: the state the actions lead to, to check the file by."""
        self._write({"type": "end", **fields})


@dataclass
class Step:
    """One action of a saved game: the line it is on (0 for an action of the header's record)."""

    line: int
    ply: int
    seat: int
    action: str


@dataclass
class SavedGame:
    """A saved game, checked: the game before its first action, its actions, and the game after them."""

    start: AnyGame
    steps: list[Step]
    final: AnyGame
    agents: list[str] | None
    ended: bool
    #: The file is one game record (``Game.to_json``), not JSON Lines: it has no end line to miss.
    whole_record: bool = False


_CHECK_FIELDS = ("hand_number", "scores", "hands")

#: The longest text of a file a message quotes in full.
_ECHO = 80


def _cut(text: str) -> str:
    """``text`` quoted for a message, cut to ``_ECHO`` characters with an ellipsis and its length."""
    return repr(text) if len(text) <= _ECHO else f"{text[: _ECHO - 1]!r}… ({len(text):,} characters)"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_kind(value: object) -> str:
    """What a JSON value is, in JSON's words (``null``, an array), for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"[:_ECHO]
    if isinstance(value, str):
        return f"the string {_cut(value)}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict) and "type" not in value:
        return "an object without a type"
    kind = value.get("type") if isinstance(value, dict) else None
    return f"type {_cut(kind)}" if isinstance(kind, str) else f"type {json.dumps(kind)[:_ECHO]}"


def _whole_record(text: str) -> dict[str, Any] | None:
    """The game record of a file that is one JSON object with a ``format`` (``Game.to_json``, the
    server's "Download the record", the engine protocol's ``saved`` record), else None."""
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    if isinstance(obj, dict) and "type" not in obj and "format" in obj:
        return obj
    return None


def load_jsonl(text: str, name: str = "<jsonl>") -> SavedGame:
    """Rebuilds a saved game and checks it: JSON Lines as ``bieten play --save`` writes them, every
    line checked, or one game record (``Game.to_json`` of any game: the server's downloads); a
    malformed, tampered or inconsistent file raises ReplayError naming the line."""

    def fail(line: int, message: str) -> ReplayError:
        return ReplayError(f"{name}, line {line}: {message}")

    rows: list[tuple[int, dict[str, Any]]] = []
    record_only = _whole_record(text)
    if record_only is not None:
        rows.append((1, {"type": "game", "record": record_only}))
    lines = [] if record_only is not None else text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, raw in enumerate(lines, 1):
        try:
            obj = json.loads(raw)
        except ValueError as err:
            raise fail(
                number,
                f"not JSON ({err}); a saved game is JSON Lines, one object a line, or one game record",
            ) from None
        if not isinstance(obj, dict) or obj.get("type") not in LINE_TYPES:
            raise fail(
                number,
                f"a line is a JSON object of type {', '.join(LINE_TYPES)} (or the whole file one game "
                f"record, Game.to_json), not {_json_kind(obj)}",
            )
        rows.append((number, obj))
    if not rows:
        raise ReplayError(f"{name}: empty; the first line must be the game header")
    first, header = rows[0]
    if header["type"] != "game":
        raise fail(
            first, f"the first line must be the game header (type 'game'), not type {header['type']!r}"
        )
    unknown = sorted(set(header) - {"type", "record", "agents"})
    if unknown:
        raise fail(first, f"unknown header field(s) {', '.join(unknown)}")
    record = header.get("record")
    if not isinstance(record, dict):
        raise fail(first, "the header's 'record' must be a game record object (Game.to_record())")
    agents = header.get("agents")
    if agents is not None and not (isinstance(agents, list) and all(isinstance(a, str) for a in agents)):
        raise fail(first, "the header's 'agents' must be a list of names, one per seat")
    record = {"actions": [], **record}  # a header may leave out the (empty) actions
    try:
        # a format no family writes is refused by the first family's reader, in its words
        game_class = (record_family(record.get("format")) or FAMILIES[0]).game
        game_class.from_record(record)  # the record as it is, with its checks (R3: a changed seed is refused)
        prefix = record.get("actions", [])
        bare = {k: v for k, v in record.items() if k not in _CHECK_FIELDS}
        start: AnyGame = game_class.from_record({**bare, "actions": []})
    except GameRecordError as err:
        raise fail(first, str(err)) from None
    if agents is not None and len(agents) != start.rules.players:
        raise fail(first, f"the header names {len(agents)} agents for {start.rules.players} players")

    game = start.clone()
    steps: list[Step] = []
    for action in prefix:
        seat = game.current_player
        assert seat is not None  # from_record applied these already
        steps.append(Step(0, game.ply, seat, action))
        game.apply(action)
    ended = False
    for number, obj in rows[1:]:
        if ended:
            raise fail(number, "nothing may follow the end line")
        if obj["type"] == "game":
            raise fail(number, "a second game header")
        if obj["type"] == "end":
            _check_end(obj, game, functools.partial(fail, number))
            ended = True
            continue
        if set(obj) != {"type", "ply", "seat", "action"}:
            raise fail(number, "an action line has exactly the fields type, ply, seat and action")
        ply, seat, action = obj["ply"], obj["seat"], obj["action"]
        if not (_is_int(ply) and _is_int(seat) and isinstance(action, str)):
            raise fail(number, "ply and seat must be ints and action an R11 text")
        if ply != game.ply:
            raise fail(
                number,
                f"ply {ply}, but the game is at ply {game.ply}: an action was dropped, repeated or moved",
            )
        if seat != game.current_player:
            whose = (
                "the game is over" if game.current_player is None else f"seat {game.current_player} is to act"
            )
            raise fail(number, f"says seat {seat} acts at ply {ply}, but {whose}")
        try:
            game.apply(action, seat=seat, ply=ply)
        except BietenError as err:
            if len(action) > _ECHO:  # no action is this long; its text is not echoed whole
                raise fail(number, f"{_cut(action)} is not an action") from None
            raise fail(number, f"'{action}' is refused: {err}") from None
        steps.append(Step(number, ply, seat, action))
    return SavedGame(
        start=start, steps=steps, final=game, agents=agents, ended=ended, whole_record=record_only is not None
    )


def _check_end(obj: dict[str, Any], game: AnyGame, fail: Callable[[str], ReplayError]) -> None:
    expected: dict[str, Any] = {"type": "end", **end_fields(game)}
    if set(obj) != set(expected):
        raise fail(f"the end line has exactly the fields {', '.join(expected)}")
    for key, value in expected.items():
        if obj[key] != value:
            raise fail(f"the end line says {key} {obj[key]!r}, but the actions give {value!r}")
