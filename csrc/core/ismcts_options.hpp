// The knobs of the ISMCTS agent (docs/agents.md, "ismcts"), shared by both games, and the agent name
// that carries them: "ismcts", "ismcts:400" (iterations per decision), "ismcts:8ms" (a wall-clock
// budget), with optional ":c=0.7" (the UCT exploration constant), ":rollout=random|heuristic|policy"
// (the play-outs), ":model=random|heuristic|policy" (the other seats' choices in the tree), ":policy"
// (both by the shipped policy network, core/policy.hpp), ":others=policy|uct" (whether the model or
// UCB chooses for the other seats in the tree) and, in Bieten, ":answers=heuristic|search" and
// ":cards=heuristic|search".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bieten {

// Who plays a seat's moves inside the search: uniformly random, the game's cheap rules of thumb, or the
// shipped policy network's highest-scoring legal action (core/policy.hpp).
enum class Rollout : std::uint8_t { kRandom, kHeuristic, kPolicy };

struct IsmctsOptions {
  int iterations = 0;     // determinized iterations per decision (deterministic from the seed) ...
  double time_ms = 0;     // ... or, when iterations is 0, a wall-clock budget per decision
  double exploration = -1;  // UCT constant on rewards in points; < 0: the game's default
  Rollout rollout = Rollout::kHeuristic;
  bool rollout_set = false;  // the name chose the rollout (else the game's default)
  Rollout model = Rollout::kHeuristic;  // the model of the other seats in the tree (with model_others)
  bool model_set = false;               // the name chose the model (else the game's default)
  bool prior = false;        // PUCT: the policy network's prior at the nodes chosen in the tree (not by the model)
  double prior_temperature = -1;  // the prior's softmax temperature; < 0: 1
  int model_others = -1;     // 1: other seats choose by the game's model in the tree; 0: by UCB; -1: default
  int search_answers = -1;   // Bieten: 1 searches answers to bids too; 0, -1: the heuristic answers
  int search_cards = -1;     // Bieten: 1 searches every card; 0, -1: the heuristic's card or a bid
  int open_tree = -1;        // expert: 1 (or -1, the default) a tree search while the stock is open; 0 one
                             // play-out per world and action (expert:open=worlds)
  int split_others = -1;     // expert: 1 (or -1, the default) the other seat's tree statistics kept by the
                             // trump Ace and Ten it holds in the world; 0 fused (expert:others=uct)
  friend bool operator==(const IsmctsOptions&, const IsmctsOptions&) = default;
};

// Whether `name` (case-insensitive) is an ISMCTS agent name: "ismcts" or "ismcts:...".
bool is_ismcts_name(std::string_view name);
// Parses an ISMCTS agent name; throws Error naming the bad part. Budget 0 means the game's default.
IsmctsOptions parse_ismcts(std::string_view name);
// The canonical name of the options (round-trips through parse_ismcts).
std::string ismcts_name(const IsmctsOptions& options);

// The expert agent (docs/agents.md, "expert"): "expert", "expert:<worlds>" (worlds per decision, in
// `iterations`), "expert:<ms>ms" (a wall-clock budget), ":rollout=random|heuristic|policy" (who plays
// on in a world until its stock is exhausted or closed), ":open=tree|worlds" (how the card play is
// searched while the stock is open), ":c=<x>" (the tree's exploration constant, in `exploration`) and
// ":others=trumps|uct" (the other seat's statistics in the tree kept by its high trumps, or fused).
bool is_expert_name(std::string_view name);
IsmctsOptions parse_expert(std::string_view name);  // throws Error naming the bad part
std::string expert_name(const IsmctsOptions& options);

}  // namespace bieten
