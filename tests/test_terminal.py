"""``bieten play`` at a real (pseudo-)terminal, its JSON Lines save format, and ``bieten replay``
(python/bieten/terminal/, docs/frontends.md).

The opponents are built-in agents seeded from the game seed, so every test can mirror the session
in Python: the same seed, the same agents and the same moves give the same game, and the expected
text is taken from the mirror rather than written out by hand.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import json
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import bieten
from bieten import _core
from bieten.bieten.terminal import View
from bieten.cli import main
from bieten.terminal import ReplayError, load_jsonl, play

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

pty = pytest.importorskip("pty") if sys.platform != "win32" else None


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(TERM="xterm-256color", PYTHONIOENCODING="utf-8", SKBUILD_EDITABLE_VERBOSE="0", COLUMNS="120")
    return env


def _bieten(*argv: str) -> list[str]:
    return [sys.executable, "-m", "bieten.cli", *argv]


def _agents(game: bieten.Game, name: str, you: int) -> dict[int, bieten.Agent]:
    """The opponents as ``bieten play`` seeds them (docs/simulate.md: agent_state of the game seed)."""
    players = game.rules.players
    return {s: bieten.Agent(name, seed=_core.agent_state(game.seed, s)) for s in range(players) if s != you}


def _bots_until(game: bieten.Game, agents: dict[int, bieten.Agent], you: int) -> None:
    while not game.is_over and game.current_player != you:
        game.apply_id(agents[game.current_player].act(game))  # type: ignore[index]


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.1 or p == 0 else f"{100 * p:.1f}%"


# ---- A pseudo-terminal ------------------------------------------------------------------------------


class Terminal:
    """A child process on a pseudo-terminal: ``expect`` reads its output (ANSI codes stripped, line
    ends normalised) until a pattern shows, ``send`` types a line."""

    def __init__(self, argv: list[str]) -> None:
        import fcntl
        import struct
        import termios

        assert pty is not None
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=_env(), close_fds=True
        )
        os.close(slave)
        self.raw = ""
        self.pos = 0

    @property
    def text(self) -> str:
        return ANSI.sub("", self.raw).replace("\r\n", "\n")

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child has closed the terminal
            data = b""
        if not data:
            return False
        self.raw += data.decode("utf-8", "replace")
        return True

    def expect(self, pattern: str, timeout: float = 30.0) -> str:
        """The output from the last match on, up to and including the first match of ``pattern``."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text
            match = re.compile(pattern).search(text, self.pos)
            if match:
                chunk = text[self.pos : match.end()]
                self.pos = match.end()
                return chunk
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; output so far:\n{text[-3000:]}")
            if not self._read(min(remaining, 1.0)):
                raise AssertionError(f"the program ended before {pattern!r}; output:\n{text[-3000:]}")

    def prompt(self) -> str:
        return self.expect(r"\n> $")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def finish(self, timeout: float = 30.0) -> int:
        deadline = time.monotonic() + timeout
        while self._read(0.2):
            if time.monotonic() > deadline:
                break
            if self.proc.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                break
        os.close(self.master)
        return self.proc.wait(timeout=timeout)


