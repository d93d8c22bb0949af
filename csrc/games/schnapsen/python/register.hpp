// Bauernschnapsen and Schnapsen's part of the pybind11 module: the submodule bieten._core.schnapsen.
// Compiled only into the Python module.
#pragma once

#include <pybind11/pybind11.h>

namespace bieten::py_bindings {

void register_schnapsen(pybind11::module_& parent);      // game.cpp: creates the submodule
void register_schnapsen_simulate(pybind11::module_& m);  // simulate.cpp: its agents and simulate

}  // namespace bieten::py_bindings
