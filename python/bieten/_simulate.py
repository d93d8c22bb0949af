"""Self-play at scale: built-in agents, Python agents, and batch simulation on threads (docs/simulate.md)."""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from bieten import _core
from bieten._core import Action, AgentError
from bieten._deal import _check_rules
from bieten._game import Game
from bieten._rules import Rules
from bieten._seeds import check_u64

#: Columns of ``SimulationResult.figure_points``: the biddable figures and the Weli point.
FIGURE_COLUMNS = ("red", "green", "gleich", "hanger", "spiel", "weli")
#: The names of the built-in agents.
AGENTS = ("random", "heuristic")

PythonAgent = Callable[[npt.NDArray[np.float32], list[int]], "Action | str | int"]
AgentSpec = "str | PythonAgent"


class Agent:
    """A built-in agent (``"random"`` or ``"heuristic"``, docs/agents.md) for step-by-step Python loops.

    >>> game = Game(Rules(players=2), seed=3)
    >>> bots = [Agent("heuristic", seed=1), Agent("random", seed=2)]
    >>> while not game.is_over:
    ...     game.apply_id(bots[game.current_player].act(game))
    >>> game.winner in (0, 1)
    True
    """

    __slots__ = ("_core",)

    def __init__(self, name: str, seed: int = 0) -> None:
        if name not in AGENTS:
            raise AgentError(f"unknown agent {name!r}; the built-in agents are {', '.join(AGENTS)}")
        self._core = _core.CoreAgent(name, check_u64(seed))

    @property
    def name(self) -> str:
        return str(self._core.name)

    def act(self, game: Game) -> int:
        """The action id this agent chooses for the seat to act."""
        return int(self._core.act(game))

    def __repr__(self) -> str:
        return f"Agent({self.name!r})"


def figure_odds(game: Game, seat: int, seed: int = 0) -> dict[str, float]:
    """For ``seat``, the probability of ending the hand with the best Red, Green, Gleich, Hanger and
    Spiel, from what that seat may see (docs/agents.md): exact where the unseen hands are few,
    seeded sampling otherwise. A hint for front ends, and what the heuristic agent bids by.

    >>> odds = figure_odds(Game(Rules(players=2), seed=7), seat=0)
    >>> sorted(odds)
    ['gleich', 'green', 'hanger', 'red', 'spiel']
    """
    probabilities, _exact, _worlds = _core.figure_odds(game, seat, check_u64(seed))
    return dict(zip(FIGURE_COLUMNS[:5], probabilities, strict=True))


def _action_id(value: object) -> int:
    if isinstance(value, bool):
        raise TypeError(f"an agent must return an action, its text or its id, not {value!r}")
    if isinstance(value, (int, np.integer)):
        return int(value)
    return Action(value).id  # type: ignore[arg-type]


