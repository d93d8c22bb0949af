"""Round-robin tournaments (python/bieten/_tournament.py, docs/agents.md "Tournaments"): seats rotate,
scores and ratings follow from the games, and the result is the same for any thread count."""

from __future__ import annotations

import doctest
import io
import json
import math

import numpy as np
import pytest

import bieten
from bieten import AgentError, Rules, schnapsen, tournament
from bieten._core import mix64
from bieten._tournament import Match, TournamentResult, _rounds
from bieten.cli import main


def test_docstring_examples_run_as_written() -> None:
    from bieten import _tournament

    assert doctest.testmod(_tournament, optionflags=doctest.ELLIPSIS).failed == 0


def test_rounds_split_the_games_evenly_between_the_two_seatings() -> None:
    assert _rounds(1) == [(0, 1)]
    assert _rounds(3) == [(0, 1), (0, 1), (1, 1)]
    plan = _rounds(101)
    assert sum(n for p, n in plan if p == 0) == 51 and sum(n for p, n in plan if p == 1) == 50
    assert len(plan) == 8


def test_match_scores_are_the_games_each_agent_won_with_its_seats_rotated() -> None:
    """R2.2: the first agent sits at the even seats in half the games and at the odd ones in the
    other half; the score is recomputed here from the same simulate calls."""
    rules = Rules(players=3, target=5)
    result = tournament(rules, ["heuristic", "random"], games=40, seed=9, threads=1)
    (match,) = result.matches
    score = 0.0
    for round_index, (pattern, count) in enumerate(_rounds(40)):
        seats = ["heuristic" if (s + pattern) % 2 == 0 else "random" for s in range(3)]
        run = bieten.simulate(rules, seats, games=count, seed=mix64(9 ^ mix64(round_index)), threads=1)
        score += sum(1.0 if w >= 0 and seats[w] == "heuristic" else 0.5 if w < 0 else 0.0 for w in run.winner)
    assert match.score == score
    assert match.first_wins + match.second_wins == 40  # R8.2: a finished Bieten game has one winner
    assert match.games == 40 and match.rate == score / 40


def test_same_result_for_any_thread_count() -> None:
    rules = schnapsen.Rules.preset("bauernschnapsen")
    one = tournament(rules, ["heuristic", "random"], games=300, seed=4, threads=1)
    two = tournament(rules, ["heuristic", "random"], games=300, seed=4, threads=2)
    assert one.matches == two.matches


def test_fixed_teams_are_the_even_and_the_odd_seats() -> None:
    """S2.2: in Bauernschnapsen with fixed partners both seats of an agent are one team, so every game
    goes wholly to one agent."""
    result = tournament(schnapsen.Rules.preset("bauernschnapsen"), ["heuristic", "random"], games=200, seed=2)
    (match,) = result.matches
    assert match.first_wins + match.second_wins == 200
    assert match.score == match.first_wins
    assert match.rate > 0.9 and match.interval[0] > 0.5


def test_called_partner_games_can_be_shared() -> None:
    """S2.3, S8.6: with a called partner several seats can win, and a shared game counts by seats."""
    result = tournament(
        schnapsen.Rules.preset("bauernschnapsen_called"), ["heuristic", "random"], games=200, seed=2
    )
    (match,) = result.matches
    assert match.first_wins + match.second_wins < 200
    assert match.first_wins < match.score < 200 - match.second_wins


def test_ratings_order_the_agents_by_strength_with_mean_1500() -> None:
    result = tournament(schnapsen.Rules.preset("schnapsen"), ["random", "heuristic"], games=400, seed=3)
    ratings = dict(result.ratings())
    assert [a for a, _ in result.ratings()] == ["heuristic", "random"]
    assert math.isclose(sum(ratings.values()) / 2, 1500.0)
    assert np.isfinite(list(ratings.values())).all()  # the extra drawn game keeps a shutout finite


def test_two_agent_rating_gap_is_the_elo_of_the_score() -> None:
    """With one match the Bradley-Terry fit is exact: the gap is 400 log10(s / (1 - s)) of the
    score with its extra drawn game."""
    match = Match("a", "b", games=98, score=73.0, first_wins=73, second_wins=25)
    result = TournamentResult("bieten", ("a", "b"), 98, 0, (match,), 0.0)
    ratings = dict(result.ratings())
    s = 73.5 / 99
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(s / (1 - s)), abs=1e-6)


def test_result_as_json_names_every_match_and_rating() -> None:
    result = tournament(schnapsen.Rules.preset("schnapsen"), ["random", "heuristic"], games=10, seed=1)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["game"] == "schnapsen" and data["agents"] == ["random", "heuristic"]
    assert data["matches"][0]["games"] == 10
    assert [r["agent"] for r in data["ratings"]] == [a for a, _ in result.ratings()]


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        (["heuristic"], "at least two agents"),
        (["heuristic", "heuristic"], "names one twice"),
        (["heuristic", "nobody"], "unknown agent 'nobody'"),
    ],
)
def test_bad_agents_are_refused(agents: list[str], message: str) -> None:
    with pytest.raises(AgentError, match=message):
        tournament(Rules(), agents, games=10)


def test_tournament_command_prints_the_table_and_ratings() -> None:
    out = io.StringIO()
    code = main(
        [
            "tournament",
            "--agents",
            "heuristic,random",
            "--games",
            "200",
            "--game",
            "schnapsen",
            "--no-progress",
        ],
        out,
    )
    assert code == 0
    text = out.getvalue()
    assert "heuristic  random" in text and "rating" in text and "seats rotated" in text


def test_tournament_command_json_is_the_result() -> None:
    out = io.StringIO()
    args = ["tournament", "--agents", "random,heuristic", "--games", "50", "--players", "2", "--json"]
    assert main([*args, "--seed", "5", "--threads", "1"], out) == 0
    data = json.loads(out.getvalue())
    again = tournament(Rules(players=2), ["random", "heuristic"], games=50, seed=5, threads=1).to_dict()
    assert data["matches"] == again["matches"] and data["ratings"] == again["ratings"]


def test_tournament_command_refuses_an_unknown_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "heuristic,bogus", "--games", "5"], io.StringIO()) == 2
    assert "unknown agent 'bogus'" in capsys.readouterr().err
