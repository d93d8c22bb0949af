"""The C ABI (csrc/include/bieten/bieten.h, docs/c_abi.md), driven through cffi in ABI mode.

The shared library that ships in the package is loaded with ``ffi.dlopen(bieten.c_library_path())``
and its declarations come from the installed header itself, so the header is checked to be plain C.
Every game played through C is mirrored action by action on a Python ``bieten.Game``: the state, the
legal actions, the events (all, and each seat's view) and the JSON records must agree with Python's,
and every error path must give the code and the message Python gives. The example program
``examples/c/play.c`` and the C driver ``tests/c/abi_check.c`` are built with the system C compiler
and run, also under valgrind (no leaks, no memory errors).
"""

from __future__ import annotations

import doctest
import importlib.resources
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bieten
from bieten import _capi

ROOT = Path(__file__).resolve().parents[1]
ERR_LEN = 1024

# Status codes (bieten.h).
OK, NO_SEAT, E_NULL, E_ARGUMENT, E_JSON, E_RULES, E_RECORD, E_ILLEGAL, E_ACTION, E_BUFFER = range(0, -10, -1)

CONFIGS = [
    ("tyrol", {}),
    ("bavaria", {"players": 2, "hand_size": 4}),
    ("welibieten", {"players": 3}),
    ("spitzbieten", {"players": 5}),
    ("south_tyrol", {"players": 3}),
    ("south_tyrol", {"players": 4, "hand_size": 4, "target": 15}),
    ("tyrol", {"players": 2, "reraise": False, "overbid": "none"}),
]


# ---- Loading the library ---------------------------------------------------------------------------


def _cdef_from_header(text: str) -> str:
    """The header as cffi declarations: its integer #defines and its C declarations, without the
    preprocessor scaffolding (include guard, BIETEN_API, extern "C") and without the bodies of the
    static inline bieten_view_* helpers (cffi declares no function bodies; ABI mode cannot call them)."""
    out = []
    depth = 0  # braces open in a static inline function being skipped
    for line in text.splitlines():
        stripped = line.strip()
        if depth > 0 or stripped.startswith("static inline"):
            depth += line.count("{") - line.count("}")
            continue
        if stripped.startswith("#"):
            match = re.fullmatch(r"#\s*define\s+(BIETEN_[A-Z_]+)\s+(\d+)", stripped)
            if match and match.group(1) != "BIETEN_BIETEN_H":
                out.append(f"#define {match.group(1)} {match.group(2)}")
            continue
        if stripped.startswith('extern "C"') or stripped.startswith("} /* extern"):
            continue
        out.append(line.replace("BIETEN_API ", ""))
    return "\n".join(out)


@pytest.fixture(scope="module")
def header_text() -> str:
    return (Path(bieten.c_include_dir()) / "bieten" / "bieten.h").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def capi(header_text: str) -> Any:
    cffi = pytest.importorskip("cffi")  # the C programs' tests below run without it
    ffi = cffi.FFI()
    ffi.cdef(_cdef_from_header(header_text))
    lib = ffi.dlopen(bieten.c_library_path())
    return _CApi(ffi, lib)


class CLibrary:
    """Small conveniences over the raw cffi library that both games' tests use."""

    def __init__(self, ffi: Any, lib: Any) -> None:
        self.ffi = ffi
        self.lib = lib

    def err(self) -> Any:
        return self.ffi.new("char[]", ERR_LEN)

    def text(self, err: Any) -> str:
        return str(self.ffi.string(err).decode("utf-8"))

    def take(self, pointer: Any) -> str:
        """A library-owned string as text, freed."""
        assert pointer != self.ffi.NULL
        try:
            return str(self.ffi.string(pointer).decode("utf-8"))
        finally:
            self.lib.bieten_string_free(pointer)


