"""The event stream against its published JSON Schema (python/bieten/bieten/events-v2.json, docs/events.md).

Seeded random games of every preset x players 2..5 x hand_size 3/4 are played to the end; every event of
``game.events`` and of ``game.events_for(seat)`` for every seat is validated against the schema that ships in
the installed package, and the stream's bookkeeping (seq, hand, redaction, seats in range) is checked.
Version 1 (events-v1.json) still ships unchanged: the stream without its credit_void events validates
against it.
"""

from __future__ import annotations

import copy
import importlib.resources
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

import bieten

SCHEMA_RESOURCE = ("bieten", "events-v2.json")  # in Bieten's package, bieten.bieten
V1_RESOURCE = ("bieten", "events-v1.json")
EVENT_TYPES = (
    "hand_dealt",
    "card_seen",
    "card_stolen",
    "card_left",
    "top_card_shown",
    "card_played",
    "trick_won",
    "bid_opened",
    "answered",
    "turn_passed",
    "bid_settled",
    "figure_credited",
    "credit_void",
    "hand_scored",
    "game_over",
)
PRIVATE_CARD_TYPES = ("card_seen", "card_stolen", "card_left")  # R3.7: the cutter's secrets
GAMES_PER_CONFIG = 2
CONFIGS = [
    (preset, players, hand_size)
    for preset in bieten.Rules.PRESETS
    for players in range(2, 6)
    for hand_size in (3, 4)
]


def _schema_text(parts: tuple[str, str] = SCHEMA_RESOURCE) -> str:
    resource = importlib.resources.files("bieten")
    for part in parts:
        resource = resource / part
    return resource.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return json.loads(_schema_text())  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def validator(schema: dict[str, Any]) -> Draft202012Validator:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@dataclass
class Played:
    config: tuple[str, int, int]
    seed: int
    rules: bieten.Rules
    full: list[dict[str, Any]]
    views: list[list[dict[str, Any]]]  # views[seat] = events_for(seat)

    def streams(self) -> Iterator[tuple[str, list[dict[str, Any]]]]:
        yield "events", self.full
        for seat, view in enumerate(self.views):
            yield f"events_for({seat})", view


def _play(preset: str, players: int, hand_size: int, k: int) -> Played:
    seed = 100_000 * players + 1_000 * hand_size + 10 * bieten.Rules.PRESETS.index(preset) + k
    rules = bieten.Rules.preset(preset, players=players, hand_size=hand_size)
    game = bieten.Game(rules, seed=seed)
    pick = random.Random(seed)
    while not game.is_over:
        game.apply_id(pick.choice(game.legal_action_ids()))
    return Played(
        config=(preset, players, hand_size),
        seed=seed,
        rules=rules,
        full=[e.to_dict() for e in game.events],
        views=[[e.to_dict() for e in game.events_for(seat)] for seat in range(players)],
    )


@pytest.fixture(scope="module")
def played() -> list[Played]:
    return [_play(*config, k) for config in CONFIGS for k in range(GAMES_PER_CONFIG)]


def _errors(validator: Draft202012Validator, event: dict[str, Any]) -> str | None:
    error = best_match(validator.iter_errors(event))
    return None if error is None else f"{error.message} at {list(error.absolute_path)}"


# ---------------------------------------------------------------- the schema file


