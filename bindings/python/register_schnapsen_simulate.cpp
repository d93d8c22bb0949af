// Agents and batch simulation of Bauernschnapsen and Schnapsen on threads (docs/agents.md, docs/simulate.md).
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/simulate.hpp"
#include "bindings.hpp"
#include "native_agent.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

namespace sn = schnapsen;

struct PyAgent {
  sn::AgentSpec spec;
  SplitMix64 rng;
};

template <typename T>
py::array_t<T> as_array(const std::vector<T>& v, std::vector<py::ssize_t> shape) {
  py::array_t<T> out(shape);
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

}  // namespace

void register_schnapsen_simulate(py::module_& m) {
  py::class_<PyAgent>(m, "CoreAgent")
      .def(py::init([](const std::string& name, std::uint64_t seed) {
             return PyAgent{sn::builtin_agent_spec(name), SplitMix64(seed)};
           }),
           py::arg("name"), py::arg("seed"))
      .def_property_readonly("name", [](const PyAgent& a) { return sn::agent_spec_name(a.spec); })
      .def("act", [](PyAgent& a, const sn::Game& g) {
        if (g.is_over()) throw IllegalActionError("S8.6: the game is over; there is no action to choose");
        if (a.spec.kind != sn::AgentKind::kIsmcts) return static_cast<int>(sn::builtin_action(a.spec, g, a.rng));
        py::gil_scoped_release release;  // a search: let other Python threads run
        return static_cast<int>(sn::builtin_action(a.spec, g, a.rng));
      }, py::arg("game"));

  m.def(
      "simulate",
      [](const sn::Rules& rules, const std::vector<std::string>& agents, const std::vector<py::object>& callables,
         std::uint64_t base_seed, std::uint64_t games, std::uint64_t first, std::uint64_t last,
         std::uint64_t shard_index, std::uint64_t shard_count, int threads) {
        rules.validate();
        if (static_cast<int>(agents.size()) != rules.players || callables.size() != agents.size()) {
          throw AgentError("one agent per seat is needed (" + std::to_string(rules.players) + "), not " +
                           std::to_string(agents.size()));
        }
        sn::SimulationConfig config;
        config.rules = rules;
        config.base_seed = base_seed;
        config.games = games;
        config.shard_index = shard_index;
        config.shard_count = shard_count;
        config.threads = threads;
        std::vector<std::string> native_names(static_cast<std::size_t>(rules.players));
        for (int p = 0; p < rules.players; ++p) {
          const sn::AgentSpec spec = sn::parse_agent_spec(agents[p]);
          config.agents[p] = spec.kind;
          config.ismcts[p] = spec.ismcts;
          if (spec.kind != sn::AgentKind::kExternal) continue;
          if (py::isinstance<NativeAgentSpec>(callables[p])) {  // runs without the GIL
            const auto& spec = callables[p].cast<const NativeAgentSpec&>();
            config.external[p] = native::external_agent<sn::Game>(spec.callback(), spec.user_pointer());
            native_names[p] = spec.name;
            continue;
          }
          PyObject* fn = callables[p].ptr();  // kept alive by `callables` for the whole run
          config.external[p] = [fn](const sn::Game& g, int seat) -> int {
            py::gil_scoped_acquire gil;
            py::array_t<float> obs(sn::kObservationSize);
            sn::write_observation(g, seat, obs.mutable_data());
            std::vector<int> ids;
            for (sn::ActionMask mask = g.legal_mask(); mask; mask &= mask - 1) ids.push_back(std::countr_zero(mask));
            py::object chosen = py::reinterpret_borrow<py::object>(fn)(obs, py::cast(ids), seat);
            return chosen.cast<int>();
          };
        }
        sn::SimulationResult r;
        {
          py::gil_scoped_release release;
          try {
            r = sn::simulate(config, first, last);
          } catch (const AgentError& e) {
            throw AgentError(native::name_agents(e.what(), native_names));
          }
        }
        const auto n = static_cast<py::ssize_t>(r.game_index.size());
        py::dict out;
        out["game_index"] = as_array(r.game_index, {n});
        out["winners"] = as_array(r.winners, {n});
        out["scores"] = as_array(r.scores, {n, rules.players});
        out["bummerl"] = as_array(r.bummerl, {n});
        out["hands"] = as_array(r.hands, {n});
        out["actions"] = as_array(r.actions, {n});
        return out;
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
