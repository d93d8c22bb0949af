// Toy Tricks' built-in agents (docs/agents.md's names): each picks a legal action for the seat to act.
#pragma once

#include "core/agent_spec.hpp"
#include "core/ismcts_options.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "games/toy_tricks/game.hpp"

namespace bieten::toy_tricks {

using bieten::builtin_action;

// Uniform over the legal actions.
ActionId random_action(const Game& game, SplitMix64& rng);
// Leads its highest card; follows with the lowest card that wins the trick, else its lowest card.
ActionId heuristic_action(const Game& game, SplitMix64& rng);
// ISMCTS (core/ismcts.hpp) over the rest of the deal. With every card dealt (T3.2) a seat can work out
// the other's hand (T8.1), so its one world is the game itself.
inline constexpr int kIsmctsDefaultIterations = 200;
ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options = {});
// No network is shipped for Toy Tricks (its descriptor's kPolicies is empty): these throw Error.
ActionId policy_action(const Game& game, SplitMix64& rng);
ActionId policy_action(const Game& game, SplitMix64& rng, PolicyScratch& scratch);
const float* policy_outputs(const Game& game, PolicyScratch& scratch);

}  // namespace bieten::toy_tricks
