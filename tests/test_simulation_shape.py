"""The one simulation result type (issue 37): its columns are what each game's core reports, as the
family registry's SimulationShape describes them, and the simulation modules name no game."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import numpy as np
import pytest

import bieten
from bieten import _simulate
from bieten._families import FAMILIES, Family
from bieten._simulation import checks, play, report, results, run

ROOT = Path(__file__).resolve().parents[1]

#: Each registered family's own columns of a result, by the core's names: (name, dtype, shape), with
#: shapes in games (g) and players (p); and the columns of its summary's points per game.
EXPECTED = {
    "bieten": (
        [("figure_points", "int64", ("p", 6)), ("winner", "int8", ("g",))],
        ["red", "green", "gleich", "hanger", "spiel", "weli"],
        "hand",
    ),
    "schnapsen": ([("winners", "bool", ("g", "p"))], [], "deal"),
}
# A game with no package of its own (tests/games/) reports the generic shape: winning seats, per deal.
EXPECTED |= {f.name: ([("winners", "bool", ("g", "p"))], [], "deal") for f in FAMILIES if not f.own_package}
#: What every game's core reports beside its own columns: the per-game arrays and the run's time.
PER_GAME = {"game_index", "scores", "bummerl", "hands", "actions"}
COMMON = PER_GAME | {"decisions", "decision_seconds", "game_seconds"}


def _rules(family: Family) -> bieten.Rules | bieten.schnapsen.Rules:
    """Two-player rules of the family (Bieten's R10 preset at 2 players, the 2-player S10 preset)."""
    if family.preset_apart:
        return family.rules_for(family.kinds[0], players=2)
    if 2 in family.kind_by_players:
        return family.rules_for(family.kind_by_players[2])
    return family.rules_for(family.kinds[0], players=2)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_the_one_result_type_has_each_familys_columns_by_the_cores_names(family: Family) -> None:
    columns, point_columns, unit = EXPECTED[family.name]
    rules = _rules(family)
    games, players = 30, rules.players
    result = bieten.simulate(rules, ["heuristic", "random"], games=games, seed=5, threads=1)
    assert type(result) is bieten.SimulationResult
    sizes = {"g": games, "p": players}
    got = [(name, array.dtype.name, array.shape) for name, array in sorted(result.columns.items())]
    assert got == [(name, dtype, tuple(sizes.get(d, d) for d in shape)) for name, dtype, shape in columns]
    for name, *_ in columns:  # read as attributes too (result.winner, result.figure_points)
        assert getattr(result, name) is result.columns[name]
    assert result.winners.shape == (games, players) and result.winners.dtype == np.bool_
    summary = result.summary()
    assert (list(summary.points_per_game), summary.unit) == (point_columns, unit)
    assert list(family.simulation.point_labels) == point_columns


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_the_registry_shape_names_exactly_what_the_core_reports(family: Family) -> None:
    rules = _rules(family)
    part = family.core.simulate(rules._core, ["random", "random"], [None, None], 1, 4, 0, 4, 0, 1, 1)
    shape = family.simulation
    own = {shape.winner_column} | ({shape.points_column} if shape.points_column else set())
    assert set(part) == COMMON | own
    assert sorted(own) == [name for name, *_ in EXPECTED[family.name][0]]


def test_a_one_winner_game_says_its_winners_as_seats_in_every_result_and_summary() -> None:
    """R8.2: one winning seat a game; S8.6: the seats at or above the target, a bit mask from the core."""
    bieten_run = bieten.simulate(bieten.Rules(players=3), ["random"] * 3, games=40, seed=2, threads=1)
    assert (bieten_run.winners.argmax(axis=1) == bieten_run.winner).all()
    assert bieten_run.winners.sum(axis=1).tolist() == [1] * 40
    four = bieten.schnapsen.Rules.preset("bauernschnapsen")
    run4 = bieten.simulate(four, ["random"] * 4, games=40, seed=2, threads=1)
    won = run4.winners  # S2.2: fixed partners, the even and the odd seats, win together
    assert (won[:, 0] == won[:, 2]).all() and (won[:, 1] == won[:, 3]).all()
    assert run4.summary().win_rate == tuple(float(x) / 40 for x in run4.winners.sum(axis=0))
    with pytest.raises(AttributeError, match="no attribute 'winner'"):
        _ = run4.winner


def test_the_older_names_are_the_one_result_and_summary_types() -> None:
    assert _simulate.SchnapsenSimulationResult is _simulate.SimulationResult
    assert bieten.SchnapsenSimulationResult is bieten.SimulationResult
    assert _simulate.SchnapsenSummary is _simulate.Summary is bieten.SchnapsenSummary
    with pytest.raises(AttributeError, match="has no attribute 'BietenSimulationResult'"):
        _ = _simulate.BietenSimulationResult


@pytest.mark.parametrize("module", [checks, play, report, results, run], ids=lambda m: m.__name__)
def test_docstring_examples_of_the_simulation_modules_run_as_written(module: object) -> None:
    outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)  # type: ignore[arg-type]
    assert outcome.attempted > 0
    assert outcome.failed == 0


@pytest.mark.parametrize(
    "name",
    [
        "bieten._simulate",
        "bieten._simulation",
        "bieten._simulation.checks",
        "bieten._simulation.play",
        "bieten._simulation.report",
        "bieten._simulation.results",
        "bieten._simulation.run",
        "bieten._tournament",
        "bieten.distributed",
    ],
)
def test_the_simulation_modules_name_no_game_and_no_figure(name: str) -> None:
    """Issue 37: what differs between games comes from the registry or from the core's output."""
    text = Path(importlib.import_module(name).__file__ or "").read_text().lower()
    assert [word for word in ("schnapsen", "gleich", "hanger") if word in text] == []
