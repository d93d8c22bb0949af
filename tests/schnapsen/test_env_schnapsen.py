"""The Bauernschnapsen and Schnapsen front ends: the PettingZoo AEC environment
(bieten.env.pettingzoo with game="schnapsen") and the OpenSpiel game python_schnapsen
(bieten.env.openspiel), docs/pettingzoo.md and docs/openspiel.md, "Schnapsen"; and the deprecated
modules of before game= (bieten.env.schnapsen_pettingzoo, bieten.env.schnapsen_openspiel)."""

from __future__ import annotations

import doctest
import functools
import os
import pickle
import re
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import bieten
from bieten import _core, schnapsen

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from bieten.env import _spiel, openspiel, pettingzoo  # noqa: E402
from bieten.schnapsen import env as _schnapsen  # noqa: E402

GAME = "schnapsen"
pz_env = functools.partial(pettingzoo.env, game=GAME)
pz_raw_env = functools.partial(pettingzoo.raw_env, game=GAME)
load_game = functools.partial(openspiel.load_game, game=GAME)

PRESETS = schnapsen.Rules.PRESETS
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
CARD = re.compile(r"\b[HLSE](?:A|K|O|U|10)\b")
# api_test warns about dict observations (observation + action_mask) unless the environment's name is
# one of PettingZoo's own classic games; the dict is PettingZoo's documented convention for masks.
DICT_OBSERVATION = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def play(table: Any, rng: np.random.Generator, check: bool = False) -> dict[str, float]:
    """Plays one episode with uniformly random legal actions; returns each agent's total reward.

    With ``check``, every observation and mask is compared with a separate ``schnapsen.Game`` that
    replays the same actions from the same seed and dealer."""
    game = table.unwrapped.game
    twin = schnapsen.Game(game.rules, seed=game.seed, dealer=game.dealer) if check else None
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            assert not obs["action_mask"].any()
            table.step(None)
            continue
        if twin is not None:
            seat = table.unwrapped.seat(agent)
            assert twin.current_player == seat
            assert table.observation_space(agent).contains(obs)
            np.testing.assert_array_equal(obs["observation"], twin.observation(seat))
            np.testing.assert_array_equal(obs["action_mask"].astype(bool), twin.legal_action_mask())
            for other in table.possible_agents:
                if other != agent:
                    seen = table.observe(other)
                    assert not seen["action_mask"].any()
                    np.testing.assert_array_equal(
                        seen["observation"], twin.observation(table.unwrapped.seat(other))
                    )
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        table.step(action)
        if twin is not None:
            twin.apply_id(action)
    assert table.agents == []
    return totals


# -- PettingZoo ------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
def test_api_test(preset: str) -> None:
    # A random game lasts at most a few hundred steps; 1000 cycles of every agent finish it.
    api_test(pz_env(preset=preset), num_cycles=1000)


@pytest.mark.parametrize("preset", PRESETS)
def test_seed_test(preset: str) -> None:
    seed_test(lambda: pz_env(preset=preset), num_cycles=300)


@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
def test_raw_env_and_episode_hand_pass_api_test_too() -> None:
    api_test(pz_raw_env("schnapsen"), num_cycles=1000)
    api_test(pz_env("bauernschnapsen_called", episode="hand"), num_cycles=1000)


@pytest.mark.parametrize("preset", PRESETS)
def test_observation_and_mask_are_the_games(preset: str) -> None:
    table = pz_env(preset=preset, dealer="random")
    table.reset(seed=3)
    play(table, np.random.default_rng(3), check=True)
    assert table.unwrapped.game.is_over


