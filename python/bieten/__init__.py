"""bieten: a fast, exact rules engine for Bieten, the Tyrolean and Bavarian bluffing card game.

The rules are those of RULES.md; rule ids (R1…R11) are cited in every error message.

>>> import bieten
>>> rules = bieten.Rules.preset("tyrol", players=3)
>>> hands = bieten.deal(7, rules)
>>> [len(h) for h in hands]
[3, 3, 3]
>>> sorted(bieten.evaluate(hands, rules))
['gleich', 'green', 'hanger', 'red', 'weli']
"""

from bieten._capi import c_include_dir, c_library_path, cython_include_dir
from bieten._core import (
    Action,
    ActionError,
    AgentError,
    BietenError,
    Card,
    CardError,
    CardSet,
    HandError,
    IllegalActionError,
    NativeAgent,
    RulesError,
    SeatError,
    SeedError,
)
from bieten._deal import deal, deal_top_card, random_deals
from bieten._figures import EVAL_COLUMNS, evaluate, evaluate_batch
from bieten._game import (
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    Event,
    Game,
    GameRecordError,
    action_text,
)
from bieten._rules import Rules
from bieten._simulate import (
    AGENTS,
    FIGURE_COLUMNS,
    Agent,
    SchnapsenSimulationResult,
    SchnapsenSummary,
    SimulationResult,
    Summary,
    figure_odds,
    is_builtin_agent,
    simulate,
)
from bieten._tournament import Match, TournamentResult, tournament
from bieten._vector import VectorEnv
from bieten._version import __version__

__all__ = [
    "AGENTS",
    "EVAL_COLUMNS",
    "FIGURE_COLUMNS",
    "NUM_ACTIONS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "Action",
    "ActionError",
    "Agent",
    "AgentError",
    "BietenError",
    "Card",
    "CardError",
    "CardSet",
    "Event",
    "Game",
    "GameRecordError",
    "HandError",
    "IllegalActionError",
    "Match",
    "NativeAgent",
    "Rules",
    "RulesError",
    "SchnapsenSimulationResult",
    "SchnapsenSummary",
    "SeatError",
    "SeedError",
    "SimulationResult",
    "Summary",
    "TournamentResult",
    "VectorEnv",
    "__version__",
    "action_text",
    "c_include_dir",
    "c_library_path",
    "cython_include_dir",
    "deal",
    "deal_top_card",
    "evaluate",
    "evaluate_batch",
    "figure_odds",
    "is_builtin_agent",
    "random_deals",
    "simulate",
    "tournament",
]