def test_schema_ships_in_the_installed_package() -> None:
    for version in (1, 2):
        resource = importlib.resources.files("bieten.bieten") / f"events-v{version}.json"
        assert resource.is_file()
        schema = json.loads(resource.read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == f"urn:bieten:schema:events-v{version}"
        Draft202012Validator.check_schema(schema)


def test_v2_is_v1_plus_credit_void(schema: dict[str, Any]) -> None:
    """docs/events.md: adding an event type makes a new file; v1 stays as it was."""
    v1 = json.loads(_schema_text(V1_RESOURCE))
    assert "credit_void" not in v1["$defs"]
    types = schema["properties"]["type"]["enum"]
    assert [t for t in types if t != "credit_void"] == v1["properties"]["type"]["enum"]
    dispatch = [b for b in schema["allOf"] if b["if"]["properties"]["type"]["const"] != "credit_void"]
    assert dispatch == v1["allOf"]
    assert {k: v for k, v in schema["$defs"].items() if k != "credit_void"} == v1["$defs"]


def test_a_v1_consumer_can_drop_credit_void(played: list[Played]) -> None:
    """A v1 stream is a v2 stream without credit_void events (seq then has gaps where they were)."""
    v1 = Draft202012Validator(json.loads(_schema_text(V1_RESOURCE)))
    checked: set[str] = set()
    for game in played[::4]:
        for event in game.full:
            key = json.dumps(event, sort_keys=True)
            if key in checked:
                continue
            checked.add(key)
            assert v1.is_valid(event) == (event["type"] != "credit_void"), event


def test_schema_names_exactly_the_engine_event_types(schema: dict[str, Any]) -> None:
    assert tuple(schema["properties"]["type"]["enum"]) == EVENT_TYPES
    dispatched = [branch["if"]["properties"]["type"]["const"] for branch in schema["allOf"]]
    assert tuple(dispatched) == EVENT_TYPES
    for name in EVENT_TYPES:
        sub = schema["$defs"][name]
        assert sub["additionalProperties"] is False, name
        assert sub["properties"]["type"] == {"const": name}
        assert set(sub["required"]) == set(sub["properties"]), f"{name}: every field is always present"


# ---------------------------------------------------------------- every emitted event


def test_every_event_of_every_stream_validates(played: list[Played], validator: Draft202012Validator) -> None:
    checked: set[str] = set()
    count = 0
    for game in played:
        for stream, events in game.streams():
            for event in events:
                count += 1
                key = json.dumps(event, sort_keys=True)
                if key in checked:  # an identical dict (another seat's view of it) was already validated
                    continue
                problem = _errors(validator, event)
                assert problem is None, f"{game.config} seed {game.seed} {stream}: {event} -> {problem}"
                checked.add(key)
    assert count > 10_000


def test_events_for_hides_only_other_seats_cards(played: list[Played]) -> None:
    for game in played:
        for seat, view in enumerate(game.views):
            where = f"{game.config} seed {game.seed} events_for({seat})"
            assert len(view) == len(game.full), where
            for full, mine in zip(game.full, view, strict=True):
                if full["type"] == "hand_dealt":
                    assert all(h is not None for h in full["hands"]), where
                    expect = dict(full, hands=[h if s == seat else None for s, h in enumerate(full["hands"])])
                elif full["type"] in PRIVATE_CARD_TYPES:
                    assert full["card"] is not None, where
                    expect = full if full["seat"] == seat else dict(full, card=None)
                else:
                    expect = full
                assert mine == expect, f"{where}: {mine} != {expect}"


def _seats_in(event: dict[str, Any]) -> list[int]:
    seats = [
        event[k] for k in ("seat", "dealer", "forehand", "winner", "bidder", "by") if event.get(k) is not None
    ]
    return seats + list(event.get("bummerl", []))


def test_what_the_schema_cannot_know_matches_the_rules(played: list[Played]) -> None:
    """Facts that depend on the rules of the game: seats below players, list lengths, card order."""
    for game in played:
        players, hand_size = game.rules.players, game.rules.hand_size
        for event in game.full:
            where = f"{game.config} seed {game.seed}: {event}"
            assert all(0 <= s < players for s in _seats_in(event)), where
            if event["type"] == "hand_dealt":
                assert len(event["hands"]) == players, where
                for hand in event["hands"]:
                    assert len(hand) == hand_size, where
                    ids = [bieten.Card(c).id for c in hand]
                    assert ids == sorted(ids), where
                assert event["forehand"] == (event["dealer"] + 1) % players, where
            elif event["type"] in ("card_played", "trick_won"):
                assert event["trick"] < hand_size, where
            elif event["type"] in ("hand_scored", "game_over"):
                assert len(event["scores"]) == players, where
                if event["type"] == "hand_scored":
                    assert len(event["points"]) == players, where
                else:
                    assert event["bummerl"] == sorted(event["bummerl"]), where
                    assert event["scores"][event["winner"]] >= game.rules.target, where


FIGURE_ORDER = ("red", "green", "gleich", "hanger", "spiel")  # R8.1: the unbid figures' order
REASON_OF_OUTCOME = {"conceded": "conceded", "stands": "held", "raise_conceded": "raise_conceded"}
REASON_OF_OUTCOME["stands_three"] = "held_three"


def _check_hand(events: list[dict[str, Any]], rules: bieten.Rules, totals: list[int], where: str) -> None:
    """One hand's events in the order docs/events.md promises; adds the hand's points to totals."""
    n, types = rules.players, [e["type"] for e in events]
    dealt = types.index("hand_dealt")
    if rules.cut_steal:  # R3.7: card_seen, then (card_stolen, card_seen)*, then card_stolen or card_left
        assert types[0] == "card_seen" and types[dealt - 1] in ("card_stolen", "card_left"), where
    else:
        assert dealt == 0, where
    assert (types[dealt + 1] == "top_card_shown") == rules.show_top_card, where
    assert types.count("card_played") == n * rules.hand_size, where
    assert types.count("trick_won") == rules.hand_size, where
    assert types[-1] == "hand_scored", where
    bid_order: list[str] = []
    open_figure = None
    for e in events:  # R7.1: nothing else happens while a bid is being answered
        if open_figure is not None:
            assert e["type"] in ("answered", "bid_settled") and e["figure"] == open_figure, f"{where}: {e}"
            open_figure = None if e["type"] == "bid_settled" else open_figure
        elif e["type"] == "bid_opened":
            open_figure = e["figure"]
            bid_order.append(open_figure)
        else:
            assert e["type"] not in ("answered", "bid_settled"), f"{where}: {e}"
    settled = {e["figure"]: e for e in events if e["type"] == "bid_settled"}
    # R8.1: every credit of the hand, paid (figure_credited) or void (credit_void), once, in order,
    # right before hand_scored.
    settlement = [e for e in events if e["type"] in ("figure_credited", "credit_void")]
    order = [*bid_order, *(f for f in FIGURE_ORDER if f not in bid_order)]
    order += ["weli"] if rules.weli_point else []
    assert [e["figure"] for e in settlement] == order, f"{where}: {settlement}"
    assert types[-1 - len(order) : -1] == [e["type"] for e in settlement], where
    gained = [0] * n
    won = False
    for e in settlement:
        kind = e["reason"] if e["type"] == "figure_credited" else e["credit"]
        if e["type"] == "figure_credited":
            assert not won, f"{where}: {e} after the game was won (R8.2)"
            gained[e["seat"]] += e["points"]
            won = totals[e["seat"]] + gained[e["seat"]] >= rules.target
        else:  # R8.2: every credit after the winning one is void; before it only a nobody (R7.7, R6.6)
            assert (e["reason"] == "game_over") == won, f"{where}: {e}"
            assert e["seat"] is None or e["reason"] == "game_over", f"{where}: {e}"
        bid = settled.get(e["figure"])
        if bid is None:
            assert kind == ("weli_point" if e["figure"] == "weli" else "unbid"), f"{where}: {e}"
            continue
        assert (kind, e["points"]) == (REASON_OF_OUTCOME[bid["outcome"]], bid["stake"]), f"{where}: {e}"
        if bid["outcome"] == "conceded":  # R7.7: the bidder, or the raiser, gets it whoever has the figure
            assert e["seat"] == bid["bidder"], f"{where}: {e}"
        elif bid["outcome"] == "raise_conceded":
            assert e["seat"] == bid["by"], f"{where}: {e}"
    totals[:] = [t + g for t, g in zip(totals, gained, strict=True)]
    # credit_void adds nothing: the hand's points are the figure_credited points alone
    assert events[-1]["points"] == gained and events[-1]["scores"] == totals, f"{where}: {events[-1]}"


def test_each_hand_follows_the_documented_order_and_adds_up(played: list[Played]) -> None:
    for game in played:
        rules, where = game.rules, f"{game.config} seed {game.seed}"
        *body, over = game.full
        by_hand: dict[int, list[dict[str, Any]]] = {}
        for event in body:
            by_hand.setdefault(event["hand"], []).append(event)
        totals = [0] * rules.players
        dealers = []
        for hand, events in sorted(by_hand.items()):
            _check_hand(events, rules, totals, f"{where} hand {hand}")
            dealers.append(next(e["dealer"] for e in events if e["type"] == "hand_dealt"))
        assert dealers == [(dealers[0] + k) % rules.players for k in range(len(dealers))], where  # R2.2
        assert over["type"] == "game_over" and over["hand"] == body[-1]["hand"], where
        assert over["scores"] == totals, where
        low = min(totals)
        assert over["bummerl"] == [s for s, t in enumerate(totals) if t == low], where  # R8.3
        # R8.2: the first credit to reach the target ends the game, so only the winner is there
        assert [s for s, t in enumerate(totals) if t >= rules.target] == [over["winner"]], where


def test_the_sweep_exercises_every_branch_of_the_schema(played: list[Played]) -> None:
    seen: Counter[str] = Counter()
    for game in played:
        for event in game.full:
            kind = event["type"]
            seen[kind] += 1
            if kind == "answered":
                seen[f"answered:{event['stage']}:{event['answer']}"] += 1
            elif kind == "bid_settled":
                seen[f"bid_settled:{event['outcome']}"] += 1
            elif kind == "figure_credited":
                seen[f"figure_credited:{event['reason']}"] += 1
            elif kind == "credit_void":
                seen[f"credit_void:{event['reason']}"] += 1
                seen[f"credit_void:{event['reason']}:{event['credit']}"] += 1
                seen[f"credit_void:{event['reason']}:seat:{event['seat'] is not None}"] += 1
            elif kind == "card_played" and event["as"] is not None:
                seen[f"card_played:wild:{event['card']}"] += 1
    wanted = [
        *EVENT_TYPES,
        *(f"answered:bid:{a}" for a in ("good", "hold", "three")),
        *(f"answered:raise:{a}" for a in ("good", "hold")),
        *(f"answered:reraise:{a}" for a in ("three", "pass")),
        *(f"bid_settled:{o}" for o in ("conceded", "stands", "raise_conceded", "stands_three")),
        *(
            f"figure_credited:{r}"
            for r in ("unbid", "conceded", "held", "raise_conceded", "held_three", "weli_point")
        ),
        *(f"card_played:wild:{c}" for c in ("S6", "S7", "E7")),
        *(f"credit_void:{r}" for r in ("tie", "unheld", "game_over")),
        # the rarer voids (an unbid tie, a standing bid named away): pinned in tests/bieten/test_game_rules.py
        *(f"credit_void:unheld:{c}" for c in ("unbid", "weli_point")),
        *(
            f"credit_void:game_over:{c}"
            for c in ("unbid", "conceded", "held", "raise_conceded", "held_three", "weli_point")
        ),
        "credit_void:game_over:seat:True",
        "credit_void:game_over:seat:False",
    ]
    assert [w for w in wanted if not seen[w]] == []


# ---------------------------------------------------------------- what the schema refuses


def _example(played: list[Played], kind: str, **match: Any) -> dict[str, Any]:
    for game in played:
        for event in game.full:
            if event["type"] == kind and all(event.get(k) == v for k, v in match.items()):
                return copy.deepcopy(event)
    raise AssertionError(f"no {kind} event with {match} in the sweep")


def _mutations(played: list[Played]) -> list[tuple[str, Any]]:
    dealt = _example(played, "hand_dealt")
    played_card = _example(played, "card_played", **{"as": None})
    wild = next(
        copy.deepcopy(e) for g in played for e in g.full if e["type"] == "card_played" and e["as"] is not None
    )
    seen = _example(played, "card_seen")
    top = _example(played, "top_card_shown")
    answered = _example(played, "answered", stage="raise")
    settled = _example(played, "bid_settled", outcome="conceded")
    credited = _example(played, "figure_credited", reason="held_three")
    scored = _example(played, "hand_scored")
    over = _example(played, "game_over")
    unheld = _example(played, "credit_void", reason="unheld", credit="unbid", figure="red")
    after_win = _example(played, "credit_void", reason="game_over", credit="held_three")
    return [
        ("card X9", dict(played_card, card="X9")),
        ("card in lower case", dict(played_card, card=played_card["card"].lower())),
        ("the Weli's alias W", dict(played_card, card="W")),
        ("card with a trailing newline", dict(played_card, card=played_card["card"] + "\n")),
        ("card H6 (only the Bells have a six)", dict(played_card, card="H6")),
        ("card as a card id", dict(played_card, card=3)),
        ("unknown type", dict(played_card, type="card_burnt")),
        ("no type", {k: v for k, v in played_card.items() if k != "type"}),
        ("extra field", dict(played_card, comment="hi")),
        ("missing field", {k: v for k, v in played_card.items() if k != "trick"}),
        ("seat 5", dict(played_card, seat=5)),
        ("seat -1", dict(played_card, seat=-1)),
        ("seat as text", dict(played_card, seat="1")),
        ("seat as a bool", dict(played_card, seat=True)),
        ("negative seq", dict(played_card, seq=-1)),
        ("hand as a float", dict(played_card, hand=0.5)),
        ("trick 4", dict(played_card, trick=4)),
        ("a natural card played as another", dict(played_card, card="HA", **{"as": "HK"})),
        ("a wild named as the Weli", dict(wild, **{"as": "S6"})),
        ("a card_played field on another type", dict(copy.deepcopy(top), seat=0)),
        ("hidden face-up card", dict(top, card=None)),
        ("hand of two cards", dict(dealt, hands=[["HA", "HK"], *dealt["hands"][1:]])),
        ("a card twice in one hand", dict(dealt, hands=[["HA", "HA", "HK"], *dealt["hands"][1:]])),
        ("one seat's hands", dict(dealt, hands=[dealt["hands"][0]])),
        ("six hands", dict(dealt, hands=[None] * 6)),
        ("a card_seen without its card field", {k: v for k, v in seen.items() if k != "card"}),
        ("three to a raise", dict(answered, answer="three")),
        ("pass to a bid", dict(answered, stage="bid", answer="pass")),
        ("unknown answer", dict(answered, answer="double")),
        ("a conceded bid at 2", dict(settled, stake=2)),
        ("a conceded bid decided by a seat", dict(settled, by=0)),
        ("a held bid decided by nobody", dict(settled, outcome="stands", stake=2, by=None)),
        ("held at three for 2 points", dict(credited, points=2)),
        ("a bid on the Weli point", dict(credited, figure="weli")),
        ("the Weli point credited for red", dict(credited, figure="red", reason="weli_point", points=1)),
        ("a figure named in French", dict(credited, figure="rouge")),
        ("negative points in a hand", dict(scored, points=[-1, *scored["points"][1:]])),
        ("scores as one number", dict(scored, scores=sum(scored["scores"]))),
        ("a void credit with a paid credit's reason", dict(unheld, reason="held")),
        ("a void credit without its kind", {k: v for k, v in unheld.items() if k != "credit"}),
        ("an unheld figure that names a seat", dict(unheld, seat=0)),
        ("a tie with a seat", dict(unheld, reason="tie", figure="gleich", seat=0)),
        ("a tie on Red (R5.4: one highest card)", dict(unheld, reason="tie")),
        ("Spiel unheld (R6.4)", dict(unheld, figure="spiel")),
        ("a conceded bid void for nobody (R7.7)", dict(unheld, credit="conceded")),
        (
            "a raise conceded void for nobody",
            dict(after_win, credit="raise_conceded", points=2, reason="unheld", seat=None),
        ),
        ("a void held_three worth 2", dict(after_win, points=2)),
        ("the Weli point void for red", dict(unheld, credit="weli_point")),
        ("a void credit on the Weli as unbid", dict(unheld, figure="weli")),
        ("a void credit worth nothing", dict(unheld, points=0)),
        ("a void credit for seat 5", dict(after_win, seat=5)),
        ("no Bummerl", dict(over, bummerl=[])),
        ("a Bummerl seat twice", dict(over, bummerl=[over["bummerl"][0]] * 2)),
        ("event as a list", [played_card]),
    ]


def test_real_examples_of_the_mutated_events_are_valid(
    played: list[Played], validator: Draft202012Validator
) -> None:
    bases = [
        _example(played, "hand_dealt"),
        _example(played, "card_played", **{"as": None}),
        _example(played, "top_card_shown"),
        _example(played, "answered", stage="raise"),
        _example(played, "bid_settled", outcome="conceded"),
        _example(played, "figure_credited", reason="held_three"),
        _example(played, "credit_void", reason="unheld", credit="unbid", figure="red"),
        _example(played, "credit_void", reason="game_over", credit="held_three"),
    ]
    for event in bases:
        assert _errors(validator, event) is None, event


def test_invalid_events_are_rejected(played: list[Played], validator: Draft202012Validator) -> None:
    accepted = [(what, event) for what, event in _mutations(played) if validator.is_valid(event)]
    assert accepted == []


def test_a_hand_made_event_with_a_bad_card_is_rejected(validator: Draft202012Validator) -> None:
    good = {"type": "card_played", "seq": 5, "hand": 0, "seat": 1, "card": "S6", "as": "HK", "trick": 0}
    assert validator.is_valid(good)
    assert not validator.is_valid(dict(good, card="X9"))
    assert not validator.is_valid(dict(good, type="card_thrown"))
    assert not validator.is_valid(dict(good, extra=1))
    hidden = {"type": "card_stolen", "seq": 3, "hand": 2, "seat": 0, "card": None}
    assert validator.is_valid(hidden)
