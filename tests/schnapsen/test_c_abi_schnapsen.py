"""The C ABI of Bauernschnapsen and Schnapsen (the bieten_schnapsen_* functions of bieten.h, docs/c_abi.md),
driven through cffi in ABI mode as tests/test_c_abi.py drives Bieten's.

Every game played through C is mirrored action by action on a Python ``bieten.schnapsen.Game`` with the
same seed: the seat to act, the legal ids, the scores, hands, observations of every seat, the events
(all, and each seat's view, S12) and the JSON records must agree with Python's, and every error path
must give the status code and the message Python gives (docs/rules/schnapsen.md S1-S12). The C program
``tests/c/schnapsen_play.c`` is built with the system C compiler and plays a whole game, also under
valgrind.
"""

from __future__ import annotations

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
from test_c_abi import ERR_LEN, CLibrary, _cdef_from_header

import bieten
from bieten import _core, schnapsen

ROOT = Path(__file__).resolve().parents[2]

# Status codes (bieten.h).
OK, NO_SEAT, E_NULL, E_ARGUMENT, E_JSON, E_RULES, E_RECORD, E_ILLEGAL, E_ACTION, E_BUFFER = range(0, -10, -1)

N = schnapsen.NUM_ACTIONS
OBS = schnapsen.OBSERVATION_SIZE

# (preset, knobs): every preset of S10, and some knobs over them.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("bauernschnapsen", {}),
    ("bauernschnapsen_called", {}),
    ("bauernschnapsen_2", {}),
    ("schnapsen", {}),
    ("bauernschnapsen", {"retour": True, "claim": "automatic", "must_head": "contracts", "target": 11}),
    ("schnapsen", {"claim": "automatic", "knock": True, "target": 3}),
]


class _CApi(CLibrary):
    """Bauernschnapsen and Schnapsen games over the C ABI."""

    def gc(self, game: Any) -> Any:
        return self.ffi.gc(game, self.lib.bieten_schnapsen_free)

    def new(self, preset: str | None, knobs: dict[str, Any] | None, seed: int, dealer: int = 0) -> Any:
        err = self.err()
        game = self.lib.bieten_schnapsen_new(
            self.ffi.NULL if preset is None else preset.encode(),
            self.ffi.NULL if knobs is None else json.dumps(knobs).encode(),
            seed,
            dealer,
            err,
            ERR_LEN,
        )
        assert game != self.ffi.NULL, self.text(err)
        assert self.text(err) == ""
        return self.gc(game)

    def refused_new(self, preset: str | None, knobs: str | None, dealer: int = 0) -> tuple[int, str]:
        """Creates a game that must be refused: (the status it would have, the message)."""
        err = self.err()
        game = self.lib.bieten_schnapsen_new(
            self.ffi.NULL if preset is None else preset.encode(),
            self.ffi.NULL if knobs is None else knobs.encode(),
            1,
            dealer,
            err,
            ERR_LEN,
        )
        assert game == self.ffi.NULL
        message = self.text(err)
        status = (
            E_JSON if "is not JSON text" in message else E_RULES if message.startswith("S10") else E_ARGUMENT
        )
        return status, message

    def from_json(self, record: str) -> Any:
        err = self.err()
        game = self.lib.bieten_schnapsen_from_json(record.encode(), err, ERR_LEN)
        assert game != self.ffi.NULL, self.text(err)
        assert self.text(err) == ""
        return self.gc(game)

    def ints(self, function: Any, game: Any, cap: int, *args: Any) -> list[int]:
        buf = self.ffi.new("int[]", cap)
        n = function(game, *args, buf, cap)
        assert n >= 0, n
        return list(buf[0:n])

    def legal(self, game: Any) -> list[int]:
        return self.ints(self.lib.bieten_schnapsen_legal_actions, game, N)

    def hand(self, game: Any, seat: int) -> list[str]:
        ids = self.ints(self.lib.bieten_schnapsen_hand, game, 5, seat)
        return [self.ffi.string(self.lib.bieten_card_text(c)).decode() for c in ids]

    def observation(self, game: Any, seat: int) -> list[float]:
        buf = self.ffi.new("float[]", OBS)
        assert self.lib.bieten_schnapsen_observation(game, seat, buf, OBS) == OBS
        return list(buf)

    def events(self, game: Any, seat: int) -> str:
        return self.take(self.lib.bieten_schnapsen_events_json(game, seat))

    def events_lines(self, game: Any, seat: int, start: int = 0) -> str:
        return self.take(self.lib.bieten_schnapsen_events_jsonl(game, seat, start))

    def to_json(self, game: Any) -> str:
        return self.take(self.lib.bieten_schnapsen_to_json(game))

    def apply_id(self, game: Any, action: int) -> tuple[int, str]:
        err = self.err()
        status = self.lib.bieten_schnapsen_apply_id(game, action, err, ERR_LEN)
        return int(status), self.text(err)

    def apply_text(self, game: Any, action: str) -> tuple[int, str]:
        err = self.err()
        status = self.lib.bieten_schnapsen_apply_text(game, action.encode(), err, ERR_LEN)
        return int(status), self.text(err)


