"""Self-play at scale: built-in agents, Python agents, and batch simulation on threads (docs/simulate.md)."""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TextIO, TypeVar, overload

import numpy as np
import numpy.typing as npt

from bieten._agents import AGENTS as AGENTS
from bieten._agents import Agent as Agent
from bieten._agents import is_builtin_agent as is_builtin_agent
from bieten._core import Action, AgentError, NativeAgent
from bieten._families import Family, family_of
from bieten._seeds import MAX_THREADS, check_u64
from bieten.bieten._figures import FIGURE_COLUMNS as FIGURE_COLUMNS
from bieten.bieten._figures import figure_odds as figure_odds
from bieten.bieten._rules import Rules
from bieten.schnapsen._rules import Rules as SchnapsenRules

PythonAgent = Callable[[npt.NDArray[np.float32], list[int]], "Action | str | int"]
AgentSpec = "str | PythonAgent | NativeAgent"


def _wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _count(n: int, noun: str) -> str:
    """'1 game', '2,000 games'."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _table(rows: list[list[str]]) -> list[str]:
    """Rows of cells, each column right-aligned to its widest cell."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]


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
    def of(cls, parts: Sequence[dict[str, Any]], players: int) -> RunTime:
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": list(self.decisions),
            "decision_seconds": list(self.decision_seconds),
            "game_seconds": self.game_seconds,
        }

    def limit(self, agents: Sequence[str]) -> str | None:
        """What bounds the run's hands per second: the agent whose timed decisions took the largest
        share of the time in games, its seats, that share, its decisions and their mean time. None
        when no decision was timed (only random agents)."""
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
        count = sum(self.decisions[s] for s in seats)
        where = f"seat {seats[0]}" if len(seats) == 1 else f"seats {', '.join(map(str, seats))}"
        return (
            f"limited by {agent} ({where}): its {_count(count, 'decision')} took "
            f"{100 * spent / self.game_seconds:.1f}% of the time in games, "
            f"{1e6 * spent / max(count, 1):,.1f} µs each"
        )


@dataclass(frozen=True, kw_only=True)
class Summary:
    """What a run showed, seat by seat (see ``SimulationResult.summary``), in either game.

    ``points_per_game`` has Bieten's figure columns (``FIGURE_COLUMNS``: points per game, seat by
    seat) and is empty for Bauernschnapsen and Schnapsen, which have no figures. ``unit`` is what
    ``hands`` counts: Bieten's hands, or Schnapsen's deals. A Schnapsen game can have several
    winners (S8.6: every seat at or above the target, both partners of a fixed team), so its win
    rates may add up to more than 1.
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
        figures = tuple(self.points_per_game)
        rows = [["seat", "agent", "win rate", "95% interval", "mean score", *figures, "bummerl"]]
        for s, agent in enumerate(self.agents):
            lo, hi = self.win_interval[s]
            rows.append(
                [
                    str(s),
                    agent,
                    f"{self.win_rate[s]:.4f}",
                    f"[{lo:.4f}, {hi:.4f}]",
                    f"{self.mean_score[s]:.2f}",
                    *(f"{self.points_per_game[f][s]:.3f}" for f in figures),
                    f"{self.bummerl[s]:,}",
                ]
            )
        lines = _table(rows)
        unit = self.unit
        per_game = self.hands / self.games if self.games else 0.0
        counted = f" ({per_game:.1f} per game)" if unit == "deal" else ""
        lines.append(
            f"{_count(self.games, 'game')}, {_count(self.hands, unit)}{counted} in {self.seconds:.2f} s "
            f"({self.hands_per_second:,.0f} {unit}s/s)"
            + ("; figure columns are points per game" if figures else "")
        )
        limit = self.time.limit(self.agents) if self.time is not None else None
        if limit is not None:
            lines.append(limit)
        return "\n".join(lines)


#: The summary of a run of Bauernschnapsen or Schnapsen: the same ``Summary`` (its old name).
SchnapsenSummary = Summary


def _summary(result: Any, wins: list[int], unit: str, points: dict[str, tuple[float, ...]]) -> Summary:
    """The summary of a result of either game, from each seat's games won."""
    n = len(result.game_index)
    players = result.rules.players
    return Summary(
        games=n,
        hands=int(result.hands.sum(dtype=np.uint64)),
        seconds=result.seconds,
        agents=result.agents,
        win_rate=tuple(w / max(n, 1) for w in wins),
        win_interval=tuple(_wilson(w, n) for w in wins),
        mean_score=tuple(float(x) for x in (result.scores.mean(axis=0) if n else np.zeros(players))),
        bummerl=tuple(int(x) for x in result.bummerl.sum(axis=0)),
        points_per_game=points,
        unit=unit,
        time=result.time,
    )


