"""Issue 39, item 4: a trained policy can be played. ``policy:FILE`` (what ``bieten train`` writes,
``DIR/<game>.bin``) is an agent wherever agents are named: simulate, tournament, ``play --opponents``,
the engine protocol's ``bot``, the server's seat kinds (configured files only, never a client's path),
VectorEnv opponents and the C ABI; and a missing, empty, corrupt or other game's file is one line
naming the file and the fault."""

from __future__ import annotations

import io
import json
import shutil
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bieten
from bieten import _core, policies
from bieten._core import BietenError
from bieten._session import Session
from bieten.cli import main


@pytest.fixture
def trained(tmp_path: Path) -> dict[str, Path]:
    """Policy files as bieten train leaves them: DIR/<game>.bin (here copies of the shipped ones)."""
    files = {}
    for name in ("bieten", "schnapsen"):
        files[name] = tmp_path / "run" / f"{name}.bin"
        files[name].parent.mkdir(exist_ok=True)
        shutil.copyfile(policies.path(name), files[name])
    return files


@pytest.fixture
def bad(tmp_path: Path, trained: dict[str, Path]) -> dict[str, tuple[Path, str]]:
    """Files that are no policy of Bieten, each with what the one line must say of it."""
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    noise = tmp_path / "noise.bin"
    noise.write_bytes(bytes(range(256)) * 4)
    corrupt = tmp_path / "corrupt.bin"
    blob = bytearray(trained["bieten"].read_bytes())
    blob[100] ^= 0xFF
    corrupt.write_bytes(bytes(blob))
    game = _core.GAMES[0]
    small = tmp_path / "small.bin"  # a Bieten policy whose network does not fit Bieten's observation
    small.write_bytes(
        policies.pack("bieten", [(np.zeros((3, game["num_actions"])), np.zeros(game["num_actions"]))])
    )
    return {
        "missing": (tmp_path / "nope.bin", "cannot read it: No such file or directory"),
        "empty": (empty, "not a policy file: it is empty (bieten train writes DIR/<game>.bin)"),
        "noise": (noise, "not a policy file (no BTPN magic; bieten train writes DIR/<game>.bin)"),
        "corrupt": (corrupt, "checksum mismatch (the weights are corrupted)"),
        "schnapsen": (
            trained["schnapsen"],
            "a policy of schnapsen, not of bieten; train one with bieten train",
        ),
        "small": (
            small,
            "its network takes 3 inputs and scores 140 actions; "
            "bieten has an observation of 663 and 140 actions",
        ),
    }


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue(), capsys.readouterr().err


def test_a_policy_file_plays_as_the_network_it_holds(trained: dict[str, Path]) -> None:
    rules = bieten.Rules.preset("tyrol")
    shipped = bieten.simulate(rules, ["policy", "random", "random", "random"], games=40, seed=3)
    from_file = bieten.simulate(
        rules, [f"policy:{trained['bieten']}", "random", "random", "random"], games=40, seed=3
    )
    assert np.array_equal(shipped.winner, from_file.winner)
    assert np.array_equal(shipped.scores, from_file.scores) and np.array_equal(
        shipped.actions, from_file.actions
    )


