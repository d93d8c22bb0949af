"""R10 rules: presets, overrides, defaults, the dict round trip and every kind of invalid input."""

from __future__ import annotations

import json
import pickle
import re
from typing import Any

import pytest

import bieten
from bieten import Rules, RulesError

KNOBS = (
    "players",
    "hand_size",
    "target",
    "wild",
    "weli_point",
    "ties",
    "overbid",
    "cut_steal",
    "show_top_card",
    "reraise",
)
COMMON = {"players": 4, "hand_size": 3, "target": 11, "reraise": True}

# R10, the table row by row: wild, weli_point, ties, overbid, cut_steal, show_top_card.
TABLE = {
    "tyrol": ("none", True, "suit_priority", "strict", False, False),
    "bavaria": ("none", False, "suit_priority", "strict", False, False),
    "welibieten": ("weli", False, "suit_priority", "strict", False, False),
    "spitzbieten": ("spitzen", False, "suit_priority", "strict", False, False),
    "south_tyrol": ("weli", False, "no_point", "gespannt", True, True),
}
COLUMNS = ("wild", "weli_point", "ties", "overbid", "cut_steal", "show_top_card")


def expected(preset: str) -> dict[str, Any]:
    values = dict(COMMON, **dict(zip(COLUMNS, TABLE[preset], strict=True)))
    return {knob: values[knob] for knob in KNOBS}


# ---------------------------------------------------------------- presets


@pytest.mark.parametrize("preset", list(TABLE))
def test_r10_preset_knob_values_match_the_table(preset: str) -> None:
    rules = Rules.preset(preset)
    want = expected(preset)
    assert rules.to_dict() == want
    assert list(rules.to_dict()) == list(KNOBS)
    for knob, value in want.items():
        got = getattr(rules, knob)
        assert got == value and type(got) is type(value), knob


def test_r10_the_five_presets_are_listed() -> None:
    assert Rules.PRESETS == ("tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol")


def test_r10_defaults_are_the_tyrol_preset() -> None:
    assert Rules() == Rules.preset("tyrol")
    assert Rules().to_dict() == expected("tyrol")
    assert Rules.from_dict({}) == Rules.preset("tyrol")


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("players", 2),
        ("players", 3),
        ("players", 5),
        ("hand_size", 4),
        ("target", 1),
        ("target", 21),
        ("ties", "no_point"),
        ("overbid", "gespannt"),
        ("overbid", "none"),
        ("cut_steal", True),
        ("show_top_card", True),
        ("reraise", False),
    ],
)
@pytest.mark.parametrize("preset", list(TABLE))
def test_r10_each_knob_can_be_overridden_alone(preset: str, knob: str, value: object) -> None:
    rules = Rules.preset(preset, **{knob: value})
    want = dict(expected(preset), **{knob: value})
    assert rules.to_dict() == want
    assert getattr(rules, knob) == value


def test_r10_overrides_of_wild_and_weli_point() -> None:
    assert Rules.preset("tyrol", weli_point=False) == Rules.preset("bavaria")
    assert Rules.preset("bavaria", weli_point=True) == Rules.preset("tyrol")
    assert Rules.preset("bavaria", wild="weli") == Rules.preset("welibieten")
    assert Rules.preset("welibieten", wild="spitzen") == Rules.preset("spitzbieten")
    assert Rules.preset("welibieten", wild="none").to_dict() == expected("bavaria")
    assert Rules.preset("welibieten", wild="none", weli_point=True) == Rules()
    assert Rules(wild="weli", weli_point=False) == Rules.preset("welibieten")


def test_r10_the_conformance_examples() -> None:
    rules = Rules.preset("south_tyrol", players=3, hand_size=4)
    assert rules.to_dict() == dict(expected("south_tyrol"), players=3, hand_size=4)
    rules = Rules(players=5, weli_point=False)
    assert rules.to_dict() == dict(expected("bavaria"), players=5)


def test_r10_several_overrides_at_once() -> None:
    rules = Rules.preset("south_tyrol", players=2, hand_size=4, target=7, ties="suit_priority", reraise=False)
    assert rules.to_dict() == {
        "players": 2,
        "hand_size": 4,
        "target": 7,
        "wild": "weli",
        "weli_point": False,
        "ties": "suit_priority",
        "overbid": "gespannt",
        "cut_steal": True,
        "show_top_card": True,
        "reraise": False,
    }


# ---------------------------------------------------------------- round trip, equality


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.preset("bavaria", players=2),
        Rules.preset("welibieten", hand_size=4, target=5),
        Rules.preset("spitzbieten", ties="no_point", overbid="none"),
        Rules.preset("south_tyrol", players=3, hand_size=4, reraise=False),
    ],
)
def test_r10_to_dict_from_dict_round_trip_through_json(rules: Rules) -> None:
    data = rules.to_dict()
    text = json.dumps(data)
    back = Rules.from_dict(json.loads(text))
    assert back == rules
    assert hash(back) == hash(rules)
    assert back.to_dict() == data
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_r10_equality_is_by_knob_values() -> None:
    assert Rules(players=3) == Rules.preset("tyrol", players=3)
    assert Rules(players=3) != Rules(players=4)
    assert Rules(target=10) != Rules(target=11)
    assert Rules.preset("bavaria") != Rules.preset("tyrol")
    assert Rules() != Rules().to_dict()
    assert len({Rules(), Rules.preset("tyrol"), Rules.from_dict({}), Rules(players=3)}) == 2


