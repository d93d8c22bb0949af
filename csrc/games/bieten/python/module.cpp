// Bieten in the pybind11 module (core/descriptor.hpp's register_python; bindings/python/module.cpp calls
// it for every registered game).
#include "games/bieten/descriptor.hpp"
#include "games/bieten/python/register.hpp"

namespace bieten {

void Descriptor::register_python(pybind11::module_& core) {
  py_bindings::register_rules(core);
  py_bindings::register_deal(core);
  py_bindings::register_figures(core);
  py_bindings::register_game(core);
  py_bindings::register_simulate(core);
}

}  // namespace bieten
