"""Every command-line path ends in one clear line and a non-zero exit for bad input, never a
traceback (issue 22, item 2): out-of-range numbers, unknown agents, missing, empty, binary and
truncated files, a saved game that exists, a port in use, closed pipes and Ctrl-C."""

from __future__ import annotations

import io
import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bieten import Game, Rules, simulate
from bieten._session import Session
from bieten._simulate import RunTooBig, simulate_summary
from bieten.cli import main
from bieten.terminal._loop import take_turn


def refused(capsys: pytest.CaptureFixture[str], *argv: str, status: int = 2) -> str:
    """The one line a refused command prints on stderr (nothing on stdout)."""
    out = io.StringIO()
    assert main(list(argv), out) == status
    err = capsys.readouterr().err
    assert out.getvalue() == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


def _sigint_as_at_a_terminal() -> None:
    """In the child, before Python starts: Ctrl-C's default action. A suite run in the background of a
    shell inherits SIGINT ignored, and Python installs its KeyboardInterrupt handler only over the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def command(*argv: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bieten", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


# -- numbers out of range ----------------------------------------------------------------------------


@pytest.mark.parametrize("threads", ["0", "-1", "100000"])
def test_simulate_refuses_a_thread_count_outside_1_to_1024(
    capsys: pytest.CaptureFixture[str], threads: str
) -> None:
    assert refused(capsys, "simulate", "--threads", threads) == (
        f"bieten: error: --threads must be 1 to 1,024, not {threads}"
    )


def test_tournament_refuses_a_thread_count_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        refused(capsys, "tournament", "--threads", "0")
        == "bieten: error: --threads must be 1 to 1,024, not 0"
    )


@pytest.mark.parametrize("cmd", ["simulate", "tournament"])
def test_zero_games_are_refused_instead_of_a_table_of_zeros(
    capsys: pytest.CaptureFixture[str], cmd: str
) -> None:
    assert refused(capsys, cmd, "--games", "0") == (
        "bieten: error: --games must be 1 to 18,446,744,073,709,551,615, not 0"
    )


def test_more_games_than_a_seed_can_number_are_refused_with_the_range(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert refused(capsys, "simulate", "--games", str(2**64)) == (
        "bieten: error: --games must be 1 to 18,446,744,073,709,551,615, not 18446744073709551616"
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["deal", "--seed", "1", "--hand", "-1"], "bieten: error: --hand must be 0 to 4,294,967,295, not -1"),
        (["engine", "--max-line", "0"], "bieten: error: --max-line must be 1 to 1,073,741,824, not 0"),
        (["engine", "--max-games", "0"], "bieten: error: --max-games must be 1 to 1,048,576, not 0"),
        (["serve", "--port", "70000"], "bieten: error: --port must be 0 to 65,535, not 70000"),
        (["serve", "--bot-delay", "nan"], "bieten: error: --bot-delay must be 0 to 3,600, not nan"),
        (["serve", "--max-tables", "0"], "bieten: error: --max-tables must be 1 to 1,048,576, not 0"),
        (["simulate", "--target", "0"], "bieten: error: --target must be 1 to 2,147,483,647, not 0"),
        (
            ["deal", "--seed", "1", "--dealer", "9"],
            "bieten: error: R2.2: dealer must be a seat from 0 to 3, not 9",
        ),
        (["play", "--seed", "-5"], "bieten: error: R3.2: seed must be an integer 0 <= seed < 2**64, not -5"),
    ],
)
def test_an_out_of_range_number_is_one_line_naming_the_option(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert refused(capsys, *argv) == line


def test_a_malformed_option_is_one_line_pointing_at_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--games", "abc"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        "bieten: error: simulate: argument --games: invalid int value: 'abc' (see bieten simulate --help)\n"
    )


# -- huge runs stream, and the library refuses arrays it cannot hold ---------------------------------


def test_the_summary_of_a_run_is_the_same_streamed_in_chunks() -> None:
    agents = ["heuristic", "random", "random"]
    whole = simulate(Rules(players=3), agents, games=3_000, seed=5, threads=2).summary()
    streamed = simulate_summary(Rules(players=3), agents, games=3_000, seed=5, threads=1)
    timing = {"seconds": 0, "hands_per_second": 0, "time": None}  # measured: differ run to run
    assert streamed.to_dict() | timing == whole.to_dict() | timing
    assert streamed.time is not None and whole.time is not None
    assert streamed.time.decisions == whole.time.decisions  # the same decisions, counted


def test_simulate_refuses_up_front_arrays_larger_than_the_machine() -> None:
    with pytest.raises(RunTooBig, match=r"^games: 10,000,000,000,000 games would need 520\.0 TB for their"):
        simulate(Rules(), ["random"] * 4, games=10**13)


# -- Ctrl-C ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "total"),
    [
        (["simulate", "--games", "200000", "--threads", "1"], "200,000"),
        (
            ["simulate", "--games", str(2**64 - 1), "--no-progress", "--threads", "1"],
            "18,446,744,073,709,551,615",
        ),
        (["tournament", "--games", "100000", "--threads", "1", "--no-progress"], "100,000"),
    ],
)
def test_ctrl_c_stops_a_run_says_how_far_it_got_and_exits_130(argv: list[str], total: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    time.sleep(3)  # the run is under way (a huge one streams: nothing is allocated up front)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert out == ""
    assert "Traceback" not in err
    last = err.rstrip("\n").split("\n")[-1]
    cmd = argv[0]
    assert last.startswith(f"bieten {cmd}: interrupted: stopped after ") and last.endswith(
        f" of {total} games"
    )


# -- agents --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cmd", ["simulate", "tournament"])
def test_an_unknown_agent_is_named(capsys: pytest.CaptureFixture[str], cmd: str) -> None:
    assert refused(capsys, cmd, "--agents", "heuristic,foo,random,random") == (
        "bieten: error: --agents: unknown agent 'foo'; the agents are random, heuristic, ismcts[:knobs], "
        "expert[:knobs], policy or policy:FILE (ismcts takes knobs, e.g. ismcts:400; policy:FILE plays a "
        "network bieten train wrote)"
    )


def test_too_few_agents_for_the_seats_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "simulate", "--agents", "heuristic,random") == (
        "bieten: error: --agents names 2 agents, but the game has 4 seats: one agent per seat (R2.1)"
    )
    assert refused(capsys, "simulate", "--agents", "heuristic,,random,random") == (
        "bieten: error: --agents: agent 2 of 4 is empty; name one of random, heuristic, ismcts[:knobs], "
        "expert[:knobs], policy or policy:FILE"
    )


def test_agent_names_are_case_insensitive_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    argv = ["simulate", "--agents", "Random,HEURISTIC,random,IsMcTs:20", "--games", "4", "--threads", "1"]
    assert main([*argv, "--json"], out) == 0
    assert [s["agent"] for s in json.loads(out.getvalue())["seats"]] == [
        "random",
        "heuristic",
        "random",
        "ismcts:20",
    ]
    out = io.StringIO()
    assert (
        main(["tournament", "--agents", "Heuristic,RANDOM", "--games", "4", "--threads", "1", "--json"], out)
        == 0
    )
    assert json.loads(out.getvalue())["agents"] == ["heuristic", "random"]
    assert "opponents: Random." in _play(["--seed", "3", "--opponents", "Random"], ["q"])
    assert refused(capsys, "tournament", "--agents", "Heuristic,heuristic") == (
        "bieten: error: each agent plays once in a round robin; ['heuristic', 'heuristic'] names one twice"
    )


def test_play_names_an_unknown_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "play", "--opponents", "foo") == (
        "bieten: error: unknown agent 'foo'; the agents are random, heuristic, ismcts[:knobs], "
        "expert[:knobs], policy or policy:FILE"
    )


# -- play --save ---------------------------------------------------------------------------------------


def _play(argv: list[str], answers: list[str]) -> str:
    from bieten.cli import build_parser, cmd_play

    moves = iter(answers)
    out = io.StringIO()
    assert cmd_play(build_parser().parse_args(["play", *argv]), out, read=lambda prompt: next(moves)) == 0
    return out.getvalue()


def test_save_to_a_missing_folder_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "nowhere" / "x.jsonl"
    assert refused(capsys, "play", "--save", str(path)) == (
        f"bieten: error: --save {path}: the folder {tmp_path / 'nowhere'} does not exist"
    )


def test_save_over_an_existing_file_is_refused_unless_forced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("a finished game\n")
    assert refused(capsys, "play", "--save", str(path)) == (
        f"bieten: error: --save {path}: the file exists; --force replaces it"
    )
    assert path.read_text() == "a finished game\n"
    assert (
        refused(capsys, "play", "--save", str(tmp_path))
        == f"bieten: error: --save {tmp_path}: is a folder, not a file"
    )
    _play(["--seed", "3", "--save", str(path), "--force"], ["q"])
    assert json.loads(path.read_text().splitlines()[0])["type"] == "game"


def test_quitting_without_save_does_not_print_the_hidden_cards() -> None:
    text = _play(["--seed", "3", "--opponents", "random"], ["1", "q"])
    assert (
        text.splitlines()[-1]
        == "Not saved (bieten play --save FILE.jsonl saves a game); seed 3, 12 actions played."
    )
    assert '"format"' not in text and '"actions"' not in text
    assert not any(line.startswith("{") for line in text.splitlines())
    assert '"hands"' in Game(Rules(), seed=3).to_json()  # what the record would have shown


# -- echoed input is capped ----------------------------------------------------------------------------


def test_play_refuses_a_huge_line_without_echoing_it_whole() -> None:
    text = _play(["--seed", "3", "--players", "3", "--opponents", "random"], ["x" * 100_000, "q"])
    refusal = next(line for line in text.splitlines() if line.startswith("Refused"))
    assert refusal == (
        f"Refused: '{'x' * 79}'… (100,000 characters) is not a move; choose 1, type a move, help or q."
    )


def test_the_engine_caps_an_unknown_game_handle_it_echoes() -> None:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    reply = session.handle({"type": "state", "game": "g" * 1_000_000})
    assert reply["code"] == "unknown_game"
    assert reply["message"] == f"no open game '{'g' * 79}'… (1,000,000 characters) (open: none)"


@pytest.mark.parametrize(
    ("agent", "why"),
    [
        ("ismcts:0", "the iterations must be an integer from 1 to 10000000"),
        ("ismcts:xyz", "the iterations must be an integer from 1 to 10000000"),
        ("ismcts:5ms:c=abc", "the exploration constant must be a number >= 0"),
    ],
)
def test_the_engine_answers_bad_ismcts_knobs_with_unknown_agent(agent: str, why: str) -> None:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    session.handle({"type": "new", "kind": "bieten", "seed": 1})
    reply = session.handle({"type": "bot", "game": "g1", "seat": 1, "ply": 0, "agent": agent})
    assert reply["code"] == "unknown_agent"
    assert reply["message"].startswith(f"bad agent '{agent}': {why} (expected ismcts, ")


# -- files ---------------------------------------------------------------------------------------------


def test_replay_refuses_missing_empty_binary_and_truncated_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.jsonl"
    assert refused(capsys, "replay", str(missing)) == (
        f"bieten: error: replay: cannot read {missing}: No such file or directory"
    )
    assert (
        refused(capsys, "replay", str(tmp_path))
        == f"bieten: error: replay: cannot read {tmp_path}: Is a directory"
    )
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert refused(capsys, "replay", str(empty)) == (
        f"bieten: error: {empty}: empty; the first line must be the game header"
    )
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert refused(capsys, "replay", str(binary)) == (
        f"bieten: error: replay: {binary} is not a saved game: byte 0 is not UTF-8 "
        "(a saved game is JSON Lines text)"
    )
    saved = tmp_path / "g.jsonl"
    _play(["--seed", "3", "--save", str(saved)], ["1", "q"])
    text = saved.read_text()
    truncated = tmp_path / "truncated.jsonl"
    truncated.write_text(text[: len(text) // 2])
    line = refused(capsys, "replay", str(truncated))
    assert line.startswith(f"bieten: error: {truncated}, line ") and "not JSON" in line


# -- closed pipes and ports ----------------------------------------------------------------------------


def test_replay_json_into_a_reader_that_closes_early_ends_quietly(tmp_path: Path) -> None:
    saved = tmp_path / "g.jsonl"
    _play(["--seed", "3", "--save", str(saved), "--opponents", "random"], ["1", "1", "1", "q"])
    reader = subprocess.Popen(
        [sys.executable, "-m", "bieten", "replay", str(saved), "--seat", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    assert json.loads(reader.stdout.readline())["type"] == "hand_dealt"
    reader.stdout.close()  # as `| head -1` does
    assert reader.wait(timeout=60) == 0
    assert reader.stderr.read() == b""


def test_simulate_into_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", "simulate", "--games", "200", "--threads", "1", "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


def test_serve_on_a_port_in_use_fails_before_saying_where_to_open_it() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = command("serve", "--port", str(port))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == (
        f"bieten: error: cannot listen on 127.0.0.1:{port}: --port {port} is in use by another program; "
        "choose another --port\n"
    )


# -- words ---------------------------------------------------------------------------------------------


def test_a_single_choice_is_asked_for_in_the_singular() -> None:
    said: list[str] = []
    answers = iter(["2", "q"])
    take_turn(lambda p: next(answers), lambda *t: said.extend(str(x) for x in t), ["good"], str, print, {})
    assert said == ["Choose 1, the only move."]


def test_options_of_another_game_are_named_in_good_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "simulate", "--game", "schnapsen", "--preset", "tyrol") == (
        "bieten: error: --preset is an option of Bieten; --game schnapsen fixes its players and cards (S10)"
    )
    assert refused(capsys, "simulate", "--game", "schnapsen", "--preset", "tyrol", "--players", "2") == (
        "bieten: error: --preset and --players are options of Bieten; --game schnapsen fixes its players and "
        "cards (S10)"
    )


def test_a_tournament_of_two_agents_is_one_match() -> None:
    out = io.StringIO()
    assert main(["tournament", "--games", "20", "--threads", "1", "--no-progress"], out) == 0
    assert out.getvalue().splitlines()[-1].startswith("bieten: 1 match of 20 games in ")


def test_replay_does_not_echo_a_huge_tampered_line_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "g.jsonl"
    _play(["--seed", "3", "--save", str(saved)], ["q"])
    header = saved.read_text().splitlines()[0]
    ply = Game.from_record(json.loads(header)["record"]).ply
    seat = Game.from_record(json.loads(header)["record"]).current_player
    tampered = tmp_path / "tampered.jsonl"
    action = {"type": "action", "ply": ply, "seat": seat, "action": "x" * 5_000}
    tampered.write_text(header + "\n" + json.dumps(action) + "\n")
    assert refused(capsys, "replay", str(tampered)) == (
        f"bieten: error: {tampered}, line 2: '{'x' * 79}'… (5,000 characters) is not an action"
    )
    tampered.write_text(header + "\n" + json.dumps({"type": "y" * 5_000}) + "\n")
    assert refused(capsys, "replay", str(tampered)) == (
        f"bieten: error: {tampered}, line 2: a line is a JSON object of type game, action, end (or the "
        f"whole file one game record, Game.to_json), not type '{'y' * 79}'… (5,000 characters)"
    )


@pytest.mark.parametrize("text_of", ["play", "replay"])
def test_the_terminal_views_into_a_reader_that_closes_early_end_quietly(tmp_path: Path, text_of: str) -> None:
    saved = tmp_path / "g.jsonl"
    _play(["--seed", "3", "--save", str(saved), "--opponents", "random"], ["1", "1", "q"])
    argv = ["play", "--seed", "3"] if text_of == "play" else ["replay", str(saved)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does: rich's own exit with status 1 is not taken
    proc.stdin.write(b"1\n" * 200)
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


def test_a_run_that_fails_leaves_no_blank_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(
        capsys, "simulate", "--agents", "ismcts:0,random,random,random", "--games", "2"
    ).startswith("bieten: error: bad agent 'ismcts:0': the iterations must be an integer from 1 to 10000000")


def _interrupted(argv: list[str], ready: bytes) -> tuple[int, bytes, bytes]:
    """Ctrl-C to a real process once its output shows ``ready``: its status, stdout and stderr."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    assert proc.stdout is not None
    seen = b""
    while ready not in seen:
        chunk = proc.stdout.read1(4096)  # type: ignore[attr-defined]
        assert chunk, seen
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, seen + out, err


