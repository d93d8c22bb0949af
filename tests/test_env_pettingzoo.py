"""The PettingZoo AEC environment (bieten.env.pettingzoo, docs/pettingzoo.md)."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bieten
from bieten import _core

pettingzoo = pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from bieten.env import pettingzoo as bz  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def play(table: Any, rng: np.random.Generator) -> dict[str, float]:
    """Plays one episode with uniformly random legal actions; returns each agent's total reward."""
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            assert not obs["action_mask"].any()
            table.step(None)
            continue
        assert table.observation_space(agent).contains(obs)
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.tolist() == table.unwrapped.game.legal_action_ids()
        table.step(int(rng.choice(legal)))
    assert table.agents == []
    return totals


# -- PettingZoo's own checks ------------------------------------------------------------------------
# api_test warns about dict observations (observation + action_mask) unless the environment's name is
# one of PettingZoo's own classic games; the dict is PettingZoo's documented convention for masks.
DICT_OBSERVATION_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize(
    ("preset", "kwargs"),
    [
        ("tyrol", {}),
        ("south_tyrol", {"players": 3}),
        ("spitzbieten", {"players": 2}),
        ("welibieten", {"players": 5, "hand_size": 4}),
        ("bavaria", {"players": 4, "episode": "hand"}),
    ],
)
@DICT_OBSERVATION_WARNINGS[0]
@DICT_OBSERVATION_WARNINGS[1]
def test_api_test(preset: str, kwargs: dict[str, Any]) -> None:
    # A random game lasts at most ~260 steps (5 players); 1000 cycles of every agent finish it.
    api_test(bz.env(preset=preset, **kwargs), num_cycles=1000)


@pytest.mark.parametrize("episode", ["game", "hand"])
def test_seed_test(episode: bz.Episode) -> None:
    seed_test(lambda: bz.env(preset="south_tyrol", players=3, episode=episode), num_cycles=500)


@DICT_OBSERVATION_WARNINGS[0]
@DICT_OBSERVATION_WARNINGS[1]
def test_raw_env_passes_api_test_too() -> None:
    api_test(bz.raw_env(players=2), num_cycles=1000)


# -- whole episodes ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", bieten.Rules.PRESETS)
def test_random_game_rewards_sum_to_final_scores(preset: str, players: int) -> None:
    table = bz.env(preset=preset, players=players)
    rng = np.random.default_rng(players)
    for seed in range(3):
        table.reset(seed=seed)
        game = table.unwrapped.game
        totals = play(table, rng)
        assert game.is_over
        assert game.winner is not None and game.scores[game.winner] >= game.rules.target
        assert [totals[f"player_{s}"] for s in range(players)] == game.scores
        assert game.seed == _core.batch_game_seed(seed, 0)


def test_episode_hand_ends_after_one_hand() -> None:
    table = bz.env(preset="tyrol", players=4, episode="hand")
    rng = np.random.default_rng(0)
    for seed in range(20):
        table.reset(seed=seed)
        game = table.unwrapped.game
        totals = play(table, rng)
        assert game.hand_number == 1 or game.is_over
        scored = [e for e in game.events if e.type == "hand_scored"]
        assert len(scored) == 1
        assert [totals[f"player_{s}"] for s in range(4)] == scored[0]["points"] == game.scores


def test_rewards_appear_when_a_hand_ends() -> None:
    table = bz.raw_env(players=3)
    table.reset(seed=5)
    game = table.game
    rng = np.random.default_rng(5)
    while table.agents and not any(table.terminations.values()):
        hand = game.hand_number
        obs = table.observe(table.agent_selection)
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if game.hand_number == hand and not game.is_over:
            assert set(table.rewards.values()) == {0.0}
        else:
            points = next(e for e in reversed(game.events) if e.type == "hand_scored")["points"]
            assert [table.rewards[f"player_{s}"] for s in range(3)] == points


# -- seeds ------------------------------------------------------------------------------------------
def history(table: Any, seed: int | None, actions_seed: int = 0) -> list[int]:
    table.reset(seed=seed)
    play(table, np.random.default_rng(actions_seed))
    return list(table.unwrapped.game.history_ids())


def test_same_reset_seed_same_game_and_the_stream_continues() -> None:
    a, b = bz.env(players=3), bz.env(players=3)
    assert history(a, 11) == history(b, 11)
    assert history(a, 12) != history(a, 11)
    a.reset(seed=11)
    assert a.unwrapped.game_seed == _core.batch_game_seed(11, 0)
    for index in (1, 2):
        a.reset()
        assert a.unwrapped.game_seed == _core.batch_game_seed(11, index)
    # the constructor's seed starts the same stream
    c = bz.env(players=3, seed=11)
    c.reset()
    assert c.unwrapped.game_seed == _core.batch_game_seed(11, 0)
    # the same deal as game 0 of a batch with that base seed
    assert (
        c.unwrapped.game.hands
        == bieten.Game(bieten.Rules(players=3), seed=_core.batch_game_seed(11, 0)).hands
    )


