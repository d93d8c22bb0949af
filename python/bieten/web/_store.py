"""Where ``bieten serve`` keeps its tables (docs/server.md, "Storage"): in this process's memory, in a
SQLite file, or in PostgreSQL shared by several server processes.

Every table is written before anyone hears of it: its kind, seats, the hashes of its seats' tokens
(never the tokens), the game's record at ply 0 (rules, seed, first dealer), then every accepted
action, each stored before the move is acknowledged to anyone, and the whole record once the game is
over. A game is rebuilt from its record at ply 0 and its action ids (``Game.apply`` of each), so a
restarted server resumes every unfinished table where it was.

>>> import asyncio
>>> store = open_store("memory")
>>> row = StoredTable(ident="t1", kind="bieten", family="bieten", players=2,
...                   seats=["human", "heuristic"], tokens={0: token_hash("secret")},
...                   start={"format": "bieten-game"}, created_at=0.0, last_active=0.0)
>>> async def demo() -> tuple[bool, bool, list[int]]:
...     await store.open()
...     await store.create(row)
...     first = await store.append("t1", 0, seat=1, action=56, now=1.0)
...     again = await store.append("t1", 0, seat=1, action=41, now=1.0)  # ply 0 is taken
...     return first, again, await store.actions("t1", 0)
>>> asyncio.run(demo())
(True, False, [56])
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

__all__ = [
    "DEFAULT_SQLITE",
    "MemoryStore",
    "PostgresStore",
    "SQLiteStore",
    "Store",
    "StoreError",
    "StoredTable",
    "open_store",
    "token_hash",
]

T = TypeVar("T")

#: The channel on which a PostgreSQL store announces each stored move ("<table> <ply>").
CHANNEL = "bieten_moves"


def _default_sqlite() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "bieten" / "serve.sqlite3"


#: ``bieten serve``'s database when ``--db`` is not given: ``$XDG_STATE_HOME/bieten/serve.sqlite3``
#: (``~/.local/state/bieten/serve.sqlite3`` without XDG_STATE_HOME).
DEFAULT_SQLITE = _default_sqlite()


class StoreError(ValueError):
    """A ``--db`` that names no store this server can use (its scheme, path or driver)."""


def token_hash(token: str) -> str:
    """What is stored of a seat's token: its SHA-256, hex. The token itself is never stored.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredTable:
    """One table as stored: ``tokens`` maps each human seat to its token's hash, or None for an open
    seat that no one has taken yet; ``start`` is the game's record at ply 0; ``actions`` the action
    ids applied so far (filled when a table is loaded)."""

    ident: str
    kind: str
    family: str
    players: int
    seats: list[str]
    tokens: dict[int, str | None]
    start: dict[str, Any]
    created_at: float
    last_active: float
    ply: int = 0
    finished_at: float | None = None
    actions: list[int] = field(default_factory=list)

    @property
    def open_seats(self) -> list[int]:
        return sorted(seat for seat, digest in self.tokens.items() if digest is None)

    def summary(self) -> dict[str, Any]:
        """The table as ``GET /api/tables`` lists it: no token, no card, no seed."""
        return {
            "table": self.ident,
            "kind": self.kind,
            "family": self.family,
            "players": self.players,
            "seats": list(self.seats),
            "ply": self.ply,
            "is_over": self.finished_at is not None,
            "open_seats": self.open_seats,
        }


