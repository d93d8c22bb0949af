// The pybind11 module bieten._core, registered area by area.
#pragma once

#include <pybind11/pybind11.h>

namespace bieten::py_bindings {

void register_errors(pybind11::module_& m);
void register_cards(pybind11::module_& m);
void register_rules(pybind11::module_& m);
void register_deal(pybind11::module_& m);
void register_figures(pybind11::module_& m);
void register_game(pybind11::module_& m);
void register_simulate(pybind11::module_& m);
void register_schnapsen(pybind11::module_& m);
void register_schnapsen_simulate(pybind11::module_& m);
void register_vector_env(pybind11::module_& m);

}  // namespace bieten::py_bindings
