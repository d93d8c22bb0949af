"""The durable server (docs/server.md, "Storage", "Restart", "Several processes"): the stores
(memory, SQLite, a real PostgreSQL that this module starts itself), tables that survive a restart of
the app, the lobby and its open seats, the rate limit; and with real ``bieten serve`` processes: one
killed with SIGKILL mid-game and restarted, and two processes on one PostgreSQL racing the same ply.

The PostgreSQL tests need Debian's PostgreSQL (``/usr/lib/postgresql/<version>/bin/initdb``) and
skip, saying so, without it."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import sqlite3
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's TestClient would rather have httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from test_server import Seat, new_table, play_out, ws_url

import bieten
import bieten.schnapsen
from bieten.web import create_app
from bieten.web._store import (
    MIGRATIONS,
    MemoryStore,
    SQLiteStore,
    StoredTable,
    StoreError,
    open_store,
    token_hash,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]


def _bench_module(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


harness = _bench_module("server_harness")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb + pg_ctl in a temporary folder) for this module."""
    pytest.importorskip("psycopg", reason="psycopg 3 is not installed (pip install 'bieten[web]')")
    try:
        with harness.temporary_postgres() as dsn:
            yield dsn
    except harness.PostgresUnavailable as why:
        pytest.skip(f"no PostgreSQL cluster can be started here: {why}")


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "memory":
        return "memory"
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/tables.sqlite3"
    dsn: str = request.getfixturevalue("postgres")
    harness.reset_postgres(dsn)
    return dsn


def row(ident: str, tokens: dict[int, str | None] | None = None, now: float = 100.0) -> StoredTable:
    start = bieten._session.Table.new("schnapsen", seed=7).record()
    return StoredTable(
        ident=ident,
        kind="schnapsen",
        family="schnapsen",
        players=2,
        seats=["human", "heuristic"],
        tokens=tokens if tokens is not None else {0: token_hash("t0")},
        start=start,
        created_at=now,
        last_active=now,
    )


# -- the stores ---------------------------------------------------------------------------------------


def test_open_store_names_each_store_and_refuses_others(tmp_path: Path) -> None:
    assert isinstance(open_store("memory"), MemoryStore)
    sqlite = open_store(f"sqlite:///{tmp_path}/a.sqlite3")
    assert isinstance(sqlite, SQLiteStore) and sqlite.path == tmp_path / "a.sqlite3"
    relative = open_store("sqlite:///relative.sqlite3")  # relative to this folder, kept absolute
    assert relative.path == Path.cwd() / "relative.sqlite3"  # type: ignore[attr-defined]
    for bad in ("mysql://x", "sqlite:///", "postgres", ""):
        with pytest.raises(StoreError, match="--db"):
            open_store(bad)
    shown = open_store("postgresql://bob:hunter2@db.example:5433/games")
    assert shown.url == "postgresql://bob@db.example:5433/games" and shown.shared  # no password shown


def test_a_store_keeps_tables_moves_and_records(store_url: str) -> None:
    async def scenario() -> None:
        store = open_store(store_url)
        await store.open()
        try:
            await store.create(row("a", now=100.0))
            await store.create(row("b", tokens={0: token_hash("x"), 1: None}, now=101.0))
            assert await store.count() == 2
            assert await store.append("a", 0, seat=1, action=56, now=102.0)
            assert not await store.append("a", 0, seat=1, action=41, now=102.0)  # ply 0 is taken
            assert not await store.append("a", 5, seat=1, action=41, now=102.0)  # not at ply 5
            assert not await store.append("nope", 0, seat=0, action=41, now=102.0)
            assert await store.append("a", 1, seat=0, action=41, now=103.0, record='{"over": 1}')
            assert await store.actions("a", 0) == [56, 41] and await store.actions("a", 1) == [41]
            assert await store.record("a") == '{"over": 1}' and await store.record("b") is None
            loaded = await store.load("a")
            assert loaded is not None and loaded.actions == [56, 41] and loaded.ply == 2
            assert loaded.finished_at == 103.0 and loaded.tokens == {0: token_hash("t0")}
            assert loaded.start == row("a").start
            assert [t.ident for t in await store.unfinished()] == ["b"]
            listed = [t.summary() for t in await store.listing()]
            assert [(s["table"], s["ply"], s["is_over"], s["open_seats"]) for s in listed] == [
                ("a", 2, True, []),
                ("b", 0, False, [1]),
            ]
            assert await store.claim("b", 0, token_hash("y")) is None  # seat 0 is not open
            assert await store.claim("b", None, token_hash("y")) == 1
            assert await store.claim("b", None, token_hash("z")) is None  # taken now
            assert (await store.load("b")).tokens == {0: token_hash("x"), 1: token_hash("y")}  # type: ignore[union-attr]
            assert await store.load("nope") is None and await store.claim("nope", None, "h") is None
            # expiry: "a" ended at 103, "b" was last active at 101 (kept while someone is connected)
            assert await store.expire(finished_before=103.5, idle_before=102.0, keep={"b"}) == ["a"]
            await store.touch(["b"], 200.0)
            assert await store.expire(finished_before=103.5, idle_before=150.0, keep=set()) == []
            assert await store.expire(finished_before=0.0, idle_before=201.0, keep=set()) == ["b"]
            assert await store.count() == 0 and await store.actions("a", 0) == []
        finally:
            await store.close()

    asyncio.run(scenario())


