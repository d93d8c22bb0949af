"""Self-play at scale: built-in agents, Python agents, and batch simulation on threads (docs/simulate.md).

The names of ``bieten.simulate`` and its results, gathered from the modules of ``bieten._simulation``
that define them. Every game's run gives the one result type, ``SimulationResult``, whose columns
are what the game's core reports; a family's older names for it and its summary (the registry's
``SimulationShape.aliases``) resolve to the same types.

>>> from bieten._families import FAMILIES
>>> rules = [family.rules_for(family.kinds[-1]) for family in FAMILIES]
>>> runs = [simulate(r, ["random"] * r.players, games=20, seed=1) for r in rules]
>>> {type(run) for run in runs} == {SimulationResult}
True
>>> [sorted(run.columns) for run in runs][:2]
[['figure_points', 'winner'], ['winners']]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bieten._agents import AGENTS as AGENTS
from bieten._agents import Agent as Agent
from bieten._agents import is_builtin_agent as is_builtin_agent
from bieten._simulation.checks import AgentSpec as AgentSpec
from bieten._simulation.checks import PythonAgent as PythonAgent
from bieten._simulation.checks import RunTooBig as RunTooBig
from bieten._simulation.play import simulate as simulate
from bieten._simulation.play import simulate_summary as simulate_summary
from bieten._simulation.report import RunTime as RunTime
from bieten._simulation.report import Summary as Summary
from bieten._simulation.results import SimulationResult as SimulationResult
from bieten._simulation.run import RunInterrupted as RunInterrupted
from bieten.bieten._figures import FIGURE_COLUMNS as FIGURE_COLUMNS
from bieten.bieten._figures import figure_odds as figure_odds

# Hidden from type checkers, so that a misspelt name stays an error there (bieten/__init__.py types
# the older names as the classes they stand for).
if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        """A family's older name for the result or summary type (``SimulationShape.aliases``)."""
        from bieten._families import FAMILIES

        for family in FAMILIES:
            target = family.simulation.aliases.get(name)
            if target is not None:
                value = globals()[target]
                globals()[name] = value  # later lookups skip this hook
                return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
