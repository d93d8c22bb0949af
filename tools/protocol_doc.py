#!/usr/bin/env python3
"""Rewrites the ``<`` lines of docs/protocol.md: sends the page's ``>`` lines, in order, to
``bieten engine`` as one session and writes each reply under its request. Run it after changing a
message or an example: ``python tools/protocol_doc.py``; tests/test_engine_protocol.py checks that
the page says what the engine answers.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
BLOCK = re.compile(r"```text\n(.*?)\n```", flags=re.S)


def _is_transcript(block: str) -> bool:
    return all(line.startswith(("> ", "< ")) for line in block.splitlines())


def main() -> int:
    text = PAGE.read_text(encoding="utf-8")
    blocks = [b for b in BLOCK.findall(text) if _is_transcript(b)]
    requests = [line[2:] for b in blocks for line in b.splitlines() if line.startswith("> ")]
    done = subprocess.run(
        [sys.executable, "-m", "bieten", "engine"],
        input="".join(r + "\n" for r in requests).encode(),
        capture_output=True,
        env={**os.environ, "SKBUILD_EDITABLE_VERBOSE": "0"},
        check=True,
    )
    replies = iter(done.stdout.decode().splitlines())

    def fill(match: re.Match[str]) -> str:
        block = match.group(1)
        if not _is_transcript(block):
            return match.group(0)
        lines: list[str] = []
        for line in block.splitlines():
            if line.startswith("> "):
                lines += [line, "< " + next(replies)]
        return "```text\n" + "\n".join(lines) + "\n```"

    PAGE.write_text(BLOCK.sub(fill, text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
