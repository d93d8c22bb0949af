"""The HTTP side of ``bieten serve`` (docs/server.md, "HTTP"): the page, the rules, the games and
kinds, and the tables (create, list, join, show, record)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from bieten._agents import AGENTS
from bieten._families import BIETEN, family
from bieten._rulebook import RuleIdError
from bieten._session import ProtocolError, decode
from bieten.web._games import game_file, games
from bieten.web._limits import MAX_MESSAGE, Refused, error
from bieten.web._new_table import OPEN, SEAT_KINDS
from bieten.web._offered import OFFERED as FAMILIES
from bieten.web._offered import OFFERED_KINDS as KINDS
from bieten.web._offered import PAGE_SCRIPT
from bieten.web._rules_page import rule_page, rules_index, unknown_rule_page
from bieten.web._server import Server
from bieten.web._tables import ServedTable

__all__ = ["HttpApi", "not_found"]

_FALLBACK_PAGE = """<!doctype html><meta charset="utf-8"><title>bieten serve</title>
<p>bieten serve is running, but its page (static/index.html) is missing from this install.
The API is at <a href="/api/kinds">/api/kinds</a> (docs/server.md).</p>"""


def _json(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=headers)


def _refusal(err: Refused) -> JSONResponse:
    return _json(error(err.code, err.message) | {"id": None}, err.status)


def _link(ident: str, seat: int, token: str) -> str:
    """A seat's link: the token after ``#``, which a browser never sends (so no log sees it)."""
    return f"/?table={ident}&seat={seat}#token={token}"


async def _body(request: Request) -> object:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_MESSAGE:
        raise Refused(413, "too_large", f"a request body is at most {MAX_MESSAGE} bytes")
    chunks = bytearray()
    async for chunk in request.stream():
        chunks += chunk
        if len(chunks) > MAX_MESSAGE:
            raise Refused(413, "too_large", f"a request body is at most {MAX_MESSAGE} bytes")
    try:
        return decode(bytes(chunks))
    except ProtocolError as err:
        raise Refused(400, err.code, f"the body is not JSON: {err.message}") from None


async def not_found(request: Request, exc: Exception) -> Response:
    """Any HTTP error Starlette raises (an unknown path, a wrong method) as an ``error`` message."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    code = {404: "not_found", 405: "method_not_allowed"}.get(status, "http_error")
    return _json(error(code, f"{request.method} {request.url.path}: {code.replace('_', ' ')}"), status)


class HttpApi:
    """The HTTP endpoints of a :class:`~bieten.web._server.Server`'s tables, the page in ``static``
    and the rules; ``routes()`` lists them."""

    def __init__(self, server: Server, static: Path) -> None:
        self.server = server
        self.static = static

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/", self.index),
            Route("/api/kinds", self.kinds),
            Route("/api/games", self.games),
            Route("/api/games/{name}/" + PAGE_SCRIPT, self.game_script),
            Route("/rules", self.rules_listing),
            Route("/rules/{rule_id}", self.one_rule),
            Route("/api/tables", self.new_table, methods=["POST"]),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/lobby", self.lobby, methods=["GET"]),
            Route("/api/tables/{ident}/join", self.join, methods=["POST"]),
            Route("/api/tables/{ident}", self.show_table),
            Route("/api/tables/{ident}/record", self.table_record),
            Mount("/static", StaticFiles(directory=self.static, check_dir=False), name="static"),
        ]

    # -- the page, the rules and the games ------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        page = self.static / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse(_FALLBACK_PAGE)

    async def rules_listing(self, request: Request) -> Response:
        return HTMLResponse(rules_index())

    async def one_rule(self, request: Request) -> Response:
        try:
            return HTMLResponse(rule_page(request.path_params["rule_id"]))
        except RuleIdError as err:
            return HTMLResponse(unknown_rule_page(str(err)), status_code=404)

    async def kinds(self, request: Request) -> Response:
        return _json(
            {
                "kinds": list(KINDS),
                "bieten_presets": list(BIETEN.presets),
                "agents": [*AGENTS, *self.server.policies],
                "seat_kinds": [*SEAT_KINDS, *self.server.policies],
                "policies": {kind: game for kind, (_, game) in self.server.policies.items()},
                "players": self.server.players,
            }
        )

    async def games(self, request: Request) -> Response:
        return _json(games())

    async def game_script(self, request: Request) -> Response:
        """A game's page module (``bieten/<name>/page.js``), for a family of the registry only."""
        name = request.path_params["name"]
        if name not in {f.name for f in FAMILIES}:
            raise HTTPException(404)
        script = game_file(name, PAGE_SCRIPT)
        return Response(script, media_type="text/javascript; charset=utf-8")

    # -- the tables -----------------------------------------------------------------------------------
    async def new_table(self, request: Request) -> Response:
        try:
            served, tokens = await self.server.create(await _body(request))
        except Refused as err:
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

    async def list_tables(self, request: Request) -> Response:
        return _json({"tables": await self.server.listing()})

    async def lobby(self, request: Request) -> Response:
        return _json({"tables": await self.server.listing(open_only=True)})

    async def _find(self, request: Request) -> ServedTable:
        ident = request.path_params["ident"]
        served = await self.server.find(ident)
        if served is None:
            raise Refused(404, "unknown_table", f"no table {ident[:40]!r} (it may have ended and expired)")
        return served

    async def join(self, request: Request) -> Response:
        try:
            served = await self._find(request)
            body = await _body(request) if request.headers.get("content-length", "0") != "0" else {}
            if not isinstance(body, dict) or set(body) - {"seat"}:
                raise Refused(400, "bad_field", 'join takes {} or {"seat": K}, an open seat of the table')
            seat = body.get("seat")
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise Refused(400, "bad_field", "join: seat must be an integer")
            if served.table.game.is_over:
                raise Refused(409, "game_over", "the game at this table is over")
            taken, token = await self.server.join(served, seat)
        except Refused as err:
            return _refusal(err)
        reply = {
            "table": served.ident,
            "seat": taken,
            "token": token,
            "link": _link(served.ident, taken, token),
        }
        return _json(reply)

    async def show_table(self, request: Request) -> Response:
        try:
            served = await self._find(request)
        except Refused as err:
            return _refusal(err)
        async with served.lock:  # no move half stored
            state = served.table.state()
        return _json(served.summary() | {"rules": served.table.game.rules.to_dict(), "state": state})

    async def table_record(self, request: Request) -> Response:
        try:
            served = await self._find(request)
            if not served.table.game.is_over:
                rule = family(served.table.family).secrecy_rule
                raise Refused(
                    409,
                    "game_not_over",
                    f"{rule}: the record shows every seat's cards (and the seed), "
                    "so it is given once the game is over",
                )
        except Refused as err:
            return _refusal(err)
        disposition = f'attachment; filename="bieten-{served.kind}-{served.ident}.json"'
        return _json(served.table.record(), headers={"Content-Disposition": disposition})
