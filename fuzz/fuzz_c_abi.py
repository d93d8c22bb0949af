#!/usr/bin/env python3
"""Fuzzes the C ABI (csrc/include/bieten/bieten.h) through ctypes: its JSON and text entry points
(bieten_game_new's rules JSON, bieten_preset_json, bieten_from_json, bieten_apply_text,
bieten_parse_action) and every function with odd arguments (seats, ids, buffer sizes, short and NULL
error buffers, NULL handles), against the Python API as the reference.

A crash here is a signal in C (libFuzzer reports it), a status or message that breaks the header's
contract (an error buffer overrun or left unterminated, a message not cut at a UTF-8 boundary,
BIETEN_E_INTERNAL), or a disagreement with Python where one is still possible: the core's reader
(nlohmann/json, csrc/core/json.hpp) must take exactly the strict JSON (RFC 8259) that Python's json
module takes less the documented refusals; rules the C ABI takes must be rules Python takes and the
other way round; a record is read by the same core for both, so bieten_from_json and Game.from_json
must agree on the game and the message, and a game played through C must be Python's. Set
BIETEN_C_LIBRARY to fuzz another build of the library (e.g. one
built with -fsanitize=address). Run: ``python fuzz/fuzz_c_abi.py fuzz/corpus/c_abi`` (see fuzz/README.md).
"""

from __future__ import annotations

import ctypes
import json
import os
import random
import sys
from ctypes import c_char_p, c_int, c_int64, c_size_t, c_uint64, c_void_p

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz/_common.py, run as a script
from _common import ACTION_TEXTS, DECK, FIELDS, KNOBS, PRESETS, bieten, run, walk


# -- JSON values ---------------------------------------------------------------------------------
def has_surrogate(value: object) -> bool:
    """Whether ``value`` holds a str that is no valid Unicode text (a lone surrogate such as '\\ud800')."""
    for item in walk(value):
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
    return False


def bools_as_numbers(record: object) -> bool:
    """Whether a record has a bool where a number belongs (refused since the fuzzers found it)."""
    if not isinstance(record, dict):
        return False
    scores = record.get("scores")
    return (
        isinstance(record.get("version"), bool)
        or isinstance(record.get("hand_number"), bool)
        or (isinstance(scores, list) and any(isinstance(s, bool) for s in scores))
    )


def _library_path() -> str:
    if os.environ.get("BIETEN_C_LIBRARY"):
        return os.environ["BIETEN_C_LIBRARY"]
    from bieten._capi import c_library_path

    return c_library_path()


LIB = ctypes.CDLL(_library_path())
INT_P = ctypes.POINTER(c_int)


def _fn(name: str, restype: object, *argtypes: object):
    function = getattr(LIB, name)
    function.restype = restype
    function.argtypes = list(argtypes)
    return function


game_new = _fn("bieten_game_new", c_void_p, c_char_p, c_uint64, c_void_p, c_size_t)
game_clone = _fn("bieten_game_clone", c_void_p, c_void_p)
game_free = _fn("bieten_game_free", None, c_void_p)
rules_json = _fn("bieten_rules_json", c_void_p, c_void_p)
preset_json = _fn("bieten_preset_json", c_void_p, c_char_p, c_void_p, c_size_t)
players_of = _fn("bieten_players", c_int, c_void_p)
seed_of = _fn("bieten_seed", c_int, c_void_p, ctypes.POINTER(c_uint64))
hand_number_of = _fn("bieten_hand_number", c_int64, c_void_p)
dealer_of = _fn("bieten_dealer", c_int, c_void_p)
current_player_of = _fn("bieten_current_player", c_int, c_void_p)
is_over_of = _fn("bieten_is_over", c_int, c_void_p)
winner_of = _fn("bieten_winner", c_int, c_void_p)
scores_of = _fn("bieten_scores", c_int, c_void_p, INT_P, c_size_t)
bummerl_of = _fn("bieten_bummerl", c_int, c_void_p, INT_P, c_size_t)
hand_of = _fn("bieten_hand", c_int, c_void_p, c_int, c_int, INT_P, c_size_t)
legal_actions_of = _fn("bieten_legal_actions", c_int, c_void_p, INT_P, c_size_t)
is_legal_of = _fn("bieten_is_legal", c_int, c_void_p, c_int)
apply_id = _fn("bieten_apply_id", c_int, c_void_p, c_int, c_void_p, c_size_t)
apply_text = _fn("bieten_apply_text", c_int, c_void_p, c_char_p, c_void_p, c_size_t)
action_text_of = _fn("bieten_action_text", c_char_p, c_int)
parse_action = _fn("bieten_parse_action", c_int, c_char_p)
card_text_of = _fn("bieten_card_text", c_char_p, c_int)
status_name = _fn("bieten_status_name", c_char_p, c_int)
event_count_of = _fn("bieten_event_count", c_int64, c_void_p)
events_json = _fn("bieten_events_json", c_void_p, c_void_p, c_int)
events_jsonl = _fn("bieten_events_jsonl", c_void_p, c_void_p, c_int, c_size_t)
to_json = _fn("bieten_to_json", c_void_p, c_void_p)
from_json = _fn("bieten_from_json", c_void_p, c_char_p, c_void_p, c_size_t)
string_free = _fn("bieten_string_free", None, c_void_p)

