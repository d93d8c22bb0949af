"""Regression tests for what the fuzz harnesses (fuzz/fuzz_*.py, fuzz/README.md) found.

Each test gives the smallest input found and asserts the documented error: every bad input raises a
bieten.BietenError (a ValueError), never a TypeError, RuntimeError, RecursionError or a plain
ValueError. Sections 1-7 are the bugs found and since fixed. Where the engine is still wrong (the open
bugs of fuzz/README.md) the test is ``xfail(strict=True)``: it starts to pass (and so fails as XPASS)
once the engine is fixed, and then the mark, and what the harnesses do to step over the bug, are to
be removed. Inputs that found bugs are kept in fuzz/corpus/<harness>/regression-*.
"""

from __future__ import annotations

import ctypes
import json
import subprocess
import sys
from collections.abc import Callable

import numpy as np
import pytest

import bieten

SURROGATE = "\ud800"  # a lone surrogate: a Python str that is no valid Unicode text
RULES = bieten.Rules()
TWO = bieten.Rules(players=2)
TWO_HANDS = [["HA", "HK", "HO"], ["LA", "LK", "LO"]]


def refused(call: Callable[[], object], error: type[Exception]) -> None:
    """Asserts that ``call()`` raises ``error``.

    Another exception is re-raised as an AssertionError without the engine's frames: pytest would
    show their arguments, and a Game whose __init__ raised is half-built, so that showing it can
    crash the interpreter (bug 7 below).
    """
    try:
        call()
    except error:
        return
    except Exception as err:
        message = f"{type(err).__name__} instead of {error.__name__}: {err}"
    else:
        message = f"no {error.__name__}"
    raise AssertionError(message)


def record(**fields: object) -> str:
    """A game record (Game.to_json's format) with some fields replaced."""
    base = {"format": "bieten-game", "version": 1, "rules": {}, "seed": 1, "dealer": 0, "actions": []}
    return json.dumps({**base, **fields})


# ---- 1. Text with a lone surrogate -----------------------------------------------------------------
# pybind11 cannot encode such a str as UTF-8: RuntimeError "Unable to cast Python instance of type
# <class 'str'> to C++ type '?'" (or TypeError "incompatible function arguments") escapes.

SURROGATE_CALLS = {
    "Card": (lambda: bieten.Card(SURROGATE), bieten.CardError),
    "CardSet": (lambda: bieten.CardSet(SURROGATE), bieten.CardError),
    "CardSet-list": (lambda: bieten.CardSet(["HA", SURROGATE]), bieten.CardError),
    "CardSet-or": (lambda: bieten.CardSet("HA") | SURROGATE, bieten.CardError),
    "CardSet.suit": (lambda: bieten.CardSet.suit(SURROGATE), bieten.CardError),
    "Action": (lambda: bieten.Action(SURROGATE), bieten.ActionError),
    "Action-play": (lambda: bieten.Action("play " + SURROGATE), bieten.ActionError),
    "Game.apply": (lambda: bieten.Game(RULES, 1).apply(SURROGATE), bieten.IllegalActionError),
    "Game-deal": (lambda: bieten.Game(TWO, 1, deal=[[SURROGATE], []]), bieten.CardError),
    "Game-top_card": (lambda: bieten.Game(TWO, 1, deal=TWO_HANDS, top_card=SURROGATE), bieten.CardError),
    "evaluate": (lambda: bieten.evaluate([[SURROGATE]] * 4, RULES), bieten.CardError),
    "Rules-wild": (lambda: bieten.Rules(wild=SURROGATE), bieten.RulesError),
    "Rules.from_dict-ties": (lambda: bieten.Rules.from_dict({"ties": SURROGATE}), bieten.RulesError),
    "Rules.replace-overbid": (lambda: RULES.replace(overbid=SURROGATE), bieten.RulesError),
    "Rules.preset": (lambda: bieten.Rules.preset(SURROGATE), bieten.RulesError),
    "from_json-actions": (lambda: bieten.Game.from_json(record(actions=[SURROGATE])), bieten.GameRecordError),
    "from_json-deal": (
        lambda: bieten.Game.from_json(record(rules={"players": 2}, deal=[[SURROGATE], []])),
        bieten.GameRecordError,
    ),
    "from_json-top_card": (
        lambda: bieten.Game.from_json(record(rules={"players": 2}, deal=TWO_HANDS, top_card=SURROGATE)),
        bieten.GameRecordError,
    ),
}


