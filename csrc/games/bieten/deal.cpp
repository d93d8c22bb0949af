#include "games/bieten/deal.hpp"

#include <algorithm>
#include <utility>

#include "core/rng.hpp"

namespace bieten {

Shuffle shuffle_for_hand(std::uint64_t game_seed, std::uint64_t hand) {
  SplitMix64 gen = hand_generator(game_seed, hand);
  Shuffle s;
  for (int i = 0; i < kDeckSize; ++i) s.deck[i] = static_cast<Card>(i);
  for (int i = kDeckSize - 1; i >= 1; --i) {  // R3.4 Fisher-Yates from the bottom up
    const auto j = gen.bounded(static_cast<std::uint32_t>(i + 1));
    std::swap(s.deck[i], s.deck[j]);
  }
  s.cut = 1 + static_cast<int>(gen.bounded(32));  // R3.5, drawn in every variant
  return s;
}

int complete_cut(const Shuffle& shuffle, int stolen, std::array<Card, kDeckSize>& out) {
  const auto& deck = shuffle.deck;
  auto end = std::copy(deck.begin() + shuffle.cut, deck.end(), out.begin());
  end = std::copy(deck.begin(), deck.begin() + (shuffle.cut - stolen), end);
  return static_cast<int>(end - out.begin());
}

Dealt deal_from(const Card* deck, int deck_size, const Rules& rules, int dealer, const Hands& held) {
  Dealt dealt;
  dealt.hands = held;
  std::array<int, kMaxPlayers> held_count{};
  for (int p = 0; p < rules.players; ++p) held_count[p] = count(held[p]);
  int next = 0;
  const int first = forehand_of(dealer, rules.players);
  // R3.6 packet one brings every seat to 2 cards, packet two to hand_size.
  for (int packet_target : {2, rules.hand_size}) {
    for (int k = 0; k < rules.players; ++k) {
      const int seat = (first + k) % rules.players;
      for (; held_count[seat] < packet_target && next < deck_size; ++held_count[seat]) {
        dealt.hands[seat] |= bit(deck[next++]);
      }
    }
  }
  dealt.top_card = next < deck_size ? deck[next] : kNoCard;
  return dealt;
}

Dealt deal_hand(std::uint64_t game_seed, std::uint64_t hand, const Rules& rules, int dealer) {
  // deal_from(complete_cut(shuffle, 0)) without the copies: with nothing stolen the cut deck is the
  // shuffled deck rotated by the cut (R3.5), and every seat starts empty (R3.6).
  const Shuffle shuffle = shuffle_for_hand(game_seed, hand);
  const int n = rules.players;
  const int first = forehand_of(dealer, n);
  // R3.5: the cut deck is deck[c:] + deck[:c]: read it from a doubled copy, without a modulo per card.
  std::array<Card, 2 * kDeckSize> doubled;
  std::copy(shuffle.deck.begin(), shuffle.deck.end(), doubled.begin());
  std::copy(shuffle.deck.begin(), shuffle.deck.end(), doubled.begin() + kDeckSize);
  const Card* cut_deck = doubled.data() + shuffle.cut;
  int next = 0;
  auto draw = [&] { return bit(cut_deck[next++]); };
  Dealt dealt;
  for (int k = 0, seat = first; k < n; ++k, seat = seat + 1 == n ? 0 : seat + 1) {  // packet one: 2 each
    dealt.hands[seat] |= draw();
    dealt.hands[seat] |= draw();
  }
  for (int k = 0, seat = first; k < n; ++k, seat = seat + 1 == n ? 0 : seat + 1) {  // packet two: the rest
    for (int c = 2; c < rules.hand_size; ++c) dealt.hands[seat] |= draw();
  }
  dealt.top_card = next < kDeckSize ? cut_deck[next] : kNoCard;
  return dealt;
}

}  // namespace bieten
