"""Issue 39, item 5: ``bieten train`` checks its arguments first (before PyTorch is looked for, before
``--out`` is made), takes every ``--game`` the other commands take, refuses a checkpoint that is not
its game's run in one line naming the file and what to do, and prints ``interrupted`` on a line of
its own (its progress bar: a line redrawn on a terminal, plain lines elsewhere)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bieten._families import KINDS
from bieten.cli import build_parser, main


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    out = io.StringIO()
    assert main(["train", *argv], out) == 2
    err = capsys.readouterr().err
    assert out.getvalue() == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


@pytest.fixture
def no_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyTorch as if it were not installed."""
    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.delitem(sys.modules, "bieten.train._ppo", raising=False)


def test_a_negative_seed_is_refused_in_the_command_line_s_words_before_out_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_torch: None
) -> None:
    out = tmp_path / "run"
    said = _refused(capsys, "--game", "bieten", "--minutes", "1", "--seed", "-1", "--out", str(out))
    assert said == "bieten: error: --seed must be 0 to 4,294,967,295, not -1"
    assert not out.exists()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--minutes", "0"], "bieten: error: --minutes must be more than 0 and at most 1,440, not 0.0"),
        (["--minutes", "2000"], "bieten: error: --minutes must be more than 0 and at most 1,440, not 2000.0"),
        (
            ["--minutes", "1", "--seed", str(2**32)],
            "bieten: error: --seed must be 0 to 4,294,967,295, not 4294967296",
        ),
    ],
)
def test_arguments_are_checked_before_pytorch_is_looked_for(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_torch: None
) -> None:
    assert _refused(capsys, "--game", "schnapsen", "--out", str(tmp_path / "o"), *argv) == said


def test_without_pytorch_the_one_line_says_how_to_install_it_for_the_cpu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_torch: None
) -> None:
    said = _refused(capsys, "--game", "bieten", "--minutes", "1", "--out", str(tmp_path / "o"))
    assert said.startswith(
        "bieten: error: train: bieten.train needs PyTorch, for the CPU: pip install torch "
    )
    assert "--index-url https://download.pytorch.org/whl/cpu" in said
    assert not (tmp_path / "o").exists()


def test_out_that_is_a_file_is_named_as_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_torch: None
) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("x")
    said = _refused(capsys, "--game", "bieten", "--minutes", "1", "--out", str(file))
    assert (
        said == f"bieten: error: --out {file} is a file; give a folder (it holds <game>.bin and checkpoints)"
    )


@pytest.mark.parametrize("kind", KINDS)
def test_train_takes_every_game_the_other_commands_take(kind: str) -> None:
    args = build_parser().parse_args(["train", "--game", kind, "--minutes", "1", "--out", "o"])
    deal = build_parser().parse_args(["deal", "--game", kind, "--seed", "1"])
    assert args.game == deal.game == kind


def _checkpoint_cases(folder: Path) -> dict[str, tuple[Path, str]]:
    torch = pytest.importorskip("torch")
    cases = {}
    for name, content in (("empty", b""), ("noise", bytes(range(256)) * 8)):
        path = folder / name / "checkpoint.pt"
        path.parent.mkdir()
        path.write_bytes(content)
        cases[name] = (path, "is not a checkpoint of a bieten run (it cannot be read: ")
    other = folder / "other" / "checkpoint.pt"
    other.parent.mkdir()
    torch.save({"policy": {}, "value": {}, "state": {"game": "schnapsen", "phase": "ppo"}}, other)
    cases["other"] = (other, "is a checkpoint of a schnapsen run, not bieten; ")
    old = folder / "old" / "checkpoint.pt"  # a checkpoint of before the game was kept in it
    old.parent.mkdir()
    torch.save({"policy": {"w": torch.zeros(2)}, "value": {}, "state": {"phase": "ppo"}}, old)
    cases["old"] = (old, "is not a checkpoint of a bieten run (its networks are of another game or shape); ")
    return cases


@pytest.mark.parametrize("case", ["empty", "noise", "other", "old"])
def test_a_bad_checkpoint_is_one_line_naming_the_file_and_what_to_do(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, said = _checkpoint_cases(tmp_path)[case]
    line = _refused(capsys, "--game", "bieten", "--minutes", "1", "--out", str(path.parent), "--no-progress")
    assert line.startswith(f"bieten: error: train: {path} {said}"), line
    assert line.endswith("remove it to start afresh, or give another --out")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_interrupted_is_printed_on_a_line_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("torch")
    from bieten.train import _ppo

    def interrupted(*args: object) -> None:
        bar = args[8]
        bar.show(1.0, "clone: epoch 0", force=False)  # type: ignore[attr-defined]
        raise KeyboardInterrupt

    monkeypatch.setattr(_ppo, "_phases", interrupted)
    stderr = _Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["train", "--game", "schnapsen", "--minutes", "1", "--out", str(tmp_path / "o")]) == 130
    lines = stderr.getvalue().split("\n")
    assert lines[0].startswith("\r[") and "clone: epoch 0" in lines[0]
    assert lines[1:] == ["bieten train: interrupted", ""]


def test_the_progress_bar_writes_plain_lines_where_stderr_is_no_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("torch")
    from bieten.train import _ppo

    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    bar = _ppo._Bar(60.0, True)
    bar.show(30.0, "clone: epoch 3")
    bar.show(31.0, "clone: epoch 4")  # within the minute: not written
    bar.show(45.0, "evaluating (after cloning)", force=True)
    bar.close()
    assert "\r" not in log.getvalue()
    assert log.getvalue().splitlines() == [
        f"[{'#' * 15}{'.' * 15}]  50.0% clone: epoch 3",
        f"[{'#' * 22}{'.' * 8}]  75.0% evaluating (after cloning)",
    ]


def test_simulate_s_progress_bar_writes_plain_lines_where_stderr_is_no_terminal() -> None:
    """Issue 39, item 12: simulate's and tournament's bar redrew its line with a carriage return in a
    log file too; there it writes plain lines (here, a short run: its last line only)."""
    from bieten._simulation.run import Progress

    log, terminal = io.StringIO(), _Terminal()
    for stream in (log, terminal):
        bar = Progress(2_000, stream)
        bar.update(1_000, 5_000)
        bar.update(2_000, 10_000)
        bar.close()
    assert "\r" not in log.getvalue() and log.getvalue().count("\n") == 1
    assert log.getvalue().startswith(f"[{'#' * 30}] 2,000/2,000 games ")
    assert terminal.getvalue().count("\r") == 2 and terminal.getvalue().endswith(" \n")
