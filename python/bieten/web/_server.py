"""The tables of one ``bieten serve`` process: created, joined, found, resumed from the store and
expired (docs/server.md). Their moves are :class:`~bieten.web._moves.Moves`'s."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from bieten._core import BietenError
from bieten._session import Table
from bieten.web._limits import BURST, RATE, Refused
from bieten.web._moves import Moves
from bieten.web._new_table import OPEN, players_allowed, read_new_table
from bieten.web._store import MemoryStore, Store, StoredTable, token_hash
from bieten.web._tables import ServedTable

__all__ = ["Server"]

log = logging.getLogger("bieten.web")


def configured_policies(files: Sequence[str]) -> dict[str, tuple[str, str]]:
    """The seat kinds of policy files: ``policy:<file name without .bin>`` -> (``policy:<absolute
    path>``, its game), each file read and checked now (``BietenError`` in one line naming it)."""
    from bieten._families import FAMILIES
    from bieten.policies import game_of_file

    kinds: dict[str, tuple[str, str]] = {}
    for file in files:
        game = game_of_file(file)
        agent = f"policy:{os.path.abspath(file)}"
        next(f for f in FAMILIES if f.name == game).core_agent(agent, 0)  # its shape, as the core reads it
        name = os.path.basename(file).removesuffix(".bin").lower()
        kind = f"policy:{name}"
        if kind in kinds:
            raise BietenError(f"policy:{file}: a second policy named {name!r}; rename one of the files")
        kinds[kind] = (agent, game)
    return kinds


class Server:
    """The tables of one server process, their store and their limits; :func:`create_app` wraps it in
    a Starlette app.

    ``bot_delay`` is the pause in seconds before each bot move (so people can follow the game);
    ``max_tables`` bounds the tables stored at once; a finished table is dropped ``finished_ttl``
    seconds after its last move, any table ``idle_ttl`` seconds after its last activity with no one
    connected. ``store`` keeps the tables (docs/server.md, "Storage"; this process's memory when
    none is given); every move is stored before any connection hears of it. ``rate`` and ``burst``
    bound each connection's messages. ``clock`` is the wall clock of the expiry times. ``policies`` are
    policy files (``bieten train``'s ``DIR/<game>.bin``) offered as the seat kinds ``policy:<name>``.
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
        policies: Sequence[str] = (),
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
        self.tables: dict[str, ServedTable] = {}
        self.moves = Moves(self)
        self._tasks: set[asyncio.Task[None]] = set()
        self._loading: dict[str, asyncio.Future[ServedTable | None]] = {}
        self.players = players_allowed()
        #: The seat kinds of the policy files this server was given (``bieten serve --policy FILE``):
        #: ``policy:<file name without .bin>`` -> (the agent, ``policy:<absolute path>``, and its game).
        #: A client names a configured kind only, never a path.
        self.policies = configured_policies(policies)

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
            self.store.listen(self.moves.heard)
        self.spawn(self._maintain())

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

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Runs ``work`` as a task of the server, cancelled when it stops."""
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def kick_bots(self, served: ServedTable) -> None:
        """Starts the table's bot loop if a bot is to act and none runs."""
        self.moves.kick_bots(served)

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

    def _served(self, row: StoredTable) -> ServedTable | None:
        """A stored table in memory: its game replayed from its record at ply 0 through its actions."""
        try:
            table = Table.load(row.start)
            for action in row.actions:
                table.game.apply(action)
        except Exception:
            log.exception("table %s: its stored game does not replay; left alone", row.ident)
            return None
        served = ServedTable(
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
                self.drop(ident)

    def drop(self, ident: str) -> None:
        """Forgets a table (expired) and closes its connections."""
        served = self.tables.pop(ident, None)
        if served is not None:
            for connection in list(served.connections):
                connection.close()

    async def create(self, body: object) -> tuple[ServedTable, dict[int, str]]:
        """A new table from a ``POST /api/tables`` body, stored, and its people's tokens; or
        :class:`~bieten.web._limits.Refused`."""
        asked = read_new_table(body, {kind: game for kind, (_, game) in self.policies.items()})
        table, seats = asked.table, asked.seats
        await self.purge()
        if await self.store.count() >= self.max_tables:
            raise Refused(
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
            kind=asked.kind,
            family=table.family,
            players=table.players,
            seats=kinds,
            tokens=hashes,
            start=table.record(),
            created_at=now,
            last_active=now,
        )
        await self.store.create(row)  # stored before anyone hears of it
        served = ServedTable(ident=ident, kind=asked.kind, table=table, seats=kinds, tokens=dict(hashes))
        self.tables[ident] = served
        self.kick_bots(served)
        return served, tokens

    async def find(self, ident: str) -> ServedTable | None:
        """The table, from memory or else from the store (a table another process made)."""
        served = self.tables.get(ident)
        if served is not None or len(ident) > 64:
            return served
        pending = self._loading.get(ident)
        if pending is not None:  # another request loads it already: one copy in memory
            return await asyncio.shield(pending)
        future: asyncio.Future[ServedTable | None] = asyncio.get_running_loop().create_future()
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

    async def join(self, served: ServedTable, seat: int | None) -> tuple[int, str]:
        """Gives an open seat (``seat``, or the lowest) a new token: the seat and its token."""
        token = secrets.token_urlsafe(24)
        taken = await self.store.claim(served.ident, seat, token_hash(token))
        if taken is None:
            which = "no seat" if seat is None else f"seat {seat} is not"
            raise Refused(409, "no_open_seat", f"{which} open at table {served.ident} (taken, or never open)")
        served.tokens[taken] = token_hash(token)
        return taken, token

    async def refresh_tokens(self, served: ServedTable) -> None:
        """Rereads the seats' token hashes (a seat taken through another process)."""
        row = await self.store.load(served.ident)
        if row is not None:
            served.tokens = dict(row.tokens)
