"""The ``expert`` agent (docs/agents.md, "expert"): worlds drawn from the seat's view (S12), each valued
exactly by the solver once its stock is exhausted or closed (S6.4, S6.7). Its names and knobs, its
choices (legal, the solver's best where the deal is one of perfect information, repeatable for a seed on
any number of threads) and everywhere an agent is named: Agent, simulate, tournament, VectorEnv
opponents, the C ABI; Bieten and four-player Bauernschnapsen, where it plays as the default ismcts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import bieten
from bieten import AgentError, schnapsen
from bieten._agents import AGENTS, is_builtin_agent
from bieten.schnapsen import Game, Rules, solve


def test_expert_is_a_builtin_agent_with_its_knobs_in_canonical_names() -> None:
    assert "expert" in AGENTS
    assert all(is_builtin_agent(n) for n in ("expert", "EXPERT:16", "expert:20ms", "expert:rollout=policy"))
    assert bieten.Agent("Expert").name == "expert"
    assert bieten.Agent("expert:16:rollout=policy").name == "expert:16:rollout=policy"
    assert bieten.Agent("expert:2.5ms").name == "expert:2.5ms"
    assert bieten.Agent("expert:C=0.5:Open=Tree:64").name == "expert:64:open=tree:c=0.5"
    assert bieten.Agent("expert:open=worlds").name == "expert:open=worlds"
    assert bieten.Agent("Expert:Others=UCT:6").name == "expert:6:others=uct"
    assert bieten.Agent("expert:others=trumps:c=2").name == "expert:c=2:others=trumps"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("expert:0", "the worlds must be an integer from 1 to 1000000"),
        ("expert:rollout=oracle", "the rollout must be random, heuristic or policy"),
        ("expert::8", "empty part"),
        ("expert:-3ms", "the time budget must be a positive number of ms"),
        ("expert:open=forest", "open must be tree or worlds"),
        ("expert:c=-1", "the exploration constant must be a number >= 0"),
        ("expert:open=worlds:c=2", "c is the tree's exploration constant; open=worlds has no tree"),
        ("expert:others=policy", "others must be trumps or uct"),
        (
            "expert:others=uct:open=worlds",
            "others= chooses how the tree keeps the other seat's statistics; open=worlds has no tree",
        ),
    ],
)
def test_bad_expert_knobs_are_named(name: str, why: str) -> None:
    with pytest.raises(bieten.BietenError, match=f"^bad agent '{name}': {why} \\(expected expert, "):
        bieten.Agent(name)


def exhausted_positions(count: int, seed: int, **knobs: int) -> list[Game]:
    """Two-player games played at random to the moment the stock is exhausted (S6.4), not closed: the
    seat to act then knows the other hand (every unseen card), so its one world is the true state."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        rules = Rules.preset(rng.choice(["schnapsen", "bauernschnapsen_2"]), **knobs)
        game = Game(rules, rng.getrandbits(64))
        while not game.is_over:
            legal = [str(a) for a in game.legal_actions()]
            if game.phase == "play" and game.stock_count == 0 and not game.closed and len(legal) > 1:
                out.append(game)
                break
            plain = [a for a in legal if a not in ("claim", "close")] or legal
            game.apply(rng.choice(plain))
    return out


def test_with_the_stock_exhausted_expert_plays_an_action_of_the_best_exact_value() -> None:
    """S6.4, S12: with the stock exhausted the other hand is known; the expert's choice is one of the
    actions solve() values highest (the value of the true state)."""
    agent = bieten.Agent("expert:4", seed=9)
    for game in exhausted_positions(60, seed=40):
        values = solve(game)
        chosen = str(schnapsen.Action(agent.act(game)))
        assert values[chosen] == max(values.values()), (values, chosen)


def test_in_a_game_to_one_point_expert_wins_the_deal_where_it_can_not_its_points() -> None:
    """S8.6: where the deal decides the game, every won deal is worth the same to the expert, so it plays
    an action that wins (solve() values it above 0) exactly when one does, and no longer only the one that
    wins most."""
    agent = bieten.Agent("expert:4", seed=9)
    not_the_most = 0
    for game in exhausted_positions(80, seed=41, target=1):
        values = solve(game)
        chosen = str(schnapsen.Action(agent.act(game)))
        assert (values[chosen] > 0) == (max(values.values()) > 0), (values, chosen)
        not_the_most += values[chosen] < max(values.values())
    assert not_the_most > 0  # with the points (a long game) it would always take the most


@pytest.mark.parametrize("agent", ["expert:6", "expert:6:open=worlds", "expert:6:c=3", "expert:6:others=uct"])
@pytest.mark.parametrize("preset", ["schnapsen", "bauernschnapsen_2", "bauernschnapsen"])
def test_expert_chooses_only_legal_actions_and_repeats_for_its_seed(preset: str, agent: str) -> None:
    for seed in range(2):
        game = Game(Rules.preset(preset, target=3), seed)
        first, second = bieten.Agent(agent, seed=seed), bieten.Agent(agent, seed=seed)
        while not game.is_over:
            action = first.act(game)
            assert second.act(game) == action
            assert action in game.legal_action_ids()
            game.apply_id(action)