class _CApi(CLibrary):
    """Bieten's games over the C ABI."""

    def new(self, rules: bieten.Rules | dict[str, Any] | str, seed: int) -> Any:
        text = (
            rules
            if isinstance(rules, str)
            else json.dumps(rules if isinstance(rules, dict) else rules.to_dict())
        )
        err = self.err()
        game = self.lib.bieten_game_new(text.encode(), seed, err, ERR_LEN)
        assert game != self.ffi.NULL, self.text(err)
        return self.ffi.gc(game, self.lib.bieten_game_free)

    def from_json(self, record: str) -> Any:
        err = self.err()
        game = self.lib.bieten_from_json(record.encode(), err, ERR_LEN)
        assert game != self.ffi.NULL, self.text(err)
        assert self.text(err) == ""
        return self.ffi.gc(game, self.lib.bieten_game_free)

    def legal(self, game: Any) -> list[int]:
        buf = self.ffi.new("int[]", bieten.NUM_ACTIONS)
        n = self.lib.bieten_legal_actions(game, buf, bieten.NUM_ACTIONS)
        assert n >= 0
        return list(buf[0:n])

    def scores(self, game: Any) -> list[int]:
        buf = self.ffi.new("int[]", 5)
        n = self.lib.bieten_scores(game, buf, 5)
        assert n >= 2
        return list(buf[0:n])

    def bummerl(self, game: Any) -> list[int]:
        buf = self.ffi.new("int[]", 5)
        n = self.lib.bieten_bummerl(game, buf, 5)
        assert n >= 0
        return list(buf[0:n])

    def hand(self, game: Any, seat: int, unplayed: bool) -> list[str]:
        buf = self.ffi.new("int[]", 4)
        n = self.lib.bieten_hand(game, seat, int(unplayed), buf, 4)
        assert n >= 0
        return [self.ffi.string(self.lib.bieten_card_text(c)).decode() for c in buf[0:n]]

    def events(self, game: Any, seat: int) -> str:
        return self.take(self.lib.bieten_events_json(game, seat))

    def events_lines(self, game: Any, seat: int, start: int = 0) -> str:
        return self.take(self.lib.bieten_events_jsonl(game, seat, start))

    def to_json(self, game: Any) -> str:
        return self.take(self.lib.bieten_to_json(game))

    def apply_id(self, game: Any, action: int) -> tuple[int, str]:
        err = self.err()
        status = self.lib.bieten_apply_id(game, action, err, ERR_LEN)
        return int(status), self.text(err)

    def apply_text(self, game: Any, action: str) -> tuple[int, str]:
        err = self.err()
        status = self.lib.bieten_apply_text(game, action.encode(), err, ERR_LEN)
        return int(status), self.text(err)


def _rules(preset: str, overrides: dict[str, Any]) -> bieten.Rules:
    return bieten.Rules.preset(preset, **overrides)


def _assert_same_state(capi: _CApi, cgame: Any, game: bieten.Game) -> None:
    lib = capi.lib
    current = lib.bieten_current_player(cgame)
    assert (None if current == NO_SEAT else current) == game.current_player
    assert capi.legal(cgame) == game.legal_action_ids()
    assert capi.scores(cgame) == game.scores
    assert lib.bieten_hand_number(cgame) == game.hand_number
    assert lib.bieten_dealer(cgame) == game.dealer
    assert lib.bieten_is_over(cgame) == int(game.is_over)
    winner = lib.bieten_winner(cgame)
    assert (None if winner == NO_SEAT else winner) == game.winner
    assert capi.bummerl(cgame) == game.bummerl
    assert [capi.hand(cgame, s, False) for s in range(game.rules.players)] == game.hands
    assert [capi.hand(cgame, s, True) for s in range(game.rules.players)] == game.unplayed


def _play_mirrored(capi: _CApi, rules: bieten.Rules, seed: int, limit: int | None = None) -> Iterator[Any]:
    """Plays a random game in C and in Python side by side, checking they agree after every action;
    yields (C game, Python game) after each action, the last time once the game is over."""
    cgame = capi.new(rules, seed)
    game = bieten.Game(rules, seed=seed)
    rng = random.Random(seed)
    steps = 0
    _assert_same_state(capi, cgame, game)
    while not game.is_over and (limit is None or steps < limit):
        action = rng.choice(game.legal_action_ids())
        if rng.random() < 0.5:
            status, message = capi.apply_id(cgame, action)
        else:
            status, message = capi.apply_text(cgame, bieten.action_text(action))
        assert (status, message) == (OK, "")
        game.apply_id(action)
        steps += 1
        _assert_same_state(capi, cgame, game)
        yield cgame, game


# ---- The library, the header and the package ---------------------------------------------------


def test_library_and_header_are_located_by_the_package() -> None:
    library = Path(bieten.c_library_path())
    assert library.is_file() and "bieten_c" in library.name
    assert (Path(bieten.c_include_dir()) / "bieten" / "bieten.h").is_file()
    assert "c_library_path" in bieten.__all__ and "c_include_dir" in bieten.__all__


