// Shared between the binding areas: how core Rules cross into Python.
#pragma once

#include <pybind11/pybind11.h>

#include "games/bieten/rules.hpp"

namespace bieten::py_bindings {

pybind11::dict rules_to_dict(const Rules& r);

}  // namespace bieten::py_bindings
