"""R1 cards: bieten.Card and bieten.CardSet (text, ids, suits, ranks, set operations)."""

from __future__ import annotations

import pickle

import pytest

import bieten
from bieten import Card, CardError, CardSet

# R1.1 suit letters by suit index, R1.2 rank texts by rank index, R1.4 id = suit * 8 + rank.
SUITS = "HLSE"
RANKS = ("A", "K", "O", "U", "10", "9", "8", "7")
ALL_TEXTS = [s + r for s in SUITS for r in RANKS] + ["S6"]  # index = card id
FULL_MASK = 2**33 - 1


# ---------------------------------------------------------------- R1.4 ids, R1.5 canonical text


def test_r1_4_the_deck_has_33_ids_in_canonical_order() -> None:
    assert [str(Card.from_id(i)) for i in range(33)] == ALL_TEXTS
    assert [c.id for c in CardSet.deck()] == list(range(33))
    assert len(CardSet.deck()) == 33
    assert CardSet.deck().mask == FULL_MASK


@pytest.mark.parametrize(("card_id", "text"), list(enumerate(ALL_TEXTS)))
def test_r1_5_text_round_trip_for_every_card(card_id: int, text: str) -> None:
    card = Card(text)
    assert card.id == card_id
    assert int(card) == card_id
    assert str(card) == text
    assert repr(card) == f"Card('{text}')"
    assert Card(text.lower()) == card
    assert Card(card_id) == card
    assert Card(card) == card
    assert Card.from_id(card_id) == card


@pytest.mark.parametrize(
    ("text", "card_id"),
    [
        ("HA", 0),
        ("hk", 1),
        ("hO", 2),
        ("Hu", 3),
        ("h10", 4),
        ("H7", 7),
        ("LA", 8),
        ("lu", 11),
        ("SO", 18),
        ("s7", 23),
        ("EA", 24),
        ("e10", 28),
        ("E7", 31),
        ("S6", 32),
        ("s6", 32),
    ],
)
def test_r1_5_parsing_is_case_insensitive(text: str, card_id: int) -> None:
    assert Card(text).id == card_id


@pytest.mark.parametrize("alias", ["W", "w", "Weli", "weli", "WELI", "wElI", "S6", "s6"])
def test_r1_3_r1_5_weli_aliases_mean_s6_and_print_as_s6(alias: str) -> None:
    card = Card(alias)
    assert card.id == 32
    assert str(card) == "S6"
    assert card.is_weli is True


@pytest.mark.parametrize(
    "text",
    [
        "",
        "X9",
        "H",
        "A",
        "HX",
        "H1",
        "H11",
        "H6",
        "S5",
        "L6",
        "E6",
        "S06",
        "E1O",
        "HAA",
        "L10x",
        "10H",
        "AH",
        " HA",
        "HA ",
        "H 10",
        "S6 ",
        "Welli",
        "We",
        "WW",
        "ЖA",
        "HA,LK",
    ],
)
def test_r1_5_bad_text_is_a_card_error_quoting_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card(text)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, bieten.BietenError)
    message = str(info.value)
    assert "R1.5" in message
    assert f"'{text}'" in message


def test_card_error_is_a_value_error_subclass() -> None:
    assert issubclass(CardError, ValueError)
    assert issubclass(CardError, bieten.BietenError)
    assert issubclass(bieten.BietenError, ValueError)


@pytest.mark.parametrize("bad_id", [-1, 33, 64, 2**40])
def test_r1_4_card_ids_outside_0_to_32_are_refused(bad_id: int) -> None:
    with pytest.raises(CardError, match=rf"R1\.4: .*not {bad_id}$"):
        Card.from_id(bad_id)
    with pytest.raises(CardError, match=rf"R1\.4: .*not {bad_id}$"):
        Card(bad_id)


HUGE_IDS = [2**63, 2**70, -(2**70)]


@pytest.mark.parametrize("bad_id", HUGE_IDS)
def test_r1_4_huge_card_ids_are_a_card_error(bad_id: int) -> None:
    with pytest.raises(CardError, match=r"R1\.4"):
        Card(bad_id)


@pytest.mark.parametrize("bad_id", HUGE_IDS)
def test_r1_4_huge_card_ids_are_a_card_error_in_from_id(bad_id: int) -> None:
    with pytest.raises(CardError, match=r"R1\.4"):
        Card.from_id(bad_id)


def test_r1_4_huge_card_id_in_a_set_is_a_card_error() -> None:
    with pytest.raises(CardError, match=r"R1\.4"):
        CardSet([2**70])


def test_huge_int_is_not_in_a_cardset() -> None:
    assert (2**70 in CardSet.deck()) is False