@pytest.mark.parametrize("name", list(SURROGATE_CALLS))
def test_lone_surrogate_is_refused(name: str) -> None:
    refused(*SURROGATE_CALLS[name])


def test_lone_surrogate_is_not_in_a_card_set() -> None:
    assert SURROGATE not in bieten.CardSet.deck()  # as any other text that is no card


def test_why_illegal_explains_a_lone_surrogate() -> None:
    assert "R11" in (bieten.Game(RULES, 1).why_illegal(SURROGATE) or "")


# ---- 2. An int beyond 32 bits as an action id or a seat ---------------------------------------------
# TypeError "incompatible function arguments" from pybind11's int conversion (fixed).

BIG_INT_CALLS = {
    "apply_id": (lambda g: g.apply_id(2**31), bieten.IllegalActionError),
    "apply_id-negative": (lambda g: g.apply_id(-(2**31) - 1), bieten.IllegalActionError),
    "step": (lambda g: g.step(2**31), bieten.IllegalActionError),
    "observation": (lambda g: g.observation(2**31), bieten.SeatError),
    "events_for": (lambda g: g.events_for(2**31), bieten.SeatError),
}


@pytest.mark.parametrize("name", list(BIG_INT_CALLS))
def test_huge_id_or_seat_is_refused(name: str) -> None:
    call, error = BIG_INT_CALLS[name]
    game = bieten.Game(RULES, 1)
    refused(lambda: call(game), error)


def test_huge_id_is_not_legal() -> None:
    assert bieten.Game(RULES, 1).is_legal(2**31) is False  # as is_legal(140) is


def test_ids_and_seats_in_32_bits_are_refused_with_the_documented_errors() -> None:
    game = bieten.Game(RULES, 1)
    refused(lambda: game.apply_id(2**31 - 1), bieten.IllegalActionError)
    refused(lambda: game.observation(-(2**31)), bieten.SeatError)
    refused(lambda: game.events_for(-1), bieten.SeatError)
    assert game.is_legal(-1) is False


# ---- 3. evaluate_batch of ragged nested lists --------------------------------------------------------
# NumPy's plain ValueError ("setting an array element with a sequence") escaped (fixed).


def test_ragged_masks_are_refused() -> None:
    refused(lambda: bieten.evaluate_batch([[1, 2], [3]], TWO), bieten.HandError)


def test_odd_mask_arrays_are_refused_with_hand_error() -> None:
    for masks in (
        np.zeros((1, 2)),
        np.array([[None, None]]),
        np.zeros((1, 2, 1), np.uint64),
        np.uint64(3),
        [["a", "b"]],
        [[2**70, 1]],
        -np.ones((1, 2), np.int64),
    ):
        refused(lambda masks=masks: bieten.evaluate_batch(masks, TWO), bieten.HandError)


# ---- 4. Game.from_json of deeply nested JSON ---------------------------------------------------------
# json.loads's RecursionError escaped (fixed).


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' * 5000 + "1" + "}" * 5000])
def test_deeply_nested_record_is_refused(text: str) -> None:
    refused(lambda: bieten.Game.from_json(text), bieten.GameRecordError)


# ---- 5. Game.from_json takes booleans for numbers ------------------------------------------------------
# True == 1 and False == 0 in Python, so these malformed records pass its checks; the C ABI
# (bieten_from_json) refuses them, so the two readers of the same record disagreed (fixed).


@pytest.mark.parametrize(
    "fields",
    [{"version": True}, {"hand_number": False}, {"scores": [False] * 4}],
    ids=lambda f: next(iter(f)),
)
def test_booleans_are_not_numbers_in_a_record(fields: dict) -> None:
    refused(lambda: bieten.Game.from_json(record(**fields)), bieten.GameRecordError)


def test_records_refuse_booleans_where_python_checks_types() -> None:
    for fields in ({"seed": True}, {"dealer": False}, {"rules": {"players": True}}):
        refused(lambda fields=fields: bieten.Game.from_json(record(**fields)), bieten.GameRecordError)