@pytest.fixture(scope="module")
def capi() -> _CApi:
    cffi = pytest.importorskip("cffi")
    header = (Path(bieten.c_include_dir()) / "bieten" / "bieten.h").read_text(encoding="utf-8")
    ffi = cffi.FFI()
    ffi.cdef(_cdef_from_header(header))
    return _CApi(ffi, ffi.dlopen(bieten.c_library_path()))


def _assert_same_state(capi: _CApi, cgame: Any, game: schnapsen.Game, observe: bool = True) -> None:
    lib = capi.lib
    players = game.rules.players
    current = lib.bieten_schnapsen_current_player(cgame)
    assert (None if current == NO_SEAT else current) == game.current_player
    assert capi.legal(cgame) == game.legal_action_ids()
    assert capi.ints(lib.bieten_schnapsen_scores, cgame, 4) == game.scores
    assert capi.ints(lib.bieten_schnapsen_winners, cgame, 4) == game.winners
    assert capi.ints(lib.bieten_schnapsen_bummerl, cgame, 4) == game.bummerl
    assert lib.bieten_schnapsen_hand_number(cgame) == game.hand_number
    assert lib.bieten_schnapsen_dealer(cgame) == game.dealer
    assert lib.bieten_schnapsen_is_over(cgame) == int(game.is_over)
    assert lib.bieten_schnapsen_event_count(cgame) == game.event_count()
    assert [capi.hand(cgame, s) for s in range(players)] == game.hands
    if observe:
        for seat in range(players):
            assert capi.observation(cgame, seat) == game.observation(seat).tolist()


def _play_mirrored(
    capi: _CApi, preset: str, knobs: dict[str, Any], seed: int, dealer: int = 0, observe: bool = True
) -> Iterator[tuple[Any, schnapsen.Game]]:
    """Plays a random game in C and in Python side by side, checking they agree after every action (and
    that the new events of every seat's view are Python's); yields (C game, Python game) after each
    action, the last time once the game is over."""
    cgame = capi.new(preset, knobs, seed, dealer)
    game = schnapsen.Game(schnapsen.Rules.preset(preset, **knobs), seed=seed, dealer=dealer)
    rng = random.Random(seed)
    seats = range(-1, game.rules.players)
    polled = {seat: 0 for seat in seats}
    _assert_same_state(capi, cgame, game, observe)
    while not game.is_over:
        action = rng.choice(game.legal_action_ids())
        if rng.random() < 0.5:
            result = capi.apply_id(cgame, action)
        else:
            result = capi.apply_text(cgame, schnapsen.action_text(action))
        assert result == (OK, "")
        game.apply(action)
        _assert_same_state(capi, cgame, game, observe)
        for seat in seats:
            fresh = capi.events_lines(cgame, seat, polled[seat])
            events = game.events if seat < 0 else game.events_for(seat)
            assert fresh == "".join(json.dumps(e.to_dict()) + "\n" for e in events[polled[seat] :])
            polled[seat] = len(events)
        yield cgame, game


# ---- Constants, texts, presets ------------------------------------------------------------------


def test_constants_and_action_texts_match_python(capi: _CApi) -> None:
    lib, ffi = capi.lib, capi.ffi
    assert lib.BIETEN_SCHNAPSEN_NUM_ACTIONS == N == 61
    assert lib.BIETEN_SCHNAPSEN_OBSERVATION_SIZE == OBS
    assert lib.BIETEN_SCHNAPSEN_MAX_PLAYERS == 4
    assert lib.BIETEN_SCHNAPSEN_MAX_HAND == 5
    for action in range(N):
        text = ffi.string(lib.bieten_schnapsen_action_text(action)).decode()
        assert text == schnapsen.action_text(action)
        assert lib.bieten_schnapsen_parse_action(text.upper().encode()) == action
        assert lib.bieten_schnapsen_parse_action(f"  {text.lower()} ".encode()) == action
    for bad in (-1, N, 10_000):
        assert lib.bieten_schnapsen_action_text(bad) == ffi.NULL
    for text in (b"play S6", b"call W", b"fold", b"", b"play HA HK", b"trump X"):
        assert lib.bieten_schnapsen_parse_action(text) == E_ACTION
    assert lib.bieten_schnapsen_parse_action(ffi.NULL) == E_NULL


def test_presets_match_python(capi: _CApi) -> None:
    for name in schnapsen.PRESETS:
        err = capi.err()
        text = capi.take(capi.lib.bieten_schnapsen_preset_json(name.encode(), err, ERR_LEN))
        assert text == json.dumps(schnapsen.Rules.preset(name).to_dict())
    for bad in ("tyrol", "Schnapsen", "it's"):
        err = capi.err()
        assert capi.lib.bieten_schnapsen_preset_json(bad.encode(), err, ERR_LEN) == capi.ffi.NULL
        with pytest.raises(schnapsen.RulesError) as info:
            schnapsen.Rules.preset(bad)
        assert capi.text(err) == str(info.value)