def test_no_seed_draws_fresh_games() -> None:
    table = bz.env(players=3)
    seeds = set()
    for _ in range(5):
        table.reset()
        seeds.add(table.unwrapped.game_seed)
    assert len(seeds) == 5
    other = bz.env(players=3)
    other.reset()
    assert other.unwrapped.game_seed not in seeds


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_bad_reset_seed_is_refused(seed: object) -> None:
    table = bz.env()
    with pytest.raises(bieten.SeedError, match=r"R3\.2"):
        table.reset(seed=seed)


def test_random_dealer_is_drawn_from_the_seed() -> None:
    table = bz.env(players=4, episode="hand", dealer="random")
    dealers = []
    for seed in range(40):
        table.reset(seed=seed)
        dealers.append(table.unwrapped.game.dealer)
        table.reset(seed=seed)
        assert table.unwrapped.game.dealer == dealers[-1]
    assert set(dealers) == {0, 1, 2, 3}
    fixed = bz.env(players=4, dealer=2)
    fixed.reset(seed=0)
    assert fixed.unwrapped.game.dealer == 2
    assert fixed.agent_selection == "player_3"  # forehand, left of the dealer (R2.2)


# -- spaces and observations ------------------------------------------------------------------------
def test_spaces() -> None:
    table = bz.env(preset="welibieten", players=2)
    table.reset(seed=0)
    assert table.possible_agents == ["player_0", "player_1"]
    for agent in table.possible_agents:
        space = table.observation_space(agent)
        assert space is table.observation_space(agent)
        assert space["observation"].shape == (bieten.OBSERVATION_SIZE,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (bieten.NUM_ACTIONS,)
        assert space["action_mask"].dtype == np.int8
        assert table.action_space(agent).n == bieten.NUM_ACTIONS
    assert table.action_space("player_0") is not table.action_space("player_1")


def test_observe_is_each_seats_own_view_and_only_the_actor_has_a_mask() -> None:
    table = bz.env(players=3)
    table.reset(seed=2)
    game = table.unwrapped.game
    actor = table.agent_selection
    for seat, agent in enumerate(table.possible_agents):
        obs = table.observe(agent)
        np.testing.assert_array_equal(obs["observation"], game.observation(seat))
        if agent == actor:
            np.testing.assert_array_equal(obs["action_mask"], game.legal_action_mask().astype(np.int8))
        else:
            assert not obs["action_mask"].any()


def test_observation_high_bounds_scores_and_secured() -> None:
    rules = bieten.Rules(target=1, overbid="none")
    high = bz.observation_high(rules)
    assert high[bz.OBS_SCORES] == pytest.approx(3.0)
    assert high[bz.OBS_SECURED] == pytest.approx(10.0)
    assert set(np.delete(high, np.r_[bz.OBS_SCORES : bz.OBS_SECURED + 5]).tolist()) == {1.0}
    assert bz.observation_high(bieten.Rules(target=11))[bz.OBS_SCORES] == pytest.approx(13 / 11)
    assert bz.observation_high(bieten.Rules(target=11))[bz.OBS_SECURED] == 1.0


@pytest.mark.parametrize("target", [1, 2, 3, 11])
def test_observations_stay_in_bounds_where_scores_exceed_the_target(target: int) -> None:
    table = bz.raw_env(players=2, target=target, overbid="none")
    rng = np.random.default_rng(target)
    peak = 0.0
    for seed in range(30):
        table.reset(seed=seed)
        game = table.game
        while not game.is_over:
            for agent in table.possible_agents:
                obs = table.observe(agent)
                assert table.observation_space(agent).contains(obs)
            table.step(int(rng.choice(np.flatnonzero(table.observe(table.agent_selection)["action_mask"]))))
        for seat, agent in enumerate(table.possible_agents):
            vector = table.observe(agent)["observation"]
            assert table.observation_space(agent).contains(table.observe(agent))
            assert vector[bz.OBS_SCORES] == pytest.approx(game.scores[seat] / target)  # the block's offset
            peak = max(peak, float(vector[bz.OBS_SCORES : bz.OBS_SECURED + 5].max()))
    assert peak > 1.0


# -- illegal actions --------------------------------------------------------------------------------
def test_illegal_action_raises_naming_the_rule_and_changes_nothing() -> None:
    table = bz.env(players=2)
    table.reset(seed=7)
    game = table.unwrapped.game
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = (table.agent_selection, game.history_ids(), dict(table._cumulative_rewards))
    with pytest.raises(bieten.IllegalActionError, match=r"^R\d+(\.\d+)?: "):
        table.step(illegal)
    assert (table.agent_selection, game.history_ids(), dict(table._cumulative_rewards)) == before
    raw = bz.raw_env(players=2)
    raw.reset(seed=7)
    with pytest.raises(bieten.IllegalActionError, match="R9"):
        raw.step(None)
    for bad in (bieten.NUM_ACTIONS, -1, 2**40, True, 1.0):
        with pytest.raises(bieten.IllegalActionError, match="R11"):
            raw.step(bad)  # type: ignore[arg-type]
    with pytest.raises(bieten.IllegalActionError, match="R11"):
        raw.step("play HK")  # type: ignore[arg-type]
    for outside in (bieten.NUM_ACTIONS, -1, None):  # the wrapped env's bounds check comes first
        with pytest.raises(AssertionError, match="action space"):
            table.step(outside)
    assert (table.agent_selection, game.history_ids(), dict(table._cumulative_rewards)) == before


def test_illegal_reward_option_terminates_instead() -> None:
    table = bz.env(players=3, illegal_reward=-5)
    table.reset(seed=1)
    offender = table.agent_selection
    mask = table.observe(offender)["action_mask"]
    table.step(int(np.flatnonzero(mask == 0)[0]))  # PettingZoo logs "Illegal move made"
    assert all(table.terminations.values())
    rewards = {}
    for agent in table.agent_iter():
        rewards[agent] = table.last()[1]
        table.step(None)
    assert rewards[offender] == -5
    assert table.agents == []


def test_step_before_reset_is_refused() -> None:
    table = bz.env()
    with pytest.raises(AssertionError, match="reset"):
        table.step(0)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="episode"):
        bz.env(episode="trick")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        bz.env(render_mode="rgb_array")
    with pytest.raises(bieten.RulesError, match="R10"):
        bz.env(players=6)
    with pytest.raises(bieten.RulesError, match="unknown"):
        bz.env(nonsense=1)
    with pytest.raises(bieten.SeatError, match=r"R2\.2"):
        bz.env(players=3, dealer=3)