def test_capi_docstring_examples_run_as_written() -> None:
    result = doctest.testmod(_capi, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def test_installed_header_is_the_source_header(header_text: str) -> None:
    assert header_text == (ROOT / "csrc" / "include" / "bieten" / "bieten.h").read_text(encoding="utf-8")


def test_versions_and_constants(capi: _CApi) -> None:
    lib, ffi = capi.lib, capi.ffi
    assert lib.bieten_abi_version() == lib.BIETEN_ABI_VERSION == 2  # 2: one handle for every game
    assert ffi.string(lib.bieten_version()).decode() == bieten.__version__
    assert lib.BIETEN_NUM_ACTIONS == bieten.NUM_ACTIONS
    assert lib.BIETEN_NUM_CARDS == 33
    assert lib.BIETEN_MAX_PLAYERS == 5
    names = {
        OK: "BIETEN_OK",
        NO_SEAT: "BIETEN_NO_SEAT",
        E_NULL: "BIETEN_E_NULL",
        E_ILLEGAL: "BIETEN_E_ILLEGAL",
        E_BUFFER: "BIETEN_E_BUFFER",
    }
    for code, name in names.items():
        assert getattr(lib, name) == code
        assert ffi.string(lib.bieten_status_name(code)).decode() == name
    assert ffi.string(lib.bieten_status_name(99)).decode() == "BIETEN_E_UNKNOWN"


def test_action_and_card_texts_match_python(capi: _CApi) -> None:
    lib, ffi = capi.lib, capi.ffi
    for action in range(bieten.NUM_ACTIONS):
        text = ffi.string(lib.bieten_action_text(action)).decode()
        assert text == bieten.action_text(action)
        assert lib.bieten_parse_action(text.upper().encode()) == action
    for card in range(33):
        assert ffi.string(lib.bieten_card_text(card)).decode() == str(bieten.Card.from_id(card))
    for bad in (-1, bieten.NUM_ACTIONS, 10_000):
        assert lib.bieten_action_text(bad) == ffi.NULL
    assert lib.bieten_card_text(33) == ffi.NULL
    assert lib.bieten_parse_action(b"play W as HA") == bieten.Action("play S6 as HA").id
    assert lib.bieten_parse_action(b"fold") == E_ACTION
    assert lib.bieten_parse_action(ffi.NULL) == E_NULL


def test_presets_match_python(capi: _CApi) -> None:
    for name in bieten.Rules.PRESETS:
        err = capi.err()
        text = capi.take(capi.lib.bieten_preset_json(name.encode(), err, ERR_LEN))
        assert text == json.dumps(bieten.Rules.preset(name).to_dict())
    err = capi.err()
    assert capi.lib.bieten_preset_json(b"texas", err, ERR_LEN) == capi.ffi.NULL
    with pytest.raises(bieten.RulesError) as info:
        bieten.Rules.preset("texas")
    assert capi.text(err) == str(info.value)


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("nm") is None, reason="needs nm on Linux"
)
def test_only_the_c_functions_are_exported(header_text: str) -> None:
    out = subprocess.run(
        ["nm", "-D", "--defined-only", bieten.c_library_path()], capture_output=True, text=True, check=True
    ).stdout
    exported = sorted(line.split()[-1] for line in out.splitlines() if line.strip())
    declared = sorted(set(re.findall(r"BIETEN_API [^;(]*?\b(bieten_\w+)\(", header_text)))
    assert exported == declared


# ---- Whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "overrides"), CONFIGS, ids=lambda v: str(v))
def test_full_game_to_the_end_agrees_with_python(capi: _CApi, preset: str, overrides: dict[str, Any]) -> None:
    rules = _rules(preset, overrides)
    for seed in (1, 2**64 - 1):
        steps = list(_play_mirrored(capi, rules, seed))
        assert steps
        cgame, game = steps[-1]
        assert game.is_over
        assert capi.lib.bieten_is_over(cgame) == 1
        assert capi.legal(cgame) == []
        assert capi.lib.bieten_current_player(cgame) == NO_SEAT
        assert 0 <= capi.lib.bieten_winner(cgame) < rules.players
        seed_out = capi.ffi.new("uint64_t*")
        assert capi.lib.bieten_seed(cgame, seed_out) == OK
        assert seed_out[0] == seed
        assert capi.take(capi.lib.bieten_rules_json(cgame)) == json.dumps(rules.to_dict())


def test_clone_is_independent(capi: _CApi) -> None:
    rules = bieten.Rules(players=3)
    cgame = capi.new(rules, 5)
    status, _ = capi.apply_text(cgame, "bid spiel")
    assert status == OK
    copy = capi.ffi.gc(capi.lib.bieten_game_clone(cgame), capi.lib.bieten_game_free)
    assert capi.to_json(copy) == capi.to_json(cgame)
    assert capi.apply_id(copy, capi.legal(copy)[0])[0] == OK
    assert capi.lib.bieten_event_count(copy) == capi.lib.bieten_event_count(cgame) + 1


# ---- Events --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def event_schema() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    text = (importlib.resources.files("bieten.bieten") / "events-v2.json").read_text(encoding="utf-8")
    return jsonschema.Draft202012Validator(json.loads(text))


@pytest.mark.parametrize(("preset", "overrides"), CONFIGS, ids=lambda v: str(v))
def test_events_all_and_per_seat_equal_python(
    capi: _CApi, event_schema: Any, preset: str, overrides: dict[str, Any]
) -> None:
    rules = _rules(preset, overrides)
    polled: dict[int, list[Any]] = {seat: [] for seat in range(-1, rules.players)}
    cgame = game = None
    for cgame, game in _play_mirrored(capi, rules, seed=11):
        # Polling: the lines from the last count on are exactly the new events.
        count = capi.lib.bieten_event_count(cgame)
        assert count == len(game.events)
        for seat, seen in polled.items():
            fresh = capi.events_lines(cgame, seat, len(seen))
            seen.extend(json.loads(line) for line in fresh.splitlines())
            assert len(seen) == count
    assert cgame is not None and game is not None
    for seat in range(-1, rules.players):
        python_events = [e.to_dict() for e in (game.events if seat < 0 else game.events_for(seat))]
        text = capi.events(cgame, seat)
        assert json.loads(text) == python_events
        assert text == json.dumps(python_events)  # byte for byte, as json.dumps writes it
        lines = capi.events_lines(cgame, seat)
        assert lines == "".join(json.dumps(e) + "\n" for e in python_events)
        assert polled[seat] == python_events
        for event in json.loads(text):
            event_schema.validate(event)
    # credit_void (R7.7, R6.6, R8.2) is text the C ABI writes too
    assert any(e["type"] == "credit_void" for e in json.loads(capi.events(cgame, -1)))
    if rules.cut_steal:  # the cutter's private cards are hidden from the other seats
        private = [e for e in json.loads(capi.events(cgame, -1)) if e["type"] == "card_seen"]
        assert private and all(e["card"] is not None for e in private)


