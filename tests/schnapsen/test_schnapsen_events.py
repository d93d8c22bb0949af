"""The Schnapsen event stream against its JSON Schema, and what ``events_for(seat)`` hides (S12).

(a) The schema ships in the package (``bieten/schnapsen/events-v1.json``), is a valid draft 2020-12
    schema, names exactly the engine's 21 event types and refuses unknown types and fields.
(b) Seeded random games of every preset and of several knob combinations are played to the end; every
    event of ``game.events`` and of ``game.events_for(seat)`` for every seat validates, ``seq`` counts
    0, 1, 2, ..., and each view is the full stream with only hidden cards replaced by ``null``.
(c) Called partners: several marriage credits deferred while the partner is secret are all reported
    (S6.6, S12; pinned games found by search).
(d) Lockstep leak tests (S12): two games that differ only in cards hidden from seat ``s`` are driven by
    the same actions (legal in both); ``events_for(s)`` and ``observation(s)`` stay identical until a
    hidden card becomes visible to ``s`` by the rules, while the full streams differ.

The default run is bounded; ``BIETEN_SLOW=1`` enables the bigger sweep marked ``slow``.
"""

from __future__ import annotations

import importlib.resources
import json
import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from bieten import schnapsen
from bieten._core import schnapsen as core

SLOW = os.environ.get("BIETEN_SLOW") == "1"
slow = pytest.mark.skipif(not SLOW, reason="set BIETEN_SLOW=1 for the full sweep")

EVENT_TYPES = (
    "deal_started",
    "cut_chosen",
    "cards_dealt",
    "trump_card_turned",
    "trump_chosen",
    "cards_revealed",
    "bid",
    "contract_settled",
    "card_called",
    "doubled",
    "exchanged",
    "closed",
    "melded",
    "marriage_credited",
    "claimed",
    "card_played",
    "partner_revealed",
    "trick_won",
    "card_drawn",
    "deal_scored",
    "game_over",
)
# Event fields that hold a card the viewer may not see (S12); everything else is public.
HIDDEN_FIELDS = {"cards_dealt": "cards", "cards_revealed": "cards", "card_drawn": "card"}

# (preset, knobs): every preset, and knobs that change which events occur (S10).
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("bauernschnapsen", {}),
    ("bauernschnapsen", {"knock": False, "retour": True}),
    ("bauernschnapsen", {"bidding": False, "must_head": "always", "claim": "automatic"}),
    ("bauernschnapsen", {"spritze": False, "must_head": "contracts", "target": 7}),
    ("bauernschnapsen_called", {}),
    ("bauernschnapsen_called", {"bidding": False}),
    ("bauernschnapsen_called", {"retour": True, "claim": "automatic", "one_point_from": 33}),
    ("bauernschnapsen_2", {}),
    ("bauernschnapsen_2", {"closing": True, "claim": "automatic"}),
    ("bauernschnapsen_2", {"knock": False, "must_head": "always", "target": 7}),
    ("schnapsen", {}),
    ("schnapsen", {"knock": True, "one_point_from": 34, "closing": False}),
]
GAMES_PER_CONFIG = 60 if SLOW else 12


def _config_id(config: tuple[str, dict[str, Any]]) -> str:
    preset, knobs = config
    return preset + "".join(f"-{k}={v}" for k, v in knobs.items())


def _rules(preset: str, knobs: dict[str, Any]) -> schnapsen.Rules:
    return schnapsen.Rules.preset(preset, **knobs)


def _schema_text() -> str:
    resource = importlib.resources.files("bieten.schnapsen") / "events-v1.json"
    return resource.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return json.loads(_schema_text())  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def validator(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema)


def _errors(validator: Draft202012Validator, event: dict[str, Any]) -> str | None:
    error = best_match(validator.iter_errors(event))
    return None if error is None else f"{error.message} at {list(error.absolute_path)}"


def _random_game(rules: schnapsen.Rules, seed: int) -> schnapsen.Game:
    game = schnapsen.Game(rules, seed=seed)
    pick = random.Random(seed)
    while not game.is_over:
        game.apply_id(pick.choice(game.legal_action_ids()))
    return game


# ---------------------------------------------------------------------------------- (a) the schema file


