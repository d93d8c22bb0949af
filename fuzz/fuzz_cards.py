#!/usr/bin/env python3
"""Fuzzes the card entry points: Card and CardSet from text, ids, masks and iterables, the CardSet
operators, CardSet.suit, and the functions that take hands of cards (bieten.evaluate, bieten.deal,
bieten.deal_top_card, bieten.random_deals, bieten.evaluate_batch with odd NumPy arrays).

Only the documented errors (bieten.BietenError, a ValueError) may come out; anything else, or a
broken round trip, is a crash. Run: ``python fuzz/fuzz_cards.py fuzz/corpus/cards`` (see fuzz/README.md).
"""

from __future__ import annotations

import copy
import os
import sys

import atheris
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz/_common.py, run as a script
from _common import DECK, attempt, bieten, run

# -- inputs --------------------------------------------------------------------------------------
CARD_WORDS = [*DECK, "W", "w", "Weli", "WELI", "weli", "s6", "h10", "e7", "la", "Su", "Ho"]
JUNK_WORDS = [
    "",
    "H",
    "L",
    "S",
    "E",
    "A",
    "10",
    "6",
    "H1",
    "H0",
    "H100",
    "H6",
    "S66",
    "HAA",
    "X9",
    "HK ",
    "We",
    "Wel",
    "Welis",
    "WW",
    "S 6",
    "H\x00A",
    "\x00",
    "H\uff21",
    "\uff2810",
    "\u00df",
    "\u0130",
    "\u0131",
    "\u00e0",
    "H\u0301A",
    "\ud800",
    "HA\udfff",
    "\U0001f0a1",
    "-1",
    "33",
    "0x1",
    "None",
    "[]",
    "HA,",
    ",HA",
    "H\tA",
    "L9\n",
]
SEPARATORS = [
    " ",
    ",",
    ", ",
    " ,",
    ",,",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\x0b",
    "\x0c",
    "\u00a0",
    "\u2003",
    "\u3000",
    "\x1c",
    "\x85",
    ";",
    "|",
    "",
    "\x00",
]
ODD_OBJECTS = [
    None,
    1.5,
    float("nan"),
    True,
    False,
    b"HA",
    bytearray(b"HA"),
    [],
    {},
    (),
    object(),
    1j,
    np.int64(3),
    np.uint64(2**63),
    np.float32(1.0),
    np.bool_(True),
    np.array([1, 2]),
    np.array(3),
    np.array([["HA"]]),
]
INTS = [
    0,
    1,
    31,
    32,
    33,
    -1,
    -(2**31),
    2**31,
    2**32,
    2**33 - 1,
    2**33,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    -(2**64),
    10**30,
    -(10**30),
]


def an_odd_object(fdp: atheris.FuzzedDataProvider) -> object:
    """One of ODD_OBJECTS (a fresh copy of a list or dict, as a_hands may change it)."""
    value = fdp.PickValueInList(ODD_OBJECTS)
    return copy.copy(value) if isinstance(value, (list, dict)) else value


def mutate(fdp: atheris.FuzzedDataProvider, text: str) -> str:
    for _ in range(fdp.ConsumeIntInRange(0, 2)):
        how = fdp.ConsumeIntInRange(0, 4)
        at = fdp.ConsumeIntInRange(0, len(text))
        if how == 0:
            text = text[:at] + fdp.ConsumeUnicode(1) + text[at:]
        elif how == 1:
            text = text[:at] + text[at + 1 :]
        elif how == 2:
            text = text.swapcase()
        elif how == 3:
            text = text[:at] + fdp.PickValueInList(SEPARATORS) + text[at:]
        else:
            text = text + text[:at]
    return text


def a_word(fdp: atheris.FuzzedDataProvider) -> str:
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 6))
    if how == 1:
        return fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 6))
    if how == 2:
        return fdp.PickValueInList(JUNK_WORDS)
    word = fdp.PickValueInList(CARD_WORDS)
    return mutate(fdp, word) if how == 3 else word


def a_text(fdp: atheris.FuzzedDataProvider) -> str:
    """Card text: a list of words joined by separators, or raw text."""
    if fdp.ConsumeIntInRange(0, 7) == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 40))
    words = [a_word(fdp) for _ in range(fdp.ConsumeIntInRange(0, 6))]
    out = fdp.PickValueInList(SEPARATORS) if fdp.ConsumeBool() else ""
    for i, word in enumerate(words):
        out += (fdp.PickValueInList(SEPARATORS) if i else "") + word
    return out