def test_ctrl_c_in_play_keeps_the_saved_game_and_exits_130(tmp_path: Path) -> None:
    saved = tmp_path / "g.jsonl"
    status, out, err = _interrupted(["play", "--seed", "3", "--save", str(saved)], b"> ")
    assert status == 130 and err == b""
    assert out.decode().splitlines()[-1] == f"Saved to {saved} (bieten replay {saved})."
    assert json.loads(saved.read_text().splitlines()[-1])["type"] == "end"


def test_ctrl_c_stops_the_engine_with_130() -> None:
    hello = b'{"type":"hello","id":1,"protocols":[1]}\n'
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(hello)
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["type"] == "hello"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert (out, err) == (b"", b"bieten engine: interrupted\n")


def test_the_engine_into_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    proc.stdin.write(b'{"type":"hello","id":1,"protocols":[1]}\n' * 1000)
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


@pytest.mark.parametrize(
    ("request_", "code", "start"),
    [
        (
            {"type": "new", "kind": "schnapsen", "rules": {"x" * 100_000: 1}},
            "bad_rules",
            "S10: unknown rules knob(s): 'xxx",
        ),
        ({"type": "load", "record": {"format": "y" * 100_000}}, "bad_record", "from_json: format must be"),
        (
            {"type": "bot", "game": "g1", "seat": 1, "ply": 0, "agent": "ismcts:" + "9" * 100_000},
            "unknown_agent",
            "bad agent",
        ),
    ],
)
def test_the_engine_never_echoes_a_huge_field_whole(
    request_: dict[str, object], code: str, start: str
) -> None:
    session = Session()
    session.handle({"type": "hello", "protocols": [1]})
    session.handle({"type": "new", "kind": "bieten", "seed": 1})
    reply = session.handle(request_)
    assert reply["code"] == code
    assert reply["message"].startswith(start)
    # the field's 100,000 characters and the words around it (more with games built for the tests)
    assert len(reply["message"]) <= 530 and re.search(r"… \(100,\d\d\d characters\)", reply["message"])


