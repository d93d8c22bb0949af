"""Self-play of Bauernschnapsen and Schnapsen at scale: bieten.simulate with bieten.schnapsen.Rules is
reproducible across threads, shards and a Dask cluster, and game i is an ordinary schnapsen.Game."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest

import bieten
from bieten import AgentError, Rules, SimulationResult, schnapsen, simulate
from bieten._core import schnapsen as core
from bieten._simulate import SchnapsenSimulationResult, SchnapsenSummary

FOUR = schnapsen.Rules.preset("bauernschnapsen")
TWO = schnapsen.Rules.preset("schnapsen")


def agents_for(rules: schnapsen.Rules) -> list[str]:
    return ["heuristic"] + ["random"] * (rules.players - 1)


def test_three_shards_merged_equal_the_single_run_bit_for_bit() -> None:
    agents = ["heuristic", "random", "heuristic", "random"]
    whole = simulate(FOUR, agents, games=400, seed=9, threads=2)
    shards = [simulate(FOUR, agents, games=400, seed=9, threads=k + 1, shard=(k, 3)) for k in range(3)]
    assert [len(s.game_index) for s in shards] == [134, 133, 133]
    assert np.array_equal(shards[2].game_index[:3], np.array([2, 5, 8], dtype=np.uint64))
    assert shards[1].shard == (1, 3)
    merged = SchnapsenSimulationResult.merge(shards[::-1])
    assert merged == whole and merged.shard == (0, 1)
    assert SchnapsenSimulationResult.merge(shards[:1]).shard == (0, 3)
    assert simulate(FOUR, agents, games=400, seed=10, threads=2) != whole


@pytest.mark.parametrize("preset", schnapsen.PRESETS)
def test_game_i_is_an_ordinary_game_with_the_batch_seed(preset: str) -> None:
    """Game i of a run with base seed B is schnapsen.Game(rules, seed=mix64(B + (i+1) * gamma)), each
    seat's built-in agent seeded with agent_state(game seed, seat): played step by step in Python with
    CoreAgent, it ends with the same totals, winners, Bummerl, deals and actions."""
    rules = schnapsen.Rules.preset(preset)
    agents = agents_for(rules)[::-1]
    result = simulate(rules, agents, games=4, seed=11, threads=2)
    for i in range(4):
        seed = bieten._core.batch_game_seed(11, i)
        game = schnapsen.Game(rules, seed=seed)
        bots = [core.CoreAgent(name, bieten._core.agent_state(seed, s)) for s, name in enumerate(agents)]
        while not game.is_over:
            game.apply_id(bots[game.current_player].act(game))
        assert game.scores == result.scores[i].tolist()
        assert game.winners == np.flatnonzero(result.winners[i]).tolist()
        assert game.bummerl == np.flatnonzero(result.bummerl[i]).tolist()
        assert game.hand_number + 1 == int(result.hands[i])
        assert game.ply == int(result.actions[i])


def test_winners_reach_the_target_and_bummerl_have_the_lowest_total_s8_6() -> None:
    for rules in (FOUR, schnapsen.Rules.preset("bauernschnapsen_called"), TWO):
        result = simulate(rules, agents_for(rules), games=300, seed=3, threads=2)
        assert np.array_equal(result.winners, result.scores >= rules.target)
        assert result.winners.any(axis=1).all()
        lowest = result.scores.min(axis=1, keepdims=True)
        assert np.array_equal(result.bummerl, result.scores == lowest)
    fixed = simulate(FOUR, agents_for(FOUR), games=200, seed=4, threads=2)
    assert np.array_equal(fixed.scores[:, 0], fixed.scores[:, 2])  # S2.4: partners share totals
    assert np.array_equal(fixed.winners[:, 1], fixed.winners[:, 3])


def test_heuristic_beats_random_at_two_player_schnapsen() -> None:
    result = simulate(TWO, ["heuristic", "random"], games=2_000, seed=2026, threads=2)
    summary = result.summary()
    lo, _hi = summary.win_interval[0]
    assert lo > 0.5, summary


def test_python_agents_mixed_with_cpp_agents_play_whole_games() -> None:
    seen: list[int] = []

    def lowest_id(observation: np.ndarray, legal: list[int]) -> int:
        assert observation.dtype == np.float32 and observation.shape == (schnapsen.OBSERVATION_SIZE,)
        assert legal == sorted(legal) and all(0 <= a < schnapsen.NUM_ACTIONS for a in legal)
        seen.append(len(legal))
        return legal[0]

    def by_text(observation: np.ndarray, legal: list[int]) -> str:
        return schnapsen.action_text(legal[-1])

    def by_action(observation: np.ndarray, legal: list[int]) -> schnapsen.Action:
        return schnapsen.Action(legal[len(legal) // 2])

    agents = ["heuristic", lowest_id, by_text, by_action]
    result = simulate(FOUR, agents, games=30, seed=4, threads=3)
    assert len(result.game_index) == 30 and seen
    assert result.agents == ("heuristic", "python", "python", "python")
    assert simulate(FOUR, agents, games=30, seed=4, threads=1) == result
    two = simulate(TWO, [lambda o, legal: np.int64(legal[0]), "random"], games=10, seed=1)
    assert len(two.game_index) == 10


def test_a_python_agent_that_raises_is_named_with_its_seat() -> None:
    def broken(observation: np.ndarray, legal: list[int]) -> int:
        raise ZeroDivisionError("no idea")

    with pytest.raises(AgentError, match=r"the agent of seat 2 raised ZeroDivisionError: no idea") as info:
        simulate(FOUR, ["random", "random", broken, "random"], games=50, seed=1, threads=2)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_a_python_agent_choosing_an_illegal_action_is_named_with_the_action_and_rule() -> None:
    def closer(observation: np.ndarray, legal: list[int]) -> int:
        return 35  # close: only for the seat to lead in two-player games (S6.7)

    with pytest.raises(
        AgentError, match=r"the agent of seat 1 chose action 35 'close' in game \d+, which is illegal: S"
    ):
        simulate(FOUR, ["random", closer, "random", "random"], games=10, seed=1, threads=1)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (99, r"seat 0 raised ValueError: S11: action id 99 is not in 0\.\.60"),
        (-3, r"seat 0 raised ValueError: S11: action id -3"),
        ("fold", r"seat 0 raised ActionError: S11"),
        (True, r"seat 0 raised TypeError: an agent must return an action"),
        (None, r"seat 0 raised ActionError: S11: expected an action"),
    ],
)
def test_a_python_agent_answering_nonsense_is_refused(answer: object, message: str) -> None:
    with pytest.raises(AgentError, match=message):
        simulate(TWO, [lambda o, legal: answer, "random"], games=3, seed=1, threads=1)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(AgentError, match=r"one agent per seat is needed \(4\), not 2"):
        simulate(FOUR, ["random", "random"], games=1)
    with pytest.raises(AgentError, match=r"one agent per seat is needed \(2\), not 1"):
        simulate(TWO, "random", games=1)  # type: ignore[call-overload]
    with pytest.raises(AgentError, match=r"seat 1: unknown agent 'genius'"):
        simulate(TWO, ["random", "genius"], games=1)
    with pytest.raises(AgentError, match=r"seat 0: an agent is a name, a callable or a NativeAgent, not 3"):
        simulate(TWO, [3, "random"], games=1)  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"^threads must be an int from 1 to 1024, not 0$"):
        simulate(TWO, ["random"] * 2, games=1, threads=0)
    with pytest.raises(ValueError, match=r"shard must be \(k, K\)"):
        simulate(TWO, ["random"] * 2, games=1, shard=(2, 2))
    with pytest.raises(bieten.SeedError, match=r"R3\.2"):
        simulate(TWO, ["random"] * 2, games=1, seed=2**64)
    with pytest.raises(bieten.SeedError):
        simulate(TWO, ["random"] * 2, games=-1)
    with pytest.raises(TypeError):
        simulate({"players": 2}, ["random"] * 2, games=1)  # type: ignore[call-overload]


def test_an_empty_run_and_merge_errors() -> None:
    empty = simulate(TWO, ["random", "random"], games=0, seed=1)
    assert empty.scores.shape == (0, 2) and empty.winners.shape == (0, 2)
    summary = empty.summary()
    assert summary.games == 0 and summary.win_rate == (0.0, 0.0) and summary.mean_score == (0.0, 0.0)
    assert "0 games" in str(summary)
    run = simulate(TWO, ["random", "random"], games=20, seed=1, threads=1)
    with pytest.raises(ValueError, match="nothing to merge"):
        SchnapsenSimulationResult.merge([])
    with pytest.raises(ValueError, match="overlap"):
        SchnapsenSimulationResult.merge([run, run])
    other = simulate(TWO, ["random", "random"], games=20, seed=2, threads=1)
    with pytest.raises(ValueError, match="same run"):
        SchnapsenSimulationResult.merge([run, other])
    bieten_run = simulate(Rules(players=2), ["random", "random"], games=20, seed=1, threads=1)
    with pytest.raises(ValueError, match="same run"):
        SimulationResult.merge([bieten_run, run])  # type: ignore[list-item]
    assert (run == bieten_run) is False and (bieten_run == run) is False
    assert run != "a run"


def test_summary_reports_win_rates_with_intervals_scores_and_bummerl() -> None:
    agents = agents_for(FOUR)
    result = simulate(FOUR, agents, games=400, seed=8, threads=2)
    summary = result.summary()
    assert isinstance(summary, SchnapsenSummary)
    assert summary.games == 400 and summary.hands == int(result.hands.sum())
    # Fixed teams: both partners win together, so the seats' rates add up to the winning sides, 2.
    assert math.isclose(sum(summary.win_rate), 2.0)
    for (lo, hi), rate in zip(summary.win_interval, summary.win_rate, strict=True):
        assert lo <= rate <= hi
    assert summary.bummerl == tuple(int(x) for x in result.bummerl.sum(axis=0))
    assert summary.hands_per_second > 0
    data = summary.to_dict()
    assert [s["agent"] for s in data["seats"]] == agents
    assert set(data["seats"][0]) == {"seat", "agent", "win_rate", "win_rate_95", "mean_score", "bummerl"}
    table = str(summary)
    assert "win rate" in table and "95% interval" in table and "deals/s" in table
    assert "points per game" not in table
    empty = SchnapsenSummary(
        games=0, hands=0, seconds=0.0, agents=(), win_rate=(), win_interval=(), mean_score=(), bummerl=()
    )
    assert math.isinf(empty.hands_per_second)


def test_progress_bar_is_drawn_on_the_given_stream() -> None:
    stream = io.StringIO()
    result = simulate(TWO, ["heuristic", "random"], games=4_000, seed=1, threads=2, progress=stream)
    assert "4,000/4,000 games" in stream.getvalue() and "hands/s" in stream.getvalue()
    assert result == simulate(TWO, ["heuristic", "random"], games=4_000, seed=1, threads=3)


def test_dask_local_cluster_merges_to_the_local_run_exactly() -> None:
    distributed = pytest.importorskip("distributed")
    from bieten.distributed import simulate as simulate_on_cluster

    agents = ["heuristic", "random", "random", "heuristic"]
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        merged = simulate_on_cluster(FOUR, agents, games=300, seed=17, client=client, shards=3)
        two = simulate_on_cluster(TWO, ["random", "heuristic"], games=50, seed=2, client=client)
        with pytest.raises(TypeError, match=r"bieten\.Rules or a bieten\.schnapsen\.Rules"):
            simulate_on_cluster({"players": 4}, agents, games=1, client=client)  # type: ignore[call-overload]
        with pytest.raises(ValueError, match="shards must be a positive int"):
            simulate_on_cluster(TWO, ["random"] * 2, games=1, client=client, shards=0)
    assert isinstance(merged, SchnapsenSimulationResult)
    assert merged == simulate(FOUR, agents, games=300, seed=17, threads=2)
    assert merged.shard == (0, 1)
    assert two == simulate(TWO, ["random", "heuristic"], games=50, seed=2, threads=1)
