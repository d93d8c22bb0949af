"""The OpenSpiel game python_bieten (bieten.env.openspiel, docs/openspiel.md)."""

from __future__ import annotations

import doctest
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bieten
from bieten import _core

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from bieten.env import openspiel as bos  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
CARD = re.compile(r"\b(?:[HLSE](?:A|K|O|U|10|9|8|7)|S6)\b")
# The chance deal of tyrol with 2 players, dealer 0 (R3.6): seat 1 (forehand) 2 cards, seat 0 2,
# then one each.
DEAL_SLOTS = (1, 1, 0, 0, 1, 0)


def load(preset: str = "tyrol", **params: Any) -> Any:
    return bos.load_game(preset, **params)


def random_state(game: Any, rng: np.random.Generator, stop: int | None = None) -> Any:
    """Plays uniformly random chance outcomes and legal actions (to the end, or ``stop`` steps)."""
    state = game.new_initial_state()
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def dealt(game: Any, cards: list[str]) -> Any:
    state = game.new_initial_state()
    for card in cards:
        state.apply_action(bieten.Card(card).id)
    return state


# -- registration, parameters, game type and info -------------------------------------------------
def test_registered_with_its_type() -> None:
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    assert bos.GAME_NAME in registered
    game = pyspiel.load_game("python_bieten")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (2, 5)
    assert t.provides_information_state_string and t.provides_observation_string
    assert t.provides_observation_tensor and not t.provides_information_state_tensor
    assert set(t.parameter_specification) == set(bos.DEFAULT_PARAMETERS)
    assert isinstance(game, bos.BietenGame)
    assert game.rules == bieten.Rules()


@pytest.mark.parametrize(
    ("text", "preset", "knobs"),
    [
        ("", "tyrol", {}),
        ("preset=south_tyrol", "south_tyrol", {}),
        ("preset=south_tyrol,players=3,cut_steal=0", "south_tyrol", {"players": 3, "cut_steal": False}),
        (
            "preset=bavaria,weli_point=1,target=21,ties=no_point",
            "bavaria",
            {"weli_point": True, "target": 21, "ties": "no_point"},
        ),
        (
            "wild=spitzen,weli_point=0,hand_size=4,reraise=0",
            "tyrol",
            {"wild": "spitzen", "weli_point": False, "hand_size": 4, "reraise": False},
        ),
        (
            "preset=welibieten,show_top_card=1,overbid=none",
            "welibieten",
            {"show_top_card": True, "overbid": "none"},
        ),
    ],
)
def test_parameters_default_to_the_preset(text: str, preset: str, knobs: dict[str, Any]) -> None:
    rules = bieten.Rules.preset(preset, **knobs)
    game = pyspiel.load_game(f"python_bieten({text})" if text else "python_bieten")
    assert game.rules == rules
    assert game.num_players() == rules.players
    again = pyspiel.load_game(str(game))  # the game string keeps the sentinels
    assert again.rules == rules and str(again) == str(game)


def test_load_game_helper_takes_python_values() -> None:
    game = load("south_tyrol", players=3, cut_steal=False, reraise=True, target=5)
    assert game.rules == bieten.Rules.preset("south_tyrol", players=3, cut_steal=False, target=5)
    assert game.get_parameters()["cut_steal"] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("python_bieten(preset=nope)", "R10: unknown preset 'nope'"),
        ("python_bieten(players=6)", "R10"),
        ("python_bieten(hand_size=5)", "R10"),
        ("python_bieten(target=0)", "R10"),
        ("python_bieten(cut_steal=2)", "cut_steal is -1"),
        ("python_bieten(wild=weli)", "R6.6"),
        ("python_bieten(wild=joker)", "R10"),
        ("python_bieten(episode=forever)", "episode must be 'game' or 'hand'"),
        ("python_bieten(players=2,dealer=2)", "R2.2"),
    ],
)
def test_bad_parameters_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        pyspiel.load_game(text)


def test_bool_parameters_are_ints_in_game_strings() -> None:
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter cut_steal"):
        pyspiel.load_game("python_bieten(cut_steal=true)")


