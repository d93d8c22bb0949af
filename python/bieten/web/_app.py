"""The ``bieten serve`` application: many tables, each one game of Bieten or Bauernschnapsen/Schnapsen
in which people (over a WebSocket) and built-in bots sit (docs/server.md).

The server is the authority. Every game rule is :class:`bieten._session.Table`'s (the same layer as
``bieten engine``); this module only adds tables, seats with unguessable tokens, connections, bots
that move on their own, limits and expiry. A connection acts only for its own seat and sees only
``events_for`` that seat (R-rules and S12 hide the other hands).

>>> import warnings; warnings.simplefilter("ignore")  # starlette's TestClient would rather have httpx2
>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(bot_delay=0)) as client:
...     made = client.post("/api/tables", json={"kind": "schnapsen", "seed": 7}).json()
...     url = f"/ws/{made['table']}?seat=0&token={made['seats'][0]['token']}"
...     with client.websocket_connect(url) as ws:
...         welcome, update = ws.receive_json(), ws.receive_json()
>>> [seat["kind"] for seat in made["seats"]], welcome["type"], welcome["you"], update["type"]
(['human', 'heuristic'], 'welcome', 0, 'update')
>>> update["events"][2]["cards"], update["events"][1]["cards"]  # its own cards; not the bot's (S12)
(['E10', 'LO', 'LU'], [None, None, None])
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from bieten._agents import AGENTS
from bieten._families import BIETEN, KINDS, family, kind_family
from bieten._rulebook import RuleIdError
from bieten._session import MAX_ID, ProtocolError, Table, decode
from bieten.web._rules_page import rule_page, rules_index, unknown_rule_page
from bieten.web._store import MemoryStore, Store, StoredTable, open_store, token_hash

__all__ = ["MAX_MESSAGE", "STATIC", "Server", "create_app"]

log = logging.getLogger("bieten.web")

#: The largest request body or WebSocket message the server reads, in bytes.
MAX_MESSAGE = 64 * 1024
#: Where the page's files are (shipped in the wheel).
STATIC = Path(__file__).resolve().parent / "static"
#: The kinds of seat: a person, or a built-in agent.
SEAT_KINDS = ("human", *AGENTS)
#: Messages queued for one connection before it counts as too slow and is closed.
MAX_QUEUED = 4096
#: A connection's messages: ``RATE`` a second on average, ``BURST`` at once (then ``rate_limited``).
RATE = 20.0
BURST = 60
#: A seat that anyone may take from the lobby (``POST /api/tables/<id>/join``): a person's seat whose
#: token the table's creator is not given.
OPEN = "open"

_TABLE_FIELDS = ("kind", "preset", "rules", "seed", "seats")


def _players_allowed() -> dict[str, list[int]]:
    """The player counts each kind takes: any its rules allow when the preset is chosen apart
    (Bieten, R2.1), else its preset's (S10)."""
    allowed: dict[str, list[int]] = {}
    for kind in KINDS:
        owner = kind_family(kind)
        if not owner.preset_apart:
            allowed[kind] = [int(owner.rules_for(kind).players)]
            continue
        ok = []
        for n in range(2, 9):
            try:
                owner.rules_for(kind, players=n)
            except Exception:
                continue
            ok.append(n)
        allowed[kind] = ok
    return allowed


def _error(code: str, message: str, ident: object = None) -> dict[str, Any]:
    return {"type": "error", "id": ident, "code": code, "message": message}


