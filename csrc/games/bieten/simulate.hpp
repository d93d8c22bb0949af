// Batch self-play of Bieten on threads (docs/simulate.md): core/simulate.hpp's loop over this game,
// with what only Bieten records, the figure points (R6, R7) and the single winner (R8.1).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/simulate.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/observation.hpp"

namespace bieten {

static_assert(GameType<Game>, "Bieten's Game is what core/game.hpp says a game is");

inline constexpr int kFigureColumns = kBiddableFigures + 1;  // red, green, gleich, hanger, spiel, weli

using ExternalAgent = ExternalAgentOf<Game>;
using SimulationConfig = SimulationConfigOf<Game>;

// Bieten's own results: the winning seat per game, and the points each seat was credited per figure
// over all games (summed per thread, then over the threads).
struct FigureTally {
  using Totals = std::array<std::array<std::int64_t, kFigureColumns>, kMaxPlayers>;
  std::vector<std::int8_t> winner;  // per game
  Totals figure_points{};           // totals
  void resize(std::size_t n) { winner.resize(n); }
  void record(std::size_t slot, const Game& game, Totals& totals) {
    winner[slot] = static_cast<std::int8_t>(game.winner());
    for (int p = 0; p < game.players(); ++p) {
      for (int f = 0; f < kFigureColumns; ++f) totals[p][f] += game.figure_points()[p][f];
    }
  }
  void add(const Totals& totals) {
    for (int p = 0; p < kMaxPlayers; ++p) {
      for (int f = 0; f < kFigureColumns; ++f) figure_points[p][f] += totals[p][f];
    }
  }
};
using SimulationResult = SimulationResultOf<Game, FigureTally>;

SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress = nullptr);

}  // namespace bieten