@pytest.mark.parametrize("preset", PRESETS)
def test_rewards_of_each_deal_are_its_score_change(preset: str) -> None:
    table = pz_raw_env(preset)
    rng = np.random.default_rng(4)
    for seed in range(2):
        table.reset(seed=seed)
        game = table.game
        assert game.seed == _core.batch_game_seed(seed, 0)
        deal_rewards = [0.0] * game.rules.players
        totals = [0.0] * game.rules.players
        while not any(table.terminations.values()):
            hand, before = game.hand_number, game.scores
            table.step(int(rng.choice(game.legal_action_ids())))
            for s in range(game.rules.players):
                deal_rewards[s] += table.rewards[f"player_{s}"]
                totals[s] += table.rewards[f"player_{s}"]
            if game.hand_number == hand and not game.is_over:
                assert set(table.rewards.values()) == {0.0}
                continue
            scored = next(e for e in reversed(game.events) if e.type == "deal_scored")
            assert scored.hand == hand
            assert deal_rewards == [float(p) for p in scored["gained"]]
            assert [a - b for a, b in zip(game.scores, before, strict=True)] == scored["gained"]
            deal_rewards = [0.0] * game.rules.players
        assert game.is_over and totals == [float(s) for s in game.scores]
        assert max(game.scores) <= _schnapsen.max_utility(game.rules)


def test_episode_hand_is_one_deal() -> None:
    table = pz_env("bauernschnapsen_2", episode="hand")
    for seed in range(5):
        table.reset(seed=seed)
        game = table.unwrapped.game
        totals = play(table, np.random.default_rng(seed))
        scored = [e for e in game.events if e.type == "deal_scored"]
        assert len(scored) == 1
        assert [totals[f"player_{s}"] for s in range(2)] == scored[0]["gained"] == game.scores


def test_illegal_action_raises_naming_the_rule_and_changes_nothing() -> None:
    table = pz_env("bauernschnapsen")
    table.reset(seed=7)
    game = table.unwrapped.game
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = (table.agent_selection, game.to_json(), dict(table._cumulative_rewards))
    with pytest.raises(bieten.IllegalActionError, match=r"^S\d+(\.\d+)?: "):
        table.step(illegal)
    raw = pz_raw_env("schnapsen")
    raw.reset(seed=7)
    with pytest.raises(bieten.IllegalActionError, match="S9"):
        raw.step(None)
    for bad in (schnapsen.NUM_ACTIONS, -1, True, 1.0, "claim"):
        with pytest.raises(bieten.IllegalActionError, match="S11"):
            raw.step(bad)  # type: ignore[arg-type]
    for outside in (schnapsen.NUM_ACTIONS, -1, None):  # the wrapped env's bounds check comes first
        with pytest.raises(AssertionError, match="action space"):
            table.step(outside)
    assert (table.agent_selection, game.to_json(), dict(table._cumulative_rewards)) == before
    with pytest.raises(bieten.SeatError, match=r"S2\.1"):
        raw.seat("player_2")
    with pytest.raises(bieten.SeatError, match=r"S2\.1"):
        pz_raw_env("bauernschnapsen", dealer=4)


def test_spaces_bounds_and_rules() -> None:
    table = pz_raw_env("bauernschnapsen", target=11, retour=True)
    assert table.rules == schnapsen.Rules.preset("bauernschnapsen", target=11, retour=True)
    space = table.observation_space("player_0")
    assert space["observation"].shape == (schnapsen.OBSERVATION_SIZE,)
    assert table.action_space("player_3").n == schnapsen.NUM_ACTIONS == 61
    high = space["observation"].high
    assert high[_schnapsen.OBS_SCORES] == pytest.approx((11 - 1 + 48) / 11)
    assert high[0] == 1.0
    assert pz_raw_env(schnapsen.Rules.preset("schnapsen")).rules.players == 2