def test_the_other_seats_statistics_are_kept_by_its_trumps_by_default_and_fused_with_others_uct() -> None:
    # The same worlds (the same seed) in the tree while the stock is open (S6): others=trumps is the default
    # name for the same search; others=uct, fusing the other seat's statistics, chooses otherwise somewhere.
    differ = 0
    for seed in range(12):
        game = Game(Rules.preset("schnapsen"), seed)
        agents = [bieten.Agent(name, seed=seed) for name in ("expert:300", "expert:300:others=trumps")]
        fused = bieten.Agent("expert:300:others=uct", seed=seed)
        while not game.is_over and game.stock_count > 0 and not game.closed:
            action = agents[0].act(game)
            assert agents[1].act(game) == action
            differ += fused.act(game) != action
            game.apply_id(action)
    assert differ > 0


def test_expert_plays_bieten_as_the_default_ismcts() -> None:
    game = bieten.make("bieten", preset="tyrol", seed=4)
    expert, ismcts = bieten.Agent("expert", seed=2), bieten.Agent("ismcts", seed=2)
    for _ in range(12):
        action = expert.act(game)
        assert ismcts.act(game) == action
        game.apply_id(action)


def test_simulate_with_expert_gives_the_same_games_on_one_and_two_threads() -> None:
    rules = Rules.preset("schnapsen", target=3)
    one = bieten.simulate(rules, ["expert:6", "ismcts:60"], games=6, seed=40, threads=1)
    two = bieten.simulate(rules, ["expert:6", "ismcts:60"], games=6, seed=40, threads=2)
    assert one.scores.tolist() == two.scores.tolist()
    assert one.winners.tolist() == two.winners.tolist()


def test_tournament_plays_expert() -> None:
    rules = Rules.preset("schnapsen", target=2)
    result = bieten.tournament(rules, ["expert:4", "heuristic"], games=4, seed=1)
    assert result.agents == ("expert:4", "heuristic")
    assert sum(m.games for m in result.matches) == 4


def test_vector_env_takes_expert_opponents_by_worlds_never_by_time() -> None:
    env = bieten.VectorEnv("schnapsen", Rules.preset("schnapsen"), num_envs=3, seed=5, opponents="expert:4")
    _obs, masks, _seats = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _obs, masks, _seats, _rewards, _done = env.step(actions)
    with pytest.raises(bieten.BietenError, match=r"searches for a wall-clock time"):
        bieten.VectorEnv("schnapsen", Rules.preset("schnapsen"), num_envs=1, seed=5, opponents="expert:5ms")


def test_the_c_abi_runs_expert_legally_and_repeatably() -> None:
    cffi = pytest.importorskip("cffi")
    from test_c_abi import ERR_LEN, _cdef_from_header

    ffi = cffi.FFI()
    header = Path(bieten.c_include_dir()) / "bieten" / "bieten.h"
    ffi.cdef(_cdef_from_header(header.read_text(encoding="utf-8")))
    lib = ffi.dlopen(bieten.c_library_path())
    err = ffi.new("char[]", ERR_LEN)
    rules = json.dumps({"preset": "schnapsen"}).encode()

    def play() -> list[int]:
        game = ffi.gc(lib.bieten_game_create(b"schnapsen", rules, 8, err, ERR_LEN), lib.bieten_game_free)
        mirror = Game(Rules.preset("schnapsen"), 8)
        state = ffi.new("uint64_t *")
        assert lib.bieten_agent_state(8, 0, state) == 0
        actions = []
        while not mirror.is_over:
            action = lib.bieten_agent_action(game, b"expert:5", state, err, ERR_LEN)
            assert action in mirror.legal_action_ids(), ffi.string(err).decode()
            assert lib.bieten_apply_id(game, action, err, ERR_LEN) == 0
            mirror.apply_id(action)
            actions.append(action)
        return actions

    first = play()
    assert len(first) > 10 and play() == first


def test_an_unknown_agent_is_still_refused() -> None:
    with pytest.raises(AgentError, match="expert"):
        bieten.Agent("oracle")


def test_the_protocol_schema_takes_expert_names_and_refuses_bad_knobs() -> None:
    import re

    path = Path(bieten.__file__).parent / "schema" / "protocol-v1.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    pattern = re.compile(schema["$defs"]["agent"]["pattern"])
    takes = (
        "expert",
        "Expert:64",
        "expert:20ms",
        "expert:16:rollout=policy",
        "expert:open=worlds",
        "expert:Others=UCT",
    )
    for name in (*takes, "expert:C=1.5:open=Tree"):
        assert pattern.match(name), name
    for name in (
        "expert:0",
        "experts",
        "expert:rollout=oracle",
        "expert:open=forest",
        "expert:c=-1",
        "expert:others=x",
    ):
        assert not pattern.match(name), name
