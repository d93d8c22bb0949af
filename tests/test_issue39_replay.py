"""Issue 39, item 3: ``bieten replay`` reads every record the project writes: ``play --save`` JSON
Lines, ``Game.to_json`` of every registered game (compact or indented), the engine protocol's
``saved`` record and the server's "Download the record"; and a file that is none of them is named
in JSON's words (null, an array), never Python's."""

from __future__ import annotations

import io
import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

import bieten
from bieten._families import FAMILIES
from bieten._session import Session
from bieten.cli import main

# The games with a terminal view: those with a package of their own (not a game built only for the tests).
VIEWED = [f.name for f in FAMILIES if f.own_package]


def _played(name: str, seed: int, moves: int | None = None) -> Any:
    game = bieten.make(name, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or game.ply < moves):
        game.apply_id(rng.choice(list(game.legal_action_ids())))
    return game


def _replay(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    out = io.StringIO()
    assert main(["replay", str(path), "--no-color"], out) == 0, capsys.readouterr().err
    return out.getvalue().splitlines()


@pytest.mark.parametrize("name", VIEWED)
@pytest.mark.parametrize("indent", [None, 2])
def test_replay_reads_the_to_json_record_of_every_game(
    name: str, indent: int | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _played(name, seed=5)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(json.loads(game.to_json()), indent=indent))
    lines = _replay(path, capsys)
    assert lines[-1].startswith("Game over"), lines[-3:]
    scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(game.scores))
    assert lines[-1].endswith(f"Final scores: {scores}.")


def test_replay_of_an_unfinished_record_says_the_record_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _played("bieten", seed=5, moves=12)
    path = tmp_path / "record.json"
    path.write_text(game.to_json())
    lines = _replay(path, capsys)
    seat = game.current_player
    assert lines[-1] == f"The game is not over: the record ends at ply 12, seat {seat} to act."


def test_replay_reads_the_engine_protocol_s_saved_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    session.handle({"type": "new", "kind": "schnapsen", "seed": 9})
    for ply in range(6):
        seat = session.tables["g1"].game.current_player
        session.handle({"type": "bot", "game": "g1", "seat": seat, "ply": ply, "agent": "random"})
    saved = session.handle({"type": "save", "game": "g1"})
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(saved["record"]))
    assert _replay(path, capsys)[-1].startswith("The game is not over: the record ends at ply 6")


def test_replay_reads_the_server_s_download(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from bieten.web import create_app

    with TestClient(create_app(bot_delay=0)) as client:
        made = client.post("/api/tables", json={"kind": "bieten", "seed": 4, "seats": ["human"] * 4}).json()
        game = client.app.state.server.tables[made["table"]].table.game  # type: ignore[attr-defined]
        rng = random.Random(4)
        while not game.is_over:  # the game played out in place: the download needs it over
            game.apply_id(rng.choice(list(game.legal_action_ids())))
        download = client.get(f"/api/tables/{made['table']}/record")
        assert download.status_code == 200
    path = tmp_path / "bieten-download.json"
    path.write_bytes(download.content)
    assert _replay(path, capsys)[-1].startswith("Game over")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{}", "not an object without a type"),
        ("null", "not null"),
        ("[]", "not an array"),
        ('"game"', "not the string 'game'"),
        ("7", "not the number 7"),
        ('{"type": "move"}', "not type 'move'"),
    ],
)
def test_replay_names_a_wrong_line_in_json_s_words(
    text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    path.write_text(text + "\n")
    assert main(["replay", str(path)], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err == (
        f"bieten: error: {path}, line 1: a line is a JSON object of type game, action, end (or the "
        f"whole file one game record, Game.to_json), {said}\n"
    )
    assert "None" not in err and "'list'" not in err