def _wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Summary:
    """What a run showed, seat by seat (see ``SimulationResult.summary``)."""

    games: int
    hands: int
    seconds: float
    agents: tuple[str, ...]
    win_rate: tuple[float, ...]
    win_interval: tuple[tuple[float, float], ...]
    mean_score: tuple[float, ...]
    points_per_game: dict[str, tuple[float, ...]]
    bummerl: tuple[int, ...]

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "seats": [
                {
                    "seat": s,
                    "agent": self.agents[s],
                    "win_rate": self.win_rate[s],
                    "win_rate_95": list(self.win_interval[s]),
                    "mean_score": self.mean_score[s],
                    "points_per_game": {f: self.points_per_game[f][s] for f in FIGURE_COLUMNS},
                    "bummerl": self.bummerl[s],
                }
                for s in range(len(self.agents))
            ],
        }

    def __str__(self) -> str:
        head = ["seat", "agent", "win rate", "95% interval", "mean score", *FIGURE_COLUMNS, "bummerl"]
        rows = [head]
        for s, agent in enumerate(self.agents):
            lo, hi = self.win_interval[s]
            rows.append(
                [
                    str(s),
                    agent,
                    f"{self.win_rate[s]:.4f}",
                    f"[{lo:.4f}, {hi:.4f}]",
                    f"{self.mean_score[s]:.2f}",
                    *(f"{self.points_per_game[f][s]:.3f}" for f in FIGURE_COLUMNS),
                    f"{self.bummerl[s]:,}",
                ]
            )
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
        rate = self.hands_per_second
        lines.append(
            f"{self.games:,} games, {self.hands:,} hands in {self.seconds:.2f} s ({rate:,.0f} hands/s); "
            "figure columns are points per game"
        )
        return "\n".join(lines)


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Per-game arrays of a run (ascending game index) and per-seat totals.

    ``scores`` is (games, players); ``bummerl`` is a bool array (games, players);
    ``figure_points`` is (players, 6), columns ``FIGURE_COLUMNS``, summed over the games.
    """

    rules: Rules
    agents: tuple[str, ...]
    seed: int
    games: int
    shard: tuple[int, int]
    game_index: npt.NDArray[np.uint64]
    winner: npt.NDArray[np.int8]
    scores: npt.NDArray[np.int16]
    bummerl: npt.NDArray[np.bool_]
    hands: npt.NDArray[np.uint32]
    actions: npt.NDArray[np.uint32]
    figure_points: npt.NDArray[np.int64]
    seconds: float = field(default=0.0, compare=False)

    def __eq__(self, other: object) -> bool:
        """Equal runs: same rules, agents, seed, games, shard and every array bit for bit."""
        if not isinstance(other, SimulationResult):
            return NotImplemented
        same = (self.rules, self.agents, self.seed, self.games, self.shard) == (
            other.rules,
            other.agents,
            other.seed,
            other.games,
            other.shard,
        )
        return same and all(np.array_equal(getattr(self, n), getattr(other, n)) for n in _ARRAYS)

    __hash__ = None  # type: ignore[assignment]

    def summary(self) -> Summary:
        n = len(self.winner)
        players = self.rules.players
        wins = [int(np.count_nonzero(self.winner == s)) for s in range(players)]
        denominator = max(n, 1)
        return Summary(
            games=n,
            hands=int(self.hands.sum(dtype=np.uint64)),
            seconds=self.seconds,
            agents=self.agents,
            win_rate=tuple(w / denominator for w in wins),
            win_interval=tuple(_wilson(w, n) for w in wins),
            mean_score=tuple(float(x) for x in (self.scores.mean(axis=0) if n else np.zeros(players))),
            points_per_game={
                f: tuple(float(self.figure_points[s, i]) / denominator for s in range(players))
                for i, f in enumerate(FIGURE_COLUMNS)
            },
            bummerl=tuple(int(x) for x in self.bummerl.sum(axis=0)),
        )

    @classmethod
    def merge(cls, parts: Sequence[SimulationResult]) -> SimulationResult:
        """Joins shards (or consecutive ranges) of one run into the result of the whole run."""
        if not parts:
            raise ValueError("nothing to merge")
        first = parts[0]
        for part in parts[1:]:
            if (part.rules, part.agents, part.seed, part.games) != (
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
        return cls(
            rules=first.rules,
            agents=first.agents,
            seed=first.seed,
            games=first.games,
            shard=shard,
            game_index=index[order],
            winner=np.concatenate([p.winner for p in parts])[order],
            scores=np.concatenate([p.scores for p in parts])[order],
            bummerl=np.concatenate([p.bummerl for p in parts])[order],
            hands=np.concatenate([p.hands for p in parts])[order],
            actions=np.concatenate([p.actions for p in parts])[order],
            figure_points=np.sum([p.figure_points for p in parts], axis=0, dtype=np.int64),
            seconds=sum(p.seconds for p in parts),
        )


_ARRAYS = ("game_index", "winner", "scores", "bummerl", "hands", "actions", "figure_points")


class _Progress:
    """A one-line progress bar on a stream (a terminal), redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.start, self.last = total, stream, time.perf_counter(), 0.0

    def update(self, done: int, hands: int) -> None:
        now = time.perf_counter()
        if now - self.last < 0.1 and done < self.total:
            return
        self.last = now
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
        self.stream.write("\n")
        self.stream.flush()