@contextlib.contextmanager
def terminal(*argv: str) -> Iterator[Terminal]:
    term = Terminal(_bieten(*argv))
    try:
        yield term
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_play_at_a_terminal_numbers_r11_text_refusals_odds_and_quit() -> None:
    seed, you = 3, 0
    rules = bieten.Rules(players=3)
    mirror = bieten.Game(rules, seed=seed)
    agents = _agents(mirror, "heuristic", you)
    _bots_until(mirror, agents, you)
    with terminal("play", "--seed", str(seed), "--players", "3", "--opponents", "heuristic") as term:
        first = term.prompt()
        # The start: the hand in the seat's own view, the bots' moves and bids so far, the table.
        hand = " ".join(mirror.hands[you])
        assert "Bieten (tyrol, 3 players, 3 cards, target 11), seed 3. You are seat 0" in first
        assert f"You hold: {hand}" in first
        assert "Table (hand 1, target 11):" in first
        assert re.search(r"\n  you +0 pts +0 tricks +played: - +\(dealer\)\n", first)
        played = [e for e in mirror.events if e.type == "card_played"]
        assert played, "the seed should let a bot play before the person's first turn"
        for e in played:
            assert f"  seat {e['seat']} plays {e['card']}\n" in first
        bids = [e for e in mirror.events if e.type == "bid_opened"]
        assert bids, "the seed should let a bot bid before the person's first turn"
        for e in bids:
            assert f"  seat {e['seat']} bids {e['figure']}\n" in first
        assert f"Trick 1: seat {played[0]['seat']} {played[0]['card']}" in first
        assert f"Your hand: {' '.join(mirror.unplayed[you])}" in first
        actions = [str(a) for a in mirror.legal_actions()]
        for i, text in enumerate(actions, 1):
            assert f"\n  {i:>2}. {text}\n" in first

        # The odds of the hand, as figure_odds gives them.
        term.send("odds")
        shown = term.prompt()
        odds = bieten.figure_odds(mirror, you)
        assert "Figure odds" in shown
        for figure in ("red", "green", "gleich", "hanger", "spiel"):
            assert f"{figure} {_percent(odds[figure])}" in shown

        # An illegal move: refused with the engine's message, which cites the rule, and asked again.
        illegal = next(t for t in ("play HA", "play EA", "bid gleich") if mirror.why_illegal(t))
        term.send(illegal)
        refused = term.prompt()
        reason = mirror.why_illegal(illegal)
        assert reason is not None and re.match(r"R\d+(\.\d+)?: ", reason)
        assert f"Refused: {reason}\n" in refused

        # A move by number, then one by its R11 text.
        term.send("1")
        mirror.apply(actions[0])
        _bots_until(mirror, agents, you)
        second = term.prompt()
        moves = [str(a) for a in mirror.legal_actions()]
        for i, text in enumerate(moves, 1):
            assert f"\n  {i:>2}. {text}\n" in second
        typed = moves[-1]
        term.send(typed)
        mirror.apply(typed)
        _bots_until(mirror, agents, you)
        third = term.prompt()
        # The bidding is told as it happens: every bid, answer and settlement, in the seat's words.
        said = term.text
        for e in mirror.events_for(you):
            who = "you" if e.get("seat") == you else f"seat {e.get('seat')}"
            if e.type == "answered":
                assert f"\n    {who}: {e['answer']}" in said
            elif e.type == "bid_settled":
                assert f"\n    {e['figure']} " in said
            elif e.type == "bid_opened":
                assert f"\n  {who} bid{'' if who == 'you' else 's'} {e['figure']}\n" in said
        assert "Bids: " in third
        term.send("q")
        term.expect("Not saved")
        assert term.finish() == 0
    # not the record, which holds the other seats' hidden cards: the seed and how far the game got
    last = term.text.strip().splitlines()[-1]
    saved = f"Not saved (bieten play --save FILE.jsonl saves a game); seed 3, {len(mirror.history)} actions"
    assert last == f"{saved} played."

    # In colour: Hearts red, Leaves green, Bells yellow; the plain text above is the same words.
    assert "\x1b[" in term.raw
    for card in mirror.hands[you]:
        style = {"H": "31", "L": "32", "S": "33"}.get(card[0])
        if style:
            assert re.search(rf"\x1b\[{style}m{card}\x1b\[0m", term.raw)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_no_color_at_a_terminal_is_plain_text() -> None:
    with terminal("play", "--seed", "3", "--players", "3", "--no-color") as term:
        term.prompt()
        term.send("help")
        assert "odds, ?" in term.prompt()
        term.send("q")
        assert term.finish() == 0
    assert "\x1b[" not in term.raw