def test_schema_ships_in_the_package_as_draft_2020_12_version_1() -> None:
    resource = importlib.resources.files("bieten.schnapsen") / "events-v1.json"
    assert resource.is_file()
    schema = json.loads(resource.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:bieten:schema:schnapsen-events-v1"
    Draft202012Validator.check_schema(schema)
    # The Bieten schema beside it is a different file with a different id.
    other = importlib.resources.files("bieten.bieten") / "events-v2.json"
    bieten_schema = json.loads(other.read_text(encoding="utf-8"))
    assert bieten_schema["$id"] != schema["$id"]


def test_schema_names_exactly_the_21_engine_event_types_and_closes_each(schema: dict[str, Any]) -> None:
    assert tuple(schema["properties"]["type"]["enum"]) == EVENT_TYPES
    dispatched = [branch["if"]["properties"]["type"]["const"] for branch in schema["allOf"]]
    assert tuple(dispatched) == EVENT_TYPES
    for name in EVENT_TYPES:
        sub = schema["$defs"][name]
        assert sub["additionalProperties"] is False, name
        assert sub["properties"]["type"] == {"const": name}
        assert set(sub["required"]) == set(sub["properties"]), f"{name}: every field is always present"


GOOD = {"type": "card_played", "seq": 7, "hand": 0, "seat": 2, "card": "H10", "trick": 1}


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"type": "card_seen"}, "a Bieten event type is not a Schnapsen one"),
        ({"type": "card_stolen"}, "unknown type"),
        ({"colour": "red"}, "unknown field"),
        ({"card": "S9"}, "S1.1: not in the 20-card pack"),
        ({"card": "W"}, "S1.1: no Weli"),
        ({"card": "h10"}, "cards are canonical text"),
        ({"card": "H10\n"}, "no trailing newline"),
        ({"card": None}, "a played card is never hidden (S12)"),
        ({"seat": 4}, "seats 0..3"),
        ({"seat": True}, "a bool is no seat"),
        ({"seq": -1}, "seq counts from 0"),
        ({"seq": 1.5}, "seq is an integer"),
        ({"trick": 10}, "at most 10 tricks"),
        ({"hand": "0"}, "hand is an integer"),
    ],
)
def test_schema_refuses_unknown_types_fields_and_values(
    validator: Draft202012Validator, change: dict[str, Any], why: str
) -> None:
    assert validator.is_valid(GOOD)
    assert not validator.is_valid({**GOOD, **change}), why


@pytest.mark.parametrize("field", ["type", "seq", "hand", "seat", "card", "trick"])
def test_schema_refuses_an_event_missing_a_field(validator: Draft202012Validator, field: str) -> None:
    event = dict(GOOD)
    del event[field]
    assert not validator.is_valid(event)


def test_schema_ties_fields_to_each_other(validator: Draft202012Validator) -> None:
    settled = {"type": "contract_settled", "seq": 15, "hand": 0, "declarer": 1}
    assert validator.is_valid({**settled, "contract": "gang", "trump": None})
    assert not validator.is_valid({**settled, "contract": "gang", "trump": "H"}), "S5.3: gang has no trump"
    assert not validator.is_valid({**settled, "contract": "normal", "trump": None}), "S5.3"
    drawn = {"type": "card_drawn", "seq": 30, "hand": 0, "seat": 1}
    assert validator.is_valid({**drawn, "card": None, "face_up": False})
    assert not validator.is_valid({**drawn, "card": None, "face_up": True}), "S12: the trump card is seen"
    dealt = {"type": "cards_dealt", "seq": 2, "hand": 0, "seat": 1}
    assert validator.is_valid({**dealt, "cards": ["HA", None, "LU"]})
    assert not validator.is_valid({**dealt, "cards": ["HA", "HK", "HO", "HU"]}), "S3.4: packets of 3, 2 or 5"
    scored = {
        "type": "deal_scored",
        "seq": 40,
        "hand": 0,
        "side": [0, 2],
        "points": 2,
        "gained": [2, 0, 2, 0],
        "scores": [2, 0, 2, 0],
    }
    assert validator.is_valid({**scored, "end": "claim", "claimant": 2})
    assert not validator.is_valid({**scored, "end": "claim", "claimant": None}), (
        "S7.1: a claim has a claimant"
    )
    assert not validator.is_valid({**scored, "end": "last_trick", "claimant": 0})
    assert not validator.is_valid({**scored, "end": "claim", "claimant": 2, "points": 5}), "S8: no 5"


def test_a_trick_of_four_aces_is_worth_44_and_validates(validator: Draft202012Validator) -> None:
    """S1.2, S6.2: forehand holds every Heart, names Hearts and leads HA; nobody else can follow or trump
    (S6.3), so each throws his Ace: 4 x 11 = 44 points."""
    deal = {
        "hands": [
            ["SA", "SK", "SO", "S10", "SU"],
            ["HA", "HK", "HO", "H10", "HU"],
            ["LA", "LK", "LO", "L10", "LU"],
            ["EA", "EK", "EO", "E10", "EU"],
        ],
        "trump_card": None,
        "stock": [],
    }
    rules = schnapsen.Rules.preset("bauernschnapsen", bidding=False, spritze=False)
    game = schnapsen.Game(rules, seed=1, deal=deal)
    game.apply_all(["trump H", "play HA", "play LA", "play EA", "play SA"])
    won = game.events[-1].to_dict()
    assert won == {"type": "trick_won", "seq": won["seq"], "hand": 0, "seat": 1, "trick": 0, "points": 44}
    assert _errors(validator, won) is None


# ---------------------------------------------------------------------------------- (b) the sweep


