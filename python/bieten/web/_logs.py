"""Keeps the seats' tokens out of every log line the server writes (docs/server.md, "Security").

The page never puts a token where a log sees it: a seat link carries it after ``#`` (the fragment,
which a browser never sends), and the page's WebSocket offers it as a subprotocol, a header no log
prints. A client that still sends ``?token=`` in a URL (older links, scripts) is served; this
filter writes such a token as ``token=<hidden>`` in uvicorn's access and error logs and the
server's own.

>>> hide("GET /?table=Ab3&seat=0&token=KsA6EM-MevE_xCW HTTP/1.1")
'GET /?table=Ab3&seat=0&token=<hidden> HTTP/1.1'
>>> hide("< sec-websocket-protocol: bieten, token.KsA6EM-MevE_xCW")
'< sec-websocket-protocol: bieten, token.<hidden>'
"""

from __future__ import annotations

import logging
import re

__all__ = ["HIDDEN", "LOGGERS", "HideTokens", "hide", "hide_tokens"]

HIDDEN = "<hidden>"
#: The loggers that print what a client sent: uvicorn's access log (each request's path and query),
#: its error log (each WebSocket's path and query, "[accepted]"), the server's own,
#: and the websockets library's (its debug lines print every header, the subprotocols too).
LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "bieten.web", "websockets", "websockets.server")
_TOKEN = re.compile(r"(token(?:=|%3D|\.))[^&\s\"'#;,]+", re.IGNORECASE)


def hide(text: str) -> str:
    """``text`` with the value of every ``token=`` (a query) and ``token.`` (a subprotocol) written as
    ``<hidden>``."""
    return _TOKEN.sub(lambda m: m.group(1) + HIDDEN, text)


def _hidden(value: object) -> object:
    if isinstance(value, str):
        return hide(value)
    if isinstance(value, tuple):  # uvicorn logs a WebSocket's client as (host, port)
        return tuple(_hidden(v) for v in value)
    return value


class HideTokens(logging.Filter):
    """A filter that hides tokens in a record's message and arguments (uvicorn's access formatter
    reads its arguments one by one, so each is hidden in place rather than the message rendered)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_hidden(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _hidden(v) for k, v in record.args.items()}
        return True


def hide_tokens() -> None:
    """Adds :class:`HideTokens` to each of ``LOGGERS`` that has none (any number of calls: one filter)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideTokens) for f in logger.filters):
            logger.addFilter(HideTokens())
