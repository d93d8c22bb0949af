// Card ids, card sets and card text shared by every pack (RULES R1.1, R1.2, R1.4, R1.5): a card is an id
// suit * 8 + rank, a set of cards is a bitmask of a uint64_t, so that a hand, a trick or a whole pack is
// one word and legal moves are bit operations. Each game's cards.hpp names the pack it deals from.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace bieten {

using Card = std::uint8_t;      // R1.4: suit_index * 8 + rank_index
using CardSet = std::uint64_t;  // R1.4: bit `id` set for each card in the set

inline constexpr int kSuits = 4;
inline constexpr int kRanks = 8;

enum Suit : std::uint8_t { kHearts = 0, kLeaves = 1, kBells = 2, kAcorns = 3 };  // R1.1
enum Rank : std::uint8_t { kAce = 0, kKing, kOber, kUnter, kTen, kNine, kEight, kSeven };  // R1.2

// The one id past the 32 cards of ranks A..7: the Six of Bells (text "S6"), which only Bieten's
// 33-card pack deals (R1.3).
inline constexpr Card kSixOfBells = 32;

inline constexpr Card make_card(int suit, int rank) { return static_cast<Card>(suit * kRanks + rank); }

inline constexpr CardSet kSuitMask = 0xFF;  // one suit, shifted by 8 * suit

inline constexpr CardSet bit(Card c) { return CardSet{1} << c; }
inline constexpr CardSet suit_cards(int suit) { return kSuitMask << (8 * suit); }
// The cards of the suits in a 4-bit suit mask (bit s = suit s).
inline constexpr CardSet suits_cards(std::uint8_t suits) {
  CardSet out = 0;
  for (int s = 0; s < kSuits; ++s) {
    if (suits >> s & 1) out |= suit_cards(s);
  }
  return out;
}
inline constexpr int count(CardSet s) { return std::popcount(s); }
inline constexpr Card lowest(CardSet s) { return static_cast<Card>(std::countr_zero(s)); }

// Canonical text of a card (R1.5), e.g. "HA", "L10", "S6".
std::string card_text(Card c);
// Parses card text case-insensitively, accepting "W" and "Weli" for S6 (R1.5). Returns false on
// anything else. Which cards a game deals is its pack's business (e.g. S1.1).
bool try_parse_card(std::string_view text, Card& out);
// As try_parse_card, but throws CardError quoting the text.
Card parse_card(std::string_view text);
// Text of a set: canonical card texts in ascending id, separated by spaces.
std::string cards_text(CardSet s);
// Parses whitespace- or comma-separated card texts; throws CardError on a bad or repeated card.
CardSet parse_cards(std::string_view text);

}  // namespace bieten