def test_new_game_takes_preset_knobs_seed_and_dealer(capi: _CApi) -> None:
    lib = capi.lib
    cases: list[tuple[str | None, dict[str, Any] | None, schnapsen.Rules]] = [
        (None, None, schnapsen.Rules()),
        (None, {}, schnapsen.Rules()),
        (None, {"players": 2}, schnapsen.Rules(players=2)),
        (
            None,
            {"players": 2, "closing": True, "target": 5},
            schnapsen.Rules(players=2, closing=True, target=5),
        ),
        ("schnapsen", None, schnapsen.Rules.preset("schnapsen")),
        (
            "bauernschnapsen_called",
            {"retour": True},
            schnapsen.Rules.preset("bauernschnapsen_called", retour=True),
        ),
    ]
    for preset, knobs, rules in cases:
        for dealer in range(rules.players):
            cgame = capi.new(preset, knobs, 2**64 - 1, dealer)
            game = schnapsen.Game(rules, seed=2**64 - 1, dealer=dealer)
            assert capi.take(lib.bieten_schnapsen_rules_json(cgame)) == json.dumps(rules.to_dict())
            assert capi.to_json(cgame) == game.to_json()
            assert lib.bieten_schnapsen_players(cgame) == rules.players
            seed = capi.ffi.new("uint64_t*")
            assert lib.bieten_schnapsen_seed(cgame, seed) == OK and seed[0] == 2**64 - 1
            _assert_same_state(capi, cgame, game)


# ---- Whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "knobs"), CONFIGS, ids=lambda v: str(v))
def test_whole_games_agree_with_python(capi: _CApi, preset: str, knobs: dict[str, Any]) -> None:
    for seed, dealer in ((1, 0), (2**64 - 1, 1)):
        steps = list(_play_mirrored(capi, preset, knobs, seed, dealer))
        cgame, game = steps[-1]
        assert game.is_over and capi.lib.bieten_schnapsen_is_over(cgame) == 1
        assert capi.legal(cgame) == [] and capi.lib.bieten_schnapsen_current_player(cgame) == NO_SEAT
        assert capi.ints(capi.lib.bieten_schnapsen_winners, cgame, 4) == game.winners != []
        for seat in range(-1, game.rules.players):
            python_events = [e.to_dict() for e in (game.events if seat < 0 else game.events_for(seat))]
            text = capi.events(cgame, seat)
            assert text == json.dumps(python_events)  # byte for byte
            assert capi.events_lines(cgame, seat) == "".join(json.dumps(e) + "\n" for e in python_events)
        assert capi.to_json(cgame) == game.to_json()


def test_the_views_hide_what_s12_hides(capi: _CApi) -> None:
    cgame = capi.new("schnapsen", None, 3)
    everything = json.loads(capi.events(cgame, -1))
    mine = json.loads(capi.events(cgame, 0))
    dealt = [(a, b) for a, b in zip(everything, mine, strict=True) if a["type"] == "cards_dealt"]
    assert dealt and all(a["seat"] != 0 and set(b["cards"]) == {None} for a, b in dealt if a["seat"] != 0)
    assert all(a == b for a, b in dealt if a["seat"] == 0)


def test_clone_is_independent(capi: _CApi) -> None:
    cgame = capi.new("bauernschnapsen", None, 5)
    assert capi.apply_text(cgame, "cut") == (OK, "")
    copy = capi.gc(capi.lib.bieten_schnapsen_clone(cgame))
    assert capi.to_json(copy) == capi.to_json(cgame)
    assert capi.apply_id(copy, capi.legal(copy)[0]) == (OK, "")
    assert capi.lib.bieten_schnapsen_event_count(copy) > capi.lib.bieten_schnapsen_event_count(cgame)
    assert json.loads(capi.to_json(cgame))["actions"] == ["cut"]


# ---- Records ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "knobs"), CONFIGS[:4], ids=lambda v: str(v))
def test_records_round_trip_between_python_and_c(capi: _CApi, preset: str, knobs: dict[str, Any]) -> None:
    for cgame, game in _play_mirrored(capi, preset, knobs, seed=3, dealer=1, observe=False):
        if game.ply % 13 and not game.is_over:
            continue
        c_record = capi.to_json(cgame)
        assert c_record == game.to_json()  # byte for byte
        from_c = schnapsen.Game.from_json(c_record)  # C -> Python
        assert from_c == game
        restored = capi.from_json(game.to_json())  # Python -> C
        assert capi.to_json(restored) == game.to_json()
        assert capi.events(restored, 0) == json.dumps([e.to_dict() for e in game.events_for(0)])
        if not game.is_over:  # both continue identically
            action = game.legal_action_ids()[-1]
            from_c.apply(action)
            assert capi.apply_id(restored, action) == (OK, "")
            assert capi.to_json(restored) == from_c.to_json()