@pytest.mark.parametrize(
    ("preset", "params", "length"),
    [
        ("tyrol", {}, 41 * 69),  # 4 * 10 + 1 hands, 2*4*3 + 5*(2*4+1) actions a hand
        ("tyrol", {"players": 2, "target": 5}, 9 * 37),
        ("south_tyrol", {"players": 5, "hand_size": 4}, 51 * 98),  # 3 steals + 40 + 5 * 11
        ("bavaria", {"players": 3, "reraise": False}, 31 * (18 + 5 * 5)),
        ("tyrol", {"episode": "hand"}, 69),
    ],
)
def test_game_info(preset: str, params: dict[str, Any], length: int) -> None:
    game = load(preset, **params)
    rules = game.rules
    hand = params.get("episode") == "hand"
    assert game.num_distinct_actions() == bieten.NUM_ACTIONS == 140
    assert game.max_chance_outcomes() == 35
    assert game.num_players() == rules.players
    assert game.max_game_length() == length == bos.max_game_length(rules, "hand" if hand else "game")
    assert game.min_utility() == 0.0
    assert game.max_utility() == (min(rules.target + 2, 16) if hand else rules.target + 2)
    assert game.max_chance_nodes_in_history() == bos.max_hands(rules, "hand" if hand else "game") * (
        bos.hand_chance_bound(rules)
    )
    assert game.observation_tensor_shape() == [bieten.OBSERVATION_SIZE]


@pytest.mark.parametrize(
    ("preset", "params"),
    [
        ("tyrol", {"players": 2}),
        ("south_tyrol", {"players": 5, "hand_size": 4}),
        ("south_tyrol", {"players": 2}),
        ("welibieten", {"players": 3, "overbid": "none"}),
        ("spitzbieten", {"players": 4, "reraise": False}),
    ],
)
def test_the_bounds_hold_in_bid_happy_random_play(preset: str, params: dict[str, Any]) -> None:
    """Random play that bids, holds, raises and steals whenever it may stays within the bounds."""
    rules = bieten.Rules.preset(preset, target=5, **params)
    rng = np.random.default_rng(11)
    eager = {129, 130, 131, 132, 133, 135, 136, 138}
    for _ in range(60):
        core = _core.CoreGame(rules._core, 0, 0, None, None, False, chance_deals=True)
        hands, decisions, chances, hand = 1, 0, 0, 0
        while not core.is_over:
            if core.is_chance_node:
                core.apply_id(int(rng.choice([a for a, _ in core.chance_outcomes()])))
                chances += 1
            else:
                ids = core.legal_action_ids()
                keen = [a for a in ids if a in eager]
                core.apply_id(int(rng.choice(keen if keen and rng.random() < 0.9 else ids)))
                decisions += 1
            if core.is_over or core.hand_number != hand:
                assert decisions <= bos.hand_action_bound(rules)
                assert chances <= bos.hand_chance_bound(rules)
                decisions = chances = 0
                hand = core.hand_number
                hands += 0 if core.is_over else 1
        assert hands <= bos.max_hands(rules)
        assert max(core.scores) <= bos.max_utility(rules)


# -- OpenSpiel's own test ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "params"),
    [
        ("tyrol", {"players": 2}),
        ("tyrol", {"players": 3}),
        ("welibieten", {"players": 4}),
        ("south_tyrol", {"players": 3}),  # cut-steal and the face-up card
        ("spitzbieten", {"players": 2, "hand_size": 4}),
        ("bavaria", {"players": 5, "hand_size": 4, "show_top_card": True}),
        ("south_tyrol", {"players": 4, "episode": "hand"}),  # with the information-state tensor
        ("tyrol", {"players": 3, "episode": "hand", "dealer": 2, "cut_steal": True}),
    ],
)
def test_random_sim_test_with_serialization(preset: str, params: dict[str, Any]) -> None:
    game = load(preset, target=5, **params)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.parametrize("preset", bieten.Rules.PRESETS)
def test_random_sim_test_whole_games_to_eleven(preset: str) -> None:
    pyspiel.random_sim_test(load(preset), num_sims=2, serialize=True, verbose=False)


