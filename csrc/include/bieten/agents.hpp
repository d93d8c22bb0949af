// Built-in agents (docs/agents.md): each picks a legal action for the seat to act, from what that
// seat may see, with its own seeded generator, so batch runs are reproducible on any thread count.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "bieten/actions.hpp"
#include "bieten/game.hpp"
#include "bieten/rng.hpp"

namespace bieten {

enum class AgentKind : std::uint8_t { kRandom, kHeuristic, kExternal };

// "random", "heuristic"; throws Error for an unknown name.
AgentKind parse_agent(std::string_view name);
std::string_view agent_name(AgentKind kind);

// Uniform over the legal actions.
ActionId random_action(const Game& game, SplitMix64& rng);

// The odds-aware player (docs/agents.md): bids, holds and raises when the expected points are
// positive, names wilds and plays cards to win figures and Spiel. Uses only what the seat to act
// may see.
ActionId heuristic_action(const Game& game, SplitMix64& rng);

// Probability, for `seat`, that it ends the hand with the best Red, Green, Gleich, Hanger and
// Spiel (Figure order), from what that seat may see (its cards, all played cards, the face-up
// card, cut-steal cards it saw, the bids and answers so far): exact enumeration of the unseen
// cards where their hands are few, seeded sampling otherwise.
struct FigureOdds {
  std::array<double, kBiddableFigures> p{};
  bool exact = false;   // enumerated every possible holding of the unseen cards
  int worlds = 0;       // holdings enumerated or sampled
};
FigureOdds figure_odds(const Game& game, int seat, SplitMix64& rng);

}  // namespace bieten