def test_of_many_moves_for_one_ply_sent_at_once_exactly_one_is_stored(store_url: str) -> None:
    """Several connections to the store (PostgreSQL: its pool's threads; SQLite: two stores on one
    file), each appending a different action at the same ply at once."""

    async def scenario() -> None:
        stores = [open_store(store_url)]
        if store_url.startswith("sqlite"):
            stores.append(open_store(store_url))
        for store in stores:
            await store.open()
        try:
            await stores[0].create(row("race"))
            for ply in range(5):
                tries = [
                    stores[i % len(stores)].append("race", ply, seat=0, action=100 * ply + i, now=1.0)
                    for i in range(8)
                ]
                won = await asyncio.gather(*tries)
                assert sum(won) == 1, won
                assert (await stores[-1].actions("race", ply)) == [100 * ply + won.index(True)]
        finally:
            for store in stores:
                await store.close()

    asyncio.run(scenario())


def test_the_schema_is_versioned_and_migrated_once(tmp_path: Path) -> None:
    path = tmp_path / "v.sqlite3"

    async def open_twice() -> None:
        for _ in range(2):
            store = SQLiteStore(path)
            await store.open()
            await store.close()

    asyncio.run(open_twice())
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM bieten_schema_version").fetchall() == [(len(MIGRATIONS),)]
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        db.execute("UPDATE bieten_schema_version SET version = 99")
    store = SQLiteStore(path)
    with pytest.raises(StoreError, match="version 99, newer than this bieten's 1"):
        asyncio.run(store.open())


def test_postgresql_schema_is_migrated_once_by_concurrent_processes(postgres: str) -> None:
    harness.reset_postgres(postgres)

    async def open_at_once() -> list[int]:
        stores = [open_store(postgres) for _ in range(4)]
        await asyncio.gather(*(s.open() for s in stores))
        versions = []
        for store in stores:
            versions.append(await store._run(lambda c, store=store: store.schema_version()))  # type: ignore[attr-defined]
        await asyncio.gather(*(s.close() for s in stores))
        return versions

    assert asyncio.run(open_at_once()) == [len(MIGRATIONS)] * 4


# -- the app on a store: restart, tokens, expiry, lobby, limits -----------------------------------------