def test_events_bad_seat_gives_null(capi: _CApi) -> None:
    cgame = capi.new(bieten.Rules(players=2), 1)
    ffi, lib = capi.ffi, capi.lib
    for seat in (-2, 2, 5, 1000):
        assert lib.bieten_events_json(cgame, seat) == ffi.NULL
        assert lib.bieten_events_jsonl(cgame, seat, 0) == ffi.NULL
    assert capi.events_lines(cgame, 0, 10_000) == ""


# ---- Records -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "overrides"), CONFIGS, ids=lambda v: str(v))
def test_records_round_trip_between_python_and_c(capi: _CApi, preset: str, overrides: dict[str, Any]) -> None:
    rules = _rules(preset, overrides)
    for cgame, game in _play_mirrored(capi, rules, seed=3):
        if game.history and len(game.history) % 17 and not game.is_over:
            continue
        c_record = capi.to_json(cgame)
        assert c_record == game.to_json()  # byte for byte
        # C -> Python and Python -> C, and both continue identically.
        from_c = bieten.Game.from_json(c_record)
        assert from_c == game
        restored = capi.from_json(game.to_json())
        assert capi.to_json(restored) == game.to_json()
        if not game.is_over:
            action = game.legal_action_ids()[-1]
            from_c.apply_id(action)
            assert capi.apply_id(restored, action) == (OK, "")
            assert capi.to_json(restored) == from_c.to_json()


def test_record_with_a_given_deal_round_trips(capi: _CApi) -> None:
    rules = bieten.Rules.preset("south_tyrol", players=2)
    game = bieten.Game(rules, seed=9, deal=[["HA", "HK", "E7"], ["LA", "SA", "W"]], dealer=1, top_card="LO")
    game.apply(game.legal_actions()[0])
    cgame = capi.from_json(game.to_json())
    assert capi.to_json(cgame) == game.to_json()
    assert capi.hand(cgame, 1, False) == ["LA", "SA", "S6"]
    assert bieten.Game.from_json(capi.to_json(cgame)) == game
    events = json.loads(capi.events(cgame, 0))
    assert events == [e.to_dict() for e in game.events_for(0)]


def test_binary_records_are_pythons_bytes_and_round_trip(capi: _CApi) -> None:
    """bieten_to_bytes writes Python's Game.to_bytes() (docs/records.md); bieten_from_bytes restores it,
    and refuses a corrupted record with BIETEN_E_RECORD and Python's message."""
    lib, ffi = capi.lib, capi.ffi
    for cgame, game in _play_mirrored(capi, bieten.Rules.preset("welibieten"), seed=5):
        if len(game.history) % 23 and not game.is_over:
            continue
        data = game.to_bytes()
        assert lib.bieten_to_bytes(cgame, ffi.NULL, 0) == len(data)  # the size alone
        small = ffi.new("uint8_t[]", len(data) - 1)
        assert lib.bieten_to_bytes(cgame, small, len(data) - 1) == E_BUFFER
        out = ffi.new("uint8_t[]", len(data))
        assert lib.bieten_to_bytes(cgame, out, len(data)) == len(data)
        assert bytes(ffi.buffer(out, len(data))) == data
        err = capi.err()
        restored = ffi.gc(lib.bieten_from_bytes(data, len(data), err, ERR_LEN), lib.bieten_game_free)
        assert restored != ffi.NULL and capi.text(err) == ""
        assert capi.to_json(restored) == game.to_json()
    assert lib.bieten_to_bytes(ffi.NULL, ffi.NULL, 0) == E_NULL
    assert lib.bieten_to_bytes(cgame, ffi.NULL, 10) == E_NULL
    for bad in (data[:-1], data + b"\x00", data[:20] + bytes([data[20] ^ 1]) + data[21:], b"{}"):
        err = capi.err()
        assert lib.bieten_from_bytes(bad, len(bad), err, ERR_LEN) == ffi.NULL
        with pytest.raises(bieten.GameRecordError) as info:
            bieten.Game.from_bytes(bad)
        assert capi.text(err) == str(info.value) and capi.text(err).startswith("from_bytes: ")
    err = capi.err()
    assert lib.bieten_from_bytes(ffi.NULL, 0, err, ERR_LEN) == ffi.NULL
    assert capi.text(err) == "bieten_from_bytes: data is NULL"


