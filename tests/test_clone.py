"""Game.clone (issue 5): a C++ copy in one call, independent of its original, events included."""

from __future__ import annotations

import copy
import random

import pytest

import bieten
from bieten import Game, Rules, _core

RULES = Rules()


def played(seed: int, actions: int, record: bool = True) -> Game:
    game = Game(RULES, seed=seed, record=record)
    rng = random.Random(seed)
    for _ in range(actions):
        ids = game.legal_action_ids()
        if not ids:
            break
        game.apply_id(rng.choice(ids))
    return game


def finish(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    ids = game.legal_action_ids()
    while ids:
        ids = game.step(rng.choice(ids))


def test_clone_equals_its_original_and_shares_the_metadata() -> None:
    game = played(3, 30)
    clone = game.clone()
    assert type(clone) is Game
    assert clone == game and clone is not game
    assert clone.rules is game.rules
    assert clone.hands == game.hands and clone.scores == game.scores and clone.ply == game.ply
    assert clone.history == game.history
    assert [e.to_dict() for e in clone.events] == [e.to_dict() for e in game.events]


def test_clone_keeps_its_events_when_the_original_plays_on() -> None:
    """The event log is shared between copies until one of them appends (shared_log.hpp)."""
    game = played(5, 40)
    assert game.events  # the original's event objects are cached before the clone is made
    clone = game.clone()
    before = [e.to_dict() for e in clone.events]
    history = clone.history
    finish(game, 1)
    assert game.is_over
    assert [e.to_dict() for e in clone.events] == before
    assert clone.history == history
    assert len(game.events) > len(before)
    assert [e.to_dict() for e in game.events][: len(before)] == before


def test_clone_and_original_diverge_without_touching_each_other() -> None:
    game = played(8, 25)
    clone = game.clone()
    finish(clone, 2)
    finish(game, 3)
    replay_a, replay_b = played(8, 25), played(8, 25)
    finish(replay_a, 2)
    finish(replay_b, 3)
    assert clone == replay_a and game == replay_b
    assert [e.to_dict() for e in clone.events] == [e.to_dict() for e in replay_a.events]
    assert [e.to_dict() for e in game.events_for(1)] == [e.to_dict() for e in replay_b.events_for(1)]


def test_clone_starts_its_own_per_seat_views() -> None:
    game = played(9, 20)
    view = game.events_for(2)
    clone = game.clone()
    finish(clone, 4)
    assert game.events_for(2) == view
    assert len(clone.events_for(2)) > len(view)


@pytest.mark.parametrize("make", [copy.copy, copy.deepcopy, Game.clone], ids=["copy", "deepcopy", "clone"])
def test_copy_module_and_clone_agree(make: object) -> None:
    game = played(11, 17, record=False)
    other = make(game)  # type: ignore[operator]
    assert type(other) is Game and other == game
    with pytest.raises(bieten.BietenError, match="record=False"):
        _ = other.events


def test_clone_of_a_subclass_is_of_that_subclass_with_its_attributes() -> None:
    class Table(Game):
        def __init__(self, rules: Rules, seed: int) -> None:
            super().__init__(rules, seed)
            self.name = "table 1"
            self.notes: list[str] = []

    table = Table(RULES, seed=4)
    other = table.clone()
    assert type(other) is Table and other == table
    assert other.name == "table 1" and other.notes is table.notes  # a shallow copy, as copy.copy makes
    other.name = "table 2"
    assert table.name == "table 1"


def test_clone_of_a_subclass_with_its_own_new_does_not_call_it() -> None:
    class Seated(Game):
        def __new__(cls, rules: Rules, seed: int, table: str) -> Seated:
            return super().__new__(cls)

        def __init__(self, rules: Rules, seed: int, table: str) -> None:
            super().__init__(rules, seed)
            self.table = table

    game = Seated(RULES, 6, "north")
    other = game.clone()
    assert type(other) is Seated and other == game and other.table == "north"


def test_core_game_clones_to_a_core_game() -> None:
    core = _core.CoreGame(RULES._core, 12)
    other = core.clone()
    assert type(other) is _core.CoreGame
    assert other == core


def test_a_game_has_no_instance_dict() -> None:
    """The Python layer keeps its state in the C++ object, so a clone copies no dict."""
    with pytest.raises(AttributeError):
        _ = played(1, 3).__dict__
