"""R3 the deterministic deal (with R2.2 seats): golden vectors, the generator, invariants, errors."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import numpy as np
import pytest

import bieten
from bieten import Rules, SeatError, SeedError, _core, deal

from reference import deal as ref_deal
from reference import rules as ref_rules
from reference.cards import card_text

VECTORS = json.loads((Path(__file__).resolve().parent / "data" / "deal_vectors.json").read_text())

MASK64 = 2**64 - 1
GAMMA = 0x9E3779B97F4A7C15
SIZES = [(players, hand_size) for players in range(2, 6) for hand_size in (3, 4)]
TEXT_TO_ID = {card_text(i): i for i in range(33)}


def ids(hand: list[str]) -> list[int]:
    return [TEXT_TO_ID[text] for text in hand]


def cut_deck(seed: int, hand: int) -> list[int]:
    """R3.4/R3.5 through the engine's shuffle: the deck after the cut is completed."""
    deck, c = _core.shuffle(seed, hand)
    return deck[c:] + deck[:c]


def expected_deal(deck: list[int], players: int, hand_size: int, dealer: int) -> list[list[str]]:
    """R3.6 written out plainly: two packets, clockwise from forehand (R2.2)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    order = [(dealer + 1 + k) % players for k in range(players)]
    position = 0
    for packet in (2, hand_size - 2):
        for seat in order:
            hands[seat] += deck[position : position + packet]
            position += packet
    return [[card_text(card) for card in sorted(hand)] for hand in hands]


# ---------------------------------------------------------------- golden vectors


@pytest.mark.parametrize(
    "vector",
    VECTORS["vectors"],
    ids=lambda v: f"seed{v['seed']}-hand{v['hand']}-dealer{v['dealer']}-{v['players']}x{v['hand_size']}",
)
def test_r3_golden_vectors(vector: dict) -> None:
    rules = Rules(players=vector["players"], hand_size=vector["hand_size"])
    assert deal(vector["seed"], rules, hand=vector["hand"], dealer=vector["dealer"]) == vector["hands"]


def test_r3_golden_vectors_cover_every_size() -> None:
    assert {(v["players"], v["hand_size"]) for v in VECTORS["vectors"]} >= {(2, 3), (4, 3), (3, 4), (5, 4)}


def test_r3_1_splitmix64_first_outputs_from_state_0() -> None:
    expected = VECTORS["splitmix64_state0_first5"]
    assert expected == [int(h, 16) for h in VECTORS["splitmix64_state0_first5_hex"]]
    assert _core.splitmix64(0, 5) == expected
    assert _core.splitmix64(0, 2) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    assert _core.splitmix64(0, 0) == []


def test_r3_1_mix64_values() -> None:
    expected = VECTORS["mix64_0_to_2"]
    assert expected == [int(h, 16) for h in VECTORS["mix64_0_to_2_hex"]]
    assert [_core.mix64(z) for z in range(3)] == expected
    assert _core.mix64(1) == 0x5692161D100B05E5
    assert _core.mix64(2) == 0xDBD238973A2B148A


def test_r3_1_generator_next_is_mix64_of_the_advanced_state() -> None:
    for state in (0, 1, 7, GAMMA, MASK64, 0x0123456789ABCDEF):
        outputs = _core.splitmix64(state, 4)
        assert outputs == [_core.mix64((state + (k + 1) * GAMMA) & MASK64) for k in range(4)]
        assert outputs == [ref_deal.mix64(state + (k + 1) * GAMMA) for k in range(4)]


@pytest.mark.parametrize("z", [3, 2**32, 2**63, MASK64, 0xDEADBEEFCAFEBABE])
def test_r3_1_mix64_agrees_with_the_reference(z: int) -> None:
    assert _core.mix64(z) == ref_deal.mix64(z)


@pytest.mark.parametrize(("seed", "hand"), [(0, 0), (7, 0), (7, 3), (MASK64, 9), (2**63, 2**64 - 1)])
def test_r3_2_hand_generator_state(seed: int, hand: int) -> None:
    assert _core.hand_state(seed, hand) == _core.mix64((seed + (hand + 1) * GAMMA) & MASK64)


@pytest.mark.parametrize(("base", "game"), [(0, 0), (0, 1), (5, 99), (MASK64, 3)])
def test_r3_2_batch_game_seed(base: int, game: int) -> None:
    assert _core.batch_game_seed(base, game) == _core.mix64((base + (game + 1) * GAMMA) & MASK64)
    assert _core.batch_game_seed(0, 0) == VECTORS["splitmix64_state0_first5"][0]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 32, 33, 2**31 + 1, 2**32 - 1])
@pytest.mark.parametrize("state", [0, 12345, MASK64])
def test_r3_3_bounded_agrees_with_the_reference(state: int, n: int) -> None:
    generator = ref_deal.SplitMix64(state)
    expected = [generator.bounded(n) for _ in range(50)]
    got = _core.bounded(state, n, 50)
    assert got == expected
    assert all(0 <= x < n for x in got)


def test_r3_3_bounded_of_one_is_always_zero() -> None:
    assert _core.bounded(99, 1, 10) == [0] * 10


@pytest.mark.parametrize(("seed", "hand"), [(0, 0), (7, 0), (7, 1), (MASK64, 2), (2**40 + 3, 17)])
def test_r3_4_r3_5_shuffle_and_cut_agree_with_the_reference(seed: int, hand: int) -> None:
    deck, c = _core.shuffle(seed, hand)
    assert sorted(deck) == list(range(33))
    assert 1 <= c <= 32
    assert (deck, c) == tuple(ref_deal.shuffled_and_cut(seed, hand))


def test_r3_4_shuffle_for_seed_7_hand_0() -> None:
    deck, c = _core.shuffle(7, 0)
    assert c == 10
    assert deck[:10] == [22, 12, 11, 19, 2, 28, 8, 15, 6, 30]
    assert deck[-3:] == [17, 20, 23]


# ---------------------------------------------------------------- R3.6 deal order, R2.2 seats


@pytest.mark.parametrize(("players", "hand_size"), SIZES)
@pytest.mark.parametrize("seed", [0, 7, 123456789, MASK64])
def test_r3_6_deal_from_the_cut_deck_in_two_packets_from_forehand(
    seed: int, players: int, hand_size: int
) -> None:
    rules = Rules(players=players, hand_size=hand_size)
    for hand in (0, 1, 5):
        deck = cut_deck(seed, hand)
        for dealer in range(players):
            want = expected_deal(deck, players, hand_size, dealer)
            assert deal(seed, rules, hand=hand, dealer=dealer) == want


def test_r2_2_r3_6_forehand_receives_the_first_two_cards() -> None:
    deck = cut_deck(7, 0)
    for players in range(2, 6):
        for dealer in range(players):
            hands = deal(7, Rules(players=players), dealer=dealer)
            forehand = (dealer + 1) % players
            assert set(ids(hands[forehand])) >= set(deck[:2])
            # ...and the next seat clockwise the next two.
            assert set(ids(hands[(forehand + 1) % players])) >= set(deck[2:4])
            # The dealer is served last in the first packet.
            assert set(ids(hands[dealer])) >= set(deck[2 * players - 2 : 2 * players])


def test_r3_5_the_cut_moves_c_cards_from_the_top_to_the_bottom() -> None:
    deck, c = _core.shuffle(7, 0)
    hands = deal(7, Rules(players=2))
    # Seed 7, hand 0: c = 10, so the first card dealt is deck[10], to seat 1 (forehand of dealer 0).
    assert c == 10
    assert card_text(deck[10]) in hands[1]
    assert card_text(deck[0]) not in hands[0] + hands[1]


def test_r3_8_top_card_is_the_next_card_of_the_stock() -> None:
    for players, hand_size in SIZES:
        rules = Rules(players=players, hand_size=hand_size)
        for seed in (0, 7, 99):
            deck = cut_deck(seed, 0)
            top = bieten.deal_top_card(seed, rules)
            assert top == card_text(deck[players * hand_size])
            dealt = {card for hand in deal(seed, rules) for card in hand}
            assert top not in dealt


def test_r3_8_top_card_for_seed_7() -> None:
    assert bieten.deal_top_card(7, Rules()) == "E7"


@pytest.mark.parametrize(("players", "hand_size"), SIZES)
def test_r2_2_changing_the_dealer_rotates_the_hands(players: int, hand_size: int) -> None:
    rules = Rules(players=players, hand_size=hand_size)
    for seed in (1, 7, 2**63):
        base = deal(seed, rules, hand=2, dealer=0)
        for dealer in range(players):
            hands = deal(seed, rules, hand=2, dealer=dealer)
            assert hands == [base[(seat - dealer) % players] for seat in range(players)]


def test_r2_2_golden_dealer_rotation_seed_7() -> None:
    rules = Rules()
    assert deal(7, rules, dealer=0) == [
        ["LK", "L8", "E9"],
        ["H7", "SA", "EO"],
        ["HK", "L9", "EK"],
        ["HA", "H10", "EU"],
    ]
    assert deal(7, rules, dealer=2) == [
        ["HK", "L9", "EK"],
        ["HA", "H10", "EU"],
        ["LK", "L8", "E9"],
        ["H7", "SA", "EO"],
    ]


def test_r3_2_each_hand_number_has_its_own_generator() -> None:
    rules = Rules(players=2)
    # Cut deck of seed 7, hand 0 starts H7 EO HK L9 H10 EU: seat 1 (forehand) gets cards 0, 1
    # and 4, seat 0 cards 2, 3 and 5.
    assert [card_text(c) for c in cut_deck(7, 0)[:6]] == ["H7", "EO", "HK", "L9", "H10", "EU"]
    assert deal(7, rules) == [["HK", "L9", "EU"], ["H10", "H7", "EO"]]
    for hand in (1, 2, 3, 10):
        assert deal(7, rules, hand=hand) == expected_deal(cut_deck(7, hand), 2, 3, 0)
    # Hand 1 of seed 7 is not hand 0 dealt again.
    assert deal(7, rules, hand=1) != deal(7, rules, hand=0)
    assert _core.shuffle(7, 1) != _core.shuffle(7, 0)


def test_r3_2_the_deal_is_a_pure_function() -> None:
    rules = Rules(players=5, hand_size=4)
    first = [deal(seed, rules, hand=3, dealer=2) for seed in range(20)]
    again = [deal(seed, Rules(players=5, hand_size=4), hand=3, dealer=2) for seed in range(20)]
    assert first == again


def test_r3_deal_depends_on_players_and_hand_size_only() -> None:
    # bieten.deal is the deal without cut-steal, so every preset with the same size deals alike.
    for players, hand_size in SIZES:
        hands = {
            json.dumps(deal(42, Rules.preset(name, players=players, hand_size=hand_size), hand=1, dealer=1))
            for name in Rules.PRESETS
        }
        assert len(hands) == 1


# ---------------------------------------------------------------- invariants


@pytest.mark.parametrize(("players", "hand_size"), SIZES)
def test_r3_6_invariants_over_many_seeds(players: int, hand_size: int) -> None:
    rules = Rules(players=players, hand_size=hand_size)
    rng = random.Random(players * 10 + hand_size)
    for _ in range(150):
        seed, hand, dealer = rng.getrandbits(64), rng.getrandbits(16), rng.randrange(players)
        hands = deal(seed, rules, hand=hand, dealer=dealer)
        assert len(hands) == players
        flat = [TEXT_TO_ID[c] for h in hands for c in h]
        assert len(flat) == len(set(flat)) == players * hand_size
        for h in hands:
            assert len(h) == hand_size
            assert ids(h) == sorted(ids(h))
            assert all(card == card_text(TEXT_TO_ID[card]) for card in h)  # canonical text
        assert bieten.deal_top_card(seed, rules, hand=hand, dealer=dealer) not in {card_text(c) for c in flat}


def test_r3_every_card_is_dealt_sometimes() -> None:
    rules = Rules(players=5, hand_size=4)
    seen = {card for seed in range(60) for hand in deal(seed, rules) for card in hand}
    assert seen == set(TEXT_TO_ID)


# ---------------------------------------------------------------- batches (R3.2)


@pytest.mark.parametrize(("players", "hand_size"), [(2, 3), (4, 3), (5, 4)])
def test_r3_2_random_deals_are_the_batch_games_first_hands(players: int, hand_size: int) -> None:
    rules = Rules(players=players, hand_size=hand_size)
    masks = bieten.random_deals(25, rules, seed=11)
    assert masks.shape == (25, players)
    assert masks.dtype == np.uint64
    for i, row in enumerate(masks):
        game_seed = _core.mix64((11 + (i + 1) * GAMMA) & MASK64)
        hands = deal(game_seed, rules)
        assert [str(bieten.CardSet.from_mask(int(m))).split() for m in row] == hands


def test_random_deals_empty_and_default_seed() -> None:
    assert bieten.random_deals(0, Rules()).shape == (0, 4)
    assert np.array_equal(bieten.random_deals(3, Rules()), bieten.random_deals(3, Rules(), seed=0))
    first = bieten.random_deals(1, Rules(players=2), seed=0)[0]
    assert [str(bieten.CardSet.from_mask(int(m))).split() for m in first] == deal(
        _core.batch_game_seed(0, 0), Rules(players=2)
    )


@pytest.mark.parametrize("count", [-1, True, 1.5, "3", None])
def test_random_deals_rejects_a_bad_count(count: object) -> None:
    with pytest.raises(ValueError, match="count"):
        bieten.random_deals(count, Rules())  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_r3_2_random_deals_rejects_a_bad_seed(seed: object) -> None:
    with pytest.raises(SeedError, match=r"^R3\.2: seed"):
        bieten.random_deals(1, Rules(), seed=seed)  # type: ignore[arg-type]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("seed", [-1, 2**64, 2**100, 1.5, "7", True, False, None, [7]])
def test_r3_2_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(SeedError) as info:
        deal(seed, Rules())  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message.startswith("R3.2: seed")
    assert repr(seed) in message
    with pytest.raises(SeedError, match=r"^R3\.2"):
        bieten.deal_top_card(seed, Rules())  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_r3_2_seeds_at_the_bounds_are_accepted(seed: int) -> None:
    hands = deal(seed, Rules())
    assert len(hands) == 4
    assert hands == expected_deal(cut_deck(seed, 0), 4, 3, 0)


def test_r3_2_index_like_seeds_are_accepted() -> None:
    assert deal(np.uint64(7), Rules()) == deal(7, Rules())
    assert deal(np.int64(7), Rules()) == deal(7, Rules())


@pytest.mark.parametrize("hand", [-1, 2**64, 1.0, "0", True])
def test_r3_2_bad_hand_numbers_are_refused(hand: object) -> None:
    with pytest.raises(SeedError, match=r"^R3\.2: hand"):
        deal(7, Rules(), hand=hand)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "dealer"), [(4, -1), (4, 4), (2, 2), (5, 5), (3, 100)])
def test_r2_2_dealer_out_of_range_is_refused(players: int, dealer: int) -> None:
    with pytest.raises(SeatError) as info:
        deal(7, Rules(players=players), dealer=dealer)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message.startswith("R2.2: dealer")
    assert f"0 to {players - 1}" in message
    assert message.endswith(f"not {dealer}")
    with pytest.raises(SeatError, match=r"^R2\.2"):
        bieten.deal_top_card(7, Rules(players=players), dealer=dealer)


@pytest.mark.parametrize("dealer", [True, 1.0, "1", None])
def test_r2_2_a_dealer_that_is_not_an_int_is_refused(dealer: object) -> None:
    with pytest.raises(SeatError, match=r"^R2\.2: dealer"):
        deal(7, Rules(), dealer=dealer)  # type: ignore[arg-type]


def test_deal_needs_rules() -> None:
    with pytest.raises(TypeError, match=r"bieten\.Rules"):
        deal(7, Rules().to_dict())  # type: ignore[arg-type]


# ---------------------------------------------------------------- agreement with the reference


def reference_agrees(rng: random.Random, count: int) -> None:
    for _ in range(count):
        players = rng.randint(2, 5)
        hand_size = rng.choice((3, 4))
        seed = rng.getrandbits(rng.choice((8, 32, 64)))
        hand = rng.getrandbits(rng.choice((2, 16, 64)))
        dealer = rng.randrange(players)
        rules = Rules(players=players, hand_size=hand_size)
        ref = ref_deal.deal(seed, ref_rules.make_rules(players=players, hand_size=hand_size), hand, dealer)
        expected = [[card_text(c) for c in h] for h in ref]
        got = deal(seed, rules, hand=hand, dealer=dealer)
        assert got == expected, (seed, hand, dealer, players, hand_size)


def test_r3_agrees_with_the_reference_deal() -> None:
    reference_agrees(random.Random(20240601), 400)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("BIETEN_SLOW") != "1", reason="set BIETEN_SLOW=1 for the long sweep")
def test_r3_agrees_with_the_reference_deal_long_sweep() -> None:
    reference_agrees(random.Random(7), 20000)
