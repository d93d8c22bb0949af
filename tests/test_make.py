"""``bieten.games()`` and ``bieten.make()`` (python/bieten/_games.py): the registered games by name, and
a new game of one by its name, its preset (R10, S10), its rules' knobs and a seed (R3.2, S3.2)."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import bieten
from bieten import schnapsen
from bieten._families import FAMILIES, family

UNKNOWN = "unknown game {}; the registered games are " + ", ".join(bieten.games())


def test_games_are_the_registered_names_each_a_subpackage_with_its_familys_rules_and_game() -> None:
    assert bieten.games()[:2] == ("bieten", "schnapsen")  # then any game built for the tests
    assert bieten.games() == tuple(f.name for f in FAMILIES)
    for name in bieten.games():
        package = importlib.import_module(f"bieten.{name}")
        assert (package.Rules, package.Game) == (family(name).rules, family(name).game)
    assert (bieten.bieten.Rules, bieten.bieten.Game) == (bieten.Rules, bieten.Game)


@pytest.mark.parametrize(
    ("name", "ending"),
    [
        ("bieten", (96, 2, [2], [7, 0, 12, 4])),  # R8.2: one seat reaches the target
        ("schnapsen", (52, 2, [1, 3], [18, 33, 18, 33])),  # S8.6: a partnership reaches it
    ],
)
def test_make_of_each_game_plays_to_the_end_with_random_legal_actions(
    name: str, ending: tuple[int, int, list[int], list[int]]
) -> None:
    game = bieten.make(name, seed=11)
    assert type(game) is family(name).game and game.rules == family(name).rules()
    rng = random.Random(5)
    while not game.is_over:
        game.apply_id(rng.choice(game.legal_action_ids()))
    assert (game.ply, game.hand_number, game.winners, game.scores) == ending
    assert type(game).from_json(game.to_json()) == game


def test_make_is_the_game_of_the_preset_with_the_knobs_over_it_and_the_seed() -> None:
    made = bieten.make("bieten", seed=3, preset="bavaria", players=3)
    assert made == bieten.Game(bieten.Rules.preset("bavaria", players=3), seed=3)
    assert bieten.make("bieten", seed=3) == bieten.Game(bieten.Rules(), seed=3)  # R10: tyrol
    made = bieten.make("schnapsen", seed=3, preset="schnapsen", target=11)
    assert made == schnapsen.Game(schnapsen.Rules.preset("schnapsen", target=11), seed=3)
    made = bieten.make("schnapsen", seed=3, players=2)  # S10: bauernschnapsen_2's knobs
    assert made == schnapsen.Game(schnapsen.Rules.preset("bauernschnapsen_2"), seed=3)
    assert made.rules.target == 21


def test_make_without_a_seed_draws_one() -> None:
    first, second = bieten.make("bieten"), bieten.make("bieten")
    assert isinstance(first.seed, int) and 0 <= first.seed < 2**64
    assert first.seed != second.seed  # R3.2: 64 random bits each (equal once in 2**64)


@pytest.mark.parametrize("name", ["skat", "bauernschnapsen", "Bieten", "", None, 1])
def test_make_of_an_unknown_name_names_the_registered_games(name: object) -> None:
    with pytest.raises(bieten.RulesError) as refused:
        bieten.make(name)  # type: ignore[arg-type]
    assert str(refused.value) == UNKNOWN.format(repr(name))
    assert isinstance(refused.value, ValueError)


def test_make_refuses_a_bad_preset_knob_or_seed_with_the_rules_own_error() -> None:
    cases: list[tuple[str, dict[str, Any], str]] = [
        (
            "bieten",
            {"preset": "skat"},
            "R10: unknown preset 'skat' (tyrol, bavaria, welibieten, spitzbieten, south_tyrol)",
        ),
        (
            "schnapsen",
            {"preset": "tyrol"},
            "S10: unknown preset 'tyrol' (bauernschnapsen, bauernschnapsen_called, bauernschnapsen_2, "
            "schnapsen)",
        ),
        (
            "schnapsen",
            {"colour": 1},
            "S10: unknown rules knob(s): colour (known: players, partners, knock, bidding, spritze, retour, "
            "claim, must_head, closing, one_point_from, target)",
        ),
        ("bieten", {"players": "3"}, "R10: players must be an int, not '3'"),
        ("bieten", {"wild": "weli"}, "R6.6: weli_point is refused with a wild Weli (wild='weli')"),
    ]
    for name, knobs, message in cases:
        with pytest.raises(bieten.RulesError) as refused:
            bieten.make(name, **knobs)
        assert str(refused.value) == message
    with pytest.raises(bieten.SeedError) as bad_seed:
        bieten.make("bieten", seed=-1)
    assert str(bad_seed.value) == "R3.2: seed must be an integer 0 <= seed < 2**64, not -1"
    with pytest.raises(TypeError):
        bieten.make("bieten", 7)  # type: ignore[call-arg]  # the seed is a keyword