@pytest.mark.parametrize("preset", ["schnapsen", "bauernschnapsen"])
def test_record_with_a_given_deal_round_trips(capi: _CApi, preset: str) -> None:
    rules = schnapsen.Rules.preset(preset)
    given = schnapsen.deal(11, rules, hand=4, dealer=1)
    game = schnapsen.Game(rules, seed=9, deal=given, dealer=1)
    for _ in range(6):
        game.apply(game.legal_action_ids()[0])
    cgame = capi.from_json(game.to_json())
    assert capi.to_json(cgame) == game.to_json()
    assert json.loads(capi.to_json(cgame))["deal"] == given
    assert schnapsen.Game.from_json(capi.to_json(cgame)) == game
    for seat in range(rules.players):
        assert capi.events(cgame, seat) == json.dumps([e.to_dict() for e in game.events_for(seat)])
        assert capi.observation(cgame, seat) == game.observation(seat).tolist()


def _record(**changes: Any) -> dict[str, Any]:
    game = schnapsen.Game(schnapsen.Rules.preset("schnapsen"), seed=7)
    for action in ("play LK", "play HA"):
        game.apply(action)
    record = game.to_record()
    for key, value in changes.items():
        if value is _DELETE:
            del record[key]
        else:
            record[key] = value
    return record


_DELETE = object()
_DEAL = schnapsen.deal(7, schnapsen.Rules.preset("schnapsen"))
_DEAL4 = schnapsen.deal(7, schnapsen.Rules())


def _deal(**changes: Any) -> dict[str, Any]:
    deal = json.loads(json.dumps(_DEAL))
    for key, value in changes.items():
        if value is _DELETE:
            del deal[key]
        else:
            deal[key] = value
    return _record(deal=deal, actions=[], hands=_DELETE)


BAD_RECORDS: list[tuple[str, Any]] = [
    ("not an object", [1, 2]),
    ("string", "schnapsen"),
    ("bieten format", _record(format="bieten-game")),
    ("version", _record(version=2)),
    ("version true", _record(version=True)),
    ("no version", _record(version=_DELETE)),
    ("no rules", _record(rules=_DELETE)),
    ("no seed and dealer", _record(seed=_DELETE, dealer=_DELETE)),
    ("unknown", _record(zebra=1, top_card="x")),
    ("actions not list", _record(actions="cut")),
    ("actions not str", _record(actions=["play LK", 3])),
    ("rules not object", _record(rules=["schnapsen"])),
    ("rules unknown knob", _record(rules={"players": 2, "wild": "weli"})),
    ("rules bad type", _record(rules={"players": "2"})),
    ("rules bad value", _record(rules={"players": 3})),
    ("rules float", _record(rules={"players": 2.0})),
    ("rules big", _record(rules={"target": 2**40})),
    ("rules bool", _record(rules={"players": 2, "closing": 1})),
    ("rules str", _record(rules={"players": 2, "claim": None})),
    ("rules bad claim", _record(rules={"players": 2, "claim": "sometimes"})),
    ("rules bad must_head", _record(rules={"players": 2, "must_head": "yes", "claim": "x"})),
    ("rules combination", _record(rules={"players": 2, "bidding": True})),
    ("seed negative", _record(seed=-1)),
    ("seed too big", _record(seed=2**64)),
    ("seed str", _record(seed="7")),
    ("seed float", _record(seed=7.5)),
    ("seed bool", _record(seed=True)),
    ("dealer out of range", _record(dealer=2)),
    ("dealer str", _record(dealer="0")),
    ("dealer bool", _record(dealer=False)),
    ("dealer float", _record(dealer=0.0)),
    ("deal not object", _deal() | {"deal": [["HA"]]}),
    ("deal extra key", _deal(top_card="HA")),
    ("deal no hands", _deal(hands=_DELETE)),
    ("deal hands not list", _deal(hands="HA HK")),
    ("deal hand not list", _deal(hands=["HA HK", []])),
    ("deal bad card", _deal(hands=[["HA", "HK", "HX"], []])),
    ("deal card outside the pack", _deal(hands=[["HA", "H9"], []])),
    ("deal weli", _deal(hands=[["W"], []])),
    ("deal card id", _deal(hands=[[0, 1, 40], []])),
    ("deal card id outside the pack", _deal(hands=[[0, 1, 5], []])),
    ("deal card float", _deal(hands=[[0, 1.5], []])),
    ("deal card bool", _deal(hands=[[True], []])),
    ("deal trump card bad", _deal(trump_card="E9")),
    ("deal stock null", _deal(stock=None)),
    ("deal stock bad card", _deal(stock=["EA", 7])),
    ("deal seats", _deal(hands=[_DEAL["hands"][0]])),
    ("deal short", _deal(hands=[_DEAL["hands"][0][:4], _DEAL["hands"][1]])),
    ("deal no trump card", _deal(trump_card=None)),
    ("deal short stock", _deal(stock=_DEAL["stock"][:8])),
    ("deal twice", _deal(stock=[_DEAL["trump_card"], *_DEAL["stock"][1:]])),
    (
        "deal four players trump",
        _record(rules={"players": 4}, deal=_DEAL4 | {"trump_card": "HA"}, actions=[]),
    ),
    ("deal four players stock", _record(rules={"players": 4}, deal=_DEAL4 | {"stock": ["HA"]}, actions=[])),
    ("refused action", _record(actions=["play LK", "claim"])),
    ("no action", _record(actions=["play LK", "jump"])),
    ("card outside the pack", _record(actions=["play S9"])),
    ("hand_number", _record(hand_number=1)),
    ("scores", _record(scores=[0, 3])),
    ("scores true", _record(scores=[False, 0])),
    ("hands", _record(hands=[["HA"], ["LK"]])),
]