class Store(ABC):
    """The storage of a server's tables. Every method is a coroutine; ``append`` is the one that
    serializes a table's moves: it stores ``action`` as the move at ``ply`` only if the table is at
    ``ply``, so of two moves for one ply (from two processes) exactly one is stored."""

    #: What ``--db`` named ("memory", "sqlite:///...", "postgresql://..." without its password).
    url: str = "memory"
    #: Whether several server processes may share this store at once.
    shared: bool = False

    async def open(self) -> None:  # noqa: B027 (a store without connections has nothing to open)
        """Connects and brings the schema up to date (its migrations)."""

    async def close(self) -> None:  # noqa: B027
        """Lets go of the connections."""

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Has ``callback(table, ply)`` called in the event loop after each move another process
        stores (only shared stores hear of them)."""
        del callback

    @abstractmethod
    async def create(self, table: StoredTable) -> None:
        """Stores a new table (at ply 0)."""

    @abstractmethod
    async def append(
        self, ident: str, ply: int, *, seat: int, action: int, now: float, record: str | None = None
    ) -> bool:
        """Stores ``action`` of ``seat`` as the move at ``ply`` if the table is at ``ply`` (and its
        ``record`` if the move ended the game); False, storing nothing, if it is not."""

    @abstractmethod
    async def actions(self, ident: str, since: int) -> list[int]:
        """The table's action ids from ply ``since`` on."""

    @abstractmethod
    async def load(self, ident: str) -> StoredTable | None:
        """A table with its actions, or None."""

    @abstractmethod
    async def unfinished(self) -> list[StoredTable]:
        """Every table whose game is not over, with its actions."""

    @abstractmethod
    async def listing(self) -> list[StoredTable]:
        """Every table, without its actions, oldest first."""

    @abstractmethod
    async def count(self) -> int:
        """How many tables are stored."""

    @abstractmethod
    async def claim(self, ident: str, seat: int | None, digest: str) -> int | None:
        """Gives an open seat of the table (``seat``, or the lowest open one) the token whose hash is
        ``digest``; the seat, or None when it is not open (taken meanwhile, or never open)."""

    @abstractmethod
    async def record(self, ident: str) -> str | None:
        """The finished game's record (JSON text), or None."""

    @abstractmethod
    async def touch(self, idents: Sequence[str], now: float) -> None:
        """Marks tables active at ``now`` (a person is connected to them)."""

    @abstractmethod
    async def expire(self, finished_before: float, idle_before: float, keep: set[str]) -> list[str]:
        """Deletes the tables whose game ended before ``finished_before`` and those, unless in
        ``keep`` (people are connected), last active before ``idle_before``; their ids."""


class MemoryStore(Store):
    """Tables in this process's memory only (``--db memory``): a restart loses them."""

    def __init__(self) -> None:
        self._tables: dict[str, StoredTable] = {}
        self._records: dict[str, str] = {}

    async def create(self, table: StoredTable) -> None:
        self._tables[table.ident] = replace(table, actions=list(table.actions), tokens=dict(table.tokens))

    async def append(
        self, ident: str, ply: int, *, seat: int, action: int, now: float, record: str | None = None
    ) -> bool:
        del seat
        table = self._tables.get(ident)
        if table is None or table.ply != ply:
            return False
        table.actions.append(action)
        table.ply += 1
        table.last_active = now
        if record is not None:
            table.finished_at = now
            self._records[ident] = record
        return True

    async def actions(self, ident: str, since: int) -> list[int]:
        table = self._tables.get(ident)
        return [] if table is None else table.actions[since:]

    async def load(self, ident: str) -> StoredTable | None:
        table = self._tables.get(ident)
        return (
            None if table is None else replace(table, actions=list(table.actions), tokens=dict(table.tokens))
        )

    async def unfinished(self) -> list[StoredTable]:
        return [t for t in [await self.load(i) for i in self._tables] if t and t.finished_at is None]

    async def listing(self) -> list[StoredTable]:
        return [replace(t, actions=[]) for t in self._tables.values()]

    async def count(self) -> int:
        return len(self._tables)

    async def claim(self, ident: str, seat: int | None, digest: str) -> int | None:
        table = self._tables.get(ident)
        if table is None:
            return None
        chosen = _open_seat(table.tokens, seat)
        if chosen is not None:
            table.tokens[chosen] = digest
        return chosen

    async def record(self, ident: str) -> str | None:
        return self._records.get(ident)

    async def touch(self, idents: Sequence[str], now: float) -> None:
        for ident in idents:
            if ident in self._tables:
                self._tables[ident].last_active = now

    async def expire(self, finished_before: float, idle_before: float, keep: set[str]) -> list[str]:
        gone = [
            ident
            for ident, t in self._tables.items()
            if (t.finished_at is not None and t.finished_at < finished_before)
            or (t.last_active < idle_before and ident not in keep)
        ]
        for ident in gone:
            del self._tables[ident]
            self._records.pop(ident, None)
        return gone


