"""``bieten engine``, the JSON Lines protocol of docs/protocol.md, driven as a subprocess.

Whole games of Bieten, Bauernschnapsen and Schnapsen with bots and client moves mixed; every kind of
malformed or refused request answered with an error while the session goes on and nothing changes;
the doc's example session replayed exactly; a POSIX shell client (tests/engine_client.sh). Every reply
the engine sends here validates against the shipped schema (python/bieten/schema/protocol-v1.json),
and every well-formed request sent validates against it too.
"""

from __future__ import annotations

import doctest
import importlib.resources
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import bieten
import bieten.schnapsen
from bieten import _session, engine
from bieten._session import ERROR_CODES, KINDS
from bieten._session import _schema as session_schema

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SKBUILD_EDITABLE_VERBOSE": "0", "PYTHONIOENCODING": "utf-8"}


def _schema(name: str) -> dict[str, Any]:
    text = importlib.resources.files("bieten").joinpath("schema", name).read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def _game_schema(game: str, name: str) -> dict[str, Any]:
    """One of a game's event schemas, in its package (python/bieten/<game>/)."""
    text = importlib.resources.files(f"bieten.{game}").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


SCHEMA = _schema("protocol-v1.json")
REPLY_ANY = Draft202012Validator({"$ref": "#/$defs/reply", "$defs": SCHEMA["$defs"]})
REQUEST_ANY = Draft202012Validator({"$ref": "#/$defs/request", "$defs": SCHEMA["$defs"]})