def _record(**changes: Any) -> dict[str, Any]:
    game = bieten.Game(bieten.Rules(players=2), seed=7)
    for action in ("bid red", "three", "good", "play H10"):
        game.apply(action)
    record = game.to_record()
    for key, value in changes.items():
        if value is _DELETE:
            del record[key]
        else:
            record[key] = value
    return record


_DELETE = object()

BAD_RECORDS: list[tuple[str, Any]] = [
    ("not an object", [1, 2]),
    ("string", "bieten"),
    ("format", _record(format="chess")),
    ("version", _record(version=2)),
    ("no version", _record(version=_DELETE)),
    ("no rules", _record(rules=_DELETE)),
    ("no seed and dealer", _record(seed=_DELETE, dealer=_DELETE)),
    ("unknown", _record(zebra=1, apple="x")),
    ("actions not list", _record(actions="bid red")),
    ("actions not str", _record(actions=["bid red", 3])),
    ("rules not object", _record(rules=["tyrol"])),
    ("rules unknown knob", _record(rules={"players": 2, "jokers": True})),
    ("rules bad type", _record(rules={"players": "2"})),
    ("rules bad value", _record(rules={"players": 6})),
    ("rules float", _record(rules={"players": 2.0})),
    ("rules big", _record(rules={"target": 2**40})),
    ("rules bad wild", _record(rules={"players": 2, "wild": "jokers"})),
    ("rules weli point", _record(rules={"players": 2, "wild": "weli"})),
    ("seed negative", _record(seed=-1)),
    ("seed too big", _record(seed=2**64)),
    ("seed str", _record(seed="7")),
    ("seed float", _record(seed=7.5)),
    ("seed bool", _record(seed=True)),
    ("dealer out of range", _record(dealer=2)),
    ("dealer str", _record(dealer="0")),
    ("dealer bool", _record(dealer=False)),
    ("deal not list", _record(deal="HA HK")),
    ("deal hand not list", _record(deal=["HA HK E7", ["LA", "SA", "S6"]])),
    ("deal bad card", _record(deal=[["HA", "HK", "HX"], ["LA", "SA", "S6"]])),
    ("deal card id", _record(deal=[["HA", "HK", 40], ["LA", "SA", "S6"]])),
    ("deal card float", _record(deal=[["HA", "HK", 1.5], ["LA", "SA", "S6"]])),
    ("deal twice", _record(deal=[["HA", "HK", "HA"], ["LA", "SA", "S6"]])),
    ("deal two seats", _record(deal=[["HA", "HK", "E7"], ["HA", "SA", "S6"]])),
    ("deal short", _record(deal=[["HA", "HK"], ["LA", "SA", "S6"]])),
    ("deal seats", _record(deal=[["HA", "HK", "E7"]])),
    ("top card no deal", _record(top_card="EA")),
    ("top card not shown", _record(deal=[["HA", "HK", "E7"], ["LA", "SA", "S6"]], top_card="EA", actions=[])),
    ("refused action", _record(actions=["bid red", "play HA"])),
    ("no action", _record(actions=["bid red", "jump"])),
    ("hand_number", _record(hand_number=1)),
    ("scores", _record(scores=[0, 3])),
    ("hands", _record(hands=[["HA", "HK", "E7"], ["LA", "SA", "S6"]])),
]


@pytest.mark.parametrize(("name", "record"), BAD_RECORDS, ids=[n for n, _ in BAD_RECORDS])
def test_bad_records_are_refused_as_python_refuses_them(capi: _CApi, name: str, record: Any) -> None:
    text = json.dumps(record)
    with pytest.raises(bieten.GameRecordError) as info:
        bieten.Game.from_json(text)
    err = capi.err()
    assert capi.lib.bieten_from_json(text.encode(), err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err) == str(info.value)


def test_record_without_a_seed_draws_one_as_python_does(capi: _CApi) -> None:
    record = json.dumps(_record(seed=None, actions=[], hand_number=_DELETE, scores=_DELETE, hands=_DELETE))
    seeds = set()
    for _ in range(3):
        cgame = capi.from_json(record)
        seed = capi.ffi.new("uint64_t*")
        assert capi.lib.bieten_seed(cgame, seed) == OK
        seeds.add(int(seed[0]))
        assert json.loads(capi.to_json(cgame))["seed"] == seed[0]
    assert len(seeds) == 3
    assert bieten.Game.from_json(record).seed >= 0


