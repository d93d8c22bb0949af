// Built-in agents of Bauernschnapsen and Schnapsen (docs/agents.md): each picks a legal action for the
// seat to act from what that seat may see (S12), with its own seeded generator (agent_generator).
#pragma once

#include <cstdint>
#include <string_view>

#include "core/agent_spec.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"
#include "games/schnapsen/game.hpp"

namespace bieten::schnapsen {

// The agent names and specs are the same for both games (agent_spec.hpp).
using bieten::AgentKind;
using bieten::AgentSpec;
using bieten::agent_name;
using bieten::agent_spec_name;
using bieten::builtin_action;  // runs the agents below by their spec
using bieten::builtin_agent_spec;
using bieten::parse_agent;
using bieten::parse_agent_spec;

// Uniform over the legal actions (chance actions too, in chance mode).
ActionId random_action(const Game& game, SplitMix64& rng);

// A card player's rules of thumb: cut, name the longest suit trump, pass the bidding, double
// contracts it defends, exchange and meld whenever it may, claim as soon as its known points reach
// 66, win tricks cheaply, give points to a partner who is winning and otherwise throw the least.
ActionId heuristic_action(const Game& game, SplitMix64& rng);

// ISMCTS (ismcts.hpp, docs/agents.md): in the card play, searches the rest of the deal over worlds of
// the hidden cards drawn consistently with the seat's view (schnapsen/sampler.hpp, S12); elsewhere
// (cut, trump, bidding, calling, doubling), and while a called partner is secret to the seat, it plays
// as the heuristic.
inline constexpr int kIsmctsDefaultIterations = 1000;
ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options = {});

// The expert (docs/agents.md "expert", expert.cpp): in two-player card play, an exact end game under
// worlds drawn as for ismcts. While the stock is open, information-set tree search (core/ismcts.hpp) with
// `iterations` worlds (default kExpertDefaultTreeWorlds) or for `time_ms`, exploration `exploration`
// (default kExpertDefaultExploration), the other seat's statistics kept by the trump Ace and Ten it holds
// in the world unless `split_others` is 0 (others=uct), whose horizon is the first state of a world where
// the stock is exhausted or closed, valued there exactly by the solver (solver.hpp), `rollout` (default:
// the heuristic) playing both seats from the tree to that state. Once the stock is closed at the decision, and with
// open=worlds (`open_tree` 0) before, every legal action is valued in each world (default
// kExpertDefaultWorlds of them): exactly, or by a play-out and then exactly; the highest sum. A deal's
// result is valued by the chance of winning the game it gives (S8.6). With four players it plays as the
// default ismcts; at the cut (S3.3) as the heuristic.
inline constexpr int kExpertDefaultWorlds = 512;        // docs/agents.md "expert": tuned against ismcts
inline constexpr int kExpertDefaultTreeWorlds = 4000;   // docs/agents.md "expert": tuned against RdeepBot
inline constexpr double kExpertDefaultExploration = 1.0;  // on deal results in game points (GameValue)
ActionId expert_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options = {});

// The learned policy (core/policy.hpp, docs/agents.md "policy"): the shipped network of the preset's
// table (four players: bauernschnapsen; two: schnapsen), its highest-scoring legal action for the
// observation of the seat to act. At a chance node (chance deals) it plays as random_action.
ActionId policy_action(const Game& game, SplitMix64& rng);
// The same with the caller's storage, reused from call to call (the search's play-outs).
ActionId policy_action(const Game& game, SplitMix64& rng, PolicyScratch& scratch);
// The shipped network's outputs (one per action id) for the observation of the seat to act, in
// scratch's workspace: what policy_action chooses from, and the search's prior (ismcts:prior=policy).
const float* policy_outputs(const Game& game, PolicyScratch& scratch);

// The points of `seat`'s side as that seat knows them (S12): all of them where sides are known, only
// its own tricks and its own credited marriages while a called partner is still secret to it.
int known_side_points(const Game& game, int seat);

// Whether `other` is on `seat`'s side as far as `seat` knows (S2.3, S12).
bool known_partner(const Game& game, int seat, int other);

}  // namespace bieten::schnapsen