def test_a_table_resumes_where_it_was_after_the_app_restarts(tmp_path: Path) -> None:
    """Two people and two bots at a Bieten table on SQLite; the app stops after a few moves and a new
    one on the same file resumes it: each person reconnects with ``since`` and is sent exactly the
    events missed, the game plays to its end, and the record is what each person saw (R-rules)."""
    db = f"sqlite:///{tmp_path}/t.sqlite3"
    rng = random.Random(3)
    with TestClient(create_app(bot_delay=0, db=db)) as client:
        made = new_table(client, kind="bieten", seats=["human", "heuristic", "human", "random"], seed=11)
        with (
            client.websocket_connect(ws_url(made, 0)) as ws0,
            client.websocket_connect(ws_url(made, 2)) as ws2,
        ):
            people = {0: Seat(ws0), 2: Seat(ws2)}
            play_moves(client, made["table"], people, rng, 4)
        before = client.get(f"/api/tables/{made['table']}").json()["state"]
    with TestClient(create_app(bot_delay=0, db=db)) as client:
        after = client.get(f"/api/tables/{made['table']}").json()["state"]
        assert after["ply"] >= before["ply"] > 0 and not after["is_over"]
        since = {seat: len(person.events) for seat, person in people.items()}
        with (
            client.websocket_connect(ws_url(made, 0, since=since[0])) as ws0,
            client.websocket_connect(ws_url(made, 2, since=since[2])) as ws2,
        ):
            for person, ws in ((people[0], ws0), (people[2], ws2)):
                person.ws = ws
                assert ws.receive_json()["type"] == "welcome"
                person.take(ws.receive_json())  # Seat.take checks the seqs go on from since
            play_moves(client, made["table"], people, rng, 10_000)
        record = client.get(f"/api/tables/{made['table']}/record")
    game = bieten.Game.from_json(record.text)
    assert game.is_over and [int(s) for s in game.scores] == people[0].last["state"]["scores"]
    for seat, person in people.items():
        assert [e.to_dict() for e in game.events_for(seat)] == person.events


def play_moves(
    client: TestClient, table: str, people: dict[int, Seat], rng: random.Random, moves: int
) -> None:
    """The people play ``moves`` random legal moves (or to the end); the bots move in between."""
    for _ in range(moves):
        state = settled(client, table, people)
        if state["is_over"]:
            break
        mover = people[state["current_player"]]
        while mover.last["state"]["ply"] < state["ply"] or mover.last["legal"] is None:
            mover.take(mover.ws.receive_json())
        mover.apply(rng.choice(mover.last["legal"]["actions"])["id"])
    final = settled(client, table, people)
    for person in people.values():  # every person is sent every update up to the table's state
        while person.last["state"]["ply"] < final["ply"]:
            person.take(person.ws.receive_json())


def settled(client: TestClient, table: str, people: dict[int, Seat]) -> dict[str, Any]:
    """The table's state once a person is to act or the game is over (the bots have moved)."""
    for _ in range(500):
        state: dict[str, Any] = client.get(f"/api/tables/{table}").json()["state"]
        if state["is_over"] or state["current_player"] in people:
            return state
        time.sleep(0.01)
    raise AssertionError("the bots did not move")


def test_only_the_hashes_of_tokens_are_stored(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with TestClient(create_app(bot_delay=0, db=f"sqlite:///{path}")) as client:
        made = new_table(
            client, kind="bieten", rules={"players": 3}, seats=["human", "human", "random"], seed=2
        )
    tokens = [made["seats"][i]["token"] for i in (0, 1)]
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir())  # the file, its WAL and index
    for token in tokens:
        assert token.encode() not in data and token_hash(token).encode() in data


def test_expiry_applies_to_stored_tables_across_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/e.sqlite3"
    with TestClient(create_app(bot_delay=0, db=db)) as client:
        idle = new_table(client, kind="schnapsen", seed=1)
        done = new_table(client, kind="schnapsen", seed=2)
        with client.websocket_connect(ws_url(done)) as ws:
            play_out(Seat(ws), random.Random(2))
    app = create_app(bot_delay=0, db=db, finished_ttl=60, idle_ttl=120)
    app.state.server.clock = lambda: time.time() + 90  # past finished_ttl, not yet past idle_ttl
    with TestClient(app) as client:
        assert [t["table"] for t in client.get("/api/tables").json()["tables"]] == [idle["table"]]
        assert client.get(f"/api/tables/{done['table']}/record").status_code == 404
    app = create_app(bot_delay=0, db=db, idle_ttl=120)
    app.state.server.clock = lambda: time.time() + 121
    with TestClient(app) as client:
        assert app.state.server.tables == {}  # expired while no server ran: not resumed
        assert client.get("/api/tables").json()["tables"] == []
        assert client.get(f"/api/tables/{idle['table']}").status_code == 404


