// Cards and card sets (RULES R1). A card is an id 0..32, a set of cards is a bitmask.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace bieten {

using Card = std::uint8_t;      // R1.4: suit_index * 8 + rank_index; the Weli is 32
using CardSet = std::uint64_t;  // R1.4: bit `id` set for each card in the set

inline constexpr int kSuits = 4;
inline constexpr int kRanks = 8;
inline constexpr int kDeckSize = 33;
inline constexpr Card kWeli = 32;  // R1.3: the Six of Bells

enum Suit : std::uint8_t { kHearts = 0, kLeaves = 1, kBells = 2, kAcorns = 3 };  // R1.1
enum Rank : std::uint8_t { kAce = 0, kKing, kOber, kUnter, kTen, kNine, kEight, kSeven };  // R1.2

inline constexpr Card make_card(int suit, int rank) { return static_cast<Card>(suit * kRanks + rank); }
inline constexpr Card kBellsSeven = make_card(kBells, kSeven);    // R5.1: a Spitz
inline constexpr Card kAcornsSeven = make_card(kAcorns, kSeven);  // R5.1: a Spitz

inline constexpr CardSet kFullDeck = (CardSet{1} << kDeckSize) - 1;
inline constexpr CardSet kNaturalCards = (CardSet{1} << 32) - 1;  // the 32 cards of ranks A..7
inline constexpr CardSet kSuitMask = 0xFF;                          // one suit, shifted by 8 * suit

inline constexpr CardSet bit(Card c) { return CardSet{1} << c; }
inline constexpr CardSet suit_cards(int suit) { return kSuitMask << (8 * suit); }
// The natural suit of a card; the Weli is a Bells card in the natural rules (R1.3).
inline constexpr int suit_of(Card c) { return c == kWeli ? kBells : c >> 3; }
// Rank index; the Weli ranks 8, below the Bells 7 (R1.3).
inline constexpr int rank_of(Card c) { return c == kWeli ? 8 : c & 7; }
// The natural cards of a suit, with the natural Weli among the Bells (R1.3, R4.2).
inline constexpr CardSet natural_suit(int suit) { return suit_cards(suit) | (suit == kBells ? bit(kWeli) : 0); }
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
// Parses card text case-insensitively, accepting "W" and "Weli" for S6 (R1.5).
// Returns false on anything else.
bool try_parse_card(std::string_view text, Card& out);
// As try_parse_card, but throws CardError quoting the text.
Card parse_card(std::string_view text);
// Text of a set: canonical card texts in ascending id, separated by spaces.
std::string cards_text(CardSet s);
// Parses whitespace- or comma-separated card texts; throws CardError on a bad or repeated card.
CardSet parse_cards(std::string_view text);

}  // namespace bieten
