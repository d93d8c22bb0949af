// Batch self-play of Bauernschnapsen and Schnapsen on threads (docs/simulate.md): core/simulate.hpp's
// loop over this game, which records nothing beyond the common results.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/simulate.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/observation.hpp"

namespace bieten::schnapsen {

static_assert(GameType<Game>, "Schnapsen's Game is what core/game.hpp says a game is");

using ExternalAgent = ExternalAgentOf<Game>;
using SimulationConfig = SimulationConfigOf<Game>;
using SimulationResult = SimulationResultOf<Game>;

SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress = nullptr);

}  // namespace bieten::schnapsen
