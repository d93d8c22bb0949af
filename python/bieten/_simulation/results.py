"""The one result type of a run of any game (``SimulationResult``), and the running totals of a run
played in chunks (``Totals``). Both read the core's result dicts as its family's
``SimulationShape`` (bieten._families) describes them: which column says each game's winners (one
seat, or a bit mask of seats) and which per-seat points the core sums over a run."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from bieten._families import AnyRules, SimulationShape, family_of
from bieten._simulation.report import RunTime, Summary, wilson

#: The per-game arrays every game's core reports, beside its own columns.
COMMON_COLUMNS = ("scores", "bummerl", "hands", "actions")


def seat_bits(bits: npt.NDArray[Any], players: int) -> npt.NDArray[np.bool_]:
    """A per-game bit mask of seats as a bool array (games, players).

    >>> seat_bits(np.array([0b101, 0b010], dtype=np.uint8), 3).tolist()
    [[True, False, True], [False, True, False]]
    """
    return ((bits[:, None] >> np.arange(players, dtype=np.uint8)) & 1).astype(bool)


def summed(arrays: Sequence[npt.NDArray[Any]]) -> npt.NDArray[np.int64]:
    """Per-seat arrays of a run's parts summed, in int64."""
    total: npt.NDArray[np.int64] = np.asarray(np.sum(arrays, axis=0, dtype=np.int64))
    return total


def seats_of(winners: npt.NDArray[Any], shape: SimulationShape, players: int) -> npt.NDArray[np.bool_]:
    """(games, players) bools of each game's winning seats, from a result's winner column: each
    game's one winning seat (-1 for none), or the seats already as bools."""
    if not shape.one_winner:
        return np.asarray(winners, dtype=np.bool_)
    won: npt.NDArray[np.bool_] = winners[:, None] == np.arange(players)[None, :]
    return won


def winner_column(part: Mapping[str, Any], shape: SimulationShape, players: int) -> npt.NDArray[Any]:
    """The winner column of a core's result dict as a result keeps it: the winning seat of each game
    as the core gives it, or the core's bit mask of winning seats as (games, players) bools."""
    column = part[shape.winner_column]
    return column if shape.one_winner else seat_bits(column, players)


def winning_seats(part: Mapping[str, Any], shape: SimulationShape, players: int) -> npt.NDArray[np.bool_]:
    """(games, players) bools of the winning seats of each game of a core's result dict."""
    return seats_of(winner_column(part, shape, players), shape, players)


def points_per_game(
    points: npt.NDArray[Any] | None, games: int, shape: SimulationShape
) -> dict[str, tuple[float, ...]]:
    """A summary's ``points_per_game``: the core's points summed over ``games`` games (players,
    columns), per game, by the shape's labels; empty for a game whose core sums none."""
    if points is None or shape.points_column is None:
        return {}
    per_game = points / max(games, 1)
    return {label: tuple(float(x) for x in per_game[:, i]) for i, label in enumerate(shape.point_labels)}


def _summary(
    *,
    shape: SimulationShape,
    games: int,
    hands: int,
    seconds: float,
    agents: tuple[str, ...],
    wins: Sequence[int],
    mean_score: tuple[float, ...],
    bummerl: tuple[int, ...],
    points: npt.NDArray[Any] | None,
    time: RunTime | None,
) -> Summary:
    return Summary(
        games=games,
        hands=hands,
        seconds=seconds,
        agents=agents,
        win_rate=tuple(w / max(games, 1) for w in wins),
        win_interval=tuple(wilson(w, games) for w in wins),
        mean_score=mean_score,
        bummerl=bummerl,
        points_per_game=points_per_game(points, games, shape),
        unit=shape.unit,
        time=time,
        point_noun=shape.point_noun,
    )