def _open_seat(tokens: dict[int, str | None], seat: int | None) -> int | None:
    open_seats = sorted(s for s, digest in tokens.items() if digest is None)
    if seat is None:
        return open_seats[0] if open_seats else None
    return seat if seat in open_seats else None


# -- SQL: one implementation over DB-API connections (sqlite3, psycopg), run on worker threads ---------

#: The schema's migrations, in order: step N brings a database at version N-1 to version N. A step is
#: SQL statements; ``{real}`` is the dialect's floating type. Never edit a released step: add one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE bieten_tables (
            ident TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            family TEXT NOT NULL,
            players INTEGER NOT NULL,
            seats TEXT NOT NULL,
            tokens TEXT NOT NULL,
            start TEXT NOT NULL,
            ply INTEGER NOT NULL DEFAULT 0,
            created_at {real} NOT NULL,
            last_active {real} NOT NULL,
            finished_at {real},
            record TEXT
        )""",
        """CREATE TABLE bieten_actions (
            ident TEXT NOT NULL,
            ply INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action INTEGER NOT NULL,
            stored_at {real} NOT NULL,
            PRIMARY KEY (ident, ply)
        )""",
        "CREATE INDEX bieten_tables_finished ON bieten_tables (finished_at)",
    ),
)

_COLUMNS = "ident, kind, family, players, seats, tokens, start, ply, created_at, last_active, finished_at"


class _SqlStore(Store):
    """The SQL stores' shared logic; a subclass says how to connect, how to open a transaction and
    its placeholders. Calls run on a small pool of threads, each with its own connection."""

    shared = False
    real = "REAL"
    threads = 1

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._local = threading.local()
        self._connections: list[Any] = []
        self._guard = threading.Lock()

    # -- the dialect -------------------------------------------------------------------------------
    @abstractmethod
    def _connect(self) -> Any: ...

    @abstractmethod
    def _transaction(self, connection: Any) -> contextlib.AbstractContextManager[Any]: ...

    def _sql(self, text: str) -> str:
        return text

    def _notify(self, connection: Any, ident: str, ply: int) -> None:
        """Tells the other processes of a stored move (inside its transaction)."""

    def _migration_lock(self, connection: Any) -> None:
        """Keeps two processes from migrating at once (inside the migration's transaction)."""

    # -- running ---------------------------------------------------------------------------------
    def _connection(self) -> Any:
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._connect()
            self._local.connection = connection
            with self._guard:
                self._connections.append(connection)
        return connection

    async def _run(self, work: Callable[[Any], T]) -> T:
        if self._pool is None:
            raise RuntimeError(f"the store {self.url} is not open (Server.start opens it)")
        return await asyncio.get_running_loop().run_in_executor(self._pool, lambda: work(self._connection()))

    def _execute(self, connection: Any, text: str, params: Sequence[Any] = ()) -> Any:
        return connection.execute(self._sql(text), tuple(params))

    async def open(self) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="bieten-store")
            await self._run(self._migrate)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.shutdown(wait=True)
        with self._guard:
            connections, self._connections = self._connections, []
        for connection in connections:
            with contextlib.suppress(Exception):
                connection.close()

    def _migrate(self, connection: Any) -> None:
        with self._transaction(connection):
            self._migration_lock(connection)
            self._execute(
                connection, "CREATE TABLE IF NOT EXISTS bieten_schema_version (version INTEGER NOT NULL)"
            )
            rows = self._execute(connection, "SELECT version FROM bieten_schema_version").fetchall()
            version = int(rows[0][0]) if rows else 0
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"{self.url}: the schema is at version {version}, newer than this bieten's "
                    f"{len(MIGRATIONS)}: upgrade bieten"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    self._execute(connection, statement.format(real=self.real))
            if not rows:
                self._execute(
                    connection, "INSERT INTO bieten_schema_version (version) VALUES (?)", (len(MIGRATIONS),)
                )
            elif version < len(MIGRATIONS):
                self._execute(connection, "UPDATE bieten_schema_version SET version = ?", (len(MIGRATIONS),))

    def schema_version(self) -> int:
        """The schema's version in the database (for tests and operators)."""
        rows = self._execute(self._connection(), "SELECT version FROM bieten_schema_version").fetchall()
        return int(rows[0][0])

    # -- tables ----------------------------------------------------------------------------------
    async def create(self, table: StoredTable) -> None:
        def work(connection: Any) -> None:
            with self._transaction(connection):
                self._execute(
                    connection,
                    f"INSERT INTO bieten_tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.ident,
                        table.kind,
                        table.family,
                        table.players,
                        json.dumps(table.seats),
                        _tokens_text(table.tokens),
                        json.dumps(table.start, separators=(",", ":")),
                        table.ply,
                        table.created_at,
                        table.last_active,
                        table.finished_at,
                    ),
                )

        await self._run(work)

    async def append(
        self, ident: str, ply: int, *, seat: int, action: int, now: float, record: str | None = None
    ) -> bool:
        def work(connection: Any) -> bool:
            with self._transaction(connection):
                # The row lock: of two updates for one ply, the second waits for the first and then
                # finds the ply moved on, so it changes nothing and stores nothing.
                changed = self._execute(
                    connection,
                    "UPDATE bieten_tables SET ply = ply + 1, last_active = ?, finished_at = ?, record = ? "
                    "WHERE ident = ? AND ply = ?",
                    (now, now if record is not None else None, record, ident, ply),
                ).rowcount
                if changed != 1:
                    return False
                self._execute(
                    connection,
                    "INSERT INTO bieten_actions (ident, ply, seat, action, stored_at) VALUES (?, ?, ?, ?, ?)",
                    (ident, ply, seat, action, now),
                )
                self._notify(connection, ident, ply + 1)
                return True

        return await self._run(work)

    async def actions(self, ident: str, since: int) -> list[int]:
        def work(connection: Any) -> list[int]:
            rows = self._execute(
                connection,
                "SELECT action FROM bieten_actions WHERE ident = ? AND ply >= ? ORDER BY ply",
                (ident, since),
            ).fetchall()
            return [int(row[0]) for row in rows]

        return await self._run(work)

    def _tables(
        self, connection: Any, where: str, params: Sequence[Any], with_actions: bool
    ) -> list[StoredTable]:
        rows = self._execute(
            connection, f"SELECT {_COLUMNS} FROM bieten_tables {where} ORDER BY created_at, ident", params
        ).fetchall()
        tables = [_row_table(row) for row in rows]
        if with_actions:
            for table in tables:
                moves = self._execute(
                    connection,
                    "SELECT action FROM bieten_actions WHERE ident = ? ORDER BY ply",
                    (table.ident,),
                ).fetchall()
                table.actions = [int(row[0]) for row in moves]
                table.ply = len(table.actions)
        return tables

    async def load(self, ident: str) -> StoredTable | None:
        def work(connection: Any) -> StoredTable | None:
            with self._transaction(connection):  # the row and its actions as of one moment
                found = self._tables(connection, "WHERE ident = ?", (ident,), True)
            return found[0] if found else None

        return await self._run(work)

    async def unfinished(self) -> list[StoredTable]:
        def work(connection: Any) -> list[StoredTable]:
            with self._transaction(connection):
                return self._tables(connection, "WHERE finished_at IS NULL", (), True)

        return await self._run(work)

    async def listing(self) -> list[StoredTable]:
        return await self._run(lambda connection: self._tables(connection, "", (), False))

    async def count(self) -> int:
        def work(connection: Any) -> int:
            return int(self._execute(connection, "SELECT COUNT(*) FROM bieten_tables").fetchone()[0])

        return await self._run(work)

    async def claim(self, ident: str, seat: int | None, digest: str) -> int | None:
        def work(connection: Any) -> int | None:
            with self._transaction(connection):
                rows = self._execute(
                    connection, self._for_update("SELECT tokens FROM bieten_tables WHERE ident = ?"), (ident,)
                ).fetchall()
                if not rows:
                    return None
                tokens = _tokens_from(rows[0][0])
                chosen = _open_seat(tokens, seat)
                if chosen is not None:
                    tokens[chosen] = digest
                    self._execute(
                        connection,
                        "UPDATE bieten_tables SET tokens = ? WHERE ident = ?",
                        (_tokens_text(tokens), ident),
                    )
                return chosen

        return await self._run(work)

    def _for_update(self, text: str) -> str:
        return text

    async def record(self, ident: str) -> str | None:
        def work(connection: Any) -> str | None:
            rows = self._execute(
                connection, "SELECT record FROM bieten_tables WHERE ident = ?", (ident,)
            ).fetchall()
            return None if not rows or rows[0][0] is None else str(rows[0][0])

        return await self._run(work)

    async def touch(self, idents: Sequence[str], now: float) -> None:
        def work(connection: Any) -> None:
            with self._transaction(connection):
                for ident in idents:
                    self._execute(
                        connection, "UPDATE bieten_tables SET last_active = ? WHERE ident = ?", (now, ident)
                    )

        if idents:
            await self._run(work)

    async def expire(self, finished_before: float, idle_before: float, keep: set[str]) -> list[str]:
        def work(connection: Any) -> list[str]:
            with self._transaction(connection):
                rows = self._execute(
                    connection,
                    "SELECT ident, finished_at FROM bieten_tables WHERE "
                    "(finished_at IS NOT NULL AND finished_at < ?) OR last_active < ?",
                    (finished_before, idle_before),
                ).fetchall()
                gone = [str(row[0]) for row in rows if row[1] is not None or str(row[0]) not in keep]
                for ident in gone:
                    self._execute(connection, "DELETE FROM bieten_actions WHERE ident = ?", (ident,))
                    self._execute(connection, "DELETE FROM bieten_tables WHERE ident = ?", (ident,))
                return gone

        return await self._run(work)


