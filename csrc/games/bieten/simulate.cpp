#include "games/bieten/simulate.hpp"

namespace bieten {

SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress) {
  return simulate_games<Game, FigureTally>(config, first, last, progress);
}

}  // namespace bieten