class _ByType:
    """Validates a message against ``$defs/{side}_{type}``: what ``$defs/{side}`` checks (its oneOf
    matches only by a message's type), without trying every other type's definition first."""

    def __init__(self, side: str, whole: Draft202012Validator) -> None:
        self.whole = whole
        names = [ref["$ref"].removeprefix("#/$defs/") for ref in SCHEMA["$defs"][side]["oneOf"]]
        self.each = {
            name.removeprefix(f"{side}_"): Draft202012Validator(
                {"$ref": f"#/$defs/{name}", "$defs": SCHEMA["$defs"]}
            )
            for name in names
        }

    def validate(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if not isinstance(kind, str) or kind not in self.each:
            self.whole.validate(message)  # raises, naming what is wrong
        self.each[str(kind)].validate(message)


REPLY = _ByType("reply", REPLY_ANY)
REQUEST = _ByType("request", REQUEST_ANY)
EVENTS = {
    "bieten": Draft202012Validator(_game_schema("bieten", "events-v2.json")),
    "schnapsen": Draft202012Validator(_game_schema("schnapsen", "events-v1.json")),
}


class Engine:
    """``python -m bieten engine`` on pipes; each reply is checked against the schema."""

    def __init__(self, *args: str, hello: bool = True) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by kill())
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bieten", "engine", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=ENV,
        )
        self.replies: list[dict[str, Any]] = []
        if hello:
            assert self.request(type="hello", protocols=[1])["type"] == "hello"

    def line(self, raw: bytes) -> dict[str, Any]:
        """Sends one raw line; returns the reply, checked against the schema."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(raw + b"\n")
        self.proc.stdin.flush()
        text = self.proc.stdout.readline()
        if not text:
            self.stderr.seek(0)
            raise AssertionError(f"the engine ended: {self.stderr.read().decode(errors='replace')}")
        reply: dict[str, Any] = json.loads(text)
        REPLY.validate(reply)
        assert text == json.dumps(reply, separators=(",", ":")).encode() + b"\n"  # compact ASCII, one line
        self.replies.append(reply)
        return reply

    def send(self, request: dict[str, Any]) -> dict[str, Any]:
        """Sends a request that may be malformed."""
        return self.line(json.dumps(request).encode())

    def request(self, **request: Any) -> dict[str, Any]:
        """Sends a well-formed request (checked against the schema)."""
        REQUEST.validate(request)
        return self.send(request)

    def ok(self, **request: Any) -> dict[str, Any]:
        reply = self.request(**request)
        assert reply["type"] != "error", reply
        return reply

    def quit(self) -> int:
        assert self.request(type="quit")["type"] == "bye"
        return self.proc.wait(timeout=10)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()
        self.stderr.close()


@pytest.fixture
def engine_proc() -> Iterator[Engine]:
    proc = Engine()
    yield proc
    proc.kill()


# -- whole games --------------------------------------------------------------------------------------


GAMES = [  # seeds under which each game runs over several hands
    ("bieten", {"preset": "bavaria", "rules": {"players": 3}}, 5),
    ("bauernschnapsen", {}, 5),
    ("bauernschnapsen_called", {}, 4),
    ("schnapsen", {"rules": {"target": 7}}, 6),
]


@pytest.mark.parametrize(("kind", "extra", "seed"), GAMES, ids=[kind for kind, _, _ in GAMES])
def test_a_whole_game_with_bots_and_client_moves(kind: str, extra: dict[str, Any], seed: int) -> None:
    proc = Engine()
    try:
        final = _whole_game(proc, kind, extra, seed)
        assert final["hand_number"] >= 2
        assert proc.quit() == 0
    finally:
        proc.kill()


def _whole_game(proc: Engine, kind: str, extra: dict[str, Any], seed: int) -> dict[str, Any]:
    """Plays a game to its end; returns its final state."""
    pick = random.Random(kind)
    new = proc.ok(type="new", id="n", kind=kind, seed=seed, dealer=1, **extra)
    handle, family, players = new["game"], new["family"], new["players"]
    assert (new["id"], new["seed"], new["dealer"], new["state"]["ply"]) == ("n", seed, 1, 0)
    assert family == ("bieten" if kind == "bieten" else "schnapsen")
    seen: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    cursor = [0] * players
    bots = ("random", "heuristic")
    saved_at: dict[str, Any] | None = None
    while True:
        for seat in range(players):  # each seat polls its events since its cursor
            got = proc.ok(type="events", game=handle, seat=seat, since=cursor[seat])
            assert all(e["seq"] >= cursor[seat] for e in got["events"])
            seen[seat].extend(got["events"])
            cursor[seat] = got["next"]
        state = proc.ok(type="state", game=handle)["state"]
        if state["is_over"]:
            break
        seat, ply = state["current_player"], state["ply"]
        legal = proc.ok(type="legal", game=handle, seat=seat)
        assert (legal["ply"], legal["current_player"], legal["seat"]) == (ply, seat, seat)
        assert legal["actions"]
        other = (seat + 1) % players
        assert proc.ok(type="legal", game=handle, seat=other)["actions"] == []  # not its turn
        if seat == 0:  # the client's seat: a text, an id, or a bot's suggestion applied as the client
            choice = pick.choice(legal["actions"])
            plays = all(a["text"].startswith("play ") for a in legal["actions"])
            how = pick.randrange(3) if plays else 2  # bids and contracts as the heuristic would
            if how == 2:
                hint = proc.ok(type="bot", game=handle, seat=0, ply=ply, agent="heuristic", apply=False)
                assert hint["type"] == "suggested" and hint["action"] in legal["actions"]
                choice = hint["action"]
            action = choice["text"] if how == 0 else choice["id"]
            moved = proc.ok(type="apply", game=handle, seat=0, ply=ply, action=action)
            assert moved["by"] is None and moved["action"] == choice
        else:
            agent = bots[seat % 2]
            moved = proc.ok(type="bot", game=handle, seat=seat, ply=ply, agent=agent, budget={"time_ms": 10})
            assert moved["by"] == agent and moved["action"] in legal["actions"]
        assert (moved["type"], moved["seat"], moved["ply"], moved["state"]["ply"]) == (
            "applied",
            seat,
            ply,
            ply + 1,
        )
        if saved_at is None and ply >= 4:
            saved_at = proc.ok(type="save", game=handle)["record"]
    # the incremental views are the whole views, and what the library shows that seat
    record = proc.ok(type="save", game=handle)["record"]
    game_class = bieten.Game if family == "bieten" else bieten.schnapsen.Game
    game = game_class.from_json(json.dumps(record))
    for seat in range(players):
        whole = proc.ok(type="events", game=handle, seat=seat)
        assert whole["events"] == seen[seat] == [e.to_dict() for e in game.events_for(seat)]
        for event in whole["events"]:
            EVENTS[family].validate(event)
    final = proc.ok(type="state", game=handle)["state"]
    assert final["winners"] and final["current_player"] is None and final["scores"] == game.scores
    assert proc.ok(type="legal", game=handle)["actions"] == []
    for refused in (
        {"type": "apply", "game": handle, "seat": 0, "ply": final["ply"], "action": 0},
        {"type": "bot", "game": handle, "seat": 0, "ply": final["ply"], "agent": "random"},
    ):
        error = proc.request(**refused)
        assert error["code"] == "game_over" and error["message"].startswith(("R9:", "S9:"))
    # a record saved midway loads as a new game at that point, and the bots continue it alike
    assert saved_at is not None
    loaded = proc.ok(type="load", record=saved_at)
    assert loaded["game"] != handle and loaded["state"]["ply"] == len(saved_at["actions"])
    again = proc.ok(type="load", record=saved_at)
    for table in (loaded["game"], again["game"]):
        state = loaded["state"]
        seat = state["current_player"]
        proc.ok(type="bot", game=table, seat=seat, ply=state["ply"], agent="heuristic")
    assert (
        proc.ok(type="save", game=loaded["game"])["record"]
        == proc.ok(type="save", game=again["game"])["record"]
    )
    listed = proc.ok(type="list")["games"]
    assert [g["game"] for g in listed] == [handle, loaded["game"], again["game"]]
    assert proc.ok(type="close", game=again["game"]) == {"type": "closed", "id": None, "game": again["game"]}
    assert proc.request(type="state", game=again["game"])["code"] == "unknown_game"
    return final


# -- refusals -----------------------------------------------------------------------------------------


def _snapshot(proc: Engine) -> list[dict[str, Any]]:
    """Everything a refused request must leave alone: the open games and each one's record."""
    games = proc.ok(type="list")["games"]
    return [games, *(proc.ok(type="save", game=g["game"])["record"] for g in games)]