def test_render_ansi_shows_the_table() -> None:
    table = pz_env("schnapsen", render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text.startswith("Schnapsen (schnapsen, 2 players, target 7): deal 0, dealer player_0")
    assert "To act: player_1 (play), holding " in text
    play(table, np.random.default_rng(0))
    assert "Game over: " in table.render()


# -- OpenSpiel -------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_random_sim_test_with_serialization(preset: str) -> None:
    pyspiel.random_sim_test(load_game(preset), num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(load_game(preset, episode="hand"), num_sims=3, serialize=True, verbose=False)


def test_game_type_info_and_parameters() -> None:
    game = pyspiel.load_game("python_schnapsen(preset=schnapsen,closing=0,dealer=1)")
    assert game.rules == schnapsen.Rules.preset("schnapsen", closing=False)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert not game.get_type().provides_information_state_tensor
    assert game.max_game_length() == _schnapsen.max_game_length(game.rules)
    assert game.max_utility() == _schnapsen.max_utility(game.rules) == 7 - 1 + 3
    assert game.max_chance_nodes_in_history() == _schnapsen.max_hands(game.rules) * 20
    assert game.new_initial_state().core.dealer == 1
    assert load_game(episode="hand").num_players() == 4
    assert pickle.loads(pickle.dumps(game)).rules == game.rules
    for text, message in [
        ("python_schnapsen(preset=tyrol)", "S10: unknown preset"),
        ("python_schnapsen(knock=2)", "S10: knock is -1"),
        ("python_schnapsen(players=3)", "S10"),
        ("python_schnapsen(dealer=4)", "S2.1"),
        ("python_schnapsen(episode=deal)", "episode"),
    ]:
        with pytest.raises((ValueError, pyspiel.SpielError), match=message):
            pyspiel.load_game(text)


@pytest.mark.parametrize("preset", PRESETS)
def test_chance_nodes_draw_the_pack_and_deal_it(preset: str) -> None:
    game = load_game(preset)
    state = game.new_initial_state()
    if game.rules.knock:
        assert state.current_player() == game.rules.players - 1  # the cutter (S3.3)
        assert [state.action_to_string(a) for a in state.legal_actions()] == ["cut", "knock"]
        state.apply_action(0)
    for drawn in range(20):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 20 - drawn
        assert all(p == pytest.approx(1 / (20 - drawn)) for _, p in outcomes)
        state.apply_action(outcomes[-1][0])  # the deck in reverse pack order
    assert not state.is_chance_node()
    dealt = state.core.dealt_cards()
    cards = [card for hand in dealt["hands"] for card in hand] + dealt["stock"]
    assert sorted(cards + [dealt["trump_card"]] * (game.rules.players == 2)) == sorted(_schnapsen.PACK)
    forehand = 1  # dealer 0; the top card was drawn first, and forehand's packet is the top three
    assert dealt["hands"][forehand][:3] == [_schnapsen.PACK[19], _schnapsen.PACK[18], _schnapsen.PACK[17]]
    with pytest.raises(ValueError, match="not a chance node"):
        state.chance_outcomes()
    with pytest.raises(ValueError, match="not a chance outcome"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 20)
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, i) for i in (0, 4, 19)] == [
        "draw HA",
        "draw H10",
        "draw E10",
    ]


def test_observation_and_legal_actions_are_the_engines() -> None:
    for preset in PRESETS:
        game = load_game(preset)
        rng = np.random.default_rng(1)
        state = game.new_initial_state()
        observer = game.make_py_observer()
        while not state.is_terminal():
            core = state.core
            for seat in range(game.num_players()):
                np.testing.assert_array_equal(state.observation_tensor(seat), core.observation(seat))
            observer.set_from(state, 0)
            np.testing.assert_array_equal(observer.dict["hand"], core.observation(0)[:20])
            if state.is_chance_node():
                state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            else:
                assert state.legal_actions() == core.legal_action_ids()
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.returns() == [float(s) for s in state.core.scores]
        assert state.core.is_over


