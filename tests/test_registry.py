"""The registry of games (csrc/games/registry.hpp), as the compiled core reports it
(``bieten._core.GAMES``): one descriptor per game, and the Python families agree with it."""

from __future__ import annotations

from bieten import _core
from bieten._families import FAMILIES


def test_core_lists_each_registered_game_once_in_registry_order() -> None:
    names = [g["name"] for g in _core.GAMES]
    assert names[:2] == ["bieten", "schnapsen"] and len(set(names)) == len(names)


def test_bieten_descriptor_says_what_its_rules_define() -> None:
    bieten = _core.GAMES[0]
    assert {k: v for k, v in bieten.items() if k != "knobs"} == {
        "name": "bieten",
        "title": "Bieten",
        "class_prefix": "Bieten",
        "rule_prefix": "R",
        "seat_rule": "R2.1",
        "action_rule": "R11",
        "rules_rule": "R10",
        "secrecy_rule": "R3",
        "game_over_rule": "R8.2",
        "record_format": "bieten-game",
        "presets": ("tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol"),  # R10
        "policies": ("bieten",),
        "policy_tag": 1,  # the policy blob's game tag (core/policy.hpp)
        "num_actions": 140,  # R11's action space
        "observation_size": _core.OBSERVATION_SIZE,
        "max_players": 5,  # R2.1
    }


def test_schnapsen_descriptor_names_its_rules_knobs_with_their_rule_ids() -> None:
    schnapsen = _core.GAMES[1]
    assert schnapsen["presets"] == (
        "bauernschnapsen",
        "bauernschnapsen_called",
        "bauernschnapsen_2",
        "schnapsen",
    )
    assert schnapsen["knobs"] == (
        ("players", "int", "S2.1"),
        ("partners", "str", "S2.2"),
        ("knock", "bool", "S3.3"),
        ("bidding", "bool", "S5.2"),
        ("spritze", "bool", "S5.5"),
        ("retour", "bool", "S5.5"),
        ("claim", "str", "S7.1"),
        ("must_head", "str", "S6.3"),
        ("closing", "bool", "S6.7"),
        ("one_point_from", "int", "S8.1"),
        ("target", "int", "S8.6"),
    )
    assert (schnapsen["num_actions"], schnapsen["max_players"]) == (61, 4)  # S11, S2.1


def test_python_families_agree_with_the_core_registry() -> None:
    assert [f.name for f in FAMILIES] == [g["name"] for g in _core.GAMES]
    for family, game in zip(FAMILIES, _core.GAMES, strict=True):
        assert family.rule_prefix == game["rule_prefix"]
        assert family.presets == game["presets"]
        assert family.knobs == tuple(name for name, _, _ in game["knobs"])
        assert game["num_actions"] == family.core.NUM_ACTIONS


def test_each_registered_game_has_its_vector_env_class() -> None:
    names = sorted(name for name in dir(_core) if name.endswith("VectorEnv"))
    assert names == sorted(g["class_prefix"] + "VectorEnv" for g in _core.GAMES)