# ---- Whole games, saved and replayed ----------------------------------------------------------------


def _rebuild(path: Path) -> bieten.Game:
    """The saved game rebuilt with nothing but the public API (as docs/frontends.md shows)."""
    header, *rest = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert header["type"] == "game"
    game = bieten.Game.from_record(header["record"])
    for line in rest:
        if line["type"] == "action":
            game.apply(line["action"], seat=line["seat"], ply=line["ply"])
    return game


def _c_events_jsonl(game: bieten.Game, seat: int) -> str:
    """The seat's events as the C ABI gives them (bieten_events_jsonl), for the game's record."""
    lib = ctypes.CDLL(bieten.c_library_path())
    lib.bieten_from_json.restype = ctypes.c_void_p
    lib.bieten_from_json.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.bieten_events_jsonl.restype = ctypes.c_void_p
    lib.bieten_events_jsonl.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
    lib.bieten_string_free.argtypes = [ctypes.c_void_p]
    lib.bieten_game_free.argtypes = [ctypes.c_void_p]
    err = ctypes.create_string_buffer(1024)
    handle = lib.bieten_from_json(game.to_json().encode(), err, len(err))
    assert handle, err.value.decode()
    try:
        text = lib.bieten_events_jsonl(handle, seat, 0)
        assert text
        try:
            return ctypes.string_at(text).decode("utf-8")
        finally:
            lib.bieten_string_free(text)
    finally:
        lib.bieten_game_free(handle)


def test_whole_game_piped_saved_and_replayed_as_json_lines(tmp_path: Path) -> None:
    seed, you = 11, 0
    path = tmp_path / "game.jsonl"
    argv = ["play", "--seed", str(seed), "--players", "3", "--target", "5", "--save", str(path)]
    proc = subprocess.run(
        _bieten(*argv),
        input="1\n" * 2000,
        capture_output=True,
        text=True,
        env=_env(),
        check=False,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "\x1b[" not in proc.stdout  # not a terminal: plain text
    game = _rebuild(path)
    assert game.is_over
    winner = game.winner
    assert winner is not None
    who = "you win" if winner == you else f"seat {winner} wins"
    assert f"Game over: {who} with {game.scores[winner]}." in proc.stdout
    assert f"Saved to {path}" in proc.stdout

    # The same game played in Python: the same seed, agents seeded alike, the person always taking 1.
    mirror = bieten.Game(bieten.Rules(players=3, target=5), seed=seed)
    agents = _agents(mirror, "heuristic", you)
    while not mirror.is_over:
        _bots_until(mirror, agents, you)
        if not mirror.is_over:
            mirror.apply_id(mirror.legal_action_ids()[0])
    assert mirror == game

    # replay --json prints exactly json.dumps(event.to_dict()) per event of events_for(seat) ...
    for seat in (0, 2):
        replayed = subprocess.run(
            _bieten("replay", str(path), "--json", "--seat", str(seat)),
            capture_output=True,
            text=True,
            env=_env(),
            check=False,
            timeout=60,
        )
        assert replayed.returncode == 0, replayed.stderr
        expected = [json.dumps(e.to_dict()) for e in game.events_for(seat)]
        assert replayed.stdout.splitlines() == expected
        # ... which is also what the C ABI gives, byte for byte.
        assert replayed.stdout == _c_events_jsonl(game, seat)

    # The file ends with the end line, and the loader agrees with the rebuilt game.
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1]) == {
        "type": "end",
        "ply": game.ply,
        "hand_number": game.hand_number,
        "scores": game.scores,
        "winner": winner,
    }
    saved = load_jsonl(path.read_text(encoding="utf-8"))
    assert saved.ended and saved.final == game and saved.agents == ["human", "heuristic", "heuristic"]