def _play_config(config: tuple[str, dict[str, Any]]) -> list[schnapsen.Game]:
    preset, knobs = config
    rules = _rules(preset, knobs)
    base = 1000 * CONFIGS.index(config)
    return [_random_game(rules, base + k) for k in range(GAMES_PER_CONFIG)]


@pytest.fixture(scope="module")
def swept() -> dict[str, list[schnapsen.Game]]:
    return {_config_id(config): _play_config(config) for config in CONFIGS}


def _check_view_is_the_full_stream_redacted(
    full: list[dict[str, Any]], view: list[dict[str, Any]], where: str
) -> None:
    """events_for(seat) drops no event; it only replaces hidden cards by null (S12)."""
    assert len(view) == len(full), where
    for mine, every in zip(view, full, strict=True):
        hidden = HIDDEN_FIELDS.get(every["type"])
        if hidden is None:
            assert mine == every, where
            continue
        assert {k: v for k, v in mine.items() if k != hidden} == {
            k: v for k, v in every.items() if k != hidden
        }, where
        shown, real = mine[hidden], every[hidden]
        if isinstance(real, list):
            assert len(shown) == len(real), where
            assert all(s is None or s == r for s, r in zip(shown, real, strict=True)), where
        else:
            assert shown is None or shown == real, where


def test_every_event_of_every_stream_validates_with_consecutive_seq(
    swept: dict[str, list[schnapsen.Game]], validator: Draft202012Validator
) -> None:
    """Every event of every stream is checked; events equal but for seq and hand are validated once
    (the schema does not tie seq or hand to the other fields; the bookkeeping checks cover them)."""
    count = 0
    distinct: dict[str, tuple[str, dict[str, Any]]] = {}
    for config, games in swept.items():
        for game in games:
            full = [e.to_dict() for e in game.events]
            assert game.event_dicts() == full
            streams = {"events": full}
            for seat in range(game.rules.players):
                view = [e.to_dict() for e in game.events_for(seat)]
                assert game.event_dicts_for(seat) == view
                _check_view_is_the_full_stream_redacted(full, view, f"{config} seed {game.seed} seat {seat}")
                streams[f"events_for({seat})"] = view
            for name, stream in streams.items():
                assert [e["seq"] for e in stream] == list(range(len(stream))), f"{config} {name}"
                hands = [e["hand"] for e in stream]
                assert hands == sorted(hands) and hands[-1] == game.hand_number
                assert [e["hand"] for e in stream if e["type"] == "deal_started"] == list(
                    range(hands[-1] + 1)
                )
                assert stream[0]["type"] == "deal_started" and stream[-1]["type"] == "game_over"
                assert [e["type"] for e in stream].count("game_over") == 1
                for event in stream:
                    assert all(s < game.rules.players for s in _seats(event)), event
                    key = json.dumps({**event, "seq": 0, "hand": 0}, sort_keys=True)
                    distinct.setdefault(key, (f"{config} seed {game.seed} {name}", event))
                    count += 1
    for where, event in distinct.values():
        error = _errors(validator, event)
        assert error is None, f"{where}: {event}: {error}"
    assert count > 20_000 and len(distinct) > 3_000, (count, len(distinct))


def _seats(event: dict[str, Any]) -> list[int]:
    seats = [
        event[k] for k in ("seat", "dealer", "forehand", "declarer", "claimant") if event.get(k) is not None
    ]
    for k in ("side", "winners", "bummerl"):
        seats += event.get(k, [])
    return seats


def test_every_event_type_of_the_schema_occurs_in_the_sweep(swept: dict[str, list[schnapsen.Game]]) -> None:
    seen = Counter(e.type for games in swept.values() for game in games for e in game.events)
    assert set(seen) == set(EVENT_TYPES)
    # The rarest: a close (S6.7, two players with closing), an exchange (S6.5), a knock shown to forehand
    # (S4.1), the called partner revealed (S2.3).
    for rare in ("closed", "exchanged", "cards_revealed", "partner_revealed", "card_called", "claimed"):
        assert seen[rare] >= 3, rare


def test_views_hide_exactly_the_cards_s12_hides(swept: dict[str, list[schnapsen.Game]]) -> None:
    """S12: a seat sees its own cards (forehand's knock cards 4 and 5 only after trump_chosen), the trump
    card and a face-up draw; every other dealt or drawn card is null in its view."""
    checked = Counter[str]()
    for games in swept.values():
        for game in games:
            full = [e.to_dict() for e in game.events]
            four = game.rules.players == 4
            for seat in range(game.rules.players):
                forehand, knocked = -1, False
                for mine, every in zip((e.to_dict() for e in game.events_for(seat)), full, strict=True):
                    kind = every["type"]
                    if kind == "deal_started":
                        forehand, knocked = every["forehand"], False
                    elif kind == "cut_chosen":
                        knocked = every["choice"] == "knock"
                    elif kind == "cards_dealt":
                        own = every["seat"] == seat
                        expected = every["cards"] if own else [None] * len(every["cards"])
                        if own and four and knocked and seat == forehand:
                            expected = [*every["cards"][:3], None, None]  # S4.1: until trump_chosen
                            checked["forehand's knock packet"] += 1
                        assert mine["cards"] == expected, (game.seed, seat, every)
                        checked[kind] += 1
                    elif kind == "cards_revealed":
                        assert four and knocked and every["seat"] == forehand
                        assert mine["cards"] == (every["cards"] if seat == forehand else [None, None])
                        checked[kind] += 1
                    elif kind == "card_drawn":
                        visible = every["seat"] == seat or every["face_up"]
                        assert mine["card"] == (every["card"] if visible else None), (game.seed, seat, every)
                        checked["face_up" if every["face_up"] else kind] += 1
    assert min(checked.values()) >= 20 and len(checked) == 5, checked