def an_int(fdp: atheris.FuzzedDataProvider) -> int:
    how = fdp.ConsumeIntInRange(0, 3)
    if how == 0:
        return fdp.PickValueInList(INTS)
    if how == 1:
        return fdp.ConsumeIntInRange(-2, 2**33 + 1)
    if how == 2:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 12))
    return fdp.ConsumeIntInRange(-1, 34)


def a_value(fdp: atheris.FuzzedDataProvider) -> object:
    """Something that may or may not be a card: a Card, text, an id, or an odd object."""
    how = fdp.ConsumeIntInRange(0, 4)
    if how == 0:
        return a_word(fdp)
    if how == 1:
        return an_int(fdp)
    if how == 2:
        return bieten.Card(fdp.PickValueInList(DECK))
    if how == 3:
        return an_odd_object(fdp)
    return bieten.CardSet(fdp.ConsumeIntInRange(0, 2**33 - 1))


def a_cards_value(fdp: atheris.FuzzedDataProvider) -> object:
    """Something that may or may not be cards: a CardSet, text, a mask, an iterable or an odd object."""
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:
        return a_text(fdp)
    if how == 1:
        return an_int(fdp)
    if how == 2:
        return [a_value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 5))]
    if how == 3:
        return tuple(a_value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 5)))
    if how == 4:
        return bieten.CardSet(fdp.ConsumeIntInRange(0, 2**33 - 1))
    return an_odd_object(fdp)


def _valid_rules() -> list[bieten.Rules]:
    out = []
    for name in bieten.Rules.PRESETS:
        for players in range(2, 6):
            for hand_size in (3, 4):
                out.append(bieten.Rules.preset(name, players=players, hand_size=hand_size))
    out.append(bieten.Rules(ties="no_point", overbid="none"))
    return out


RULES = _valid_rules()


# -- the entry points ----------------------------------------------------------------------------
def check_card(fdp: atheris.FuzzedDataProvider) -> None:
    text = a_text(fdp) if fdp.ConsumeBool() else a_value(fdp)
    ok, card = attempt(lambda: bieten.Card(text), text)
    if ok:
        assert 0 <= card.id <= 32, card.id
        assert bieten.Card(str(card)) == card, (text, card)
        assert bieten.Card.from_id(card.id) == card
        assert card.suit in "HLSE" and card.rank in ("A", "K", "O", "U", "10", "9", "8", "7", "6"), card
        if isinstance(text, str):
            assert bieten.Card(text.lower()) == card and bieten.Card(text.upper()) == card, text
            assert text in bieten.CardSet.deck()
    value = an_int(fdp) if fdp.ConsumeBool() else an_odd_object(fdp)
    ok, card = attempt(lambda: bieten.Card.from_id(value), value)
    assert not ok or card.id == value


def check_cardset(fdp: atheris.FuzzedDataProvider) -> None:
    value = a_text(fdp) if fdp.ConsumeBool() else a_cards_value(fdp)
    ok, cards = attempt(lambda: bieten.CardSet(value), value)
    if ok:
        assert 0 <= cards.mask < 2**33, cards.mask
        assert bieten.CardSet(str(cards)) == cards, (value, cards)
        assert bieten.CardSet(cards.cards()) == cards
        assert len(cards) == len(str(cards).split()) == bin(cards.mask).count("1")
        assert bieten.CardSet.from_mask(cards.mask) == cards
    mask = an_int(fdp) if fdp.ConsumeBool() else an_odd_object(fdp)
    ok, cards = attempt(lambda: bieten.CardSet.from_mask(mask), mask)
    assert not ok or cards.mask == mask


