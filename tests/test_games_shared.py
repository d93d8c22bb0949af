"""The shared suite over the registry (issue 37): every registered game -- the shipped ones, and with
the tests' build (-DBIETEN_TEST_GAMES=ON, the README's test command) the example game of
tests/games/, which no file outside its folder names -- plays through the same front ends:
``bieten.make``, its records, ``simulate`` with every built-in agent, ``tournament``, ``VectorEnv``
with opponents, the engine protocol and the CLI's ``simulate``. What is checked is the same for
every game; the expected values come from the game itself (its rules, its own replay)."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import bieten
from bieten._families import FAMILIES, KINDS
from bieten._session import Session
from bieten.cli import main

NAMES = [family.name for family in FAMILIES]


def _random_game(name: str, seed: int) -> Any:
    game = bieten.make(name, seed=seed)
    pick = random.Random(seed)
    while not game.is_over:
        game.apply_id(pick.choice(list(game.legal_action_ids())))
    return game


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_to_its_end_and_its_records_restore_it(name: str) -> None:
    for seed in range(3):
        game = _random_game(name, seed)
        assert game.is_over and game.current_player is None and game.legal_action_ids() == []
        assert game.winners and set(game.winners) <= set(range(game.rules.players))
        game_class = type(game)
        assert game_class.from_json(game.to_json()) == game
        assert game_class.from_bytes(game.to_bytes()) == game
        assert game_class.from_record(game.to_record()).history == game.history
        # the same seed and actions are the same game (R3.2, S3.2, and every game's deal rule)
        again = bieten.make(name, seed=seed)
        for action in game.history:
            again.apply(action)
        assert again == game


@pytest.mark.parametrize("name", NAMES)
def test_a_refused_action_changes_nothing_and_names_a_rule_of_the_game(name: str) -> None:
    game = bieten.make(name, seed=11)
    prefix = next(f.rule_prefix for f in FAMILIES if f.name == name)
    legal = set(game.legal_action_ids())
    refused = next(i for i in range(len(type(game)._ACTION_TEXTS)) if i not in legal)
    before = game.to_json()
    with pytest.raises(bieten.IllegalActionError) as err:
        game.apply_id(refused)
    assert str(err.value).startswith(prefix)
    assert game.to_json() == before
    assert game.why_illegal(refused) is not None and game.why_illegal(next(iter(legal))) is None


@pytest.mark.parametrize("name", NAMES)
def test_simulate_with_every_builtin_agent_is_seeded_and_plays_whole_games(name: str) -> None:
    family = next(f for f in FAMILIES if f.name == name)
    rules = family.rules_for(family.kinds[0])
    seats = rules.players
    agents = (["ismcts:50", "heuristic", "random"] * seats)[:seats]
    first = bieten.simulate(rules, agents, games=12, seed=4, threads=2)
    again = bieten.simulate(rules, agents, games=12, seed=4, threads=1)
    assert np.array_equal(first.scores, again.scores) and np.array_equal(first.winners, again.winners)
    assert first.winners.shape == (12, seats) and first.winners.any(axis=1).all()
    assert (first.actions > 0).all()


@pytest.mark.parametrize("name", NAMES)
def test_tournament_and_vector_env_take_every_game(name: str) -> None:
    family = next(f for f in FAMILIES if f.name == name)
    rules = family.rules_for(family.kinds[0])
    result = bieten.tournament(rules, ["random", "heuristic"], games=8, seed=3)
    assert result.games == 8 and result.agents == ("random", "heuristic")
    env = bieten.VectorEnv(name, num_envs=3, seed=5, opponents="heuristic")
    obs, masks, seats = env.reset()  # the learner's observation, legal mask and seat in each env
    assert seats.shape == (3,) and ((seats >= 0) & (seats < rules.players)).all()
    assert obs.shape == (3, env.observation_size) and masks.shape == (3, env.num_actions)
    ended = 0
    for _ in range(300):
        actions = np.array([np.flatnonzero(row)[0] for row in masks])  # a legal action in each
        obs, masks, _seats, _rewards, terminated = env.step(actions)
        assert masks.any(axis=1).all()  # a finished game is reset at once: always a legal action
        ended += int(terminated.sum())
    assert ended > 0  # games end and the rewards of their ends are paid


@pytest.mark.parametrize("kind", KINDS)
def test_the_engine_protocol_plays_every_kind_to_its_end_and_loads_its_record(kind: str) -> None:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    opened = session.handle({"type": "new", "kind": kind, "seed": 9})
    assert opened["type"] == "game", opened
    handle = opened["game"]
    while True:
        state = session.handle({"type": "state", "game": handle})["state"]
        if state["current_player"] is None:
            break
        moved = session.handle(
            {
                "type": "bot",
                "game": handle,
                "seat": state["current_player"],
                "ply": state["ply"],
                "agent": "random",
            }
        )
        assert moved["type"] == "applied", moved
    record = session.handle({"type": "save", "game": handle})["record"]
    loaded = session.handle({"type": "load", "record": record})
    assert loaded["type"] == "game" and loaded["state"] == state
    family = next(f for f in FAMILIES if kind in f.kinds)
    assert family.game.from_json(json.dumps(record)).winners == state["winners"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_clis_simulate_plays_every_kind(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", kind, "--games", "20", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 20


@pytest.mark.parametrize("name", NAMES)
def test_every_games_rules_pickle_by_name_into_a_fresh_interpreter(name: str) -> None:
    """Rules travel to worker processes (bieten.distributed) by pickle: a game with no package of its
    own has its classes at bieten.<name>.Rules too, which a fresh interpreter imports by that name."""
    family = next(f for f in FAMILIES if f.name == name)
    rules = family.rules_for(family.kinds[-1])
    data = pickle.dumps(rules)
    code = "import pickle, sys; print(repr(pickle.loads(sys.stdin.buffer.read())))"
    done = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True)
    assert done.stdout.decode().strip() == repr(rules)
    assert type(rules).__qualname__ == "Rules" and type(rules).__module__ in (
        f"bieten.{name}",
        f"bieten.{name}._rules",
    )