def _tokens_text(tokens: dict[int, str | None]) -> str:
    return json.dumps({str(seat): digest for seat, digest in sorted(tokens.items())})


def _tokens_from(text: str) -> dict[int, str | None]:
    return {int(seat): digest for seat, digest in json.loads(text).items()}


def _row_table(row: Sequence[Any]) -> StoredTable:
    ident, kind, family, players, seats, tokens, start, ply, created, active, finished = row
    return StoredTable(
        ident=str(ident),
        kind=str(kind),
        family=str(family),
        players=int(players),
        seats=list(json.loads(seats)),
        tokens=_tokens_from(tokens),
        start=json.loads(start),
        created_at=float(created),
        last_active=float(active),
        ply=int(ply),
        finished_at=None if finished is None else float(finished),
    )


class SQLiteStore(_SqlStore):
    """Tables in one SQLite file (``--db sqlite:///PATH``), in WAL mode with ``synchronous=FULL``: a
    move is on disk before it is acknowledged. One process only (``bieten serve`` refuses
    ``--workers`` above 1 with SQLite): it hears of no other process's moves."""

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(os.path.abspath(path))  # a later chdir (or a worker) keeps the same file
        self.url = f"sqlite:///{self.path}"

    def _connect(self) -> Any:
        import sqlite3

        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        return connection

    @contextlib.contextmanager
    def _transaction(self, connection: Any) -> Iterator[Any]:
        connection.execute("BEGIN IMMEDIATE")  # takes the write lock now: writers are serialized
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")