def test_two_player_face_up_draw_is_the_trump_card_or_the_exchanged_unter(
    swept: dict[str, list[schnapsen.Game]],
) -> None:
    """S3.5, S6.4, S6.5, S12: the last card drawn is the trump card, or the Unter exchanged for it."""
    checked = 0
    for config, games in swept.items():
        if "_2" not in config and not config.startswith("schnapsen"):
            continue
        for game in games:
            face_up = None
            for event in (e.to_dict() for e in game.events):
                if event["type"] == "trump_card_turned":
                    face_up = event["card"]
                elif event["type"] == "exchanged":
                    assert event["taken"] == face_up and event["unter"] == face_up[0] + "U"
                    face_up = event["unter"]
                elif event["type"] == "card_drawn" and event["face_up"]:
                    assert event["card"] == face_up
                    checked += 1
    assert checked > 100


def test_claimed_points_are_the_sides_tricks_and_credited_marriages(
    swept: dict[str, list[schnapsen.Game]],
) -> None:
    """S2.4, S6.6, S7.1, S8: a claim reports its side's card points plus the marriages credited to it, and
    the deal is scored as a claim by that seat. In called mode a credit deferred while the partner is
    secret is announced after the claimed event, before deal_scored (S12)."""
    checked = 0
    for games in swept.values():
        for game in games:
            points: Counter[int] = Counter()
            credited: Counter[tuple[int, ...]] = Counter()
            claims: list[dict[str, Any]] = []
            closer: int | None = None
            for event in (e.to_dict() for e in game.events):
                kind = event["type"]
                if kind == "deal_started":
                    points, credited, claims, closer = Counter(), Counter(), [], None
                elif kind == "closed":
                    closer = event["seat"]
                elif kind == "trick_won":
                    points[event["seat"]] += event["points"]
                elif kind == "marriage_credited":
                    credited[tuple(event["side"])] += event["points"]
                elif kind == "claimed":
                    claims.append(event)
                elif kind == "deal_scored":
                    for claim in claims:
                        side = claim["side"]
                        expected = sum(points[s] for s in side) + credited[tuple(side)]
                        assert claim["points"] == expected, (game.seed, claim)
                        assert claim["correct"] == (expected >= 66), claim
                        # S8.3: after a close, the opponent's correct claim fails the close.
                        if not claim["correct"]:
                            end = "wrong_claim"
                        elif closer is None or closer == claim["seat"]:
                            end = "claim"
                        else:
                            end = "close_failed"
                        assert event["end"] == end, (game.seed, claim, event)
                        assert event["claimant"] == claim["seat"]
                        checked += 1
    assert checked > 100


# ---------------------------------------------------------------------------------- (c) deferred credits

# bauernschnapsen_called, seed 672, dealer 0 (forehand 1): seat 2 declares kontraschnapser and calls HO
# (held by seat 3). Seat 1 melds Eichel (20) and seat 2 Schellen (20) while the partner is secret; both
# credits wait for the HO to be played (S6.6, S12), then both are reported, in the order they were earned.
SEED_672 = (
    "cut; trump H; schnapser; kontraschnapser; pass; pass; call HO; pass; pass; spritze; meld E; play EK;"
    " play HU; play E10; play EU; meld S; play SO; play SA; play SU; play HK; play EO; play H10; play HO"
)
# Seed 227: seat 3 declares kontraschnapser and calls SU, which is never played; seat 1 melds the trump
# marriage (40), seat 3 Laub (20): both credits are reported when the deal ends.
SEED_227 = (
    "knock; turn; gang; pass; kontraschnapser; pass; call SU; spritze; meld E; play EK; play E10; play EA;"
    " play EU; meld L; play LK; play LA; play LU; play SK; play HU; play HK; play H10; play SA"
)


def _played(seed: int, actions: str) -> schnapsen.Game:
    game = schnapsen.Game(schnapsen.Rules.preset("bauernschnapsen_called"), seed=seed)
    game.apply_all([a.strip() for a in actions.split(";")])
    return game


def _credits(events: list[dict[str, Any]]) -> list[tuple[int, int, dict[str, Any]]]:
    return [(i, e["seq"], e) for i, e in enumerate(events) if e["type"] == "marriage_credited"]