def test_the_lobby_lists_open_seats_and_join_gives_one_its_token(client_memory: TestClient) -> None:
    client = client_memory
    made = new_table(client, kind="bieten", seats=["human", "open", "heuristic", "open"], seed=4)
    assert [s["kind"] for s in made["seats"]] == ["human", "open", "heuristic", "open"]
    assert "token" not in made["seats"][1] and set(made["links"]) == {"0"}
    new_table(client, kind="schnapsen", seed=4)  # no open seat: not in the lobby
    lobby = client.get("/api/lobby").json()["tables"]
    assert [(t["table"], t["open_seats"], t["seats"]) for t in lobby] == [
        (made["table"], [1, 3], ["human", "human", "heuristic", "human"])
    ]
    first = client.post(f"/api/tables/{made['table']}/join").json()
    assert first["seat"] == 1 and first["link"] == f"/?table={made['table']}&seat=1#token={first['token']}"
    taken = client.post(f"/api/tables/{made['table']}/join", json={"seat": 1})
    assert taken.status_code == 409 and taken.json()["code"] == "no_open_seat"
    assert client.post(f"/api/tables/{made['table']}/join", json={"seat": 3}).json()["seat"] == 3
    assert client.get("/api/lobby").json()["tables"] == []
    assert client.post(f"/api/tables/{made['table']}/join").json()["code"] == "no_open_seat"
    assert client.post("/api/tables/nope/join").status_code == 404
    assert client.post(f"/api/tables/{made['table']}/join", json={"seat": "1"}).json()["code"] == "bad_field"
    with client.websocket_connect(f"/ws/{made['table']}?seat=1&token={first['token']}") as ws:
        assert Seat(ws).welcome["you"] == 1
    refused = client.post("/api/tables", json={"kind": "schnapsen", "seats": ["random", "random"]})
    assert refused.json()["code"] == "bad_field" and "human or open" in refused.json()["message"]


@pytest.fixture
def client_memory() -> Iterator[TestClient]:
    with TestClient(create_app(bot_delay=0)) as test_client:
        yield test_client


def test_a_connection_over_its_rate_is_refused_and_kept() -> None:
    with TestClient(create_app(bot_delay=0, rate=0.5, burst=3)) as client:
        made = new_table(client, kind="schnapsen", seed=3)
        with client.websocket_connect(ws_url(made)) as ws:
            Seat(ws)
            for i in range(5):
                ws.send_json({"type": "ping", "id": i})
            replies = [ws.receive_json() for _ in range(5)]
            assert [r["type"] for r in replies] == ["pong", "pong", "pong", "error", "error"]
            assert replies[3]["code"] == "rate_limited" and "0.5 messages a second" in replies[3]["message"]
            time.sleep(2.1)  # one message more is allowed again
            ws.send_json({"type": "ping", "id": "later"})
            assert ws.receive_json() == {"type": "pong", "id": "later"}


def test_a_message_over_the_cap_is_answered_too_large_and_the_socket_stays() -> None:
    with TestClient(create_app(bot_delay=0)) as client:
        made = new_table(client, kind="schnapsen", seed=3)
        with client.websocket_connect(ws_url(made)) as ws:
            seat = Seat(ws)
            assert seat.request("x" * (200 * 1024))["code"] == "too_large"
            ws.send_json({"type": "ping", "id": 1})
            assert ws.receive_json() == {"type": "pong", "id": 1}


def test_a_store_that_fails_refuses_the_move_and_changes_nothing() -> None:
    class Failing(MemoryStore):
        fail = False

        async def append(self, *args: Any, **kwargs: Any) -> bool:
            if self.fail:
                raise OSError("disk full")
            return await super().append(*args, **kwargs)

    store = Failing()
    with TestClient(create_app(bot_delay=0, db=store)) as client:
        made = new_table(client, kind="schnapsen", seed=7)
        with client.websocket_connect(ws_url(made)) as ws:
            seat = Seat(ws)
            seat.until_to_act()
            ply = seat.last["legal"]["ply"]
            store.fail = True
            error = seat.request(
                {"type": "apply", "action": seat.last["legal"]["actions"][0]["id"], "ply": ply}
            )
            assert error["code"] == "unavailable" and "OSError" in error["message"]
            assert client.get(f"/api/tables/{made['table']}").json()["state"]["ply"] == ply
            store.fail = False
            seat.apply(seat.last["legal"]["actions"][0]["id"])
            assert seat.last["state"]["ply"] > ply