@pytest.mark.parametrize(("name", "record"), BAD_RECORDS, ids=[n for n, _ in BAD_RECORDS])
def test_bad_records_are_refused_as_python_refuses_them(capi: _CApi, name: str, record: Any) -> None:
    text = json.dumps(record)
    with pytest.raises(schnapsen.GameRecordError) as info:
        schnapsen.Game.from_json(text)
    err = capi.err()
    assert capi.lib.bieten_schnapsen_from_json(text.encode(), err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err) == str(info.value)


def test_records_that_python_accepts_are_accepted(capi: _CApi) -> None:
    for record in (
        _record(hand_number=_DELETE, scores=_DELETE, hands=_DELETE),
        _record(scores=[0.0, 0], hand_number=0.0),
        _deal(),
        _record(rules={"players": 4}, deal=_DEAL4, actions=[], scores=_DELETE, hands=_DELETE),
        _record(
            rules={"players": 4}, deal={"hands": _DEAL4["hands"]}, actions=[], scores=_DELETE, hands=_DELETE
        ),
    ):
        text = json.dumps(record)
        assert capi.to_json(capi.from_json(text)) == schnapsen.Game.from_json(text).to_json()


def test_record_without_a_seed_draws_one(capi: _CApi) -> None:
    record = json.dumps(_record(seed=None, actions=[], hand_number=_DELETE, scores=_DELETE, hands=_DELETE))
    seeds = set()
    for _ in range(3):
        seed = capi.ffi.new("uint64_t*")
        assert capi.lib.bieten_schnapsen_seed(capi.from_json(record), seed) == OK
        seeds.add(int(seed[0]))
    assert len(seeds) == 3


@pytest.mark.parametrize("text", ["", "{", '{"a": 1,}', '{"a": NaN}', '{"a": 1, "a": 2}', "[" * 10_000])
def test_malformed_json_is_refused(capi: _CApi, text: str) -> None:
    err = capi.err()
    assert capi.lib.bieten_schnapsen_from_json(text.encode(), err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err).startswith("from_json: not JSON text: ")
    status, message = capi.refused_new(None, text)
    assert status == E_JSON
    assert message.startswith("bieten_schnapsen_new: knobs_json is not JSON text: ")


# ---- Rules, dealers, actions: the codes, and Python's messages --------------------------------------

BAD_KNOBS: list[Any] = [
    [],
    "schnapsen",
    None,
    {"players": 2, "jokers": True, "aces": 1},
    {"players": "2"},
    {"players": 2.0},
    {"players": True},
    {"players": None},
    {"players": 2**70},
    {"target": -(2**31) - 1},
    {"players": 3},
    {"target": 0},
    {"one_point_from": 35},
    {"knock": 1},
    {"closing": "yes"},
    {"partners": 1},
    {"partners": "random"},
    {"claim": "sometimes", "must_head": "often"},
    {"must_head": "often"},
    {"closing": True},
    {"players": 2, "partners": "called"},
    {"retour": True, "spritze": False},
    {"partners": "wéli 🃏"},
]


@pytest.mark.parametrize("knobs", BAD_KNOBS, ids=range(len(BAD_KNOBS)))
def test_bad_knobs_are_refused_with_the_cores_message(capi: _CApi, knobs: Any) -> None:
    """bieten_schnapsen_new and a record's rules (bieten_schnapsen_from_json, Game.from_json) give one
    message, the core's, naming S10 (or the rule the combination breaks); Python refuses them too."""
    with pytest.raises(schnapsen.RulesError):
        schnapsen.Rules.from_dict(knobs)
    status, message = capi.refused_new(None, json.dumps(knobs))
    assert status == E_RULES and re.match(r"^S\d+(\.\d+)?\b", message), message
    record = json.loads(schnapsen.Game(schnapsen.Rules(), seed=1).to_json())
    record["rules"] = knobs
    with pytest.raises(schnapsen.GameRecordError) as info:
        schnapsen.Game.from_json(json.dumps(record))
    assert str(info.value) == "from_json: " + message
    if isinstance(knobs, dict):
        for preset in schnapsen.PRESETS:
            try:
                schnapsen.Rules.preset(preset, **knobs)
            except schnapsen.RulesError:
                assert capi.refused_new(preset, json.dumps(knobs))[0] == E_RULES
            else:
                capi.new(preset, knobs, 1)


