// Bieten's 33-card pack (RULES R1): the 32 cards of ranks A..7 and the Weli, with the two Spitzen.
#pragma once

#include <cstdint>

#include "core/cards.hpp"

namespace bieten {

inline constexpr int kDeckSize = 33;
inline constexpr Card kWeli = kSixOfBells;  // R1.3: the Six of Bells

inline constexpr Card kBellsSeven = make_card(kBells, kSeven);    // R5.1: a Spitz
inline constexpr Card kAcornsSeven = make_card(kAcorns, kSeven);  // R5.1: a Spitz

inline constexpr CardSet kFullDeck = (CardSet{1} << kDeckSize) - 1;
inline constexpr CardSet kNaturalCards = (CardSet{1} << 32) - 1;  // the 32 cards of ranks A..7

// The natural suit of a card; the Weli is a Bells card in the natural rules (R1.3).
inline constexpr int suit_of(Card c) { return c == kWeli ? kBells : c >> 3; }
// Rank index; the Weli ranks 8, below the Bells 7 (R1.3).
inline constexpr int rank_of(Card c) { return c == kWeli ? 8 : c & 7; }
// The natural cards of a suit, with the natural Weli among the Bells (R1.3, R4.2).
inline constexpr CardSet natural_suit(int suit) { return suit_cards(suit) | (suit == kBells ? bit(kWeli) : 0); }

}  // namespace bieten
