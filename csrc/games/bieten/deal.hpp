// The deterministic deal of a hand (RULES R2.2, R3.2-R3.8).
#pragma once

#include <array>
#include <cstdint>

#include "core/seats.hpp"
#include "games/bieten/cards.hpp"
#include "games/bieten/rules.hpp"

namespace bieten {

inline constexpr Card kNoCard = 0xFF;
inline constexpr int kMaxSteal = 3;  // R3.7

using Hands = std::array<CardSet, kMaxPlayers>;  // one set per seat; seats >= players stay empty

// R2.2 forehand_of and cutter_of: core/seats.hpp.

// R3.4 the shuffled deck (deck[0] is the top card) and R3.5 the drawn cut c in 1..32.
struct Shuffle {
  std::array<Card, kDeckSize> deck{};
  int cut = 0;
};
Shuffle shuffle_for_hand(std::uint64_t game_seed, std::uint64_t hand);

// R3.5/R3.7 completes the cut after `stolen` cards were taken from the bottom of the lifted
// packet (deck[c-1], deck[c-2], ...): out = deck[c:] + deck[:c-stolen]. Returns its length.
int complete_cut(const Shuffle& shuffle, int stolen, std::array<Card, kDeckSize>& out);

struct Dealt {
  Hands hands{};
  Card top_card = kNoCard;  // R3.8 the next card of the stock
};

// R3.6 the two-packet deal from a cut deck, clockwise from forehand; `held` are cards seats
// already hold (R3.7 cut-steal), which reduce what they receive.
Dealt deal_from(const Card* deck, int deck_size, const Rules& rules, int dealer, const Hands& held);

// R3.2-R3.6 the deal of hand `hand` of the game with `game_seed`, without cut-steal.
Dealt deal_hand(std::uint64_t game_seed, std::uint64_t hand, const Rules& rules, int dealer);
// The same deal with its cards ORed into `hands` (empty on entry), the top card returned: the game's
// way, which then reads each hand where it was written (a copy of a returned Dealt reads two hands
// in one load, which waits for both of their stores to retire: the CPU cannot forward them).
Card deal_hand_into(std::uint64_t game_seed, std::uint64_t hand, const Rules& rules, int dealer, Hands& hands);

}  // namespace bieten
