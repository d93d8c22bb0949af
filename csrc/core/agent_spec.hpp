// A built-in agent named by its text ("random", "heuristic", "ismcts:400", ...), the same for both games
// (docs/agents.md): each game's agents.hpp turns a spec into that game's action.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/ismcts_options.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"

namespace bieten {

enum class AgentKind : std::uint8_t { kRandom, kHeuristic, kExternal, kIsmcts, kPolicy, kExpert };

// A built-in agent with its knobs: the kind, for kIsmcts and kExpert its options (ismcts_options.hpp), and for
// kPolicy read from a file ("policy:PATH", e.g. what `bieten train` writes) the network and its file;
// a plain "policy" has no network here: it plays the game's shipped one.
struct AgentSpec {
  AgentKind kind = AgentKind::kRandom;
  IsmctsOptions ismcts{};
  std::shared_ptr<const PolicyNet> policy{};
  std::string policy_file{};
};

// The largest policy file "policy:PATH" reads (the largest network the format allows is 32 MiB).
inline constexpr std::size_t kMaxPolicyFile = 40u << 20;

// "random", "heuristic", "policy", "policy:PATH", "external" (any case), "ismcts[:...]" or "expert[:...]"
// (ismcts_options.hpp); throws Error for an unknown name, and for a policy file that cannot be read or
// is not a policy, naming the file and the fault.
AgentKind parse_agent(std::string_view name);
AgentSpec parse_agent_spec(std::string_view name);
// parse_agent_spec for an agent the engine runs itself: "external" (a caller's function) is refused too.
AgentSpec builtin_agent_spec(std::string_view name);
std::string_view agent_name(AgentKind kind);
std::string agent_spec_name(const AgentSpec& spec);  // "random", "heuristic", "policy", "ismcts:400", ...

// For an agent that plays the game `game` (its policy tag, observation size and action count): a
// "policy:PATH" network made for another game, or of another shape, is refused, naming the file and
// the game it was made for (`tag_names`: a game's name by its tag, e.g. from the registry).
template <typename Names>
void check_policy_for(const AgentSpec& spec, std::uint32_t tag, int inputs, int outputs, std::string_view game,
                      Names tag_names) {
  if (!spec.policy) return;
  const PolicyNet& net = *spec.policy;
  if (net.game != tag) {
    const std::string other = tag_names(net.game);
    throw Error("policy:" + spec.policy_file + ": a policy of " +
                (other.empty() ? "game tag " + std::to_string(net.game) : other) + ", not of " + std::string(game) +
                "; train one with bieten train --game " + std::string(game));
  }
  if (net.inputs() != inputs || net.outputs() != outputs) {
    throw Error("policy:" + spec.policy_file + ": its network takes " + std::to_string(net.inputs()) +
                " inputs and scores " + std::to_string(net.outputs()) + " actions; " + std::string(game) +
                " has an observation of " + std::to_string(inputs) + " and " + std::to_string(outputs) + " actions");
  }
}

// The action of a policy network read from a file for the seat to act in `game`: the legal action with the
// highest output (ties: the lowest id); at a chance node, the random agent's. The network's shape is
// checked first (check_policy_for names the file; this is the last guard).
template <typename G>
typename G::ActionId policy_net_action(const PolicyNet& net, const G& game, SplitMix64& rng) {
  using ActionId = typename G::ActionId;
  if (net.inputs() != kObservationSizeOf<G> || net.outputs() != G::kNumActions) {
    throw Error("a policy network of " + std::to_string(net.inputs()) + " inputs and " +
                std::to_string(net.outputs()) + " actions does not fit this game");
  }
  const int seat = game.current_player();
  if (seat < 0) return random_action(game, rng);  // a chance node: nobody's decision
  static_assert(kObservationSizeOf<G> <= kPolicyMaxWidth);
  std::array<float, kPolicyMaxWidth> input;
  PolicyWorkspace workspace;
  write_observation(game, seat, input.data());
  const float* y = policy_outputs(net, input.data(), workspace);
  int best = -1;
  for (int a = 0; a < G::kNumActions; ++a) {
    if (game.is_legal(static_cast<ActionId>(a)) && (best < 0 || y[a] > y[best])) best = a;
  }
  if (best < 0) throw Error("the game is over; there is no action to choose");
  return static_cast<ActionId>(best);
}

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
    case AgentKind::kPolicy:
      if (spec.policy) return policy_net_action(*spec.policy, game, rng);
      return policy_action(game, rng);
    case AgentKind::kExpert:
      // A game with an exact solver has its own expert_action (docs/agents.md "expert"); any other plays
      // as the default ismcts.
      if constexpr (requires { expert_action(game, rng, spec.ismcts); }) return expert_action(game, rng, spec.ismcts);
      else if constexpr (kTakes) return ismcts_action(game, rng, IsmctsOptions{}, workspace);
      else return ismcts_action(game, rng, IsmctsOptions{});
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
