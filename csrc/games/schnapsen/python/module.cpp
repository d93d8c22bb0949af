// Bauernschnapsen and Schnapsen in the pybind11 module (core/descriptor.hpp's register_python;
// bindings/python/module.cpp calls it for every registered game).
#include "games/schnapsen/descriptor.hpp"
#include "games/schnapsen/python/register.hpp"

namespace bieten::schnapsen {

void Descriptor::register_python(pybind11::module_& core) { py_bindings::register_schnapsen(core); }

}  // namespace bieten::schnapsen
