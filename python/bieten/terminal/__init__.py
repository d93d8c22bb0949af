"""The terminal front end: ``bieten play`` and ``bieten replay`` (docs/frontends.md).

Split by concern: ``_render`` draws (console, cards, numbered choices), ``_saved`` writes and reads
saved games (JSON Lines), ``_loop`` runs the play and replay loops for every game, and each game's
view (how a seat's view tells its events, its prompts and help) is the ``terminal`` module of the
game's own package (``bieten.<game>.terminal``), looked up through the registry of game families
(``Family.terminal``, python/bieten/_families.py). ``bieten.terminal.<game>``, where the views
used to be, still imports a game's view.

>>> import io
>>> from bieten._families import FAMILIES
>>> for family in FAMILIES[:2]:  # the shipped games (a game with no package of its own has no view)
...     out = io.StringIO()
...     session = play(family.rules(), out, seed=7, read=lambda prompt: "q")
...     greeting = out.getvalue().splitlines()[0]
...     print(greeting.endswith("You are seat 0; opponents: heuristic."), session.game.is_over)
True False
True False
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

from bieten._games import GAMES
from bieten.terminal._loop import PlaySession, play, replay
from bieten.terminal._render import wants_color
from bieten.terminal._saved import Recorder, ReplayError, SavedGame, Step, load_jsonl

__all__ = [
    "PlaySession",
    "Recorder",
    "ReplayError",
    "SavedGame",
    "Step",
    "load_jsonl",
    "play",
    "replay",
    "wants_color",
]


class _MovedView(importlib.abc.Loader):
    """Loads ``bieten.terminal.<game>`` as the game's own ``bieten.<game>.terminal`` (the same module)."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the game's module ran when it was imported."""


class _MovedViews(importlib.abc.MetaPathFinder):
    """Finds the older module paths of the games' terminal views, ``bieten.terminal.<game>``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, game = fullname.rpartition(".")
        if package != __name__ or game not in GAMES:
            return None
        return importlib.util.spec_from_loader(fullname, _MovedView(f"bieten.{game}.terminal"))


if not any(isinstance(finder, _MovedViews) for finder in sys.meta_path):
    sys.meta_path.append(_MovedViews())
