// What every game's agent and batch-simulation bindings do alike, written once over the game G (each
// game's csrc/games/<game>/python/simulate.cpp): CoreAgent, and simulate()'s agents, run and common
// result columns. Each game adds its own result columns.
#pragma once

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <type_traits>
#include <vector>

#include "core/agent_spec.hpp"
#include "core/simulate.hpp"
#include "native_agent.hpp"

namespace bieten::py_bindings {

namespace py = pybind11;

// The ids set in a legal-action mask (a bit mask or a mask class with for_each), in ascending order.
template <typename M, typename F>
void for_each_id(const M& mask, F&& f) {
  if constexpr (std::is_integral_v<M>) {
    for (M m = mask; m; m &= m - 1) f(std::countr_zero(m));
  } else {
    mask.for_each(f);
  }
}

template <typename T>
py::array_t<T> to_array(const std::vector<T>& v, std::vector<py::ssize_t> shape) {
  py::array_t<T> out(shape);
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

// A built-in agent with its own generator and workspace, for Python loops that mix agents.
template <typename G>
struct PyAgentOf {
  AgentSpec spec;
  SplitMix64 rng;
  AgentWorkspaceFor<G> workspace;
};

template <typename G>
void define_core_agent(py::module_& m, const char* game_over) {
  using A = PyAgentOf<G>;
  py::class_<A>(m, "CoreAgent")
      .def(py::init([](const std::string& name, std::uint64_t seed) {
             AgentSpec spec = builtin_agent_spec(name);
             native::check_policy_agent<G>(spec);
             return A{std::move(spec), SplitMix64(seed), {}};
           }),
           py::arg("name"), py::arg("seed"))
      .def_property_readonly("name", [](const A& a) { return agent_spec_name(a.spec); })
      .def("act", [game_over](A& a, const G& g) {
        if (g.is_over()) throw IllegalActionError(game_over);
        if (a.spec.kind != AgentKind::kIsmcts && a.spec.kind != AgentKind::kExpert) {
          return static_cast<int>(builtin_action(a.spec, g, a.rng, a.workspace));
        }
        py::gil_scoped_release release;  // a search: let other Python threads run
        return static_cast<int>(builtin_action(a.spec, g, a.rng, a.workspace));
      }, py::arg("game"));
}

// simulate()'s run: the agents of each seat (built-in, native or a Python callable), the games
// played without the GIL, and the result's columns: the game's own winner column (`winner_key`,
// `winner_column`) after game_index, and the columns `extra` adds at the end.
template <typename G, typename Column, typename Extra>
py::dict simulate_common(const typename G::Rules& rules, const std::vector<std::string>& agents,
                         const std::vector<py::object>& callables, std::uint64_t base_seed, std::uint64_t games,
                         std::uint64_t first, std::uint64_t last, std::uint64_t shard_index, std::uint64_t shard_count,
                         int threads, const char* winner_key, Column winner_column, Extra extra) {
  rules.validate();
  if (static_cast<int>(agents.size()) != rules.players || callables.size() != agents.size()) {
    throw AgentError("one agent per seat is needed (" + std::to_string(rules.players) + "), not " +
                     std::to_string(agents.size()));
  }
  SimulationConfigOf<G> config;
  config.rules = rules;
  config.base_seed = base_seed;
  config.games = games;
  config.shard_index = shard_index;
  config.shard_count = shard_count;
  config.threads = threads;
  std::vector<std::string> native_names(static_cast<std::size_t>(rules.players));
  for (int p = 0; p < rules.players; ++p) {
    const AgentSpec spec = parse_agent_spec(agents[p]);
    native::check_policy_agent<G>(spec);
    config.agents[p] = spec.kind;
    config.ismcts[p] = spec.ismcts;
    config.policies[p] = spec.policy;
    if (config.agents[p] != AgentKind::kExternal) continue;
    if (py::isinstance<NativeAgentSpec>(callables[p])) {  // runs without the GIL
      const auto& native_spec = callables[p].cast<const NativeAgentSpec&>();
      config.external[p] = native::external_agent<G>(native_spec.callback(), native_spec.user_pointer());
      native_names[p] = native_spec.name;
      continue;
    }
    PyObject* fn = callables[p].ptr();  // kept alive by `callables` for the whole run
    config.external[p] = [fn](const G& g, int seat) -> int {
      py::gil_scoped_acquire gil;
      py::array_t<float> obs(kObservationSizeOf<G>);
      write_observation(g, seat, obs.mutable_data());
      std::vector<int> ids;
      for_each_id(g.legal_mask(), [&](int id) { ids.push_back(id); });
      py::object chosen = py::reinterpret_borrow<py::object>(fn)(obs, py::cast(ids), seat);
      return chosen.cast<int>();
    };
  }
  decltype(simulate(config, first, last)) r;
  {
    py::gil_scoped_release release;
    try {
      r = simulate(config, first, last);
    } catch (const AgentError& e) {
      throw AgentError(native::name_agents(e.what(), native_names));
    }
  }
  const auto n = static_cast<py::ssize_t>(r.game_index.size());
  py::dict out;
  out["game_index"] = to_array(r.game_index, {n});
  out[winner_key] = to_array(r.*winner_column, {n});
  out["scores"] = to_array(r.scores, {n, rules.players});
  out["bummerl"] = to_array(r.bummerl, {n});
  out["hands"] = to_array(r.hands, {n});
  out["actions"] = to_array(r.actions, {n});
  // Where the time went (RunClock): per seat, decisions and the seconds its agent took (0 for random
  // agents, not measured), and the seconds spent in the games, summed over the threads.
  const auto seats = static_cast<std::size_t>(rules.players);
  std::vector<std::int64_t> decisions(seats);
  std::vector<double> decision_seconds(seats);
  for (std::size_t p = 0; p < seats; ++p) {
    decisions[p] = static_cast<std::int64_t>(r.clock.decisions[p]);
    decision_seconds[p] = static_cast<double>(r.clock.decision_ns[p]) * 1e-9;
  }
  out["decisions"] = to_array(decisions, {rules.players});
  out["decision_seconds"] = to_array(decision_seconds, {rules.players});
  out["game_seconds"] = static_cast<double>(r.clock.game_ns) * 1e-9;
  extra(out, r);
  return out;
}

// simulate() of a game whose core reports the common columns and its winning seats ("winners", a bit
// mask per game): the module's `simulate` for such a game, in one line of its registration.
template <typename G>
void define_simulate(py::module_& m) {
  m.def(
      "simulate",
      [](const typename G::Rules& rules, const std::vector<std::string>& agents, const std::vector<py::object>& callables,
         std::uint64_t base_seed, std::uint64_t games, std::uint64_t first, std::uint64_t last,
         std::uint64_t shard_index, std::uint64_t shard_count, int threads) {
        return simulate_common<G>(rules, agents, callables, base_seed, games, first, last, shard_index, shard_count,
                                  threads, "winners", &SimulationResultOf<G>::winners,
                                  [](py::dict&, const SimulationResultOf<G>&) {});
      },
      py::arg("rules"), py::arg("agents"), py::arg("callables"), py::arg("base_seed"), py::arg("games"),
      py::arg("first"), py::arg("last"), py::arg("shard_index"), py::arg("shard_count"), py::arg("threads"));
}

}  // namespace bieten::py_bindings
