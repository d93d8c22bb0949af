// The knobs of the ISMCTS agent (docs/agents.md, "ismcts"), shared by both games, and the agent name
// that carries them: "ismcts", "ismcts:400" (iterations per decision), "ismcts:8ms" (a wall-clock
// budget), with optional ":c=0.7" (the UCT exploration constant) and ":rollout=random|heuristic".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bieten {

enum class Rollout : std::uint8_t { kRandom, kHeuristic };

struct IsmctsOptions {
  int iterations = 0;     // determinized iterations per decision (deterministic from the seed) ...
  double time_ms = 0;     // ... or, when iterations is 0, a wall-clock budget per decision
  double exploration = -1;  // UCT constant on rewards in points; < 0: the game's default
  Rollout rollout = Rollout::kHeuristic;
  bool rollout_set = false;  // the name chose the rollout (else the game's default)
  friend bool operator==(const IsmctsOptions&, const IsmctsOptions&) = default;
};

// Whether `name` (case-insensitive) is an ISMCTS agent name: "ismcts" or "ismcts:...".
bool is_ismcts_name(std::string_view name);
// Parses an ISMCTS agent name; throws Error naming the bad part. Budget 0 means the game's default.
IsmctsOptions parse_ismcts(std::string_view name);
// The canonical name of the options (round-trips through parse_ismcts).
std::string ismcts_name(const IsmctsOptions& options);

}  // namespace bieten
