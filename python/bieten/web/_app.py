"""The ``bieten serve`` application: many tables, each one game of the registry (``bieten._families``)
in which people (over a WebSocket) and built-in bots sit (docs/server.md).

The server is the authority. Every game rule is :class:`bieten._session.Table`'s (the same layer as
``bieten engine``); the server only adds tables, seats with unguessable tokens, connections, bots
that move on their own, limits and expiry. A connection acts only for its own seat and sees only
``events_for`` that seat (the R and S rules hide the other hands).

Its parts: :class:`~bieten.web._server.Server` (the tables: created, joined, found, resumed, expired),
:class:`~bieten.web._moves.Moves` (each move stored, then applied and sent; the bots),
:mod:`bieten.web._tables` (a table in memory and its connections), :class:`~bieten.web._routes.HttpApi`
(the HTTP endpoints), :class:`~bieten.web._socket.Sockets` (a seat's WebSocket) and
:func:`create_app`, which puts them together.

>>> import warnings; warnings.simplefilter("ignore")  # starlette's TestClient would rather have httpx2
>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(bot_delay=0)) as client:
...     made = client.post("/api/tables", json={"kind": "bieten", "seed": 7, "rules": {"players": 2}}).json()
...     url = f"/ws/{made['table']}?seat=0&token={made['seats'][0]['token']}"
...     with client.websocket_connect(url) as ws:
...         welcome, update = ws.receive_json(), ws.receive_json()
>>> [seat["kind"] for seat in made["seats"]], welcome["type"], welcome["you"], update["type"]
(['human', 'heuristic'], 'welcome', 0, 'update')
>>> dealt = next(event for event in update["events"] if event["type"] == "hand_dealt")
>>> dealt["hands"]  # its own cards; not the bot's (R3)
[['HK', 'L9', 'EU'], None]
"""

from __future__ import annotations

import contextlib
import mimetypes
import os
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles

from bieten.web._limits import BURST, MAX_MESSAGE, RATE
from bieten.web._logs import hide_tokens
from bieten.web._routes import HttpApi, not_found
from bieten.web._server import Server
from bieten.web._socket import Sockets
from bieten.web._store import Store, open_store

__all__ = ["MAX_MESSAGE", "STATIC", "Server", "create_app"]

#: Where the page's files are (shipped in the wheel).
STATIC = Path(__file__).resolve().parent / "static"

# The engine for offline tables is an ES module (.mjs): served as JavaScript, or a browser refuses to run it.
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


def wasm_folder(wasm_dir: Path | str | None) -> Path | None:
    """The folder of the engine in WebAssembly that the page plays offline tables with (bindings/wasm/dist,
    docs/javascript.md): ``wasm_dir``, else ``$BIETEN_WASM_DIST``; None when it holds no ``bieten.mjs``."""
    folder = wasm_dir if wasm_dir is not None else os.environ.get("BIETEN_WASM_DIST")
    if not folder or not (Path(folder) / "bieten.mjs").is_file():
        return None
    return Path(folder)


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
    policies: Sequence[str] = (),
    wasm_dir: Path | str | None = None,
) -> Starlette:
    """The Starlette application of ``bieten serve`` (docs/server.md); ``app.state.server`` is its
    :class:`Server`. ``db`` is where the tables are kept: a :class:`~bieten.web._store.Store` or what
    ``--db`` takes (``"memory"``, the default here, ``"sqlite:///PATH"``, ``"postgresql://..."``); the
    app opens it and resumes its unfinished tables when it starts, and closes it when it stops.
    ``policies`` are policy files (``bieten train``'s ``DIR/<game>.bin``) offered as the seat kinds
    ``policy:<file name>`` at tables of their game: a client names a kind, never a path. ``wasm_dir`` (or
    ``$BIETEN_WASM_DIST``): the engine in WebAssembly (``npm --prefix bindings/wasm run build``'s dist/),
    served under ``/wasm/`` so that the page plays tables against bots in the browser (docs/web.md)."""
    hide_tokens()  # no seat's token in any log line (web/_logs.py)
    store = open_store(db) if isinstance(db, str) else db
    server = Server(
        bot_delay=bot_delay,
        max_tables=max_tables,
        finished_ttl=finished_ttl,
        idle_ttl=idle_ttl,
        store=store,
        rate=rate,
        burst=burst,
        policies=policies,
    )
    static = Path(static_dir) if static_dir is not None else STATIC
    routes = [*HttpApi(server, static).routes(), WebSocketRoute("/ws/{ident}", Sockets(server).connect)]
    wasm = wasm_folder(wasm_dir)
    if wasm is not None:
        routes.append(Mount("/wasm", StaticFiles(directory=wasm), name="wasm"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hide_tokens()  # again: a logging configuration made after create_app keeps it too
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found}, lifespan=lifespan)
    app.state.server = server
    return app
