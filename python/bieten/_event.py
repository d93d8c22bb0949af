"""One thing that happened in a game, of any game: what ``events`` and ``events_for`` list
(each game's events page in docs/: docs/events.md for Bieten's)."""

from __future__ import annotations

import json
from typing import Any


class Event:
    """One thing that happened in a game (docs/events.md): a type, a sequence number, a hand number
    and the fields of that type.

    >>> import bieten
    >>> game = bieten.Game(bieten.Rules(players=2), seed=7)
    >>> first = game.events[0]
    >>> first.type, first.seq, first.hand, first["dealer"]
    ('hand_dealt', 0, 0, 0)
    >>> all(type(bieten.make(name, seed=7).events[0]) is bieten.Event for name in bieten.games())
    True
    """

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    @property
    def type(self) -> str:
        return str(self._data["type"])

    @property
    def seq(self) -> int:
        return int(self._data["seq"])

    @property
    def hand(self) -> int:
        return int(self._data["hand"])

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-safe data (a fresh copy)."""
        return json.loads(json.dumps(self._data))  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._data == other._data

    def __hash__(self) -> int:
        return hash(json.dumps(self._data, sort_keys=True))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self._data.items() if k not in ("type", "seq", "hand"))
        return f"Event({self.type} #{self.seq} hand {self.hand}: {fields})"