@pytest.mark.parametrize("case", ["missing", "empty", "noise", "corrupt", "schnapsen", "small"])
def test_simulate_refuses_a_bad_policy_file_in_one_line_naming_it(
    case: str, bad: dict[str, tuple[Path, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, said = bad[case]
    status, out, err = _run(
        capsys, "simulate", "--agents", f"policy:{path},random,random,random", "--games", "5"
    )
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"bieten: error: policy:{path}: "), err
    assert said in err


def test_simulate_and_tournament_take_a_policy_file(
    trained: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    agents = f"policy:{trained['bieten']},random,random,random"
    status, out, err = _run(
        capsys, "simulate", "--agents", agents, "--games", "20", "--json", "--threads", "1"
    )
    assert status == 0, err
    assert json.loads(out)["games"] == 20
    agents = f"policy:{trained['schnapsen']},random"
    status, out, err = _run(
        capsys, "tournament", "--game", "schnapsen", "--agents", agents, "--games", "10", "--no-progress"
    )
    assert status == 0, err
    assert f"policy:{trained['schnapsen']}" in out


def _play(argv: list[str]) -> int:
    """``bieten play`` with these options, quitting at the first prompt; its status as main gives it."""
    from bieten.cli import _Usage, build_parser, cmd_play

    try:
        return cmd_play(build_parser().parse_args(["play", *argv]), io.StringIO(), read=lambda _: "q")
    except (_Usage, BietenError) as err:
        print(f"bieten: error: {err}", file=__import__("sys").stderr)
        return 2


def test_play_against_a_policy_file_and_refuses_a_bad_one_before_saving(
    tmp_path: Path,
    trained: dict[str, Path],
    bad: dict[str, tuple[Path, str]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _play(["--seed", "3", "--opponents", f"policy:{trained['bieten']}", "--no-color"]) in (0, 130)
    capsys.readouterr()
    save = tmp_path / "g.jsonl"
    path, said = bad["schnapsen"]
    assert _play(["--opponents", f"policy:{path}", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and str(path) in err
    assert not save.exists()


def test_the_protocol_s_bot_plays_a_policy_file_as_the_shipped_policy(trained: dict[str, Path]) -> None:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    session.handle({"type": "new", "kind": "bieten", "seed": 12})
    seat = session.tables["g1"].game.current_player
    ask = {"type": "bot", "game": "g1", "seat": seat, "ply": 0, "apply": False}
    shipped = session.handle({**ask, "agent": "policy"})
    from_file = session.handle({**ask, "agent": f"policy:{trained['bieten']}"})
    assert from_file["type"] == "suggested" and from_file["action"] == shipped["action"]
    wrong = session.handle({**ask, "agent": f"policy:{trained['schnapsen']}"})
    assert wrong["type"] == "error" and wrong["code"] == "unknown_agent"
    assert wrong["message"].startswith(f"policy:{trained['schnapsen']}: a policy of schnapsen, not of bieten")


def test_vector_env_opponents_take_a_policy_file(trained: dict[str, Path]) -> None:
    envs = bieten.VectorEnv(num_envs=2, seed=1, opponents=f"policy:{trained['bieten']}")
    assert envs.opponents == (f"policy:{trained['bieten']}",) * 3
    with pytest.raises(BietenError, match=r"^opponents: policy:.*schnapsen\.bin: a policy of game tag"):
        bieten.VectorEnv(num_envs=2, seed=1, opponents=f"policy:{trained['schnapsen']}")


def _client(**options: Any) -> Any:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from bieten.web import create_app

    return TestClient(create_app(bot_delay=0, **options))


def test_the_server_offers_configured_policy_files_as_seat_kinds_of_their_game(
    trained: dict[str, Path],
) -> None:
    with _client(policies=[str(trained["bieten"])]) as client:
        kinds = client.get("/api/kinds").json()
        assert "policy:bieten" in kinds["seat_kinds"] and kinds["policies"] == {"policy:bieten": "bieten"}
        seats = ["human", "policy:bieten", "policy:bieten", "policy:bieten"]
        made = client.post("/api/tables", json={"kind": "bieten", "seed": 2, "seats": seats})
        assert made.status_code == 201, made.text
        other = client.post("/api/tables", json={"kind": "schnapsen", "seats": ["human", "policy:bieten"]})
        assert other.json()["message"] == "seats: policy:bieten is a policy of bieten, not of schnapsen"
        for path in (f"policy:{trained['bieten']}", "policy:/etc/passwd"):  # a client's path: never
            sent = client.post(
                "/api/tables", json={"kind": "bieten", "seats": ["human", path, "random", "random"]}
            )
            assert sent.status_code == 400 and sent.json()["code"] == "bad_field"


def test_bieten_serve_refuses_a_bad_policy_file_before_it_listens(
    bad: dict[str, tuple[Path, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("uvicorn")
    path, said = bad["noise"]
    status, out, err = _run(capsys, "serve", "--db", "memory", "--policy", str(path), "--port", "0")
    assert (status, out) == (2, "")
    assert err == f"bieten: error: policy:{path}: {said}\n"


def test_the_c_abi_plays_a_policy_file(trained: dict[str, Path]) -> None:
    cffi = pytest.importorskip("cffi")
    from test_c_abi import ERR_LEN, _cdef_from_header

    ffi = cffi.FFI()
    ffi.cdef(
        _cdef_from_header((Path(bieten.c_include_dir()) / "bieten" / "bieten.h").read_text(encoding="utf-8"))
    )
    lib = ffi.dlopen(bieten.c_library_path())
    err = ffi.new("char[]", ERR_LEN)
    game = ffi.gc(lib.bieten_game_create(b"bieten", ffi.NULL, 12, err, ERR_LEN), lib.bieten_game_free)
    actions = []
    for agent in (b"policy", f"policy:{trained['bieten']}".encode()):
        state = ffi.new("uint64_t*", 5)
        actions.append(lib.bieten_agent_action(game, agent, state, err, ERR_LEN))
    assert actions[0] >= 0 and actions[0] == actions[1], ffi.string(err)
    wrong = f"policy:{trained['schnapsen']}".encode()
    assert lib.bieten_agent_action(game, wrong, ffi.new("uint64_t*", 5), err, ERR_LEN) < 0
    assert (
        ffi.string(err)
        .decode()
        .startswith(f"policy:{trained['schnapsen']}: a policy of schnapsen, not of bieten")
    )


def test_agent_takes_a_policy_file_of_any_game_and_names_it_on_another_game(trained: dict[str, Path]) -> None:
    agent = bieten.Agent(f"policy:{trained['schnapsen']}", seed=1)
    assert agent.name == f"policy:{trained['schnapsen']}"
    game = bieten.make("schnapsen", seed=4)
    assert agent.act(game) == bieten.Agent("policy", seed=1).act(game)
    with pytest.raises(BietenError, match=r"^policy:.*schnapsen\.bin: a policy of schnapsen, not of bieten"):
        agent.act(bieten.make("bieten", seed=4))