MALFORMED_JSON = [
    "",
    "   ",
    "{",
    "{}}",
    '{"a": 1,}',
    "[1, 2,]",
    '{"a" 1}',
    "{a: 1}",
    "{'a': 1}",
    '{"a": 01}',
    '{"a": 1.}',
    '{"a": .5}',
    '{"a": 1e}',
    '{"a": -}',
    '{"a": +1}',
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": tru}',
    '{"a": "\\x41"}',
    '{"a": "\\ud800"}',
    '{"a": "\\udc00"}',
    '{"a": "tab\there"}',
    '{"a": "unterminated}',
    '{"a": 1} // comment',
    '{"a": 1} {"b": 2}',
    '{"a": 1, "a": 2}',
    "\ufeff{}",
    "[" * 10_000 + "]" * 10_000,
]


@pytest.mark.parametrize("text", MALFORMED_JSON, ids=range(len(MALFORMED_JSON)))
def test_malformed_json_is_refused_with_its_place(capi: _CApi, text: str) -> None:
    err = capi.err()
    assert capi.lib.bieten_game_new(text.encode(), 1, err, ERR_LEN) == capi.ffi.NULL
    message = capi.text(err)
    assert message.startswith("bieten_game_new: rules_json is not JSON text: ")
    # nlohmann's place of a syntax error; our own three refusals say what they refuse instead.
    own = ('duplicate key "a" in an object', "more than 256 arrays and objects nested", "the JSON text")
    reason = message.split("JSON text: ", 1)[1]
    assert re.search(r"^parse error at line \d+, column \d+: ", reason) or message.endswith(own)
    err = capi.err()
    assert capi.lib.bieten_from_json(text.encode(), err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err).startswith("from_json: not JSON text: ")


def test_invalid_utf8_is_refused(capi: _CApi) -> None:
    for raw in (
        b'{"wild": "\xff"}',
        b'{"wild": "\xc0\xaf"}',
        b'{"wild": "\xed\xa0\x80"}',
        b'{"wild": "\xe2\x82"}',
    ):
        err = capi.err()
        assert capi.lib.bieten_game_new(raw, 1, err, ERR_LEN) == capi.ffi.NULL
        assert "ill-formed UTF-8" in capi.text(err) and capi.text(err).isascii()


def test_strict_json_still_accepts_all_of_json(capi: _CApi) -> None:
    # Escapes, whitespace, exponents and non-ASCII text are JSON: they reach the rules checks.
    cgame = capi.new(' \t\r\n{ "\\u0070layers" : 3 , "target":\n21 }\n', 1)
    assert json.loads(capi.take(capi.lib.bieten_rules_json(cgame)))["players"] == 3
    err = capi.err()
    assert (
        capi.lib.bieten_game_new(b'{"wild": "w\\u00e9li \\ud83c\\udccf"}', 1, err, ERR_LEN) == capi.ffi.NULL
    )
    assert capi.text(err) == "R10: wild must be one of none, weli, spitzen, not 'wéli 🃏'"
    assert capi.lib.bieten_game_new(b'{"players": 3e0}', 1, err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err) == "R10: players must be an int, not 3.0"  # the real as JSON writes it


# ---- Rules and action errors: the codes, and Python's messages --------------------------------------

BAD_RULES: list[Any] = [
    [],
    "tyrol",
    {"players": 3, "jokers": True, "aces": 1},
    {"players": "3"},
    {"players": 3.0},
    {"players": True},
    {"players": None},
    {"players": 2**70},
    {"target": -(2**31) - 1},
    {"players": 1},
    {"hand_size": 5},
    {"target": 0},
    {"weli_point": 1},
    {"reraise": "yes"},
    {"wild": 1},
    {"wild": "jokers"},
    {"ties": "coin", "wild": "none"},
    {"overbid": "never"},
    {"wild": "weli"},
    {"wild": "spitzen", "weli_point": True},
    {"players": [3]},
    {"players": {"n": 3}},
    {"players": "it's"},
]


@pytest.mark.parametrize("knobs", BAD_RULES, ids=range(len(BAD_RULES)))
def test_bad_rules_are_refused_with_the_cores_message(capi: _CApi, knobs: Any) -> None:
    """bieten_game_new and a record's rules (bieten_from_json, Game.from_json) give one message, the
    core's, naming the knob and R10; Python's Rules.from_dict refuses the same knobs."""
    with pytest.raises(bieten.RulesError):
        bieten.Rules.from_dict(knobs)
    err = capi.err()
    assert capi.lib.bieten_game_new(json.dumps(knobs).encode(), 1, err, ERR_LEN) == capi.ffi.NULL
    message = capi.text(err)
    assert re.match(r"^R(10|6\.6)\b", message), message  # the knob's rule
    with pytest.raises(bieten.GameRecordError) as info:
        bieten.Game.from_json(json.dumps(_record(rules=knobs)))
    assert str(info.value) == "from_json: " + message


def test_missing_knobs_default_to_tyrol(capi: _CApi) -> None:
    for knobs in ({}, {"players": 3}, {"wild": "spitzen", "weli_point": False, "cut_steal": True}):
        cgame = capi.new(knobs, 1)
        assert (
            json.loads(capi.take(capi.lib.bieten_rules_json(cgame)))
            == bieten.Rules.from_dict(knobs).to_dict()
        )