def test_r10_to_dict_is_a_copy() -> None:
    rules = Rules()
    data = rules.to_dict()
    data["players"] = 5
    assert rules.players == 4
    assert rules.to_dict()["players"] == 4


def test_rules_are_immutable_and_replace_makes_a_copy() -> None:
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.players = 3  # type: ignore[misc]
    other = rules.replace(target=21, players=2)
    assert (other.target, other.players) == (21, 2)
    assert (rules.target, rules.players) == (11, 4)


# ---------------------------------------------------------------- invalid rules (R10, R6.6)


def check_error(info: pytest.ExceptionInfo[RulesError], rule: str, *names: str) -> None:
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert re.match(rf"^{re.escape(rule)}\b", message), message
    for name in names:
        assert name in message, (name, message)


@pytest.mark.parametrize(
    ("knob", "value", "shown"),
    [
        ("players", 1, "1"),
        ("players", 6, "6"),
        ("players", 0, "0"),
        ("players", -4, "-4"),
        ("hand_size", 2, "2"),
        ("hand_size", 5, "5"),
        ("hand_size", 0, "0"),
        ("target", 0, "0"),
        ("target", -3, "-3"),
    ],
)
def test_r10_numbers_out_of_range_are_refused(knob: str, value: int, shown: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**{knob: value})
    check_error(info, "R10", knob, f"not {shown}")
    with pytest.raises(RulesError) as info:
        Rules.preset("south_tyrol", **{knob: value})
    check_error(info, "R10", knob, f"not {shown}")
    with pytest.raises(RulesError) as info:
        Rules.from_dict({knob: value})
    check_error(info, "R10", knob, f"not {shown}")


@pytest.mark.parametrize(
    ("knob", "value"), [("players", 2**40), ("hand_size", -(2**40)), ("target", -(2**63))]
)
def test_r10_huge_numbers_are_refused_as_rules_errors(knob: str, value: int) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**{knob: value})
    check_error(info, "R10", knob)


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("wild", "Weli"),
        ("wild", "wild"),
        ("wild", ""),
        ("ties", "suit"),
        ("ties", "SUIT_PRIORITY"),
        ("overbid", "STRICT"),
        ("overbid", "gespant"),
    ],
)
def test_r10_unknown_string_values_are_refused(knob: str, value: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**{knob: value, "weli_point": False})
    check_error(info, "R10", knob, f"'{value}'")


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("players", True),
        ("players", False),
        ("hand_size", True),
        ("target", True),
        ("players", 4.0),
        ("players", "4"),
        ("target", None),
        ("weli_point", 1),
        ("weli_point", 0),
        ("cut_steal", 1),
        ("show_top_card", 0),
        ("reraise", "yes"),
        ("reraise", None),
        ("wild", None),
        ("wild", 0),
        ("ties", True),
        ("overbid", 1),
    ],
)
def test_r10_values_of_the_wrong_type_are_refused(knob: str, value: object) -> None:
    # R10: switches are Python bools, the numbers int (not bool), the others strings.
    with pytest.raises(RulesError) as info:
        Rules(**{knob: value})
    check_error(info, "R10", knob, repr(value))
    with pytest.raises(RulesError) as info:
        Rules.from_dict(dict(Rules().to_dict(), **{knob: value}))
    check_error(info, "R10", knob, repr(value))


@pytest.mark.parametrize("knobs", [{"foo": 1}, {"Players": 4}, {"weli": True}, {"players": 3, "bogus": 2}])
def test_r10_unknown_knobs_are_refused(knobs: dict[str, object]) -> None:
    bad = next(name for name in knobs if name not in KNOBS)
    with pytest.raises(RulesError) as info:
        Rules(**knobs)
    check_error(info, "R10", bad)
    with pytest.raises(RulesError) as info:
        Rules.preset("bavaria", **knobs)
    check_error(info, "R10", bad)
    with pytest.raises(RulesError) as info:
        Rules.from_dict(knobs)
    check_error(info, "R10", bad)


@pytest.mark.parametrize("name", ["x", "TYROL", "Tyrol", "south tyrol", "south-tyrol", ""])
def test_r10_unknown_preset_names_are_refused(name: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset(name)
    check_error(info, "R10", f"'{name}'")


@pytest.mark.parametrize("name", [None, 1, b"tyrol"])
def test_r10_a_preset_name_that_is_not_a_string_is_refused(name: object) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset(name)  # type: ignore[arg-type]
    check_error(info, "R10", repr(name))


@pytest.mark.parametrize("data", [[("players", 3)], "players=3", None, 4])
def test_r10_from_dict_needs_a_mapping(data: object) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)  # type: ignore[arg-type]
    check_error(info, "R10", "mapping")


@pytest.mark.parametrize("wild", ["weli", "spitzen"])
def test_r6_6_a_wild_weli_with_weli_point_is_refused(wild: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(wild=wild, weli_point=True)
    check_error(info, "R6.6", "weli_point", wild)
    # weli_point defaults to on (tyrol), so a wild alone is refused as well.
    with pytest.raises(RulesError) as info:
        Rules(wild=wild)
    check_error(info, "R6.6", "weli_point")
    with pytest.raises(RulesError) as info:
        Rules.preset("south_tyrol", weli_point=True)
    check_error(info, "R6.6", "weli_point")
    with pytest.raises(RulesError) as info:
        Rules.preset("tyrol", wild=wild)
    check_error(info, "R6.6", "weli_point", wild)


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)
    assert issubclass(RulesError, bieten.BietenError)


def test_rules_take_keywords_only() -> None:
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc]
