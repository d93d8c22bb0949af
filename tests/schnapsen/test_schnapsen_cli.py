"""The bieten command line with --game: deal, simulate and a terminal game of Bauernschnapsen and
Schnapsen (python/bieten/schnapsen/terminal.py), driven with scripted input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import bieten
from bieten import schnapsen, simulate
from bieten._core import schnapsen as core
from bieten.cli import build_parser, cmd_play, cmd_replay, main
from bieten.schnapsen.terminal import View as SchnapsenView
from bieten.terminal import play


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out) == 0
    return out.getvalue()


def script(*answers: str, then: str = "1") -> Iterator[str]:
    yield from answers
    while True:
        yield then


def play_cli(*argv: str, answers: Iterator[str]) -> str:
    out = io.StringIO()
    args = build_parser().parse_args(["play", *argv])
    assert cmd_play(args, out, read=lambda prompt: next(answers)) == 0
    return out.getvalue()


# ---- bieten deal / simulate --game ---------------------------------------------------------------


def test_deal_prints_the_hands_trump_card_and_stock_of_the_library() -> None:
    text = run("deal", "--game", "schnapsen", "--seed", "7")
    dealt = schnapsen.deal(7, schnapsen.Rules.preset("schnapsen"))
    assert text.splitlines() == [
        "Deal of seed 7, hand 0, dealer seat 0 (schnapsen, 2 players, cut)",
        f"  seat 0: {' '.join(dealt['hands'][0])}",
        f"  seat 1: {' '.join(dealt['hands'][1])}",
        f"  trump card: {dealt['trump_card']}",
        f"  stock: {' '.join(dealt['stock'])}",
    ]
    assert "  seat 0: E10 LO LU HA HU" in text


def test_deal_json_with_a_knock_agrees_with_the_library() -> None:
    text = run("deal", "--game", "bauernschnapsen", "--seed", "9", "--hand", "2", "--dealer", "1", "--knock")
    assert "(bauernschnapsen, 4 players, knocked: five at a time)" in text
    assert "trump card" not in text and "stock" not in text
    data = json.loads(
        run(
            "deal",
            "--game",
            "bauernschnapsen",
            "--seed",
            "9",
            "--hand",
            "2",
            "--dealer",
            "1",
            "--knock",
            "--json",
        )
    )
    rules = schnapsen.Rules.preset("bauernschnapsen")
    assert data["hands"] == schnapsen.deal(9, rules, hand=2, dealer=1, knock=True)["hands"]
    assert data["rules"] == rules.to_dict() and data["game"] == "bauernschnapsen" and data["knock"] is True


def test_simulate_json_matches_the_library_and_the_default_agents() -> None:
    data = json.loads(
        run(
            "simulate",
            "--game",
            "bauernschnapsen_called",
            "--games",
            "300",
            "--threads",
            "2",
            "--seed",
            "3",
            "--json",
        )
    )
    rules = schnapsen.Rules.preset("bauernschnapsen_called")
    expected = simulate(rules, ["heuristic", "random", "random", "random"], games=300, seed=3, threads=1)
    assert data["game"] == "bauernschnapsen_called" and data["rules"] == rules.to_dict()
    assert data["seats"] == [
        {**s, "win_rate_95": list(s["win_rate_95"])} for s in expected.summary().to_dict()["seats"]
    ]
    assert data["games"] == 300


def test_simulate_prints_a_table_with_the_target_override(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--game",
        "schnapsen",
        "--games",
        "200",
        "--agents",
        "random,heuristic",
        "--target",
        "5",
    ]
    text = run(*args, "--threads", "1")
    assert text.startswith("200 games of schnapsen (2 players, target 5), seed 1, 1 thread\n")
    assert "heuristic" in text and "95% interval" in text and "deals/s" in text
    assert "200/200 games" in capsys.readouterr().err  # the progress bar, on standard error


def test_bieten_options_are_refused_with_a_schnapsen_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "schnapsen", "--players", "3", "--games", "1"], io.StringIO()) == 2
    assert "--players is an option of Bieten; --game schnapsen fixes" in capsys.readouterr().err
    assert main(["deal", "--game", "bauernschnapsen", "--seed", "1", "--preset", "tyrol"], io.StringIO()) == 2
    assert "--preset is an option of Bieten;" in capsys.readouterr().err
    assert main(["simulate", "--game", "schnapsen", "--agents", "random", "--games", "1"], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "--agents names 1 agent, but the game has 2 seats: one agent per seat (S2.1)" in err
    assert main(["play", "--game", "schnapsen", "--seat", "2"], io.StringIO()) == 2
    assert "--seat must be 0 to 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "skat"], io.StringIO())


def test_bieten_stays_the_default_game() -> None:
    text = run("simulate", "--games", "50", "--threads", "1", "--no-progress")
    assert text.startswith("50 games of tyrol (4 players, 3 cards, target 11)")
    assert run("deal", "--seed", "7", "--players", "4").startswith(
        "Deal of seed 7, hand 0, dealer seat 0 (tyrol,"
    )


# ---- bieten play --game --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", schnapsen.PRESETS)
def test_play_a_whole_game_by_numbers_against_the_bots(preset: str) -> None:
    text = play_cli("--game", preset, "--seed", "5", "--target", "3", answers=script())
    rules = schnapsen.Rules.preset(preset)
    title = "Schnapsen" if rules.players == 2 else "Bauernschnapsen"
    assert text.startswith(f"{title} ({preset}, {rules.players} players, target 3), seed 5. You are seat 0")
    assert "--- Deal 1: dealer seat 0, seat 1 is forehand ---" in text
    assert "Table (deal 1, target 3):" in text and "Your hand: " in text and "\n   1. " in text
    assert "Game over: won by " in text and ". Bummerl: " in text
    assert "\x1b[" not in text


def test_play_shows_what_the_seat_may_see_and_the_bots_play_as_in_simulate() -> None:
    """The session's game is the game a mirror plays with the same bots (agent_state of the game
    seed), and the hand shown is the seat's own cards."""
    rules = schnapsen.Rules.preset("schnapsen")
    out = io.StringIO()
    answers = script("t", "help", "99", "fold", "play XX", "claim", "q")
    session = play(rules, out, seed=3, you=1, opponents="heuristic", read=lambda prompt: next(answers))
    text = out.getvalue()
    game = session.game
    mirror = schnapsen.Game(rules, seed=3)
    bot = core.CoreAgent("heuristic", bieten._core.agent_state(3, 0))
    while mirror.current_player == 0:
        mirror.apply_id(bot.act(mirror))
    assert mirror.history == game.history
    assert f"Your hand: {' '.join(mirror.hands[1])}" in text
    for i, action in enumerate(mirror.legal_actions(), 1):
        assert f"\n  {i:>2}. {action}" in text
    assert text.count("Table (deal 1, target 7):") == 2  # 't' shows it again
    assert "A card alone (HA) means 'play HA'." in text
    assert f"Choose 1 to {len(mirror.legal_actions())}." in text
    assert "Refused: S11: 'fold' is no action" in text
    assert text.count("Refused: ") == 3
    assert f"Refused: {mirror.why_illegal('claim')}" in text
    assert "Trump: H (Hearts); stock 10 cards, the last HK" in text
    assert "Not saved" in text
    assert text.strip().splitlines()[-1] == (  # not the record: it holds the hidden cards
        "Not saved (bieten play --save FILE.jsonl saves a game); "
        f"seed 3, {len(mirror.history)} actions played."
    )
    assert " ".join(mirror.hands[0]) not in text