def test_illegal_actions_give_pythons_message_and_change_nothing(capi: _CApi) -> None:
    rules = bieten.Rules.preset("south_tyrol", players=3)
    rng = random.Random(5)
    checked = 0
    for cgame, game in _play_mirrored(capi, rules, seed=21):
        before = capi.to_json(cgame)
        legal = set(game.legal_action_ids())
        for action in rng.sample(range(-3, bieten.NUM_ACTIONS + 3), 6):
            if action in legal:
                continue
            with pytest.raises(bieten.IllegalActionError) as info:
                game.clone().apply_id(action)
            assert capi.apply_id(cgame, action) == (E_ILLEGAL, str(info.value))
            if 0 <= action < bieten.NUM_ACTIONS:
                text = bieten.action_text(action)
                assert capi.apply_text(cgame, text) == (E_ILLEGAL, str(info.value))
            assert capi.lib.bieten_is_legal(cgame, action) == 0
            checked += 1
        for text in ("jump", "play", "play HA as", "bid trumps", ""):
            with pytest.raises(bieten.ActionError) as action_info:
                game.clone().apply(text)
            assert capi.apply_text(cgame, text) == (E_ACTION, str(action_info.value))
        assert capi.to_json(cgame) == before  # R9: nothing changed
    assert checked > 100
    # Once the game is over every action is refused.
    status, message = capi.apply_id(cgame, 134)
    assert status == E_ILLEGAL and message.startswith("R8.2: the game is over")


# ---- Null handles, short buffers, error buffers ----------------------------------------------------


def test_null_handles(capi: _CApi) -> None:
    ffi, lib = capi.ffi, capi.lib
    null = ffi.NULL
    buf = ffi.new("int[]", 140)
    err = capi.err()
    seed = ffi.new("uint64_t*")
    for call in (
        lambda: lib.bieten_players(null),
        lambda: lib.bieten_seed(null, seed),
        lambda: lib.bieten_hand_number(null),
        lambda: lib.bieten_dealer(null),
        lambda: lib.bieten_current_player(null),
        lambda: lib.bieten_is_over(null),
        lambda: lib.bieten_winner(null),
        lambda: lib.bieten_scores(null, buf, 5),
        lambda: lib.bieten_bummerl(null, buf, 5),
        lambda: lib.bieten_hand(null, 0, 0, buf, 5),
        lambda: lib.bieten_legal_actions(null, buf, 140),
        lambda: lib.bieten_is_legal(null, 0),
        lambda: lib.bieten_apply_id(null, 0, err, ERR_LEN),
        lambda: lib.bieten_apply_text(null, b"good", err, ERR_LEN),
        lambda: lib.bieten_event_count(null),
        lambda: lib.bieten_parse_action(null),
    ):
        assert call() == E_NULL
    assert capi.text(err) == "bieten_apply_text: game is NULL"
    for pointer_call in (
        lambda: lib.bieten_events_json(null, -1),
        lambda: lib.bieten_events_jsonl(null, 0, 0),
        lambda: lib.bieten_to_json(null),
        lambda: lib.bieten_rules_json(null),
        lambda: lib.bieten_game_clone(null),
        lambda: lib.bieten_from_json(null, err, ERR_LEN),
        lambda: lib.bieten_game_new(null, 1, err, ERR_LEN),
        lambda: lib.bieten_preset_json(null, err, ERR_LEN),
    ):
        assert pointer_call() == null
    lib.bieten_game_free(null)
    lib.bieten_string_free(null)
    # NULL out-pointers on a real game.
    cgame = capi.new({}, 1)
    assert lib.bieten_seed(cgame, null) == E_NULL
    assert lib.bieten_scores(cgame, null, 5) == E_NULL
    assert lib.bieten_hand(cgame, 0, 0, null, 5) == E_NULL
    assert lib.bieten_legal_actions(cgame, null, 1) == E_NULL
    assert lib.bieten_apply_text(cgame, null, err, ERR_LEN) == E_NULL
    assert capi.text(err) == "bieten_apply_text: text is NULL"


def test_short_buffers_write_nothing(capi: _CApi) -> None:
    ffi, lib = capi.ffi, capi.lib
    cgame = capi.new({"players": 5, "hand_size": 4}, 3)
    n = lib.bieten_legal_actions(cgame, ffi.NULL, 0)
    assert n == len(capi.legal(cgame)) > 1
    for cap in range(n):
        buf = ffi.new("int[]", [-9] * max(cap, 1))
        assert lib.bieten_legal_actions(cgame, buf, cap) == E_BUFFER
        assert list(buf) == [-9] * max(cap, 1)
    buf = ffi.new("int[]", [-9] * 5)
    assert lib.bieten_scores(cgame, buf, 4) == E_BUFFER
    assert lib.bieten_hand(cgame, 0, 0, buf, 3) == E_BUFFER
    assert list(buf) == [-9] * 5
    assert lib.bieten_hand(cgame, 5, 0, buf, 5) == E_ARGUMENT
    assert lib.bieten_hand(cgame, -1, 1, buf, 5) == E_ARGUMENT
    assert lib.bieten_scores(cgame, buf, 5) == 5
    assert lib.bieten_hand(cgame, 4, 0, buf, 4) == 4