# -- chance nodes and actions ------------------------------------------------------------------------
def test_chance_nodes_deal_every_card() -> None:
    game = load(players=2, target=5)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(33))
    assert all(p == pytest.approx(1 / 33) for _, p in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 32) == "deal S6"
    with pytest.raises(ValueError, match="not a chance outcome"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 35)
    state = dealt(game, ["HA", "HK", "LA", "LK", "HO", "LO"])
    assert state.core.hand_masks == [
        bieten.CardSet("LA LK LO").mask,
        bieten.CardSet("HA HK HO").mask,
    ]
    assert state.current_player() == 1
    assert state.action_to_string(1, 129) == "bid red"
    assert [state.action_to_string(a) for a in state.legal_actions()][:3] == ["play HA", "play HK", "play HO"]
    with pytest.raises(ValueError, match="not a chance node"):
        state.chance_outcomes()
    with pytest.raises(bieten.IllegalActionError, match=r"R4\.1"):
        state.apply_action(8)  # LA is seat 0's


def test_cut_steal_chance_nodes_and_decisions() -> None:
    game = load("south_tyrol", players=3, target=5)
    state = dealt(game, ["HA"])  # shown to the cutter, seat 2
    assert state.current_player() == 2
    assert state.legal_actions() == [138, 139]
    state.apply_action(138)
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {33: pytest.approx(31 / 32), 34: pytest.approx(1 / 32)}
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 33) == "packet more"
    state.apply_action(33)
    state.apply_action(bieten.Card("EK").id)  # the next card up
    state.apply_action(139)  # left: it is never dealt
    assert bieten.Card("EK").id not in [a for a, _ in state.chance_outcomes()]
    assert len(state.chance_outcomes()) == 31
    assert "cut 2 sees EK" in state.information_state_string(2)
    assert "cut 2 sees ?" in state.information_state_string(0)
    assert "EK" not in state.information_state_string(0)


# -- information state -----------------------------------------------------------------------------
def test_information_state_string_is_what_the_seat_saw() -> None:
    game = load(players=2, target=5)
    a = dealt(game, ["HA", "HK", "LA", "LK", "HO", "LO"])
    b = dealt(game, ["SA", "SK", "LA", "LK", "SO", "LO"])  # seat 0 holds the same cards
    c = dealt(game, ["HA", "HK", "LA", "LK", "HO", "EO"])  # seat 0's third card differs
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.information_state_string(0) != c.information_state_string(0)
    assert a.information_state_string(1) == c.information_state_string(1)
    assert a.information_state_string(0) == (
        "seat 0: hand 0 dealer 0, deal 1 ?, deal 1 ?, deal 0 LA, deal 0 LK, deal 1 ?, deal 0 LO | 1 to act"
    )
    a.apply_action(bieten.Action("bid red").id)
    assert a.information_state_string(0).endswith("deal 0 LO, 1 bid red | 0 to act")
    assert a.information_state_string() == a.information_state_string(0)


def _event_cards(core: Any, seat: int) -> set[str]:
    cards: set[str] = set()
    for event in core.event_dicts_for(seat):
        for value in event.values():
            items = value if isinstance(value, list) else [value]
            for item in items:
                for sub in item if isinstance(item, list) else [item]:
                    if isinstance(sub, str) and CARD.fullmatch(sub):
                        cards.add(sub)
    return cards


@pytest.mark.parametrize(
    ("preset", "params"),
    [("south_tyrol", {"players": 3}), ("spitzbieten", {"players": 2, "cut_steal": True}), ("tyrol", {})],
)
def test_information_state_shows_the_cards_the_engine_shows_the_seat(
    preset: str, params: dict[str, Any]
) -> None:
    """Cross-check with the engine's own per-seat event view (docs/events.md): at every decision the
    cards a seat's string names are those its events name."""
    game = load(preset, target=5, **params)
    rng = np.random.default_rng(5)
    for _ in range(3):
        state = game.new_initial_state()
        witness = _core.CoreGame(game.rules._core, 0, 0, None, None, True, chance_deals=True)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                action = int(rng.choice(actions, p=probs))
            else:
                for seat in range(game.num_players()):
                    named = set(CARD.findall(state.information_state_string(seat)))
                    assert named == _event_cards(witness, seat)
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            witness.apply_id(action)


def test_information_state_string_has_perfect_recall() -> None:
    game = load("south_tyrol", players=3, target=5)
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    previous = ["" for _ in range(3)]
    while not state.is_terminal():
        for seat in range(3):
            seen = state.information_state_string(seat).rsplit(" | ", 1)[0]
            assert seen.startswith(previous[seat])
            previous[seat] = seen
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.information_state_string(0).endswith("game over | over")