class _Refused(Exception):
    """An HTTP request refused with a status, an error code and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class _Unstored(Exception):
    """A move the store could not take (it is away): not made, the client may send it again."""

    code = "unavailable"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(eq=False)
class _Connection:
    """One WebSocket of one seat: its cursor (the next event seq it has not been sent) and its
    outgoing queue, drained by a writer task so a slow client never holds up the table."""

    websocket: WebSocket
    seat: int
    cursor: int
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    closed: bool = False
    allowance: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def allow(self, rate: float, burst: int) -> bool:
        """Whether one more message is within the rate limit (a token bucket of ``burst`` messages,
        refilled at ``rate`` a second)."""
        now = time.monotonic()
        self.allowance = min(float(burst), self.allowance + (now - self.stamp) * rate)
        self.stamp = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    def send(self, message: Mapping[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED:  # the client does not read: drop it (it may reconnect)
            self.close()
            return
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


@dataclass(eq=False)
class _ServedTable:
    """A table of the server: the game, its seats and their tokens, its connections and its lock."""

    ident: str
    kind: str
    table: Table
    seats: list[str]
    tokens: dict[int, str | None]  # each person's seat: its token's SHA-256 (None: open, not taken)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[_Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    last_active: float = field(default_factory=time.time)
    finished_at: float | None = None

    def token_matches(self, seat: int, token: str) -> bool:
        expected = self.tokens.get(seat)
        return expected is not None and secrets.compare_digest(expected, token_hash(token))

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.ident,
            "kind": self.kind,
            "family": self.table.family,
            "players": self.table.players,
            "seats": list(self.seats),
        }

    def update_for(self, seat: int, since: int) -> dict[str, Any]:
        """The ``update`` message of ``seat`` with its events from ``since`` on."""
        legal = self.table.legal(seat)
        return {
            "type": "update",
            # events_for(seat) from since on, without building the whole view each time (equal to
            # Table.events, tests/test_server.py checks): the core's per-seat event dicts
            "events": list(self.table.game.event_dicts_for(seat, min(since, 1 << 62))),
            "state": self.table.state(),
            "legal": {"ply": legal["ply"], "actions": legal["actions"]} if legal["actions"] else None,
        }

    def broadcast(self, now: float) -> None:
        """Sends every connection its seat's new events (called under the lock, after each change)."""
        self.last_active = now
        if self.finished_at is None and self.table.game.is_over:
            self.finished_at = now
        next_seq = int(self.table.game.event_count())
        made: dict[tuple[int, int], dict[str, Any]] = {}
        for connection in list(self.connections):
            key = (connection.seat, connection.cursor)
            if key not in made:
                made[key] = self.update_for(*key)
            connection.send(made[key])
            connection.cursor = next_seq

    def bot_to_act(self) -> int | None:
        seat = self.table.game.current_player
        return None if seat is None or self.seats[seat] == "human" else int(seat)


