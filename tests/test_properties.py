"""Property tests (hypothesis): CardSet against Python sets (R1.4), the deal (R3) and the figures (R6)
against the pure-Python reference in tests/reference, on random and on constructed tied deals."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bieten
from bieten import CardSet, Rules

from reference import deal as ref_deal
from reference import figures as ref_figures
from reference.cards import card_text

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

card_ids = st.integers(min_value=0, max_value=32)
id_sets = st.frozensets(card_ids)
FULL = frozenset(range(33))


def mask_of(ids: frozenset[int] | set[int]) -> int:
    return sum(1 << i for i in ids)


def ids_of(cards: CardSet) -> list[int]:
    return [c.id for c in cards]


# ---------------------------------------------------------------- CardSet (R1.4)


@FAST
@given(id_sets, id_sets)
def test_cardset_operations_agree_with_python_sets(a: frozenset[int], b: frozenset[int]) -> None:
    x, y = CardSet(sorted(a)), CardSet.from_mask(mask_of(b))
    assert ids_of(x) == sorted(a)
    assert int(x) == x.mask == mask_of(a)
    assert len(x) == len(a)
    assert ids_of(x | y) == sorted(a | b)
    assert ids_of(x & y) == sorted(a & b)
    assert ids_of(x ^ y) == sorted(a ^ b)
    assert ids_of(x - y) == sorted(a - b)
    assert ids_of(~x) == sorted(FULL - a)
    assert (x <= y) is (a <= b)
    assert (x < y) is (a < b)
    assert (x >= y) is (a >= b)
    assert (x > y) is (a > b)
    assert (x == y) is (a == b)
    assert x.isdisjoint(y) is a.isdisjoint(b)
    assert bool(x) is bool(a)
    for card in range(33):
        assert (card in x) is (card in a)
        assert (card_text(card) in x) is (card in a)
    # Mixed operands: text and lists of ids on either side.
    text_b = " ".join(card_text(i) for i in sorted(b))
    assert ids_of(x | text_b) == sorted(a | b)
    assert ids_of(sorted(b) & x) == sorted(a & b)
    assert ids_of(text_b - x) == sorted(b - a)


@FAST
@given(id_sets)
def test_cardset_text_iteration_and_hash_agree_with_ids(a: frozenset[int]) -> None:
    x = CardSet.from_mask(mask_of(a))
    texts = [card_text(i) for i in sorted(a)]
    assert str(x) == " ".join(texts)
    assert repr(x) == f"CardSet('{' '.join(texts)}')"
    assert [str(c) for c in x] == texts
    assert CardSet(str(x)) == x
    assert CardSet(texts[::-1]) == x
    assert hash(CardSet(texts)) == hash(x)


# ---------------------------------------------------------------- the deal (R3)


@FAST
@given(
    seed=st.integers(0, 2**64 - 1),
    hand=st.integers(0, 2**64 - 1),
    players=st.integers(2, 5),
    hand_size=st.sampled_from([3, 4]),
    data=st.data(),
)
def test_deal_holds_each_card_once_and_agrees_with_the_reference(
    seed: int, hand: int, players: int, hand_size: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, players - 1))
    rules = Rules(players=players, hand_size=hand_size)
    hands = bieten.deal(seed, rules, hand=hand, dealer=dealer)
    flat = [card for h in hands for card in h]
    assert len(hands) == players
    assert all(len(h) == hand_size for h in hands)
    assert len(set(flat)) == len(flat) == players * hand_size
    for h in hands:
        assert [bieten.Card(c).id for c in h] == sorted(bieten.Card(c).id for c in h)
    ref_rules = dict(rules.to_dict())
    expected = [[card_text(c) for c in h] for h in ref_deal.deal(seed, ref_rules, hand, dealer)]
    assert hands == expected
    assert bieten.deal_top_card(seed, rules, hand=hand, dealer=dealer) not in flat


# ---------------------------------------------------------------- the figures (R6)

NATURAL_PRESETS = [
    ("tyrol", {}),
    ("tyrol", {"ties": "no_point"}),
    ("bavaria", {}),
    ("bavaria", {"ties": "no_point"}),
]
WILD_PRESETS = [
    ("welibieten", {}),
    ("spitzbieten", {}),
    ("south_tyrol", {}),
    ("spitzbieten", {"ties": "no_point"}),
]


@st.composite
def sized_rules(draw: Any, presets: list[tuple[str, dict[str, Any]]] = NATURAL_PRESETS) -> Rules:
    name, knobs = draw(st.sampled_from(presets))
    return Rules.preset(
        name, players=draw(st.integers(2, 5)), hand_size=draw(st.sampled_from([3, 4])), **knobs
    )


def wild_ids(rules: Rules) -> set[int]:
    return {"none": set(), "weli": {32}, "spitzen": {32, 23, 31}}[rules.wild]


@st.composite
def random_deal(draw: Any, presets: list[tuple[str, dict[str, Any]]] = NATURAL_PRESETS) -> tuple[Rules, list]:
    rules = draw(sized_rules(presets))
    deck = [c for c in range(33) if c not in wild_ids(rules)]
    order = draw(st.permutations(deck))
    n = rules.hand_size
    hands = [sorted(order[seat * n : (seat + 1) * n]) for seat in range(rules.players)]
    return rules, hands


def fill(draw: Any, rules: Rules, fixed: list[list[int]]) -> list[list[int]]:
    """Completes the hands in `fixed` to hand_size cards from the unused natural cards."""
    used = {c for h in fixed for c in h} | wild_ids(rules)
    rest = draw(st.permutations([c for c in range(33) if c not in used]))
    hands, k = [], 0
    for seat in range(rules.players):
        hand = list(fixed[seat]) if seat < len(fixed) else []
        need = rules.hand_size - len(hand)
        hands.append(sorted(hand + list(rest[k : k + need])))
        k += need
    order = draw(st.permutations(range(rules.players)))
    return [hands[i] for i in order]


@st.composite
def tied_pairs_deal(draw: Any) -> tuple[Rules, list]:
    """Two seats each hold a pair of the same rank (the four suits split between them)."""
    rules = draw(sized_rules(NATURAL_PRESETS + WILD_PRESETS))
    rank = draw(st.integers(0, 7))
    suits = draw(st.permutations(range(4)))
    pair_a = [suits[0] * 8 + rank, suits[1] * 8 + rank]
    pair_b = [suits[2] * 8 + rank, suits[3] * 8 + rank]
    if wild_ids(rules) & set(pair_a + pair_b):
        rank = 0  # Sows are never wild
        pair_a = [suits[0] * 8, suits[1] * 8]
        pair_b = [suits[2] * 8, suits[3] * 8]
    return rules, fill(draw, rules, [pair_a, pair_b])


@st.composite
def tied_runs_deal(draw: Any) -> tuple[Rules, list]:
    """Two or more seats each hold a run of the same length and top in different suits."""
    rules = draw(sized_rules(NATURAL_PRESETS + WILD_PRESETS))
    length = draw(st.integers(2, rules.hand_size))
    top = draw(st.integers(0, 8 - length))
    seats = draw(st.integers(2, min(4, rules.players)))
    suits = draw(st.permutations(range(4)))[:seats]
    runs = [[suit * 8 + top + k for k in range(length)] for suit in suits]
    wild = wild_ids(rules)
    runs = [run for run in runs if not wild & set(run)]
    if len(runs) < 2:  # a Spitz was in a run: move the runs up to the Sow
        runs = [[suit * 8 + k for k in range(length)] for suit in suits]
    return rules, fill(draw, rules, runs)


@st.composite
def weli_run_deal(draw: Any) -> tuple[Rules, list]:
    """A Bells run down to the Weli (natural rules) against a run in another suit ending at the 7,
    either one card shorter (the Weli run wins on length) or as long (it wins on its higher top)."""
    rules = draw(sized_rules())
    length = draw(st.integers(2, rules.hand_size))
    weli_run = [32] + [2 * 8 + 7 - k for k in range(length - 1)]
    suit = draw(st.sampled_from([0, 1, 3]))
    other_length = draw(st.sampled_from([length - 1, length])) if length > 2 else length
    other = [suit * 8 + 7 - k for k in range(other_length)]
    return rules, fill(draw, rules, [weli_run, other])


def as_row(result: dict[str, int | None]) -> list[int]:
    """A result of evaluate() as a row of evaluate_batch (-1 for nobody or an absent weli key)."""
    return [-1 if result.get(name) is None else result[name] for name in bieten.EVAL_COLUMNS]


def check_against_reference(rules: Rules, hands: list[list[int]]) -> None:
    texts = [[card_text(c) for c in h] for h in hands]
    expected = ref_figures.evaluate(hands, dict(rules.to_dict()))
    got = bieten.evaluate(texts, rules)
    assert got == expected, (texts, rules)
    masks = np.array([[sum(1 << c for c in h) for h in hands]], dtype=np.uint64)
    row = bieten.evaluate_batch(masks, rules)[0].tolist()
    assert row == as_row(expected)


@FAST
@given(random_deal())
def test_figures_of_random_natural_deals_agree_with_the_reference(case: tuple[Rules, list]) -> None:
    check_against_reference(*case)


@FAST
@given(random_deal(WILD_PRESETS))
def test_figures_of_random_deals_without_wild_cards_under_wild_rules(case: tuple[Rules, list]) -> None:
    check_against_reference(*case)


@FAST
@given(tied_pairs_deal())
def test_figures_of_deals_with_equal_pairs_agree_with_the_reference(case: tuple[Rules, list]) -> None:
    check_against_reference(*case)


@FAST
@given(tied_runs_deal())
def test_figures_of_deals_with_equal_runs_agree_with_the_reference(case: tuple[Rules, list]) -> None:
    check_against_reference(*case)


@FAST
@given(weli_run_deal())
def test_figures_of_deals_with_a_weli_run_agree_with_the_reference(case: tuple[Rules, list]) -> None:
    check_against_reference(*case)


@FEW
@given(rules=sized_rules(), seed=st.integers(0, 2**64 - 1))
def test_evaluate_batch_of_random_deals_agrees_with_the_reference(rules: Rules, seed: int) -> None:
    masks = bieten.random_deals(60, rules, seed=seed)
    out = bieten.evaluate_batch(masks, rules)
    assert out.shape == (60, 5) and out.dtype == np.int8
    for row, got in zip(masks, out, strict=True):
        hands = [[c for c in range(33) if int(m) >> c & 1] for m in row]
        flat = [c for h in hands for c in h]
        assert len(set(flat)) == len(flat) == rules.players * rules.hand_size
        expected = ref_figures.evaluate(hands, dict(rules.to_dict()))
        assert got.tolist() == as_row(expected)


def holds_pair(hand: list[int]) -> bool:
    ranks = [c % 8 for c in hand if c != 32]
    return len(set(ranks)) < len(ranks)


def holds_run(hand: list[int]) -> bool:
    cards = set(hand)
    return any(c + 1 in cards and (c + 1) // 8 == c // 8 for c in cards) or {23, 32} <= cards


def test_constructed_tie_strategies_do_produce_ties() -> None:
    """The tie strategies above are only useful if their deals often leave a held figure to nobody."""
    tied = {"gleich": 0, "hanger": 0}

    @settings(max_examples=150, deadline=None, database=None)
    @given(st.one_of(tied_pairs_deal(), tied_runs_deal()))
    def count(case: tuple[Rules, list]) -> None:
        rules, hands = case
        result = bieten.evaluate([[card_text(c) for c in h] for h in hands], rules)
        if result["gleich"] is None and any(holds_pair(h) for h in hands):
            tied["gleich"] += 1
        if result["hanger"] is None and any(holds_run(h) for h in hands):
            tied["hanger"] += 1

    count()
    assert tied["gleich"] >= 5, tied
    assert tied["hanger"] >= 5, tied
