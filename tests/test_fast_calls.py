"""The decision loop's calls served by plain CPython methods (bindings/python/fast_calls.hpp) give
exactly what the pybind11 methods they stand in front of give (kept under private names: ``_apply_id``,
``_step``, ``_legal_action_mask``, ...), for both games, on every kind of position a random game meets
(R11, S11: the action ids)."""

from __future__ import annotations

import random
import weakref
from typing import Any

import numpy as np
import pytest

import bieten
from bieten import schnapsen

GAMES: dict[str, tuple[Any, Any]] = {
    "bieten": (bieten.Game, bieten.Rules()),
    "bieten-2": (bieten.Game, bieten.Rules(players=2)),
    "schnapsen": (schnapsen.Game, schnapsen.Rules()),
    "bauernschnapsen": (schnapsen.Game, schnapsen.Rules.preset("bauernschnapsen")),
}


def positions(name: str, games: int) -> list[Any]:
    """Clones of every position of a few seeded random games."""
    cls, rules = GAMES[name]
    rng = random.Random(25)
    out = []
    for seed in range(games):
        game = cls(rules, seed=seed)
        ids = game.legal_action_ids()
        while ids:
            out.append(game.clone())
            ids = game.step(ids[rng.randrange(len(ids))])
        out.append(game)
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mask_is_a_fresh_writeable_bool_array_equal_to_the_slow_paths(name: str) -> None:
    for game in positions(name, 3):
        mask = game.legal_action_mask()
        slow = game._legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == slow.shape and mask.flags.c_contiguous
        assert mask.flags.writeable and mask.flags.owndata
        assert np.array_equal(mask, slow)
        assert np.flatnonzero(mask).tolist() == game.legal_action_ids()
        mask[:] = True  # the caller's own array: the game and the next mask are untouched
        assert np.flatnonzero(game.legal_action_mask()).tolist() == game.legal_action_ids()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_apply_and_step_on_cold_clones_match_the_slow_paths(name: str) -> None:
    """Many clones made ahead, each applied once, as a search tree or a batch does (the fast apply
    prefetches the cold game first): the state and record equal those of the pybind11 method's."""
    rng = random.Random(7)
    states = [g for g in positions(name, 2) if not g.is_over]
    moves = [(g, rng.choice(g.legal_action_ids())) for g in states]
    fast = [(g.clone(), a) for g, a in moves for _ in range(3)]
    slow = [(g.clone(), a) for g, a in moves for _ in range(3)]
    stepped = [(g.clone(), a) for g, a in moves for _ in range(3)]
    for (f, a), (s, _), (t, _) in zip(fast, slow, stepped, strict=True):
        assert f.apply_id(a) is None
        s._apply_id(a)
        assert t.step(a) == t.legal_action_ids() == s.legal_action_ids()
        assert f.to_json() == s.to_json() == t.to_json()
        assert f.ply == s.ply == t.ply


ARRAYS: dict[str, tuple[Any, Any]] = {  # the call, and the dtype of the same itemsize a caller may set
    "legal_action_mask": (lambda g: g.legal_action_mask(), np.uint8),
    "observation": (lambda g: g.observation(0), np.int32),
}


@pytest.mark.parametrize("name", ["bieten", "schnapsen"])
@pytest.mark.parametrize("call", sorted(ARRAYS))
def test_an_array_the_caller_keeps_in_any_way_is_never_refilled(name: str, call: str) -> None:
    """The last mask or observation is filled again only once nothing refers to it (fast_calls.hpp
    ArrayOut::let_go): one kept, viewed, weakly referenced, reshaped, retyped or made read-only stays as
    the caller left it."""
    make, other_dtype = ARRAYS[call]
    games = [g for g in positions(name, 1) if not g.is_over][:2]
    first, second = games[0], games[1]
    assert not np.array_equal(make(first), make(second))
    expected = make(first).copy()
    dtype = expected.dtype

    kept = make(first)
    again = make(second)
    assert kept is not again and np.array_equal(kept, expected)

    view = make(first)[:]
    make(second)
    assert np.array_equal(view, expected)

    weak = weakref.ref(make(first))
    fresh = make(second)
    assert weak() is not fresh

    reshaped = make(first)
    reshaped.shape = (1, reshaped.size)
    del reshaped
    assert make(second).shape == expected.shape

    retyped = make(first)
    retyped.dtype = other_dtype
    del retyped
    assert make(second).dtype == dtype

    frozen = make(first)
    frozen.setflags(write=False)
    del frozen
    assert make(second).flags.writeable

    make(first)  # dropped at once: the next one reuses it, filled again
    assert np.array_equal(make(second), make(second).copy())
    assert np.array_equal(make(first), expected)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_observation_is_a_fresh_float32_array_equal_to_the_slow_paths(name: str) -> None:
    """Every seat's observation (docs/observation.md) on every position: the fast call's equals the
    pybind11 method's, and a seat the fast call does not take is refused by it as before (R2.1, S2.1)."""
    for game in positions(name, 2):
        for seat in range(game.rules.players):
            obs = game.observation(seat)
            slow = game._observation(seat)
            assert obs.dtype == np.float32 and obs.shape == slow.shape and obs.flags.owndata
            assert np.array_equal(obs, slow)
    game = positions(name, 1)[0]
    for bad in (-1, game.rules.players, 2**70, True, 1.5, "0"):
        with pytest.raises(ValueError, match=r"seat must be"):
            game.observation(bad)
    assert np.array_equal(game.observation(np.int64(1)), game._observation(1))


