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

  define_simulate<sn::Game>(m);

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
