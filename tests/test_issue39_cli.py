"""Issue 39, items 6 and 7: ``serve --db`` with SQLite (three slashes against four, the absolute file
printed, a folder that does not exist refused with exit status 2 and not made) and messages that
match their input: a range for every number, the option a bad host or path came from, standard
output named when it is what failed, one error prefix for every command."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bieten.cli import main


def refused(capsys: pytest.CaptureFixture[str], *argv: str, status: int = 2) -> str:
    out = io.StringIO()
    assert main(list(argv), out) == status
    err = capsys.readouterr().err
    assert out.getvalue() == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


def command(
    *argv: str, stdout: object = subprocess.PIPE, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bieten", *argv],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
    )


# -- item 6: serve --db sqlite -------------------------------------------------------------------------


def test_a_db_folder_that_does_not_exist_is_refused_and_not_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("uvicorn")
    monkeypatch.chdir(tmp_path)
    said = refused(capsys, "serve", "--db", "sqlite:///tmp/x.db", "--port", "0")
    assert said == (
        f"bieten: error: --db sqlite:///tmp/x.db: the folder {tmp_path / 'tmp'} does not exist; "
        "sqlite:///tmp/x.db is relative to this folder, sqlite:////tmp/x.db would be absolute"
    )
    assert not (tmp_path / "tmp").exists()
    said = refused(capsys, "serve", "--db", f"sqlite:///{tmp_path}/no/x.db", "--port", "0")
    assert (
        said
        == f"bieten: error: --db sqlite:///{tmp_path}/no/x.db: the folder {tmp_path / 'no'} does not exist"
    )
    assert not (tmp_path / "no").exists()


def test_the_sqlite_store_is_its_absolute_file_whatever_the_folder() -> None:
    pytest.importorskip("starlette")
    from bieten.web._store import open_store

    here = open_store("sqlite:///x.db")
    assert here.url == f"sqlite:///{os.getcwd()}/x.db" and str(here.path) == f"{os.getcwd()}/x.db"  # type: ignore[attr-defined]


def test_serve_prints_the_absolute_file_and_help_explains_the_slashes(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    import signal
    import time

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bieten",
            "serve",
            "--db",
            "sqlite:///t.db",
            "--port",
            "0",
            "--log-level",
            "error",
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline().startswith(
            "bieten serve: open http://"
        )
        time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    kept = f"bieten serve: tables kept in the file {tmp_path / 't.db'} (sqlite:///{tmp_path / 't.db'})"
    assert kept in err.splitlines()
    shown = " ".join(command("serve", "--help").stdout.split())
    assert "three slashes: PATH relative to this folder, sqlite:///tables.db; four: absolute" in shown
    assert "PGPASSWORD or ~/.pgpass" in shown


# -- item 7: messages that match the input ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["simulate", "--games", "99999999999999999999"],
            "bieten: error: --games must be 1 to 18,446,744,073,709,551,615, not 99999999999999999999",
        ),
        (
            ["simulate", "--target", "100000000000"],
            "bieten: error: --target must be 1 to 2,147,483,647, not 100000000000",
        ),
        (["play", "--target", "0"], "bieten: error: --target must be 1 to 2,147,483,647, not 0"),
    ],
)
def test_a_number_out_of_range_gives_the_range_not_another_rule(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, *argv) == line


def test_a_host_that_is_not_this_machines_or_no_text_names_host(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    said = refused(capsys, "serve", "--db", "memory", "--host", "192.0.2.1", "--port", "0")
    assert said.startswith(
        "bieten: error: cannot listen on 192.0.2.1:0: --host '192.0.2.1' is not an address of this machine ("
    )
    host = os.fsdecode(b"\xff\xfe")
    said = refused(capsys, "serve", "--db", "memory", "--host", host, "--port", "0")
    assert said == "bieten: error: --host b'\\xff\\xfe': not a host name or an IP address"


def test_play_save_under_a_file_says_it_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "g1.jsonl"
    first.write_text("")
    said = refused(capsys, "play", "--save", str(first / "x.jsonl"))
    assert said == f"bieten: error: --save {first / 'x.jsonl'}: {first} is a file, not a folder"


def test_a_full_standard_output_is_named_with_exit_status_1() -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        done = command("simulate", "--games", "10", "--no-progress", stdout=full)
        assert done.returncode == 1
        assert (
            done.stderr
            == "bieten: error: simulate: cannot write to standard output: No space left on device\n"
        )
        for flag in ("--help", "--version"):
            done = command(flag, stdout=full)
            assert done.returncode == 1, flag
            assert done.stderr == "bieten: error: cannot write to standard output: No space left on device\n"


def test_a_bad_path_is_exit_status_2_whichever_command_meets_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    assert refused(capsys, "replay", str(folder)).startswith(f"bieten: error: replay: cannot read {folder}: ")
    assert (
        refused(capsys, "play", "--save", str(folder))
        == f"bieten: error: --save {folder}: is a folder, not a file"
    )


def test_every_command_s_errors_start_with_one_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["simulate", "--games", "abc"], ["deal"], ["frobnicate"], ["tournament", "--agents"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("bieten: error: ") and err.count("\n") == 1, err
