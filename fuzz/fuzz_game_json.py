#!/usr/bin/env python3
"""Fuzzes Game.from_json: raw bytes and text, and mutations of valid game records (cards of the deal
and the hands, the top card, scores, the hand number, actions, the seed, the dealer, the rules, the
format and version, unknown and missing fields, odd JSON values and odd JSON text).

Only GameRecordError (documented: a malformed, tampered or inconsistent record; a ValueError) may come
out. A record that is accepted must restore a game that agrees with it and saves and restores again.
Run: ``python fuzz/fuzz_game_json.py fuzz/corpus/game_json`` (see fuzz/README.md).
"""

from __future__ import annotations

import json
import os
import random
import sys

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz/_common.py, run as a script
from _common import ACTION_TEXTS, DECK, FIELDS, KNOBS, attempt, bieten, run


# -- inputs --------------------------------------------------------------------------------------
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


STRINGS = [
    "",
    "bieten-game",
    "Bieten-Game",
    "bieten-game ",
    "HA",
    "S6",
    "W",
    "weli",
    "XX",
    "play HA",
    "good",
    "GOOD",
    " good ",
    "play S6 as HA",
    "bid spiel",
    "bid weli",
    "\x00",
    "\ud800",
    "h\u0307a",
    "\u00e9",
    "tyrol",
    "none",
    "spitzen",
]
INTS = [
    0,
    1,
    2,
    3,
    4,
    5,
    -1,
    11,
    33,
    139,
    140,
    2**31,
    2**32,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    10**30,
    -(10**30),
]
FLOATS = [0.0, -0.0, 1.0, 0.5, 1e300, float("inf"), float("-inf"), float("nan")]


def a_string(fdp: atheris.FuzzedDataProvider) -> str:
    how = fdp.ConsumeIntInRange(0, 3)
    if how == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 12))
    if how == 1:
        return fdp.PickValueInList(STRINGS)
    if how == 2:
        return fdp.PickValueInList(DECK)
    return fdp.PickValueInList(ACTION_TEXTS)


def an_int(fdp: atheris.FuzzedDataProvider) -> int:
    if fdp.ConsumeBool():
        return fdp.PickValueInList(INTS)
    return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 9))