def test_information_state_shows_a_seat_only_its_own_cards() -> None:
    """S12: in the first trick a seat's information state names its own cards, the turned or trump
    card, the called card and the cards played, never another seat's hidden card."""
    for preset in PRESETS:
        game = load_game(preset)
        rng = np.random.default_rng(2)
        state = game.new_initial_state()
        while state.is_chance_node() or "play" not in state.action_to_string(state.legal_actions()[0]):
            actions = (
                [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            )
            state.apply_action(int(rng.choice(actions)))
        core = state.core
        for seat in range(game.num_players()):
            text = state.information_state_string(seat)
            shown = {core.turned_card, core.trump_card, core.called_card} - {None}
            shown |= {card for _, card in core.trick()}
            mine = set(str(bieten.CardSet.from_mask(core.hand_masks[seat])).split())
            assert set(CARD.findall(text)) <= mine | shown, (preset, seat, text)
            assert text.startswith(f"seat {seat}: deal_started hand=0 ")


def test_illegal_action_raises_naming_the_rule_and_changes_nothing_in_openspiel() -> None:
    game = load_game("schnapsen")
    state = game.new_initial_state()
    with pytest.raises(bieten.IllegalActionError, match=r"^S3\.2: "):
        state.apply_action(25)
    for card in range(20):
        state.apply_action(card)
    before = (state.history(), str(state), state.information_state_string(0))
    illegal = next(a for a in range(61) if a not in state.legal_actions())
    with pytest.raises(bieten.IllegalActionError, match=r"^S\d+(\.\d+)?: "):
        state.apply_action(illegal)
    assert (state.history(), str(state), state.information_state_string(0)) == before


def test_serialization_pickling_and_clones_continue_identically() -> None:
    game = load_game("bauernschnapsen_called", target=7)
    rng = np.random.default_rng(9)
    state = game.new_initial_state()
    for _ in range(30):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    _, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    copies = [state2, pickle.loads(pickle.dumps(state)), state.clone()]
    for other in copies:
        assert str(other) == str(state) and other.history() == state.history()
        for seat in range(4):
            assert other.information_state_string(seat) == state.information_state_string(seat)
    while not state.is_terminal():
        chance = state.is_chance_node()
        action = int(rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()))
        for s in [state, *copies]:
            s.apply_action(action)
    for other in copies:
        assert other.is_terminal() and other.returns() == state.returns()


def test_episode_hand_returns_are_the_deals_score() -> None:
    game = load_game("bauernschnapsen", episode="hand")
    rng = np.random.default_rng(5)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            chance = state.is_chance_node()
            state.apply_action(
                int(rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()))
            )
        scored = [e for e in state.core.event_dicts() if e["type"] == "deal_scored"]
        assert len(scored) == 1
        assert state.returns() == [float(p) for p in scored[0]["gained"]]
        assert max(state.returns()) <= game.max_utility()
        with pytest.raises(bieten.IllegalActionError, match=r"S8\.6"):
            state.apply_action(0)


@pytest.mark.parametrize("preset", ["bauernschnapsen", "schnapsen"])
def test_mcts_and_random_bots_play_full_games(preset: str) -> None:
    from open_spiel.python.algorithms import mcts

    game = load_game(preset, target=3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(1))]
    bots += [pyspiel.make_uniform_random_bot(seat, seat) for seat in range(1, game.num_players())]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert max(returns) >= 3


# -- documents and packaging ---------------------------------------------------------------------------
def test_docstring_examples_run_as_written() -> None:
    for module in (_schnapsen, _spiel, pettingzoo, openspiel):
        result = doctest.testmod(module, optionflags=FLAGS)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__


def test_imports_without_the_frameworks_say_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = None\n"
        "sys.modules['pyspiel'] = None\n"
        "import bieten, bieten.env\n"
        "for name in ('schnapsen_pettingzoo', 'schnapsen_openspiel'):\n"
        "    try:\n"
        "        __import__('bieten.env.' + name)\n"
        "    except ImportError as err:\n"
        "        print(err)\n"
        "    else:\n"
        "        raise SystemExit('imported ' + name)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ)
    )
    assert "pip install 'bieten[rl]'" in out.stdout
    assert "pip install 'bieten[openspiel]'" in out.stdout
