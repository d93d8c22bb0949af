"""The limits of ``bieten serve`` every part of it keeps (docs/server.md, "Limits")."""

from __future__ import annotations

from typing import Any

#: The largest request body or WebSocket message the server reads, in bytes.
MAX_MESSAGE = 64 * 1024
#: Messages queued for one connection before it counts as too slow and is closed.
MAX_QUEUED = 4096
#: A connection's messages: ``RATE`` a second on average, ``BURST`` at once (then ``rate_limited``).
RATE = 20.0
BURST = 60


def error(code: str, message: str, ident: object = None) -> dict[str, Any]:
    """An ``error`` message of the protocol (docs/server.md), for a socket or an HTTP reply."""
    return {"type": "error", "id": ident, "code": code, "message": message}


class Refused(Exception):
    """An HTTP request refused with a status, an error code and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class Unstored(Exception):
    """A move the store could not take (it is away): not made, the client may send it again."""

    code = "unavailable"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