def _scripted(answers: list[str]) -> Any:
    it = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def _save_game(
    path: Path, preset: str = "tyrol", players: int = 3, seed: int = 5, **overrides: Any
) -> bieten.Game:
    rules = bieten.Rules.preset(preset, players=players, **overrides)
    out = io.StringIO()
    session = play(rules, out, seed=seed, you=1, opponents="random", save=str(path), read=lambda p: "1")
    assert session.game.is_over
    assert "Game over" in out.getvalue()
    return session.game


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [("tyrol", 3, {"target": 6}), ("south_tyrol", 4, {"target": 5}), ("welibieten", 2, {"target": 5})],
)
def test_replay_reaches_the_same_state_from_the_jsonl(
    tmp_path: Path, preset: str, players: int, overrides: dict[str, Any]
) -> None:
    path = tmp_path / "game.jsonl"
    game = _save_game(path, preset, players, **overrides)
    rebuilt = _rebuild(path)
    assert rebuilt == game
    assert (rebuilt.scores, rebuilt.winner, rebuilt.bummerl, rebuilt.hands) == (
        game.scores,
        game.winner,
        game.bummerl,
        game.hands,
    )
    for seat in range(players):
        assert [e.to_dict() for e in rebuilt.events_for(seat)] == [e.to_dict() for e in game.events_for(seat)]
    out = io.StringIO()
    assert main(["replay", str(path), "--json", "--seat", "1"], out) == 0
    assert out.getvalue() == "".join(json.dumps(e.to_dict()) + "\n" for e in game.events_for(1))
    # The text replay tells the whole game with every card shown.
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    text = out.getvalue()
    assert f"seed 5, {game.ply} actions, every card shown." in text
    assert "Seat 0 holds: " + " ".join(bieten.Game(game.rules, seed=5).hands[0]) in text
    assert text.count("--- Hand ") == game.hand_number + 1
    assert f"Game over: seat {game.winner} wins" in text


def test_replay_step_waits_before_each_action_and_q_stops(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = _save_game(path, target=3)
    from bieten.cli import build_parser, cmd_replay

    prompts: list[str] = []

    def wait(prompt: str) -> str:
        prompts.append(prompt)
        return "" if len(prompts) < 4 else "q"

    out = io.StringIO()
    assert (
        cmd_replay(build_parser().parse_args(["replay", str(path), "--step", "--seat", "1"]), out, wait) == 0
    )
    assert len(prompts) == 4
    text = out.getvalue()
    assert text.count("[ply ") == 4 and "Enter shows it, q stops" in text
    assert "Game over" not in text
    assert "Seat 1 holds: " + " ".join(bieten.Game(game.rules, seed=5).hands[1]) in text
    assert "Seat 0 holds" not in text  # seat 1's view: nobody else's cards


def test_quitting_saves_a_partial_game_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "partial.jsonl"
    out = io.StringIO()
    session = play(bieten.Rules(players=4), out, seed=9, save=str(path), read=_scripted(["1", "1", "q"]))
    assert not session.game.is_over
    assert f"Saved to {path}" in out.getvalue()
    assert _rebuild(path) == session.game
    end = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    assert end == {
        "type": "end",
        "ply": session.game.ply,
        "hand_number": 0,
        "scores": [0, 0, 0, 0],
        "winner": None,
    }
    text = io.StringIO()
    assert main(["replay", str(path)], text) == 0
    assert f"The game is not over: the session ended at ply {session.game.ply}" in text.getvalue()


def test_a_crashed_session_without_an_end_line_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = _save_game(path, target=3)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:-3]) + "\n", encoding="utf-8")  # the end line and 2 actions lost
    saved = load_jsonl(path.read_text(encoding="utf-8"))
    assert not saved.ended and saved.final.ply == game.ply - 2
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    assert "no end line: the session did not finish" in out.getvalue()


# ---- Tampered files are refused ---------------------------------------------------------------------


