"""A seat's WebSocket (``/ws/<table>?seat=K&since=N``, its token offered as the subprotocol
``token.<T>`` beside ``bieten-table``, or ``&token=T`` in the query; docs/server.md): who may connect, and
the answer to each message (``apply``, ``sync``, ``ping``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from bieten._session import MAX_ID, ProtocolError, decode
from bieten.web._limits import MAX_MESSAGE, Unstored, error
from bieten.web._server import Server
from bieten.web._tables import Connection, ServedTable, write

__all__ = ["Sockets"]

log = logging.getLogger("bieten.web")

#: The subprotocol the page asks for; a second one, ``token.<T>``, carries the seat's token (a header:
#: unlike the URL's query, no log prints it).
SUBPROTOCOL = "bieten-table"
_TOKEN_PREFIX = "token."

#: The messages a client sends and the fields each takes beside ``type`` and ``id``.
_FIELDS = {"apply": ("action", "ply", "seat"), "sync": ("since",), "ping": ()}


class Sockets:
    """The WebSocket endpoint of a :class:`~bieten.web._server.Server`'s tables (``connect``) and its
    answer to one message (``handle``)."""

    def __init__(self, server: Server) -> None:
        self.server = server

    async def connect(self, websocket: WebSocket) -> None:
        """Serves one seat's socket: checks its table, token and ``since``, sends the welcome and the
        seat's events, then answers its messages until it closes."""
        offered = list(websocket.scope.get("subprotocols") or [])
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        server = self.server
        ident = websocket.path_params["ident"]
        served = await server.find(ident)
        if served is None:
            await websocket.send_json(error("unknown_table", f"no table {ident[:40]!r}"))
            await websocket.close(code=4404)
            return
        query = websocket.query_params
        seat_text, token, since_text = query.get("seat", ""), query.get("token", ""), query.get("since", "0")
        carried = [p[len(_TOKEN_PREFIX) :] for p in offered if p.startswith(_TOKEN_PREFIX)]
        token = carried[0] if carried else token
        seat = int(seat_text) if seat_text.isdigit() and len(seat_text) < 4 else -1
        if not served.token_matches(seat, token) and seat in served.tokens and server.store.shared:
            await server.refresh_tokens(served)  # the seat may have been taken through another process
        if not served.token_matches(seat, token):
            await websocket.send_json(
                error("bad_token", "seat and token do not match a person's seat at this table")
            )
            await websocket.close(code=4403)
            return
        if not since_text.isdigit() or len(since_text) > 12:
            await websocket.send_json(error("bad_field", "since must be an integer seq >= 0"))
            await websocket.close(code=4400)
            return
        connection = Connection(websocket=websocket, seat=seat, cursor=int(since_text))
        writer = asyncio.get_running_loop().create_task(write(connection))
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
                await self.handle(served, connection, data)
        except WebSocketDisconnect:
            pass
        finally:
            served.connections.discard(connection)
            served.last_active = server.clock()
            connection.close()
            with contextlib.suppress(Exception):
                await writer

    async def handle(self, served: ServedTable, connection: Connection, text: str | bytes) -> None:
        """Answers one client message: an error (nothing changed), a pong, an update, or a move that
        every connection of the table hears about."""
        rate, burst = self.server.rate, self.server.burst
        if not connection.allow(rate, burst):
            connection.send(
                error("rate_limited", f"at most {rate:g} messages a second (a burst of {burst}): slow down")
            )
            return
        if len(text) > MAX_MESSAGE:
            connection.send(error("too_large", f"a message is at most {MAX_MESSAGE} bytes"))
            return
        try:
            message = decode(text)
        except ProtocolError as err:
            connection.send(error(err.code, err.message))
            return
        if not isinstance(message, dict):
            connection.send(error("not_object", 'a message is a JSON object such as {"type": "ping"}'))
            return
        ident = message.get("id")
        if ident is not None and not (
            (isinstance(ident, str) and len(ident) <= MAX_ID)
            or (isinstance(ident, int) and not isinstance(ident, bool))
        ):
            connection.send(
                error("bad_field", f"id must be a string of at most {MAX_ID} characters or an integer")
            )
            return
        try:
            await self._dispatch(served, connection, message, ident)
        except (ProtocolError, Unstored) as err:
            connection.send(error(err.code, err.message, ident))
        except Exception as err:  # a bug must not cost the table its connection: report it
            log.exception("table %s: message %r", served.ident, text[:200])
            connection.send(error("internal", f"{type(err).__name__}: {err}", ident))

    async def _dispatch(
        self, served: ServedTable, connection: Connection, message: dict[str, Any], ident: object
    ) -> None:
        kind = message.get("type")
        if "type" not in message:
            raise ProtocolError("missing_field", "a message needs the field type (apply, sync or ping)")
        if not isinstance(kind, str) or kind not in _FIELDS:
            shown = json.dumps(kind)[:60]
            raise ProtocolError("unknown_type", f"unknown message type {shown} (known: apply, sync, ping)")
        unknown = sorted(set(message) - {"type", "id", *_FIELDS[kind]})
        if unknown:
            raise ProtocolError("unknown_field", f"{kind} has no field(s) {', '.join(unknown)}")
        if kind == "ping":
            connection.send({"type": "pong", "id": ident})
        elif kind == "sync":
            await self._sync(served, connection, message)
        else:
            await self._apply(served, connection, message)

    async def _sync(self, served: ServedTable, connection: Connection, message: dict[str, Any]) -> None:
        since = message.get("since")
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise ProtocolError("bad_field", "sync: since must be an integer seq >= 0")
        async with served.lock:
            connection.send(served.update_for(connection.seat, since))
            connection.cursor = int(served.table.game.event_count())

    async def _apply(self, served: ServedTable, connection: Connection, message: dict[str, Any]) -> None:
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
            stored = await self.server.moves.commit(
                served, lambda t: t.apply(seat=connection.seat, ply=ply, action=action), seat
            )
            if not stored:  # another process stored a move for this ply first: refused as stale now
                served.table.apply(seat=connection.seat, ply=ply, action=action)
                raise ProtocolError("stale_ply", f"{rule}9: another move was stored for ply {ply} first")
        self.server.kick_bots(served)
