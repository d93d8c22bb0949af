// The deterministic deal of Bauernschnapsen and Schnapsen (SCHNAPSEN S3), on Bieten's generator (R3.1-R3.3).
#pragma once

#include <array>
#include <cstdint>

#include "core/seats.hpp"
#include "games/schnapsen/cards.hpp"
#include "games/schnapsen/rules.hpp"

namespace bieten::schnapsen {

inline constexpr int kStockSize = 9;  // S3.5: face down, without the trump card

using bieten::cutter_of;    // S2.1 (core/seats.hpp)
using bieten::forehand_of;

// S3.2 the shuffled pack (deck[0] is the top card) and S3.3 the drawn cut c in 1..19.
struct Shuffle {
  std::array<Card, kPackSize> deck{};
  int cut = 0;
};
Shuffle shuffle_for_deal(std::uint64_t game_seed, std::uint64_t deal);

// A deal as dealt (S3.6): each hand in dealt order, the trump card and the stock (2 players).
struct DealtCards {
  std::array<std::array<Card, kHandSize>, kMaxPlayers> hands{};
  Card trump_card = kNoCardInPack;
  std::array<Card, kStockSize> stock{};  // top first
  static constexpr Card kNoCardInPack = 0xFF;
  friend bool operator==(const DealtCards&, const DealtCards&) = default;
};

// S3.3-S3.5 deals `deck` (top first, already cut or knocked) to `players` seats from forehand.
DealtCards deal_deck(const std::array<Card, kPackSize>& deck, int players, int dealer, bool knock);

// S3 the deal `deal` of a game with `game_seed`: shuffle, cut (deck[c:] + deck[:c]) or knock, deal.
DealtCards deal_cards(std::uint64_t game_seed, std::uint64_t deal, int players, int dealer, bool knock);

}  // namespace bieten::schnapsen