def test_bad_preset_and_dealer_are_refused(capi: _CApi) -> None:
    with pytest.raises(schnapsen.RulesError) as info:
        schnapsen.Rules.preset("tyrol")
    assert capi.refused_new("tyrol", None) == (E_RULES, str(info.value))
    assert capi.refused_new("tyrol", '{"target": "x"}') == (E_RULES, str(info.value))
    for preset, dealer in (("schnapsen", 2), ("schnapsen", -1), ("bauernschnapsen", 4), (None, 7)):
        rules = schnapsen.Rules.preset(preset or "bauernschnapsen")
        with pytest.raises(schnapsen.SeatError) as seat_info:
            schnapsen.Game(rules, seed=1, dealer=dealer)
        assert capi.refused_new(preset, None, dealer) == (E_ARGUMENT, str(seat_info.value))


def test_illegal_actions_give_pythons_message_and_change_nothing(capi: _CApi) -> None:
    rng = random.Random(5)
    checked = 0
    for preset in ("bauernschnapsen_called", "schnapsen"):
        cgame = game = None
        for cgame, game in _play_mirrored(capi, preset, {}, seed=21, observe=False):
            before = capi.to_json(cgame)
            legal = set(game.legal_action_ids())
            for action in rng.sample(range(-3, N + 3), 5):
                if action in legal:
                    continue
                with pytest.raises(schnapsen.IllegalActionError) as info:
                    game.clone().apply_id(action)
                assert capi.apply_id(cgame, action) == (E_ILLEGAL, str(info.value))
                if 0 <= action < N:
                    assert capi.apply_text(cgame, schnapsen.action_text(action)) == (
                        E_ILLEGAL,
                        str(info.value),
                    )
                assert capi.lib.bieten_schnapsen_is_legal(cgame, action) == 0
                checked += 1
            if game.ply % 7 == 0:
                for text in ("jump", "play", "play S6", "call W", "trump X", ""):
                    with pytest.raises((schnapsen.ActionError, schnapsen.CardError)) as action_info:
                        game.clone().apply(text)
                    assert capi.apply_text(cgame, text) == (E_ACTION, str(action_info.value))
            assert capi.to_json(cgame) == before  # S9: nothing changed
            for action in legal:
                assert capi.lib.bieten_schnapsen_is_legal(cgame, action) == 1
        assert cgame is not None and game is not None
        status, message = capi.apply_id(cgame, 41)
        assert status == E_ILLEGAL and message.startswith("S8.6: the game is over")
    assert checked > 200


def test_s_rule_messages_reach_c(capi: _CApi) -> None:
    cgame = capi.new("schnapsen", None, 7)
    assert capi.apply_text(cgame, "claim") == (E_ILLEGAL, "S7.1: no claim before the second trick")
    assert capi.apply_text(cgame, "play S6") == (E_ACTION, "S1.1: S6 is not in the Schnapsen pack")
    status, message = capi.apply_text(cgame, "fold")
    assert status == E_ACTION and message.startswith("S11: 'fold' is no action")


# ---- Null handles, short buffers, bad seats ---------------------------------------------------------


def test_null_handles(capi: _CApi) -> None:
    ffi, lib = capi.ffi, capi.lib
    null = ffi.NULL
    buf = ffi.new("int[]", N)
    obs = ffi.new("float[]", OBS)
    err = capi.err()
    seed = ffi.new("uint64_t*")
    for call in (
        lambda: lib.bieten_schnapsen_players(null),
        lambda: lib.bieten_schnapsen_seed(null, seed),
        lambda: lib.bieten_schnapsen_hand_number(null),
        lambda: lib.bieten_schnapsen_dealer(null),
        lambda: lib.bieten_schnapsen_current_player(null),
        lambda: lib.bieten_schnapsen_is_over(null),
        lambda: lib.bieten_schnapsen_scores(null, buf, 4),
        lambda: lib.bieten_schnapsen_winners(null, buf, 4),
        lambda: lib.bieten_schnapsen_bummerl(null, buf, 4),
        lambda: lib.bieten_schnapsen_hand(null, 0, buf, 5),
        lambda: lib.bieten_schnapsen_legal_actions(null, buf, N),
        lambda: lib.bieten_schnapsen_is_legal(null, 0),
        lambda: lib.bieten_schnapsen_apply_id(null, 0, err, ERR_LEN),
        lambda: lib.bieten_schnapsen_event_count(null),
        lambda: lib.bieten_schnapsen_observation(null, 0, obs, OBS),
        lambda: lib.bieten_schnapsen_agent_action(null, b"random", seed, err, ERR_LEN),
        lambda: lib.bieten_schnapsen_agent_state(1, 0, null),
        lambda: lib.bieten_schnapsen_parse_action(null),
        lambda: lib.bieten_schnapsen_apply_text(null, b"cut", err, ERR_LEN),
    ):
        assert call() == E_NULL
    assert capi.text(err) == "bieten_schnapsen_apply_text: game is NULL"
    for pointer_call in (
        lambda: lib.bieten_schnapsen_events_json(null, -1),
        lambda: lib.bieten_schnapsen_events_jsonl(null, 0, 0),
        lambda: lib.bieten_schnapsen_to_json(null),
        lambda: lib.bieten_schnapsen_rules_json(null),
        lambda: lib.bieten_schnapsen_clone(null),
        lambda: lib.bieten_schnapsen_preset_json(null, err, ERR_LEN),
    ):
        assert pointer_call() == null
    assert lib.bieten_schnapsen_from_json(null, err, ERR_LEN) == null
    assert capi.text(err) == "bieten_schnapsen_from_json: json is NULL"
    lib.bieten_schnapsen_free(null)
    # NULL out-pointers on a real game.
    cgame = capi.new("bauernschnapsen", None, 1)
    assert lib.bieten_schnapsen_seed(cgame, null) == E_NULL
    assert lib.bieten_schnapsen_scores(cgame, null, 4) == E_NULL
    assert lib.bieten_schnapsen_winners(cgame, null, 4) == E_NULL
    assert lib.bieten_schnapsen_hand(cgame, 0, null, 5) == E_NULL
    assert lib.bieten_schnapsen_legal_actions(cgame, null, 1) == E_NULL
    assert lib.bieten_schnapsen_observation(cgame, 0, null, OBS) == E_NULL
    assert lib.bieten_schnapsen_agent_action(cgame, null, seed, err, ERR_LEN) == E_NULL
    assert lib.bieten_schnapsen_agent_action(cgame, b"random", null, err, ERR_LEN) == E_NULL
    assert lib.bieten_schnapsen_apply_text(cgame, null, err, ERR_LEN) == E_NULL
    assert capi.text(err) == "bieten_schnapsen_apply_text: text is NULL"
    assert json.loads(capi.to_json(cgame))["actions"] == []