# ---- 6. A NumPy array as a card, cards or an action ---------------------------------------------------
# NumPy's TypeError ("only integer scalar arrays can be converted to a scalar index", "iteration
# over a 0-d array") escapes.

ARRAY_CALLS = {
    "Card": (lambda: bieten.Card(np.array([1, 2])), bieten.CardError),
    "CardSet-0d": (lambda: bieten.CardSet(np.array(3)), bieten.CardError),
    "CardSet-nested": (lambda: bieten.CardSet([np.array([1])]), bieten.CardError),
    "Action": (lambda: bieten.Action(np.array([1])), bieten.ActionError),
    "Game.apply": (lambda: bieten.Game(RULES, 1).apply(np.array([130])), bieten.IllegalActionError),
    "evaluate": (lambda: bieten.evaluate([[np.array([1]), "HK", "HO"]] * 4, RULES), bieten.CardError),
}


@pytest.mark.parametrize("name", list(ARRAY_CALLS))
def test_numpy_array_is_refused_as_a_card_or_action(name: str) -> None:
    refused(*ARRAY_CALLS[name])


# ---- 7. A Game whose __init__ raised was half-built ------------------------------------------------------
# Game.__init__ checked its arguments before it built the C++ game (CoreGame.__init__). When a check
# failed, the half-built object lived on in the traceback (as ``self`` of Game.__init__), where pytest,
# debuggers and error reporters show it: its properties read uninitialised C++ memory, so that
# repr() gave garbage or raised, and ``hands`` or ``apply_id`` crashed the interpreter (SIGSEGV).
# Fixed: a failed __init__ now leaves a complete placeholder game. Game.__new__(Game), never
# initialised, read uninitialised memory too (pybind11 allocates the C++ value lazily on the first
# call); fixed in bindings/python/register_game.cpp (refuse_uninitialised): every call raises TypeError.

FAILED_INIT = """
import bieten
try:
    bieten.Game(bieten.Rules(), seed=-1)
except bieten.SeedError as err:
    tb = err.__traceback__
    while tb.tb_frame.f_code.co_name != "__init__":
        tb = tb.tb_next
    game = tb.tb_frame.f_locals["self"]
repr(game), game.hands, game.legal_action_ids(), game.observation(0)
"""

UNINITIALISED = """
import sys
import bieten
for cls in (bieten.Game, bieten._core.CoreGame):
    game = cls.__new__(cls)
    for call in (lambda: game.hand_number, game.clone, lambda: game.observation(0), game.legal_action_ids):
        try:
            answer = call()
        except TypeError as err:
            assert "never initialised" in str(err), err
            continue
        sys.exit(f"an uninitialised {cls.__name__} answered {answer!r}")
"""