def test_called_mode_reports_every_credit_deferred_until_the_partner_is_revealed() -> None:
    """S6.6, S12: two credits earned while the partner is secret are both announced after
    partner_revealed (the engine once reported only the last)."""
    game = _played(672, SEED_672)
    full = [e.to_dict() for e in game.events]
    melds = [(e["seq"], e["seat"], e["suit"], e["points"]) for e in full if e["type"] == "melded"]
    assert melds == [(20, 1, "E", 20), (26, 2, "S", 20)]
    assert full[35] == {"type": "partner_revealed", "seq": 35, "hand": 0, "seat": 3}
    assert full[36:38] == [
        {"type": "marriage_credited", "seq": 36, "hand": 0, "seat": 2, "points": 20, "side": [2, 3]},
        {"type": "marriage_credited", "seq": 37, "hand": 0, "seat": 1, "points": 20, "side": [0, 1]},
    ]
    assert [e["seq"] for e in full if e["type"] == "marriage_credited"] == [36, 37]
    for seat in range(4):
        assert [e.to_dict() for e in game.events_for(seat)][35:38] == full[35:38]
    game.apply("play HA")  # seat 0 takes trick 3: side [0, 1] has 20 + 27 + 20 + HK's trick 20 = 87
    scored = game.events[-2].to_dict()
    assert scored["type"] == "deal_scored"
    assert (scored["end"], scored["side"], scored["points"]) == ("contract_lost", [0, 1], 24)


def test_called_mode_reports_every_credit_still_deferred_when_the_deal_ends() -> None:
    """S6.6, S12: the called card is never played, so both deferred credits come just before deal_scored."""
    game = _played(227, SEED_227)
    full = [e.to_dict() for e in game.events]
    assert [e["type"] for e in full].count("partner_revealed") == 0
    assert full[31:35] == [
        {"type": "trick_won", "seq": 31, "hand": 0, "seat": 2, "trick": 2, "points": 27},
        {"type": "marriage_credited", "seq": 32, "hand": 0, "seat": 3, "points": 20, "side": [2, 3]},
        {"type": "marriage_credited", "seq": 33, "hand": 0, "seat": 1, "points": 40, "side": [0, 1]},
        {
            "type": "deal_scored",
            "seq": 34,
            "hand": 0,
            "end": "contract_won",
            "claimant": None,
            "side": [2, 3],
            "points": 24,
            "gained": [0, 0, 24, 24],
            "scores": [0, 0, 24, 24],
        },
    ]
    for seat in range(4):
        assert [e.to_dict() for e in game.events_for(seat)][31:35] == full[31:35]


def test_called_mode_credits_every_meld_whose_side_wins_a_trick() -> None:
    """S6.6: in random called games, each deal credits exactly the melds whose side won a trick, once."""
    rules = schnapsen.Rules.preset("bauernschnapsen_called", bidding=False)
    several = 0
    for seed in range(300):
        game = _random_game(rules, seed)
        deals: dict[int, list[dict[str, Any]]] = {}
        for event in (e.to_dict() for e in game.events):
            deals.setdefault(event["hand"], []).append(event)
        for events in deals.values():
            scored = [e for e in events if e["type"] == "deal_scored"]
            assert len(scored) == 1
            melded = Counter((e["seat"], e["points"]) for e in events if e["type"] == "melded")
            credited = [e for e in events if e["type"] == "marriage_credited"]
            assert Counter((e["seat"], e["points"]) for e in credited) <= melded
            winners = {e["seat"] for e in events if e["type"] == "trick_won"}
            for e in credited:
                assert winners & set(e["side"]), e
            final = scored[0]
            for seat, points in melded - Counter((e["seat"], e["points"]) for e in credited):
                side = (
                    final["side"]
                    if seat in final["side"]
                    else [s for s in range(4) if s not in final["side"]]
                )
                assert not winners & set(side), (seed, seat, points, "S6.6: its side won a trick")
            several += len(credited) >= 2
    assert several >= 3


# ---------------------------------------------------------------------------------- (d) lockstep leaks

# Cards every seat sees (S12). card_called names a card but not its holder, so it shows no hidden card.
CARD_FIELDS_PUBLIC = {
    "trump_card_turned": ("card",),
    "trump_chosen": ("turned",),
    "exchanged": ("taken", "unter"),
    "card_played": ("card",),
}
DEAL_ENDS = ("claimed", "deal_scored", "game_over")


