// The 20-card Schnapsen pack (SCHNAPSEN S1) on the shared card ids and 64-bit card sets (core/cards.hpp).
#pragma once

#include <array>
#include <cstdint>

#include "core/cards.hpp"

namespace bieten::schnapsen {

inline constexpr int kPackSize = 20;
inline constexpr int kHandSize = 5;  // S3.4, S3.5
inline constexpr int kRanksInPack = 5;  // A K O U 10: Bieten's rank indices 0..4 (R1.2)

// S1.1 the pack: ranks 0..4 (A, K, O, U, 10) of each suit, one 5-bit run per 8-bit suit.
inline constexpr CardSet kPack = 0x1F1F1F1FULL;

inline constexpr bool in_pack(Card c) { return c < 32 && (kPack >> c & 1); }
// The index of a card in the pack, 5 * suit + rank (0..19), used by the action ids (docs/schnapsen.md).
inline constexpr int pack_index(Card c) { return 5 * (c >> 3) + (c & 7); }
inline constexpr Card card_at(int index) { return static_cast<Card>(8 * (index / 5) + index % 5); }
// A set of pack cards as 20 bits by pack index, and back (pext/pdep by hand: four 5-bit runs).
inline constexpr std::uint32_t pack_bits(CardSet s) {
  return static_cast<std::uint32_t>((s & 0x1F) | (s >> 3 & 0x3E0) | (s >> 6 & 0x7C00) | (s >> 9 & 0xF8000));
}
inline constexpr CardSet from_pack_bits(std::uint32_t b) {
  const CardSet s = b;
  return (s & 0x1F) | (s & 0x3E0) << 3 | (s & 0x7C00) << 6 | (s & 0xF8000) << 9;
}

// S1.2 card points by rank index (A, K, O, U, 10) and strength within a suit (A > 10 > K > O > U).
inline constexpr std::array<int, kRanksInPack> kRankPoints = {11, 4, 3, 2, 10};
inline constexpr std::array<int, kRanksInPack> kRankStrength = {4, 2, 1, 0, 3};
inline constexpr int card_points(Card c) { return kRankPoints[c & 7]; }
inline constexpr int strength(Card c) { return kRankStrength[c & 7]; }
inline constexpr int suit(Card c) { return c >> 3; }
inline constexpr CardSet suit_set(int s) { return CardSet{0x1F} << (8 * s); }

// The cards of the same suit that beat `c` (S1.2), as a set.
inline constexpr CardSet stronger_in_suit(Card c) {
  CardSet out = 0;
  for (int r = 0; r < kRanksInPack; ++r) {
    if (kRankStrength[r] > strength(c)) out |= bit(static_cast<Card>((c & ~7) + r));
  }
  return out;
}
inline constexpr auto kStrongerTable = [] {
  std::array<CardSet, 32> t{};
  for (int c = 0; c < 32; ++c) {
    if (in_pack(static_cast<Card>(c))) t[c] = stronger_in_suit(static_cast<Card>(c));
  }
  return t;
}();

// S6.2 whether `card` beats the card `best` now winning the trick, with `trump` (-1 for none).
inline constexpr bool beats(Card card, Card best, int trump) {
  if (suit(card) == suit(best)) return strength(card) > strength(best);
  return suit(card) == trump;
}

inline constexpr int set_points(CardSet s) {
  int points = 0;
  for (int r = 0; r < kRanksInPack; ++r) points += kRankPoints[r] * count(s & (0x01010101ULL << r));
  return points;
}

inline constexpr Card kAceRank = 0, kKingRank = 1, kOberRank = 2, kUnterRank = 3, kTenRank = 4;
inline constexpr Card king_of(int s) { return static_cast<Card>(8 * s + kKingRank); }
inline constexpr Card ober_of(int s) { return static_cast<Card>(8 * s + kOberRank); }
inline constexpr Card unter_of(int s) { return static_cast<Card>(8 * s + kUnterRank); }
// The Ace and the Ten of suit s: the two highest of the suit (S1.2).
inline constexpr CardSet ace_and_ten_of(int s) {
  return CardSet{1} << (8 * s + kAceRank) | CardSet{1} << (8 * s + kTenRank);
}

}  // namespace bieten::schnapsen