OK, NO_SEAT, E_NULL, E_ARGUMENT, E_JSON, E_RULES, E_RECORD, E_ILLEGAL, E_ACTION, E_BUFFER = range(0, -10, -1)
E_INTERNAL = -11
NUM_ACTIONS, NUM_CARDS, MAX_PLAYERS, MAX_HAND = 140, 33, 5, 4
SENTINEL = 0xA5


def take_string(pointer: int | None) -> str | None:
    """The text of a char* the library returned (freed here), or None for NULL."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8")  # a UnicodeDecodeError is a crash: output is UTF-8
    finally:
        string_free(pointer)


class ErrBuffer:
    """An error buffer of err_len bytes (or NULL) with guard bytes behind it."""

    def __init__(self, fdp: atheris.FuzzedDataProvider) -> None:
        how = fdp.ConsumeIntInRange(0, 7)
        self.null = how == 0
        self.length = [0, 0, 1, 2, 3, 5, 17, 1024][how]
        self.buffer = (ctypes.c_ubyte * (self.length + 16))(*([SENTINEL] * (self.length + 16)))

    @property
    def arg(self) -> object:
        return None if self.null else ctypes.cast(self.buffer, c_void_p)

    def message(self, plain: bool = True) -> str:
        """The message written, after checking the contract: NUL-terminated within err_len, nothing
        written beyond it, cut at a UTF-8 boundary (``plain``: when the inputs were UTF-8)."""
        data = bytes(self.buffer)
        assert all(b == SENTINEL for b in data[max(self.length, 0) :]), ("written beyond err_len", data)
        if self.null or self.length == 0:
            return ""
        end = data.index(0)  # a ValueError here is a crash: no NUL within err_len
        assert end < self.length, data
        if plain:
            data[:end].decode("utf-8")  # a UnicodeDecodeError is a crash: the cut split a character
        return data[:end].decode("utf-8", "replace")

    def full(self) -> bool:
        return not self.null and self.length == 1024


def int_buffer(n: int) -> ctypes.Array:
    return (c_int * max(n, 1))(*([-12345] * max(n, 1)))


# -- inputs --------------------------------------------------------------------------------------
INTS = [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    -1,
    -2,
    11,
    32,
    33,
    139,
    140,
    2**31 - 1,
    -(2**31),
    2**32,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    10**30,
]
JSON_SNIPPETS = [
    '{"players": 3}',
    "{}",
    "[]",
    "null",
    '{"players": 3,}',
    "{'players': 3}",
    '{"players": 03}',
    '{"players": 3.0}',
    '{"players": 3e0}',
    '{"players": NaN}',
    '{"wild": "weli", "weli_point": false}',
    '{"players": 3, "players": 4}',
    "\ufeff{}",
    '{"players": 3} x',
    '{"x": "\\ud800"}',
    '{"wild": "\\u0077eli", "weli_point": false}',
    '{"players": -0}',
    '{"target": 18446744073709551616}',
    "[" * 300 + "]" * 300,
    '{"a": ' * 257 + "1" + "}" * 257,
    '{"players": 1E400}',
    '{"\u00e9": 1}',
    '{"wild": "none\\u0000"}',
    '{"target": -9223372036854775809}',
    '"tyrol"',
    "   ",
    "",
]
STRINGS = [
    "",
    "HA",
    "S6",
    "W",
    "w",
    "weli",
    "XX",
    "play HA",
    "good",
    "GOOD",
    " good ",
    "play S6 as HA",
    "bid spiel",
    "bid weli",
    "\u00e9",
    "tyrol",
    "none",
    "spitzen",
    "bieten-game",
    "\ud800",
]


def a_string(fdp: atheris.FuzzedDataProvider) -> str:
    how = fdp.ConsumeIntInRange(0, 4)
    if how == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 12))
    if how == 1:
        return fdp.PickValueInList(STRINGS)
    if how == 2:
        return fdp.PickValueInList(DECK)
    if how == 3:
        return fdp.PickValueInList(PRESETS)
    return fdp.PickValueInList(ACTION_TEXTS)


def a_value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> object:
    how = fdp.ConsumeIntInRange(0, 9)
    if how == 0:
        return None
    if how == 1:
        return fdp.ConsumeBool()
    if how <= 3:
        return fdp.PickValueInList(INTS) if fdp.ConsumeBool() else fdp.ConsumeIntInRange(-1, 6)
    if how == 4:
        return fdp.PickValueInList([0.0, -0.0, 1.0, 3.0, 0.5, 1e300])
    if how <= 6:
        return a_string(fdp)
    if how == 7 and depth < 3:
        return [a_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    if how == 8 and depth < 3:
        keys = [*FIELDS, *KNOBS, ""]
        return {
            fdp.PickValueInList(keys): a_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))
        }
    return fdp.ConsumeIntInRange(0, 5)


def an_int(fdp: atheris.FuzzedDataProvider, low: int, high: int) -> int:
    """A C int: usually in [low, high], sometimes at the extremes."""
    if fdp.ConsumeIntInRange(0, 5) == 0:
        return fdp.PickValueInList([-(2**31), -(2**31) + 1, -1000, 2**31 - 1, 1000])
    return fdp.ConsumeIntInRange(low, high)


def as_c(text: str | bytes) -> bytes:
    """The bytes C sees: UTF-8 (lone surrogates too, as surrogatepass writes them), cut at the first NUL."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    return data.split(b"\0", 1)[0]