def test_forehand_sees_his_last_two_cards_only_after_choosing_trump_s12() -> None:
    rules = schnapsen.Rules.preset("bauernschnapsen")
    seed = next(s for s in range(200) if _cutter_knocks(rules, s))
    out = io.StringIO()
    answers = script("1", "q")
    session = play(rules, out, seed=seed, you=1, opponents="random", read=lambda prompt: next(answers))
    text = out.getvalue()
    dealt = schnapsen.deal(seed, rules, knock=True)["hands"][1]
    assert f"  you are dealt {' '.join(dealt[:3])} and 2 cards you see after choosing trump" in text
    assert f"Your hand: {' '.join(sorted(dealt[:3], key=lambda c: bieten.Card(c).id))} and 2 cards" in text
    first_look = text.split("Your hand: ")[1].split("\n")[0]
    assert all(card not in first_look for card in dealt[3:])
    assert f"  you see your last cards: {' '.join(dealt[3:])}" in text
    assert session.game.history[1].startswith("trump ")


def _cutter_knocks(rules: schnapsen.Rules, seed: int) -> bool:
    game = schnapsen.Game(rules, seed=seed)
    game.apply_id(core.CoreAgent("random", bieten._core.agent_state(seed, 3)).act(game))
    return game.knocked


def test_saved_game_is_json_lines_that_replay_to_the_same_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    text = play_cli(
        "--game", "bauernschnapsen", "--seed", "8", "--target", "4", "--save", str(path), answers=script()
    )
    assert f"Saved to {path} (bieten replay {path})." in text
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    header, actions, end = lines[0], lines[1:-1], lines[-1]
    assert header["type"] == "game" and header["agents"] == ["human", "heuristic", "heuristic", "heuristic"]
    game = schnapsen.Game.from_record(header["record"])
    for line in actions:
        assert line["type"] == "action" and line["ply"] == game.ply and line["seat"] == game.current_player
        game.apply(line["action"])
    assert game.is_over
    assert end == {
        "type": "end",
        "ply": game.ply,
        "hand_number": game.hand_number,
        "scores": game.scores,
        "winners": game.winners,
    }

    # bieten replay reads it: every event told, or one seat's events as JSON Lines.
    told = run("replay", str(path))
    assert told.startswith(
        f"Replay of {path}: bauernschnapsen rules (seat 0 human, seat 1 heuristic, seat 2 heuristic, "
        f"seat 3 heuristic; target 4), seed 8, {game.ply} actions, every card shown.\n"
    )
    assert "Game over: won by " in told and "The game is not over" not in told
    as_json = run("replay", str(path), "--seat", "2", "--json").splitlines()
    assert [json.loads(line) for line in as_json] == [e.to_dict() for e in game.events_for(2)]
    answers = iter(["", "", "q"])
    out = io.StringIO()
    args = build_parser().parse_args(["replay", str(path), "--seat", "1", "--step"])
    assert cmd_replay(args, out, read=lambda prompt: next(answers)) == 0
    assert "as seat 1 saw it" in out.getvalue() and "Game over" not in out.getvalue()

    # A tampered file is refused with its line.
    lines = path.read_text().splitlines()
    changed = json.loads(lines[3])
    changed["seat"] = (changed["seat"] + 1) % 4
    lines[3] = json.dumps(changed)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)], io.StringIO()) == 2
    assert f"{path}, line 4: says seat" in capsys.readouterr().err