def test_every_malformed_or_refused_request_gets_an_error_and_changes_nothing() -> None:
    proc = Engine("--max-line", "4096")
    try:
        _refusals(proc)
        assert proc.quit() == 0
    finally:
        proc.kill()


def _refusals(proc: Engine) -> None:
    b = proc.ok(type="new", kind="bieten", rules={"players": 2}, seed=7)["game"]
    s = proc.ok(type="new", kind="bauernschnapsen", seed=3)["game"]
    proc.ok(type="bot", game=s, seat=3, ply=0, agent="heuristic")  # the cut; a game under way
    current = proc.ok(type="state", game=b)["state"]["current_player"]
    s_current = proc.ok(type="state", game=s)["state"]["current_player"]
    record = proc.ok(type="save", game=b)["record"]
    tampered = {**record, "scores": [5, 0]}
    big = b'{"type":"list","id":"big","pad":"' + b"x" * 4096 + b'"}'
    # (raw line, code, id echoed, what the message starts with)
    cases: list[tuple[bytes | dict[str, Any], str, Any, str]] = [
        (b"{not json", "bad_json", None, ""),
        (b"\xff\xfe{}", "bad_json", None, ""),
        (b'{"type":"list","type":"list"}', "bad_json", None, ""),
        (b'{"type":"new","kind":"bieten","seed":NaN}', "bad_json", None, ""),
        (b"[" * 100_000 + b"]" * 100_000, "line_too_long", None, ""),
        (b"[" * 2000 + b"]" * 2000, "bad_json", None, ""),
        (b"[1, 2]", "not_object", None, ""),
        (b'"list"', "not_object", None, ""),
        (b"null", "not_object", None, ""),
        (big, "line_too_long", None, ""),
        ({"id": 5}, "missing_field", 5, ""),
        ({"type": "dance", "id": "x"}, "unknown_type", "x", ""),
        ({"type": 5, "id": 6}, "unknown_type", 6, ""),
        ({"type": "list", "id": {"no": 1}}, "bad_field", None, ""),
        ({"type": "list", "id": "i" * 300}, "bad_field", None, ""),
        ({"type": "state", "id": 7}, "missing_field", 7, ""),
        ({"type": "state", "game": b, "seat": 0}, "unknown_field", None, ""),
        ({"type": "state", "game": 1}, "bad_field", None, ""),
        ({"type": "events", "game": b, "seat": "0"}, "bad_field", None, ""),
        ({"type": "events", "game": b, "seat": 0, "since": -1}, "bad_field", None, ""),
        ({"type": "apply", "game": b, "seat": True, "ply": 0, "action": "good"}, "bad_field", None, ""),
        ({"type": "apply", "game": b, "seat": current, "ply": 0.0, "action": 0}, "bad_field", None, ""),
        ({"type": "apply", "game": b, "seat": current, "ply": 0, "action": -1}, "bad_field", None, ""),
        ({"type": "apply", "game": b, "seat": current, "ply": 0, "action": ["bid"]}, "bad_field", None, ""),
        ({"type": "apply", "game": b, "seat": current, "ply": 0}, "missing_field", None, ""),
        ({"type": "hello", "id": 8, "protocols": [99]}, "unsupported_version", 8, ""),
        ({"type": "hello", "protocols": []}, "bad_field", None, ""),
        ({"type": "new", "kind": "poker"}, "bad_field", None, ""),
        ({"type": "new", "kind": "bieten", "rules": {"players": 9}}, "bad_rules", None, "R10"),
        ({"type": "new", "kind": "bieten", "rules": {"colour": "red"}}, "bad_rules", None, "R10"),
        ({"type": "new", "kind": "bieten", "rules": {"target": "11"}}, "bad_rules", None, "R10"),
        ({"type": "new", "kind": "bieten", "rules": {"name": "tyrol"}}, "bad_rules", None, "R10"),
        ({"type": "new", "kind": "schnapsen", "rules": {"cls": 1}}, "bad_rules", None, "S10"),
        ({"type": "new", "kind": "bieten", "preset": "nowhere"}, "bad_rules", None, "R10"),
        ({"type": "new", "kind": "bieten", "rules": []}, "bad_field", None, ""),
        ({"type": "new", "kind": "bauernschnapsen", "rules": {"closing": True}}, "bad_rules", None, "S10"),
        ({"type": "new", "kind": "schnapsen", "preset": "tyrol"}, "bad_rules", None, "S10"),
        ({"type": "new", "kind": "bieten", "seed": -1}, "bad_seed", None, "R3"),
        ({"type": "new", "kind": "schnapsen", "seed": 2**64}, "bad_seed", None, ""),
        ({"type": "new", "kind": "bieten", "dealer": 7}, "bad_seat", None, "R2.2"),
        (
            {"type": "new", "kind": "bieten", "rules": {"players": 2}, "deal": [["XX"], []]},
            "bad_deal",
            None,
            "R",
        ),
        ({"type": "new", "kind": "schnapsen", "deal": {"hands": [["HA"]], "x": 1}}, "bad_deal", None, "S3"),
        ({"type": "new", "kind": "schnapsen", "top_card": "HA"}, "bad_deal", None, "S3"),
        ({"type": "state", "game": "g99"}, "unknown_game", None, ""),
        ({"type": "events", "game": b, "seat": 2}, "bad_seat", None, "R2.1"),
        ({"type": "events", "game": s, "seat": 4}, "bad_seat", None, "S2.1"),
        ({"type": "legal", "game": b, "seat": -1}, "bad_seat", None, "R2.1"),
        (
            {"type": "apply", "game": b, "seat": 1 - current, "ply": 0, "action": "good"},
            "wrong_seat",
            None,
            "R9",
        ),
        (
            {"type": "apply", "game": b, "seat": current, "ply": 1, "action": "bid red"},
            "stale_ply",
            None,
            "R9",
        ),
        (
            {"type": "apply", "game": s, "seat": s_current, "ply": 0, "action": "play HA"},
            "stale_ply",
            None,
            "S9",
        ),
        (
            {"type": "apply", "game": b, "seat": current, "ply": 0, "action": "good"},
            "illegal_action",
            None,
            "R7",
        ),
        (
            {"type": "apply", "game": b, "seat": current, "ply": 0, "action": "play HA"},
            "illegal_action",
            None,
            "R",
        ),
        (
            {"type": "apply", "game": b, "seat": current, "ply": 0, "action": "dance"},
            "bad_action",
            None,
            "R11",
        ),
        (
            {"type": "apply", "game": b, "seat": current, "ply": 0, "action": "x" * 500},
            "bad_action",
            None,
            "R11",
        ),
        ({"type": "apply", "game": b, "seat": current, "ply": 0, "action": 9999}, "bad_action", None, "R11"),
        (
            {"type": "apply", "game": s, "seat": s_current, "ply": 1, "action": "bid red"},
            "bad_action",
            None,
            "S11",
        ),
        (
            {"type": "apply", "game": s, "seat": (s_current + 1) % 4, "ply": 1, "action": 0},
            "wrong_seat",
            None,
            "S9",
        ),
        (
            {"type": "bot", "game": b, "seat": current, "ply": 0, "agent": "alphazero"},
            "unknown_agent",
            None,
            "",
        ),
        (
            {"type": "bot", "game": b, "seat": current, "ply": 0, "agent": "random", "budget": {"depth": 3}},
            "bad_field",
            None,
            "",
        ),
        (
            {"type": "bot", "game": b, "seat": current, "ply": 0, "agent": "random", "budget": {"nodes": -1}},
            "bad_field",
            None,
            "",
        ),
        (
            {"type": "bot", "game": b, "seat": current, "ply": 0, "agent": "random", "apply": 1},
            "bad_field",
            None,
            "",
        ),
        (
            {"type": "bot", "game": b, "seat": current, "ply": 0, "agent": "random", "seed": -5},
            "bad_seed",
            None,
            "",
        ),
        (
            {"type": "bot", "game": b, "seat": 1 - current, "ply": 0, "agent": "random"},
            "wrong_seat",
            None,
            "R9",
        ),
        ({"type": "bot", "game": b, "seat": current, "ply": 3, "agent": "random"}, "stale_ply", None, "R9"),
        ({"type": "load", "record": {"format": "x"}}, "bad_record", None, ""),
        ({"type": "load", "record": tampered}, "bad_record", None, "from_json"),
        ({"type": "load", "record": {**record, "actions": ["good"]}}, "bad_record", None, "from_json"),
        ({"type": "load", "record": "{}"}, "bad_field", None, ""),
        ({"type": "close", "game": "g3"}, "unknown_game", None, ""),
        ({"type": "quit", "now": True}, "unknown_field", None, ""),
    ]
    before = _snapshot(proc)
    for raw, code, ident, start in cases:
        reply = proc.line(raw) if isinstance(raw, bytes) else proc.send(raw)
        assert (reply["type"], reply["code"], reply["id"]) == ("error", code, ident), (raw, reply)
        assert reply["message"].startswith(start), (raw, reply)
        assert _snapshot(proc) == before, raw
    assert {reply["code"] for reply in proc.replies if reply["type"] == "error"} == set(ERROR_CODES) - {
        "no_handshake",
        "too_many_games",
        "game_over",  # test_a_whole_game_with_bots_and_client_moves
        "internal",
    }
    # a line of exactly the most bytes is read; blank lines get no reply
    exact = b'{"type":"list","id":"exact"}'
    assert proc.line(b"\n \r\n" + exact + b" " * (4096 - len(exact)))["id"] == "exact"
    # the request that was refused for a wrong field goes through once right
    assert proc.ok(type="apply", game=b, seat=current, ply=0, action="bid red")["state"]["ply"] == 1