def strict(data: bytes) -> tuple[bool, object]:
    """(True, value) if ``data`` is JSON that the core's reader takes (RFC 8259 without a byte-order
    mark, no duplicate keys, no lone surrogates, no number beyond a double's range, at most 256 arrays
    and objects nested), else (False, None)."""

    def pairs(items: list) -> dict:
        if len({k for k, _ in items}) != len(items):
            raise ValueError("duplicate key")
        return dict(items)

    def constant(name: str) -> object:
        raise ValueError(name)

    def real(text: str) -> float:
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise ValueError("number overflow")
        return value

    try:
        text = data.decode("utf-8")
        if text.startswith("\ufeff"):
            return False, None
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=constant, parse_float=real)
    except (ValueError, RecursionError):
        return False, None
    todo, deepest = [(value, 0)], 0
    while todo:
        item, outer = todo.pop()
        depth = outer + isinstance(item, (dict, list))
        deepest = max(deepest, depth)
        if isinstance(item, str) and has_surrogate(item):
            return False, None
        if isinstance(item, dict):
            if has_surrogate(list(item)):
                return False, None
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
    return deepest <= 256, value


def _valid_rules() -> list[bieten.Rules]:
    out = []
    for name in PRESETS:
        for players in (2, 3, 4, 5):
            out.append(bieten.Rules.preset(name, players=players, hand_size=3 + players % 2, target=2))
    return out


RULES = _valid_rules()