def test_quitting_at_end_of_input_or_ctrl_c_keeps_the_record(tmp_path: Path) -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    rules = schnapsen.Rules.preset("bauernschnapsen_2")
    out = io.StringIO()
    session = play(rules, out, seed=1, read=eof)
    assert not session.game.is_over and "Not saved" in out.getvalue()
    path = tmp_path / "partial.jsonl"
    session = play(rules, io.StringIO(), seed=1, read=interrupt, save=str(path))
    last = json.loads(path.read_text().splitlines()[-1])
    assert last["type"] == "end" and last["ply"] == session.game.ply and last["winners"] == []
    told = run("replay", str(path), "--seat", "0")
    assert "bauernschnapsen_2 rules (seat 0 human, seat 1 heuristic; target 21)" in told
    assert "The game is not over: the session ended at ply " in told


def test_colour_and_bad_arguments() -> None:
    out = io.StringIO()
    answers = script("q")
    play(schnapsen.Rules.preset("schnapsen"), out, seed=2, color=True, read=lambda prompt: next(answers))
    assert "\x1b[" in out.getvalue()
    with pytest.raises(bieten.SeatError, match=r"S2\.1"):
        play(schnapsen.Rules.preset("schnapsen"), io.StringIO(), you=2)
    with pytest.raises(bieten.AgentError, match="unknown agent 'genius'"):
        play(schnapsen.Rules.preset("schnapsen"), io.StringIO(), opponents="genius")


@pytest.mark.parametrize("preset", schnapsen.PRESETS)
def test_every_event_is_told_in_the_view_with_every_card(preset: str) -> None:
    """A replay-style view (viewer None) tells every event of whole games, hidden cards included."""
    rules = schnapsen.Rules.preset(preset, target=9)
    kinds: set[str] = set()
    for seed in range(12):
        game = schnapsen.Game(rules, seed=seed)
        bots = [core.CoreAgent("random" if s % 2 else "heuristic", seed + s) for s in range(rules.players)]
        while not game.is_over:
            game.apply_id(bots[game.current_player].act(game))
        view = SchnapsenView(rules)
        for event in game.events:
            lines = view.feed(event.to_dict())
            kinds.add(event.type)
            assert all("{" not in line.plain for line in lines), event
        assert view.over and view.scores == game.scores
        assert any(line.plain.startswith("Table (deal") for line in view.table())
    assert {"deal_started", "card_played", "trick_won", "deal_scored", "game_over"} <= kinds
    assert (
        SchnapsenView(rules).feed({"type": "future", "hand": 0})[0].plain == '{"type": "future", "hand": 0}'
    )


def test_play_from_standard_input_in_a_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bieten.cli", "play", "--game", "schnapsen", "--seed", "4", "--no-color"],
        input="help\nq\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Schnapsen (schnapsen, 2 players, target 7), seed 4." in proc.stdout
    assert "\n> help\n" in proc.stdout and "Not saved" in proc.stdout


def test_the_bots_of_play_are_the_agents_of_simulate() -> None:
    """Game 0 of a simulate run with every seat heuristic is the game 'play' plays with the same seed."""
    rules = schnapsen.Rules.preset("schnapsen")
    result = simulate(rules, ["heuristic", "heuristic"], games=1, seed=6, threads=1)
    seed = bieten._core.batch_game_seed(6, 0)
    game = schnapsen.Game(rules, seed=seed)
    bots = [core.CoreAgent("heuristic", bieten._core.agent_state(seed, s)) for s in range(2)]
    while not game.is_over:
        game.apply_id(bots[game.current_player].act(game))
    assert np.array_equal(result.scores[0], game.scores)
