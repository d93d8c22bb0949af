// Built-in agents (docs/agents.md): each picks a legal action for the seat to act, from what that
// seat may see, with its own seeded generator, so batch runs are reproducible on any thread count.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "games/bieten/actions.hpp"
#include "core/agent_spec.hpp"
#include "core/policy.hpp"
#include "games/bieten/game.hpp"
#include "core/rng.hpp"

namespace bieten {

// What the heuristic agent reuses from one decision to the next: the storage of the odds sampler's
// lists of the sets of cards that fit a seat's bids (R7.2; odds_detail::Sampler). Owned by the
// caller (bieten.simulate keeps one per thread, a Python agent one per agent), so that once each
// seat's list has been built once a decision allocates nothing. It carries no state from one
// decision to the next: the actions are the same with a fresh workspace or a used one.
struct AgentWorkspace {
  // What a seat's list of fitting sets was built from (odds_detail::Sampler::build_list): the list
  // depends on nothing else, so an equal key means an equal list.
  struct FittingKey {
    CardSet allowed = 0, known = 0, played = 0, wild = 0;
    int need = -1;
    std::uint8_t must_hold = 0;
    bool operator==(const FittingKey&) const = default;
  };
  std::array<std::vector<CardSet>, kMaxPlayers> fitting;  // per seat; capacity odds_detail::kListCapacity
  std::array<FittingKey, kMaxPlayers> fitting_key{};      // need -1: no list
  // A list is shared by the looks of one decision only: the next decision starts without lists, so a
  // decision's action never depends on what the workspace did before (any thread, any order).
  void new_decision() { fitting_key.fill(FittingKey{}); }
};

// core/agent_spec.hpp: the simulator and builtin_action give Bieten's agents a workspace.
template <>
struct AgentWorkspaceOf<Game> {
  using type = AgentWorkspace;
};

// builtin_action(spec, game, rng) (agent_spec.hpp) runs the agents below by their spec.

// Uniform over the legal actions: the k-th legal id in ascending order, k = rng.bounded(count)
// (R3.3). Inline: it is the whole decision of random self-play and of ISMCTS's random rollouts.
[[noreturn]] void throw_no_action();  // R8.2: the game is over
inline ActionId random_action(const Game& game, SplitMix64& rng) {
  const ActionMask& legal = game.legal_mask();
  if (legal.size() == 0) [[unlikely]] throw_no_action();
  return uniform_action(legal, rng);
}

// The odds-aware player (docs/agents.md): bids, holds and raises when the expected points are
// positive, names wilds and plays cards to win figures and Spiel. Uses only what the seat to act
// may see.
ActionId heuristic_action(const Game& game, SplitMix64& rng);
ActionId heuristic_action(const Game& game, SplitMix64& rng, AgentWorkspace& workspace);  // the same action

// ISMCTS (ismcts.hpp, docs/agents.md): searches the rest of the hand over worlds of the unseen cards
// drawn consistently with the seat's view (odds_detail::Sampler: its cards, all played cards, failed
// suits, the bids). In the cut-steal phase it plays as the heuristic.
inline constexpr int kIsmctsDefaultIterations = 5000;
ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options = {});
ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options, AgentWorkspace& workspace);

// The learned policy (core/policy.hpp, docs/agents.md "policy"): the shipped network's highest-scoring
// legal action for the observation of the seat to act. Draws nothing from rng; allocates nothing.
ActionId policy_action(const Game& game, SplitMix64& rng);
// The same with the caller's storage, reused from call to call (the search's play-outs).
ActionId policy_action(const Game& game, SplitMix64& rng, PolicyScratch& scratch);
// The shipped network's outputs (one per action id) for the observation of the seat to act, in
// scratch's workspace: what policy_action chooses from, and the search's prior (ismcts:prior=policy).
const float* policy_outputs(const Game& game, PolicyScratch& scratch);

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
FigureOdds figure_odds(const Game& game, int seat, SplitMix64& rng, AgentWorkspace& workspace);  // the same odds

}  // namespace bieten
