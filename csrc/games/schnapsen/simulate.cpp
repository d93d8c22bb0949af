#include "games/schnapsen/simulate.hpp"

namespace bieten::schnapsen {

SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress) {
  return simulate_games<Game>(config, first, last, progress);
}

}  // namespace bieten::schnapsen
