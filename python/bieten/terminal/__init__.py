"""The terminal front end: ``bieten play`` and ``bieten replay`` (docs/frontends.md).

Split by concern: ``_render`` draws (console, cards, numbered choices), ``_saved`` writes and reads
saved games (JSON Lines), ``_loop`` runs the play and replay loops for either game, and each game's
view (``bieten``, ``schnapsen``: how a seat's view tells its events, its prompts and help) is looked
up through the registry of game families (``Family.terminal``, python/bieten/_families.py).

>>> import io
>>> from bieten import schnapsen
>>> out = io.StringIO()
>>> session = play(schnapsen.Rules.preset("schnapsen"), out, seed=7, read=lambda prompt: "q")
>>> print(out.getvalue().splitlines()[0])
Schnapsen (schnapsen, 2 players, target 7), seed 7. You are seat 0; opponents: heuristic.
>>> session.game.is_over, session.game.winners
(False, [])
"""

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