# -- comparing a C game with a Python game -------------------------------------------------------
def compare(handle: int, game: bieten.Game, fdp: atheris.FuzzedDataProvider) -> None:
    """The C game must be the Python game; odd arguments must give the documented statuses."""
    players = game.rules.players
    assert players_of(handle) == players
    seed = c_uint64()
    assert seed_of(handle, ctypes.byref(seed)) == OK and seed.value == game.seed
    assert hand_number_of(handle) == game.hand_number and dealer_of(handle) == game.dealer
    assert current_player_of(handle) == (NO_SEAT if game.current_player is None else game.current_player)
    assert is_over_of(handle) == int(game.is_over)
    assert winner_of(handle) == (NO_SEAT if game.winner is None else game.winner)
    assert event_count_of(handle) == game.event_count()
    legal = game.legal_action_ids()
    cap = fdp.PickValueInList([0, len(legal), max(len(legal) - 1, 0), NUM_ACTIONS])
    out = int_buffer(cap)
    n = legal_actions_of(handle, out, cap)
    assert n == (len(legal) if cap >= len(legal) else E_BUFFER), (n, legal, cap)
    if n >= 0:
        assert list(out[:n]) == legal
    assert legal_actions_of(handle, None, 0) == len(legal)
    assert legal_actions_of(handle, None, 1) == E_NULL
    action = an_int(fdp, -2, NUM_ACTIONS + 1)
    assert is_legal_of(handle, action) == int(action in legal)
    cap = fdp.ConsumeIntInRange(0, MAX_PLAYERS)
    out = int_buffer(cap)
    n = scores_of(handle, out, cap)
    assert n == (players if cap >= players else E_BUFFER) and (n < 0 or list(out[:n]) == game.scores)
    out = int_buffer(MAX_PLAYERS)
    n = bummerl_of(handle, out, MAX_PLAYERS)
    assert n >= 0 and list(out[:n]) == game.bummerl, (n, game.bummerl)
    seat = an_int(fdp, -2, players + 1)
    unplayed = fdp.ConsumeIntInRange(0, 2)
    cap = fdp.ConsumeIntInRange(0, MAX_HAND)
    out = int_buffer(cap)
    n = hand_of(handle, seat, unplayed, out, cap)
    if not 0 <= seat < players:
        assert n == E_ARGUMENT, (seat, n)
    else:
        mask = (game.unplayed_masks if unplayed else game.hand_masks)[seat]
        cards = [i for i in range(NUM_CARDS) if mask >> i & 1]
        assert n == (len(cards) if cap >= len(cards) else E_BUFFER), (n, cards, cap)
        assert n < 0 or list(out[:n]) == cards
    viewer = an_int(fdp, -2, players + 1)
    text = take_string(events_json(handle, viewer))
    if viewer == -1:
        assert text == json.dumps([e.to_dict() for e in game.events]), text
    elif 0 <= viewer < players:
        assert text == json.dumps([e.to_dict() for e in game.events_for(viewer)]), text
    else:
        assert text is None, (viewer, text)
    start = fdp.PickValueInList(
        [0, 1, game.event_count() - 1, game.event_count(), game.event_count() + 1, 2**64 - 1]
    )
    start = max(start, 0)
    lines = take_string(events_jsonl(handle, viewer, start))
    if viewer == -1 or 0 <= viewer < players:
        events = game.events if viewer == -1 else game.events_for(viewer)
        want = "".join(json.dumps(e.to_dict()) + "\n" for e in events if e.seq >= start)
        assert lines == want, (lines, want)
    else:
        assert lines is None
    if game.seed is not None:
        assert take_string(to_json(handle)) == game.to_json()
    assert take_string(rules_json(handle)) == json.dumps(game.rules.to_dict())


def check_nulls(fdp: atheris.FuzzedDataProvider) -> None:
    """Every function refuses NULL with BIETEN_E_NULL (or NULL), never a crash."""
    err = ErrBuffer(fdp)
    out = int_buffer(NUM_ACTIONS)
    which = fdp.ConsumeIntInRange(0, 22)
    calls = [
        lambda: game_new(None, 1, err.arg, err.length) is None,
        lambda: game_clone(None) is None,
        lambda: game_free(None) is None,
        lambda: rules_json(None) is None,
        lambda: preset_json(None, err.arg, err.length) is None,
        lambda: players_of(None) == E_NULL,
        lambda: seed_of(None, None) == E_NULL,
        lambda: hand_number_of(None) == E_NULL,
        lambda: dealer_of(None) == E_NULL and current_player_of(None) == E_NULL,
        lambda: is_over_of(None) == E_NULL and winner_of(None) == E_NULL,
        lambda: scores_of(None, out, NUM_ACTIONS) == E_NULL and bummerl_of(None, out, 5) == E_NULL,
        lambda: hand_of(None, 0, 0, out, NUM_ACTIONS) == E_NULL,
        lambda: legal_actions_of(None, out, NUM_ACTIONS) == E_NULL,
        lambda: is_legal_of(None, 0) == E_NULL,
        lambda: apply_id(None, 0, err.arg, err.length) == E_NULL,
        lambda: apply_text(None, b"good", err.arg, err.length) == E_NULL,
        lambda: parse_action(None) == E_NULL,
        lambda: event_count_of(None) == E_NULL,
        lambda: events_json(None, -1) is None and events_jsonl(None, -1, 0) is None,
        lambda: to_json(None) is None,
        lambda: from_json(None, err.arg, err.length) is None,
        lambda: string_free(None) is None,
        lambda: status_name(E_NULL) == b"BIETEN_E_NULL",
    ]
    assert calls[which](), which
    if which in (0, 4, 14, 15, 20):  # the calls given the error buffer
        assert err.null or err.length < 2 or err.message(), which
    handle = game_new(b"{}", 1, None, 0)
    try:
        which = fdp.ConsumeIntInRange(0, 5)
        calls = [
            lambda: seed_of(handle, None) == E_NULL,
            lambda: scores_of(handle, None, 4) == E_NULL,
            lambda: bummerl_of(handle, None, 4) in (E_NULL, 0),
            lambda: hand_of(handle, 0, 0, None, 4) == E_NULL,
            lambda: apply_text(handle, None, err.arg, err.length) == E_NULL,
            lambda: legal_actions_of(handle, None, 3) == E_NULL,
        ]
        assert calls[which](), which
    finally:
        game_free(handle)