def test_error_messages_are_cut_to_the_buffer_at_utf8_boundaries(capi: _CApi) -> None:
    ffi, lib = capi.ffi, capi.lib
    knobs = json.dumps({"wild": "äöü" * 10}).encode()
    full = capi.err()
    assert lib.bieten_game_new(knobs, 1, full, ERR_LEN) == ffi.NULL
    message = capi.text(full)
    assert message.startswith("R10: wild must be one of")
    for size in range(1, len(message.encode()) + 2):
        err = ffi.new("char[]", b"#" * size)
        assert lib.bieten_game_new(knobs, 1, err, size) == ffi.NULL
        cut = ffi.string(err)
        assert len(cut) <= size - 1
        assert message.startswith(cut.decode("utf-8"))  # valid UTF-8, a prefix
    assert lib.bieten_game_new(knobs, 1, ffi.NULL, 0) == ffi.NULL
    # On success the message is emptied.
    err = ffi.new("char[]", b"stale")
    game = lib.bieten_game_new(b"{}", 1, err, 6)
    assert game != ffi.NULL and ffi.string(err) == b""
    lib.bieten_game_free(game)


# ---- C programs: the example, the driver, valgrind ---------------------------------------------------


def _compile(source: Path, out: Path) -> Path:
    library = Path(bieten.c_library_path())
    command = [
        "cc",
        "-std=c99",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-g",
        "-o",
        str(out),
        str(source),
        f"-I{bieten.c_include_dir()}",
        str(library),
        f"-Wl,-rpath,{library.parent}",
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return out


needs_cc = pytest.mark.skipif(
    shutil.which("cc") is None or sys.platform == "win32", reason="needs a C compiler (cc)"
)


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    if shutil.which("cc") is None or sys.platform == "win32":
        pytest.skip("needs a C compiler (cc)")
    folder = tmp_path_factory.mktemp("c_programs")
    return {
        "play": _compile(ROOT / "examples" / "c" / "play.c", folder / "play"),
        "abi_check": _compile(ROOT / "tests" / "c" / "abi_check.c", folder / "abi_check"),
    }


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "LD_LIBRARY_PATH")}
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=600, env=env)


@needs_cc
@pytest.mark.parametrize(
    ("seed", "rules"),
    [
        ("7", None),
        ("18446744073709551615", '{"players": 3, "wild": "weli", "weli_point": false}'),
        ("42", json.dumps(bieten.Rules.preset("south_tyrol", players=5).to_dict())),
    ],
)
def test_example_program_plays_a_whole_game(programs: dict[str, Path], seed: str, rules: str | None) -> None:
    command = [str(programs["play"]), "--record", seed] + ([rules] if rules else [])
    result = _run(command)
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert lines["record round trip"] == "ok"
    game = bieten.Game.from_json(lines["record"])  # the C game's record replays in Python
    assert game.is_over
    assert lines["winner"] == f"seat {game.winner}"
    assert lines["scores"].split() == [str(s) for s in game.scores]
    assert lines["bummerl"].split() == [str(s) for s in game.bummerl]
    assert int(lines["hands"]) == game.hand_number + 1
    assert int(lines["actions"]) == len(game.history)
    assert int(lines["events"]) == len(game.events)
    assert game.seed == int(seed)


@needs_cc
def test_example_program_reports_refused_rules(programs: dict[str, Path]) -> None:
    result = _run([str(programs["play"]), "1", '{"players": 7}'])
    assert result.returncode == 1
    assert "R10/R2.1: players must be 2 to 5, not 7" in result.stderr


@needs_cc
def test_c_driver_checks_every_function_and_error_path(programs: dict[str, Path]) -> None:
    result = _run([str(programs["abi_check"])])
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.fullmatch(r"abi_check: \d+ checks passed\n", result.stdout)


@needs_cc
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
@pytest.mark.parametrize(
    "command",
    [
        ["play", "5"],
        ["play", "9", '{"players": 3, "wild": "spitzen", "weli_point": false, "cut_steal": true}'],
        ["abi_check"],
    ],
    ids=["play", "play-spitzen", "abi_check"],
)
def test_no_leaks_or_memory_errors_under_valgrind(programs: dict[str, Path], command: list[str]) -> None:
    valgrind = [
        "valgrind",
        "--leak-check=full",
        "--show-leak-kinds=all",
        "--errors-for-leak-kinds=all",
        "--error-exitcode=3",
    ]
    result = _run([*valgrind, str(programs[command[0]]), *command[1:]])
    assert result.returncode == 0, result.stderr[-4000:]
    assert "ERROR SUMMARY: 0 errors" in result.stderr
    assert "All heap blocks were freed -- no leaks are possible" in result.stderr