def test_a_second_init_is_refused_and_changes_nothing() -> None:
    """pybind11 ignores a second __init__ of the C++ part, which left the old state under the new
    rules (found by reading the fix of bug 8)."""
    game = bieten.Game(TWO, 1)
    with pytest.raises(TypeError, match="already initialised"):
        game.__init__(bieten.Rules(players=3), 5)  # type: ignore[misc]
    assert game.rules == TWO and len(game.hands) == 2 and game.seed == 1


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    """Runs code in a fresh interpreter, which may crash."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


def test_failed_init_leaves_no_half_built_game() -> None:
    done = run_python(FAILED_INIT)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])


def test_uninitialised_game_is_refused() -> None:
    done = run_python(UNINITIALISED)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])


# ---- Found and fixed -------------------------------------------------------------------------------------
# An int beyond 64 bits as an action gave pybind11's RuntimeError "Unable to cast Python instance of
# type <class 'int'>" (found by fuzz_actions; fixed in bindings/python/register_game.cpp action_from).

BIG_ACTION_CALLS = {
    "Action": lambda: bieten.Action(2**64),
    "Action-negative": lambda: bieten.Action(-(2**63) - 1),
    "Game.apply": lambda: bieten.Game(RULES, 1).apply(2**64),
}


@pytest.mark.parametrize("name", list(BIG_ACTION_CALLS))
def test_huge_action_id_is_refused(name: str) -> None:
    refused(BIG_ACTION_CALLS[name], bieten.ActionError)


def test_why_illegal_explains_a_huge_action_id() -> None:
    assert "R11" in (bieten.Game(RULES, 1).why_illegal(2**64) or "")


# ---- Found and right: kept so that they stay right ------------------------------------------------------


def test_from_json_takes_seed_null_as_a_drawn_seed() -> None:
    """docs/c_abi.md "Game records": as Game(rules, seed=None), a "seed": null draws a seed."""
    game = bieten.Game.from_json(record(rules={"players": 2}, seed=None, deal=TWO_HANDS))
    assert 0 <= game.seed < 2**64 and game.hands == [["HA", "HK", "HO"], ["LA", "LK", "LO"]]


def test_from_json_refuses_odd_json_text_with_game_record_error() -> None:
    for text in ("", "\ufeff{}", b"\xff\xfe", "NaN", "[]", "null", '{"format": "bieten-game"}', 5, None):
        refused(lambda text=text: bieten.Game.from_json(text), bieten.GameRecordError)


def test_texts_of_cards_and_actions_with_odd_whitespace() -> None:
    assert bieten.CardSet(" ,HA,\tHK\n\x0bHO\x0c,") == bieten.CardSet("HA HK HO")
    assert bieten.Action("\tPLAY\x0b s6\x0c AS\n ha ") == bieten.Action("play S6 as HA")
    for text in ("HA\u00a0HK", "H\u0041\u0301", "\uff28A", "H\x00A"):
        refused(lambda text=text: bieten.CardSet(text), bieten.CardError)
    for text in ("play\u00a0HA", "play HA as", "bid weli", "play HA as HK", "play S6 as S6"):
        refused(lambda text=text: bieten.Action(text), bieten.ActionError)


# ---- The C ABI and Game.from_json: one reader, one message (bugs 12-15) --------------------------------
# Bugs 12-15 were differences between C's messages and Python's repr of the same values. Both now
# report the core's message (csrc/games/bieten/record.cpp): values are quoted as JSON text.


@pytest.fixture(scope="module")
def c_library() -> ctypes.CDLL:
    try:
        from bieten._capi import c_library_path

        lib = ctypes.CDLL(c_library_path())
    except (ImportError, OSError):
        pytest.skip("the C ABI library is not built")
    lib.bieten_game_new.restype = ctypes.c_void_p
    lib.bieten_game_new.argtypes = [ctypes.c_char_p, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_size_t]
    lib.bieten_game_free.argtypes = [ctypes.c_void_p]
    lib.bieten_from_json.restype = ctypes.c_void_p
    lib.bieten_from_json.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.bieten_preset_json.restype = ctypes.c_void_p
    lib.bieten_preset_json.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.bieten_apply_id.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]
    return lib


@pytest.fixture(scope="module")
def c_game_new(c_library: ctypes.CDLL) -> Callable[[str], str]:
    def refusal(rules_json: str) -> str:
        err = ctypes.create_string_buffer(1024)
        handle = c_library.bieten_game_new(rules_json.encode(), 1, err, len(err))
        c_library.bieten_game_free(handle)
        assert not handle, rules_json
        return err.value.decode()

    return refusal


def from_json_refusal(c_library: ctypes.CDLL, text: str) -> str:
    """The message of bieten_from_json, checked to be Game.from_json's."""
    err = ctypes.create_string_buffer(1024)
    assert not c_library.bieten_from_json(text.encode(), err, len(err))
    with pytest.raises(bieten.GameRecordError) as caught:
        bieten.Game.from_json(text)
    assert err.value.decode() == str(caught.value)
    return str(caught.value)


RULES_REFUSALS = {
    '{"players": 3e0}': "R10: players must be an int, not 3.0",
    '{"players": -0.0}': "R10: players must be an int, not -0.0",
    '{"players": 1e400}': "R10: not JSON text: parse error at line 1, column 17: "
    "number overflow parsing '1e400'",
    '{"players": 99999999999}': "R10: players is out of range: 99999999999",
    '{"players": 7}': "R10/R2.1: players must be 2 to 5, not 7",
    '{"players": "3"}': 'R10: players must be an int, not "3"',
    '{"wild": "joker"}': "R10: wild must be one of none, weli, spitzen, not 'joker'",
    '{"wild": [1.5, "a"]}': 'R10: wild must be a str, not [1.5,"a"]',
    '{"reraise": 1}': "R10: reraise must be a bool, not 1",
    '{"ties": {}}': "R10: ties must be a str, not {}",
    "[]": "R10: rules must be an object of knobs, not []",
    '{"": 1, "x": 2}': "R10: unknown rules knob(s): , x (known: players, hand_size, target, wild, "
    "weli_point, ties, overbid, cut_steal, show_top_card, reraise)",
    '{"players": "\\u00e9 \\u2028 \\ud83d\\ude00 \\u007f"}': (
        'R10: players must be an int, not "\\u00e9 \\u2028 \\ud83d\\ude00 \\u007f"'
    ),
}


