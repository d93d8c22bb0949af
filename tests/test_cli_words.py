"""The words the terminal, the command line and the page say (issue 22, item 3): verbs agree with
who does them ("you deal", "seat 1 scores"), counts with their nouns ("1 trick", "1 match"), and
Schnapsen's deals are deals on the page as in its log."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bieten import Agent, schnapsen
from bieten.cli import main
from bieten.terminal import schnapsen as schnapsen_view
from bieten.web._games import games as web_games

# the page's log joins scores with an en dash
SCORES = "\N{EN DASH}"
STATIC = Path(__file__).parent.parent / "python" / "bieten" / "web" / "static"
SCHNAPSEN_PAGE = Path(__file__).parent.parent / "python" / "bieten" / "schnapsen" / "page.js"

# The page's model with Schnapsen's entry of GET /api/games and its page module (python/bieten/schnapsen/
# page.js), as games.js hands them to it; the events come on standard input.
_LOG = """
import { readFileSync } from "node:fs";
const { TableModel } = await import(process.argv[1]);
const module = await import(process.argv[2]);
const { game, events } = JSON.parse(readFileSync(0, "utf8"));
const model = new TableModel({ game, module, players: 2, you: 0 });
for (const e of events) {
  const line = model.apply(e);
  if (line) console.log(line.map((p) => (typeof p === "string" ? p : p.card || p.suit)).join(""));
}
"""


def _events() -> list[dict[str, Any]]:
    """Seat 0's events of a Schnapsen game (seed 14) whose second deal seat 1 wins by a claim."""
    game = schnapsen.Game(schnapsen.Rules.preset("schnapsen"), seed=14)
    bots = [Agent("heuristic", seed=1), Agent("random", seed=2)]
    while not game.is_over:
        game.apply_id(bots[game.current_player].act(game))
    return [e.to_dict() for e in game.events_for(0)]


def test_the_terminal_says_seat_1_scores_and_you_score() -> None:
    view = schnapsen_view.View(schnapsen.Rules.preset("schnapsen"), viewer=0, you=0)
    lines = [t.plain for e in _events() for t in view.feed(e) if "is over" in t.plain]
    assert lines[:2] == [
        "Deal 1 is over (a correct claim): you score 2; totals: you 2, seat 1 0 (target 7)",
        "Deal 2 is over (a correct claim): seat 1 scores 1; totals: you 2, seat 1 1 (target 7)",
    ]


def test_the_page_log_says_you_deal_and_seat_1_scores() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the page's log is JavaScript: this test needs node")
    game = next(g for g in web_games()["games"] if g["name"] == "schnapsen")
    proc = subprocess.run(
        [node, "--input-type=module", "-e", _LOG, str(STATIC / "model.js"), str(SCHNAPSEN_PAGE)],
        input=json.dumps({"game": game, "events": _events()}),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    lines = [line for line in proc.stdout.splitlines() if line.startswith("Deal ")]
    assert lines[:4] == [
        "Deal 1: You deal; Seat 1 is forehand",
        f"Deal 1: You score 2 by a correct claim → 2 {SCORES} 0",
        "Deal 2: Seat 1 deals; You are forehand",
        f"Deal 2: Seat 1 scores 1 by a correct claim → 2 {SCORES} 1",
    ]


def test_the_page_counts_cards_and_names_each_games_rounds_in_its_words() -> None:
    """The page counts a seat's cards with count() and shows what it took in its game's words
    (page.json's "taken"); a round is a hand in Bieten (R3) and a deal in Schnapsen (S3)."""
    app = (STATIC / "app.js").read_text(encoding="utf-8")
    assert 'count(m.counts[seat], "card")' in app and "m.takenText(seat)" in app
    assert "${m.counts[seat]} cards" not in app and "const round = m.page.round;" in app
    rounds = {g["name"]: (g["page"]["round"], g["page"]["taken"]) for g in web_games()["games"]}
    assert rounds["bieten"][0] == "hand" and rounds["schnapsen"] == (
        "deal",
        ["{n} card point", "{n} card points"],
    )


def test_one_match_is_a_match() -> None:
    out = io.StringIO()
    argv = ["tournament", "--agents", "heuristic,random", "--games", "1", "--threads", "1", "--no-progress"]
    assert main(argv, out) == 0
    assert out.getvalue().splitlines()[-1].startswith("bieten: 1 match of 1 game in ")


def test_a_run_of_one_game_on_one_thread_says_so_in_the_singular() -> None:
    out = io.StringIO()
    assert main(["simulate", "--games", "1", "--threads", "1", "--no-progress"], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "1 game of tyrol (4 players, 3 cards, target 11), seed 1, 1 thread"
    assert lines[-2].startswith("1 game, ")
    assert lines[-1].startswith("limited by heuristic (seat 0): its ")  # issue 22: what bounds the run


def test_the_page_counts_with_one_rule_for_singular_and_plural() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the page's words are JavaScript: this test needs node")
    script = (
        "const { count } = await import(process.argv[1]);"
        'console.log([count(1, "point"), count(0, "card"), count(2, "trick")].join("|"));'
    )
    proc = subprocess.run(
        [node, "--input-type=module", "-e", script, str(STATIC / "model.js")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert proc.stdout == "1 point|0 cards|2 tricks\n"