def test_serve_on_port_0_names_the_port_it_got_and_ctrl_c_exits_130() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bieten", "serve", "--port", "0", "--no-access-log"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_at_a_terminal,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.fullmatch(r"bieten serve: open (http://127\.0\.0\.1:(\d+)/) in a browser\n", line)
        assert match and int(match[2]) > 0, line
        for _ in range(100):  # the socket listens already; the app answers once uvicorn has started
            try:
                with urllib.request.urlopen(match[1] + "api/kinds", timeout=5) as reply:
                    assert reply.status == 200
                break
            except urllib.error.URLError:
                time.sleep(0.1)
        else:
            pytest.fail("the server never answered")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == ""
    assert err.splitlines()[-1] == "bieten serve: interrupted" and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        ([], "bieten: error: the following arguments are required: command (see bieten --help)"),
        (["shuffle"], "bieten: error: argument command: invalid choice: 'shuffle' (choose from "),
        (
            ["deal"],
            "bieten: error: deal: the following arguments are required: --seed (see bieten deal --help)",
        ),
    ],
)
def test_a_missing_or_unknown_command_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1


def test_replay_refuses_an_endless_file_without_reading_it_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "replay", "/dev/zero") == (
        "bieten: error: replay: /dev/zero is not a saved game: it is larger than 64 MiB "
        "(a saved game is a few KB of JSON Lines)"
    )


def test_deal_refuses_knock_for_bieten_instead_of_ignoring_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "deal", "--seed", "1", "--knock") == (
        "bieten: error: --knock is an option of Bauernschnapsen and Schnapsen (S3.3); add --game"
    )
    out = io.StringIO()
    assert main(["deal", "--seed", "1", "--knock", "--game", "bauernschnapsen"], out) == 0
    assert "knocked" in out.getvalue()


def test_a_seat_off_the_table_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert refused(capsys, "play", "--seat", "4") == "bieten: error: --seat must be 0 to 3, not 4"
    saved = tmp_path / "g.jsonl"
    _play(["--seed", "3", "--save", str(saved)], ["q"])
    assert (
        refused(capsys, "replay", str(saved), "--seat", "-1")
        == "bieten: error: --seat must be 0 to 3, not -1"
    )