def _first_reveal(full: list[dict[str, Any]], viewer: int, hidden: set[str], players: int) -> int:
    """The index of the first event of the full stream that shows a hidden card to ``viewer`` by the rules
    of S12 (not by events_for), or that ends the deal; len(full) if none."""
    forehand, knocked, trump_known = -1, False, False
    for i, e in enumerate(full):
        kind = e["type"]
        shown: list[str | None] = []
        if kind in DEAL_ENDS:
            return i
        if kind == "marriage_credited":  # credits deferred to the deal's end come just before deal_scored
            j = i
            while j < len(full) and full[j]["type"] == "marriage_credited":
                j += 1
            if j < len(full) and full[j]["type"] == "deal_scored":
                return i
        if kind == "deal_started":
            forehand, knocked, trump_known = e["forehand"], False, False
        elif kind == "cut_chosen":
            knocked = e["choice"] == "knock"
        elif kind == "trump_chosen":
            trump_known = True
        if kind in CARD_FIELDS_PUBLIC:
            shown = [e[f] for f in CARD_FIELDS_PUBLIC[kind]]
        elif kind == "cards_dealt" and e["seat"] == viewer:
            own_knock = players == 4 and knocked and viewer == forehand and not trump_known
            shown = e["cards"][:3] if own_knock else e["cards"]
        elif kind == "cards_revealed" and e["seat"] == viewer:
            shown = e["cards"]
        elif kind == "card_drawn" and (e["seat"] == viewer or e["face_up"]):
            shown = [e["card"]]
        if hidden & {c for c in shown if c}:
            return i
    return len(full)


def _lockstep(
    a: core.CoreGame,
    b: core.CoreGame,
    viewer: int,
    hidden: set[str],
    rng: random.Random,
    players: int,
    prefer: Callable[[list[int]], int | None] = lambda ids: None,
) -> list[dict[str, Any]]:
    """Drives a and b with the same actions, legal in both, until a hidden card becomes visible to the
    viewer (or the deal ends); asserts events_for(viewer) and observation(viewer) agree throughout.
    Returns the viewer's stream that was compared."""
    while True:
        full_a, full_b = a.event_dicts(), b.event_dicts()
        cut = min(
            _first_reveal(full_a, viewer, hidden, players), _first_reveal(full_b, viewer, hidden, players)
        )
        view_a, view_b = a.event_dicts_for(viewer)[:cut], b.event_dicts_for(viewer)[:cut]
        assert view_a == view_b, f"S12 leak to seat {viewer}"
        if cut < max(len(full_a), len(full_b)) or a.is_over or a.is_chance_node or b.is_chance_node:
            return view_a
        assert np.array_equal(a.observation(viewer), b.observation(viewer)), f"S12 leak to seat {viewer}"
        assert a.current_player == b.current_player
        both = sorted(set(a.legal_action_ids()) & set(b.legal_action_ids()))
        if not both:  # S6.3: the seat must play a swapped card in one game; its play shows it
            return view_a
        choice = prefer(both)
        action = choice if choice is not None else rng.choice(both)
        a.apply_id(action)
        b.apply_id(action)


def _swapped(dealt: dict[str, Any], one: tuple[str, int], other: tuple[str, int]) -> dict[str, Any]:
    """A copy of a deal() with two cards exchanged; a place is ("hand<seat>" or "stock", index)."""
    deal: dict[str, Any] = json.loads(json.dumps(dealt))

    def slot(place: str) -> list[str]:
        cards: list[str] = deal["stock"] if place == "stock" else deal["hands"][int(place[4:])]
        return cards

    (p, i), (q, j) = one, other
    slot(p)[i], slot(q)[j] = slot(q)[j], slot(p)[i]
    return deal


def _pair(rules: schnapsen.Rules, seed: int, deal: dict[str, Any], other: dict[str, Any]) -> tuple[Any, Any]:
    return schnapsen.Game(rules, seed, deal=deal), schnapsen.Game(rules, seed, deal=other)


CLAIM = schnapsen.Action("claim").id


def _cards_played(view: list[dict[str, Any]]) -> int:
    return sum(e["type"] == "card_played" for e in view)


LEAK_TRIALS = 80 if SLOW else 16


@pytest.mark.parametrize("preset", ["bauernschnapsen_2", "schnapsen"])
def test_two_players_view_does_not_depend_on_the_opponents_hand_or_the_stock(preset: str) -> None:
    """S12: the stock and the opponent's cards are hidden; swap an opponent's card with a stock card (or two
    stock cards) and the viewer's events and observation are identical until he sees one of them."""
    rules = schnapsen.Rules.preset(preset, closing=True)
    played = differed = 0
    for trial in range(LEAK_TRIALS):
        rng = random.Random(trial)
        viewer = trial % 2
        dealt = schnapsen.deal(trial, rules)
        i, j, k = rng.randrange(5), rng.randrange(9), rng.randrange(9)
        if trial % 4 < 2:
            one, other = (f"hand{1 - viewer}", i), ("stock", j)
        else:
            one, other = ("stock", j), ("stock", (j + 1 + k % 8) % 9)
        deal = _swapped(dealt, one, other)
        hidden = {dealt["stock"][j], deal["stock"][j]}
        a, b = _pair(rules, trial, dealt, deal)
        view = _lockstep(a, b, viewer, hidden, rng, 2)
        played += _cards_played(view)
        if one[0] != "stock":
            assert a.event_dicts() != b.event_dicts(), "the full stream shows the opponent's cards"
            differed += 1
    assert differed == LEAK_TRIALS // 2
    assert played >= 4 * LEAK_TRIALS