def _edit_action(lines: list[dict[str, Any]], **change: Any) -> list[dict[str, Any]]:
    i = next(i for i, d in enumerate(lines) if d["type"] == "action" and d["ply"] == 4)
    lines[i] = {**lines[i], **change}
    return lines


def _wrong_seat(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    i = next(i for i, d in enumerate(lines) if d["type"] == "action" and d["ply"] == 4)
    lines[i] = {**lines[i], "seat": (lines[i]["seat"] + 1) % 3}
    return lines


def _drop(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return lines[:3] + lines[4:]


def _repeat(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*lines[:4], lines[3], *lines[4:]]


def _seed(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    lines[0]["record"]["seed"] += 1
    return lines


def _scores(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    lines[-1]["scores"] = [s + 1 for s in lines[-1]["scores"]]
    return lines


def _after_end(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*lines, {"type": "action", "ply": lines[-1]["ply"], "seat": 0, "action": "good"}]


def _header_later(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return lines[1:2] + lines[:1] + lines[2:]


Lines = list[dict[str, Any]]
TAMPERINGS: dict[str, tuple[Callable[[Lines], Lines], str]] = {
    "illegal action": (lambda ls: _edit_action(ls, action="play HA"), r"line 6: 'play HA' is refused: R\d"),
    "not an action": (lambda ls: _edit_action(ls, action="fold"), r"line 6: 'fold' is refused: R11: 'fold'"),
    "wrong seat": (_wrong_seat, r"line 6: says seat \d acts at ply 4, but seat \d is to act"),
    "dropped line": (_drop, r"line 4: ply 3, but the game is at ply 2: an action was dropped"),
    "repeated line": (_repeat, r"line 5: ply 2, but the game is at ply 3"),
    "changed seed": (_seed, r"line 1: from_json: the record says hands .*, but its actions give"),
    "changed scores": (_scores, r"line \d+: the end line says scores \[.*\], but the actions give"),
    "line after the end": (_after_end, r"line \d+: nothing may follow the end line"),
    "header not first": (_header_later, r"line 1: the first line must be the game header"),
    "extra field": (lambda ls: _edit_action(ls, note="x"), r"line 6: an action line has exactly the fields"),
}


@pytest.fixture(scope="module")
def saved_lines(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    path = tmp_path_factory.mktemp("saved") / "game.jsonl"
    _save_game(path, target=4)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_a_tampered_file_is_refused_with_its_line(
    name: str, saved_lines: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tamper, message = TAMPERINGS[name]
    lines = tamper(json.loads(json.dumps(saved_lines)))
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in lines), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path), "--json", "--seat", "0"], out) == 2
    assert out.getvalue() == ""  # nothing is printed from a file that is refused
    err = capsys.readouterr().err
    assert err.startswith(f"bieten: error: {path}, line ")
    assert re.search(message, err), err
    with pytest.raises(ReplayError):
        load_jsonl(path.read_text(encoding="utf-8"))


def test_malformed_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for text, message in [
        ("", "empty; the first line must be the game header"),
        ('{"type": "game", "record": {}}\n', 'line 1: from_json: expected format "bieten-game"'),
        ('{"type": "game", "record": 1}\n', "line 1: the header's 'record' must be a game record object"),
        (
            "[1, 2]\n",
            "line 1: a line is a JSON object of type game, action, end (or the whole file one game "
            "record, Game.to_json), not an array",
        ),
        ('{"type": "game"\n', "line 1: not JSON"),
    ]:
        path = tmp_path / "bad.jsonl"
        path.write_text(text, encoding="utf-8")
        assert main(["replay", str(path)], io.StringIO()) == 2
        assert message in capsys.readouterr().err


def test_replay_json_needs_a_seat_and_a_readable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    _save_game(path, target=3)
    assert main(["replay", str(path), "--json"], io.StringIO()) == 2
    assert "replay --json needs --seat K" in capsys.readouterr().err
    assert main(["replay", str(path), "--json", "--seat", "3"], io.StringIO()) == 2
    assert "--seat must be 0 to 2" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")], io.StringIO()) == 2
    assert "cannot read" in capsys.readouterr().err


# ---- docs/frontends.md runs as written --------------------------------------------------------------


def test_frontends_doc_snippets_run_and_print_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (ROOT / "docs" / "frontends.md").read_text(encoding="utf-8")
    pairs = re.findall(r"```python\n(.*?)```\n\nprints\n\n```text\n(.*?)```", text, re.S)
    assert len(pairs) == len(re.findall(r"```python\n", text)) == 3
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    for code, shown in pairs:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "docs/frontends.md", "exec"), namespace)
        assert out.getvalue() == shown
    # The file the doc wrote is a saved game that bieten replay accepts.
    out = io.StringIO()
    assert main(["replay", "game.jsonl", "--json", "--seat", "0"], out) == 0
    assert out.getvalue().splitlines()[-1] == shown.strip()


def test_a_header_may_leave_out_the_actions_or_hold_the_first_ones(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = _save_game(path, target=3)
    header, *rest = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert header["record"]["actions"] == []
    del header["record"]["actions"]
    text = "".join(json.dumps(d) + "\n" for d in [header, *rest])
    assert load_jsonl(text).final == game

    # A full record of the game after 3 actions, then the action lines from ply 3 on.
    early = bieten.Game(game.rules, seed=game.seed)
    for action in game.history[:3]:
        early.apply(action)
    later = [d for d in rest if d["type"] != "action" or d["ply"] >= 3]
    text = "".join(json.dumps(d) + "\n" for d in [{"type": "game", "record": early.to_record()}, *later])
    saved = load_jsonl(text)
    assert saved.final == game
    assert [s.ply for s in saved.steps] == list(range(game.ply))
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path), "--json", "--seat", "2"], out) == 0
    assert out.getvalue() == "".join(json.dumps(e.to_dict()) + "\n" for e in game.events_for(2))


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        (
            11,
            [
                "  red (unbid, 1): nobody has it — void (R7.7)",
                "  you score 1 for green (unbid, the best)",
                "  gleich (unbid, 1): nobody has it — void (R7.7)",
                "  hanger (unbid, 1): the best are tied — void (R6.5)",
                "  you score 1 for spiel (unbid, the best)",
                "  the Weli point (1): nobody was dealt the Weli — void (R6.6)",
            ],
        ),
        (
            1,
            [
                "  red (unbid, 1): nobody has it — void (R7.7)",
                "  you score 1 for green (unbid, the best)",
                "  gleich (unbid, 1): the game is already won — void (R8.2)",
                "  hanger (unbid, 1): the game is already won — void (R8.2)",
                "  spiel (unbid, 1): the game is already won — void (R8.2); you would have had it",
                "  the Weli point (1): the game is already won — void (R8.2)",
            ],
        ),
    ],
)
def test_void_credits_are_told_in_one_line_each_with_their_rule(target: int, expected: list[str]) -> None:
    # No Hearts (R6.1), no set (R6.2), S9-S8 against E9-E8 with Bells = Acorns (R6.5), no Weli (R6.6).
    rules = bieten.Rules(players=2, target=target)
    game = bieten.Game(rules, seed=0, deal=[["S9", "S8", "LA"], ["E9", "E8", "LK"]])
    for card in ("LK", "LA", "S9", "E9", "S8", "E8"):
        game.apply(f"play {card}")
        if "pass" in [str(a) for a in game.legal_actions()]:
            game.apply("pass")
    view = View(rules, viewer=0, you=0)
    lines = [line.plain for e in game.events_for(0) for line in view.feed(e.to_dict())]
    start = lines.index("Hand 1 is over. Tricks won: you 3, seat 1 0") + 1
    assert lines[start : start + 6] == expected
    assert lines[start + 6].startswith("Hand 1 scores: you +2" if target == 11 else "Hand 1 scores: you +1")