def test_short_buffers_write_nothing_and_bad_seats_are_refused(capi: _CApi) -> None:
    ffi, lib = capi.ffi, capi.lib
    cgame = capi.new("bauernschnapsen", None, 3)
    assert capi.apply_text(cgame, "knock") == (OK, "")
    n = lib.bieten_schnapsen_legal_actions(cgame, ffi.NULL, 0)
    assert n == len(capi.legal(cgame)) > 1
    for cap in range(n):
        buf = ffi.new("int[]", [-9] * max(cap, 1))
        assert lib.bieten_schnapsen_legal_actions(cgame, buf, cap) == E_BUFFER
        assert list(buf) == [-9] * max(cap, 1)
    buf = ffi.new("int[]", [-9] * 5)
    assert lib.bieten_schnapsen_scores(cgame, buf, 3) == E_BUFFER
    assert lib.bieten_schnapsen_hand(cgame, 0, buf, 4) == E_BUFFER
    assert list(buf) == [-9] * 5
    obs = ffi.new("float[]", OBS)
    assert lib.bieten_schnapsen_observation(cgame, 0, obs, OBS - 1) == E_BUFFER
    assert set(obs) == {0.0}
    for seat in (-1, 4, 1000):
        assert lib.bieten_schnapsen_hand(cgame, seat, buf, 5) == E_ARGUMENT
        assert lib.bieten_schnapsen_observation(cgame, seat, obs, OBS) == E_ARGUMENT
        assert lib.bieten_schnapsen_events_json(cgame, seat if seat != -1 else -2) == ffi.NULL
        assert lib.bieten_schnapsen_events_jsonl(cgame, seat if seat != -1 else -2, 0) == ffi.NULL
    assert capi.events_lines(cgame, 0, 10_000) == ""
    assert lib.bieten_schnapsen_scores(cgame, buf, 4) == 4
    assert lib.bieten_schnapsen_hand(cgame, 3, buf, 5) == 5
    two = capi.new("schnapsen", None, 3)
    assert lib.bieten_schnapsen_hand(two, 2, buf, 5) == E_ARGUMENT
    assert lib.bieten_schnapsen_scores(two, buf, 2) == 2


# ---- Agents -------------------------------------------------------------------------------------


