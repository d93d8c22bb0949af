// Bieten's part of the pybind11 module bieten._core (its classes and functions at the module's root,
// where bieten.* has always found them), area by area. Compiled only into the Python module.
#pragma once

#include <pybind11/pybind11.h>

namespace bieten::py_bindings {

void register_rules(pybind11::module_& m);
void register_deal(pybind11::module_& m);
void register_figures(pybind11::module_& m);
void register_game(pybind11::module_& m);
void register_simulate(pybind11::module_& m);

}  // namespace bieten::py_bindings
