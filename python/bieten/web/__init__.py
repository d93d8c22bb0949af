"""``bieten serve``: an HTTP + WebSocket server where people and built-in bots play every game of the
registry (``bieten._families``) at many tables at once (docs/server.md). Needs the ``web`` extra
(``pip install 'bieten[web]'``: Starlette, uvicorn, websockets)."""

from bieten.web._app import MAX_MESSAGE, STATIC, Server, create_app

__all__ = ["MAX_MESSAGE", "STATIC", "Server", "create_app"]
