"""A game record given to ``from_json`` or ``from_record``, of either game, made into the JSON text
that the core's record reader takes (csrc/core/record.hpp); what is no JSON text or data raises
GameRecordError (a BietenError, so a ValueError), as a record the core refuses does."""

from __future__ import annotations

import json

from bieten._core import GameRecordError


def record_text(text: object) -> str:
    """A record's text as a str for the core; bytes are decoded as json.loads decodes them (UTF-8, -16
    or -32, by their first bytes)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except UnicodeDecodeError as err:
            raise GameRecordError(f"from_json: not JSON text: {err}") from None
    if not isinstance(text, str):
        raise GameRecordError(f"from_json: not JSON text: expected str or bytes, not {type(text).__name__}")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as err:  # a lone surrogate: no Unicode text, so no JSON text
            raise GameRecordError(f"from_json: not JSON text: {err}") from None
    return text


def record_data_text(record: object) -> str:
    """Record data (``to_record``'s shape) as JSON text for the core's reader."""
    try:
        return json.dumps(record, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as err:
        raise GameRecordError(f"from_json: not JSON data: {err}") from None
