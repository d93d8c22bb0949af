"""The OpenSpiel games of bieten: Bieten as ``python_bieten`` (docs/openspiel.md), and Bauernschnapsen
and Schnapsen as ``python_schnapsen`` (also :mod:`bieten.env.schnapsen_openspiel`).

Both are one game class, :class:`CardGame`, with one state class and one observer, parameterized by
the game's family (``bieten.env._bieten``, ``bieten.env._schnapsen``). Importing this module
registers both with ``pyspiel.register_game``; then
``pyspiel.load_game("python_bieten(preset=south_tyrol,players=3)")`` makes one like any other game.

>>> import pyspiel
>>> from bieten.env import openspiel as bos
>>> game = pyspiel.load_game("python_bieten(players=2,target=5)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 140, 35)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 33)
>>> bos.load_game("south_tyrol", players=3, cut_steal=True).get_parameters()["cut_steal"]
1

Every random event of a deal is an explicit chance node (``CoreGame(..., chance_deals=True)``):
chance ids 0…32 are the next card dealt, shown to the cutter (R3.7) or turned face up (R3.8),
uniform over the cards left; 33/34 say whether the cutter's lifted packet holds another card (R3.5,
R3.7). Player actions are the 140 ids of docs/actions.md, cut-steal decisions (``steal`` 138,
``leave`` 139) included. The returns are the final scores (general-sum: points are only ever won).

Needs OpenSpiel: ``pip install 'bieten[openspiel]'``.
"""

from __future__ import annotations

from typing import Any

from bieten.env._bieten import (
    BIETEN,
    HISTORY_SLOT_SIZE,
    MAX_CHANCE_OUTCOMES,
    OBS_BLOCKS,
    hand_action_bound,
    hand_chance_bound,
    max_game_length,
    max_hands,
    max_utility,
)
from bieten.env._spiel import CardGame, CardObserver, CardState, game_class, load

__all__ = [
    "DEFAULT_PARAMETERS",
    "GAME_NAME",
    "HISTORY_SLOT_SIZE",
    "MAX_CHANCE_OUTCOMES",
    "OBS_BLOCKS",
    "BietenGame",
    "BietenObserver",
    "BietenState",
    "CardGame",
    "CardObserver",
    "CardState",
    "hand_action_bound",
    "hand_chance_bound",
    "load",
    "load_game",
    "max_game_length",
    "max_hands",
    "max_utility",
]

#: The short name Bieten is registered under.
GAME_NAME = BIETEN.spiel_name
#: Bieten's parameters with their defaults (docs/openspiel.md, "Parameters").
DEFAULT_PARAMETERS: dict[str, Any] = dict(BIETEN.default_parameters)
# The names the classes had before both games shared them.
BietenGame = game_class(BIETEN)
BietenState = CardState
BietenObserver = CardObserver


def load_game(preset: str = "tyrol", **params: Any) -> CardGame:
    """``pyspiel.load_game("python_bieten", ...)`` with Python values: switches may be ``bool``.

    >>> load_game("welibieten", players=2, reraise=False).rules.reraise
    False
    """
    return load(BIETEN, preset, **params)