@pytest.mark.parametrize(
    ("preset", "params"),
    [
        ("tyrol", {"players": 2}),
        ("south_tyrol", {"players": 3}),
        ("spitzbieten", {"players": 4, "hand_size": 4}),
        ("welibieten", {"players": 3, "episode": "hand"}),
    ],
)
def test_resampled_states_look_the_same_to_the_seat(preset: str, params: dict[str, Any]) -> None:
    """resample_from_infostate gives other worlds the seat cannot tell apart: same string, same
    legal actions, same observation (and information-state tensor)."""
    game = load(preset, target=5, **params)
    tensor = game.get_type().provides_information_state_tensor
    rng = np.random.default_rng(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other_worlds = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            seat = state.current_player()
            world = state.resample_from_infostate(seat, sampler)
            other_worlds += str(world) != str(state)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.legal_actions() == state.legal_actions()
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            if tensor:
                assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert other_worlds > 10


def test_observation_is_the_engine_observation() -> None:
    game = load("south_tyrol", players=3, target=5)
    state = random_state(game, np.random.default_rng(1), stop=25)
    core = state.core
    for seat in range(3):
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), core.observation(seat))
        text = state.observation_string(seat)
        assert text.startswith(f"cards {bieten.CardSet.from_mask(core.unplayed_masks[seat]) or '-'} ")
        hidden = {
            str(c) for s in range(3) if s != seat for c in bieten.CardSet.from_mask(core.unplayed_masks[s])
        }
        assert hidden and not hidden & set(CARD.findall(text))
    from open_spiel.python.observation import make_observation

    observation = make_observation(game)
    observation.set_from(state, 1)
    assert set(observation.dict) == {name for name, _, _ in bos.OBS_BLOCKS}
    assert observation.dict["own_dealt"].sum() == len(bieten.CardSet.from_mask(state.core.hand_masks[1]))


def test_information_state_tensor_with_episode_hand() -> None:
    game = load(players=3, episode="hand", target=5)
    slots = bos.hand_action_bound(game.rules) + bos.hand_chance_bound(game.rules)
    assert game.information_state_tensor_shape() == [bieten.OBSERVATION_SIZE + slots * bos.HISTORY_SLOT_SIZE]
    state = dealt(game, ["HA", "HK", "HO", "LA", "LK", "LO", "SA", "SK", "SO"])
    state.apply_action(bieten.Action("bid red").id)  # seat 1, forehand
    tensor = np.array(state.information_state_tensor(0)).reshape(-1)
    assert np.array_equal(tensor[: bieten.OBSERVATION_SIZE], state.core.observation(0))
    history = tensor[bieten.OBSERVATION_SIZE :].reshape(slots, bos.HISTORY_SLOT_SIZE)
    # R3.6 from forehand (seat 1): HA HK to seat 1, HO LA to seat 2, LK LO to seat 0, then SA SK SO.
    first = history[0]  # HA, dealt to seat 1: hidden from seat 0
    assert first[5] == 1 and first[6] == 1 and first[7:].sum() == 0
    own = history[4]  # LK, seat 0's own
    assert own[5] == 1 and own[6] == 0 and own[7 + bieten.Card("LK").id] == 1 and own.sum() == 2
    bid = history[9]  # seat 1 is seat 0's left neighbour: relative seat 1
    assert bid[1] == 1 and bid[7 + 129] == 1 and bid.sum() == 2
    assert history[10:].sum() == 0
    with pytest.raises(ValueError, match="no information-state tensor with episode='game'"):
        load(players=3).information_state_tensor_shape()


def test_episode_hand_ends_with_the_hand() -> None:
    game = load(players=3, episode="hand")
    rng = np.random.default_rng(4)
    for _ in range(5):
        state = random_state(game, rng)
        core = state.core
        assert core.hand_number == 1 or core.is_over
        assert state.returns() == [float(s) for s in core.scores]
        assert sum(state.returns()) >= 1  # the Spiel at least
        assert state.legal_actions() == []
        with pytest.raises(bieten.IllegalActionError, match="the episode is over"):
            state.apply_action(0)