@pytest.mark.parametrize("value", [True, False, 1.5, None, b"HA", ["HA"]])
def test_r1_5_card_from_a_non_card_value_is_a_card_error(value: object) -> None:
    with pytest.raises(CardError, match=r"R1\.5"):
        Card(value)


# ---------------------------------------------------------------- R1.1-R1.3 suit and rank


@pytest.mark.parametrize(
    ("text", "suit", "rank", "suit_index", "rank_index"),
    [
        ("HA", "H", "A", 0, 0),
        ("HK", "H", "K", 0, 1),
        ("LO", "L", "O", 1, 2),
        ("LU", "L", "U", 1, 3),
        ("S10", "S", "10", 2, 4),
        ("S9", "S", "9", 2, 5),
        ("E8", "E", "8", 3, 6),
        ("E7", "E", "7", 3, 7),
        ("S7", "S", "7", 2, 7),
        # R1.3 the Weli is a Bells card ranking below the Bells 7.
        ("S6", "S", "6", 2, 8),
    ],
)
def test_r1_1_r1_2_r1_3_suit_and_rank(
    text: str, suit: str, rank: str, suit_index: int, rank_index: int
) -> None:
    card = Card(text)
    assert (card.suit, card.rank, card.suit_index, card.rank_index) == (suit, rank, suit_index, rank_index)
    assert card.is_weli is (text == "S6")


def test_r1_4_id_is_suit_times_eight_plus_rank_for_natural_cards() -> None:
    for card_id in range(32):
        card = Card.from_id(card_id)
        assert card.id == card.suit_index * 8 + card.rank_index
        assert card.suit == SUITS[card.suit_index]
        assert card.rank == RANKS[card.rank_index]


def test_r1_3_weli_is_a_bells_card_in_the_bells_suit_set() -> None:
    assert str(CardSet.suit("S")) == "SA SK SO SU S10 S9 S8 S7 S6"
    assert str(CardSet.suit("h")) == "HA HK HO HU H10 H9 H8 H7"
    assert str(CardSet.suit("L")) == "LA LK LO LU L10 L9 L8 L7"
    assert str(CardSet.suit("E")) == "EA EK EO EU E10 E9 E8 E7"
    with pytest.raises(CardError, match=r"R1\.1.*'X'"):
        CardSet.suit("X")


# ---------------------------------------------------------------- Card value behaviour


def test_card_equality_hash_and_order_follow_the_id() -> None:
    assert Card("HA") == Card("ha")
    assert Card("HA") != Card("HK")
    assert Card("W") == Card("S6")
    assert hash(Card("W")) == hash(Card("S6"))
    assert len({Card("W"), Card("S6"), Card("weli"), Card("HA")}) == 2
    assert Card("HA") < Card("HK") < Card("LA") < Card("S6")
    assert Card("E7") <= Card("E7")
    assert Card("S6") > Card("E7")
    assert Card("S6") >= Card("S6")
    assert sorted([Card("S6"), Card("E7"), Card("HA"), Card("L10")]) == [
        Card("HA"),
        Card("L10"),
        Card("E7"),
        Card("S6"),
    ]
    # A card is not equal to its text or its id: they are different types.
    assert Card("HA") != "HA"
    assert Card("HA") != 0


def test_card_is_usable_as_an_index() -> None:
    assert ALL_TEXTS[Card("E10")] == "E10"
    assert ALL_TEXTS[Card("W")] == "S6"


def test_card_and_cardset_pickle() -> None:
    for text in ("HA", "S6", "E7"):
        assert pickle.loads(pickle.dumps(Card(text))) == Card(text)
    cards = CardSet("HA LK S6")
    assert pickle.loads(pickle.dumps(cards)) == cards


# ---------------------------------------------------------------- CardSet construction and text


def test_cardset_from_text_iterable_and_mask_agree() -> None:
    expected_mask = (1 << 0) | (1 << 9) | (1 << 32)
    spellings = ("HA LK S6", "s6, hA,lk", "W  HA\tLK", ["HA", "LK", "W"], [0, 9, 32], [Card("HA"), 9, "weli"])
    for value in spellings:
        cards = CardSet(value)
        assert cards.mask == expected_mask
        assert int(cards) == expected_mask
    assert CardSet(expected_mask).mask == expected_mask
    assert CardSet.from_mask(expected_mask).mask == expected_mask


def test_cardset_prints_canonically_in_ascending_id() -> None:
    cards = CardSet("s6 e7 hk ha l10")
    assert str(cards) == "HA HK L10 E7 S6"
    assert repr(cards) == "CardSet('HA HK L10 E7 S6')"
    assert str(CardSet()) == ""
    assert repr(CardSet()) == "CardSet('')"


