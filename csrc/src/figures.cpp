#include "bieten/figures.hpp"

#include <string>

#include "bieten/errors.hpp"

namespace bieten {

namespace {

std::string where(std::ptrdiff_t row, int seat) {
  std::string s = "seat " + std::to_string(seat);
  if (row >= 0) s = "deal " + std::to_string(row) + ", " + s;
  return s;
}

std::int8_t weli_holder(const CardSet* hands, int players) {
  for (int p = 0; p < players; ++p) {
    if (hands[p] & bit(kWeli)) return static_cast<std::int8_t>(p);
  }
  return kNobody;
}

}  // namespace

void validate_hands(const CardSet* hands, const Rules& rules, std::ptrdiff_t row) {
  CardSet seen = 0;
  const CardSet wild = rules.wild_cards();
  for (int p = 0; p < rules.players; ++p) {
    const CardSet h = hands[p];
    if (h & ~kFullDeck) {
      throw HandError("R1.4: " + where(row, p) + " has bits beyond the 33 cards (mask " + std::to_string(h) + ")");
    }
    if (count(h) != rules.hand_size) {
      throw HandError("R3.6: " + where(row, p) + " holds " + std::to_string(count(h)) + " cards [" + cards_text(h) +
                      "], hand_size is " + std::to_string(rules.hand_size));
    }
    if (const CardSet twice = h & seen) {
      throw HandError("R1.4: " + where(row, p) + " holds " + card_text(lowest(twice)) +
                      ", which another seat holds too");
    }
    if (const CardSet w = h & wild) {
      throw HandError("R5.1: " + where(row, p) + " holds " + card_text(lowest(w)) +
                      ", a wild card under these rules; only natural cards can be evaluated");
    }
    seen |= h;
  }
}

Winners evaluate_natural(const CardSet* hands, const Rules& rules) {
  std::array<FigureCards, kMaxPlayers> cards{};
  for (int p = 0; p < rules.players; ++p) cards[p].cards = hands[p];
  return figure_winners(cards.data(), rules.players, rules, weli_holder(hands, rules.players));
}

void evaluate_batch(const CardSet* masks, std::size_t deals, const Rules& rules, std::int8_t* out, bool validate) {
  const int players = rules.players;
  if (validate) {
    for (std::size_t d = 0; d < deals; ++d)
      validate_hands(masks + d * players, rules, static_cast<std::ptrdiff_t>(d));
  }
  for (std::size_t d = 0; d < deals; ++d) {
    const Winners w = evaluate_natural(masks + d * players, rules);
    for (int f = 0; f < kEvalColumns; ++f) out[d * kEvalColumns + f] = w[f];
  }
}

}  // namespace bieten
