#!/usr/bin/env python3
"""Fuzzes the rules entry points: Rules(**knobs), Rules.from_dict (from JSON text or odd mappings),
Rules.preset(name, **knobs) and rules.replace(**knobs), with odd names, types and values.

Only RulesError (a bieten.BietenError, a ValueError) may come out. Rules that are accepted must round
trip (to_dict, JSON, pickle) and must play: a deal, a game with a few legal actions, a batch of deals.
Run: ``python fuzz/fuzz_rules.py fuzz/corpus/rules`` (see fuzz/README.md).
"""

from __future__ import annotations

import json
import math
import os
import pickle
import sys

import atheris
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz/_common.py, run as a script
from _common import KNOBS, PRESETS, attempt, bieten, run

# -- inputs --------------------------------------------------------------------------------------
CHOICES = {
    "wild": ["none", "weli", "spitzen"],
    "ties": ["suit_priority", "no_point"],
    "overbid": ["strict", "gespannt", "none"],
}
NAMES = [*bieten.Rules.PRESETS, *(c for values in CHOICES.values() for c in values)]
JUNK_STRINGS = [
    "",
    " ",
    "Tyrol",
    "TYROL",
    "tyrol ",
    " tyrol",
    "tyrol\x00",
    "tyrol\x00x",
    "south-tyrol",
    "South_Tyrol",
    "spitzbieten\n",
    "weli ",
    "None",
    "null",
    "true",
    "\ud800",
    "tyro\udfffl",
    "t\u0443rol",
    "\u00e9",
    "\U0001f0cf",
    "x" * 300,
    "players",
    "__class__",
    "__init__",
]
INTS = [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    -1,
    11,
    21,
    2**31 - 1,
    2**31,
    -(2**31),
    -(2**31) - 1,
    2**32,
    2**63,
    -(2**63),
    2**64,
    10**100,
]
FLOATS = [0.0, -0.0, 3.0, 4.5, 1e300, float("inf"), float("-inf"), float("nan"), 2.0**31]


def a_string(fdp: atheris.FuzzedDataProvider) -> str:
    how = fdp.ConsumeIntInRange(0, 4)
    if how == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 16))
    if how == 1:
        return fdp.PickValueInList(JUNK_STRINGS)
    text = fdp.PickValueInList(NAMES)
    if how == 2:
        at = fdp.ConsumeIntInRange(0, len(text))
        return text[:at] + fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 2)) + text[at + 1 :]
    return text


def a_value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> object:
    """A JSON-like value (and a few that JSON cannot hold)."""
    how = fdp.ConsumeIntInRange(0, 11)
    if how == 0:
        return None
    if how == 1:
        return fdp.ConsumeBool()
    if how <= 3:
        return fdp.PickValueInList(INTS) if fdp.ConsumeBool() else fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 9))
    if how == 4:
        return fdp.PickValueInList(FLOATS) if fdp.ConsumeBool() else fdp.ConsumeFloat()
    if how <= 6:
        return a_string(fdp)
    if how == 7 and depth < 3:
        return [a_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 3))]
    if how == 8 and depth < 3:
        return {a_key(fdp): a_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 3))}
    if how == 9:
        return fdp.PickValueInList([b"tyrol", 1j, (), object(), np.int32(4), np.bool_(True), np.float64(3.0)])
    return fdp.ConsumeIntInRange(0, 6)


def a_knob_value(fdp: atheris.FuzzedDataProvider, knob: str) -> object:
    """A value for a knob: usually of the right type, often out of range."""
    how = fdp.ConsumeIntInRange(0, 3)
    if how == 0:
        return a_value(fdp)
    if knob in CHOICES:
        return fdp.PickValueInList(CHOICES[knob]) if how == 1 else a_string(fdp)
    if knob in ("players", "hand_size", "target"):
        return fdp.ConsumeIntInRange(-1, 6) if how == 1 else fdp.PickValueInList(INTS)
    return fdp.ConsumeBool()


def a_key(fdp: atheris.FuzzedDataProvider) -> str:
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:
        return a_string(fdp)
    key = fdp.PickValueInList(KNOBS)
    if how == 1:
        return fdp.PickValueInList([key.upper(), key + " ", key.replace("_", "-"), key[:-1], "_" + key])
    return key


def some_knobs(fdp: atheris.FuzzedDataProvider) -> dict:
    knobs = {}
    for _ in range(fdp.ConsumeIntInRange(0, 5)):
        key = a_key(fdp)
        knobs[key] = a_knob_value(fdp, key)
    return knobs