# -- serialization ------------------------------------------------------------------------------------
def test_serialization_and_pickling_continue_identically() -> None:
    game = load("south_tyrol", players=3, target=5)
    rng = np.random.default_rng(9)
    state = random_state(game, rng, stop=30)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    copies = [
        state2,
        pickle.loads(pickle.dumps(state)),
        state.clone(),
        game.deserialize_state(state.serialize()),
    ]
    assert game2.rules == game.rules
    for other in copies:
        assert str(other) == str(state) and other.history() == state.history()
        for seat in range(3):
            assert other.information_state_string(seat) == state.information_state_string(seat)
    while not state.is_terminal():
        chance = state.is_chance_node()
        action = int(rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()))
        for s in [state, *copies]:
            s.apply_action(action)
    for other in copies:
        assert other.is_terminal() and other.returns() == state.returns()


def test_game_pickles() -> None:
    game = load("south_tyrol", players=3, episode="hand")
    again = pickle.loads(pickle.dumps(game))
    assert isinstance(again, bos.BietenGame) and again.rules == game.rules and str(again) == str(game)


def test_clone_is_independent() -> None:
    game = load(players=2, target=5)
    state = random_state(game, np.random.default_rng(0), stop=8)
    clone = state.clone()
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before
    assert len(clone.history()) == len(state.history()) + 1


# -- bots ---------------------------------------------------------------------------------------------
def play(game: Any, bots: list[Any], seed: int) -> Any:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


def check_final(game: Any, state: Any) -> None:
    core = state.core
    assert state.is_terminal() and core.is_over
    assert state.returns() == [float(s) for s in core.scores]
    assert max(core.scores) >= game.rules.target
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@pytest.mark.parametrize(("preset", "players"), [("tyrol", 4), ("south_tyrol", 3), ("spitzbieten", 5)])
def test_uniform_random_bots_play_full_games(preset: str, players: int) -> None:
    game = load(preset, players=players)
    for seed in range(3):
        bots = [pyspiel.make_uniform_random_bot(seat, 10 * seed + seat) for seat in range(players)]
        check_final(game, play(game, bots, seed))


@pytest.mark.parametrize(("preset", "players"), [("tyrol", 2), ("south_tyrol", 3)])
def test_mcts_bot_plays_full_games(preset: str, players: int) -> None:
    game = load(preset, players=players, target=5)
    for seed in range(2):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bots = [mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=np.random.RandomState(seed))]
        bots += [pyspiel.make_uniform_random_bot(seat, seed) for seat in range(1, players)]
        check_final(game, play(game, bots, seed))


@pytest.mark.parametrize(("preset", "players"), [("tyrol", 2), ("south_tyrol", 3), ("welibieten", 4)])
def test_ismcts_bot_plays_full_games(preset: str, players: int) -> None:
    game = load(preset, players=players, target=5)
    for seed in range(2):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(seed))]
        bots += [pyspiel.make_uniform_random_bot(seat, seed) for seat in range(1, players)]
        check_final(game, play(game, bots, seed))


def test_openspiel_evaluate_bots_with_mcts_and_ismcts() -> None:
    game = load(players=3, target=5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 15, random_state=np.random.RandomState(1)),
        mcts.MCTSBot(game, 2.0, 15, evaluator, random_state=np.random.RandomState(2)),
        pyspiel.make_uniform_random_bot(2, 3),
    ]
    for seed in range(2):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert max(returns) >= 5 and min(returns) >= 0


# -- documents and packaging ---------------------------------------------------------------------------
def test_docstring_examples_run_as_written() -> None:
    result = doctest.testmod(bos, optionflags=FLAGS)
    assert result.attempted > 0
    assert result.failed == 0


def test_doc_examples_run_as_written() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "openspiel.md"), module_relative=False, optionflags=FLAGS)
    assert result.attempted >= 20
    assert result.failed == 0


def test_import_without_openspiel_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "import bieten, bieten.env\n"
        "try:\n"
        "    import bieten.env.openspiel\n"
        "except ImportError as err:\n"
        "    print(err)\n"
        "else:\n"
        "    raise SystemExit('imported without pyspiel')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ)
    )
    assert "pip install 'bieten[openspiel]'" in out.stdout