def test_hello_comes_first_and_picks_the_highest_common_version() -> None:
    proc = Engine(hello=False)
    try:
        for request in ({"type": "list"}, {"type": "new", "kind": "bieten"}, {"type": "bogus", "id": 1}):
            reply = proc.send(request)
            assert reply["code"] == ("no_handshake" if request["type"] != "bogus" else "unknown_type")
        assert proc.request(type="hello", id=1, protocols=[7])["code"] == "unsupported_version"
        hello = proc.request(type="hello", id=2, protocols=[0, 1, 2])
        assert hello["protocol"] == 1 and hello["kinds"] == list(KINDS)
        assert hello["version"] == bieten.__version__ and hello["agents"] == list(bieten.AGENTS)
        assert proc.ok(type="list")["games"] == []
        assert proc.quit() == 0
    finally:
        proc.kill()


def test_at_most_max_games_are_open_and_handles_are_not_reused() -> None:
    proc = Engine("--max-games", "2")
    try:
        first = proc.ok(type="new", kind="schnapsen", seed=1)["game"]
        proc.ok(type="new", kind="bieten", seed=1)
        assert proc.request(type="new", kind="bieten", seed=2)["code"] == "too_many_games"
        proc.ok(type="close", game=first)
        assert proc.ok(type="new", kind="bieten", seed=2)["game"] == "g3"
        assert [g["game"] for g in proc.ok(type="list")["games"]] == ["g2", "g3"]
        assert proc.quit() == 0
    finally:
        proc.kill()


