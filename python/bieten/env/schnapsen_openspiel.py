"""Bauernschnapsen and Schnapsen as the OpenSpiel game ``python_schnapsen`` (docs/openspiel.md,
"Schnapsen"): the names of :mod:`bieten.env.openspiel` for the second game.

>>> import pyspiel
>>> from bieten.env import schnapsen_openspiel as sos
>>> game = pyspiel.load_game("python_schnapsen(preset=schnapsen)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 61, 20)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), state.action_to_string(-1, 0)
(True, 20, 'draw HA')
>>> sos.load_game("bauernschnapsen", retour=True, target=11).get_parameters()["retour"]
1

Chance id i is the card of pack index i (S1.3: ``HA`` 0 … ``E10`` 19), drawn into the deck after
the cutter's ``cut`` or ``knock`` (S3.3); player actions are the 61 ids of S11 (docs/schnapsen.md).

Needs OpenSpiel: ``pip install 'bieten[openspiel]'``.
"""

from __future__ import annotations

from typing import Any

from bieten.env._schnapsen import PACK, PACK_SIZE, SCHNAPSEN
from bieten.env._spiel import CardGame, CardObserver, CardState, game_class, load

__all__ = [
    "DEFAULT_PARAMETERS",
    "GAME_NAME",
    "MAX_CHANCE_OUTCOMES",
    "PACK",
    "SchnapsenGame",
    "SchnapsenObserver",
    "SchnapsenState",
    "load_game",
]

GAME_NAME = SCHNAPSEN.spiel_name
DEFAULT_PARAMETERS: dict[str, Any] = dict(SCHNAPSEN.default_parameters)
MAX_CHANCE_OUTCOMES = PACK_SIZE
SchnapsenGame = game_class(SCHNAPSEN)
SchnapsenState = CardState
SchnapsenObserver = CardObserver


def load_game(preset: str = "bauernschnapsen", **params: Any) -> CardGame:
    """``pyspiel.load_game("python_schnapsen", ...)`` with Python values: switches may be ``bool``.

    >>> load_game("schnapsen", closing=False).rules.closing
    False
    """
    return load(SCHNAPSEN, preset, **params)
