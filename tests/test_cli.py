"""The bieten command line: the deal (R3, R6) and a terminal game."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

from bieten import Rules, deal, evaluate
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
    proc = subprocess.run([sys.executable, "-m", "bieten.cli", "deal", "--seed", "-1"],
                          capture_output=True, text=True, check=False)
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
    assert re.search(r"Choose 1 to \d+\.", text)
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