@dataclass(frozen=True, eq=False, kw_only=True)
class SimulationResult:
    """Per-game arrays of a run of any game (ascending game index), and per-seat totals.

    Every game's result has ``game_index``; ``scores`` (games, players); ``bummerl`` bools (games,
    players): the seats with the lowest total; ``hands`` played (hands or deals: the family's
    ``SimulationShape.unit``) and ``actions`` applied in each game; and ``winners``,
    (games, players) bools of each game's winning seats. ``columns`` holds the game's own columns
    under the names its core gives them, read as attributes: the winner column (one winning seat a
    game, int8, or the winning seats as (games, players) bools) and the per-seat points the core
    sums over the run ((players, labels) int64), as the family's ``SimulationShape`` says.

    >>> from bieten import Rules
    >>> from bieten._simulation.play import simulate
    >>> run = simulate(Rules(players=2), ["heuristic", "random"], games=10, seed=1, threads=1)
    >>> sorted(run.columns), run.winner.dtype.name, run.winners.shape
    (['figure_points', 'winner'], 'int8', (10, 2))
    """

    rules: AnyRules
    agents: tuple[str, ...]
    seed: int
    games: int
    shard: tuple[int, int]
    game_index: npt.NDArray[np.uint64]
    scores: npt.NDArray[np.int16]
    bummerl: npt.NDArray[np.bool_]
    hands: npt.NDArray[np.uint32]
    actions: npt.NDArray[np.uint32]
    columns: Mapping[str, npt.NDArray[Any]]
    seconds: float = field(default=0.0, compare=False)
    time: RunTime | None = field(default=None, compare=False)

    @property
    def _shape(self) -> SimulationShape:
        """What the game's core reports (its family's ``SimulationShape``)."""
        shape: SimulationShape = family_of(self.rules).simulation
        return shape

    @classmethod
    def of(
        cls,
        rules: AnyRules,
        parts: Sequence[Mapping[str, Any]],
        *,
        agents: tuple[str, ...],
        seed: int,
        games: int,
        shard: tuple[int, int],
        seconds: float,
    ) -> SimulationResult:
        """The result of a run from the core's result dicts of its chunks, in order."""
        shape: SimulationShape = family_of(rules).simulation
        players = rules.players

        def joined(name: str) -> npt.NDArray[Any]:
            return np.concatenate([p[name] for p in parts])

        columns = {shape.winner_column: np.concatenate([winner_column(p, shape, players) for p in parts])}
        if shape.points_column is not None:
            columns[shape.points_column] = summed([p[shape.points_column] for p in parts])
        return cls(
            rules=rules,
            agents=agents,
            seed=seed,
            games=games,
            shard=shard,
            game_index=joined("game_index"),
            scores=joined("scores"),
            bummerl=seat_bits(joined("bummerl"), players),
            hands=joined("hands"),
            actions=joined("actions"),
            columns=columns,
            seconds=seconds,
            time=RunTime.of(parts, players),
        )

    def __getattr__(self, name: str) -> npt.NDArray[Any]:
        """The game's own columns as attributes (``result.winner``, ``result.figure_points``)."""
        columns = self.__dict__.get("columns")  # absent while an object is being unpickled
        if columns is None or name not in columns:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        column: npt.NDArray[Any] = columns[name]
        return column

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self.__dict__.get("columns", {})})

    @property
    def winners(self) -> npt.NDArray[np.bool_]:
        """(games, players) bools: the seats that won each game, in every game."""
        shape = self._shape
        return seats_of(self.columns[shape.winner_column], shape, self.rules.players)

    def __eq__(self, other: object) -> bool:
        """Equal runs: same rules, agents, seed, games, shard and every array bit for bit."""
        if type(other) is not type(self):
            return NotImplemented
        same = (self.rules, self.agents, self.seed, self.games, self.shard) == (
            other.rules,
            other.agents,
            other.seed,
            other.games,
            other.shard,
        )
        arrays = ("game_index", *COMMON_COLUMNS)
        return (
            same
            and all(np.array_equal(getattr(self, n), getattr(other, n)) for n in arrays)
            and self.columns.keys() == other.columns.keys()
            and all(np.array_equal(self.columns[n], other.columns[n]) for n in self.columns)
        )

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def merge(cls, parts: Sequence[SimulationResult]) -> SimulationResult:
        """Joins shards (or consecutive ranges) of one run into the result of the whole run."""
        if not parts:
            raise ValueError("nothing to merge")
        first = parts[0]
        run = (first.rules, first.agents, first.seed, first.games)
        for part in parts[1:]:
            if type(part) is not type(first) or (part.rules, part.agents, part.seed, part.games) != run:
                raise ValueError("only parts of the same run (rules, agents, seed, games) can be merged")
        index = np.concatenate([p.game_index for p in parts])
        order = np.argsort(index, kind="stable")
        if len(np.unique(index)) != len(index):
            raise ValueError("the parts overlap: a game index appears twice")
        covered = {p.shard for p in parts}
        shard = (0, 1) if len(index) == first.games else (first.shard if len(covered) == 1 else (0, 1))

        def joined(name: str) -> npt.NDArray[Any]:
            return np.concatenate([getattr(p, name) for p in parts])[order]

        shape = first._shape
        winners = np.concatenate([p.columns[shape.winner_column] for p in parts])[order]
        columns = {shape.winner_column: winners}
        if shape.points_column is not None:
            columns[shape.points_column] = summed([p.columns[shape.points_column] for p in parts])
        return cls(
            rules=first.rules,
            agents=first.agents,
            seed=first.seed,
            games=first.games,
            shard=shard,
            game_index=index[order],
            scores=joined("scores"),
            bummerl=joined("bummerl"),
            hands=joined("hands"),
            actions=joined("actions"),
            columns=columns,
            seconds=sum(p.seconds for p in parts),
            time=RunTime.total([p.time for p in parts]),
        )

    def summary(self) -> Summary:
        """Win rates with 95% intervals, mean scores, Bummerl and the core's points per game, seat by
        seat."""
        shape = self._shape
        n = len(self.game_index)
        players = self.rules.players
        return _summary(
            shape=shape,
            games=n,
            hands=int(self.hands.sum(dtype=np.uint64)),
            seconds=self.seconds,
            agents=self.agents,
            wins=[int(x) for x in self.winners.sum(axis=0)],
            mean_score=tuple(float(x) for x in (self.scores.mean(axis=0) if n else np.zeros(players))),
            bummerl=tuple(int(x) for x in self.bummerl.sum(axis=0)),
            points=self.columns.get(shape.points_column) if shape.points_column is not None else None,
            time=self.time,
        )