def check_statics(fdp: atheris.FuzzedDataProvider) -> None:
    number = an_int(fdp, -12, NUM_ACTIONS + 2)
    text = action_text_of(number)
    assert text == (ACTION_TEXTS[number].encode() if 0 <= number < NUM_ACTIONS else None), (number, text)
    text = card_text_of(number)
    assert text == (DECK[number].encode() if 0 <= number < NUM_CARDS else None), (number, text)
    name = status_name(number)
    assert name is not None and name.startswith(b"BIETEN_"), name
    value = a_string(fdp) if fdp.ConsumeBool() else fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 30))
    data = as_c(value)
    got = parse_action(data)
    try:
        want = bieten.Action(data.decode("utf-8")).id
    except UnicodeDecodeError:
        assert got == E_ACTION, (data, got)
        return
    except bieten.ActionError:
        want = E_ACTION
    assert got == want, (data, got, want)


def check_rules(fdp: atheris.FuzzedDataProvider) -> None:
    """bieten_game_new's rules JSON and bieten_preset_json, against Rules.from_dict and Rules.preset."""
    how = fdp.ConsumeIntInRange(0, 4)
    if how == 0:
        text: str | bytes = fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 60))
    elif how == 1:
        text = fdp.PickValueInList(JSON_SNIPPETS)
    elif how == 2:
        text = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 60))
    else:
        knobs = bieten.Rules.preset(fdp.PickValueInList(PRESETS)).to_dict() if fdp.ConsumeBool() else {}
        for _ in range(fdp.ConsumeIntInRange(0, 3)):
            key = fdp.PickValueInList([*KNOBS, "x", "Players", ""])
            knobs[key] = a_value(fdp)
        for _ in range(fdp.ConsumeIntInRange(0, 2)):
            knobs.pop(fdp.PickValueInList(KNOBS), None)
        text = json.dumps(knobs, ensure_ascii=fdp.ConsumeBool())
    data = as_c(text)
    err = ErrBuffer(fdp)
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    handle = game_new(data, seed, err.arg, err.length)
    try:
        message = err.message(plain=is_utf8(data))
        is_strict, value = strict(data)
        if handle:
            assert message == "" and is_strict, (data, message)
            rules = bieten.Rules.from_dict(value)  # a RulesError here is a crash: C took what Python refuses
            compare(handle, bieten.Game(rules, seed), fdp)
        else:
            assert err.null or err.length < 2 or message, data
            if is_strict and message.startswith("R10: ") and isinstance(value, dict) and big_ints(value):
                pass  # an integer beyond 64 bits is a double in C, "must be an int"; Python: out of range
            elif is_strict:
                try:
                    bieten.Rules.from_dict(value)
                except bieten.RulesError:
                    pass  # both refuse; the messages differ by design (Python quotes its values' repr)
                else:
                    raise AssertionError(("C refused rules that Python takes", data, message))
    finally:
        game_free(handle)
    name = a_string(fdp) if fdp.ConsumeBool() else fdp.PickValueInList(PRESETS)
    err = ErrBuffer(fdp)
    data = as_c(name)
    text = take_string(preset_json(data, err.arg, err.length))
    message = err.message(plain=is_utf8(data))
    if data.decode("utf-8", "replace") in PRESETS:
        assert text == json.dumps(bieten.Rules.preset(data.decode()).to_dict()) and message == "", (
            name,
            text,
        )
    else:
        assert text is None and (err.null or err.length < 2 or message), (name, text)