# -- real processes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_server_killed_mid_game_resumes_every_table_and_loses_no_move(
    db: str, request: pytest.FixtureRequest
) -> None:
    """SIGKILL three times while four tables (Bieten, Bauernschnapsen, Schnapsen; people and bots)
    are played; every client reconnects and plays to the end, and every record replays to exactly
    what each client was sent (benchmarks/soak_server.py; 100 cycles there)."""
    pytest.importorskip("websockets")
    soak = _bench_module("soak_server")
    dsn = request.getfixturevalue("postgres") if db == "postgresql" else None
    if dsn is not None:
        harness.reset_postgres(dsn)
    report = soak.run(db, 3, seed=5, game_timeout=60, interval=(0.3, 0.6), dsn=dsn)
    assert report["kills"] == 3 and report["tables_finished"] >= 4
    assert report["reconnects"] >= 3 * 4  # every person's connection dropped at every kill
    assert report["lost"] == 0 and report["doubled"] == 0


def test_two_processes_on_one_postgresql_racing_one_ply_apply_exactly_one(postgres: str) -> None:
    """The same seat connected to two server processes sends two different moves for one ply at once,
    ten plies in a row: each time exactly one is stored, the other is refused as stale_ply, and both
    connections are sent the same events."""
    websockets_client = pytest.importorskip("websockets.asyncio.client")
    harness.reset_postgres(postgres)
    servers = [harness.ServerProcess(postgres).start() for _ in range(2)]
    try:
        made = servers[0].post(
            "/api/tables", {"kind": "schnapsen", "seats": ["human", "heuristic"], "seed": 9}
        )
        token = made["seats"][0]["token"]

        async def race() -> list[tuple[int, int, list[str]]]:
            outcomes = []
            urls = [f"ws://127.0.0.1:{s.port}/ws/{made['table']}?seat=0&token={token}" for s in servers]
            async with websockets_client.connect(urls[0]) as a, websockets_client.connect(urls[1]) as b:
                sockets = [a, b]
                seen: list[list[dict[str, Any]]] = [[], []]
                legal: list[Any] = [None, None]

                async def read_until(i: int, done: Any) -> list[dict[str, Any]]:
                    got = []
                    while True:
                        message = json.loads(await asyncio.wait_for(sockets[i].recv(), 10))
                        got.append(message)
                        if message["type"] == "update":
                            seen[i].extend(message["events"])
                            legal[i] = message["legal"]
                            if message["state"]["is_over"]:
                                legal[i] = "over"
                        if done(message):
                            return got

                for i in (0, 1):
                    await read_until(i, lambda m: m["type"] == "update")
                while len(outcomes) < 10:
                    for i in (0, 1):  # both at the same ply, seat 0 to act
                        while legal[i] is None:
                            await read_until(i, lambda m: m["type"] == "update")
                    if legal[0] == "over":
                        break
                    ply = legal[0]["ply"]
                    assert legal[1]["ply"] == ply
                    choices = [a["id"] for a in legal[0]["actions"]]
                    picks = [choices[0], choices[-1]]
                    legal = [None, None]
                    await asyncio.gather(
                        *(
                            s.send(json.dumps({"type": "apply", "action": p, "ply": ply}))
                            for s, p in zip(sockets, picks, strict=True)
                        )
                    )
                    for s in sockets:
                        await s.send(json.dumps({"type": "ping", "id": ply}))
                    replies = [await read_until(i, lambda m: m["type"] == "pong") for i in (0, 1)]
                    errors = [[m["code"] for m in r if m["type"] == "error"] for r in replies]
                    outcomes.append(
                        (ply, picks[0] if not errors[0] else picks[1], [c for e in errors for c in e])
                    )
                    if len(choices) == 1:
                        outcomes[-1] = (ply, choices[0], outcomes[-1][2])
                for i in (0, 1):  # both catch up with the last move's updates
                    while legal[i] is None:
                        await read_until(i, lambda m: m["type"] == "update")
                assert seen[0] == seen[1]
            return outcomes

        outcomes = asyncio.run(race())
        assert len(outcomes) >= 5
        for k, (ply, _winner, codes) in enumerate(outcomes):
            # exactly one of the two refused (R9/S9): the ply moved on, and the seat may no longer be to
            # act; or, in the last race only, the other's move ended the game (R8.2)
            refusals = ("stale_ply", "wrong_seat") + (("game_over",) if k == len(outcomes) - 1 else ())
            assert len(codes) == 1 and codes[0] in refusals, (ply, codes)
        import psycopg

        with psycopg.connect(postgres) as db:
            stored = dict(
                db.execute(
                    "SELECT ply, action FROM bieten_actions WHERE ident = %s", (made["table"],)
                ).fetchall()
            )
        for ply, winner, _codes in outcomes:
            assert stored[ply] == winner
    finally:
        for server in servers:
            server.stop()


