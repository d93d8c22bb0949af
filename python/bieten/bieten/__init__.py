"""Bieten (docs/rules/bieten.md), the Tyrolean and Bavarian bluffing card game: its rules, deal,
figures and game, a package beside the other games' (``bieten.games()``). Rule ids R1…R11 are cited in
every error message.
``import bieten`` hands these names on as ``bieten.Rules``, ``bieten.Game``, ``bieten.deal``, ...

>>> from bieten import bieten
>>> rules = bieten.Rules.preset("tyrol", players=3)
>>> game = bieten.Game(rules, seed=1)
>>> game.current_player, [str(a) for a in game.legal_actions()][-2:]
(1, ['bid gleich', 'bid spiel'])
>>> bieten.PRESETS
('tyrol', 'bavaria', 'welibieten', 'spitzbieten', 'south_tyrol')
"""

from bieten._core import (
    Action,
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
from bieten.bieten._deal import deal, deal_top_card, random_deals
from bieten.bieten._figures import EVAL_COLUMNS, FIGURE_COLUMNS, evaluate, evaluate_batch, figure_odds
from bieten.bieten._game import NUM_ACTIONS, OBSERVATION_LAYOUT, OBSERVATION_SIZE, Game, action_text
from bieten.bieten._rules import PRESETS, Rules

__all__ = [
    "EVAL_COLUMNS",
    "FIGURE_COLUMNS",
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
    "deal_top_card",
    "evaluate",
    "evaluate_batch",
    "figure_odds",
    "random_deals",
]
