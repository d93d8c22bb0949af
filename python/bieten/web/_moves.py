"""The moves at the server's tables: each stored before it is applied and sent, the moves another
process stored caught up with, and the bots that move on their own (docs/server.md, "Storage")."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from bieten._session import Table
from bieten.web._limits import Unstored
from bieten.web._tables import ServedTable

if TYPE_CHECKING:
    from bieten.web._store import Store

__all__ = ["Host", "Moves"]


class Host(Protocol):
    """What :class:`Moves` needs of the server whose tables it moves (:class:`~bieten.web._server.Server`):
    its store, clock, tables, configured policies and bot delay, and its task spawner and table drop."""

    bot_delay: float
    store: Store
    clock: Callable[[], float]
    tables: dict[str, ServedTable]
    policies: dict[str, tuple[str, str]]

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...
    def drop(self, ident: str) -> None: ...


log = logging.getLogger("bieten.web")


class Moves:
    """Makes the moves of one :class:`~bieten.web._server.Server`'s tables: a person's (``commit``),
    another process's (``heard``) and the bots' (``kick_bots``)."""

    def __init__(self, server: Host) -> None:
        self.server = server

    async def commit(self, served: ServedTable, move: Callable[[Table], dict[str, Any]], seat: int) -> bool:
        """Plays ``move`` on a copy of the game, stores the action it took, and only then makes the copy
        the table's game and tells every connection (called under the table's lock). False when the
        store had a move for that ply already (another process's): the table has caught up with it."""
        ply = served.table.ply
        trial = Table(served.table.game.clone())
        moved = move(trial)  # a refused move raises here and changes nothing
        action = int(moved["action"]["id"])
        over = bool(trial.game.is_over)
        record = trial.game.to_json() if over else None
        now = self.server.clock()
        try:
            stored = await self.server.store.append(
                served.ident, ply, seat=seat, action=action, now=now, record=record
            )
        except Exception as err:
            log.exception("table %s: storing the move at ply %d", served.ident, ply)
            raise Unstored(
                f"the move could not be stored ({type(err).__name__}), so it was not made: send it again",
            ) from None
        if not stored:
            await self._catch_up(served)
            return False
        served.table = trial
        served.broadcast(now)
        return True

    async def _catch_up(self, served: ServedTable) -> None:
        """Applies the moves the store has past the table's ply (another process's) and sends them
        (called under the table's lock)."""
        actions = await self.server.store.actions(served.ident, served.table.ply)
        if not actions:
            if await self.server.store.load(served.ident) is None:  # expired by another process
                self.server.drop(served.ident)
            return
        for action in actions:
            served.table.game.apply(action)
        served.broadcast(self.server.clock())

    def heard(self, ident: str, ply: int) -> None:
        """A move another process stored: catch up if this process has the table."""
        served = self.server.tables.get(ident)
        if served is not None and served.table.ply < ply:
            self.server.spawn(self._caught_up(served, ply))

    async def _caught_up(self, served: ServedTable, ply: int) -> None:
        async with served.lock:
            if served.table.ply < ply:
                await self._catch_up(served)
        self.kick_bots(served)

    # -- bots -----------------------------------------------------------------------------------------
    def kick_bots(self, served: ServedTable) -> None:
        """Starts the table's bot loop if a bot is to act and none runs."""
        if served.bot_to_act() is None or (served.bot_task is not None and not served.bot_task.done()):
            return
        served.bot_task = self.server.spawn(self._run_bots(served))

    async def _run_bots(self, served: ServedTable) -> None:
        """Plays the bot seats one move at a time, ``bot_delay`` seconds before each."""
        failures = 0
        while served.bot_to_act() is not None and self.server.tables.get(served.ident) is served:
            await asyncio.sleep(self.server.bot_delay)
            async with served.lock:
                seat = served.bot_to_act()
                if seat is None:
                    return
                agent = served.seats[seat]
                if agent.startswith("policy:") and agent not in self.server.policies:
                    log.error("table %s: seat %d plays %s, not given here", served.ident, seat, agent)
                    return  # a stored name, never read as a path: start the server with its --policy
                agent = self.server.policies.get(agent, (agent, ""))[0]  # a configured policy's file
                try:
                    await self.commit(served, functools.partial(_bot_move, seat=seat, agent=agent), seat)
                    failures = 0
                except Unstored:  # the store is away: try again, more slowly
                    failures += 1
                    await asyncio.sleep(min(5.0, 0.1 * 2**failures))
                except Exception:  # cannot happen for a bot to act; never loop on it
                    log.exception("bot move refused at table %s", served.ident)
                    return


def _bot_move(table: Table, *, seat: int, agent: str) -> dict[str, Any]:
    return table.bot(seat=seat, ply=table.ply, agent=agent)
