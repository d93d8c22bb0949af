"""Issue 39, items 8 and 9: simulate says "limited by" only when an agent takes most of the time in
games and never prints "0.0 µs"; a tournament with shared results (Bauernschnapsen with a called
partner, S2.3, S8.6) shows them, and gives the interval of the score it shows."""

from __future__ import annotations

import re

from bieten import schnapsen, tournament
from bieten._simulation.report import RunTime, duration, wilson
from bieten._tournament import Match, TournamentResult


def test_a_time_is_shown_in_the_unit_that_shows_it_never_as_zero() -> None:
    assert [duration(t) for t in (56.24e-6, 1.42e-3, 4.04e-8, 2e-10, 0.0)] == [
        "56.2 µs",
        "1.4 ms",
        "40 ns",
        "under 1 ns",
        "under 1 ns",
    ]


def test_limited_by_only_when_the_agent_takes_half_the_time_or_more() -> None:
    busy = RunTime(decisions=(1_000, 500), decision_seconds=(0.06, 0.0), game_seconds=0.1)
    assert busy.limit(["heuristic", "random"]) == (
        "limited by heuristic (seat 0): its 1,000 decisions took 60.0% of the time in games, 60.0 µs each"
    )
    light = RunTime(decisions=(44_616, 40_000), decision_seconds=(0.0015, 0.0), game_seconds=0.0126)
    assert light.limit(["heuristic", "random"]) == (
        "no agent limits the run: the slowest, heuristic (seat 0), took 11.9% of the time in games for "
        "its 44,616 decisions, 34 ns each"
    )


def test_a_called_partner_tournament_shows_its_shared_games_and_the_interval_of_its_score() -> None:
    result = tournament(
        schnapsen.Rules.preset("bauernschnapsen_called"), ["heuristic", "random"], games=40, seed=2
    )
    (match,) = result.matches
    assert match.shared == 40 - match.first_wins - match.second_wins > 0
    lines = str(result).splitlines()
    assert lines[0].split() == [
        "first", "second", "games", "first", "wins", "second", "wins", "shared", "first's", "score", "95%",
        "interval",
    ]  # fmt: skip
    row = lines[1].split()
    assert row[2:6] == ["40", str(match.first_wins), str(match.second_wins), str(match.shared)]
    lo, hi = wilson(match.score, 40)
    assert row[6:] == [f"{match.score / 40:.4f}", f"[{lo:.4f},", f"{hi:.4f}]"]
    assert result.to_dict()["matches"][0]["shared"] == match.shared


def test_the_interval_is_of_the_score_shown_not_of_a_rounded_one() -> None:
    match = Match("a", "b", games=10, score=7.25, first_wins=7, second_wins=0)
    assert match.interval == wilson(7.25, 10) != wilson(7, 10)
    text = str(TournamentResult("schnapsen", ("a", "b"), 10, 0, (match,), 0.0))
    assert re.search(r"\b7\s+0\s+3\s+0\.7250\s+\[", text), text
