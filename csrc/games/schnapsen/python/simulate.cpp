// Agents and batch simulation of Bauernschnapsen and Schnapsen on threads (docs/agents.md, docs/simulate.md).
#include <string>
#include <vector>

#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/simulate.hpp"
#include "bindings.hpp"
#include "games/schnapsen/python/register.hpp"
#include "register_simulate_common.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace sn = schnapsen;

void register_schnapsen_simulate(py::module_& m) {
  define_core_agent<sn::Game>(m, "S8.6: the game is over; there is no action to choose");

  m.def(
      "simulate",
      [](const sn::Rules& rules, const std::vector<std::string>& agents, const std::vector<py::object>& callables,
         std::uint64_t base_seed, std::uint64_t games, std::uint64_t first, std::uint64_t last,
         std::uint64_t shard_index, std::uint64_t shard_count, int threads) {
        return simulate_common<sn::Game>(rules, agents, callables, base_seed, games, first, last, shard_index,
                                         shard_count, threads, "winners", &sn::SimulationResult::winners,
                                         [](py::dict&, const sn::SimulationResult&) {});
      },
      py::arg("rules"), py::arg("agents"), py::arg("callables"), py::arg("base_seed"), py::arg("games"),
      py::arg("first"), py::arg("last"), py::arg("shard_index"), py::arg("shard_count"), py::arg("threads"));

  m.def(
      "random_playout",
      [](const sn::Rules& rules, std::uint64_t base_seed, std::size_t games) {
        rules.validate();
        std::size_t actions = 0, deals = 0;
        {
          py::gil_scoped_release release;
          sn::Game g(rules, 0, 0, {}, false);
          for (std::size_t i = 0; i < games; ++i) {
            const std::uint64_t seed = batch_game_seed(base_seed, i);
            g.reset(seed);
            SplitMix64 pick(~seed);
            while (!g.is_over()) {
              g.apply_unchecked(sn::random_action(g, pick));
              ++actions;
            }
            deals += g.hand_number() + 1;
          }
        }
        return py::make_tuple(actions, deals);
      },
      py::arg("rules"), py::arg("base_seed"), py::arg("games"),
      "Plays `games` games with uniformly random legal actions in C++; returns (actions, deals).");
}

}  // namespace bieten::py_bindings
