// The pybind11 module bieten._core, registered area by area: the shared areas here, then each registered
// game's own (its descriptor's register_python, csrc/games/<game>/python/).
#pragma once

#include <pybind11/pybind11.h>

namespace bieten::py_bindings {

void register_errors(pybind11::module_& m);
void register_registry(pybind11::module_& m);
void register_cards(pybind11::module_& m);
void register_agents(pybind11::module_& m);
void register_vector_env(pybind11::module_& m);

}  // namespace bieten::py_bindings
