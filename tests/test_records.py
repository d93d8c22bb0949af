"""Game records: to_json written by the core is json.dumps(to_record()), and from_json replays in C++."""

from __future__ import annotations

import json
import random

import pytest

import bieten
from bieten import Game, Rules


def played(rules: Rules, seed: int, actions: int, **options: object) -> Game:
    game = Game(rules, seed=seed, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    ids = game.legal_action_ids()
    for _ in range(actions):
        if not ids:
            break
        ids = game.step(rng.choice(ids))
    return game


@pytest.mark.parametrize(
    ("preset", "actions"),
    [
        ("tyrol", 0),
        ("tyrol", 45),
        ("welibieten", 80),
        ("spitzbieten", 120),
        ("south_tyrol", 90),
        ("bavaria", 400),
    ],
)
def test_to_json_is_json_dumps_of_to_record(preset: str, actions: int) -> None:
    game = played(Rules.preset(preset), 5, actions)
    assert game.to_json() == json.dumps(game.to_record())


def test_to_json_of_a_given_deal_names_its_deal_and_top_card() -> None:
    rules = Rules(players=2, show_top_card=True)
    game = Game(rules, 1, deal=[["HK", "L9", "EU"], ["H10", "H7", "EO"]], top_card="SA")
    record = json.loads(game.to_json())
    assert record["deal"] == [["HK", "L9", "EU"], ["H10", "H7", "EO"]]
    assert record["top_card"] == "SA"
    assert game.to_json() == json.dumps(game.to_record())


def test_apply_all_applies_in_order_and_a_refusal_keeps_the_actions_before_it() -> None:
    source = played(Rules(), 9, 30)
    texts = source.history
    game = Game(Rules(), seed=9)
    game.apply_all(texts[:10])
    assert game.history == texts[:10]
    # A refused action raises as apply() does, with the actions before it applied (R9).
    with pytest.raises(bieten.ActionError, match="'bid spiel and more' is not an action"):
        game.apply_all([*texts[10:20], "bid spiel and more", *texts[20:]])
    assert game.history == texts[:20] and game.ply == 20
    with pytest.raises(bieten.IllegalActionError):
        game.apply_all([*texts[20:25], texts[0]])
    assert game.ply == 25
    game.apply_all([])
    game.apply_all(source.history_ids()[25:])  # ids as well as texts
    assert game == source


def test_from_json_reports_the_refused_action_by_index() -> None:
    game = played(Rules(), 4, 12)
    record = game.to_record()
    record["actions"][7] = "play EA as HK"  # no wild in these rules
    refusal = r"^from_json: action 7 'play EA as HK' is refused: R11: "
    with pytest.raises(bieten.GameRecordError, match=refusal):
        Game.from_record(record)


def test_texts_parse_in_any_case_and_spacing_as_before() -> None:
    """The exact canonical texts take a fast path; every other spelling still goes to the parser."""
    spellings = [("PLAY hk", "play HK"), ("bid  Red", "bid red"), ("play w as hk", "play S6 as HK")]
    for text, canonical in spellings:
        assert str(bieten.Action(text)) == canonical


def _spellings(record: dict) -> list[str]:
    """One record written in ways to_json does not write it (each read through the core's tree, where
    a record of to_json's own shape is read straight from the parser's events) and in ways it does."""
    reordered = dict(reversed(list(record.items())))
    real_numbers = dict(record, version=1.0, hand_number=float(record["hand_number"]))
    partial_rules = dict(record, rules={"players": record["rules"]["players"]})
    unsaid = {k: v for k, v in record.items() if k not in ("hand_number", "scores", "hands")}
    return [
        json.dumps(record),
        json.dumps(record, indent=2),
        json.dumps(reordered),
        json.dumps(real_numbers),
        json.dumps(partial_rules),
        json.dumps(unsaid),
        json.dumps(dict(record, seed=str(record["seed"]))),  # refused (R3.2)
    ]


@pytest.mark.parametrize("game_class", ["bieten", "schnapsen"])
def test_a_record_reads_the_same_by_either_way_through_the_core(game_class: str) -> None:
    # record::read takes a record of to_json's shape the quick way (core/record_scan.hpp) and any
    # other through the tree; both give the same game, and the same refusal.
    if game_class == "bieten":
        game = played(Rules.preset("tyrol"), 11, 60)
        cls: type = Game
    else:
        from bieten import schnapsen

        game = schnapsen.Game(schnapsen.Rules.preset("bauernschnapsen"), seed=11)
        rng = random.Random(11)
        for _ in range(60):
            ids = game.legal_action_ids()
            if not ids:
                break
            game.step(rng.choice(ids))
        cls = schnapsen.Game
    record = json.loads(game.to_json())
    *accepted, refused = _spellings(record)
    for text in accepted:
        restored = cls.from_json(text)
        assert restored == game
        assert restored.to_json() == game.to_json()
    with pytest.raises(bieten.GameRecordError, match="seed must be an integer"):
        cls.from_json(refused)
    # A said state that the actions do not reach: the same message whichever way the record came.
    wrong = dict(record, scores=[s + 1 for s in record["scores"]])
    messages = set()
    for text in (json.dumps(wrong), json.dumps(dict(wrong, version=1.0))):
        with pytest.raises(bieten.GameRecordError) as refusal:
            cls.from_json(text)
        messages.add(str(refusal.value))
    assert len(messages) == 1 and "the record says scores" in messages.pop()