def big_ints(value: object) -> bool:
    """Whether value holds an integer beyond 64 bits, which the core reads as a double."""
    return any(isinstance(v, int) and not -(2**63) <= v < 2**64 for v in walk(value))


def is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def a_record_text(fdp: atheris.FuzzedDataProvider) -> tuple[str | bytes, bieten.Game | None]:
    """A record: valid (a game part way through), changed, or raw text."""
    if fdp.ConsumeIntInRange(0, 4) == 0:
        if fdp.ConsumeBool():
            return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 400)), None
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 400)), None
    rules = fdp.PickValueInList(RULES)
    dealer = fdp.ConsumeIntInRange(0, rules.players - 1)
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    if fdp.ConsumeIntInRange(0, 3) == 0:
        deal = bieten.deal(fdp.ConsumeIntInRange(0, 2**64 - 1), rules)
        used = {c for hand in deal for c in hand}
        top = fdp.PickValueInList([c for c in DECK if c not in used]) if rules.show_top_card else None
        game = bieten.Game(rules, seed, deal=deal, dealer=dealer, top_card=top)
    else:
        game = bieten.Game(rules, seed, dealer=dealer)
    pick = random.Random(fdp.ConsumeInt(4))
    for _ in range(fdp.PickValueInList([0, 1, 5, 20, 60, 3000])):
        if game.is_over:
            break
        game.apply_id(pick.choice(game.legal_action_ids()))
    record = game.to_record()
    changes = fdp.ConsumeIntInRange(0, 3)
    for _ in range(changes):
        how = fdp.ConsumeIntInRange(0, 7)
        if how == 0:
            record[fdp.PickValueInList(FIELDS)] = a_value(fdp)
        elif how == 1:
            record.pop(fdp.PickValueInList(FIELDS), None)
        elif how == 2 and record.get("actions"):
            actions = list(record["actions"]) if isinstance(record["actions"], list) else []
            if actions:
                actions[fdp.ConsumeIntInRange(0, len(actions) - 1)] = (
                    a_value(fdp) if fdp.ConsumeBool() else a_string(fdp)
                )
            record["actions"] = actions
        elif how == 3:
            actions = record.get("actions") if isinstance(record.get("actions"), list) else []
            record["actions"] = [*actions, a_string(fdp), a_string(fdp)]
        elif how == 4:
            hands = [list(h) for h in game.hands]
            seat = fdp.ConsumeIntInRange(0, len(hands) - 1)
            card = a_value(fdp) if fdp.ConsumeBool() else fdp.PickValueInList([*DECK, "W", "ha", 3, 32])
            if hands[seat]:
                hands[seat][fdp.ConsumeIntInRange(0, len(hands[seat]) - 1)] = card
            else:
                hands[seat].append(card)
            record[fdp.PickValueInList(["hands", "deal"])] = hands
        elif how == 5:
            record[fdp.PickValueInList(["seed", "dealer", "hand_number", "version", "top_card"])] = (
                fdp.PickValueInList([*INTS, 1.0, 0.0, -0.0, True, False, None, "1", "HA"])
            )
        elif how == 6:
            rules_dict = dict(record["rules"]) if isinstance(record.get("rules"), dict) else {}
            rules_dict[fdp.PickValueInList([*KNOBS, "x"])] = a_value(fdp)
            record["rules"] = rules_dict
        else:
            record["scores"] = fdp.PickValueInList(
                [[True] * len(game.scores), [float(s) for s in game.scores], [], None]
            )
    text = json.dumps(record, ensure_ascii=fdp.ConsumeBool())
    if fdp.ConsumeIntInRange(0, 4) == 0:
        changes += 1
        at = fdp.ConsumeIntInRange(0, len(text))
        text = (
            text[:at]
            + fdp.PickValueInList([",", " ", "\\", '"', "}", "\x00", "\ud800", "1", "[", "\u00e9"])
            + text[at:]
        )
    return text, (game if changes == 0 else None)


