// Worlds of the hidden cards of Bauernschnapsen and Schnapsen consistent with what one seat has seen
// (S12), for the ISMCTS agent's determinizations (docs/agents.md, "ismcts").
//
// A seat sees its own hand, every played card, the trump card while it lies under the stock, the
// cards others showed (the trump card or exchanged Unter they drew, melded Kings and Obers, a turned
// fourth card), the number of cards in each hand and in the stock, and the cards others showed they
// lack by failing to follow, to trump or to head when S6.3 obliged them (Game::void_cards). A world
// deals the unseen cards to the other hands (each its count, never a card it showed it lacks) and
// orders the rest as the face-down stock.
#pragma once

#include <array>
#include <cstdint>

#include "core/rng.hpp"
#include "games/schnapsen/game.hpp"

namespace bieten::schnapsen {

struct SeatView {
  int players = 0;
  int seat = 0;
  bool supported = false;  // in the card play, and the seat knows the sides (S2.3, S12)
  CardSet pool = 0;                          // unseen cards: others' unknown cards and the face-down stock
  std::array<CardSet, kMaxPlayers> known{};  // cards known in each hand: its own; others' shown cards
  std::array<int, kMaxPlayers> need{};       // unseen cards each hand holds
  std::array<CardSet, kMaxPlayers> forbid{}; // cards a seat showed it does not hold
  int stock_hidden = 0;                      // face-down stock cards still to draw
};

// The view of `seat`, read only from what that seat may see.
SeatView make_seat_view(const Game& game, int seat);

struct World {
  std::array<CardSet, kMaxPlayers> hands{};  // every seat's hand
  std::array<Card, kStockSize> stock{};      // the face-down stock, top first (stock_hidden of them)
};

// Whether a world fits the view: the seat's and the shown cards where they are, the counts, no card
// where it was shown absent, every card once.
bool consistent(const SeatView& v, const World& w);

// Draws worlds: the seats with the fewest spare allowed cards first, each taking its unseen cards
// uniformly from the unseen cards left that it may hold, the rest shuffled into the stock. A draw that
// leaves a seat short is retried; after many failures the shown-absent cards are ignored (unreachable
// for a view of a real game, where the real deal is always a world).
class WorldSampler {
 public:
  WorldSampler(const SeatView& v, SplitMix64& rng);
  bool draw(World& out);

 private:
  bool try_draw(World& out, bool use_forbid);
  const SeatView& v_;
  SplitMix64& rng_;
  std::array<std::int8_t, kMaxPlayers> order_{};
  int order_size_ = 0;
};

}  // namespace bieten::schnapsen
