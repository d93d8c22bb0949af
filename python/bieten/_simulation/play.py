"""``simulate`` and ``simulate_summary``: a run's arguments checked (``checks``), the game's core run
chunk by chunk (``run``), and its output kept as the one result type or folded into a summary
(``results``). The game is the one the rules are for (the family registry, bieten._families)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from bieten._core import NativeAgent
from bieten._families import AnyRules, family_of
from bieten._simulation.checks import PythonAgent, action_id, check_memory, start_run
from bieten._simulation.report import Summary
from bieten._simulation.results import SimulationResult, Totals


def simulate(
    rules: AnyRules,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    shard: tuple[int, int] = (0, 1),
    progress: bool | TextIO = False,
) -> SimulationResult:
    """Plays ``games`` games in C++ on ``threads`` threads with the GIL released.

    The game is the one ``rules`` are for: the rules of any game of the family registry
    (bieten._families). Every game gives a ``SimulationResult``, with the columns its core reports
    (docs/simulate.md).

    ``agents`` has one entry per seat: ``"random"``, ``"heuristic"``, ``"ismcts[:knobs]"``, a Python
    callable ``agent(observation, legal_action_ids) -> action`` (an id, an Action or its text in the
    game's notation: R11, S11), or a ``NativeAgent``: a C callback (Cython, cffi, C) called on the
    run's threads without the GIL (docs/agents.md "Native agents").
    Game i is played with game seed ``mix64(seed + (i+1) * gamma)`` (R3.2), so results are identical
    for every thread count; ``shard=(k, K)`` plays only games with i % K == k, and
    ``SimulationResult.merge`` joins shards into the whole run bit for bit.

    >>> from bieten import Rules
    >>> result = simulate(Rules(), ["heuristic", "random", "random", "random"], games=200, seed=1)
    >>> result.scores.shape, int(result.winner.min()) >= 0
    ((200, 4), True)

    Every registered game, at its last kind's rules:

    >>> from bieten._families import FAMILIES
    >>> for family in FAMILIES[:2]:  # the shipped games
    ...     rules = family.rules_for(family.kinds[-1])
    ...     run = simulate(rules, ["heuristic"] + ["random"] * (rules.players - 1), games=100, seed=1)
    ...     print(run.winners.shape, sorted(run.columns), list(run.summary().points_per_game)[:2])
    (100, 4) ['figure_points', 'winner'] ['red', 'green']
    (100, 2) ['winners'] []
    """
    family = family_of(rules)
    run = start_run(rules.players, agents, games, seed, threads, shard, action_id(family))
    check_memory(run, rules.players)
    parts: list[dict[str, Any]] = []
    seconds = run.play(lambda *a: family.core.simulate(rules._core, *a), progress, parts.append)
    return SimulationResult.of(
        rules, parts, agents=run.display, seed=run.seed, games=run.games, shard=run.shard, seconds=seconds
    )


def simulate_summary(
    rules: AnyRules,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | TextIO = False,
) -> Summary:
    """The summary of a run (``simulate(...).summary()``) in memory that does not grow with ``games``:
    the games are played in chunks and each chunk is folded into the totals, then dropped. This is
    what ``bieten simulate`` prints; any number of games up to 2**64 - 1 can be asked for.

    >>> from bieten import Rules
    >>> agents = ["heuristic", "random"]
    >>> streamed = simulate_summary(Rules(players=2), agents, games=50, seed=3, threads=1)
    >>> whole = simulate(Rules(players=2), agents, games=50, seed=3, threads=2).summary()
    >>> streamed.win_rate == whole.win_rate and streamed.points_per_game == whole.points_per_game
    True
    """
    family = family_of(rules)
    run = start_run(rules.players, agents, games, seed, threads, (0, 1), action_id(family))
    totals = Totals(rules)
    seconds = run.play(lambda *a: family.core.simulate(rules._core, *a), progress, totals.add)
    return totals.summary(run.display, seconds)
