"""``bieten engine``: the engine protocol over stdin and stdout, one JSON object a line (docs/protocol.md).

A thin loop over :class:`bieten._session.Session`: it reads request lines (at most ``max_line`` bytes
each; a longer one is skipped to its end and answered with ``line_too_long``), writes one reply line
per request, compact ASCII JSON, flushed at once, and stops after ``quit`` or at the end of input.
Blank lines are skipped without a reply.

>>> import io
>>> requests = io.BytesIO(b'{"type":"hello","id":1,"protocols":[1]}\\n[1]\\n\\n{"type":"quit"}\\n')
>>> replies = io.StringIO()
>>> serve(requests, replies)
0
>>> for line in replies.getvalue().splitlines():
...     print(line[:60])
{"type":"hello","id":1,"protocol":1,"engine":"bieten","versi
{"type":"error","id":null,"code":"not_object","message":"a r
{"type":"bye","id":null}
"""

from __future__ import annotations

import json
import sys
from typing import Any, BinaryIO, TextIO

from bieten._session import MAX_GAMES, MAX_LINE, Session, error_reply

_CHUNK = 1 << 16


def _write(out: TextIO, reply: dict[str, Any]) -> None:
    out.write(json.dumps(reply, separators=(",", ":")) + "\n")
    out.flush()


def serve(inp: BinaryIO, out: TextIO, *, max_line: int = MAX_LINE, max_games: int = MAX_GAMES) -> int:
    """Answers the requests of ``inp`` on ``out`` until ``quit`` or the end of input; returns the exit
    status (0)."""
    session = Session(max_line=max_line, max_games=max_games)
    while not session.closed:
        line = inp.readline(max_line + 1)
        if not line:
            break
        if len(line) > max_line and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of it, a chunk at a time
                line = inp.readline(_CHUNK)
            message = f"a request line is at most {max_line} bytes; this one was skipped"
            _write(out, error_reply(None, "line_too_long", message))
            continue
        if not line.strip():
            continue
        _write(out, session.handle_line(line))
    return 0


def main(max_line: int = MAX_LINE, max_games: int = MAX_GAMES) -> int:
    """Runs the engine on the process's stdin and stdout. While it runs, ``print`` and anything else
    writing to ``sys.stdout`` goes to stderr, so that stdout carries protocol lines only."""
    protocol_out = sys.stdout
    sys.stdout = sys.stderr
    try:
        return serve(sys.stdin.buffer, protocol_out, max_line=max_line, max_games=max_games)
    except BrokenPipeError:  # the client went away: nothing is left to answer
        return 0
    except KeyboardInterrupt:
        print("bieten engine: interrupted", file=sys.stderr)
        return 130
    finally:
        sys.stdout = protocol_out
