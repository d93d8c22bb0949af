"""R6 figures: bieten.evaluate and bieten.evaluate_batch on complete natural hands, exact winners."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import bieten
from bieten import CardError, CardSet, HandError, Rules, _core, evaluate, evaluate_batch


def rules_for(hands: list[list[str]], preset: str = "tyrol", **knobs: Any) -> Rules:
    return Rules.preset(preset, players=len(hands), hand_size=len(hands[0]), **knobs)


def E(hands: list[list[str]], preset: str = "tyrol", **knobs: Any) -> dict[str, int | None]:
    """evaluate() with rules sized to the hands."""
    return evaluate(hands, rules_for(hands, preset, **knobs))


def W(red: int | None, green: int | None, gleich: int | None, hanger: int | None, weli: int | None) -> dict:
    """The expected result under weli_point rules (tyrol)."""
    return {"red": red, "green": green, "gleich": gleich, "hanger": hanger, "weli": weli}


def test_conformance_example() -> None:
    hands = [["HA", "HK", "E7"], ["LA", "SA", "S6"]]
    result = evaluate(hands, Rules(players=2))
    assert result == W(0, 1, 1, 0, 1)
    assert list(result) == ["red", "green", "gleich", "hanger", "weli"]
    assert bieten.EVAL_COLUMNS == ("red", "green", "gleich", "hanger", "weli")


# ---------------------------------------------------------------- R6.1 Red and Green


def test_r6_1_red_and_green_go_to_the_highest_hearts_and_leaves_card() -> None:
    hands = [["H9", "LA", "E8"], ["HK", "L7", "S9"], ["H10", "L8", "EO"]]
    assert E(hands) == W(1, 0, None, None, None)


def test_r6_1_a_lone_seven_wins_red_when_it_is_the_only_hearts_card() -> None:
    hands = [["H7", "SA", "S6"], ["LA", "EA", "E10"]]
    assert E(hands) == W(0, 1, 1, None, 0)


def test_r6_1_nobody_wins_red_when_no_hearts_card_was_dealt() -> None:
    hands = [["LA", "SK", "E7"], ["L7", "S8", "EK"]]
    assert E(hands) == W(None, 0, None, None, None)


def test_r6_1_nobody_wins_green_when_no_leaves_card_was_dealt() -> None:
    hands = [["HA", "SK", "E7"], ["H7", "S8", "EK"]]
    assert E(hands) == W(0, None, None, None, None)


def test_r6_1_nobody_wins_red_or_green_with_only_bells_and_acorns() -> None:
    hands = [["SA", "SK", "E7"], ["EA", "S8", "S6"]]
    assert E(hands) == W(None, None, None, 0, 1)


def test_r6_1_red_and_green_with_five_players() -> None:
    hands = [
        ["HA", "LA", "S7"],
        ["HK", "HO", "E7"],
        ["LK", "SK", "EK"],
        ["L9", "L8", "L7"],
        ["E10", "E9", "S6"],
    ]
    # Three Kings win Gleich; L9 L8 L7 is the only 3-run.
    assert E(hands) == W(0, 0, 2, 3, 4)


# ---------------------------------------------------------------- R6.2 Gleich


def test_r6_2_gleich_size_beats_rank_three_sevens_beat_two_sows() -> None:
    hands = [["H7", "L7", "S7"], ["HA", "LA", "E9"]]
    assert E(hands) == W(1, 1, 0, None, None)


def test_r6_2_gleich_three_sevens_beat_two_sows_with_three_players() -> None:
    hands = [["H7", "L7", "S7"], ["HA", "LA", "EK"], ["SA", "EA", "SK"]]
    assert E(hands) == W(1, 1, 0, 2, None)


def test_r6_2_four_sows_are_the_highest_gleich_in_four_card_hands() -> None:
    hands = [["HA", "LA", "SA", "EA"], ["HK", "LK", "SK", "HO"]]
    assert E(hands) == W(0, 0, 0, 1, None)


def test_r6_2_four_sevens_beat_three_sows() -> None:
    hands = [["H7", "L7", "S7", "E7"], ["HA", "LA", "SA", "EK"]]
    assert E(hands) == W(1, 1, 0, None, None)


def test_r6_2_three_of_a_kind_beats_two_pairs_in_one_hand() -> None:
    # Seat 1 holds two pairs (Sows, Kings); seat 0's three Unters still win.
    hands = [["HU", "LU", "SU", "E9"], ["HA", "LA", "SK", "EK"]]
    assert E(hands) == W(1, 1, 0, None, None)


def test_r6_2_pairs_compare_by_rank() -> None:
    # Sows (Bells, Acorns) beat Kings (Hearts, Leaves): rank before suit.
    hands = [["SA", "EA", "H9"], ["HK", "LK", "E8"]]
    assert E(hands) == W(1, 1, 0, None, None)


def test_r6_2_pair_of_unters_beats_pair_of_tens() -> None:
    hands = [["H10", "L10", "E8"], ["SU", "EU", "S8"], ["HA", "S9", "L7"]]
    assert E(hands) == W(2, 0, 1, None, None)


def test_r6_2_a_players_best_pair_is_his_highest() -> None:
    # Seat 0 holds Sows and Sevens, seat 1 Kings and Obers: seat 0's Sows win.
    hands = [["HA", "LA", "H7", "L7"], ["SK", "EK", "SO", "EO"]]
    assert E(hands) == W(0, 0, 0, 1, None)


def test_r6_2_the_weli_makes_no_set() -> None:
    hands = [["E7", "S6", "HA"], ["H7", "LK", "EU"]]
    assert E(hands) == W(0, 1, None, None, 0)


# ---------------------------------------------------------------- R6.3 Hanger


def test_r6_3_hanger_length_beats_top() -> None:
    hands = [["E9", "E8", "E7"], ["HA", "HK", "LA"]]
    assert E(hands) == W(1, 1, 1, 0, None)


def test_r6_3_hanger_highest_top_wins_among_equal_lengths() -> None:
    hands = [["L9", "L8", "HA"], ["H10", "H9", "E7"]]
    assert E(hands) == W(0, 0, None, 1, None)


def test_r6_3_a_gap_is_no_run() -> None:
    hands = [["HA", "HO", "L7"], ["S9", "E8", "E7"]]
    assert E(hands) == W(0, 0, None, 1, None)


def test_r6_3_runs_do_not_wrap_from_seven_to_sow() -> None:
    hands = [["H7", "HA", "L9"], ["S10", "E8", "EK"]]
    assert E(hands) == W(0, 0, None, None, None)


def test_r6_3_weli_continues_bells_s8_s7_s6_is_a_three_run() -> None:
    hands = [["S8", "S7", "S6"], ["HA", "HK", "LA"]]
    assert E(hands) == W(1, 1, 1, 0, 0)


def test_r6_3_weli_continues_bells_s7_s6_is_a_two_run() -> None:
    hands = [["S7", "S6", "HA"], ["LA", "EK", "H9"]]
    assert E(hands) == W(0, 1, None, 0, 0)


def test_r6_3_s7_s6_is_topped_by_the_seven_and_loses_to_e8_e7() -> None:
    hands = [["S7", "S6", "HA"], ["E8", "E7", "LK"]]
    assert E(hands) == W(0, 1, None, 1, 0)


def test_r6_3_s8_s7_s6_loses_to_e9_e8_e7() -> None:
    hands = [["S8", "S7", "S6"], ["E9", "E8", "E7"]]
    assert E(hands) == W(None, None, None, 1, 0)


def test_r6_3_the_weli_continues_only_the_seven_of_bells() -> None:
    # S8 S6 (gap), E7 S6 (other suit): no runs.
    assert E([["S8", "S6", "HA"], ["LA", "EK", "H9"]]) == W(0, 1, None, None, 0)
    assert E([["E7", "S6", "HA"], ["H7", "LK", "EU"]]) == W(0, 1, None, None, 0)


def test_r6_3_the_weli_run_also_counts_in_bavaria() -> None:
    hands = [["S8", "S7", "S6"], ["HA", "HK", "LA"]]
    assert E(hands, "bavaria") == {"red": 1, "green": 1, "gleich": 1, "hanger": 0}


def test_r6_3_four_run_beats_three_run() -> None:
    hands = [["HA", "HK", "HO", "HU"], ["LA", "LK", "LO", "SA"]]
    assert E(hands) == W(0, 1, 1, 0, None)


def test_r6_3_a_low_four_run_beats_a_sow_topped_three_run() -> None:
    hands = [["E10", "E9", "E8", "E7"], ["HA", "HK", "HO", "LA"]]
    assert E(hands) == W(1, 1, 1, 0, None)


def test_r6_3_four_run_ending_in_the_weli() -> None:
    hands = [["S9", "S8", "S7", "S6"], ["HA", "HK", "HO", "LA"]]
    assert E(hands) == W(1, 1, 1, 0, 0)


def test_r6_3_three_run_beats_two_two_runs() -> None:
    hands = [["HK", "HO", "HU", "H7"], ["LA", "LK", "SA", "SK"]]
    assert E(hands, "bavaria") == {"red": 0, "green": 1, "gleich": 1, "hanger": 0}


def test_r6_3_a_players_best_of_two_runs_is_the_highest_topped() -> None:
    # Seat 0: H8 H7 and EA EK (top Sow); seat 1: HK HO and L9 L8 (top King).
    hands = [["H8", "H7", "EA", "EK"], ["HK", "HO", "L9", "L8"]]
    assert E(hands) == W(1, 1, None, 0, None)


def test_r6_3_two_runs_in_one_hand_the_better_suit_counts() -> None:
    # Both seats' best runs are topped by the Sow: Acorns (seat 0) against Leaves (seat 1).
    hands = [["H8", "H7", "EA", "EK"], ["LA", "LK", "S9", "S8"]]
    assert E(hands) == W(0, 1, None, 1, None)
    assert E(hands, ties="no_point") == W(0, 1, None, None, None)


# ---------------------------------------------------------------- R6.5 ties


def test_r6_5_gleich_tie_leaves_win_under_suit_priority() -> None:
    hands = [["HO", "SO", "E9"], ["LO", "EO", "H9"]]
    assert E(hands) == W(0, 1, 1, None, None)


def test_r6_5_gleich_tie_gives_nobody_under_no_point() -> None:
    hands = [["HO", "SO", "E9"], ["LO", "EO", "H9"]]
    assert E(hands, ties="no_point") == W(0, 1, None, None, None)


def test_r6_5_gleich_tie_hearts_leaves_pair_beats_bells_acorns_pair() -> None:
    hands = [["HK", "LK", "S9"], ["SK", "EK", "H7"]]
    assert E(hands) == W(0, 0, 0, None, None)
    assert E(hands, ties="no_point") == W(0, 0, None, None, None)


def test_r6_5_hanger_tie_leaves_beat_hearts() -> None:
    hands = [["HU", "H10", "S9"], ["LU", "L10", "E9"]]
    assert E(hands) == W(0, 1, None, 1, None)
    assert E(hands, ties="no_point") == W(0, 1, None, None, None)


def test_r6_5_hanger_tie_hearts_beat_bells() -> None:
    hands = [["HU", "H10", "L9"], ["SU", "S10", "E9"]]
    assert E(hands) == W(0, 0, None, 0, None)
    assert E(hands, ties="no_point") == W(0, 0, None, None, None)


def test_r6_5_hanger_tie_hearts_beat_acorns() -> None:
    hands = [["EA", "EK", "L9"], ["HA", "HK", "S9"]]
    assert E(hands) == W(1, 0, None, 1, None)


def test_r6_5_hanger_tie_leaves_beat_bells() -> None:
    hands = [["SO", "SU", "E9"], ["LO", "LU", "H9"]]
    assert E(hands) == W(1, 1, None, 1, None)


def test_r6_5_hanger_tie_bells_against_acorns_gives_nobody() -> None:
    hands = [["SK", "SO", "H7"], ["EK", "EO", "L7"]]
    assert E(hands) == W(0, 1, None, None, None)
    assert E(hands, ties="no_point") == W(0, 1, None, None, None)


def test_r6_5_bells_acorns_tie_at_the_top_is_not_passed_to_a_lower_run() -> None:
    # Seat 2's Leaves run is lower (top 9); the tied King-topped runs leave Hanger to nobody.
    hands = [["SK", "SO", "H7"], ["EK", "EO", "H8"], ["L9", "L8", "HA"]]
    assert E(hands) == W(2, 2, None, None, None)


def test_r6_5_three_equal_runs_hearts_beats_bells_and_acorns() -> None:
    hands = [["SK", "SO", "L7"], ["EK", "EO", "L8"], ["HK", "HO", "H7"]]
    assert E(hands) == W(2, 1, None, 2, None)


def test_r6_5_a_players_own_best_run_is_chosen_by_suit_too() -> None:
    # Seat 0 has King-topped runs in Leaves and Bells, seat 1 in Hearts and Acorns: seat 0's Leaves
    # run is best. Likewise the pairs of Kings: seat 0's contains Leaves.
    hands = [["LK", "LO", "SK", "SO"], ["HK", "HO", "EK", "EO"]]
    assert E(hands) == W(1, 0, 0, 0, None)
    assert E(hands, ties="no_point") == W(1, 0, None, None, None)


def test_r6_5_tied_lower_runs_do_not_stop_a_higher_run_five_players() -> None:
    hands = [
        ["SU", "S10", "HA", "L7"],
        ["EU", "E10", "HK", "L8"],
        ["H9", "H8", "SA", "EA"],
        ["LA", "LK", "S7", "E8"],
        ["HO", "LO", "SK", "E9"],
    ]
    # Seats 0 and 1 tie with Unter-topped runs (Bells, Acorns) below seat 3's LA LK.
    # Gleich: seat 2's Sows (SA EA) against seat 4's Obers: Sows.
    assert E(hands) == W(0, 3, 2, 3, None)


# ---------------------------------------------------------------- R6.6 the Weli point


def test_r6_6_weli_point_goes_to_the_seat_dealt_the_weli() -> None:
    hands = [["HA", "LK", "E8"], ["HK", "L7", "S9"], ["H10", "S6", "EO"]]
    assert E(hands) == W(0, 0, None, None, 2)


def test_r6_6_weli_point_nobody_when_the_weli_was_not_dealt() -> None:
    hands = [["HA", "LK", "E8"], ["HK", "L7", "S9"], ["H10", "L8", "EO"]]
    result = E(hands)
    assert "weli" in result
    assert result["weli"] is None


def test_r6_6_no_weli_key_without_weli_point() -> None:
    hands = [["HA", "LK", "E8"], ["HK", "L7", "S9"], ["H10", "S6", "EO"]]
    expected = {"red": 0, "green": 0, "gleich": None, "hanger": None}
    assert E(hands, "bavaria") == expected
    assert E(hands, "tyrol", weli_point=False) == expected
    assert list(E(hands, "bavaria")) == ["red", "green", "gleich", "hanger"]


def test_r6_6_weli_absent_from_wild_presets_with_natural_sevens() -> None:
    # Under welibieten the Bells 7 is natural and may be evaluated; no weli key.
    hands = [["HA", "HK", "E7"], ["LA", "SA", "S7"]]
    assert E(hands, "welibieten") == {"red": 0, "green": 1, "gleich": 1, "hanger": 0}
    assert E(hands, "south_tyrol") == {"red": 0, "green": 1, "gleich": 1, "hanger": 0}


def test_evaluate_accepts_ids_cards_and_aliases() -> None:
    expected = W(0, 1, 1, 0, 1)
    assert evaluate([[0, 1, 31], [8, 16, 32]], Rules(players=2)) == expected
    assert evaluate([["ha", "hk", "e7"], ["la", "sa", "W"]], Rules(players=2)) == expected
    assert evaluate([[bieten.Card("HA"), "HK", 31], CardSet("LA SA Weli")], Rules(players=2)) == expected
    assert evaluate((("E7", "HK", "HA"), ("S6", "SA", "LA")), Rules(players=2)) == expected


# ---------------------------------------------------------------- evaluate input errors


def check(error: type[Exception], rule: str, hands: Any, rules: Rules, *parts: str) -> None:
    with pytest.raises(error) as info:
        evaluate(hands, rules)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message.startswith(rule + ":"), message
    for part in parts:
        assert part in message, (part, message)


def test_r2_1_evaluate_refuses_the_wrong_number_of_seats() -> None:
    check(HandError, "R2.1", [["HA", "HK", "E7"]], Rules(players=2), "(2)", "got 1")
    check(
        HandError,
        "R2.1",
        [["HA", "HK", "E7"], ["LA", "SA", "S6"], ["LK", "SK", "EK"]],
        Rules(players=2),
        "(2)",
        "got 3",
    )
    check(HandError, "R2.1", [], Rules(players=4), "(4)", "got 0")


@pytest.mark.parametrize("hands", ["HA HK", None, 5, {0: ["HA"]}])
def test_r2_1_evaluate_refuses_hands_that_are_not_a_list(hands: Any) -> None:
    check(HandError, "R2.1", hands, Rules(players=2))


def test_r3_6_evaluate_refuses_a_hand_given_as_one_string() -> None:
    check(HandError, "R3.6", ["HA HK E7", "LA SA S6"], Rules(players=2), "seat 0", "'HA HK E7'")


def test_evaluate_refuses_a_hand_that_is_none() -> None:
    with pytest.raises(ValueError):
        evaluate([None, ["LA", "SA", "S6"]], Rules(players=2))


def test_r3_6_evaluate_refuses_the_wrong_hand_size() -> None:
    check(
        HandError,
        "R3.6",
        [["HA", "HK"], ["LA", "SA", "S6"]],
        Rules(players=2),
        "seat 0",
        "2 cards",
        "hand_size is 3",
    )
    check(
        HandError,
        "R3.6",
        [["HA", "HK", "E7"], ["LA", "SA", "S6", "E8"]],
        Rules(players=2),
        "seat 1",
        "4 cards",
        "hand_size is 3",
    )
    check(
        HandError,
        "R3.6",
        [["HA", "HK", "E7"], ["LA", "SA", "S6"]],
        Rules(players=2, hand_size=4),
        "seat 0",
        "3 cards",
        "hand_size is 4",
    )


def test_r1_4_evaluate_refuses_a_card_twice_in_one_hand() -> None:
    check(
        HandError, "R1.4", [["HA", "HK", "ha"], ["LA", "SA", "S6"]], Rules(players=2), "seat 0", "HA", "twice"
    )
    check(HandError, "R1.4", [["HA", "HK", "E7"], ["LA", "W", "S6"]], Rules(players=2), "seat 1", "S6")


def test_r1_4_evaluate_refuses_a_card_held_by_two_seats() -> None:
    check(HandError, "R1.4", [["HA", "HK", "E7"], ["HA", "SA", "S6"]], Rules(players=2), "seat 1", "HA")
    check(
        HandError,
        "R1.4",
        [["HA", "HK", "E7"], ["LA", "SA", "S6"], ["E9", "E8", "hk"]],
        Rules(players=3),
        "seat 2",
        "HK",
    )


@pytest.mark.parametrize(
    ("preset", "hands", "seat", "card"),
    [
        ("welibieten", [["HA", "HK", "E7"], ["LA", "SA", "S6"]], 1, "S6"),
        ("welibieten", [["HA", "HK", "W"], ["LA", "SA", "L9"]], 0, "S6"),
        ("south_tyrol", [["HA", "HK", "E7"], ["LA", "SA", "S6"]], 1, "S6"),
        ("spitzbieten", [["HA", "HK", "S7"], ["LA", "SA", "L9"]], 0, "S7"),
        ("spitzbieten", [["HA", "HK", "L7"], ["LA", "SA", "E7"]], 1, "E7"),
        ("spitzbieten", [["HA", "HK", "L7"], ["LA", "SA", "S6"]], 1, "S6"),
    ],
)
def test_r5_1_evaluate_refuses_a_wild_card_of_these_rules(
    preset: str, hands: list[list[str]], seat: int, card: str
) -> None:
    check(HandError, "R5.1", hands, Rules.preset(preset, players=2), f"seat {seat}", card, "wild")


@pytest.mark.parametrize("bad", ["X7", "H6", "S5", "", "HA "])
def test_r1_5_evaluate_refuses_bad_card_text(bad: str) -> None:
    check(CardError, "R1.5", [["HA", "HK", bad], ["LA", "SA", "L9"]], Rules(players=2), f"'{bad}'")


@pytest.mark.parametrize(("bad", "rule"), [(33, "R1.4"), (-1, "R1.4"), (1.5, "R1.5"), (None, "R1.5")])
def test_evaluate_refuses_bad_card_values(bad: object, rule: str) -> None:
    check(CardError, rule, [["HA", "HK", bad], ["LA", "SA", "L9"]], Rules(players=2))


def test_evaluate_needs_rules() -> None:
    with pytest.raises(TypeError):
        evaluate([["HA", "HK", "E7"], ["LA", "SA", "S6"]], Rules(players=2).to_dict())  # type: ignore[arg-type]


# ---------------------------------------------------------------- evaluate_batch


def as_texts(row: np.ndarray) -> list[list[str]]:
    return [str(CardSet.from_mask(int(m))).split() for m in row]


def expected_row(result: dict[str, int | None]) -> list[int]:
    return [-1 if result.get(name) is None else result[name] for name in bieten.EVAL_COLUMNS]


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2),
        Rules(players=3, hand_size=4),
        Rules(players=4),
        Rules(players=5, hand_size=4),
        Rules.preset("bavaria", players=5),
        Rules.preset("bavaria", players=3, ties="no_point"),
        Rules(players=4, hand_size=4, ties="no_point"),
    ],
)
def test_evaluate_batch_matches_evaluate_row_by_row(rules: Rules) -> None:
    masks = bieten.random_deals(300, rules, seed=rules.players * 7 + rules.hand_size)
    out = evaluate_batch(masks, rules)
    assert out.shape == (300, 5)
    assert out.dtype == np.int8
    for row, got in zip(masks, out, strict=True):
        assert got.tolist() == expected_row(evaluate(as_texts(row), rules))
    assert np.array_equal(evaluate_batch(masks, rules, validate=False), out)


PRESET_TABLES = [
    Rules.preset(name, players=players, hand_size=hand_size, **extra)
    for name in Rules.PRESETS
    if Rules.preset(name).wild == "none"  # evaluate_batch judges natural hands only (R5.1)
    for players in (2, 3, 4, 5)
    for hand_size in (3, 4)
    for extra in ({}, {"ties": "no_point"})
]


@pytest.mark.parametrize("rules", PRESET_TABLES, ids=str)
def test_evaluate_batch_every_vector_path_gives_the_portable_winners(rules: Rules) -> None:
    """R6: the AVX2 and AVX-512 paths of evaluate_batch (where this CPU has them) judge 10,001 random
    deals of every preset without wild cards exactly as the portable one-deal-at-a-time path."""
    masks = bieten.random_deals(10_001, rules, seed=rules.players)
    portable = _core.evaluate_batch(masks, rules._core, True, "portable")
    for isa in _core.batch_isas():
        assert np.array_equal(_core.evaluate_batch(masks, rules._core, True, isa), portable), isa
    assert np.array_equal(evaluate_batch(masks, rules), portable)


def test_evaluate_batch_refuses_a_path_this_cpu_lacks() -> None:
    masks = bieten.random_deals(3, Rules(), seed=1)
    with pytest.raises(ValueError, match="evaluate_batch: no path 'sse9' on this CPU"):
        _core.evaluate_batch(masks, Rules()._core, True, "sse9")
    assert _core.batch_isas()[-1] == "portable"


def test_evaluate_batch_matches_evaluate_on_wild_rules_without_wild_cards() -> None:
    rules = Rules.preset("spitzbieten", players=3)
    masks = bieten.random_deals(400, rules, seed=3)
    wild = CardSet("S6 S7 E7").mask
    natural = masks[(np.bitwise_or.reduce(masks, axis=1) & np.uint64(wild)) == 0]
    assert len(natural) > 50
    out = evaluate_batch(natural, rules)
    for row, got in zip(natural, out, strict=True):
        assert got.tolist() == expected_row(evaluate(as_texts(row), rules))


def test_evaluate_batch_exact_rows() -> None:
    rows = [
        [["HA", "HK", "E7"], ["LA", "SA", "S6"]],
        [["H7", "L7", "S7"], ["HA", "LA", "E9"]],
        [["SK", "SO", "H7"], ["EK", "EO", "L7"]],
        [["HU", "H10", "S9"], ["LU", "L10", "E9"]],
    ]
    masks = np.array([[CardSet(h).mask for h in row] for row in rows], dtype=np.uint64)
    assert evaluate_batch(masks, Rules(players=2)).tolist() == [
        [0, 1, 1, 0, 1],
        [1, 1, 0, -1, -1],
        [0, 1, -1, -1, -1],
        [0, 1, -1, 1, -1],
    ]
    assert evaluate_batch(masks, Rules(players=2, ties="no_point")).tolist() == [
        [0, 1, 1, 0, 1],
        [1, 1, 0, -1, -1],
        [0, 1, -1, -1, -1],
        [0, 1, -1, -1, -1],
    ]


def test_r6_6_evaluate_batch_weli_column_is_minus_one_without_weli_point() -> None:
    rows = [[["HA", "HK", "E7"], ["LA", "SA", "S6"]], [["S6", "HK", "E7"], ["LA", "SA", "H9"]]]
    masks = np.array([[CardSet(h).mask for h in row] for row in rows], dtype=np.uint64)
    assert evaluate_batch(masks, Rules(players=2))[:, 4].tolist() == [1, 0]
    assert evaluate_batch(masks, Rules.preset("bavaria", players=2))[:, 4].tolist() == [-1, -1]
    big = bieten.random_deals(500, Rules.preset("bavaria"), seed=9)
    assert (evaluate_batch(big, Rules.preset("bavaria"))[:, 4] == -1).all()
    # With the Weli point, the column names the seat holding S6 (or -1 when it is undealt).
    tyrol = evaluate_batch(big, Rules())[:, 4]
    holder = [next((s for s, m in enumerate(row) if int(m) >> 32 & 1), -1) for row in big]
    assert tyrol.tolist() == holder
    assert -1 in holder and 0 in holder


def test_evaluate_batch_accepts_other_integer_arrays_and_lists() -> None:
    rules = Rules(players=3)
    masks = bieten.random_deals(20, rules, seed=1)
    out = evaluate_batch(masks, rules)
    assert np.array_equal(evaluate_batch(masks.astype(np.int64), rules), out)
    assert np.array_equal(evaluate_batch([[int(m) for m in row] for row in masks], rules), out)
    assert np.array_equal(evaluate_batch(np.asfortranarray(masks), rules), out)
    assert np.array_equal(evaluate_batch(masks[::-1], rules), out[::-1])


def test_evaluate_batch_of_no_deals() -> None:
    out = evaluate_batch(np.zeros((0, 4), dtype=np.uint64), Rules())
    assert out.shape == (0, 5)
    assert out.dtype == np.int8


@pytest.mark.parametrize(
    ("shape", "shown"),
    [((4,), "(4,)"), ((3, 2), "(3, 2)"), ((3, 5), "(3, 5)"), ((2, 4, 1), "(2, 4, 1)"), ((), "()")],
)
def test_r2_1_evaluate_batch_refuses_the_wrong_shape(shape: tuple[int, ...], shown: str) -> None:
    with pytest.raises(HandError) as info:
        evaluate_batch(np.zeros(shape, dtype=np.uint64), Rules())
    message = str(info.value)
    assert message.startswith("R2.1:")
    assert "(deals, 4)" in message
    assert message.endswith(f"not {shown}")


@pytest.mark.parametrize("dtype", [np.float64, np.float32, object, np.bool_, np.complex128])
def test_r1_4_evaluate_batch_refuses_a_non_integer_dtype(dtype: Any) -> None:
    masks = bieten.random_deals(2, Rules(), seed=1).astype(dtype)
    with pytest.raises(HandError) as info:
        evaluate_batch(masks, Rules())
    assert str(info.value).startswith("R1.4: masks must be an integer array")


def test_evaluate_batch_validate_names_the_deal_of_a_duplicated_card() -> None:
    rules = Rules(players=2)
    masks = np.array(
        [
            [CardSet("HA HK E7").mask, CardSet("LA SA S6").mask],
            [CardSet("HA HK E7").mask, CardSet("LA SA S6").mask],
            [CardSet("HA HK E7").mask, CardSet("LA SA S6").mask],
            [CardSet("HA HK E7").mask, CardSet("HA SA S6").mask],
        ],
        dtype=np.uint64,
    )
    with pytest.raises(HandError) as info:
        evaluate_batch(masks, rules)
    assert str(info.value) == "R1.4: deal 3, seat 1 holds HA, which another seat holds too"
    with pytest.raises(HandError, match=r"^R1\.4: deal 3, seat 1 holds HA"):
        evaluate_batch(masks, rules, validate=True)


def test_evaluate_batch_validate_names_the_deal_of_a_short_hand() -> None:
    rules = Rules(players=2)
    masks = np.array(
        [
            [CardSet("HA HK E7").mask, CardSet("LA SA S6").mask],
            [CardSet("HA HK").mask, CardSet("LA SA S6").mask],
        ],
        dtype=np.uint64,
    )
    with pytest.raises(HandError) as info:
        evaluate_batch(masks, rules)
    assert str(info.value) == "R3.6: deal 1, seat 0 holds 2 cards [HA HK], hand_size is 3"


def test_evaluate_batch_validate_refuses_bits_beyond_the_deck() -> None:
    rules = Rules(players=2)
    masks = np.array([[CardSet("HA HK E7").mask | 1 << 40, CardSet("LA SA S6").mask]], dtype=np.uint64)
    with pytest.raises(HandError, match=r"^R1\.4: deal 0, seat 0 has bits beyond the 33 cards"):
        evaluate_batch(masks, rules)


def test_r5_1_evaluate_batch_validate_refuses_wild_cards() -> None:
    rules = Rules.preset("welibieten", players=2)
    masks = np.array(
        [
            [CardSet("HA HK E7").mask, CardSet("LA SA S7").mask],
            [CardSet("HA HK E7").mask, CardSet("LA SA S6").mask],
        ],
        dtype=np.uint64,
    )
    with pytest.raises(HandError, match=r"^R5\.1: deal 1, seat 1 holds S6, a wild card"):
        evaluate_batch(masks, rules)
    assert evaluate_batch(masks[:1], rules).tolist() == [[0, 1, 1, 0, -1]]


def test_evaluate_batch_without_validation_skips_the_checks() -> None:
    rules = Rules(players=2)
    masks = np.array([[CardSet("HA HK E7").mask, CardSet("HA SA S6").mask]], dtype=np.uint64)
    out = evaluate_batch(masks, rules, validate=False)
    assert out.shape == (1, 5)
    assert out.dtype == np.int8
