"""What the server holds in memory for each table: its game, seats and tokens, and the connections of
its seats, each with its own outgoing queue (docs/server.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from bieten._session import Table
from bieten.web._limits import BURST, MAX_QUEUED
from bieten.web._store import token_hash

__all__ = ["Connection", "ServedTable", "write"]


@dataclass(eq=False)
class Connection:
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


async def write(connection: Connection) -> None:
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


@dataclass(eq=False)
class ServedTable:
    """A table of the server: the game, its seats and their tokens, its connections and its lock."""

    ident: str
    kind: str
    table: Table
    seats: list[str]
    tokens: dict[int, str | None]  # each person's seat: its token's SHA-256 (None: open, not taken)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
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