class PostgresStore(_SqlStore):
    """Tables in PostgreSQL through psycopg 3 (``--db postgresql://...``), which several server
    processes may share: a table's moves are serialized by its row's lock (``append``'s conditional
    UPDATE), and each stored move is announced with NOTIFY on :data:`CHANNEL` to every process that
    LISTENs, which then sends it to its own connections."""

    shared = True
    real = "DOUBLE PRECISION"
    threads = 4

    def __init__(self, dsn: str) -> None:
        super().__init__()
        try:
            import psycopg  # noqa: F401
        except ImportError as err:
            raise StoreError(
                f"--db postgresql://...: needs psycopg 3 ({err.name} is missing): pip install 'bieten[web]'"
            ) from None
        self.dsn = dsn
        parts = urlsplit(dsn)
        shown = parts.hostname or ""
        if parts.username:
            shown = f"{parts.username}@{shown}"
        if parts.port:
            shown = f"{shown}:{parts.port}"
        self.url = f"{parts.scheme}://{shown}{parts.path}" + (f"?{parts.query}" if parts.query else "")
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()

    def _connect(self) -> Any:
        import psycopg

        return psycopg.connect(self.dsn, autocommit=True)

    def _transaction(self, connection: Any) -> contextlib.AbstractContextManager[Any]:
        return connection.transaction()  # type: ignore[no-any-return]

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s")

    def _for_update(self, text: str) -> str:
        return text + " FOR UPDATE"

    def _notify(self, connection: Any, ident: str, ply: int) -> None:
        self._execute(connection, "SELECT pg_notify(?, ?)", (CHANNEL, f"{ident} {ply}"))

    def _migration_lock(self, connection: Any) -> None:
        self._execute(connection, "SELECT pg_advisory_xact_lock(?)", (0x62696574,))  # "biet"

    async def append(
        self, ident: str, ply: int, *, seat: int, action: int, now: float, record: str | None = None
    ) -> bool:
        """As the SQL stores' ``append``, in one statement (one round trip, its own transaction): the
        conditional UPDATE takes the row's lock, the INSERT and the NOTIFY happen only if it moved
        the table on."""

        moved = (ply, seat, action, now, CHANNEL, f"{ident} {ply + 1}")

        def work(connection: Any) -> bool:
            rows = self._execute(
                connection,
                "WITH moved AS (UPDATE bieten_tables SET ply = ply + 1, last_active = ?, finished_at = ?, "
                "record = ? WHERE ident = ? AND ply = ? RETURNING ident), "
                "stored AS (INSERT INTO bieten_actions (ident, ply, seat, action, stored_at) "
                "SELECT ident, ?, ?, ?, ? FROM moved RETURNING ident) "
                "SELECT pg_notify(?, ?) FROM stored",
                (now, now if record is not None else None, record, ident, ply, *moved),
            ).fetchall()
            return len(rows) == 1

        return await self._run(work)

    def listen(self, callback: Callable[[str, int], None]) -> None:
        loop = asyncio.get_running_loop()
        ready = threading.Event()

        def heard(payload: str) -> None:
            ident, _, ply = payload.rpartition(" ")
            if ply.isdigit():
                callback(ident, int(ply))

        def run() -> None:
            import psycopg

            while not self._stop.is_set():
                try:
                    with psycopg.connect(self.dsn, autocommit=True) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        ready.set()
                        while not self._stop.is_set():
                            for note in connection.notifies(timeout=0.5):
                                loop.call_soon_threadsafe(heard, note.payload)
                except Exception:  # the database went away: listen again when it is back
                    ready.set()
                    self._stop.wait(0.5)

        self._stop.clear()
        self._listener = threading.Thread(target=run, name="bieten-listen", daemon=True)
        self._listener.start()
        ready.wait(10)

    async def close(self) -> None:
        self._stop.set()
        listener, self._listener = self._listener, None
        if listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, listener.join, 5)
        await super().close()


