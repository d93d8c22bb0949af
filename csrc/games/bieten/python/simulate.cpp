// Agents, figure odds and batch simulation on threads (docs/agents.md, docs/simulate.md).
#include <string>
#include <vector>

#include "games/bieten/agents.hpp"
#include "games/bieten/observation.hpp"
#include "games/bieten/simulate.hpp"
#include "bindings.hpp"
#include "games/bieten/python/register.hpp"
#include "register_simulate_common.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

void register_simulate(py::module_& m) {
  define_core_agent<Game>(m, "R8.2: the game is over; there is no action to choose");

  m.def(
      "figure_odds",
      [](const Game& g, int seat, std::uint64_t seed) {
        if (seat < 0 || seat >= g.rules().players) {
          throw SeatError("R2.1: seat must be 0 to " + std::to_string(g.rules().players - 1) + ", not " +
                          std::to_string(seat));
        }
        SplitMix64 rng(seed);
        const FigureOdds odds = figure_odds(g, seat, rng);
        return py::make_tuple(std::vector<double>(odds.p.begin(), odds.p.end()), odds.exact, odds.worlds);
      },
      py::arg("game"), py::arg("seat"), py::arg("seed"));

  m.def(
      "simulate",
      [](const Rules& rules, const std::vector<std::string>& agents, const std::vector<py::object>& callables,
         std::uint64_t base_seed, std::uint64_t games, std::uint64_t first, std::uint64_t last,
         std::uint64_t shard_index, std::uint64_t shard_count, int threads) {
        return simulate_common<Game>(rules, agents, callables, base_seed, games, first, last, shard_index, shard_count,
                                     threads, "winner", &SimulationResult::winner, [&](py::dict& out, const SimulationResult& r) {
          std::vector<std::int64_t> points;
          for (int p = 0; p < rules.players; ++p) points.insert(points.end(), r.figure_points[p].begin(), r.figure_points[p].end());
          out["figure_points"] = to_array(points, {rules.players, kFigureColumns});
        });
      },
      py::arg("rules"), py::arg("agents"), py::arg("callables"), py::arg("base_seed"), py::arg("games"),
      py::arg("first"), py::arg("last"), py::arg("shard_index"), py::arg("shard_count"), py::arg("threads"));
}

}  // namespace bieten::py_bindings