def test_agents_choose_as_python_and_the_batch_self_play(capi: _CApi) -> None:
    ffi, lib = capi.ffi, capi.lib
    err = capi.err()
    state = ffi.new("uint64_t*", 1)
    cgame = capi.new("schnapsen", None, 1)
    assert lib.bieten_schnapsen_agent_action(cgame, b"clever", state, err, ERR_LEN) == E_ARGUMENT
    assert capi.text(err).startswith("unknown agent 'clever'")
    assert lib.bieten_schnapsen_agent_state(1, 4, state) == E_ARGUMENT
    for preset, agent in (("bauernschnapsen_called", "heuristic"), ("schnapsen", "random")):
        rules = schnapsen.Rules.preset(preset)
        base = 17
        result = bieten.simulate(rules, [agent] * rules.players, games=2, seed=base, threads=1)
        for index in range(2):
            seed = int(_core.batch_game_seed(base, index))
            cgame = capi.new(preset, None, seed)
            game = schnapsen.Game(rules, seed=seed)
            states = [ffi.new("uint64_t*") for _ in range(rules.players)]
            for seat, s in enumerate(states):
                assert lib.bieten_schnapsen_agent_state(seed, seat, s) == OK
            python_agents = [_core.schnapsen.CoreAgent(agent, int(s[0])) for s in states]
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                action = lib.bieten_schnapsen_agent_action(cgame, agent.encode(), states[seat], err, ERR_LEN)
                assert action == python_agents[seat].act(game)
                assert capi.apply_id(cgame, action) == (OK, "")
                game.apply(action)
            assert capi.ints(lib.bieten_schnapsen_scores, cgame, 4) == result.scores[index].tolist()
            assert game.ply == int(result.actions[index])
            assert (
                lib.bieten_schnapsen_agent_action(cgame, agent.encode(), states[0], err, ERR_LEN) == E_ILLEGAL
            )
            assert capi.text(err).startswith("S8.6: the game is over")


# ---- The C program ------------------------------------------------------------------------------


def _compile(source: Path, out: Path) -> Path:
    library = Path(bieten.c_library_path())
    command = [
        "cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g", "-o", str(out), str(source),
        f"-I{bieten.c_include_dir()}", str(library), f"-Wl,-rpath,{library.parent}",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("cc") is None or sys.platform == "win32":
        pytest.skip("needs a C compiler (cc)")
    return _compile(
        ROOT / "tests" / "c" / "schnapsen_play.c", tmp_path_factory.mktemp("c") / "schnapsen_play"
    )


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "LD_LIBRARY_PATH")}
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300, env=env)


@pytest.mark.parametrize(
    ("preset", "seed"), [("schnapsen", "7"), ("bauernschnapsen_called", "18446744073709551615")]
)
def test_c_program_plays_a_whole_game(program: Path, preset: str, seed: str) -> None:
    result = _run([str(program), preset, seed])
    assert result.returncode == 0, result.stdout + result.stderr
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert lines["checks"] == "ok"
    game = schnapsen.Game.from_json(lines["record"])  # the C game's record replays in Python
    assert game.is_over and game.seed == int(seed) and game.rules == schnapsen.Rules.preset(preset)
    assert lines["winners"].split() == [str(s) for s in game.winners]
    assert lines["scores"].split() == [str(s) for s in game.scores]
    assert int(lines["deals"]) == game.hand_number + 1
    assert int(lines["actions"]) == game.ply


def test_c_program_reports_refused_rules(program: Path) -> None:
    result = _run([str(program), "texas", "1"])
    assert result.returncode == 1
    assert "S10: unknown preset 'texas'" in result.stderr


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_c_program_has_no_leaks_or_memory_errors(program: Path) -> None:
    valgrind = ["valgrind", "--leak-check=full", "--show-leak-kinds=all", "--errors-for-leak-kinds=all"]
    result = _run([*valgrind, "--error-exitcode=3", str(program), "schnapsen", "5"])
    assert result.returncode == 0, result.stderr[-4000:]
    assert "ERROR SUMMARY: 0 errors" in result.stderr
    assert "All heap blocks were freed -- no leaks are possible" in result.stderr


def test_binary_records_are_pythons_bytes_and_round_trip(capi: _CApi) -> None:
    """bieten_schnapsen_to_bytes writes Python's Game.to_bytes(); bieten_schnapsen_from_bytes restores it
    and refuses what Python refuses, with its message (BIETEN_E_RECORD)."""
    lib, ffi = capi.lib, capi.ffi
    for preset in ("bauernschnapsen", "schnapsen"):
        for step, (cgame, game) in enumerate(_play_mirrored(capi, preset, {}, seed=8, observe=False)):
            if step % 19:
                continue
            data = game.to_bytes()
            assert lib.bieten_schnapsen_to_bytes(cgame, ffi.NULL, 0) == len(data)
            assert lib.bieten_schnapsen_to_bytes(cgame, ffi.new("uint8_t[]", 4), 4) == E_BUFFER
            out = ffi.new("uint8_t[]", len(data))
            assert lib.bieten_schnapsen_to_bytes(cgame, out, len(data)) == len(data)
            assert bytes(ffi.buffer(out, len(data))) == data
            err = capi.err()
            restored = lib.bieten_schnapsen_from_bytes(data, len(data), err, ERR_LEN)
            assert restored != ffi.NULL, capi.text(err)
            restored = ffi.gc(restored, lib.bieten_schnapsen_free)
            assert capi.to_json(restored) == game.to_json()
    bieten_record = bieten.Game(bieten.Rules(), 1).to_bytes()
    for bad in (data[:-3], data + b"\x01", bieten_record):
        err = capi.err()
        assert lib.bieten_schnapsen_from_bytes(bad, len(bad), err, ERR_LEN) == ffi.NULL
        with pytest.raises(bieten.GameRecordError) as info:
            schnapsen.Game.from_bytes(bad)
        assert capi.text(err) == str(info.value)