def test_the_session_ends_at_quit_or_at_the_end_of_input() -> None:
    lines = b'{"type":"hello","protocols":[1]}\n{"type":"quit","id":"q"}\n{"type":"list"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "bieten", "engine"], input=lines, capture_output=True, env=ENV
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and [r["type"] for r in replies] == ["hello", "bye"]
    eof = subprocess.run(
        [sys.executable, "-m", "bieten", "engine"],
        input=lines.split(b"\n")[0] + b"\n",
        capture_output=True,
        env=ENV,
    )
    assert eof.returncode == 0 and [json.loads(line)["type"] for line in eof.stdout.splitlines()] == ["hello"]
    bad = subprocess.run(
        [sys.executable, "-m", "bieten", "engine", "--max-line", "0"], capture_output=True, env=ENV
    )
    assert bad.returncode == 2 and b"--max-line" in bad.stderr


def test_a_given_deal_and_bot_seeds_are_honoured(engine_proc: Engine) -> None:
    deal = bieten.schnapsen.deal(5, bieten.schnapsen.Rules.preset("schnapsen"))
    game = engine_proc.ok(type="new", kind="schnapsen", seed=9, deal=deal)
    local = bieten.schnapsen.Game(bieten.schnapsen.Rules.preset("schnapsen"), 9, deal=deal)
    assert engine_proc.ok(type="events", game=game["game"], seat=0)["events"] == [
        e.to_dict() for e in local.events_for(0)
    ]
    # a bot's default seed depends on the game's seed, the seat and the ply only: the same position,
    # the same move; an explicit seed is used as given
    seat = game["state"]["current_player"]
    moves = {
        json.dumps(
            engine_proc.ok(type="bot", game=game["game"], seat=seat, ply=0, agent="random", apply=False)
        )
        for _ in range(3)
    }
    assert len(moves) == 1
    seeded = engine_proc.ok(
        type="bot", game=game["game"], seat=seat, ply=0, agent="random", seed=1, apply=False
    )
    assert seeded["type"] == "suggested"