class Server:
    """The tables of one server process, their store and their limits; :func:`create_app` wraps it in
    a Starlette app.

    ``bot_delay`` is the pause in seconds before each bot move (so people can follow the game);
    ``max_tables`` bounds the tables stored at once; a finished table is dropped ``finished_ttl``
    seconds after its last move, any table ``idle_ttl`` seconds after its last activity with no one
    connected. ``store`` keeps the tables (docs/server.md, "Storage"; this process's memory when
    none is given); every move is stored before any connection hears of it. ``rate`` and ``burst``
    bound each connection's messages. ``clock`` is the wall clock of the expiry times.
    """

    def __init__(
        self,
        *,
        bot_delay: float = 0.4,
        max_tables: int = 1000,
        finished_ttl: float = 3600.0,
        idle_ttl: float = 6 * 3600.0,
        store: Store | None = None,
        rate: float = RATE,
        burst: int = BURST,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if bot_delay < 0 or max_tables < 1 or rate <= 0 or burst < 1:
            raise ValueError("bot_delay must be >= 0, max_tables >= 1, rate > 0 and burst >= 1")
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.finished_ttl = finished_ttl
        self.idle_ttl = idle_ttl
        self.store: Store = store if store is not None else MemoryStore()
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tables: dict[str, _ServedTable] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._loading: dict[str, asyncio.Future[_ServedTable | None]] = {}
        self.players = _players_allowed()

    # -- start and stop -------------------------------------------------------------------------------
    async def start(self) -> None:
        """Opens the store and resumes every unfinished table it holds: its game rebuilt from its
        record at ply 0 and its stored actions, its bots playing on (docs/server.md, "Restart")."""
        await self.store.open()
        await self.purge()  # what expired while no server was running
        for row in await self.store.unfinished():
            served = self._served(row)
            if served is not None:
                self.tables[row.ident] = served
                self.kick_bots(served)
        if self.store.shared:
            self.store.listen(self._heard)
        self._spawn(self._maintain())

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        for served in self.tables.values():
            for connection in list(served.connections):
                connection.close()
        await self.store.close()

    def _spawn(self, work: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _maintain(self) -> None:
        """Now and then: marks the tables people are connected to as active in the store (so that no
        process expires them), then drops expired tables."""
        period = max(0.05, min(60.0, self.idle_ttl / 4))
        while True:
            await asyncio.sleep(period)
            try:
                connected = [ident for ident, served in self.tables.items() if served.connections]
                await self.store.touch(connected, self.clock())
                await self.purge()
            except Exception:  # the store is away for a while: try again next time
                log.exception("expiring tables")

    def _served(self, row: StoredTable) -> _ServedTable | None:
        """A stored table in memory: its game replayed from its record at ply 0 through its actions."""
        try:
            table = Table.load(row.start)
            for action in row.actions:
                table.game.apply(action)
        except Exception:
            log.exception("table %s: its stored game does not replay; left alone", row.ident)
            return None
        served = _ServedTable(
            ident=row.ident, kind=row.kind, table=table, seats=list(row.seats), tokens=dict(row.tokens)
        )
        served.last_active = row.last_active
        served.finished_at = row.finished_at
        return served

    # -- tables ---------------------------------------------------------------------------------------
    async def purge(self) -> None:
        """Drops finished tables past ``finished_ttl`` and abandoned ones past ``idle_ttl``, from the
        store and from memory."""
        now = self.clock()
        connected = {ident for ident, served in self.tables.items() if served.connections}
        gone = set(await self.store.expire(now - self.finished_ttl, now - self.idle_ttl, connected))
        for ident, served in list(self.tables.items()):
            finished = served.finished_at is not None and now - served.finished_at > self.finished_ttl
            idle = not served.connections and now - served.last_active > self.idle_ttl
            if ident in gone or finished or idle:  # the latter two: expired by another process
                self._drop(ident)

    def _drop(self, ident: str) -> None:
        served = self.tables.pop(ident, None)
        if served is not None:
            for connection in list(served.connections):
                connection.close()

    async def create(self, body: object) -> tuple[_ServedTable, dict[int, str]]:
        """A new table from a ``POST /api/tables`` body, stored, and its people's tokens; or
        :class:`_Refused`."""
        if not isinstance(body, dict):
            raise _Refused(400, "not_object", 'the body is a JSON object such as {"kind": "bieten"}')
        unknown = sorted(set(body) - set(_TABLE_FIELDS))
        if unknown:
            raise _Refused(
                400,
                "unknown_field",
                f"a table has no field(s) {', '.join(unknown)} (its fields: {', '.join(_TABLE_FIELDS)})",
            )
        kind = body.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise _Refused(400, "bad_field", f"kind must be one of {', '.join(KINDS)}, not {kind!r}"[:200])
        preset = body.get("preset")
        if preset is not None and not isinstance(preset, str):
            raise _Refused(400, "bad_field", "preset must be a Bieten preset name (R10)")
        rules = body.get("rules")
        if rules is not None and not isinstance(rules, dict):
            raise _Refused(400, "bad_rules", "rules must be an object of rules knobs (R10, S10)")
        seed = body.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise _Refused(400, "bad_field", "seed must be an integer, 0 <= seed < 2**64")
        try:
            table = Table.new(kind, preset=preset, rules=rules, seed=seed)
        except ProtocolError as err:
            raise _Refused(400, err.code, err.message) from None
        rule = table.rule_prefix
        seats = body.get("seats")
        if seats is None:
            seats = ["human"] + ["heuristic"] * (table.players - 1)
        if isinstance(seats, list):  # seat kinds are case-insensitive, as agent names are everywhere
            seats = [s.lower() if isinstance(s, str) else s for s in seats]
        if (
            not isinstance(seats, list)
            or len(seats) != table.players
            or not all(isinstance(s, str) and (s in SEAT_KINDS or s == OPEN) for s in seats)
        ):
            raise _Refused(
                400,
                "bad_field",
                f"{rule}2.1: seats must list {table.players} seat kinds, each one of "
                f"{', '.join((*SEAT_KINDS, OPEN))}",
            )
        if "human" not in seats and OPEN not in seats:
            raise _Refused(
                400, "bad_field", "seats: at least one seat is human or open (a table of bots only)"
            )
        await self.purge()
        if await self.store.count() >= self.max_tables:
            raise _Refused(
                503,
                "too_many_tables",
                f"the server holds at most {self.max_tables} tables; try again when a game has ended",
            )
        ident = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(24) for seat, what in enumerate(seats) if what == "human"}
        hashes: dict[int, str | None] = {seat: None for seat, what in enumerate(seats) if what == OPEN}
        hashes |= {seat: token_hash(token) for seat, token in tokens.items()}
        kinds = ["human" if what == OPEN else what for what in seats]
        now = self.clock()
        row = StoredTable(
            ident=ident,
            kind=kind,
            family=table.family,
            players=table.players,
            seats=kinds,
            tokens=hashes,
            start=table.record(),
            created_at=now,
            last_active=now,
        )
        await self.store.create(row)  # stored before anyone hears of it
        served = _ServedTable(ident=ident, kind=kind, table=table, seats=kinds, tokens=dict(hashes))
        self.tables[ident] = served
        self.kick_bots(served)
        return served, tokens

    async def find(self, ident: str) -> _ServedTable | None:
        """The table, from memory or else from the store (a table another process made)."""
        served = self.tables.get(ident)
        if served is not None or len(ident) > 64:
            return served
        pending = self._loading.get(ident)
        if pending is not None:  # another request loads it already: one copy in memory
            return await asyncio.shield(pending)
        future: asyncio.Future[_ServedTable | None] = asyncio.get_running_loop().create_future()
        self._loading[ident] = future
        try:
            row = await self.store.load(ident)
            served = None if row is None else self._served(row)
            if served is not None:
                self.tables[ident] = served
                self.kick_bots(served)
            future.set_result(served)
            return served
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: no "never retrieved" warning when no one else waited
            raise
        finally:
            del self._loading[ident]

    async def listing(self, open_only: bool = False) -> list[dict[str, Any]]:
        """The stored tables as ``GET /api/tables`` (or the lobby, ``open_only``) lists them."""
        await self.purge()
        rows = await self.store.listing()
        return [
            row.summary() for row in rows if not open_only or (row.open_seats and row.finished_at is None)
        ]

    async def join(self, served: _ServedTable, seat: int | None) -> tuple[int, str]:
        """Gives an open seat (``seat``, or the lowest) a new token: the seat and its token."""
        token = secrets.token_urlsafe(24)
        taken = await self.store.claim(served.ident, seat, token_hash(token))
        if taken is None:
            which = "no seat" if seat is None else f"seat {seat} is not"
            raise _Refused(
                409, "no_open_seat", f"{which} open at table {served.ident} (taken, or never open)"
            )
        served.tokens[taken] = token_hash(token)
        return taken, token

    async def refresh_tokens(self, served: _ServedTable) -> None:
        """Rereads the seats' token hashes (a seat taken through another process)."""
        row = await self.store.load(served.ident)
        if row is not None:
            served.tokens = dict(row.tokens)

    # -- moves: stored first, then applied and sent -----------------------------------------------------
    async def _commit(self, served: _ServedTable, move: Callable[[Table], dict[str, Any]], seat: int) -> bool:
        """Plays ``move`` on a copy of the game, stores the action it took, and only then makes the copy
        the table's game and tells every connection (called under the table's lock). False when the
        store had a move for that ply already (another process's): the table has caught up with it."""
        ply = served.table.ply
        trial = Table(served.table.game.clone())
        moved = move(trial)  # a refused move raises here and changes nothing
        action = int(moved["action"]["id"])
        over = bool(trial.game.is_over)
        record = trial.game.to_json() if over else None
        now = self.clock()
        try:
            stored = await self.store.append(
                served.ident, ply, seat=seat, action=action, now=now, record=record
            )
        except Exception as err:
            log.exception("table %s: storing the move at ply %d", served.ident, ply)
            raise _Unstored(
                f"the move could not be stored ({type(err).__name__}), so it was not made: send it again",
            ) from None
        if not stored:
            await self._catch_up(served)
            return False
        served.table = trial
        served.broadcast(now)
        return True

    async def _catch_up(self, served: _ServedTable) -> None:
        """Applies the moves the store has past the table's ply (another process's) and sends them
        (called under the table's lock)."""
        actions = await self.store.actions(served.ident, served.table.ply)
        if not actions:
            if await self.store.load(served.ident) is None:  # expired by another process
                self._drop(served.ident)
            return
        for action in actions:
            served.table.game.apply(action)
        served.broadcast(self.clock())

    def _heard(self, ident: str, ply: int) -> None:
        """A move another process stored: catch up if this process has the table."""
        served = self.tables.get(ident)
        if served is not None and served.table.ply < ply:
            self._spawn(self._caught_up(served, ply))

    async def _caught_up(self, served: _ServedTable, ply: int) -> None:
        async with served.lock:
            if served.table.ply < ply:
                await self._catch_up(served)
        self.kick_bots(served)

    # -- bots -----------------------------------------------------------------------------------------
    def kick_bots(self, served: _ServedTable) -> None:
        """Starts the table's bot loop if a bot is to act and none runs."""
        if served.bot_to_act() is None or (served.bot_task is not None and not served.bot_task.done()):
            return
        served.bot_task = self._spawn(self._run_bots(served))

    async def _run_bots(self, served: _ServedTable) -> None:
        """Plays the bot seats one move at a time, ``bot_delay`` seconds before each."""
        failures = 0
        while served.bot_to_act() is not None and self.tables.get(served.ident) is served:
            await asyncio.sleep(self.bot_delay)
            async with served.lock:
                seat = served.bot_to_act()
                if seat is None:
                    return
                agent = served.seats[seat]
                try:
                    await self._commit(served, functools.partial(_bot_move, seat=seat, agent=agent), seat)
                    failures = 0
                except _Unstored:  # the store is away: try again, more slowly
                    failures += 1
                    await asyncio.sleep(min(5.0, 0.1 * 2**failures))
                except Exception:  # cannot happen for a bot to act; never loop on it
                    log.exception("bot move refused at table %s", served.ident)
                    return

    # -- a WebSocket's messages -----------------------------------------------------------------------
    async def handle(self, served: _ServedTable, connection: _Connection, text: str | bytes) -> None:
        """Answers one client message: an error (nothing changed), a pong, an update, or a move that
        every connection of the table hears about."""
        if not connection.allow(self.rate, self.burst):
            connection.send(
                _error(
                    "rate_limited",
                    f"at most {self.rate:g} messages a second (a burst of {self.burst}): slow down",
                )
            )
            return
        if len(text) > MAX_MESSAGE:
            connection.send(_error("too_large", f"a message is at most {MAX_MESSAGE} bytes"))
            return
        try:
            message = decode(text)
        except ProtocolError as err:
            connection.send(_error(err.code, err.message))
            return
        if not isinstance(message, dict):
            connection.send(_error("not_object", 'a message is a JSON object such as {"type": "ping"}'))
            return
        ident = message.get("id")
        if ident is not None and not (
            (isinstance(ident, str) and len(ident) <= MAX_ID)
            or (isinstance(ident, int) and not isinstance(ident, bool))
        ):
            connection.send(
                _error("bad_field", f"id must be a string of at most {MAX_ID} characters or an integer")
            )
            return
        try:
            await self._dispatch(served, connection, message, ident)
        except (ProtocolError, _Unstored) as err:
            connection.send(_error(err.code, err.message, ident))
        except Exception as err:  # a bug must not cost the table its connection: report it
            log.exception("table %s: message %r", served.ident, text[:200])
            connection.send(_error("internal", f"{type(err).__name__}: {err}", ident))

    async def _dispatch(
        self, served: _ServedTable, connection: _Connection, message: dict[str, Any], ident: object
    ) -> None:
        kind = message.get("type")
        fields = {"apply": ("action", "ply", "seat"), "sync": ("since",), "ping": ()}
        if "type" not in message:
            raise ProtocolError("missing_field", "a message needs the field type (apply, sync or ping)")
        if not isinstance(kind, str) or kind not in fields:
            shown = json.dumps(kind)[:60]
            raise ProtocolError("unknown_type", f"unknown message type {shown} (known: apply, sync, ping)")
        unknown = sorted(set(message) - {"type", "id", *fields[kind]})
        if unknown:
            raise ProtocolError("unknown_field", f"{kind} has no field(s) {', '.join(unknown)}")
        if kind == "ping":
            connection.send({"type": "pong", "id": ident})
            return
        if kind == "sync":
            since = message.get("since")
            if not isinstance(since, int) or isinstance(since, bool) or since < 0:
                raise ProtocolError("bad_field", "sync: since must be an integer seq >= 0")
            async with served.lock:
                connection.send(served.update_for(connection.seat, since))
                connection.cursor = int(served.table.game.event_count())
            return
        rule = served.table.rule_prefix
        ply = message.get("ply")
        action = message.get("action")
        if "ply" not in message:
            raise ProtocolError("missing_field", f"{rule}9: apply needs the field ply (the game's ply)")
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            raise ProtocolError("bad_field", "apply: ply must be an integer >= 0")
        if "action" not in message:
            raise ProtocolError("missing_field", "apply needs the field action (its text or id)")
        if not (isinstance(action, str) or (isinstance(action, int) and not isinstance(action, bool))):
            raise ProtocolError("bad_field", "apply: action must be an action text or an action id")
        seat = message.get("seat", connection.seat)
        if seat != connection.seat:
            raise ProtocolError(
                "wrong_seat", f"{rule}9: this connection acts for seat {connection.seat} only, not {seat!r}"
            )
        async with served.lock:
            stored = await self._commit(
                served, lambda t: t.apply(seat=connection.seat, ply=ply, action=action), seat
            )
            if not stored:  # another process stored a move for this ply first: refused as stale now
                served.table.apply(seat=connection.seat, ply=ply, action=action)
                raise ProtocolError("stale_ply", f"{rule}9: another move was stored for ply {ply} first")
        self.kick_bots(served)


def _json(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=headers)


def _refusal(err: _Refused) -> JSONResponse:
    return _json(_error(err.code, err.message) | {"id": None}, err.status)


async def _body(request: Request) -> object:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_MESSAGE:
        raise _Refused(413, "too_large", f"a request body is at most {MAX_MESSAGE} bytes")
    chunks = bytearray()
    async for chunk in request.stream():
        chunks += chunk
        if len(chunks) > MAX_MESSAGE:
            raise _Refused(413, "too_large", f"a request body is at most {MAX_MESSAGE} bytes")
    try:
        return decode(bytes(chunks))
    except ProtocolError as err:
        raise _Refused(400, err.code, f"the body is not JSON: {err.message}") from None


_FALLBACK_PAGE = """<!doctype html><meta charset="utf-8"><title>bieten serve</title>
<p>bieten serve is running, but its page (static/index.html) is missing from this install.
The API is at <a href="/api/kinds">/api/kinds</a> (docs/server.md).</p>"""


def create_app(
    *,
    bot_delay: float = 0.4,
    max_tables: int = 1000,
    finished_ttl: float = 3600.0,
    idle_ttl: float = 6 * 3600.0,
    static_dir: Path | str | None = None,
    db: Store | str = "memory",
    rate: float = RATE,
    burst: int = BURST,
) -> Starlette:
    """The Starlette application of ``bieten serve`` (docs/server.md); ``app.state.server`` is its
    :class:`Server`. ``db`` is where the tables are kept: a :class:`~bieten.web._store.Store` or what
    ``--db`` takes (``"memory"``, the default here, ``"sqlite:///PATH"``, ``"postgresql://..."``); the
    app opens it and resumes its unfinished tables when it starts, and closes it when it stops."""
    store = open_store(db) if isinstance(db, str) else db
    server = Server(
        bot_delay=bot_delay,
        max_tables=max_tables,
        finished_ttl=finished_ttl,
        idle_ttl=idle_ttl,
        store=store,
        rate=rate,
        burst=burst,
    )
    static = Path(static_dir) if static_dir is not None else STATIC

    async def index(request: Request) -> Response:
        page = static / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse(_FALLBACK_PAGE)

    async def kinds(request: Request) -> Response:
        return _json(
            {
                "kinds": list(KINDS),
                "bieten_presets": list(BIETEN.presets),
                "agents": list(AGENTS),
                "seat_kinds": list(SEAT_KINDS),
                "players": server.players,
            }
        )

    async def new_table(request: Request) -> Response:
        try:
            served, tokens = await server.create(await _body(request))
        except _Refused as err:
            return _refusal(err)
        seats: list[dict[str, Any]] = []
        links: dict[str, str] = {}
        for seat, what in enumerate(served.seats):
            entry: dict[str, Any] = {"seat": seat, "kind": what}
            if seat in tokens:
                entry["token"] = tokens[seat]
                links[str(seat)] = _link(served.ident, seat, tokens[seat])
            elif seat in served.tokens:
                entry["kind"] = OPEN
            seats.append(entry)
        reply = served.summary() | {"seats": seats, "links": links}
        return _json(reply, 201)

    async def list_tables(request: Request) -> Response:
        return _json({"tables": await server.listing()})

    async def lobby(request: Request) -> Response:
        return _json({"tables": await server.listing(open_only=True)})

    async def _find(request: Request) -> _ServedTable:
        ident = request.path_params["ident"]
        served = await server.find(ident)
        if served is None:
            raise _Refused(404, "unknown_table", f"no table {ident[:40]!r} (it may have ended and expired)")
        return served

    async def join(request: Request) -> Response:
        try:
            served = await _find(request)
            body = await _body(request) if request.headers.get("content-length", "0") != "0" else {}
            if not isinstance(body, dict) or set(body) - {"seat"}:
                raise _Refused(400, "bad_field", 'join takes {} or {"seat": K}, an open seat of the table')
            seat = body.get("seat")
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise _Refused(400, "bad_field", "join: seat must be an integer")
            if served.table.game.is_over:
                raise _Refused(409, "game_over", "the game at this table is over")
            taken, token = await server.join(served, seat)
        except _Refused as err:
            return _refusal(err)
        reply = {
            "table": served.ident,
            "seat": taken,
            "token": token,
            "link": _link(served.ident, taken, token),
        }
        return _json(reply)

    async def show_table(request: Request) -> Response:
        try:
            served = await _find(request)
        except _Refused as err:
            return _refusal(err)
        async with served.lock:  # no move half stored
            state = served.table.state()
        return _json(served.summary() | {"rules": served.table.game.rules.to_dict(), "state": state})

    async def table_record(request: Request) -> Response:
        try:
            served = await _find(request)
            if not served.table.game.is_over:
                rule = family(served.table.family).secrecy_rule
                raise _Refused(
                    409,
                    "game_not_over",
                    f"{rule}: the record shows every seat's cards (and the seed), "
                    "so it is given once the game is over",
                )
        except _Refused as err:
            return _refusal(err)
        disposition = f'attachment; filename="bieten-{served.kind}-{served.ident}.json"'
        return _json(served.table.record(), headers={"Content-Disposition": disposition})

    async def websocket(websocket: WebSocket) -> None:
        await websocket.accept()
        ident = websocket.path_params["ident"]
        served = await server.find(ident)
        if served is None:
            await websocket.send_json(_error("unknown_table", f"no table {ident[:40]!r}"))
            await websocket.close(code=4404)
            return
        query = websocket.query_params
        seat_text, token, since_text = query.get("seat", ""), query.get("token", ""), query.get("since", "0")
        seat = int(seat_text) if seat_text.isdigit() and len(seat_text) < 4 else -1
        if not served.token_matches(seat, token) and seat in served.tokens and server.store.shared:
            await server.refresh_tokens(served)  # the seat may have been taken through another process
        if not served.token_matches(seat, token):
            await websocket.send_json(
                _error("bad_token", "seat and token do not match a person's seat at this table")
            )
            await websocket.close(code=4403)
            return
        if not since_text.isdigit() or len(since_text) > 12:
            await websocket.send_json(_error("bad_field", "since must be an integer seq >= 0"))
            await websocket.close(code=4400)
            return
        connection = _Connection(websocket=websocket, seat=seat, cursor=int(since_text))
        writer = asyncio.get_running_loop().create_task(_write(connection))
        async with served.lock:
            served.connections.add(connection)
            served.last_active = server.clock()
            welcome = {"type": "welcome", **served.summary(), "seat": seat, "you": seat}
            connection.send(welcome | {"rules": served.table.game.rules.to_dict()})
            connection.send(served.update_for(seat, connection.cursor))
            connection.cursor = int(served.table.game.event_count())
        try:
            while not writer.done():
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                data = received.get("text")
                if data is None:
                    data = received.get("bytes") or b""
                await server.handle(served, connection, data)
        except WebSocketDisconnect:
            pass
        finally:
            served.connections.discard(connection)
            served.last_active = server.clock()
            connection.close()
            with contextlib.suppress(Exception):
                await writer

    async def rules_listing(request: Request) -> Response:
        return HTMLResponse(rules_index())

    async def one_rule(request: Request) -> Response:
        try:
            return HTMLResponse(rule_page(request.path_params["rule_id"]))
        except RuleIdError as err:
            return HTMLResponse(unknown_rule_page(str(err)), status_code=404)

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        code = {404: "not_found", 405: "method_not_allowed"}.get(status, "http_error")
        return _json(_error(code, f"{request.method} {request.url.path}: {code.replace('_', ' ')}"), status)

    routes = [
        Route("/", index),
        Route("/api/kinds", kinds),
        Route("/rules", rules_listing),
        Route("/rules/{rule_id}", one_rule),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/lobby", lobby, methods=["GET"]),
        Route("/api/tables/{ident}/join", join, methods=["POST"]),
        Route("/api/tables/{ident}", show_table),
        Route("/api/tables/{ident}/record", table_record),
        WebSocketRoute("/ws/{ident}", websocket),
        Mount("/static", StaticFiles(directory=static, check_dir=False), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found}, lifespan=lifespan)
    app.state.server = server
    return app


def _bot_move(table: Table, *, seat: int, agent: str) -> dict[str, Any]:
    return table.bot(seat=seat, ply=table.ply, agent=agent)


def _link(ident: str, seat: int, token: str) -> str:
    return f"/?table={ident}&seat={seat}&token={token}"


async def _write(connection: _Connection) -> None:
    """Sends a connection's queued messages in order until it is closed."""
    while True:
        text = await connection.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await connection.websocket.close()
            return
        try:
            await connection.websocket.send_text(text)
        except Exception:
            return