def open_store(url: str) -> Store:
    """The store ``--db`` names: ``memory``, ``sqlite:///PATH`` (a relative PATH after the three
    slashes, an absolute one after four; its folder must exist) or ``postgresql://...`` (a libpq URL).

    >>> open_store("memory").url, open_store("sqlite:////tmp/x.sqlite3").url
    ('memory', 'sqlite:////tmp/x.sqlite3')
    >>> open_store("mysql://x")
    Traceback (most recent call last):
    ...
    bieten.web._store.StoreError: --db mysql://x: not memory, sqlite:///PATH or postgresql://...
    """
    if url == "memory":
        return MemoryStore()
    if url.startswith("sqlite:///"):
        path = unquote(url[len("sqlite:///") :])
        if not path:
            raise StoreError(f"--db {url}: sqlite:///PATH needs a file's path")
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            slashes = (
                f"; sqlite:///{path} is relative to this folder, sqlite:////{path} would be absolute"
                if not os.path.isabs(path)
                else ""
            )
            raise StoreError(f"--db {url}: the folder {folder} does not exist{slashes}")
        if os.path.isdir(path):
            raise StoreError(f"--db {url}: {os.path.abspath(path)} is a folder; name a file in it")
        return SQLiteStore(path)
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    shown = url if len(url) < 60 else url[:57] + "..."
    raise StoreError(f"--db {shown}: not memory, sqlite:///PATH or postgresql://...")
