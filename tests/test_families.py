"""The registry of game families (python/bieten/_families.py): the front ends' one place to look a
game up, by kind, record format or object, and the names both games' objects share."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import bieten
from bieten import _families, schnapsen
from bieten._core import HandError, RulesError
from bieten._families import BIETEN, FAMILIES, KINDS, SCHNAPSEN, family, family_of, kind_family, record_family

# The games with a package of their own: a game built only for the tests (tests/games/) has no
# terminal view or event schema (bieten._generic).
PACKAGED = tuple(f for f in FAMILIES if f.own_package)


def test_kinds_are_bieten_then_each_schnapsen_preset_and_each_finds_its_family() -> None:
    shipped = ("bieten", "bauernschnapsen", "bauernschnapsen_called", "bauernschnapsen_2", "schnapsen")
    assert KINDS[:5] == shipped and KINDS[5:] == tuple(k for f in FAMILIES[2:] for k in f.kinds)
    assert [kind_family(k).name for k in KINDS[:5]] == ["bieten"] + ["schnapsen"] * 4
    assert [f.rule_prefix for f in FAMILIES[:2]] == ["R", "S"]
    assert [f.name for f in PACKAGED] == ["bieten", "schnapsen"]
    assert family("schnapsen") is SCHNAPSEN
    with pytest.raises(KeyError):
        kind_family("poker")


def test_rules_games_and_results_find_their_family_and_anything_else_is_a_type_error() -> None:
    rules, s_rules = bieten.Rules(players=2), schnapsen.Rules.preset("schnapsen")
    game, s_game = bieten.Game(rules, seed=1), schnapsen.Game(s_rules, seed=1)
    run = bieten.simulate(s_rules, ["random", "random"], games=3, seed=1, threads=1)
    assert [family_of(x).name for x in (rules, game, s_rules, s_game, run)] == [
        "bieten",
        "bieten",
        "schnapsen",
        "schnapsen",
        "schnapsen",
    ]
    refused = (
        r"^rules must be a bieten.Rules or a bieten.schnapsen.Rules( or a bieten\.[a-z_]+\.Rules)*, not dict$"
    )
    with pytest.raises(TypeError, match=refused):
        family_of({"players": 2})


def test_record_formats_name_the_family_and_an_unknown_one_none() -> None:
    game = schnapsen.Game(schnapsen.Rules(), seed=3)
    assert record_family(game.to_record()["format"]) is SCHNAPSEN
    assert record_family("bieten-game") is BIETEN
    assert record_family("chess-game") is None and record_family(7) is None


def test_rules_for_a_kind_take_bietens_preset_apart_and_refuse_it_for_schnapsen() -> None:
    assert BIETEN.rules_for("bieten") == bieten.Rules.preset("tyrol")
    assert BIETEN.rules_for("bieten", "bavaria", players=3) == bieten.Rules.preset("bavaria", players=3)
    assert SCHNAPSEN.rules_for("bauernschnapsen_2", target=11) == schnapsen.Rules.preset(
        "bauernschnapsen_2", target=11
    )
    with pytest.raises(RulesError, match=r"^S10: preset is Bieten's \(R10\); the kind 'schnapsen' is itself"):
        SCHNAPSEN.rules_for("schnapsen", "tyrol")


def test_new_games_take_a_face_up_card_only_in_bieten() -> None:
    rules = bieten.Rules(players=2, show_top_card=True)
    game = BIETEN.new_game(rules, 5, deal=[["HA", "HK", "E7"], ["LA", "SA", "S6"]], top_card="LO")
    assert game.top_card == "LO"
    with pytest.raises(HandError, match=r"^S3.7: top_card is Bieten's \(R3.8\); give deal.trump_card$"):
        SCHNAPSEN.new_game(schnapsen.Rules(), 5, top_card="HA")


def test_kind_of_rules_is_the_preset_they_equal_or_the_familys_word_for_them() -> None:
    assert BIETEN.kind_of(bieten.Rules(players=5)) == "bieten"
    assert SCHNAPSEN.kind_of(schnapsen.Rules.preset("bauernschnapsen_called")) == "bauernschnapsen_called"
    assert SCHNAPSEN.kind_of(schnapsen.Rules.preset("schnapsen", target=9)) == "schnapsen"
    assert SCHNAPSEN.kind_of(schnapsen.Rules(players=4, knock=False)) == "bauernschnapsen"


def test_setup_words_name_bietens_hand_size_and_not_schnapsens() -> None:
    assert BIETEN.setup(bieten.Rules(players=3, hand_size=4)) == "3 players, 4 cards, target 11"
    assert SCHNAPSEN.setup(schnapsen.Rules.preset("schnapsen")) == "2 players, target 7"


def test_each_familys_terminal_view_has_the_same_hooks() -> None:
    hooks = {"View", "END_FIELD", "INSTRUCTIONS", "HELP", "title", "about", "rules_name", "status"}
    hooks |= {"action_label", "commands", "deal_data", "deal_setup", "deal_lines"}
    for entry in PACKAGED:
        view = entry.module("terminal")
        assert hooks <= set(dir(view)), entry.name
    assert [f.module("terminal").END_FIELD for f in PACKAGED] == ["winner", "winners"]
    for entry in FAMILIES:
        if not entry.own_package:  # refused in the rules' words, naming what is missing
            with pytest.raises(bieten.RulesError, match=f"{entry.title} has no terminal view"):
                entry.module("terminal")


def test_each_familys_own_files_are_in_its_package_and_the_old_view_paths_still_import() -> None:
    package = Path(bieten.__file__).parent
    for entry in PACKAGED:
        assert entry.terminal == f"bieten.{entry.name}.terminal"
        assert (package / entry.name / "terminal.py").is_file()
        assert (package / entry.name / "rules.md").is_file()
        assert (package / entry.name / "events-v1.json").is_file()
        # bieten.terminal.<game>, where the views were, is the same module
        assert importlib.import_module(f"bieten.terminal.{entry.name}") is entry.module("terminal")
    assert sorted(p.name for p in (package / "schema").iterdir() if p.suffix == ".json") == [
        "protocol-v1.json"
    ]
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("bieten.terminal.skat")


def test_env_modules_are_named_by_path_and_not_imported_by_the_registry() -> None:
    for entry in FAMILIES:
        for role in ("pettingzoo", "openspiel"):
            path = getattr(entry, role)
            assert path.startswith("bieten.env.")
            assert importlib.util.find_spec(path) is not None
    assert "pettingzoo" not in vars(_families)
    assert [f.member("simulation_result") for f in FAMILIES] == [bieten.SimulationResult] * len(FAMILIES)
    assert bieten.SchnapsenSimulationResult is bieten.SimulationResult  # an older name


def test_both_games_say_winners_bummerl_and_unplayed() -> None:
    game = bieten.Game(bieten.Rules(players=2), seed=7)
    s_game = schnapsen.Game(schnapsen.Rules.preset("schnapsen"), seed=7)
    assert (game.winners, s_game.winners, game.bummerl, s_game.bummerl) == ([], [], [], [])
    dealt = [["HA", "HU", "LO", "LU", "E10"], ["LK", "SO", "SU", "S10", "EA"]]
    assert s_game.unplayed == s_game.hands == dealt
    while not game.is_over:
        game.apply_id(game.legal_action_ids()[0])
    assert game.winners == [game.winner]


def test_both_games_results_say_winners_and_have_one_summary_shape() -> None:
    run = bieten.simulate(bieten.Rules(players=2), ["random", "random"], games=20, seed=4, threads=1)
    s_rules = schnapsen.Rules.preset("schnapsen")
    s_run = bieten.simulate(s_rules, ["random", "random"], games=20, seed=4, threads=1)
    assert run.winners.shape == s_run.winners.shape == (20, 2)
    assert (run.winners.argmax(axis=1) == run.winner).all() and (run.winners.sum(axis=1) == 1).all()
    summary, s_summary = run.summary(), s_run.summary()
    assert type(summary) is type(s_summary) is bieten.Summary is bieten.SchnapsenSummary
    assert (summary.unit, s_summary.unit) == ("hand", "deal")
    assert list(summary.points_per_game) == list(bieten.FIGURE_COLUMNS) and s_summary.points_per_game == {}
    assert "points_per_game" not in s_summary.to_dict()["seats"][0]
    assert "deals/s" in str(s_summary) and "hands/s" in str(summary)