def test_workers_share_one_postgresql_and_sqlite_refuses_them(postgres: str, tmp_path: Path) -> None:
    refused = subprocess.run(
        [
            sys.executable,
            "-m",
            "bieten",
            "serve",
            "--workers",
            "2",
            "--db",
            f"sqlite:///{tmp_path}/w.sqlite3",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        f"bieten: error: --workers 2 needs a store that processes share, --db postgresql://...; "
        f"sqlite:///{tmp_path}/w.sqlite3 is one process's"
    ]
    harness.reset_postgres(postgres)
    server = harness.ServerProcess(postgres, workers=2).start()
    try:
        made = [server.post("/api/tables", {"kind": "schnapsen", "seed": s}) for s in range(6)]
        listed = server.get("/api/tables")["tables"]  # whichever worker answers, it lists them all
        assert sorted(t["table"] for t in listed) == sorted(m["table"] for m in made)
        for m in made:
            assert server.get(f"/api/tables/{m['table']}")["table"] == m["table"]
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("mysql://x", "bieten: error: --db mysql://x: not memory, sqlite:///PATH or postgresql://..."),
        (
            "postgresql://bieten@127.0.0.1:1/none",
            "bieten: error: --db postgresql://bieten@127.0.0.1:1/none: cannot open it: ",
        ),
    ],
)
def test_bieten_serve_refuses_a_db_it_cannot_use_in_one_line(db: str, says: str) -> None:
    pytest.importorskip("psycopg")
    done = subprocess.run(
        [sys.executable, "-m", "bieten", "serve", "--port", "0", "--db", db],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(says), lines


def test_two_apps_on_one_postgresql_send_each_other_s_moves_to_their_connections(postgres: str) -> None:
    """Two servers (in this process) on one PostgreSQL: a Schnapsen table's two people are connected to
    different servers; each move, stored by one, reaches the other's connection through NOTIFY, to the
    end (S12: each sees only its own cards). A seat taken through one server is then good on the other,
    which had the table in memory already."""
    harness.reset_postgres(postgres)
    with (
        TestClient(create_app(bot_delay=0, db=postgres)) as a,
        TestClient(create_app(bot_delay=0, db=postgres)) as b,
    ):
        made = new_table(a, kind="schnapsen", seats=["human", "open"], seed=7)
        assert b.get(f"/api/tables/{made['table']}").json()["state"]["ply"] == 0  # b has it in memory now
        joined = a.post(f"/api/tables/{made['table']}/join").json()
        with (
            a.websocket_connect(ws_url(made, 0)) as w0,
            b.websocket_connect(f"/ws/{made['table']}?seat=1&token={joined['token']}") as w1,
        ):
            people = [Seat(w0), Seat(w1)]
            rng = random.Random(7)
            while not people[0].last["state"]["is_over"]:
                mover = people[0] if people[0].last["legal"] else people[1]
                mover.apply(rng.choice(mover.last["legal"]["actions"])["id"])
                other = people[1] if mover is people[0] else people[0]
                while other.last["state"]["ply"] < mover.last["state"]["ply"]:
                    other.take(other.ws.receive_json())
        record = b.get(f"/api/tables/{made['table']}/record")
    game = bieten.schnapsen.Game.from_json(record.text)
    assert game.is_over
    for seat, person in enumerate(people):
        assert person.events == [e.to_dict() for e in game.events_for(seat)]