class Totals:
    """The running totals of a run's chunks (the core's result dicts): what its summary needs, and
    nothing per game."""

    def __init__(self, rules: AnyRules) -> None:
        self.shape: SimulationShape = family_of(rules).simulation
        self.players = players = rules.players
        self.games = 0
        self.hands = 0
        self.wins = np.zeros(players, dtype=np.int64)
        self.scores = np.zeros(players, dtype=np.int64)
        self.bummerl = np.zeros(players, dtype=np.int64)
        self.points: npt.NDArray[np.int64] | None = None
        self.time = RunTime.of([], players)

    def add(self, part: dict[str, Any]) -> None:
        self.time += RunTime.of([part], self.players)
        self.games += len(part["game_index"])
        self.hands += int(part["hands"].sum(dtype=np.uint64))
        self.scores += part["scores"].sum(axis=0, dtype=np.int64)
        self.bummerl += seat_bits(part["bummerl"], self.players).sum(axis=0)
        self.wins += winning_seats(part, self.shape, self.players).sum(axis=0)
        if self.shape.points_column is not None:
            points = np.asarray(part[self.shape.points_column], dtype=np.int64)
            self.points = points if self.points is None else self.points + points

    def summary(self, agents: tuple[str, ...], seconds: float) -> Summary:
        n = self.games
        return _summary(
            shape=self.shape,
            games=n,
            hands=self.hands,
            seconds=seconds,
            agents=agents,
            wins=[int(w) for w in self.wins],
            mean_score=tuple(float(x) / n if n else 0.0 for x in self.scores),
            bummerl=tuple(int(x) for x in self.bummerl),
            points=self.points,
            time=self.time,
        )
