"""What a run showed, as numbers and as text: ``Summary`` (seat by seat) and ``RunTime`` (where the
time went), and the table and interval helpers they share with tournaments."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``wins`` may hold shared games as
    fractions (a tournament's score), the interval is then of that score.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def count(n: int, noun: str) -> str:
    """'1 game', '2,000 games'."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def table(rows: list[list[str]]) -> list[str]:
    """Rows of cells, each column right-aligned to its widest cell.

    >>> table([["seat", "agent"], ["0", "random"]])
    ['seat   agent', '   0  random']
    """
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def duration(seconds: float) -> str:
    """A short time in the unit that shows it: ``56.2 µs``, ``1.4 ms``, ``40 ns`` (never ``0.0 µs``).

    >>> duration(56.2e-6), duration(1.42e-3), duration(4.04e-8), duration(0.0)
    ('56.2 µs', '1.4 ms', '40 ns', 'under 1 ns')
    """
    if seconds >= 1e-3:
        return f"{1e3 * seconds:,.1f} ms"
    if seconds >= 1e-6:
        return f"{1e6 * seconds:,.1f} µs"
    if seconds >= 0.5e-9:
        return f"{1e9 * seconds:,.0f} ns"
    return "under 1 ns"


@dataclass(frozen=True)
class RunTime:
    """Where a run's time went, measured in C++ and summed over its threads: each seat's decisions,
    the seconds its agent took to choose them (0 for random agents, whose decisions are counted but
    not timed: a decision costs about as much as reading the clock), and the seconds spent in the
    games in all (dealing, the agents' decisions, applying the actions, recording the results). A
    run of random agents alone measures nothing (all 0): counting and timing would slow it by a tenth."""

    decisions: tuple[int, ...]
    decision_seconds: tuple[float, ...]
    game_seconds: float

    @classmethod
    def of(cls, parts: Sequence[Mapping[str, Any]], players: int) -> RunTime:
        """The sum of the core's result dicts of a run (their ``decisions``, ``decision_seconds``
        and ``game_seconds``)."""
        decisions = np.zeros(players, dtype=np.int64)
        seconds = np.zeros(players, dtype=np.float64)
        for part in parts:
            decisions += part["decisions"]
            seconds += part["decision_seconds"]
        return cls(
            tuple(int(d) for d in decisions),
            tuple(float(x) for x in seconds),
            float(sum(float(part["game_seconds"]) for part in parts)),
        )

    def __add__(self, other: RunTime) -> RunTime:
        return RunTime(
            tuple(a + b for a, b in zip(self.decisions, other.decisions, strict=True)),
            tuple(a + b for a, b in zip(self.decision_seconds, other.decision_seconds, strict=True)),
            self.game_seconds + other.game_seconds,
        )

    @staticmethod
    def total(times: Sequence[RunTime | None]) -> RunTime | None:
        """The sum of the times of a run's parts (None if a part does not say)."""
        known = [t for t in times if t is not None]
        if not known or len(known) != len(times):
            return None
        total = known[0]
        for t in known[1:]:
            total += t
        return total

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": list(self.decisions),
            "decision_seconds": list(self.decision_seconds),
            "game_seconds": self.game_seconds,
        }

    def limit(self, agents: Sequence[str]) -> str | None:
        """What bounds the run's hands per second: the agent whose timed decisions took the largest
        share of the time in games, its seats, that share, its decisions and their mean time; "limited
        by" only when that share is half the time or more. None when no decision was timed (only
        random agents)."""
        by_agent: dict[str, list[int]] = {}
        for seat, agent in enumerate(agents):
            if self.decision_seconds[seat] > 0:
                by_agent.setdefault(agent, []).append(seat)
        if not by_agent or self.game_seconds <= 0:
            return None

        def seconds_of(seats: list[int]) -> float:
            return sum(self.decision_seconds[s] for s in seats)

        agent, seats = max(by_agent.items(), key=lambda item: seconds_of(item[1]))
        spent = seconds_of(seats)
        decided = sum(self.decisions[s] for s in seats)
        where = f"seat {seats[0]}" if len(seats) == 1 else f"seats {', '.join(map(str, seats))}"
        share = 100 * spent / self.game_seconds
        each = duration(spent / max(decided, 1))
        if share >= 50:  # most of the time in games: this agent is what bounds the run
            return (
                f"limited by {agent} ({where}): its {count(decided, 'decision')} took "
                f"{share:.1f}% of the time in games, {each} each"
            )
        return (
            f"no agent limits the run: the slowest, {agent} ({where}), took {share:.1f}% of the time in "
            f"games for its {count(decided, 'decision')}, {each} each"
        )


@dataclass(frozen=True, kw_only=True)
class Summary:
    """What a run showed, seat by seat (see ``SimulationResult.summary``), in any game.

    ``points_per_game`` has the columns of the points a game's core sums over a run (its family's
    ``SimulationShape.point_labels``: points per game, seat by seat), and is empty for a game whose
    core sums none; ``point_noun`` says what those columns are. ``unit`` is what ``hands`` counts
    (a hand, or a deal). A game with several winners (every seat at or above the target, both
    partners of a fixed team) counts a win for each, so the win rates may add up to more than 1.
    """

    games: int
    hands: int
    seconds: float
    agents: tuple[str, ...]
    win_rate: tuple[float, ...]
    win_interval: tuple[tuple[float, float], ...]
    mean_score: tuple[float, ...]
    bummerl: tuple[int, ...]
    points_per_game: dict[str, tuple[float, ...]] = field(default_factory=dict)
    unit: str = "hand"
    time: RunTime | None = None
    point_noun: str = "figure"

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        seats: list[dict[str, Any]] = []
        for s in range(len(self.agents)):
            seat: dict[str, Any] = {
                "seat": s,
                "agent": self.agents[s],
                "win_rate": self.win_rate[s],
                "win_rate_95": list(self.win_interval[s]),
                "mean_score": self.mean_score[s],
            }
            if self.points_per_game:
                seat["points_per_game"] = {f: points[s] for f, points in self.points_per_game.items()}
            seat["bummerl"] = self.bummerl[s]
            seats.append(seat)
        return {
            "games": self.games,
            "hands": self.hands,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "seats": seats,
            **({"time": self.time.to_dict()} if self.time is not None else {}),
        }

    def __str__(self) -> str:
        columns = tuple(self.points_per_game)
        rows = [["seat", "agent", "win rate", "95% interval", "mean score", *columns, "bummerl"]]
        for s, agent in enumerate(self.agents):
            lo, hi = self.win_interval[s]
            rows.append(
                [
                    str(s),
                    agent,
                    f"{self.win_rate[s]:.4f}",
                    f"[{lo:.4f}, {hi:.4f}]",
                    f"{self.mean_score[s]:.2f}",
                    *(f"{self.points_per_game[f][s]:.3f}" for f in columns),
                    f"{self.bummerl[s]:,}",
                ]
            )
        lines = table(rows)
        unit = self.unit
        per_game = self.hands / self.games if self.games else 0.0
        counted = f" ({per_game:.1f} per game)" if unit == "deal" else ""
        lines.append(
            f"{count(self.games, 'game')}, {count(self.hands, unit)}{counted} in {self.seconds:.2f} s "
            f"({self.hands_per_second:,.0f} {unit}s/s)"
            + (f"; {self.point_noun} columns are points per game" if columns else "")
        )
        limit = self.time.limit(self.agents) if self.time is not None else None
        if limit is not None:
            lines.append(limit)
        return "\n".join(lines)