def test_cardset_iterates_in_ascending_id() -> None:
    cards = CardSet(["S6", "E7", "HA", "S10", "LK"])
    assert [c.id for c in cards] == [0, 9, 20, 31, 32]
    assert [str(c) for c in cards] == ["HA", "LK", "S10", "E7", "S6"]
    assert cards.cards() == list(cards)
    assert list(CardSet()) == []


def test_cardset_len_bool_and_membership() -> None:
    cards = CardSet("HA LK S6")
    assert len(cards) == 3
    assert len(CardSet()) == 0
    assert bool(cards) is True
    assert bool(CardSet()) is False
    for member in ("HA", "ha", Card("LK"), 9, "W", "weli", "S6", 32, 0):
        assert member in cards, member
    for outsider in ("HK", Card("E7"), 1, 31, -1, 33, 2**40, "xx", True, None, 1.5):
        assert outsider not in cards, outsider


def test_r1_4_a_card_listed_twice_is_refused() -> None:
    with pytest.raises(CardError, match=r"R1\.4.*'HA'.*twice"):
        CardSet("HA LK ha")
    with pytest.raises(CardError, match=r"R1\.4.*'S6'.*twice"):
        CardSet("W S6")


def test_r1_5_a_bad_card_in_a_set_text_is_quoted() -> None:
    with pytest.raises(CardError, match=r"R1\.5: 'HZ'"):
        CardSet("HA HZ LK")
    with pytest.raises(CardError, match=r"R1\.5: 'Q'"):
        CardSet(["HA", "Q"])


def test_cardset_hash_and_equality() -> None:
    assert CardSet("HA LK") == CardSet(["LK", "HA"])
    assert CardSet("HA LK") != CardSet("HA")
    assert hash(CardSet("HA LK")) == hash(CardSet([9, 0]))
    assert len({CardSet("HA LK"), CardSet("lk ha"), CardSet("HA")}) == 2
    assert CardSet("HA") != "HA"
    assert CardSet("HA") != 1


# ---------------------------------------------------------------- from_mask bounds (R1.4)


@pytest.mark.parametrize("mask", [0, 1, 2**32, FULL_MASK])
def test_r1_4_from_mask_accepts_0_to_2_pow_33_minus_1(mask: int) -> None:
    assert CardSet.from_mask(mask).mask == mask
    assert len(CardSet.from_mask(mask)) == bin(mask).count("1")


@pytest.mark.parametrize("mask", [-1, 2**33, 2**40, 2**64, 2**100])
def test_r1_4_from_mask_refuses_masks_outside_33_bits(mask: int) -> None:
    with pytest.raises(CardError, match=rf"R1\.4.*{mask}"):
        CardSet.from_mask(mask)
    with pytest.raises(CardError, match=r"R1\.4"):
        CardSet(mask)


# ---------------------------------------------------------------- set operators


def test_cardset_operators_exact_values() -> None:
    a = CardSet("HA HK LA S6")
    b = CardSet("HK LA E7")
    assert str(a | b) == "HA HK LA E7 S6"
    assert str(a & b) == "HK LA"
    assert str(a ^ b) == "HA E7 S6"
    assert str(a - b) == "HA S6"
    assert str(b - a) == "E7"
    assert len(~a) == 29
    assert str(~CardSet.deck()) == ""
    assert ~CardSet() == CardSet.deck()
    assert ~~a == a
    assert (~a & a) == CardSet()
    assert (~a | a) == CardSet.deck()


def test_cardset_operators_accept_text_ids_and_iterables_on_either_side() -> None:
    a = CardSet("HA HK")
    assert a | "LK" == CardSet("HA HK LK")
    assert "LK" | a == CardSet("HA HK LK")
    assert a & ["HK", "E7"] == CardSet("HK")
    assert ["HK", "E7"] & a == CardSet("HK")
    assert a ^ "HK S6" == CardSet("HA S6")
    assert "HK S6" ^ a == CardSet("HA S6")
    assert a - "HA" == CardSet("HK")
    assert "HA LK" - a == CardSet("LK")
    assert a | 2**32 == CardSet("HA HK S6")


def test_cardset_subset_comparisons() -> None:
    small, big = CardSet("HA"), CardSet("HA LK")
    assert small <= big and small < big
    assert big >= small and big > small
    assert small <= small and not small < small
    assert not big <= small
    assert not CardSet("HK") <= big
    assert CardSet() <= small
    assert small.isdisjoint("LK E7")
    assert not big.isdisjoint(["LK"])


def test_cardset_operations_leave_operands_unchanged() -> None:
    a = CardSet("HA HK")
    b = CardSet("HK LA")
    _ = a | b, a & b, a ^ b, a - b, ~a
    assert a == CardSet("HA HK")
    assert b == CardSet("HK LA")