def test_a_fault_in_the_engine_is_an_internal_error_and_the_session_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = _session.Session()
    session.handle({"type": "hello", "protocols": [1]})
    game = session.handle({"type": "new", "kind": "bieten", "seed": 1})["game"]

    def broken(self: _session.Table) -> dict[str, Any]:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patch:
        patch.setattr(_session.Table, "describe", broken)
        reply = session.handle({"type": "state", "id": 4, "game": game})
    assert reply == {"type": "error", "id": 4, "code": "internal", "message": "RuntimeError: a bug"}
    REPLY.validate(reply)
    assert session.handle({"type": "state", "game": game})["type"] == "game"


_ANY = [None, True, 0, 1, -1, 3, 2**64, 1.5, "", "g1", "g9", "x" * 70, [], [1], {}, {"x": 1}]
_POOLS: dict[str, list[Any]] = {
    "protocols": [[1], [1, 2], [0], [2**70]],
    "kind": list(KINDS),
    "preset": ["tyrol", "south_tyrol", "nowhere"],
    "rules": [
        {"players": 2},
        {"players": 5, "hand_size": 4},
        {"name": 1},
        {"target": 2**40},
        {"wild": "\ud800"},
    ],
    "seed": [0, 7, 2**64 - 1],
    "dealer": [0, 1, 3, 5],
    "deal": [[["HA", "HK", "HO"], ["EA", "EK", "EO"]], {"hands": [["HA"]]}, [[None]], {"hands": 5}],
    "top_card": ["HA", "S6", "ZZ"],
    "record": [{"format": "bieten-game"}, {"format": "bieten-schnapsen-game", "version": 1.0}],
    "game": ["g1", "g2", "g3"],
    "seat": [0, 1, 2, 3, 4],
    "since": [0, 1, 10**9],
    "ply": [0, 1, 2],
    "action": ["cut", "bid red", "good", "play HA", "knock", 0, 129, 10**6, "play"],
    "agent": ["random", "heuristic", "oracle"],
    "budget": [{}, {"time_ms": 5}, {"nodes": -1}],
    "apply": [False, True],
}


def test_random_requests_never_fault_and_every_reply_keeps_the_schema() -> None:
    pick = random.Random(12)
    for _ in range(300):
        session = _session.Session()
        session.handle({"type": "hello", "protocols": [1]})
        session.handle({"type": "new", "kind": "bieten", "seed": 1, "rules": {"players": 2}})
        session.handle({"type": "new", "kind": "bauernschnapsen", "seed": 1})
        for _ in range(8):
            kind = pick.choice(list(session_schema().requests))
            request: dict[str, Any] = {"type": kind}
            for name in session_schema().fields(kind):
                if pick.random() < 0.8:
                    request[name] = pick.choice(_POOLS[name] if pick.random() < 0.8 else _ANY)
            reply = session.handle(json.loads(json.dumps(request)))
            REPLY.validate(reply)
            assert reply.get("code") != "internal", (request, reply)


