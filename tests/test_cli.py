"""The bieten command line: the deal (R3, R6) and a terminal game."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bieten import Rules, deal, evaluate
from bieten._families import FAMILIES
from bieten.cli import main


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out) == 0
    return out.getvalue()


def test_deal_prints_every_seat_and_the_figure_winners() -> None:
    text = run("deal", "--seed", "7", "--players", "4")
    assert text.splitlines() == [
        "Deal of seed 7, hand 0, dealer seat 0 (tyrol, 4 players, 3 cards)",
        "  seat 0: LK L8 E9",
        "  seat 1: H7 SA EO",
        "  seat 2: HK L9 EK",
        "  seat 3: HA H10 EU",
        "Figures:",
        "  red     seat 3",
        "  green   seat 0",
        "  gleich  seat 2",
        "  hanger  nobody",
        "  weli    nobody",
    ]


def test_deal_json_agrees_with_the_library() -> None:
    data = json.loads(run("deal", "--seed", "99", "--players", "3", "--hand", "2", "--dealer", "1", "--json"))
    rules = Rules(players=3)
    assert data["hands"] == deal(99, rules, hand=2, dealer=1)
    assert data["figures"] == evaluate(data["hands"], rules)
    assert data["top_card"] is None


def test_deal_with_a_face_up_card_shows_it_r3_8() -> None:
    text = run("deal", "--seed", "7", "--preset", "south_tyrol", "--players", "3")
    assert "  face-up card: EK" in text.splitlines()


def test_deal_with_a_wild_dealt_says_figures_depend_on_naming_r5_2() -> None:
    rules = Rules.preset("welibieten")
    seed = next(s for s in range(200) if any("S6" in h for h in deal(s, rules)))
    text = run("deal", "--seed", str(seed), "--preset", "welibieten")
    assert "Figures: a wild card was dealt; the figures depend on how it is named (R5.2)." in text


def test_bad_seed_is_refused_with_the_rule_r3_2() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bieten.cli", "deal", "--seed", "-1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "R3.2: seed must be an integer 0 <= seed < 2**64, not -1" in proc.stderr


def test_play_offers_numbered_actions_and_refuses_bad_input() -> None:
    answers = iter(["99", "bid nonsense", "odds", "1", "q"])
    out = io.StringIO()
    from bieten.cli import build_parser, cmd_play

    args = build_parser().parse_args(["play", "--seed", "3", "--players", "3", "--opponents", "random"])
    assert cmd_play(args, out, read=lambda prompt: next(answers)) == 0
    text = out.getvalue()
    assert "You hold: H10 SU S7" in text
    assert "opponents: random" in text
    assert "Table (hand 1, target 11):" in text
    assert "\n   1. " in text
    assert "\nChoose 1, the only move.\n" in text  # seat 1's bid leaves one answer, 'good' (R7.4)
    assert "Refused: R11: 'bid nonsense' is not an action" in text
    assert "Figure odds (the chance your hand ends with the best of each): red " in text
    assert "Not saved" in text
    assert "\x1b[" not in text  # not a terminal: plain text


def test_play_to_the_end_with_scripted_first_choices() -> None:
    out = io.StringIO()
    from bieten.cli import build_parser, cmd_play

    args = build_parser().parse_args(["play", "--seed", "11", "--players", "2", "--target", "3"])
    assert cmd_play(args, out, read=lambda prompt: "1") == 0
    assert "Game over: " in out.getvalue()


def test_play_refuses_a_seat_that_is_not_at_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1", "--players", "3", "--seat", "3"], io.StringIO()) == 2
    assert "--seat must be 0 to 2" in capsys.readouterr().err


def test_rules_lists_the_sections_of_both_games() -> None:
    lines = run("rules").splitlines()
    assert lines[:3] == ["Bieten (R1 to R11)", "  R1   Cards", "  R2   Players and seats"]
    assert lines[11:14] == [
        "  R11  Notation of actions",
        "Bauernschnapsen and Schnapsen (S1 to S12)",
        "  S1   Cards",
    ]
    shipped = 1 + 11 + 1 + 12  # then the books of any game built for the tests (tests/games/)
    assert lines[shipped - 1] == "  S12  What each seat sees"
    if len(FAMILIES) == 2:
        assert lines[shipped:] == [
            "One rule or section: bieten rules R7.4, bieten rules S6 (any id, either game)"
        ]
    else:
        assert lines[-1].startswith("One rule or section: bieten rules R7.4, bieten rules S6, bieten rules ")
        assert lines[-1].endswith(" (any id, any game)")


def test_rules_prints_one_bieten_rule_by_its_id_in_any_case() -> None:
    assert run("rules", "r4.3").splitlines() == [
        "### R4.3 Winning a trick",
        "",
        "The trick goes to the highest card of the suit that was led.",
    ]


def test_rules_prints_one_schnapsen_rule_and_a_section_with_its_rules() -> None:
    assert run("rules", "S8.5").splitlines() == [
        "### S8.5 Doubles",
        "",
        "A `spritze` doubles the score of the deal and a `retour` doubles it again, however the deal ended.",
    ]
    headings = [line for line in run("rules", "S4").splitlines() if line.startswith("#")]
    assert headings == ["## S4 Trump", "### S4.1 Trump with four players", "### S4.2 Trump with two players"]


def test_rules_refuses_an_unknown_id_in_one_line_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["rules", "R7.9"], out) == 2
    assert out.getvalue() == ""
    err = capsys.readouterr().err
    shipped = (
        "bieten: error: 'R7.9' is not a rule id: "
        "Bieten's are R1 to R11 (e.g. R7.4), Schnapsen's S1 to S12 (e.g. S6.6)"
    )
    assert err == shipped + "\n" or (err.startswith(shipped + ", ") and err.count("\n") == 1), err


def test_rules_runs_as_a_command_and_survives_a_closed_pipe() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bieten.cli", "rules", "S6.6"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("### S6.6 Marriages\n\nThe seat to lead may, before its card, `meld X`")
    reader = subprocess.Popen(
        [sys.executable, "-m", "bieten.cli", "rules", "R7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # the reader went away before the first line (as `| head -0` would)
    assert reader.wait() == 0
    assert reader.stderr.read() == b""