@pytest.mark.parametrize("rules_json", list(RULES_REFUSALS))
def test_c_and_from_json_report_the_cores_rules_message(c_library, c_game_new, rules_json: str) -> None:
    """bieten_game_new's message for bad knobs, and the same knobs in a record: "from_json: " and the
    same message, from bieten_from_json and Game.from_json alike. Values are quoted as JSON, beyond
    ASCII as \\u escapes (so a message is plain ASCII, whatever the input)."""
    expected = RULES_REFUSALS[rules_json]
    if "not JSON text" in expected:
        assert c_game_new(rules_json).startswith("bieten_game_new: rules_json is not JSON text: ")
        return
    assert c_game_new(rules_json) == expected
    text = record()[:-1] + ', "rules": ' + rules_json + "}"
    text = text.replace('"rules": {}, ', "")
    assert from_json_refusal(c_library, text) == "from_json: " + expected


def test_an_empty_unknown_field_is_listed(c_library) -> None:
    """C's join dropped the ', ' after an empty name: bug 13."""
    text = record()[:-1] + ', "": 1, "x": 2}'
    assert from_json_refusal(c_library, text) == "from_json: unknown field(s) , x"


def test_a_real_is_quoted_as_json_in_a_record_message(c_library) -> None:
    text = record(rules={"players": 3.0, "ties": "suit_prior\u00e9ity"})
    assert from_json_refusal(c_library, text) == "from_json: R10: players must be an int, not 3.0"
    text = record(rules={"ties": "suit_prior\u00e9ity"})
    assert from_json_refusal(c_library, text) == (
        "from_json: R10: ties must be one of suit_priority, no_point, not 'suit_prior\u00e9ity'"
    )


def test_preset_name_beyond_ascii_is_refused_as_by_c(c_library) -> None:
    for name in ("tyr\u00f6l", "it's", "\uffff"):
        err = ctypes.create_string_buffer(256)
        assert not c_library.bieten_preset_json(name.encode(), err, len(err))
        with pytest.raises(bieten.RulesError) as caught:
            bieten.Rules.preset(name)
        assert err.value.decode() == str(caught.value)
        assert str(caught.value) == f"R10: unknown preset '{name}' ({', '.join(bieten.Rules.PRESETS)})"


def test_a_name_that_is_no_unicode_text_is_refused_naming_the_choices() -> None:
    """A lone surrogate cannot reach the core as it is: it keeps its escape, as cards' texts do."""
    with pytest.raises(bieten.RulesError) as caught:
        bieten.Rules(overbid="x" + SURROGATE, target=True)
    assert str(caught.value) == "R10: target must be an int, not True"  # the types first, as C
    with pytest.raises(bieten.RulesError) as caught:
        bieten.Rules(overbid="x" + SURROGATE)
    assert str(caught.value) == "R10: overbid must be one of strict, gespannt, none, not 'x\\ud800'"


# ---- Found by fuzz_c_abi after the fixes above ---------------------------------------------------------


def test_from_json_takes_a_real_that_equals_the_integer() -> None:
    """docs/c_abi.md "Strict JSON": a record's numbers compare by value, so 1.0 says 1."""
    game = bieten.Game.from_json(record(version=1.0, hand_number=0.0, scores=[0.0] * 4))
    assert game.hand_number == 0 and game.scores == [0, 0, 0, 0]


def test_from_json_compares_reals_as_doubles(c_library) -> None:
    """A JSON real is read as the nearest double (RFC 8259 section 6): 1e-400 is 0.0 and says
    hand_number 0; 0.5 says nothing an integer says."""
    text = record().replace('"actions": []', '"actions": [], "hand_number": 1e-400')
    assert bieten.Game.from_json(text).hand_number == 0
    text = record().replace('"actions": []', '"actions": [], "hand_number": 0.5')
    assert from_json_refusal(c_library, text) == (
        "from_json: the record says hand_number 0.5, but its actions give 0"
    )
    assert from_json_refusal(c_library, record(version=1.5)) == (
        'from_json: expected format "bieten-game" version 1, got "bieten-game" version 1.5'
    )


