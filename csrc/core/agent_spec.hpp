// A built-in agent named by its text ("random", "heuristic", "ismcts:400", ...), the same for both games
// (docs/agents.md): each game's agents.hpp turns a spec into that game's action.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/errors.hpp"
#include "core/ismcts_options.hpp"
#include "core/rng.hpp"

namespace bieten {

enum class AgentKind : std::uint8_t { kRandom, kHeuristic, kExternal, kIsmcts, kPolicy };

// A built-in agent with its knobs: the kind, and for kIsmcts its options (ismcts_options.hpp).
struct AgentSpec {
  AgentKind kind = AgentKind::kRandom;
  IsmctsOptions ismcts{};
};

// "random", "heuristic", "policy", "external" (any case) or "ismcts[:...]" (ismcts_options.hpp); throws Error for
// an unknown name.
AgentKind parse_agent(std::string_view name);
AgentSpec parse_agent_spec(std::string_view name);
// parse_agent_spec for an agent the engine runs itself: "external" (a caller's function) is refused too.
AgentSpec builtin_agent_spec(std::string_view name);
std::string_view agent_name(AgentKind kind);
std::string agent_spec_name(const AgentSpec& spec);  // "random", "heuristic", "policy", "ismcts:400", ...

// What a game's built-in agents reuse from one decision to the next (storage, never state that
// changes an action), owned by the caller: one per thread. A game's agents.hpp specialises it when
// its agents take one (Bieten's heuristic: AgentWorkspace); NoAgentWorkspace otherwise.
struct NoAgentWorkspace {};
template <typename G>
struct AgentWorkspaceOf {
  using type = NoAgentWorkspace;
};
template <typename G>
using AgentWorkspaceFor = typename AgentWorkspaceOf<G>::type;

// The action of a built-in agent (not kExternal) for the seat to act in `game`: the game's own
// random_action, heuristic_action, ismcts_action and policy_action (its agents.hpp, found by argument-dependent lookup),
// given the caller's workspace when the game's agents take one.
template <typename G>
typename G::ActionId builtin_action(const AgentSpec& spec, const G& game, SplitMix64& rng,
                                    AgentWorkspaceFor<G>& workspace) {
  constexpr bool kTakes = !std::is_same_v<AgentWorkspaceFor<G>, NoAgentWorkspace>;
  switch (spec.kind) {
    case AgentKind::kRandom: return random_action(game, rng);
    case AgentKind::kHeuristic:
      if constexpr (kTakes) return heuristic_action(game, rng, workspace);
      else return heuristic_action(game, rng);
    case AgentKind::kIsmcts:
      if constexpr (kTakes) return ismcts_action(game, rng, spec.ismcts, workspace);
      else return ismcts_action(game, rng, spec.ismcts);
    case AgentKind::kPolicy: return policy_action(game, rng);
    case AgentKind::kExternal: break;
  }
  throw Error("the external agent is not built in");
}

template <typename G>
typename G::ActionId builtin_action(const AgentSpec& spec, const G& game, SplitMix64& rng) {
  AgentWorkspaceFor<G> workspace;
  return builtin_action(spec, game, rng, workspace);
}

}  // namespace bieten