# -- the doc, the schema, a shell client --------------------------------------------------------------


def _doc_transcript() -> list[tuple[str, str]]:
    """The example session of docs/protocol.md: its ``> request`` and ``< reply`` lines, in order."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    lines: list[tuple[str, str]] = []
    for block in re.findall(r"```text\n(.*?)```", text, flags=re.S):
        rows = block.splitlines()
        if rows and all(row.startswith(("> ", "< ")) for row in rows):
            lines.extend((row[0], row[2:]) for row in rows)
    return lines


def _formats() -> str:
    """The registry's record formats as the engine lists them: with the shipped games alone
    'bieten-game' or 'bieten-schnapsen-game' (docs/protocol.md); a game built for the tests adds one."""
    from bieten._families import FAMILIES

    quoted = [repr(f.record_format) for f in FAMILIES]
    assert quoted[:2] == ["'bieten-game'", "'bieten-schnapsen-game'"]
    return f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def _shipped(reply: dict[str, Any]) -> dict[str, Any]:
    """A reply as the shipped build says it: hello lists the kinds of a game built only for the
    tests (tests/games/, with no package of its own) too, which docs/protocol.md does not show."""
    from bieten._families import FAMILIES

    if reply.get("type") == "hello":
        extra = {kind for f in FAMILIES if not f.own_package for kind in f.kinds}
        reply = {**reply, "kinds": [kind for kind in reply["kinds"] if kind not in extra]}
    return reply


def test_the_doc_example_session_is_what_the_engine_says() -> None:
    transcript = _doc_transcript()
    assert len(transcript) > 30
    requests = b"".join(body.encode() + b"\n" for side, body in transcript if side == ">")
    done = subprocess.run(
        [sys.executable, "-m", "bieten", "engine"], input=requests, capture_output=True, env=ENV, timeout=30
    )
    said = done.stdout.decode().splitlines()
    expected = [body for side, body in transcript if side == "<"]
    assert len(said) == len(expected)
    for got, want in zip(said, expected, strict=True):
        assert _shipped(json.loads(got)) == json.loads(want)
        REPLY_ANY.validate(json.loads(got))
    # the doc shows every request and reply type, and each reply follows its request
    shown = {
        body.split('"type":"')[1].split('"')[0] for _, body in transcript if body.startswith('{"type":"')
    }
    assert set(session_schema().requests) <= shown
    reply_types = {
        d.removeprefix("reply_") for d in SCHEMA["$defs"] if d.startswith("reply_") and d != "reply_id"
    }
    assert reply_types <= shown


def test_the_schema_covers_every_message_and_the_session_answers_each_request_it_defines() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    defs = SCHEMA["$defs"]
    kinds = [d.removeprefix("request_") for d in defs if d.startswith("request_") and d != "request_id"]
    # the session checks requests against the shipped schema, and dispatches every type it defines
    assert list(session_schema().requests) == kinds
    assert all(callable(getattr(_session.Session, f"_on_{kind}", None)) for kind in kinds)
    assert defs["reply_error"]["properties"]["code"]["enum"] == list(ERROR_CODES)
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for code in ERROR_CODES:
        assert f"`{code}`" in doc, code


def test_schema_errors_become_the_documented_codes_with_the_schema_words() -> None:
    session = _session.Session()
    session.handle({"type": "hello", "protocols": [1]})
    b = session.handle({"type": "new", "kind": "bieten", "seed": 1, "rules": {"players": 2}})["game"]
    said = {
        "missing": session.handle({"type": "state"}),
        "unknown": session.handle({"type": "state", "game": b, "seat": 0, "colour": 1}),
        "float": session.handle({"type": "apply", "game": b, "seat": 0, "ply": 1.0, "action": 0}),
        "budget": session.handle(
            {"type": "bot", "game": b, "seat": 0, "ply": 0, "agent": "random", "budget": {"nodes": -1}}
        ),
        "seat": session.handle({"type": "events", "game": b, "seat": -1}),
        "seed": session.handle({"type": "new", "kind": "bieten", "seed": 2**64}),
        "preset": session.handle({"type": "new", "kind": "bieten", "preset": "nowhere"}),
        "record": session.handle({"type": "load", "record": {"format": "x"}}),
    }
    assert {k: (r["code"], r["message"]) for k, r in said.items()} == {
        "missing": ("missing_field", "state needs the field game: a game handle from a game reply"),
        "unknown": ("unknown_field", "state has no field(s) colour, seat (its fields: game)"),
        "float": ("bad_field", "apply: ply must be an integer >= 0, not 1.0"),
        "budget": (
            "bad_field",
            'bot: budget must be an object with optional time_ms and nodes, not {"nodes": -1}',
        ),
        "seat": ("bad_seat", "R2.1: seat must be 0 to 1, not -1"),
        "seed": ("bad_seed", said["seed"]["message"]),
        "preset": ("bad_rules", said["preset"]["message"]),
        "record": ("bad_record", f"from_json: format must be {_formats()}, not 'x'"),
    }
    assert said["seed"]["message"].startswith("R3.2") and said["preset"]["message"].startswith("R10")
    # the schema takes dealers from 0; the game says R2.2 (and checks an agent's knobs' ranges)
    seat = session.handle({"type": "state", "game": b})["state"]["current_player"]
    bot = {"type": "bot", "game": b, "seat": seat, "ply": 0, "agent": "ismcts:20", "apply": False}
    assert session.handle(bot)["type"] == "suggested"
    dealer = session.handle({"type": "new", "kind": "bieten", "dealer": -1})
    assert dealer["code"] == "bad_seat"
    assert dealer["message"] == "R2.2: dealer must be a seat from 0 to 3, not -1"


@pytest.mark.skipif(shutil.which("sh") is None or shutil.which("grep") is None, reason="needs sh and grep")
def test_a_posix_shell_client() -> None:
    done = subprocess.run(
        ["sh", str(ROOT / "tests" / "engine_client.sh"), sys.executable, "-m", "bieten", "engine"],
        capture_output=True,
        env=ENV,
        timeout=30,
    )
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert done.stdout.decode().strip().endswith("ok")


@pytest.mark.parametrize("module", [_session, engine], ids=lambda m: m.__name__)
def test_docstring_examples_run_as_written(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


_AGENT_NAMES = [
    "random",
    "Heuristic",
    "ismcts",
    "ISMCTS:200",
    "ismcts:5ms",
    "ismcts:2.5ms:c=1.5",
    "ismcts:1000:rollout=random:others=uct:answers=search:cards=heuristic",
    "ismcts:c=.25:1e+03ms",
    "ismcts:0400",
    "ismcts:10000000",
    "expert:open=worlds",
    "expert:others=uct",
    "Expert:Others=Trumps:16",
    "expert:others=policy",
    "Expert:c=1.5:64",
    "expert:open=oracle",
    "expert:c=x",
    "external",
    "oracle",
    "ismcts:",
    "ismcts:0",
    "ismcts:10000001",
    "ismcts:xyz",
    "ismcts:5ms:c=abc",
    "ismcts:rollout=uct",
    "ismcts:-5",
    "random:200",
    " random",
]


@pytest.mark.parametrize("agent", _AGENT_NAMES)
def test_the_schema_takes_an_agent_name_exactly_when_the_engine_plays_it(agent: str) -> None:
    session = _session.Session()
    session.handle({"type": "hello", "protocols": [1]})
    game = session.handle({"type": "new", "kind": "bauernschnapsen", "seed": 4})["game"]
    seat = session.handle({"type": "state", "game": game})["state"]["current_player"]
    request = {"type": "bot", "game": game, "seat": seat, "ply": 0, "agent": agent, "apply": False}
    reply = session.handle(request)
    assert REQUEST_ANY.is_valid(request) == (reply["type"] == "suggested"), reply
    if reply["type"] != "suggested":
        assert reply["code"] == "unknown_agent"


def test_a_bot_request_with_an_ismcts_agent_validates_and_moves() -> None:
    session = _session.Session()
    session.handle({"type": "hello", "protocols": [1]})
    game = session.handle({"type": "new", "kind": "bieten", "seed": 9, "rules": {"players": 2}})["game"]
    seat = session.handle({"type": "state", "game": game})["state"]["current_player"]
    for ply, agent in enumerate(["ismcts:200", "ismcts:5ms"]):
        request = {"type": "bot", "game": game, "seat": seat, "ply": ply, "agent": agent}
        REQUEST_ANY.validate(request)
        moved = session.handle(request)
        REPLY.validate(moved)
        assert moved["type"] == "applied" and moved["by"] == agent
        seat = session.handle({"type": "state", "game": game})["state"]["current_player"]