@pytest.mark.parametrize("preset", ["bauernschnapsen", "bauernschnapsen_called"])
def test_four_players_view_does_not_depend_on_other_seats_hands(preset: str) -> None:
    """S12: swap a card between two other seats' hands; the viewer's events and observation are identical
    until one of the two cards is played (the full streams differ from the deal on)."""
    rules = schnapsen.Rules.preset(preset)
    played = 0
    for trial in range(LEAK_TRIALS):
        rng = random.Random(trial)
        viewer = trial % 4
        a_seat, b_seat = rng.sample([s for s in range(4) if s != viewer], 2)
        dealt = schnapsen.deal(trial, rules)
        i, j = rng.randrange(5), rng.randrange(5)
        deal = _swapped(dealt, (f"hand{a_seat}", i), (f"hand{b_seat}", j))
        hidden = {dealt["hands"][a_seat][i], dealt["hands"][b_seat][j]}
        a, b = _pair(rules, trial, dealt, deal)
        view = _lockstep(a, b, viewer, hidden, rng, 4)
        played += _cards_played(view)
        assert a.event_dicts()[:12] != b.event_dicts()[:12]  # the packets differ
    assert played >= 2 * LEAK_TRIALS


def test_called_partner_stays_secret_until_the_called_card_is_played() -> None:
    """S2.3, S12: move the called card from one seat to another (neither the viewer): who is the partner,
    which side a trick or a marriage counts for, and a deferred credit's timing stay hidden from the viewer
    until the called card is played."""
    rules = schnapsen.Rules.preset("bauernschnapsen_called", bidding=False)  # always normal: always a call
    called = tricks = melds = played = 0
    for trial in range(2 * LEAK_TRIALS):
        rng = random.Random(trial)
        viewer = trial % 4
        a_seat, b_seat = rng.sample([s for s in range(4) if s != viewer], 2)
        dealt = schnapsen.deal(trial, rules)
        i, j = rng.randrange(5), rng.randrange(5)
        card = dealt["hands"][a_seat][i]
        deal = _swapped(dealt, (f"hand{a_seat}", i), (f"hand{b_seat}", j))
        hidden = {card, dealt["hands"][b_seat][j]}
        call = schnapsen.Action(f"call {card}").id

        def prefer(ids: list[int], call: int = call, rng: random.Random = rng) -> int | None:
            if call in ids:
                return call
            return rng.choice([i for i in ids if i != CLAIM] or ids)  # play on towards the called card

        a, b = _pair(rules, trial, dealt, deal)
        view = _lockstep(a, b, viewer, hidden, rng, 4, prefer)
        called += any(e["type"] == "card_called" and e["card"] == card for e in view)
        played += _cards_played(view)
        assert a.event_dicts() != b.event_dicts()
        # The called card cannot be played in both games (its holder differs), so the comparison ends at
        # the latest when one of the two holders must play it; count the tricks won before that.
        tricks += sum(e["type"] == "trick_won" for e in view)
        melds += sum(e["type"] == "melded" for e in view)
    assert called >= 2 * LEAK_TRIALS * 9 // 10  # not when forehand turns a moved card first (S4.1)
    assert played >= 4 * LEAK_TRIALS
    assert tricks >= 2 * LEAK_TRIALS  # sides differ in a and b; S12 keeps them secret
    assert melds >= 2


def test_forehand_does_not_see_his_fourth_card_before_choosing_trump_after_a_cut() -> None:
    """S3.7, S4.1, S12: swap forehand's fourth card with another seat's card; forehand's view and
    observation are identical up to his trump choice, and after 'trump X' the second packet shows him the
    difference."""
    rules = schnapsen.Rules.preset("bauernschnapsen")
    for trial in range(8):
        rng = random.Random(trial)
        dealt = schnapsen.deal(trial, rules)  # dealer 0: forehand is seat 1
        other = 2 + trial % 2
        deal = _swapped(dealt, ("hand1", 3), (f"hand{other}", rng.randrange(3)))  # first packets differ
        a, b = _pair(rules, trial, dealt, deal)
        assert a.event_dicts() != b.event_dicts()
        view = a.event_dicts_for(1)
        assert [e["type"] for e in view] == ["deal_started"] + ["cards_dealt"] * 4
        assert view == b.event_dicts_for(1)
        assert np.array_equal(a.observation(1), b.observation(1))
        assert a.legal_action_ids() == b.legal_action_ids()
        named = next(str(x) for x in a.legal_actions() if str(x).startswith("trump"))
        a.apply(named)
        b.apply(named)
        assert a.event_dicts_for(1)[:6] == b.event_dicts_for(1)[:6]  # up to trump_chosen
        packet = a.event_dicts_for(1)[6]
        assert (packet["type"], packet["seat"], packet["cards"]) == ("cards_dealt", 1, dealt["hands"][1][3:])
        assert b.event_dicts_for(1)[6]["cards"] == deal["hands"][1][3:] != packet["cards"]


