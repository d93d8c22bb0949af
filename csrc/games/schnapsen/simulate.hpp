// Batch self-play of Bauernschnapsen and Schnapsen on threads (docs/simulate.md), on the same shape as
// Bieten's: game i of a run with base seed B has game seed batch_game_seed(B, i) and agent generators
// from that seed, so results are identical for any thread count or sharding.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/game.hpp"

namespace bieten::schnapsen {

// An agent outside the core (e.g. a Python callable): an action id for `seat`, or a negative number to
// stop the run.
using ExternalAgent = std::function<int(const Game& game, int seat)>;

struct SimulationConfig {
  Rules rules;
  std::array<AgentKind, kMaxPlayers> agents{};
  std::array<IsmctsOptions, kMaxPlayers> ismcts{};  // for seats whose agent is kIsmcts
  std::array<ExternalAgent, kMaxPlayers> external{};
  std::uint64_t base_seed = 0;
  std::uint64_t games = 0;
  std::uint64_t shard_index = 0;
  std::uint64_t shard_count = 1;
  int threads = 1;
};

struct SimulationResult {
  std::vector<std::uint64_t> game_index;
  std::vector<std::uint8_t> winners;   // per game: bitmask of seats at or above the target
  std::vector<std::int16_t> scores;    // per game x players
  std::vector<std::uint8_t> bummerl;   // per game: bitmask
  std::vector<std::uint32_t> deals;    // per game: deals played
  std::vector<std::uint32_t> actions;  // per game: actions applied
};

// Throws AgentError if an external agent stops the run or chooses an illegal action.
SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress = nullptr);

}  // namespace bieten::schnapsen