def check_operators(fdp: atheris.FuzzedDataProvider) -> None:
    left = bieten.CardSet(fdp.ConsumeIntInRange(0, 2**33 - 1))
    other = a_cards_value(fdp)
    op = fdp.ConsumeIntInRange(0, 13)
    calls = [
        lambda: left | other,
        lambda: other | left,
        lambda: left & other,
        lambda: other & left,
        lambda: left ^ other,
        lambda: other ^ left,
        lambda: left - other,
        lambda: other - left,
        lambda: left <= other,
        lambda: left < other,
        lambda: left >= other,
        lambda: left > other,
        lambda: left.isdisjoint(other),
        lambda: ~left,
    ]
    # An odd object on the left of a reflected operator is Python's business (TypeError is right).
    expected = (bieten.BietenError, TypeError) if op in (1, 3, 5, 7) else bieten.BietenError
    ok, result = attempt(calls[op], other, expected=expected)
    if ok and isinstance(result, bieten.CardSet):
        assert 0 <= result.mask < 2**33, result.mask
    probe = a_value(fdp)
    ok, inside = attempt(lambda: probe in left, probe, expected=())  # never raises
    assert not ok or isinstance(inside, bool)


def check_suit(fdp: atheris.FuzzedDataProvider) -> None:
    letter = a_word(fdp)
    ok, cards = attempt(lambda: bieten.CardSet.suit(letter), letter)
    if ok:
        assert len(cards) in (8, 9) and letter.upper() in "HLSE", (letter, cards)


def a_hands(fdp: atheris.FuzzedDataProvider, rules: bieten.Rules) -> object:
    """Hands for bieten.evaluate: a valid deal with some changes, or something odd."""
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:
        return a_cards_value(fdp)
    if how == 1:
        return [a_cards_value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 6))]
    hands: list = [list(h) for h in bieten.deal(fdp.ConsumeIntInRange(0, 2**64 - 1), rules)]
    for _ in range(fdp.ConsumeIntInRange(0, 3)):
        change = fdp.ConsumeIntInRange(0, 6)
        seat = fdp.ConsumeIntInRange(0, len(hands) - 1) if hands else 0
        hand = hands[seat] if hands and isinstance(hands[seat], list) else None
        if change == 0 and hand is not None:
            hand.append(a_value(fdp))
        elif change == 1 and hand:
            hand.pop(fdp.ConsumeIntInRange(0, len(hand) - 1))
        elif change == 2 and hand:
            hand[fdp.ConsumeIntInRange(0, len(hand) - 1)] = a_value(fdp)
        elif change == 3:
            hands.append([a_value(fdp) for _ in range(rules.hand_size)])
        elif change == 4 and hands:
            hands.pop()
        elif change == 5 and hands:
            hands[seat] = a_cards_value(fdp)
        elif change == 6:
            hands = [" ".join(str(c) for c in h) if isinstance(h, list) else h for h in hands]
    return tuple(hands) if fdp.ConsumeBool() else hands


def check_evaluate(fdp: atheris.FuzzedDataProvider) -> None:
    rules = fdp.PickValueInList(RULES)
    hands = a_hands(fdp, rules)
    ok, result = attempt(lambda: bieten.evaluate(hands, rules), hands)
    if ok:
        assert set(result) <= set(bieten.EVAL_COLUMNS), result
        assert all(w is None or 0 <= w < rules.players for w in result.values()), result


def a_number(fdp: atheris.FuzzedDataProvider) -> object:
    how = fdp.ConsumeIntInRange(0, 4)
    if how == 0:
        return an_odd_object(fdp) if fdp.ConsumeBool() else fdp.PickValueInList(["7", "0x1"])
    if how == 1:
        return fdp.PickValueInList(INTS)
    if how == 2:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 10))
    if how == 3:
        return np.uint64(fdp.ConsumeIntInRange(0, 2**64 - 1))
    return fdp.ConsumeIntInRange(-1, 6)


def check_deal(fdp: atheris.FuzzedDataProvider) -> None:
    rules = fdp.PickValueInList(RULES)
    seed, hand, dealer = a_number(fdp), a_number(fdp), a_number(fdp)
    which = fdp.ConsumeIntInRange(0, 2)
    if which == 0:
        ok, hands = attempt(lambda: bieten.deal(seed, rules, hand, dealer))
        if ok:
            assert len(hands) == rules.players and all(len(h) == rules.hand_size for h in hands), hands
            assert len({c for h in hands for c in h}) == rules.players * rules.hand_size, hands
    elif which == 1:
        ok, top = attempt(lambda: bieten.deal_top_card(seed, rules, hand, dealer))
        assert not ok or top in DECK, top
    else:
        count = fdp.PickValueInList([0, 1, 2, 7, 64, -1, True, None, 1.0, "3", np.int64(3), 2**64])
        if isinstance(count, int) and count > 64:
            return  # a huge count is a huge allocation, not a bad input
        # random_deals documents a plain ValueError for a bad count.
        ok, masks = attempt(lambda: bieten.random_deals(count, rules, seed), expected=ValueError)
        if ok:
            assert masks.shape == (count, rules.players) and masks.dtype == np.uint64, masks


