// Agents, figure odds and batch simulation on threads (docs/agents.md, docs/simulate.md).
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "games/bieten/agents.hpp"
#include "games/bieten/observation.hpp"
#include "games/bieten/simulate.hpp"
#include "bindings.hpp"
#include "native_agent.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

// A built-in agent with its own generator, for Python loops that mix agents.
struct PyAgent {
  AgentSpec spec;
  SplitMix64 rng;
};

template <typename T>
py::array_t<T> to_array(const std::vector<T>& v, std::vector<py::ssize_t> shape) {
  py::array_t<T> out(shape);
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

}  // namespace

void register_simulate(py::module_& m) {
  py::register_exception<AgentError>(m, "AgentError", m.attr("BietenError"));

  py::class_<NativeAgentSpec>(m, "NativeAgent")
      .def(py::init([](std::uintptr_t function, std::uintptr_t user, const std::string& name) {
             if (function == 0) throw AgentError("NativeAgent: the function address is 0 (NULL)");
             if (name.empty()) throw AgentError("NativeAgent: the name is empty");
             return NativeAgentSpec{function, user, name};
           }),
           py::arg("function"), py::arg("user") = 0, py::arg("name") = "native")
      .def_readonly("function", &NativeAgentSpec::function)
      .def_readonly("user", &NativeAgentSpec::user)
      .def_readonly("name", &NativeAgentSpec::name)
      .def("__repr__", [](const NativeAgentSpec& a) { return "NativeAgent(name='" + a.name + "')"; });

  py::class_<PyAgent>(m, "CoreAgent")
      .def(py::init([](const std::string& name, std::uint64_t seed) {
             return PyAgent{builtin_agent_spec(name), SplitMix64(seed)};
           }),
           py::arg("name"), py::arg("seed"))
      .def_property_readonly("name", [](const PyAgent& a) { return agent_spec_name(a.spec); })
      .def("act", [](PyAgent& a, const Game& g) {
        if (g.is_over()) throw IllegalActionError("R8.2: the game is over; there is no action to choose");
        if (a.spec.kind != AgentKind::kIsmcts) return static_cast<int>(builtin_action(a.spec, g, a.rng));
        py::gil_scoped_release release;  // a search: let other Python threads run
        return static_cast<int>(builtin_action(a.spec, g, a.rng));
      }, py::arg("game"));

  m.def("agent_state", [](std::uint64_t game_seed, int seat) { return agent_generator(game_seed, seat).state(); },
        py::arg("game_seed"), py::arg("seat"), "The initial generator state of a seat's agent in a batch game.");
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
        rules.validate();
        if (static_cast<int>(agents.size()) != rules.players || callables.size() != agents.size()) {
          throw AgentError("one agent per seat is needed (" + std::to_string(rules.players) + "), not " +
                           std::to_string(agents.size()));
        }
        SimulationConfig config;
        config.rules = rules;
        config.base_seed = base_seed;
        config.games = games;
        config.shard_index = shard_index;
        config.shard_count = shard_count;
        config.threads = threads;
        std::vector<std::string> native_names(static_cast<std::size_t>(rules.players));
        for (int p = 0; p < rules.players; ++p) {
          const AgentSpec spec = parse_agent_spec(agents[p]);
          config.agents[p] = spec.kind;
          config.ismcts[p] = spec.ismcts;
          if (config.agents[p] != AgentKind::kExternal) continue;
          if (py::isinstance<NativeAgentSpec>(callables[p])) {  // runs without the GIL
            const auto& spec = callables[p].cast<const NativeAgentSpec&>();
            config.external[p] = native::external_agent<Game>(spec.callback(), spec.user_pointer());
            native_names[p] = spec.name;
            continue;
          }
          PyObject* fn = callables[p].ptr();  // kept alive by `callables` for the whole run
          config.external[p] = [fn](const Game& g, int seat) -> int {
            py::gil_scoped_acquire gil;
            py::array_t<float> obs(kObservationSize);
            write_observation(g, seat, obs.mutable_data());
            std::vector<int> ids;
            g.legal_mask().for_each([&](int id) { ids.push_back(id); });
            py::object chosen = py::reinterpret_borrow<py::object>(fn)(obs, py::cast(ids), seat);
            return chosen.cast<int>();
          };
        }
        SimulationResult r;
        {
          py::gil_scoped_release release;
          try {
            r = simulate(config, first, last);
          } catch (const AgentError& e) {
            throw AgentError(native::name_agents(e.what(), native_names));
          }
        }
        const auto n = static_cast<py::ssize_t>(r.winner.size());
        py::dict out;
        out["game_index"] = to_array(r.game_index, {n});
        out["winner"] = to_array(r.winner, {n});
        out["scores"] = to_array(r.scores, {n, rules.players});
        out["bummerl"] = to_array(r.bummerl, {n});
        out["hands"] = to_array(r.hands, {n});
        out["actions"] = to_array(r.actions, {n});
        std::vector<std::int64_t> points;
        for (int p = 0; p < rules.players; ++p) points.insert(points.end(), r.figure_points[p].begin(), r.figure_points[p].end());
        out["figure_points"] = to_array(points, {rules.players, kFigureColumns});
        return out;
      },
      py::arg("rules"), py::arg("agents"), py::arg("callables"), py::arg("base_seed"), py::arg("games"),
      py::arg("first"), py::arg("last"), py::arg("shard_index"), py::arg("shard_count"), py::arg("threads"));
}

}  // namespace bieten::py_bindings
