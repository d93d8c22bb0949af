"""bieten: a fast, exact rules engine for Bieten, the Tyrolean and Bavarian bluffing card game.

The rules are those of the rulebook shipped with the package (docs/rules/bieten.md); the rule ids
(R1…R11) cited in every error message look up their rule with ``bieten.rule_text`` or ``bieten rules``.
Each registered game is a subpackage named after it, side by side: Bieten's ``bieten.bieten``, whose
names this package hands on (``bieten.Rules``, ``bieten.Game``, ...), beside the others;
``bieten.games()`` names them and ``bieten.make(name, ...)`` makes a game of one.

>>> import bieten
>>> rules = bieten.Rules.preset("tyrol", players=3)
>>> hands = bieten.deal(7, rules)
>>> [len(h) for h in hands]
[3, 3, 3]
>>> bieten.evaluate(hands, rules)["red"]  # the seat that wins the red figure (R6)
2
>>> bieten.games()[0], all(bieten.make(name, seed=1).ply == 0 for name in bieten.games())
('bieten', True)
"""

from typing import TYPE_CHECKING

from bieten import _games
from bieten._capi import c_include_dir, c_library_path, cython_include_dir
from bieten._core import (
    Action,
    ActionError,
    AgentError,
    BietenError,
    Card,
    CardError,
    CardSet,
    GameRecordError,
    HandError,
    IllegalActionError,
    NativeAgent,
    RulesError,
    SeatError,
    SeedError,
)
from bieten._event import Event
from bieten._games import games, make
from bieten._rulebook import RuleIdError, rule_text
from bieten._version import __version__
from bieten.bieten import (
    EVAL_COLUMNS,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    Game,
    Rules,
    action_text,
    deal,
    deal_top_card,
    evaluate,
    evaluate_batch,
    random_deals,
)

if TYPE_CHECKING:
    from bieten._simulate import (
        AGENTS,
        FIGURE_COLUMNS,
        Agent,
        RunTime,
        SimulationResult,
        Summary,
        figure_odds,
        is_builtin_agent,
        simulate,
    )
    from bieten._tournament import Match, TournamentResult, tournament
    from bieten._vector import VectorEnv

# Names whose modules import NumPy (about 100 ms) are loaded on first access (PEP 562), so that
# ``import bieten`` stays fast (issue 15; benchmarks/test_bench_import.py, tests/test_import.py).
_LAZY = {
    "AGENTS": "bieten._simulate",
    "FIGURE_COLUMNS": "bieten._simulate",
    "Agent": "bieten._simulate",
    "RunTime": "bieten._simulate",
    "SimulationResult": "bieten._simulate",
    "Summary": "bieten._simulate",
    "figure_odds": "bieten._simulate",
    "is_builtin_agent": "bieten._simulate",
    "simulate": "bieten._simulate",
    "Match": "bieten._tournament",
    "TournamentResult": "bieten._tournament",
    "tournament": "bieten._tournament",
    "VectorEnv": "bieten._vector",
}
# Every game's subpackage is an attribute: Bieten's is imported above, another game's (``bieten.<game>``,
# which ``import bieten`` used to load as a side effect) on first access.
_LAZY_SUBPACKAGES = _games.GAMES


# Hidden from type checkers, which see the imports above, so that a misspelt name stays an error there.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        import importlib

        if name in _LAZY_SUBPACKAGES:  # a game's package, or one made from its descriptor (bieten._games)
            return importlib.import_module(f"{__name__}.{name}")  # which also binds it here
        module = _LAZY.get(name)
        if module is None and name.endswith(("SimulationResult", "Summary")):
            module = "bieten._simulate"  # perhaps a game's older name of these (SimulationShape.aliases)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        try:
            value = getattr(importlib.import_module(module), name)
        except AttributeError:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
        globals()[name] = value  # later lookups skip this hook
        return value

    def __dir__() -> list[str]:
        return sorted(
            (set(globals()) - {"TYPE_CHECKING", "_LAZY", "_LAZY_SUBPACKAGES"})
            | set(_LAZY)
            | set(_LAZY_SUBPACKAGES)
        )


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
    "RuleIdError",
    "Rules",
    "RulesError",
    "RunTime",
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
    "games",
    "is_builtin_agent",
    "make",
    "random_deals",
    "rule_text",
    "simulate",
    "tournament",
]