def a_mapping(fdp: atheris.FuzzedDataProvider) -> object:
    """The argument of Rules.from_dict: knobs, JSON text's value, or something that is no mapping."""
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:  # parsed JSON text
        text = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 200))
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            return text
    if how == 1:  # JSON of knobs, written and read back (JSON turns tuples into lists, NaN stays)
        try:
            return json.loads(json.dumps(some_knobs(fdp)))
        except (TypeError, ValueError):
            return {}
    if how == 2:
        return a_value(fdp)
    if how == 3:  # a preset's knobs with one changed
        knobs = bieten.Rules.preset(fdp.PickValueInList(PRESETS)).to_dict()
        key = fdp.PickValueInList(KNOBS)
        knobs[key] = a_knob_value(fdp, key)
        return knobs
    if how == 4:  # keys that are no str
        return {fdp.PickValueInList([1, None, ("players",), 2.5, b"players"]): a_value(fdp)}
    return some_knobs(fdp)


# -- the checks ----------------------------------------------------------------------------------
def exercise(fdp: atheris.FuzzedDataProvider, rules: bieten.Rules) -> None:
    """Accepted rules must round trip and play."""
    values = rules.to_dict()
    assert list(values) == KNOBS, values
    assert bieten.Rules.from_dict(values) == rules and bieten.Rules(**values) == rules
    assert bieten.Rules.from_dict(json.loads(json.dumps(values))) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules and hash(rules.replace()) == hash(rules)
    assert 2 <= rules.players <= 5 and rules.hand_size in (3, 4) and rules.target >= 1, rules
    assert (
        rules.wild in CHOICES["wild"]
        and rules.ties in CHOICES["ties"]
        and rules.overbid in CHOICES["overbid"]
    )
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    hands = bieten.deal(seed, rules)
    assert sorted(len(h) for h in hands) == [rules.hand_size] * rules.players
    game = bieten.Game(rules, seed)
    for _ in range(fdp.ConsumeIntInRange(0, 30)):
        if game.is_over:
            break
        ids = game.legal_action_ids()
        game.apply_id(ids[fdp.ConsumeIntInRange(0, len(ids) - 1)])
    masks = bieten.random_deals(fdp.ConsumeIntInRange(0, 3), rules, seed)
    attempt(lambda: bieten.evaluate_batch(masks, rules), expected=bieten.HandError)  # refused with wild cards


def check_init(fdp: atheris.FuzzedDataProvider) -> None:
    knobs = some_knobs(fdp)
    ok, rules = attempt(lambda: bieten.Rules(**knobs), knobs, expected=bieten.RulesError)
    if ok:
        assert all(rules.to_dict()[k] == v for k, v in knobs.items()), (knobs, rules)
        exercise(fdp, rules)


def check_from_dict(fdp: atheris.FuzzedDataProvider) -> None:
    mapping = a_mapping(fdp)
    ok, rules = attempt(lambda: bieten.Rules.from_dict(mapping), mapping, expected=bieten.RulesError)
    if ok:
        exercise(fdp, rules)


def check_preset(fdp: atheris.FuzzedDataProvider) -> None:
    name = a_string(fdp) if fdp.ConsumeIntInRange(0, 5) else a_value(fdp)
    knobs = some_knobs(fdp) if fdp.ConsumeBool() else {}
    ok, rules = attempt(lambda: bieten.Rules.preset(name, **knobs), name, knobs, expected=bieten.RulesError)
    if ok:
        assert name in bieten.Rules.PRESETS, name
        exercise(fdp, rules)


def check_replace(fdp: atheris.FuzzedDataProvider) -> None:
    rules = bieten.Rules.preset(fdp.PickValueInList(PRESETS))
    knobs = some_knobs(fdp)
    ok, changed = attempt(lambda: rules.replace(**knobs), knobs, expected=bieten.RulesError)
    if ok:
        expected = {**rules.to_dict(), **knobs}
        assert all(
            changed.to_dict()[k] == v or (isinstance(v, float) and math.isnan(v)) for k, v in expected.items()
        ), (knobs, changed)
        exercise(fdp, changed)


CHECKS = [check_init, check_from_dict, check_preset, check_replace]


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    fdp.PickValueInList(CHECKS)(fdp)


if __name__ == "__main__":
    run(TestOneInput)