@pytest.mark.parametrize("action_id", [10**7, 2**31 - 1, -(2**31), 2**31, -(2**70), np.int64(10**12)])
def test_refused_action_id_is_named_in_the_message(action_id: int) -> None:
    """small_int reported every id beyond +-10**6 as -1 (bug 11); bieten_apply_id names the id."""
    game = bieten.Game(RULES, 1)
    expected = f"R11: action id {int(action_id)} is not in 0..139"
    for call in (game.apply_id, game.step):
        with pytest.raises(bieten.IllegalActionError) as caught:
            call(action_id)
        assert str(caught.value) == expected
    assert bieten._core.CoreGame.why_illegal(game, action_id) == expected
    assert game.is_legal(action_id) is False
    assert game.why_illegal(action_id) == f"R11: action id must be 0 to 139, not {int(action_id)}"  # as apply


def test_refused_action_id_has_the_c_abis_message(c_library) -> None:
    """bieten_apply_id takes a C int: for one beyond +-10**6 Python gives its message."""
    lib = c_library
    handle = lib.bieten_game_new(b"{}", 1, None, 0)
    err = ctypes.create_string_buffer(256)
    try:
        for action_id in (10**7, -(2**31)):
            assert lib.bieten_apply_id(handle, action_id, err, len(err)) < 0
            with pytest.raises(bieten.IllegalActionError) as caught:
                bieten.Game(RULES, 1).apply_id(action_id)
            assert err.value.decode() == str(caught.value)
    finally:
        lib.bieten_game_free(handle)


@pytest.mark.parametrize("seat", [10**7, -(2**31) - 1, 2**70, np.int64(-(10**12))])
def test_refused_seat_is_named_in_the_message(seat: int) -> None:
    game = bieten.Game(RULES, 1)
    expected = f"R2.1: seat must be 0 to 3, not {int(seat)}"
    for call in (game.observation, game.events_for, game.played):
        with pytest.raises(bieten.SeatError) as caught:
            call(seat)
        assert str(caught.value) == expected


@pytest.mark.parametrize(
    "call",
    [
        lambda: bieten.evaluate([np.array(3)] * 4, RULES),
        lambda: bieten.Game(TWO, 1, deal=[np.array(3), np.array(4)]),
    ],
    ids=["evaluate", "Game-deal"],
)
def test_0d_array_is_refused_as_a_hand(call: Callable[[], object]) -> None:
    refused(call, bieten.HandError)


@pytest.mark.parametrize("game_class", ["bieten", "schnapsen"])
@pytest.mark.parametrize("spelling", ["as written", "through the tree"])
def test_a_record_followed_by_a_nul_byte_is_refused_not_cut_short(game_class: str, spelling: str) -> None:
    # Bug 16: nlohmann's lexer takes a NUL byte for the end of the input, so `record + "\x00garbage"`
    # read as the record. JSON text never holds a raw NUL, and Python's json refuses it too. Both ways
    # through the core (the quick scan of to_json's shape, and the tree) refuse it, naming where it is.
    if game_class == "bieten":
        game = bieten.Game(RULES, 5)
    else:
        from bieten import schnapsen

        game = schnapsen.Game(schnapsen.Rules.preset("schnapsen"), seed=5)
    for _ in range(12):
        game.step(game.legal_action_ids()[-1])
    text = game.to_json()
    if spelling == "through the tree":
        text = json.dumps(dict(json.loads(text), version=1.0))
    with pytest.raises(json.JSONDecodeError):
        json.loads(text + "\x00garbage")
    cls = type(game)
    with pytest.raises(
        bieten.GameRecordError, match=f"a NUL byte at char {len(text)}, which JSON text never holds"
    ):
        cls.from_json(text + "\x00garbage")
    with pytest.raises(bieten.GameRecordError, match="a NUL byte at char 0, "):
        cls.from_json("\x00" + text)
    assert cls.from_json(text) == game