def simulate(
    rules: Rules,
    agents: Sequence[str | PythonAgent],
    games: int,
    seed: int = 0,
    threads: int | None = None,
    shard: tuple[int, int] = (0, 1),
    progress: bool | TextIO = False,
) -> SimulationResult:
    """Plays ``games`` games in C++ on ``threads`` threads with the GIL released.

    ``agents`` has one entry per seat: ``"random"``, ``"heuristic"`` or a Python callable
    ``agent(observation, legal_action_ids) -> action`` (an id, an Action or R11 text). Game i is
    played with game seed ``mix64(seed + (i+1) * gamma)`` (R3.2), so results are identical for every
    thread count; ``shard=(k, K)`` plays only games with i % K == k, and
    ``SimulationResult.merge`` joins shards into the whole run bit for bit.

    >>> result = simulate(Rules(), ["heuristic", "random", "random", "random"], games=200, seed=1)
    >>> result.scores.shape, int(result.winner.min()) >= 0
    ((200, 4), True)
    """
    rules = _check_rules(rules)
    games = check_u64(games, "games")
    seed = check_u64(seed)
    if len(agents) != rules.players:
        raise AgentError(f"one agent per seat is needed ({rules.players}), not {len(agents)}")
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive int, not {threads!r}")
    k, big_k = shard
    if not (isinstance(k, int) and isinstance(big_k, int) and 0 <= k < big_k):
        raise ValueError(f"shard must be (k, K) with 0 <= k < K, not {shard!r}")

    names: list[str] = []
    callables: list[object] = []
    failures: list[tuple[int, BaseException]] = []
    for seat, agent in enumerate(agents):
        if isinstance(agent, str):
            if agent not in AGENTS:
                raise AgentError(
                    f"seat {seat}: unknown agent {agent!r}; built-in agents are {', '.join(AGENTS)}, "
                    "or pass a callable"
                )
            names.append(agent)
            callables.append(None)
        elif callable(agent):
            names.append("external")
            callables.append(_external(agent, failures))
        else:
            raise AgentError(f"seat {seat}: an agent is a name or a callable, not {agent!r}")

    stream: TextIO | None = None
    if progress is True:
        stream = sys.stderr
    elif progress:
        stream = progress
    bar = _Progress(_played(games, k, big_k), stream) if stream is not None else None
    # Chunks only serve the progress bar: every game's result depends on its index alone.
    chunk = games if bar is None else max(2_000, games // 50)
    parts: list[dict[str, Any]] = []
    start = time.perf_counter()
    hands = 0
    try:
        for first in range(0, games, chunk) if games else [0]:
            last = min(games, first + chunk)
            try:
                part = _core.simulate(
                    rules._core, names, callables, seed, games, first, last, k, big_k, threads
                )
            except AgentError as err:
                if failures:
                    seat, cause = failures[0]
                    raise AgentError(
                        f"the agent of seat {seat} raised {type(cause).__name__}: {cause}"
                    ) from cause
                raise AgentError(str(err)) from None
            parts.append(part)
            hands += int(part["hands"].sum(dtype=np.uint64))
            if bar is not None:
                bar.update(_played(last, k, big_k), hands)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    display = tuple("python" if n == "external" else n for n in names)
    bummerl_bits = np.concatenate([p["bummerl"] for p in parts])
    return SimulationResult(
        rules=rules,
        agents=display,
        seed=seed,
        games=games,
        shard=(k, big_k),
        game_index=np.concatenate([p["game_index"] for p in parts]),
        winner=np.concatenate([p["winner"] for p in parts]),
        scores=np.concatenate([p["scores"] for p in parts]),
        bummerl=((bummerl_bits[:, None] >> np.arange(rules.players, dtype=np.uint8)) & 1).astype(bool),
        hands=np.concatenate([p["hands"] for p in parts]),
        actions=np.concatenate([p["actions"] for p in parts]),
        figure_points=np.sum([p["figure_points"] for p in parts], axis=0, dtype=np.int64),
        seconds=seconds,
    )


def _played(last: int, k: int, big_k: int) -> int:
    """How many of the shard's games have index below ``last``."""
    return 0 if last <= k else (last - k + big_k - 1) // big_k


def _external(agent: PythonAgent, failures: list[tuple[int, BaseException]]) -> Callable[..., int]:
    def call(observation: npt.NDArray[np.float32], legal: list[int], seat: int) -> int:
        try:
            return _action_id(agent(observation, legal))
        except BaseException as err:  # reported with the seat once the batch has stopped
            failures.append((seat, err))
            return -1

    return call
