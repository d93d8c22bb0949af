// What every game's agents share in bieten._core: AgentError, NativeAgent (a C function deciding for a
// seat, docs/agents.md) and the seed of a seat's agent generator in a batch game (docs/simulate.md).
#include <cstdint>
#include <string>

#include "bindings.hpp"
#include "core/errors.hpp"
#include "core/rng.hpp"
#include "native_agent.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

void register_agents(py::module_& m) {
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

  m.def("agent_state", [](std::uint64_t game_seed, int seat) { return agent_generator(game_seed, seat).state(); },
        py::arg("game_seed"), py::arg("seat"), "The initial generator state of a seat's agent in a batch game.");
}

}  // namespace bieten::py_bindings
