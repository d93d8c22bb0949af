// A built-in agent named by its text ("random", "heuristic", "ismcts:400", ...), the same for both games
// (docs/agents.md): each game's agents.hpp turns a spec into that game's action.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/ismcts_options.hpp"

namespace bieten {

enum class AgentKind : std::uint8_t { kRandom, kHeuristic, kExternal, kIsmcts };

// A built-in agent with its knobs: the kind, and for kIsmcts its options (ismcts_options.hpp).
struct AgentSpec {
  AgentKind kind = AgentKind::kRandom;
  IsmctsOptions ismcts{};
};

// "random", "heuristic", "external" (any case) or "ismcts[:...]" (ismcts_options.hpp); throws Error for
// an unknown name.
AgentKind parse_agent(std::string_view name);
AgentSpec parse_agent_spec(std::string_view name);
// parse_agent_spec for an agent the engine runs itself: "external" (a caller's function) is refused too.
AgentSpec builtin_agent_spec(std::string_view name);
std::string_view agent_name(AgentKind kind);
std::string agent_spec_name(const AgentSpec& spec);  // "random", "heuristic", "ismcts:400", ...

}  // namespace bieten
