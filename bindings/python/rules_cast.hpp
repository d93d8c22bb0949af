// Shared between the binding areas: how core Rules cross into Python.
#pragma once

#include <pybind11/pybind11.h>

#include "games/bieten/record.hpp"
#include "py_sink.hpp"

namespace bieten::py_bindings {

// Rules.to_dict(), written by the core (csrc/games/bieten/record.hpp write_rules).
inline pybind11::dict rules_to_dict(const Rules& r) {
  return as_python([&](PySink& s) { write_rules(s, r); });
}

}  // namespace bieten::py_bindings