def _same_run(a: Any, b: Any, arrays: tuple[str, ...]) -> bool:
    """Equal runs: same rules, agents, seed, games, shard and every array bit for bit."""
    same = (a.rules, a.agents, a.seed, a.games, a.shard) == (b.rules, b.agents, b.seed, b.games, b.shard)
    return same and all(np.array_equal(getattr(a, n), getattr(b, n)) for n in arrays)


def _time_of(parts: Sequence[Any]) -> RunTime | None:
    """Where the parts' time went, in all (None if a part does not say)."""
    times = [p.time for p in parts]
    if any(t is None for t in times):
        return None
    total: RunTime = times[0]
    for t in times[1:]:
        total += t
    return total


def _joined(parts: Sequence[Any], per_game: tuple[str, ...]) -> dict[str, Any]:
    """The fields of the merged result of parts of one run: per-game arrays in ascending game index."""
    if not parts:
        raise ValueError("nothing to merge")
    first = parts[0]
    for part in parts[1:]:
        if type(part) is not type(first) or (part.rules, part.agents, part.seed, part.games) != (
            first.rules,
            first.agents,
            first.seed,
            first.games,
        ):
            raise ValueError("only parts of the same run (rules, agents, seed, games) can be merged")
    index = np.concatenate([p.game_index for p in parts])
    order = np.argsort(index, kind="stable")
    if len(np.unique(index)) != len(index):
        raise ValueError("the parts overlap: a game index appears twice")
    covered = {p.shard for p in parts}
    shard = (0, 1) if len(index) == first.games else (first.shard if len(covered) == 1 else (0, 1))
    fields: dict[str, Any] = {
        "rules": first.rules,
        "agents": first.agents,
        "seed": first.seed,
        "games": first.games,
        "shard": shard,
        "game_index": index[order],
        "seconds": sum(p.seconds for p in parts),
        "time": _time_of(parts),
    }
    for name in per_game:
        fields[name] = np.concatenate([getattr(p, name) for p in parts])[order]
    return fields


_R = TypeVar("_R", bound="_RunResult")