# -- Game(rules, seed) in one core call (GameBase._init_plain) -------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_a_plain_new_game_is_the_game_the_checking_way_builds(name: str, seed: int) -> None:
    # record=1 is not `True`, so it takes the Python way (checks, then pybind11's __init__): R3.2, S3.
    cls, rules = GAMES[name]
    fast, checked = cls(rules, seed), cls(rules, seed=seed, record=1)
    assert fast.rules is rules and checked.rules is rules
    assert fast.seed == seed and fast.dealer == 0 and fast.records
    assert fast.to_json() == checked.to_json()
    assert fast.legal_action_ids() == checked.legal_action_ids()


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_a_plain_new_game_without_record_is_the_game_the_checking_way_builds(name: str, seed: int) -> None:
    # record=False takes the one-call way too; record=0 is not `False`, so it takes the Python way.
    cls, rules = GAMES[name]
    fast, checked = cls(rules, seed, record=False), cls(rules, seed=seed, record=0)
    assert not fast.records and not checked.records
    assert fast.rules is rules and fast.seed == seed and fast.dealer == 0
    rng = random.Random(seed % 1000)
    ids = fast.legal_action_ids()
    while ids:  # the same game to its end (R3.2, S3: dealt from the seed alike)
        assert ids == checked.legal_action_ids()
        assert fast.hand_masks == checked.hand_masks and fast.scores == checked.scores
        action = ids[rng.randrange(len(ids))]
        checked.apply_id(action)
        ids = fast.step(action)
    assert checked.is_over and fast.winners == checked.winners and fast.scores == checked.scores
    with pytest.raises(bieten.BietenError, match="needs a recording game"):
        fast.to_json()


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("record", [True, False])
def test_a_plain_new_game_is_made_in_one_core_call(
    name: str, record: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Game(rules, seed) and Game(rules, seed, record=False) never reach the checking way (_build).
    cls, rules = GAMES[name]

    def checking_way(*_args: object) -> None:
        raise AssertionError("Game(rules, seed, record=...) took the checking way")

    monkeypatch.setattr(cls, "_build", checking_way)
    game = cls(rules, 5, record=record)
    assert game.records is record and game.legal_action_ids()
    with pytest.raises(AssertionError, match="checking way"):
        cls(rules, 5, record=1)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_new_game_refuses_what_it_refused_before(name: str) -> None:
    cls, rules = GAMES[name]
    other_rules = schnapsen.Rules() if cls is bieten.Game else bieten.Rules()
    for seed in (-1, 2**64, 1.0, True, "7"):
        with pytest.raises(ValueError, match=r"seed must be an integer 0 <= seed < 2\*\*64"):
            cls(rules, seed=seed)
    with pytest.raises(TypeError, match="rules must be a bieten"):
        cls(other_rules, seed=1)
    game = cls(rules, seed=3)
    before = game.to_json()
    with pytest.raises(TypeError, match="already initialised"):
        game.__init__(rules, 4)  # type: ignore[misc]
    assert game.to_json() == before and game.seed == 3


@pytest.mark.parametrize("name", list(GAMES))
def test_game_owns_its_loop_calls_and_a_subclass_still_gets_them(name: str) -> None:
    # CPython calls a C method descriptor directly only for instances of exactly its class.
    cls, rules = GAMES[name]
    loop_calls = ("apply_id", "step", "legal_action_ids", "legal_actions", "legal_action_mask", "observation")
    for method in (*loop_calls, "clone"):
        assert cls.__dict__[method].__objclass__ is cls

    class Mine(cls):  # type: ignore[misc,valid-type]
        pass

    game = Mine(rules, 11)
    twin = cls(rules, 11)
    rng = random.Random(2)
    ids = game.legal_action_ids()
    while ids:
        assert ids == twin.legal_action_ids()
        assert (game.legal_action_mask() == twin.legal_action_mask()).all()
        action = ids[rng.randrange(len(ids))]
        twin.apply_id(action)
        ids = game.step(action)
    assert type(game.clone()) is Mine
    assert game.to_json() == twin.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_bytes_is_the_slow_paths_record_and_restores_the_game(name: str) -> None:
    for game in positions(name, 1):
        data = game.to_bytes()
        assert data == game._record_bytes()
        assert type(game).from_bytes(data) == game
    cls, rules = GAMES[name]
    with pytest.raises(bieten.BietenError, match="to_bytes needs a recording game"):
        cls(rules, 1, record=False).to_bytes()