def test_rules_object_as_preset() -> None:
    rules = bieten.Rules.preset("bavaria", players=2)
    table = bz.env(preset=rules, target=5)
    table.reset(seed=0)
    assert table.unwrapped.rules == rules.replace(target=5)


# -- rendering --------------------------------------------------------------------------------------
def test_render_ansi_shows_the_table() -> None:
    table = bz.env(preset="welibieten", players=2, render_mode="ansi")
    table.reset(seed=3)  # player_1 holds the Weli
    game = table.unwrapped.game
    text = table.render()
    assert isinstance(text, str)
    assert "welibieten, 2 players, target 11" in text
    assert "hand 0, dealer player_0" in text
    assert "Scores: player_0 0, player_1 0" in text
    assert f"To act: player_1 (turn), holding {' '.join(game.unplayed[1])}" in text
    assert "Bids: none" in text
    table.step(bieten.Action("play S6 as HA").id)
    table.step(bieten.Action("bid red").id)
    text = table.render()
    assert "player_1: S6 as HA  <- to act" not in text  # player_0 must answer
    assert "player_1: S6 as HA" in text
    assert "player_0: -  <- to act" in text
    assert "Trick 1: player_1 S6 as HA" in text
    assert "red bid by player_1" in text
    assert "Last action: player_1 bid red" in text
    assert f"holding {' '.join(game.unplayed[0])}" in text
    assert " ".join(game.unplayed[1]) not in text.split("To act")[1]  # only the actor's hand


def test_render_at_the_end_of_an_episode() -> None:
    table = bz.env(players=2, render_mode="ansi", episode="hand")
    table.reset(seed=3)
    play(table, np.random.default_rng(3))
    text = table.render()
    game = table.unwrapped.game
    assert "Hand 0 scored: " in text and "+" in text
    # Every credit of R8.1 in order, paid or void (credit_void: R6.5 tie, R6.6/R7.7 unheld, R8.2).
    credits = []
    for e in game.events:
        if e.hand == 0 and e.type == "figure_credited":
            credits.append(f"player_{e['seat']} +{e['points']} {e['figure']} ({e['reason']})")
        elif e.hand == 0 and e.type == "credit_void":
            credits.append(f"{e['figure']} void ({e['reason']})")
    assert any("void" in c for c in credits) and len(credits) == 6  # 5 figures + the Weli point
    assert f"Hand 0 scored: {', '.join(credits)}" in text
    assert "hand 0," in text  # the finished hand, not the next deal
    if not game.is_over:
        assert "Hand over" in text
    full = bz.env(players=2, render_mode="ansi")
    full.reset(seed=3)
    play(full, np.random.default_rng(3))
    text = full.render()
    winner = full.unwrapped.game.winner
    assert f"Game over: player_{winner} wins" in text


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    table = bz.env(players=3, render_mode="human")
    table.reset(seed=0)
    assert table.render() is None
    assert "To act: player_1" in capsys.readouterr().out
    table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
    assert "Last action: player_1" in capsys.readouterr().out  # human mode renders every step


def test_render_without_mode_warns() -> None:
    table = bz.env()
    table.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert table.render() is None


# -- documentation and packaging --------------------------------------------------------------------
def test_docstring_examples_run_as_written() -> None:
    result = doctest.testmod(bz, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0


def test_doc_examples_run_as_written() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "pettingzoo.md"), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_package_imports_without_pettingzoo() -> None:
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = None\n"
        "import bieten, bieten.env\n"
        "try:\n"
        "    import bieten.env.pettingzoo\n"
        "except ImportError as err:\n"
        "    print(err)\n"
        "else:\n"
        "    raise SystemExit('imported without pettingzoo')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ)
    )
    assert "pip install 'bieten[rl]'" in out.stdout