@dataclass(frozen=True, eq=False, kw_only=True)
class _RunResult:
    """What both games' results of a run share: the run, its per-game arrays in ascending game index
    (``scores`` (games, players); ``bummerl`` bools (games, players); ``hands`` and ``actions`` played
    in each game), equality of runs and joining shards. ``_PER_GAME`` names the per-game arrays and
    ``_SUMMED`` the arrays summed over the games."""

    rules: Any
    agents: tuple[str, ...]
    seed: int
    games: int
    shard: tuple[int, int]
    game_index: npt.NDArray[np.uint64]
    scores: npt.NDArray[np.int16]
    bummerl: npt.NDArray[np.bool_]
    hands: npt.NDArray[np.uint32]
    actions: npt.NDArray[np.uint32]
    seconds: float = field(default=0.0, compare=False)
    time: RunTime | None = field(default=None, compare=False)

    _PER_GAME: ClassVar[tuple[str, ...]]
    _SUMMED: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def _own_fields(cls, parts: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
        """The game's own fields of a result, from the core's result dicts of a run."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        """Equal runs: same rules, agents, seed, games, shard and every array bit for bit."""
        if type(other) is not type(self):
            return NotImplemented
        return _same_run(self, other, ("game_index", *self._PER_GAME, *self._SUMMED))

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def merge(cls: type[_R], parts: Sequence[_R]) -> _R:
        """Joins shards (or consecutive ranges) of one run into the result of the whole run."""
        fields = _joined(parts, cls._PER_GAME)
        for name in cls._SUMMED:
            fields[name] = np.sum([getattr(p, name) for p in parts], axis=0, dtype=np.int64)
        return cls(**fields)


@dataclass(frozen=True, eq=False, kw_only=True)
class SimulationResult(_RunResult):
    """Per-game arrays of a run of Bieten (ascending game index) and per-seat totals.

    ``winner`` is each game's winning seat (R8.2); ``scores`` is (games, players); ``bummerl`` is a
    bool array (games, players); ``figure_points`` is (players, 6), columns ``FIGURE_COLUMNS``,
    summed over the games.
    """

    rules: Rules
    winner: npt.NDArray[np.int8]
    figure_points: npt.NDArray[np.int64]

    _PER_GAME: ClassVar[tuple[str, ...]] = ("winner", "scores", "bummerl", "hands", "actions")
    _SUMMED: ClassVar[tuple[str, ...]] = ("figure_points",)

    @classmethod
    def _own_fields(cls, parts: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
        return {
            "winner": np.concatenate([p["winner"] for p in parts]),
            "figure_points": np.sum([p["figure_points"] for p in parts], axis=0, dtype=np.int64),
        }

    @property
    def winners(self) -> npt.NDArray[np.bool_]:
        """(games, players) bools: the seat that won each game (R8.2), as Schnapsen's results name
        them."""
        won: npt.NDArray[np.bool_] = self.winner[:, None] == np.arange(self.rules.players)[None, :]
        return won

    def summary(self) -> Summary:
        n = len(self.winner)
        wins = [int(np.count_nonzero(self.winner == s)) for s in range(self.rules.players)]
        points = {
            f: tuple(float(self.figure_points[s, i]) / max(n, 1) for s in range(self.rules.players))
            for i, f in enumerate(FIGURE_COLUMNS)
        }
        return _summary(self, wins, "hand", points)


@dataclass(frozen=True, eq=False, kw_only=True)
class SchnapsenSimulationResult(_RunResult):
    """Per-game arrays of a run of Bauernschnapsen or Schnapsen (ascending game index).

    ``winners`` and ``bummerl`` are bool arrays (games, players): the seats at or above the target
    and the seats with the lowest total (S8.6); ``scores`` is (games, players); ``hands`` the deals
    played and ``actions`` the actions applied in each game.
    """

    rules: SchnapsenRules
    winners: npt.NDArray[np.bool_]

    _PER_GAME: ClassVar[tuple[str, ...]] = ("winners", "scores", "bummerl", "hands", "actions")

    @classmethod
    def _own_fields(cls, parts: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
        # the core gives every game's winning seats as bits (S8.6)
        return {"winners": _seat_bits(np.concatenate([p["winners"] for p in parts]), players)}

    def summary(self) -> Summary:
        return _summary(self, [int(x) for x in self.winners.sum(axis=0)], "deal", {})


class _Progress:
    """A one-line progress bar on a stream (a terminal), redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.start, self.last = total, stream, time.perf_counter(), 0.0
        self.drawn = False

    def update(self, done: int, hands: int) -> None:
        now = time.perf_counter()
        if now - self.last < 0.1 and done < self.total:
            return
        self.last = now
        self.drawn = True
        elapsed = now - self.start
        fraction = done / self.total if self.total else 1.0
        bar = "#" * int(30 * fraction)
        rate = hands / elapsed if elapsed > 0 else 0.0
        eta = elapsed * (1 - fraction) / fraction if fraction > 0 else 0.0
        self.stream.write(
            f"\r[{bar:<30}] {done:,}/{self.total:,} games  {rate:,.0f} hands/s  ETA {eta:.0f}s "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.drawn:  # the bar's line ends; a run that failed before drawing it leaves no blank line
            self.stream.write("\n")
            self.stream.flush()


@overload
def simulate(
    rules: Rules,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    shard: tuple[int, int] = (0, 1),
    progress: bool | TextIO = False,
) -> SimulationResult: ...


@overload
def simulate(
    rules: SchnapsenRules,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    shard: tuple[int, int] = (0, 1),
    progress: bool | TextIO = False,
) -> SchnapsenSimulationResult: ...


def simulate(
    rules: Rules | SchnapsenRules,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    shard: tuple[int, int] = (0, 1),
    progress: bool | TextIO = False,
) -> SimulationResult | SchnapsenSimulationResult:
    """Plays ``games`` games in C++ on ``threads`` threads with the GIL released.

    The game is the one ``rules`` are for: ``bieten.Rules`` play Bieten and give a
    ``SimulationResult``; ``bieten.schnapsen.Rules`` play Bauernschnapsen or Schnapsen and give a
    ``SchnapsenSimulationResult`` (docs/simulate.md).

    ``agents`` has one entry per seat: ``"random"``, ``"heuristic"``, ``"ismcts[:knobs]"``, a Python
    callable ``agent(observation, legal_action_ids) -> action`` (an id, an Action or its R11 / S11
    text), or a ``NativeAgent``: a C callback (Cython, cffi, C) called on the run's threads without
    the GIL (docs/agents.md "Native agents").
    Game i is played with game seed ``mix64(seed + (i+1) * gamma)`` (R3.2), so results are identical
    for every thread count; ``shard=(k, K)`` plays only games with i % K == k, and
    ``SimulationResult.merge`` joins shards into the whole run bit for bit.

    >>> result = simulate(Rules(), ["heuristic", "random", "random", "random"], games=200, seed=1)
    >>> result.scores.shape, int(result.winner.min()) >= 0
    ((200, 4), True)
    >>> run = simulate(SchnapsenRules.preset("schnapsen"), ["heuristic", "random"], games=100, seed=1)
    >>> run.winners.shape, bool((run.winners.sum(axis=1) == 1).all())
    ((100, 2), True)
    """
    family = family_of(rules)
    run = _Run.start(rules.players, agents, games, seed, threads, shard, _action_id(family))
    _check_memory(run, rules.players)
    parts: list[dict[str, Any]] = []
    seconds = run.play(lambda *a: family.core.simulate(rules._core, *a), progress, parts.append)

    def joined(name: str) -> npt.NDArray[Any]:
        return np.concatenate([p[name] for p in parts])

    fields: dict[str, Any] = {
        "rules": rules,
        "agents": run.display,
        "seed": run.seed,
        "games": run.games,
        "shard": run.shard,
        "game_index": joined("game_index"),
        "scores": joined("scores"),
        "bummerl": _seat_bits(joined("bummerl"), rules.players),
        "hands": joined("hands"),
        "actions": joined("actions"),
        "seconds": seconds,
        "time": RunTime.of(parts, rules.players),
    }
    result: type[_RunResult] = family.member("simulation_result")
    return result(**fields, **result._own_fields(parts, rules.players))  # type: ignore[return-value]


#: Bytes a game's per-game arrays take in a result, and as much again while they are joined.
_BYTES_PER_GAME = 2 * (8 + 1 + 4 + 4 + 1)
_BYTES_PER_SCORE = 2 * 2


def _memory() -> int | None:
    """The machine's physical memory in bytes, where the system tells it."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB", "EB"):
        if n < 1000 or unit == "EB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    raise AssertionError  # pragma: no cover


class RunTooBig(ValueError):
    """A run whose per-game arrays would not fit in this machine's memory."""


def _check_memory(run: _Run, players: int) -> None:
    """Refuses up front a run whose per-game arrays would need more than the machine's memory."""
    k, big_k = run.shard
    count = _played(run.games, k, big_k)
    need = count * (_BYTES_PER_GAME + _BYTES_PER_SCORE * players)
    have = _memory()
    if have is not None and need > have:
        raise RunTooBig(
            f"games: {count:,} games would need {_size(need)} for their per-game arrays, more than this "
            f"machine's {_size(have)}; play them in shards (shard=(k, K)) or use simulate_summary, "
            "which keeps only the totals"
        )


def simulate_summary(
    rules: Rules | SchnapsenRules,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | TextIO = False,
) -> Summary:
    """The summary of a run (``simulate(...).summary()``) in memory that does not grow with ``games``:
    the games are played in chunks and each chunk is folded into the totals, then dropped. This is
    what ``bieten simulate`` prints; any number of games up to 2**64 - 1 can be asked for."""
    family = family_of(rules)
    run = _Run.start(rules.players, agents, games, seed, threads, (0, 1), _action_id(family))
    totals = _Totals(rules.players, "hand" if isinstance(rules, Rules) else "deal")
    seconds = run.play(lambda *a: family.core.simulate(rules._core, *a), progress, totals.add)
    return totals.summary(run.display, seconds)


class _Totals:
    """The running totals of a run's chunks: what its summary needs, and nothing per game."""

    def __init__(self, players: int, unit: str) -> None:
        self.players = players
        self.unit = unit
        self.games = 0
        self.hands = 0
        self.wins = np.zeros(players, dtype=np.int64)
        self.scores = np.zeros(players, dtype=np.int64)
        self.bummerl = np.zeros(players, dtype=np.int64)
        self.figure_points: npt.NDArray[np.int64] | None = None
        self.time = RunTime.of([], players)

    def add(self, part: dict[str, Any]) -> None:
        self.time += RunTime.of([part], self.players)
        self.games += len(part["game_index"])
        self.hands += int(part["hands"].sum(dtype=np.uint64))
        self.scores += part["scores"].sum(axis=0, dtype=np.int64)
        self.bummerl += _seat_bits(part["bummerl"], self.players).sum(axis=0)
        if "winner" in part:  # Bieten: one winning seat a game (R8.2), and figure points
            self.wins += np.bincount(part["winner"].astype(np.int64), minlength=self.players)[: self.players]
            points = np.asarray(part["figure_points"], dtype=np.int64)
            self.figure_points = points if self.figure_points is None else self.figure_points + points
        else:  # Schnapsen: the winning seats as bits (S8.6)
            self.wins += _seat_bits(part["winners"], self.players).sum(axis=0)

    def summary(self, agents: tuple[str, ...], seconds: float) -> Summary:
        n = self.games
        wins = [int(w) for w in self.wins]
        points: dict[str, tuple[float, ...]] = {}
        if self.figure_points is not None:
            points = {
                f: tuple(float(self.figure_points[s, i]) / max(n, 1) for s in range(self.players))
                for i, f in enumerate(FIGURE_COLUMNS)
            }
        return Summary(
            games=n,
            hands=self.hands,
            seconds=seconds,
            agents=agents,
            win_rate=tuple(w / max(n, 1) for w in wins),
            win_interval=tuple(_wilson(w, n) for w in wins),
            mean_score=tuple(float(x) / n if n else 0.0 for x in self.scores),
            bummerl=tuple(int(x) for x in self.bummerl),
            points_per_game=points,
            unit=self.unit,
            time=self.time,
        )


def _seat_bits(bits: npt.NDArray[Any], players: int) -> npt.NDArray[np.bool_]:
    """A per-game bitmask of seats as a bool array (games, players)."""
    return ((bits[:, None] >> np.arange(players, dtype=np.uint8)) & 1).astype(bool)


def _action_id(family: Family) -> Callable[[object], int]:
    """What turns a Python agent's answer (an id, an Action or its R11 / S11 text) into an action id
    of ``family``'s game, refusing ids outside its action space."""
    size = int(family.core.NUM_ACTIONS)

    def to_id(value: object) -> int:
        if isinstance(value, bool):
            raise TypeError(f"an agent must return an action, its text or its id, not {value!r}")
        chosen = int(value) if isinstance(value, (int, np.integer)) else int(family.action(value).id)
        if not 0 <= chosen < size:
            raise ValueError(f"{family.rule_prefix}11: action id {chosen} is not in 0..{size - 1}")
        return chosen

    return to_id


@dataclass
class _Run:
    """The checked arguments of a run, shared by both games; ``play`` runs the core in chunks."""

    names: list[str]
    callables: list[object]
    failures: list[tuple[int, BaseException]]
    labels: list[str]
    seed: int
    games: int
    threads: int
    shard: tuple[int, int]

    @property
    def display(self) -> tuple[str, ...]:
        return tuple(self.labels)

    @classmethod
    def start(
        cls,
        players: int,
        agents: Sequence[str | PythonAgent | NativeAgent],
        games: int,
        seed: int,
        threads: int | None,
        shard: tuple[int, int],
        to_id: Callable[[object], int],
    ) -> _Run:
        games = check_u64(games, "games")
        seed = check_u64(seed)
        if isinstance(agents, str) or len(agents) != players:
            count = 1 if isinstance(agents, str) else len(agents)
            raise AgentError(f"one agent per seat is needed ({players}), not {count}")
        if threads is None:
            threads = os.cpu_count() or 1
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS:
            raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, not {threads!r}")
        k, big_k = shard
        if not (isinstance(k, int) and isinstance(big_k, int) and 0 <= k < big_k):
            raise ValueError(f"shard must be (k, K) with 0 <= k < K, not {shard!r}")
        names: list[str] = []
        callables: list[object] = []
        failures: list[tuple[int, BaseException]] = []
        labels: list[str] = []
        for seat, agent in enumerate(agents):
            labels.append("python")
            if isinstance(agent, NativeAgent):
                names.append("external")
                callables.append(agent)
                labels[-1] = agent.name
            elif isinstance(agent, str):
                if not is_builtin_agent(agent):
                    raise AgentError(
                        f"seat {seat}: unknown agent {agent!r}; built-in agents are {', '.join(AGENTS)}, "
                        "or pass a callable"
                    )
                names.append(agent)
                callables.append(None)
                labels[-1] = agent
            elif callable(agent):
                names.append("external")
                callables.append(_external(agent, failures, to_id))
            else:
                raise AgentError(
                    f"seat {seat}: an agent is a name, a callable or a NativeAgent, not {agent!r}"
                )
        return cls(names, callables, failures, labels, seed, games, threads, (k, big_k))

    def play(
        self,
        core: Callable[..., dict[str, Any]],
        progress: bool | TextIO,
        sink: Callable[[dict[str, Any]], None],
    ) -> float:
        """Runs the core chunk by chunk, giving each chunk's result dict to ``sink``; returns the
        seconds. Chunks grow from one game a thread while they take under ``_CHUNK_SECONDS``, so that
        the progress bar moves, memory does not grow with the run and Ctrl-C is answered within a
        chunk (as ``RunInterrupted``, with the games played): every game's result depends on its
        index alone, so the chunks do not change it."""
        k, big_k = self.shard
        games = self.games
        stream: TextIO | None = None
        if progress is True:
            stream = sys.stderr
        elif progress:
            stream = progress
        total = _played(games, k, big_k)
        bar = _Progress(total, stream) if stream is not None else None
        chunk = self.threads * big_k
        start = time.perf_counter()
        hands = 0
        first = 0
        try:
            while True:
                last = min(games, first + chunk)
                began = time.perf_counter()
                try:
                    part = core(
                        self.names, self.callables, self.seed, games, first, last, k, big_k, self.threads
                    )
                except AgentError as err:
                    if self.failures:
                        seat, cause = self.failures[0]
                        raise AgentError(
                            f"the agent of seat {seat} raised {type(cause).__name__}: {cause}"
                        ) from cause
                    raise AgentError(str(err)) from None
                sink(part)
                hands += int(part["hands"].sum(dtype=np.uint64))
                if bar is not None:
                    bar.update(_played(last, k, big_k), hands)
                first = last
                if first >= games:
                    break
                took = time.perf_counter() - began
                few = chunk < _GAMES_PER_THREAD * self.threads * big_k  # threads idle at its end
                if chunk < _MAX_CHUNK and (took < _CHUNK_SECONDS or (few and took < _SLOW_CHUNK_SECONDS)):
                    chunk *= 2
        except KeyboardInterrupt:
            raise RunInterrupted(_played(first, k, big_k), total) from None
        finally:
            if bar is not None:
                bar.close()
        return time.perf_counter() - start


#: A chunk of a run grows (doubles) while it takes less than this, up to ``_MAX_CHUNK`` games; and
#: while it has fewer than ``_GAMES_PER_THREAD`` games a thread and takes less than
#: ``_SLOW_CHUNK_SECONDS`` (slow agents such as ismcts: so that threads do not wait long for the
#: chunk's last game, while Ctrl-C is still answered within seconds).
_CHUNK_SECONDS = 0.2
_SLOW_CHUNK_SECONDS = 2.0
_GAMES_PER_THREAD = 8
_MAX_CHUNK = 1 << 20


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: ``done`` of its ``total`` games had been played (and are dropped)."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped after {done:,} of {total:,} games")
        self.done = done
        self.total = total


def _played(last: int, k: int, big_k: int) -> int:
    """How many of the shard's games have index below ``last``."""
    return 0 if last <= k else (last - k + big_k - 1) // big_k


def _external(
    agent: PythonAgent, failures: list[tuple[int, BaseException]], to_id: Callable[[object], int]
) -> Callable[..., int]:
    def call(observation: npt.NDArray[np.float32], legal: list[int], seat: int) -> int:
        try:
            return to_id(agent(observation, legal))
        except BaseException as err:  # reported with the seat once the batch has stopped
            failures.append((seat, err))
            return -1

    return call
