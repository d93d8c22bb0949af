"""Round-robin tournaments between built-in agents (docs/agents.md, "Tournaments").

Every pair of agents plays ``games`` games in C++ (``bieten.simulate``), half of them with the first
agent at the even seats and the other at the odd seats, half the other way round, so neither gains
from where it sits (R2.2, S2.1: the deal and the lead rotate from the dealer). In a four-player game
of fixed partners the even and the odd seats are the two teams (S2.2). A game's point goes to the
agent whose seats won it; when both have a winning seat (S8.6 lets several seats reach the target
in the called game) it is shared by seats, and a game without a winner is a draw. Each game's
winning seats are read from the core's output as its family's ``SimulationShape`` describes it.

>>> from bieten import Rules, tournament
>>> result = tournament(Rules(players=2), ["heuristic", "random"], games=100, seed=1, threads=1)
>>> match = result.matches[0]
>>> match.first, match.second, match.games, match.score > 50
('heuristic', 'random', 100, True)
>>> result.ratings()[0][0]
'heuristic'

Every game's seed follows from ``seed`` and its place in the tournament alone, so the result is the
same for any number of threads.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np

from bieten._agents import AGENTS, is_builtin_agent
from bieten._core import AgentError, mix64
from bieten._families import AnyRules, family_of
from bieten._seeds import check_u64
from bieten._simulation.checks import action_id, start_run
from bieten._simulation.report import table, wilson
from bieten._simulation.results import winning_seats
from bieten._simulation.run import Progress, RunInterrupted

#: Simulate calls a match is split into, so the progress bar moves within a long match.
_ROUNDS = 8
#: The Elo scale: a rating difference of 400 is odds of 10 to 1.
_ELO_SCALE = 400.0
#: Ratings are shifted so that their mean is this.
_ELO_MEAN = 1500.0


@dataclass(frozen=True)
class Match:
    """Two agents' games against each other: ``score`` is the first agent's points (a win 1, a shared
    game its share, a draw 0.5), out of ``games``."""

    first: str
    second: str
    games: int
    score: float
    first_wins: int
    second_wins: int

    @property
    def rate(self) -> float:
        """The first agent's score per game."""
        return self.score / self.games if self.games else 0.5

    @property
    def shared(self) -> int:
        """The games neither agent won alone: won by seats of both (called partners, S2.3, S8.6), or by
        no seat."""
        return self.games - self.first_wins - self.second_wins

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of ``rate``, the score shown (shared games in it as their shares)."""
        return wilson(self.score, self.games) if self.games else (0.0, 1.0)


@dataclass(frozen=True)
class TournamentResult:
    """The matches of a round robin (one per pair of agents, in the order of ``agents``)."""

    game: str
    agents: tuple[str, ...]
    games: int
    seed: int
    matches: tuple[Match, ...]
    seconds: float

    def ratings(self) -> list[tuple[str, float]]:
        """Elo-like ratings, best first: the Bradley-Terry strengths that best explain the scores
        (draws as half a win each), on the Elo scale with mean 1500. Each pair counts one extra
        drawn game, so that an agent that never scores still gets a finite rating."""
        n = len(self.agents)
        index = {a: i for i, a in enumerate(self.agents)}
        won = np.zeros((n, n))
        played = np.zeros((n, n))
        for m in self.matches:
            i, j = index[m.first], index[m.second]
            won[i, j] += m.score + 0.5
            won[j, i] += m.games - m.score + 0.5
            played[i, j] += m.games + 1
            played[j, i] += m.games + 1
        strength = np.ones(n)
        for _ in range(10_000):  # the minorisation-maximisation iteration of Bradley-Terry
            denominators = (played / (strength[:, None] + strength[None, :])).sum(axis=1)
            updated = np.where(denominators > 0, won.sum(axis=1) / np.maximum(denominators, 1e-300), 1.0)
            updated /= math.exp(float(np.mean(np.log(updated))))
            done = bool(np.max(np.abs(updated - strength)) < 1e-12)
            strength = updated
            if done:
                break
        elo = _ELO_SCALE * np.log10(strength)
        elo += _ELO_MEAN - float(np.mean(elo))
        return sorted(((a, float(elo[i])) for i, a in enumerate(self.agents)), key=lambda r: -r[1])

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "agents": list(self.agents),
            "games_per_match": self.games,
            "seed": self.seed,
            "seconds": self.seconds,
            "matches": [
                {
                    "first": m.first,
                    "second": m.second,
                    "games": m.games,
                    "score": m.score,
                    "rate": m.rate,
                    "rate_95": list(m.interval),
                    "first_wins": m.first_wins,
                    "second_wins": m.second_wins,
                    "shared": m.shared,
                }
                for m in self.matches
            ],
            "ratings": [{"agent": a, "rating": r} for a, r in self.ratings()],
        }

    def __str__(self) -> str:
        shared = any(m.shared for m in self.matches)  # a column only where some game was shared
        head = ["first", "second", "games", "first wins", "second wins"]
        rows = [[*head, *(["shared"] if shared else []), "first's score", "95% interval"]]
        for m in self.matches:
            lo, hi = m.interval
            rows.append(
                [
                    m.first,
                    m.second,
                    f"{m.games:,}",
                    f"{m.first_wins:,}",
                    f"{m.second_wins:,}",
                    *([f"{m.shared:,}"] if shared else []),
                    f"{m.rate:.4f}",
                    f"[{lo:.4f}, {hi:.4f}]",
                ]
            )
        ratings = [["agent", "rating"], *([a, f"{r:.0f}"] for a, r in self.ratings())]
        return "\n".join(
            [
                *table(rows),
                "",
                *table(ratings),
                f"{self.game}: {_count(len(self.matches), 'match', 'matches')} of "
                f"{_count(self.games, 'game')} in {self.seconds:.2f} s, "
                "seats rotated; ratings are Elo-like (Bradley-Terry, mean 1500)",
            ]
        )


def tournament(
    rules: AnyRules,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | TextIO = False,
) -> TournamentResult:
    """A round robin of the built-in ``agents`` (names of ``bieten.AGENTS``, ``"ismcts:<knobs>"`` too)
    under ``rules`` (of any game): ``games`` games per pair, seats rotated (see the module)."""
    names = _check_agents(agents)
    games = check_u64(games, "games")
    seed = check_u64(seed)
    players = rules.players
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    family = family_of(rules)
    to_id = action_id(family)
    total = games * len(pairs)
    stream = sys.stderr if progress is True else (progress or None)
    bar = Progress(total, stream) if stream is not None else None
    start = time.perf_counter()
    matches: list[Match] = []
    done = hands = 0
    try:
        for pair_index, (first, second) in enumerate(pairs):
            score = 0.0
            wins = [0, 0]
            plan = _rounds(games)
            for round_index, (pattern, count) in enumerate(plan):
                seats = [first if (seat + pattern) % 2 == 0 else second for seat in range(players)]
                round_seed = mix64(seed ^ mix64((pair_index << 16) | round_index))
                firsts = np.array([name == first for name in seats])

                def fold(part: dict[str, Any], firsts: Any = firsts, wins: list[int] = wins) -> None:
                    nonlocal score, hands, done
                    won = winning_seats(part, family.simulation, players)
                    first_seats = (won & firsts).sum(axis=1)
                    all_seats = won.sum(axis=1)
                    shares = np.where(all_seats > 0, first_seats / np.maximum(all_seats, 1), 0.5)
                    score += float(shares.sum())
                    wins[0] += int((shares == 1.0).sum())
                    wins[1] += int(((shares == 0.0) & (all_seats > 0)).sum())
                    hands += int(part["hands"].sum(dtype=np.uint64))
                    done += len(part["game_index"])
                    if bar is not None:  # the bar moves chunk by chunk, within a round too
                        bar.update(done, hands)

                run = start_run(players, seats, count, round_seed, threads, (0, 1), to_id)
                try:  # chunk by chunk, so that memory does not grow with the games
                    run.play(lambda *a: family.core.simulate(rules._core, *a), False, fold)
                except RunInterrupted:
                    raise RunInterrupted(done, total) from None
            matches.append(Match(first, second, games, score, wins[0], wins[1]))
    finally:
        if bar is not None:
            bar.close()
    game = family.kind_of(rules)
    return TournamentResult(game, tuple(names), games, seed, tuple(matches), time.perf_counter() - start)


def _count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def _check_agents(agents: Sequence[str]) -> list[str]:
    if isinstance(agents, str):
        agents = agents.split(",")
    names = list(agents)
    if len(names) < 2:
        raise AgentError(f"a tournament needs at least two agents, not {len(names)}")
    for name in names:
        if not is_builtin_agent(name):
            raise AgentError(f"unknown agent {name!r}; the built-in agents are {', '.join(AGENTS)}")
    if len(set(names)) != len(names):
        raise AgentError(f"each agent plays once in a round robin; {names} names one twice")
    return names


def _rounds(games: int) -> list[tuple[int, int]]:
    """(seat pattern, games) of each simulate call of a match: the two patterns alternate and split
    the games as evenly as they can (pattern 0 gets the odd game out)."""
    halves = [(games + 1) // 2, games // 2]
    plan: list[tuple[int, int]] = []
    for pattern, half in enumerate(halves):
        rounds = min(_ROUNDS // 2, half)
        for r in range(rounds):
            plan.append((pattern, half // rounds + (1 if r < half % rounds else 0)))
    plan.sort(key=lambda p: p[0])
    return plan