def a_value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> object:
    """Any JSON value (NaN and infinities too, which Python's json reads and writes)."""
    how = fdp.ConsumeIntInRange(0, 9)
    if how == 0:
        return None
    if how == 1:
        return fdp.ConsumeBool()
    if how <= 3:
        return an_int(fdp)
    if how == 4:
        return fdp.PickValueInList(FLOATS)
    if how <= 6:
        return a_string(fdp)
    if how == 7 and depth < 4:
        return [a_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    if how == 8 and depth < 4:
        keys = [*FIELDS, *KNOBS, "", "x"]
        return {
            (fdp.PickValueInList(keys) if fdp.ConsumeBool() else a_string(fdp)): a_value(fdp, depth + 1)
            for _ in range(fdp.ConsumeIntInRange(0, 4))
        }
    return fdp.ConsumeIntInRange(0, 5)


def _valid_rules() -> list[bieten.Rules]:
    out = []
    for name in bieten.Rules.PRESETS:
        for players in (2, 3, 4, 5):
            out.append(bieten.Rules.preset(name, players=players, hand_size=3 + players % 2, target=2))
    return out


RULES = _valid_rules()


def a_record(fdp: atheris.FuzzedDataProvider) -> tuple[dict, bieten.Game]:
    """A valid record: a game part way through (or to its end), maybe from a given deal."""
    rules = fdp.PickValueInList(RULES)
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    dealer = fdp.ConsumeIntInRange(0, rules.players - 1)
    if fdp.ConsumeIntInRange(0, 3) == 0:
        deal = bieten.deal(fdp.ConsumeIntInRange(0, 2**64 - 1), rules)
        used = {c for hand in deal for c in hand}
        top = fdp.PickValueInList([c for c in DECK if c not in used]) if rules.show_top_card else None
        game = bieten.Game(rules, seed, deal=deal, dealer=dealer, top_card=top)
    else:
        game = bieten.Game(rules, seed, dealer=dealer)
    steps = fdp.ConsumeIntInRange(0, 40)
    if fdp.ConsumeIntInRange(0, 4) == 0:
        steps = 3000  # to the end, usually
    pick = random.Random(fdp.ConsumeInt(4))
    for _ in range(steps):
        if game.is_over:
            break
        game.apply_id(pick.choice(game.legal_action_ids()))
    return game.to_record(), game


def mutate_list(fdp: atheris.FuzzedDataProvider, items: list, new) -> list:
    items = list(items)
    how = fdp.ConsumeIntInRange(0, 5)
    at = fdp.ConsumeIntInRange(0, max(len(items) - 1, 0))
    if how == 0 and items:
        items[at] = new()
    elif how == 1:
        items.insert(at, new())
    elif how == 2 and items:
        del items[at]
    elif how == 3 and len(items) > 1:
        other = fdp.ConsumeIntInRange(0, len(items) - 1)
        items[at], items[other] = items[other], items[at]
    elif how == 4:
        items = items[:at]
    else:
        items.append(new())
    return items


def listed(value: object) -> list:
    """A copy of a list (its lists copied too), or [] for anything else (an earlier change may do that)."""
    return [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else []


def mutate_record(fdp: atheris.FuzzedDataProvider, record: dict, game: bieten.Game) -> None:
    """One change to a record: a targeted one (a card, a score, an action...) or any field to any value."""
    how = fdp.ConsumeIntInRange(0, 13)
    if how == 0:  # an action: another, a changed one, a few gone
        record["actions"] = mutate_list(
            fdp,
            listed(record.get("actions")),
            lambda: fdp.PickValueInList(ACTION_TEXTS) if fdp.ConsumeBool() else a_value(fdp),
        )
    elif how == 1 and game.legal_action_ids():  # a legal action more
        ids = game.legal_action_ids()
        action = ACTION_TEXTS[ids[fdp.ConsumeIntInRange(0, len(ids) - 1)]]
        record["actions"] = [*listed(record.get("actions")), action]
    elif how == 2:  # a score
        record["scores"] = mutate_list(
            fdp, listed(record.get("scores")), lambda: an_int(fdp) if fdp.ConsumeBool() else a_value(fdp)
        )
    elif how == 3:  # a card of a hand
        hands = listed(record.get("hands")) or [[]]
        seat = fdp.ConsumeIntInRange(0, len(hands) - 1)
        hands[seat] = mutate_list(
            fdp, listed(hands[seat]), lambda: fdp.PickValueInList(DECK) if fdp.ConsumeBool() else a_value(fdp)
        )
        record["hands"] = hands
    elif how == 4:  # the deal: a card changed, or a deal given where there was none
        deal = listed(record.get("deal")) or listed(game.to_record()["hands"])
        seat = fdp.ConsumeIntInRange(0, len(deal) - 1)
        if isinstance(deal[seat], list) and fdp.ConsumeBool():
            deal[seat] = mutate_list(fdp, deal[seat], lambda: fdp.PickValueInList([*DECK, "W", "weli", "ha"]))
        record["deal"] = deal
    elif how == 5:  # the top card
        record["top_card"] = fdp.PickValueInList([*DECK, None, "W", 3, 33, "XX"])
    elif how == 6:  # the seed, near or far
        seed = game.seed
        record["seed"] = fdp.PickValueInList(
            [seed + 1, seed - 1, -seed, seed + 2**64, float(seed), str(seed), True]
        )
    elif how == 7:
        record["dealer"] = fdp.PickValueInList([-1, 1, 2, 5, 2**64, 0.0, "0", None, True])
    elif how == 8:  # a rules knob
        rules = dict(record["rules"]) if isinstance(record.get("rules"), dict) else {}
        key = fdp.PickValueInList([*KNOBS, "x", "Players"])
        rules[key] = (
            a_value(fdp) if fdp.ConsumeBool() else fdp.PickValueInList([2, 3, 4, 5, 1, 3, 4, 100, True])
        )
        if fdp.ConsumeBool():
            rules.pop(fdp.PickValueInList(KNOBS), None)
        record["rules"] = rules
    elif how == 9:
        record["hand_number"] = fdp.PickValueInList([game.hand_number + 1, -1, 0, 2**64, 1.0, None, "0"])
    elif how == 10:
        record[fdp.PickValueInList(["format", "version"])] = a_value(fdp)
    elif how == 11:  # a field gone
        record.pop(fdp.PickValueInList(FIELDS), None)
    elif how == 12:  # a field unknown
        record[a_string(fdp)] = a_value(fdp)
    else:  # any field, any value
        record[fdp.PickValueInList(FIELDS)] = a_value(fdp)


def mutate_text(fdp: atheris.FuzzedDataProvider, text: str) -> str:
    """A change to JSON text that Python's json may still read."""
    how = fdp.ConsumeIntInRange(0, 7)
    if how == 0:  # a duplicate key (the last one wins in Python's json; the core refuses it)
        field = fdp.PickValueInList(FIELDS)
        return text[:-1] + f', "{field}": ' + json.dumps(a_value(fdp)) + "}"
    if how == 1:
        return "\ufeff" + text
    if how == 2:
        return text + fdp.PickValueInList([" ", "\n", " x", "{}", ",", "\x00"])
    if how == 3:
        return fdp.PickValueInList(["[", "[[", '{"a": '] * 1) + text + fdp.PickValueInList(["]", "]]", "}"])
    if how == 4:
        at = fdp.ConsumeIntInRange(0, len(text))
        return text[:at] + fdp.ConsumeUnicode(fdp.ConsumeIntInRange(1, 3)) + text[at:]
    if how == 5:
        at = fdp.ConsumeIntInRange(0, len(text))
        return text[:at] + text[at + fdp.ConsumeIntInRange(1, 4) :]
    if how == 6:
        depth = fdp.ConsumeIntInRange(1, 3000)
        return text[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}"
    return text.replace(": ", ":").replace(", ", ",")


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object as the core reads one: a key given twice is refused (Python's json keeps the last)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("duplicate key")
    return out


def parsed(text: object) -> object:
    """What the core's reader makes of the text, as far as Python's json can say (for known_bug):
    Python's json with duplicate keys refused, as the core refuses them; or None."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        return None


def same(a: object, b: object) -> bool:
    """Equal as JSON (so 0.0 is not 0, nor True 1)."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return False


def check_restored(record: object, game: bieten.Game) -> None:
    assert isinstance(record, dict), record
    assert not bools_as_numbers(record), ("a bool taken for a number", record)
    # "seed": null draws a seed, as Game(rules, seed=None) does (docs/c_abi.md, "Records").
    assert record["seed"] is None or game.seed == record["seed"], record
    assert game.first_dealer == record["dealer"], record
    assert len(game.history) == len(record["actions"]), record
    for field in ("hand_number", "scores", "hands"):
        if field in record:
            assert getattr(game, field) == record[field], (field, record)
    again = bieten.Game.from_json(game.to_json())
    assert again == game and again.to_record() == game.to_record(), game.to_json()


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    mode = fdp.ConsumeIntInRange(0, 5)
    if mode == 0:  # raw bytes or text
        as_bytes = fdp.ConsumeBool()
        text: str | bytes = fdp.ConsumeBytes(4096) if as_bytes else fdp.ConsumeUnicode(4096)
        record = parsed(text)
    else:
        record, game = a_record(fdp)
        original = dict(record)
        for _ in range(fdp.ConsumeIntInRange(0 if mode == 1 else 1, 4)):
            mutate_record(fdp, record, game)
        try:
            text = json.dumps(record, ensure_ascii=fdp.ConsumeBool())
        except ValueError:  # a circular value cannot arise; NaN is allowed
            return
        if fdp.ConsumeIntInRange(0, 3) == 0:
            text = mutate_text(fdp, text)
        if fdp.ConsumeBool():
            text = text.encode(
                fdp.PickValueInList(["utf-8", "utf-16", "utf-32", "utf-8-sig"]), "surrogatepass"
            )
        record = parsed(text)
        if same(record, original):
            restored = bieten.Game.from_json(text)  # an unchanged record must be accepted
            assert restored == game and restored.to_record() == game.to_record()
            return
    ok, restored = attempt(lambda: bieten.Game.from_json(text), record, text, expected=bieten.GameRecordError)
    if ok:
        check_restored(record, restored)


if __name__ == "__main__":
    run(TestOneInput)
