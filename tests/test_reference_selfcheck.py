"""Self-checks of the pure-Python reference (tests/reference), values derived by hand from the rulebook."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference import make_vectors
from reference.cards import RANKS, SUITS, WELI, card_text, parse_card
from reference.deal import (
    GAMMA,
    SplitMix64,
    batch_game_seed,
    complete_cut,
    deal,
    deal_from_deck,
    hand_generator,
    mix64,
    shuffle_and_draw_cut,
    shuffled_and_cut,
)
from reference.figures import evaluate, figure_winners
from reference.rules import KNOBS, PRESETS, make_rules

VECTORS = Path(__file__).resolve().parent / "data" / "deal_vectors.json"


# ---------------------------------------------------------------- R1 cards


def test_card_constants() -> None:
    assert SUITS == "HLSE"
    assert RANKS == ("A", "K", "O", "U", "10", "9", "8", "7")
    assert WELI == 32


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("HA", 0),
        ("hk", 1),
        ("H10", 4),
        ("H7", 7),
        ("LA", 8),
        ("LU", 11),
        ("SO", 18),
        ("S7", 23),
        ("EA", 24),
        ("e10", 28),
        ("E7", 31),
        ("S6", 32),
        ("s6", 32),
        ("W", 32),
        ("w", 32),
        ("Weli", 32),
        ("WELI", 32),
        ("weli", 32),
    ],
)
def test_parse_card(text: str, card: int) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "H", "H6", "H1", "X7", "10H", "HA ", " HA", "L6", "SS6", "We"])
def test_parse_card_rejects_and_quotes(text: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


def test_card_text_canonical_and_round_trip() -> None:
    assert [card_text(c) for c in (0, 4, 11, 18, 23, 31, 32)] == ["HA", "H10", "LU", "SO", "S7", "E7", "S6"]
    for card in range(33):
        assert parse_card(card_text(card)) == card
        assert parse_card(card_text(card).lower()) == card
    for bad in (-1, 33, True):
        with pytest.raises(ValueError):
            card_text(bad)


# ---------------------------------------------------------------- R10 rules


def test_presets() -> None:
    common = {"players": 4, "hand_size": 3, "target": 11, "reraise": True}
    assert {
        "tyrol": dict(
            common,
            wild="none",
            weli_point=True,
            ties="suit_priority",
            overbid="strict",
            cut_steal=False,
            show_top_card=False,
        ),
        "bavaria": dict(
            common,
            wild="none",
            weli_point=False,
            ties="suit_priority",
            overbid="strict",
            cut_steal=False,
            show_top_card=False,
        ),
        "welibieten": dict(
            common,
            wild="weli",
            weli_point=False,
            ties="suit_priority",
            overbid="strict",
            cut_steal=False,
            show_top_card=False,
        ),
        "spitzbieten": dict(
            common,
            wild="spitzen",
            weli_point=False,
            ties="suit_priority",
            overbid="strict",
            cut_steal=False,
            show_top_card=False,
        ),
        "south_tyrol": dict(
            common,
            wild="weli",
            weli_point=False,
            ties="no_point",
            overbid="gespannt",
            cut_steal=True,
            show_top_card=True,
        ),
    } == PRESETS
    for rules in PRESETS.values():
        assert tuple(rules) == KNOBS


def test_make_rules() -> None:
    assert make_rules() == PRESETS["tyrol"]
    assert make_rules() is not PRESETS["tyrol"]
    rules = make_rules("south_tyrol", players=3, hand_size=4)
    assert rules == dict(PRESETS["south_tyrol"], players=3, hand_size=4)
    assert make_rules("tyrol", wild="weli", weli_point=False)["wild"] == "weli"
    assert make_rules(target=1)["target"] == 1
    assert make_rules(players=5)["players"] == 5
    assert make_rules(players=2)["players"] == 2


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("nowhere", {}),
        ("tyrol", {"players": 1}),
        ("tyrol", {"players": 6}),
        ("tyrol", {"players": True}),
        ("tyrol", {"players": 4.0}),
        ("tyrol", {"hand_size": 2}),
        ("tyrol", {"hand_size": 5}),
        ("tyrol", {"target": 0}),
        ("tyrol", {"target": True}),
        ("tyrol", {"wild": "joker"}),
        ("tyrol", {"ties": "split"}),
        ("tyrol", {"overbid": "STRICT"}),
        ("tyrol", {"reraise": 1}),
        ("tyrol", {"cut_steal": "yes"}),
        ("tyrol", {"colour": "red"}),
        ("tyrol", {"wild": "weli"}),  # tyrol keeps weli_point on: R6.6
        ("welibieten", {"weli_point": True}),
        ("spitzbieten", {"weli_point": True}),
    ],
)
def test_make_rules_rejects(preset: str, overrides: dict) -> None:
    with pytest.raises(ValueError):
        make_rules(preset, **overrides)


# ---------------------------------------------------------------- R3 generator


def test_splitmix64_known_values() -> None:
    gen = SplitMix64(0)
    assert gen.next() == 0xE220A8397B1DCDAF
    assert gen.next() == 0x6E789E6AA1B965F4
    assert mix64(0) == 0  # every step of mix64 keeps 0 at 0


def test_hand_and_batch_seeds() -> None:
    # mix64(0 + 1*gamma) is the first output of SplitMix64(0), mix64(2*gamma) the second.
    assert hand_generator(0, 0).state == 0xE220A8397B1DCDAF
    assert hand_generator(0, 1).state == 0x6E789E6AA1B965F4
    assert batch_game_seed(0, 0) == 0xE220A8397B1DCDAF
    assert batch_game_seed(0, 1) == 0x6E789E6AA1B965F4
    # 2**64 - 1 + gamma wraps to gamma - 1.
    assert hand_generator(2**64 - 1, 0).state == mix64(GAMMA - 1)
    for bad in (-1, 2**64, True, 1.0, "7", None):
        with pytest.raises(ValueError):
            hand_generator(bad, 0)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            batch_game_seed(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        hand_generator(0, -1)


class ScriptedGenerator(SplitMix64):
    """SplitMix64 whose next() returns fixed values, to drive bounded() by hand."""

    def __init__(self, outputs: list[int]) -> None:
        super().__init__(0)
        self.outputs = list(outputs)

    def next(self) -> int:
        return self.outputs.pop(0)


def test_bounded_by_hand() -> None:
    # 0xE220A8397B1DCDAF / 2**64 = 0.8833...; * 33 = 29.15 -> 29.
    assert SplitMix64(0).bounded(33) == 29
    # n = 3: x = 0 gives l = 0 < t = (2**64 - 3) mod 3 = 1, rejected; x = 2**63 gives
    # m = 3 * 2**63, l = 2**63, result 1.
    gen = ScriptedGenerator([0, 2**63, 5])
    assert gen.bounded(3) == 1
    assert gen.outputs == [5]
    # n = 4 (a power of two): t = 0, nothing is rejected; x = 0 gives 0.
    gen = ScriptedGenerator([0, 7])
    assert gen.bounded(4) == 0
    assert gen.outputs == [7]
    # x = 2**64 - 1, n = 32: (2**64 - 1) * 32 >> 64 = 31.
    assert ScriptedGenerator([2**64 - 1]).bounded(32) == 31


class ZeroGenerator:
    def bounded(self, n: int) -> int:
        return 0


def test_shuffle_by_hand() -> None:
    # Every j = 0: step i swaps deck[i] with deck[0], so card i ends on top and the old top
    # moves to i; after i = 32 .. 1 the deck is [1, 2, ..., 32, 0]. The cut is 1 + 0.
    deck, c = shuffle_and_draw_cut(ZeroGenerator())
    assert deck == [*list(range(1, 33)), 0]
    assert c == 1
    assert complete_cut(deck, c) == [*list(range(2, 33)), 0, 1]


def test_shuffled_and_cut_shape() -> None:
    for seed, hand in ((0, 0), (7, 3), (2**64 - 1, 9)):
        deck, c = shuffled_and_cut(seed, hand)
        assert sorted(deck) == list(range(33))
        assert 1 <= c <= 32


# ---------------------------------------------------------------- R3.6 dealing


def test_deal_from_deck_four_players() -> None:
    # Forehand is seat 1: 2 cards each to 1, 2, 3, 0, then 1 card each in the same order.
    hands, stock = deal_from_deck(list(range(33)), make_rules(), dealer=0)
    assert hands == [[6, 7, 11], [0, 1, 8], [2, 3, 9], [4, 5, 10]]
    assert stock == list(range(12, 33))


def test_deal_from_deck_four_card_variant() -> None:
    hands, stock = deal_from_deck(list(range(33)), make_rules(hand_size=4), dealer=3)
    assert hands == [[0, 1, 8, 9], [2, 3, 10, 11], [4, 5, 12, 13], [6, 7, 14, 15]]
    assert stock == list(range(16, 33))


def test_deal_from_deck_unsorted_deck_sorts_hands() -> None:
    deck = list(range(32, -1, -1))
    hands, stock = deal_from_deck(deck, make_rules(players=2), dealer=1)
    # Forehand is seat 0: 32, 31 | seat 1: 30, 29 | seat 0: 28 | seat 1: 27.
    assert hands == [[28, 31, 32], [27, 29, 30]]
    assert stock[0] == 26


def test_deal_from_deck_cut_steal_three() -> None:
    # 3 players, dealer 0, cutter seat 2 stole 3 cards: he gets max(0, 2-3) = 0 and 3-3 = 0.
    hands, stock = deal_from_deck(list(range(30)), make_rules(players=3), 0, {2: [32, 30, 31]})
    assert hands == [[2, 3, 5], [0, 1, 4], [30, 31, 32]]
    assert stock == list(range(6, 30))


def test_deal_from_deck_cut_steal_one_four_cards() -> None:
    # 2 players, dealer 0: the cutter is seat 1, who is also forehand. He holds 1 card:
    # first packet 1 card, second packet 4 - 2 = 2 cards.
    hands, stock = deal_from_deck(list(range(32)), make_rules(players=2, hand_size=4), 0, {1: [32]})
    assert hands == [[1, 2, 5, 6], [0, 3, 4, 32]]
    assert stock == list(range(7, 32))


def test_deal_from_deck_cut_steal_two() -> None:
    # 4 players, dealer 2, cutter seat 1 holds 2: first packet 0, second packet 3 - 2 = 1.
    deck = list(range(31))
    hands, stock = deal_from_deck(deck, make_rules(), 2, {1: [31, 32]})
    # Order 3, 0, 1, 2. Packet 1: 3 <- 0,1; 0 <- 2,3; 1 <- none; 2 <- 4,5.
    # Packet 2: 3 <- 6; 0 <- 7; 1 <- 8; 2 <- 9.
    assert hands == [[2, 3, 7], [8, 31, 32], [4, 5, 9], [0, 1, 6]]
    assert stock == list(range(10, 31))


def test_deal_from_deck_rejects() -> None:
    rules = make_rules()
    with pytest.raises(ValueError):
        deal_from_deck(list(range(33)), rules, dealer=4)
    with pytest.raises(ValueError):
        deal_from_deck([0, 0, *list(range(1, 33))], rules, dealer=0)
    with pytest.raises(ValueError):
        deal_from_deck(list(range(5)), rules, dealer=0)
    with pytest.raises(ValueError):
        deal_from_deck(list(range(1, 33)), rules, 0, {3: [0, 32, 31, 30]})
    with pytest.raises(ValueError):
        deal_from_deck(list(range(33)), rules, 0, {3: [0]})


def test_deal_rotates_with_dealer() -> None:
    # R3.6 depends on the dealer only through the order of seats.
    for players in range(2, 6):
        rules = make_rules(players=players)
        base = deal(7, rules, hand=2, dealer=0)
        for dealer in range(players):
            moved = deal(7, rules, hand=2, dealer=dealer)
            for seat in range(players):
                assert moved[(seat + dealer) % players] == base[seat]


def test_deal_shapes() -> None:
    for players in range(2, 6):
        for hand_size in (3, 4):
            rules = make_rules("bavaria", players=players, hand_size=hand_size)
            hands = deal(12345, rules, hand=1, dealer=players - 1)
            assert len(hands) == players
            assert all(len(h) == hand_size and h == sorted(h) for h in hands)
            flat = [card for h in hands for card in h]
            assert len(set(flat)) == len(flat)


def test_deal_matches_shuffle_and_cut() -> None:
    rules = make_rules()
    deck, c = shuffled_and_cut(7, 0)
    cut = deck[c:] + deck[:c]
    expected = [sorted([*cut[2 * i : 2 * i + 2], cut[8 + i]]) for i in range(4)]
    # Seat 1 got cut[0:2] and cut[8] etc.; seat 0 (the dealer) is dealt last.
    assert deal(7, rules) == [expected[3], expected[0], expected[1], expected[2]]


def test_vectors_file_up_to_date() -> None:
    data = json.loads(VECTORS.read_text())
    assert data == make_vectors.vectors()
    assert data["splitmix64_state0_first5"][:2] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    assert data["mix64_0_to_2"][0] == 0
    vectors = data["vectors"]
    assert len(vectors) == 20
    assert {v["players"] for v in vectors} == {2, 3, 4, 5}
    assert {v["hand_size"] for v in vectors} == {3, 4}
    assert {0, 7, 2**64 - 1} <= {v["seed"] for v in vectors}
    assert any(v["hand"] > 0 for v in vectors) and any(v["dealer"] > 0 for v in vectors)
    for v in vectors:
        assert set(v) == {"seed", "hand", "dealer", "players", "hand_size", "hands"}
        assert len(v["hands"]) == v["players"]
        for hand in v["hands"]:
            assert len(hand) == v["hand_size"]
            ids = [parse_card(text) for text in hand]
            assert ids == sorted(ids) and [card_text(i) for i in ids] == hand


# ---------------------------------------------------------------- R6 evaluate


def test_evaluate_conformance_example() -> None:
    result = evaluate([["HA", "HK", "E7"], ["LA", "SA", "S6"]], make_rules(players=2))
    assert result == {"red": 0, "green": 1, "gleich": 1, "hanger": 0, "weli": 1}
    assert list(result) == ["red", "green", "gleich", "hanger", "weli"]
    result = evaluate([["HA", "HK", "E7"], ["LA", "SA", "S6"]], make_rules("bavaria", players=2))
    assert result == {"red": 0, "green": 1, "gleich": 1, "hanger": 0}


def test_evaluate_accepts_ids() -> None:
    assert evaluate([[0, 1, 31], [8, 16, 32]], make_rules(players=2))["gleich"] == 1


def E(hands: list[list[str]], players: int, preset: str = "tyrol", **kw: object) -> dict:
    return evaluate(hands, make_rules(preset, players=players, **kw))


def test_weli_continues_bells_run() -> None:
    # S8 S7 S6 is a 3-run; HA HK only a 2-run. HA LA is a pair of Sows.
    assert E([["S8", "S7", "S6"], ["HA", "HK", "LA"]], 2) == {
        "red": 1,
        "green": 1,
        "gleich": 1,
        "hanger": 0,
        "weli": 0,
    }


def test_weli_forms_no_gleich_and_no_other_run() -> None:
    # S7 S6 is a run topped by the 7; E7 and S6 are neither a run nor a set.
    assert E([["S6", "S7", "HA"], ["E7", "HK", "LK"]], 2) == {
        "red": 0,
        "green": 1,
        "gleich": 1,
        "hanger": 0,
        "weli": 0,
    }
    assert E([["E7", "S6", "HA"], ["H7", "LK", "EU"]], 2) == {
        "red": 0,
        "green": 1,
        "gleich": None,
        "hanger": None,
        "weli": 0,
    }


def test_gleich_size_beats_rank() -> None:
    # Three 7s beat a pair of Sows; SA SK is the only run; nobody was dealt the Weli.
    assert E([["H7", "L7", "S7"], ["HA", "LA", "EK"], ["SA", "EA", "SK"]], 3) == {
        "red": 1,
        "green": 1,
        "gleich": 0,
        "hanger": 2,
        "weli": None,
    }


def test_gleich_rank_beats_suits() -> None:
    # Pair of Sows (S, E) beats pair of Kings (H, L).
    assert E([["SA", "EA", "H9"], ["HK", "LK", "E8"]], 2)["gleich"] == 0


def test_gleich_suit_priority_and_no_point() -> None:
    hands = [["HO", "SO", "E9"], ["LO", "EO", "H9"]]
    assert E(hands, 2) == {"red": 0, "green": 1, "gleich": 1, "hanger": None, "weli": None}
    assert E(hands, 2, ties="no_point")["gleich"] is None
    # Hearts beats Bells/Acorns.
    assert E([["HO", "EO", "L9"], ["SO", "H9", "E8"]], 2)["gleich"] == 0


def test_four_sows() -> None:
    hands = [["HA", "LA", "SA", "EA"], ["HK", "LK", "SK", "HO"]]
    assert E(hands, 2, hand_size=4) == {"red": 0, "green": 0, "gleich": 0, "hanger": 1, "weli": None}


def test_hanger_ties() -> None:
    # Bells = Acorns: equal runs, nobody.
    assert E([["SK", "SO", "H7"], ["EK", "EO", "L7"]], 2) == {
        "red": 0,
        "green": 1,
        "gleich": None,
        "hanger": None,
        "weli": None,
    }
    # Leaves beat Hearts.
    assert E([["HU", "H10", "S9"], ["LU", "L10", "E9"]], 2)["hanger"] == 1
    assert E([["HU", "H10", "S9"], ["LU", "L10", "E9"]], 2, ties="no_point")["hanger"] is None
    # Hearts beat Bells.
    assert E([["HU", "H10", "L9"], ["SU", "S10", "E9"]], 2)["hanger"] == 0


def test_hanger_top_and_length() -> None:
    # Top H10 is higher than top L9.
    assert E([["L9", "L8", "HA"], ["H10", "H9", "E7"]], 2) == {
        "red": 0,
        "green": 0,
        "gleich": None,
        "hanger": 1,
        "weli": None,
    }
    # A 3-run topped by the 9 beats a 2-run topped by the Sow.
    assert E([["E9", "E8", "E7"], ["HA", "HK", "LA"]], 2)["hanger"] == 0
    # Gaps do not make runs: HA HO is no run.
    assert E([["HA", "HO", "L7"], ["S9", "E8", "E7"]], 2)["hanger"] == 1


def test_players_best_choice_four_cards() -> None:
    # Seat 0: runs LK LO and SK SO, pairs K (L, S) and O (L, S): best run is Leaves.
    # Seat 1: runs HK HO and EK EO, pairs K (H, E) and O (H, E).
    hands = [["LK", "LO", "SK", "SO"], ["HK", "HO", "EK", "EO"]]
    assert E(hands, 2, "bavaria", hand_size=4) == {"red": 1, "green": 0, "gleich": 0, "hanger": 0}
    assert E(hands, 2, "bavaria", hand_size=4, ties="no_point") == {
        "red": 1,
        "green": 0,
        "gleich": None,
        "hanger": None,
    }
    # A 3-run beats two 2-runs.
    hands = [["HK", "HO", "HU", "H7"], ["LA", "LK", "SA", "SK"]]
    assert E(hands, 2, "bavaria", hand_size=4) == {"red": 0, "green": 1, "gleich": 1, "hanger": 0}


def test_no_hearts_no_red() -> None:
    assert E([["LA", "SK", "E7"], ["L7", "S8", "EK"], ["SO", "EO", "S6"]], 3) == {
        "red": None,
        "green": 0,
        "gleich": 2,
        "hanger": None,
        "weli": 2,
    }


def test_five_players() -> None:
    hands = [
        ["HA", "LA", "S7"],
        ["HK", "HO", "E7"],
        ["LK", "SK", "EK"],
        ["L9", "L8", "L7"],
        ["E10", "E9", "S6"],
    ]
    assert E(hands, 5) == {"red": 0, "green": 0, "gleich": 2, "hanger": 3, "weli": 4}


@pytest.mark.parametrize(
    ("hands", "preset", "players"),
    [
        ([["HA", "HK", "E7"]], "tyrol", 2),  # one hand missing
        ([["HA", "HK"], ["LA", "SA", "S6"]], "tyrol", 2),  # short hand
        ([["HA", "HK", "E7", "E8"], ["LA", "SA", "S6"]], "tyrol", 2),
        ([["HA", "HK", "E7"], ["HA", "SA", "S6"]], "tyrol", 2),  # HA twice
        ([["HA", "HK", "E7"], ["LA", "SA", "W"]], "welibieten", 2),  # the wild Weli
        ([["HA", "HK", "E7"], ["LA", "SA", "L9"]], "spitzbieten", 2),  # E7 is wild
        ([["HA", "HK", "S7"], ["LA", "SA", "L9"]], "spitzbieten", 2),  # S7 is wild
        ([["HA", "HK", "X7"], ["LA", "SA", "L9"]], "tyrol", 2),
        ([["HA", "HK", 33], ["LA", "SA", "L9"]], "tyrol", 2),
    ],
)
def test_evaluate_rejects(hands: list, preset: str, players: int) -> None:
    with pytest.raises(ValueError):
        evaluate(hands, make_rules(preset, players=players))


def test_evaluate_allows_natural_sevens_with_weli_wild() -> None:
    result = E([["HA", "HK", "E7"], ["LA", "SA", "S7"]], 2, "welibieten")
    assert result == {"red": 0, "green": 1, "gleich": 1, "hanger": 0}


# ---------------------------------------------------------------- R6 with named wilds


def test_named_wild_ranks_below_natural() -> None:
    # Seat 1 names the Weli HA: the natural HA (seat 0) still wins Red (R5.4).
    cards = [[(0, None), (9, None), (20, None)], [(0, 32), (1, None), (8, None)]]
    assert figure_winners(cards, make_rules("welibieten", players=2)) == {
        "red": 0,
        "green": 1,
        "gleich": 1,
        "hanger": 1,
    }


def test_wilds_naming_the_same_card() -> None:
    # Weli > Bells 7 > Acorns 7 among wilds all named HA; LO LU is the only run.
    cards = [
        [(0, 23), (17, None), (26, None)],
        [(0, 32), (10, None), (11, None)],
        [(0, 31), (12, None), (3, None)],
    ]
    assert figure_winners(cards, make_rules("spitzbieten", players=3)) == {
        "red": 1,
        "green": 1,
        "gleich": None,
        "hanger": 1,
    }
    cards = [
        [(0, 23), (17, None), (26, None)],
        [(1, 32), (10, None), (11, None)],
        [(0, 31), (12, None), (3, None)],
    ]
    assert figure_winners(cards, make_rules("spitzbieten", players=3))["red"] == 0


def test_named_wild_lower_than_next_natural() -> None:
    # A wild named HK is below the natural HK but above HO. Pair of Sows SA EA beats the
    # pair of Kings SK EK.
    cards = [[(1, 32), (24, None), (16, None)], [(2, None), (25, None), (17, None)]]
    assert figure_winners(cards, make_rules("welibieten", players=2)) == {
        "red": 0,
        "green": None,
        "gleich": 0,
        "hanger": None,
    }
    cards = [[(2, 32), (24, None), (16, None)], [(1, None), (25, None), (17, None)]]
    assert figure_winners(cards, make_rules("welibieten", players=2))["red"] == 1


def test_fewer_wilds_before_suit_priority() -> None:
    # Pair of Sows H, S (no wild) beats pair of Sows L, E with a wild, though Leaves would win
    # on suit; this holds with no_point too, which only removes the suit comparison.
    cards = [[(0, None), (16, None), (5, None)], [(8, None), (24, 32), (30, None)]]
    expected = {"red": 0, "green": 1, "gleich": 0, "hanger": None}
    assert figure_winners(cards, make_rules("welibieten", players=2)) == expected
    assert figure_winners(cards, make_rules("south_tyrol", players=2)) == expected


def test_run_with_wild() -> None:
    # LK LO (no wild) beats HK + S7 named HO (one wild).
    cards = [[(9, None), (10, None), (4, None)], [(1, None), (2, 23), (12, None)]]
    assert figure_winners(cards, make_rules("spitzbieten", players=2))["hanger"] == 0
    # A wild completes a longer run: HK, Weli as HO, HU beats LK LO.
    cards = [[(9, None), (10, None), (4, None)], [(1, None), (2, 32), (3, None)]]
    assert figure_winners(cards, make_rules("welibieten", players=2))["hanger"] == 1
    # Both runs carry one wild and are equal but for the suit: Leaves wins, or nobody.
    cards = [[(9, None), (10, 32), (4, None)], [(1, None), (2, 23), (12, None)]]
    assert figure_winners(cards, make_rules("spitzbieten", players=2))["hanger"] == 0
    assert figure_winners(cards, make_rules("spitzbieten", players=2, ties="no_point"))["hanger"] is None


def test_wild_in_set_counts_named_suit() -> None:
    # Weli named LA: pair L, H of Sows with one wild vs pair S, E of Sows with one wild (E7 as EA).
    cards = [[(8, 32), (0, None), (4, None)], [(16, None), (24, 31), (12, None)]]
    assert figure_winners(cards, make_rules("spitzbieten", players=2))["gleich"] == 0


def test_weli_point_in_figure_winners() -> None:
    # HA HK HO (3-run) beats LA LK; the natural Weli was dealt to seat 1.
    cards = [[(0, None), (1, None), (2, None)], [(8, None), (9, None), (32, None)]]
    assert figure_winners(cards, make_rules(players=2)) == {
        "red": 0,
        "green": 1,
        "gleich": None,
        "hanger": 0,
        "weli": 1,
    }


@pytest.mark.parametrize(
    ("cards", "preset"),
    [
        ([[(0, None), (1, None), (32, None)], [(8, None), (9, None), (10, None)]], "welibieten"),
        ([[(0, None), (1, None), (32, 32)], [(8, None), (9, None), (10, None)]], "welibieten"),
        ([[(0, None), (1, None), (2, 32)], [(8, None), (9, None), (10, None)]], "tyrol"),
        ([[(0, None), (1, None), (2, 23)], [(8, None), (9, None), (10, None)]], "welibieten"),
        ([[(0, None), (1, None), (0, 32)], [(8, None), (9, None), (10, None)]], "welibieten"),
        ([[(0, None), (1, None), (2, None)], [(8, None), (9, None), (2, None)]], "tyrol"),
        ([[(0, None), (1, None), (2, 32)], [(8, None), (9, None), (10, 32)]], "welibieten"),
        ([[(0, None), (1, None)], [(8, None), (9, None), (10, None)]], "tyrol"),
        ([[(0, None), (1, None), (23, None)], [(8, None), (9, None), (10, None)]], "spitzbieten"),
    ],
)
def test_figure_winners_rejects(cards: list, preset: str) -> None:
    with pytest.raises(ValueError):
        figure_winners(cards, make_rules(preset, players=2))