DTYPES = [
    "uint64",
    "int64",
    "uint32",
    "int32",
    "uint8",
    "int8",
    "uint16",
    ">u8",
    "<i8",
    "float64",
    "float32",
    "bool",
    "object",
    "complex128",
    "U4",
    "S4",
    "datetime64[s]",
    "timedelta64[s]",
    "V8",
]


def an_array(fdp: atheris.FuzzedDataProvider, rules: bieten.Rules) -> object:
    rows = fdp.ConsumeIntInRange(0, 6)
    base = bieten.random_deals(rows, rules, fdp.ConsumeIntInRange(0, 2**64 - 1))
    how = fdp.ConsumeIntInRange(0, 9)
    if how == 0:
        return base
    if how == 1:  # a few cells changed to any 64-bit value
        out = base.copy()
        for _ in range(fdp.ConsumeIntInRange(1, 3)):
            if out.size:
                out.flat[fdp.ConsumeIntInRange(0, out.size - 1)] = fdp.ConsumeIntInRange(0, 2**64 - 1)
        return out
    if how == 2:  # another dtype
        dtype = fdp.PickValueInList(DTYPES)
        try:
            return base.astype(dtype)
        except (TypeError, ValueError, OverflowError):
            return base
    if how == 3:  # another shape
        shape = tuple(fdp.ConsumeIntInRange(0, 6) for _ in range(fdp.ConsumeIntInRange(0, 4)))
        return np.zeros(shape, dtype=fdp.PickValueInList(["uint64", "int64", "uint8"]))
    if how == 4:  # not contiguous, reversed, Fortran order, read-only
        view = fdp.ConsumeIntInRange(0, 3)
        if view == 0:
            return np.repeat(base, 2, axis=0)[::2]
        if view == 1:
            return base[::-1]
        if view == 2:
            return np.asfortranarray(base)
        out = base.copy()
        out.setflags(write=False)
        return out
    if how == 5:  # nested lists, maybe ragged or with odd items
        out = base.tolist()
        if out and fdp.ConsumeBool():
            out[0] = out[0][:-1]
        if out and out[0] and fdp.ConsumeBool():
            out[0][0] = a_number(fdp)
        return out
    if how == 6:  # signed masks, maybe negative
        return base.astype(np.int64) * fdp.PickValueInList([1, -1])
    if how == 7:  # the transpose
        return base.T
    if how == 8:
        return a_number(fdp)
    return np.full((rows, rules.players), fdp.ConsumeIntInRange(0, 2**64 - 1), dtype=np.uint64)


def check_evaluate_batch(fdp: atheris.FuzzedDataProvider) -> None:
    rules = fdp.PickValueInList(RULES)
    masks = an_array(fdp, rules)
    validate = fdp.ConsumeIntInRange(0, 7) != 0
    ok, out = attempt(lambda: bieten.evaluate_batch(masks, rules, validate=validate), masks)
    if ok:
        array = np.asarray(masks)
        assert out.dtype == np.int8 and out.shape == (array.shape[0], len(bieten.EVAL_COLUMNS)), out.shape
        if validate:
            assert ((out >= -1) & (out < rules.players)).all(), out
            if array.shape[0]:
                first = [str(bieten.CardSet.from_mask(int(m))).split() for m in array[0]]
                expected = bieten.evaluate(first, rules)
                got = {
                    k: (None if w < 0 else int(w)) for k, w in zip(bieten.EVAL_COLUMNS, out[0], strict=True)
                }
                assert all(got[k] == v for k, v in expected.items()), (first, expected, got)


CHECKS = [
    check_card,
    check_cardset,
    check_operators,
    check_suit,
    check_evaluate,
    check_deal,
    check_evaluate_batch,
]


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    fdp.PickValueInList(CHECKS)(fdp)


if __name__ == "__main__":
    run(TestOneInput)
