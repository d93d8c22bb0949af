"""docs/security.md: each guarantee the engine makes to a front end (R9, R3.7, R4.4)."""

from __future__ import annotations

import json

import pytest

import bieten
from bieten import Game, GameRecordError, IllegalActionError, Rules


def a_game_in_progress() -> Game:
    game = Game(Rules(players=3), seed=42)
    for _ in range(7):
        game.apply(game.legal_action_ids()[0])
    return game


def test_an_action_from_a_seat_not_to_act_is_refused_and_changes_nothing() -> None:
    game = a_game_in_progress()
    before = game.to_json()
    other = (game.current_player + 1) % 3
    action = game.legal_actions()[0]
    with pytest.raises(
        IllegalActionError, match=rf"^R9: seat {other} is not to act; seat {game.current_player} "
    ):
        game.apply(action, seat=other)
    assert game.to_json() == before
    game.apply(action, seat=game.current_player)


def test_a_stale_or_replayed_action_is_refused_by_its_ply() -> None:
    game = a_game_in_progress()
    ply = game.ply
    action = game.legal_actions()[0]
    game.apply(action, ply=ply)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=rf"sent for ply {ply}, but the game is at ply {ply + 1}"):
        game.apply(game.legal_actions()[0], ply=ply)  # the same message again
    assert game.to_json() == before


def test_events_for_a_seat_never_show_another_seats_unplayed_cards() -> None:
    game = a_game_in_progress()
    for seat in range(3):
        for event in game.events_for(seat):
            data = event.to_dict()
            if data["type"] == "hand_dealt":
                assert [h is not None for h in data["hands"]] == [s == seat for s in range(3)]


def test_the_cutters_seen_cards_are_his_alone_r3_7() -> None:
    game = Game(Rules.preset("south_tyrol", players=3), seed=5)
    cutter = game.current_player
    game.apply("steal")
    for seat in range(3):
        cards = [e["card"] for e in game.events_for(seat) if e.type in ("card_seen", "card_stolen")]
        assert cards and all((c is not None) == (seat == cutter) for c in cards)


def tampered(game: Game, change: str) -> str:
    record = json.loads(game.to_json())
    if change == "scores":
        record["scores"][0] += 1
    elif change == "hands":
        record["hands"][0][0] = "HA" if record["hands"][0][0] != "HA" else "HK"
    elif change == "seed":
        record["seed"] += 1
    elif change == "drop_action":
        del record["actions"][3]
    elif change == "swap_actions":
        record["actions"][0], record["actions"][1] = record["actions"][1], record["actions"][0]
    elif change == "bad_action":
        record["actions"][2] = "play XX"
    elif change == "deal":
        record["deal"] = [["HA", "HK", "HO"], ["LA", "LK", "LO"], ["SA", "SK", "SO"]]
    elif change == "hand_number":
        record["hand_number"] += 1
    elif change == "unknown_field":
        record["signature"] = "x"
    elif change == "version":
        record["version"] = 99
    return json.dumps(record)


@pytest.mark.parametrize(
    "change",
    [
        "scores",
        "hands",
        "seed",
        "drop_action",
        "swap_actions",
        "bad_action",
        "deal",
        "hand_number",
        "unknown_field",
        "version",
    ],
)
def test_a_tampered_record_is_refused(change: str) -> None:
    game = a_game_in_progress()
    Game.from_json(game.to_json())  # the untouched record loads
    with pytest.raises(GameRecordError, match=r"^from_json: "):
        Game.from_json(tampered(game, change))


def test_records_that_are_not_records_are_refused() -> None:
    for text in ["", "[]", "null", "{", '{"format": "bieten-game"}', "\x00"]:
        with pytest.raises(GameRecordError):
            Game.from_json(text)


def test_refusals_are_value_errors_naming_the_rule() -> None:
    assert issubclass(IllegalActionError, ValueError) and issubclass(GameRecordError, ValueError)
    game = a_game_in_progress()
    with pytest.raises(bieten.BietenError, match=r"^R\d"):
        game.apply("steal")
