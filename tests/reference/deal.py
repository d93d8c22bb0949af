"""The deterministic deal (R3), bit-exact.

Python ints are unbounded, so every 64-bit operation is masked with MASK64.
"""

from __future__ import annotations

from typing import Protocol

from .cards import DECK, is_card
from .rules import check_rules

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15  # R3.1
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB


def mix64(z: int) -> int:
    """R3.1: the SplitMix64 finaliser, mod 2**64."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * MUL1) & MASK64
    z = ((z ^ (z >> 27)) * MUL2) & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    """R3.1: SplitMix64 with a 64-bit state."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next(self) -> int:
        """R3.1: s = s + gamma; return mix64(s)."""
        self.state = (self.state + GAMMA) & MASK64
        return mix64(self.state)

    def bounded(self, n: int) -> int:
        """R3.3: an integer in [0, n) by Lemire's method, exactly as specified."""
        if not 1 <= n <= MASK64:
            raise ValueError(f"R3.3: bound must be in 1..2**64-1, not {n}")
        while True:
            x = self.next()
            m = x * n  # the full 128-bit product
            low = m & MASK64
            if low < n:
                t = ((1 << 64) - n) % n
                if low < t:
                    continue
            return m >> 64


class _Bounded(Protocol):
    def bounded(self, n: int) -> int: ...


def check_seed(seed: object) -> int:
    """R3.2: a game seed is an int with 0 <= seed < 2**64."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MASK64:
        raise ValueError(f"R3.2: a game seed must be an integer 0 <= seed < 2**64, not {seed!r}")
    return seed


def _check_index(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"R3.2: {what} must be a non-negative int, not {value!r}")
    return value


def hand_generator(seed: int, hand: int) -> SplitMix64:
    """R3.2: hand k of game seed S uses a generator with state mix64(S + (k+1)*gamma)."""
    check_seed(seed)
    _check_index(hand, "the hand number")
    return SplitMix64(mix64(seed + (hand + 1) * GAMMA))


def batch_game_seed(base: int, i: int) -> int:
    """R3.2: game i of a batch with base seed B uses mix64(B + (i+1)*gamma)."""
    check_seed(base)
    _check_index(i, "the game index")
    return mix64(base + (i + 1) * GAMMA)


def shuffle_and_draw_cut(gen: _Bounded) -> tuple[list[int], int]:
    """R3.4 then R3.5 with any generator: the shuffled deck (deck[0] on top) and c."""
    deck = list(DECK)
    for i in range(32, 0, -1):
        j = gen.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    c = 1 + gen.bounded(32)
    return deck, c


def shuffled_and_cut(seed: int, hand: int) -> tuple[list[int], int]:
    """R3.4/R3.5: the shuffled deck of hand `hand` (before the cut is completed) and c."""
    return shuffle_and_draw_cut(hand_generator(seed, hand))


def complete_cut(deck: list[int], c: int) -> list[int]:
    """R3.5: lift c cards from the top and put them under the rest."""
    return deck[c:] + deck[:c]


def deal_order(players: int, dealer: int) -> list[int]:
    """R2.2/R3.6: seats in dealing order, forehand (dealer's left) first, dealer last."""
    return [(dealer + 1 + i) % players for i in range(players)]


def deal_from_deck(
    deck: list[int],
    rules: dict,
    dealer: int,
    held: dict[int, list[int]] | None = None,
) -> tuple[list[list[int]], list[int]]:
    """R3.6: deal two packets from an already cut deck.

    `held` gives cards seats already hold (R3.7 cut-steal). Returns each seat's hand in
    ascending id (held cards included) and the rest of the stock; stock[0] is the card
    that R3.8 turns face up.
    """
    check_rules(rules)
    players, hand_size = rules["players"], rules["hand_size"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise ValueError(f"R2.2: dealer must be a seat 0..{players - 1}, not {dealer!r}")
    held = {} if held is None else held
    for seat, cards in held.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"R3.7: no seat {seat!r}")
        if len(cards) > min(3, hand_size):
            raise ValueError(f"R3.7: seat {seat} cannot hold {len(cards)} cards before the deal")
    every = list(deck) + [card for cards in held.values() for card in cards]
    if not all(is_card(card) for card in every):
        raise ValueError("R1.4: the deck holds something that is not a card id")
    if len(set(every)) != len(every):
        raise ValueError("R1.4: a card appears twice in the deck and held cards")

    hands: dict[int, list[int]] = {seat: list(held.get(seat, [])) for seat in range(players)}
    already = {seat: len(held.get(seat, [])) for seat in range(players)}
    order = deal_order(players, dealer)
    position = 0
    packets = (
        lambda k: max(0, 2 - k),  # first packet
        lambda k: hand_size - max(k, 2),  # second packet
    )
    for packet in packets:
        for seat in order:
            count = packet(already[seat])
            if position + count > len(deck):
                raise ValueError("R3.6: the deck ran out during the deal")
            hands[seat].extend(deck[position : position + count])
            position += count
    return [sorted(hands[seat]) for seat in range(players)], list(deck[position:])


def deal(seed: int, rules: dict, hand: int = 0, dealer: int = 0) -> list[list[int]]:
    """R3: the deal of one hand without cut-steal; each seat's hand in ascending id."""
    check_rules(rules)
    deck, c = shuffled_and_cut(seed, hand)
    hands, _stock = deal_from_deck(complete_cut(deck, c), rules, dealer)
    return hands
