"""Rules values and presets (R10).

A rules value is a plain dict with exactly the keys of KNOBS.
"""

from __future__ import annotations

from .cards import ACORNS_7, BELLS_7, WELI

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
INT_KNOBS = ("players", "hand_size", "target")
BOOL_KNOBS = ("weli_point", "cut_steal", "show_top_card", "reraise")
CHOICES: dict[str, tuple[str, ...]] = {
    "wild": ("none", "weli", "spitzen"),
    "ties": ("suit_priority", "no_point"),
    "overbid": ("strict", "gespannt", "none"),
}

_COMMON = {"players": 4, "hand_size": 3, "target": 11, "reraise": True}


def _preset(
    wild: str, weli_point: bool, ties: str, overbid: str, cut_steal: bool, show_top_card: bool
) -> dict:
    rules = dict(_COMMON)
    rules.update(
        wild=wild,
        weli_point=weli_point,
        ties=ties,
        overbid=overbid,
        cut_steal=cut_steal,
        show_top_card=show_top_card,
    )
    return {knob: rules[knob] for knob in KNOBS}


# R10, the table row by row.
PRESETS: dict[str, dict] = {
    "tyrol": _preset("none", True, "suit_priority", "strict", False, False),
    "bavaria": _preset("none", False, "suit_priority", "strict", False, False),
    "welibieten": _preset("weli", False, "suit_priority", "strict", False, False),
    "spitzbieten": _preset("spitzen", False, "suit_priority", "strict", False, False),
    "south_tyrol": _preset("weli", False, "no_point", "gespannt", True, True),
}


def make_rules(preset: str = "tyrol", **overrides: object) -> dict:
    """R10: a preset with knobs overridden one by one; invalid rules raise ValueError."""
    if preset not in PRESETS:
        raise ValueError(f"R10: unknown preset {preset!r}")
    rules = dict(PRESETS[preset])
    for knob, value in overrides.items():
        if knob not in KNOBS:
            raise ValueError(f"R10: unknown knob {knob!r}")
        rules[knob] = value
    check_rules(rules)
    return rules


def check_rules(rules: dict) -> None:
    """Raise ValueError unless `rules` is a valid rules value (R10)."""
    if not isinstance(rules, dict):
        raise ValueError(f"R10: rules must be a dict, not {type(rules).__name__}")
    unknown = [knob for knob in rules if knob not in KNOBS]
    if unknown:
        raise ValueError(f"R10: unknown knob {unknown[0]!r}")
    missing = [knob for knob in KNOBS if knob not in rules]
    if missing:
        raise ValueError(f"R10: missing knob {missing[0]!r}")
    for knob in INT_KNOBS:
        value = rules[knob]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"R10: {knob} must be an int, not {value!r}")
    for knob in BOOL_KNOBS:
        if not isinstance(rules[knob], bool):
            raise ValueError(f"R10: {knob} must be a bool, not {rules[knob]!r}")
    for knob, choices in CHOICES.items():
        if not isinstance(rules[knob], str) or rules[knob] not in choices:
            raise ValueError(f"R10: {knob} must be one of {choices}, not {rules[knob]!r}")
    if not 2 <= rules["players"] <= 5:
        raise ValueError(f"R2.1/R10: players must be 2..5, not {rules['players']}")
    if not 3 <= rules["hand_size"] <= 4:
        raise ValueError(f"R10: hand_size must be 3 or 4, not {rules['hand_size']}")
    if rules["target"] < 1:
        raise ValueError(f"R10: target must be at least 1, not {rules['target']}")
    if rules["wild"] != "none" and rules["weli_point"]:
        raise ValueError("R6.6/R10: a wild Weli cannot go with weli_point")


def wild_cards(rules: dict) -> frozenset[int]:
    """R5.1: the physical cards that are wild under these rules."""
    if rules["wild"] == "weli":
        return frozenset({WELI})
    if rules["wild"] == "spitzen":
        return frozenset({WELI, BELLS_7, ACORNS_7})
    return frozenset()
