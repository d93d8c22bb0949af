"""Issue 39, item 1: a 64-bit seed reaches the game exactly as typed, from the page (which sends it as
its digits: a JavaScript number keeps 53 bits), the server's POST /api/tables and the engine protocol
(R3.2); anything else is refused, saying what a seed is."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from bieten._session import Session, Table

BIG = 15871847963295036875  # printed by `bieten play`; as a JavaScript number it is ...037000


def test_a_big_seed_as_digits_or_integer_makes_the_same_game() -> None:
    as_text, as_int = Table.new("bieten", seed=str(BIG)), Table.new("bieten", seed=BIG)
    assert int(as_text.game.seed) == int(as_int.game.seed) == BIG
    assert as_text.record() == as_int.record()


def _engine(*requests: dict[str, object]) -> list[dict[str, object]]:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    return [session.handle(r) for r in requests]


def test_the_engine_protocol_takes_a_seed_as_digits_and_refuses_a_bad_one_as_bad_seed() -> None:
    made, bad_text, too_big, negative = _engine(
        {"type": "new", "kind": "schnapsen", "seed": str(BIG)},
        {"type": "new", "kind": "schnapsen", "seed": "12ab"},
        {"type": "new", "kind": "schnapsen", "seed": str(2**64)},
        {"type": "new", "kind": "schnapsen", "seed": -1},
    )
    assert made["type"] == "game" and made["seed"] == BIG
    for reply in (bad_text, too_big, negative):
        assert reply["type"] == "error" and reply["code"] == "bad_seed", reply
        assert str(reply["message"]).startswith("R3.2: seed must be an integer 0 <= seed < 2**64")


def test_a_bot_seed_as_digits_is_the_same_bot_as_the_integer() -> None:
    bot = {"type": "bot", "game": "g1", "seat": 1, "ply": 0, "agent": "random", "apply": False}
    replies = _engine(
        {"type": "new", "kind": "bieten", "seed": 3},
        {**bot, "seed": str(BIG)},
        {**bot, "seed": BIG},
        {**bot, "seed": "x"},
    )
    assert replies[1]["type"] == "suggested" and replies[1]["action"] == replies[2]["action"]
    assert replies[3]["type"] == "error" and replies[3]["code"] == "bad_seed"


@pytest.fixture
def client() -> Iterator[object]:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from bieten.web import create_app

    with TestClient(create_app(bot_delay=0, db="memory")) as test_client:
        yield test_client


def test_the_server_takes_a_seed_as_digits_exactly(client: object) -> None:
    reply = client.post("/api/tables", json={"kind": "bieten", "seed": str(BIG)})  # type: ignore[attr-defined]
    assert reply.status_code == 201, reply.text
    table = client.app.state.server.tables[reply.json()["table"]]  # type: ignore[attr-defined]
    assert int(table.table.game.seed) == BIG