def check_record(fdp: atheris.FuzzedDataProvider) -> None:
    """bieten_from_json against Game.from_json."""
    text, unchanged = a_record_text(fdp)
    data = as_c(text)
    err = ErrBuffer(fdp)
    handle = from_json(data, err.arg, err.length)
    try:
        message = err.message(plain=is_utf8(data))
        is_strict, value = strict(data)
        if handle:
            assert message == "" and is_strict, ("C took what is not strict JSON", data, message)
        elif not err.null and err.length >= 2:  # (a short buffer holds the message's start)
            assert message and "from_json: ".startswith(message[:11]), (data, message)
        if unchanged is not None:
            assert handle, ("C refused a record that Python wrote", data, message)
        if not is_strict or (isinstance(value, dict) and "seed" in value and value["seed"] is None):
            return  # Python reads more than strict JSON; "seed": null draws different seeds
        try:
            game = bieten.Game.from_json(data)
        except bieten.GameRecordError as refused:
            assert not handle, ("C took a record that Python refuses", data, str(refused))
            if err.full():
                assert message == str(refused), (data, message, str(refused))  # one reader, one message
            return
        assert not bools_as_numbers(value), ("Python took a bool for a number", data)
        if not handle:
            raise AssertionError(("C refused a record that Python takes", data, message))
        compare(handle, game, fdp)
        for _ in range(fdp.ConsumeIntInRange(0, 2)):
            copy = game_clone(handle)
            game_free(handle)
            handle = copy
            compare(handle, game, fdp)
    finally:
        game_free(handle)


def check_play(fdp: atheris.FuzzedDataProvider) -> None:
    """A game through C, mirrored on Python: odd texts and ids refused alike, then compared."""
    rules = fdp.PickValueInList(RULES)
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    handle = game_new(json.dumps(rules.to_dict()).encode(), seed, None, 0)
    assert handle
    game = bieten.Game(rules, seed)
    try:
        for _ in range(fdp.ConsumeIntInRange(0, 300)):
            if fdp.remaining_bytes() == 0:
                break
            how = fdp.ConsumeIntInRange(0, 7)
            err = ErrBuffer(fdp)
            legal = game.legal_action_ids()
            if how <= 3 and legal:
                action = legal[fdp.ConsumeIntInRange(0, len(legal) - 1)]
                if how <= 1:
                    status = apply_id(handle, action, err.arg, err.length)
                else:
                    text = ACTION_TEXTS[action]
                    text = text.upper() if how == 3 else text
                    status = apply_text(handle, text.encode(), err.arg, err.length)
                assert status == OK and err.message() == "", (status, action)
                game.apply_id(action)
            elif how == 4:
                action = an_int(fdp, -3, NUM_ACTIONS + 2)
                status = apply_id(handle, action, err.arg, err.length)
                message = err.message()
                try:
                    game.apply_id(action)
                except bieten.IllegalActionError as refused:
                    assert status == E_ILLEGAL, (action, status)
                    if err.full():
                        assert message == str(refused), (action, message, str(refused))
                else:
                    assert status == OK, (action, status, message)
            elif how <= 6:
                value = a_string(fdp) if how == 5 else fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 20))
                data = as_c(value)
                status = apply_text(handle, data, err.arg, err.length)
                message = err.message(plain=is_utf8(data))
                try:
                    game.apply(data.decode("utf-8"))
                except UnicodeDecodeError:
                    assert status == E_ACTION, (data, status)
                except bieten.ActionError as refused:
                    assert status == E_ACTION, (data, status)
                    if err.full():
                        assert message == str(refused), (data, message, str(refused))
                except bieten.IllegalActionError as refused:
                    assert status == E_ILLEGAL, (data, status)
                    if err.full():
                        assert message == str(refused), (data, message, str(refused))
                else:
                    assert status == OK, (data, status, message)
            else:
                compare(handle, game, fdp)
        compare(handle, game, fdp)
        restored = from_json(to_json_text(handle), None, 0)
        try:
            assert restored
            compare(restored, game, fdp)
        finally:
            game_free(restored)
    finally:
        game_free(handle)


def to_json_text(handle: int) -> bytes:
    return (take_string(to_json(handle)) or "").encode()


CHECKS = [
    check_nulls,
    check_statics,
    check_rules,
    check_rules,
    check_record,
    check_record,
    check_record,
    check_play,
    check_play,
]


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    fdp.PickValueInList(CHECKS)(fdp)


if __name__ == "__main__":
    run(TestOneInput)
