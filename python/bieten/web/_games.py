"""The games the page offers, read from the registry (``bieten._families``): ``GET /api/games``
(docs/server.md) and each game's page module, ``GET /api/games/<name>/page.js``.

Each game keeps what the page shows of it beside its model, in its own package folder under
``bieten/<name>/``: ``page.json`` (its wording: the kinds' labels, what a round is called, the log's
sentences, the explanations of its actions) and ``page.js`` (how its events change what a seat sees,
and the rows of its table's info box; docs/web.md). The page itself names no game.

>>> [game["name"] for game in games()["games"]] == [family.name for family in OFFERED]
True
>>> from bieten.web._offered import OFFERED_KINDS
>>> [kind["name"] for game in games()["games"] for kind in game["kinds"]] == list(OFFERED_KINDS)
True
>>> games()["games"][0]["page"]["round"], games()["games"][0]["rule_prefix"]
('hand', 'R')
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from bieten._families import Family
from bieten.web._new_table import players_allowed
from bieten.web._offered import OFFERED, PAGE_DATA, PAGE_SCRIPT

__all__ = ["game_file", "games", "script_url"]


def game_file(name: str, file: str) -> bytes:
    """A file of the page's of the family ``name`` (``page.json``, ``page.js``): ``bieten/<name>/<file>``,
    beside the game's model."""
    return resources.files("bieten").joinpath(name).joinpath(file).read_bytes()  # one part a call (3.10)


def script_url(family: Family) -> str:
    """Where the page loads a game's module from."""
    return f"/api/games/{family.name}/{PAGE_SCRIPT}"


@functools.cache
def games() -> dict[str, Any]:
    """``GET /api/games``: every family the page offers (``bieten.web._offered``) with what the page
    needs of it (docs/server.md)."""
    players = players_allowed()
    return {"games": [_game(family, players) for family in OFFERED]}


def _game(family: Family, players: dict[str, list[int]]) -> dict[str, Any]:
    page = json.loads(game_file(family.name, PAGE_DATA))
    wording = page.pop("kinds")
    types = dict(family.core.KNOB_TYPES)
    return {
        "name": family.name,
        "title": family.title,
        "rule_prefix": family.rule_prefix,
        "preset_apart": family.preset_apart,
        "presets": list(family.presets),
        "knobs": [{"name": knob, "type": types[knob]} for knob in family.knobs],
        "kinds": [
            {
                "name": kind,
                "label": wording[kind]["label"],
                "title": wording[kind]["title"],
                "players": players[kind],
                "default_players": int(family.rules_for(kind).players),
            }
            for kind in family.kinds
        ],
        "script": script_url(family),
        "page": page,
    }
