// Batch self-play on threads (docs/simulate.md). Game i of a run with base seed B is played with
// game seed batch_game_seed(B, i) (R3.2) and agent generators seeded from that game seed, so every
// game's result depends on (rules, agents, B, i) alone: identical for any thread count or sharding.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"

namespace bieten {

// An agent outside the core (e.g. a Python callable): returns an action id for `seat`, or a
// negative number to stop the run (the caller keeps the reason).
using ExternalAgent = std::function<int(const Game& game, int seat)>;

inline constexpr int kFigureColumns = kBiddableFigures + 1;  // red, green, gleich, hanger, spiel, weli

struct SimulationConfig {
  Rules rules;
  std::array<AgentKind, kMaxPlayers> agents{};
  std::array<IsmctsOptions, kMaxPlayers> ismcts{};    // for seats whose agent is kIsmcts
  std::array<ExternalAgent, kMaxPlayers> external{};  // for seats whose agent is kExternal
  std::uint64_t base_seed = 0;
  std::uint64_t games = 0;        // games 0..games-1 of the run ...
  std::uint64_t shard_index = 0;  // ... those with i % shard_count == shard_index
  std::uint64_t shard_count = 1;
  int threads = 1;
};

// Per-game results of the games played (ascending game index), and totals.
struct SimulationResult {
  std::vector<std::uint64_t> game_index;
  std::vector<std::int8_t> winner;        // per game
  std::vector<std::int16_t> scores;       // per game x players
  std::vector<std::uint8_t> bummerl;      // per game: bitmask of seats
  std::vector<std::uint32_t> hands;       // per game: hands played
  std::vector<std::uint32_t> actions;     // per game: actions applied
  std::array<std::array<std::int64_t, kFigureColumns>, kMaxPlayers> figure_points{};  // totals
};

// Games of the run with index in [first, last) that belong to the shard, in ascending index.
// `progress` (if given) is increased by one per finished game. Throws AgentError if an external
// agent stops the run or chooses an illegal action.
SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress = nullptr);

}  // namespace bieten
