"""Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md): the second game of the same tables and pack,
on the same core as Bieten. Rule ids S1…S12 are cited in every error message.

>>> from bieten import schnapsen
>>> rules = schnapsen.Rules.preset("bauernschnapsen")
>>> game = schnapsen.Game(rules, seed=1)
>>> game.current_player, [str(a) for a in game.legal_actions()]
(3, ['cut', 'knock'])
"""

from bieten._core import (
    ActionError,
    AgentError,
    BietenError,
    CardError,
    GameRecordError,
    HandError,
    IllegalActionError,
    RulesError,
    SeatError,
    SeedError,
)
from bieten._event import Event
from bieten.schnapsen._deal import deal
from bieten.schnapsen._game import (
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    Action,
    Game,
    action_text,
)
from bieten.schnapsen._rules import PRESETS, Rules
from bieten.schnapsen._solve import solve

__all__ = [
    "NUM_ACTIONS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "PRESETS",
    "Action",
    "ActionError",
    "AgentError",
    "BietenError",
    "CardError",
    "Event",
    "Game",
    "GameRecordError",
    "HandError",
    "IllegalActionError",
    "Rules",
    "RulesError",
    "SeatError",
    "SeedError",
    "action_text",
    "deal",
    "solve",
]