def _chance_game(rules: schnapsen.Rules, seed: int, deck: list[str]) -> core.CoreGame:
    """A chance-dealt game (CoreGame(chance_deals=True)) whose cutter knocks and whose 20 chance outcomes
    deal ``deck`` top first (an outcome is the card's index in the pack of S1.3)."""
    game = core.CoreGame(rules._core, seed, chance_deals=True)
    game.apply("knock")
    pack = sorted(deck, key=lambda c: schnapsen.Action(f"play {c}").id)
    for card in deck:
        assert game.is_chance_node
        assert pack.index(card) in [a for a, _ in game.chance_outcomes()]
        game.apply_id(pack.index(card))
    assert not game.is_chance_node
    return game


def test_forehand_does_not_see_his_last_two_cards_before_choosing_trump_after_a_knock() -> None:
    """S3.4, S4.1, S12: after a knock, forehand's five cards are dealt at once but he sees only the first
    three until he has chosen trump. Two chance-dealt games differ in forehand's fourth or fifth card
    (swapped with another seat's): his events and observation are identical until trump_chosen; then
    cards_revealed shows him the difference. The other seats' views stay identical until a swapped card
    is played."""
    rules = schnapsen.Rules.preset("bauernschnapsen")
    played = 0
    for trial in range(12):
        rng = random.Random(trial)
        hands = schnapsen.deal(trial, rules, knock=True)["hands"]
        deck = hands[1] + hands[2] + hands[3] + hands[0]  # dealer 0: forehand 1 first (S3.4)
        mine, theirs = 3 + trial % 2, 5 + rng.randrange(15)
        other = list(deck)
        other[mine], other[theirs] = other[theirs], other[mine]
        hidden = {deck[mine], deck[theirs]}
        a, b = _chance_game(rules, trial, deck), _chance_game(rules, trial, other)
        assert a.event_dicts_for(1)[2]["cards"] == [*deck[:3], None, None]
        assert a.event_dicts()[2]["cards"] == deck[:5] != b.event_dicts()[2]["cards"]
        assert a.event_dicts_for(1) == b.event_dicts_for(1)
        assert np.array_equal(a.observation(1), b.observation(1))
        assert a.legal_action_ids() == b.legal_action_ids()
        named = next(x for x in a.legal_actions() if str(x).startswith("trump"))
        a.apply(named)
        b.apply(named)
        assert a.event_dicts_for(1)[:7] == b.event_dicts_for(1)[:7]
        assert a.event_dicts_for(1)[7]["type"] == "cards_revealed"
        assert a.event_dicts_for(1)[7]["cards"] == deck[3:5] != b.event_dicts_for(1)[7]["cards"]
        owner = (1 + theirs // 5) % 4  # S3.4: five cards each, clockwise from forehand
        viewer = next(s for s in (0, 2, 3) if s != owner)
        view = _lockstep(a, b, viewer, hidden, rng, 4)
        played += _cards_played(view)
    assert played >= 12


@slow
@pytest.mark.parametrize("config", CONFIGS, ids=_config_id)
def test_views_are_identical_for_any_hidden_swap_in_many_configs(config: tuple[str, dict[str, Any]]) -> None:
    """S12, bigger sweep: random swaps of two cards hidden from a random viewer, in every config."""
    preset, knobs = config
    rules = _rules(preset, knobs)
    players = rules.players
    for trial in range(100):
        rng = random.Random(trial)
        viewer = trial % players
        dealt = schnapsen.deal(trial, rules)
        others = [s for s in range(players) if s != viewer]
        places = [(f"hand{s}", i) for s in others for i in range(5)]
        places += [("stock", i) for i in range(len(dealt["stock"]))]
        one, other = rng.sample(places, 2)
        deal = _swapped(dealt, one, other)

        def card(deal: dict[str, Any], place: tuple[str, int]) -> str:
            where, i = place
            return str(deal["stock"][i] if where == "stock" else deal["hands"][int(where[4:])][i])

        hidden = {card(dealt, one), card(dealt, other)}
        a, b = _pair(rules, trial, dealt, deal)
        _lockstep(a, b, viewer, hidden, rng, players)


def test_the_lockstep_harness_notices_a_difference_the_viewer_may_see() -> None:
    """A self-check of _lockstep: swapping one of the viewer's own cards is seen at once (S12: a seat sees
    its own cards), so claiming it hidden makes the comparison fail."""
    rules = schnapsen.Rules.preset("bauernschnapsen")
    dealt = schnapsen.deal(3, rules)
    deal = _swapped(dealt, ("hand0", 0), ("hand2", 0))
    a, b = _pair(rules, 3, dealt, deal)
    with pytest.raises(AssertionError, match="S12 leak to seat 0"):
        _lockstep(a, b, 0, set(), random.Random(3), 4)
