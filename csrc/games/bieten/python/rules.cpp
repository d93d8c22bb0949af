// The core Rules value behind bieten.Rules (RULES R10). Type checks of Python values live in
// python/bieten/bieten/_rules.py; value checks live in the core, shared with every other front end.
#include <pybind11/stl.h>

#include <string>

#include "games/bieten/record.hpp"
#include "games/bieten/rules.hpp"
#include "bindings.hpp"
#include "games/bieten/python/register.hpp"
#include "rules_cast.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

void register_rules(py::module_& m) {
  m.attr("KNOB_TYPES") = knob_types(kKnobs);
  py::class_<Rules>(m, "CoreRules")
      .def(py::init([](const py::kwargs& values) { return rules_from_keywords<Rules>(values, kKnobs); }),
           "Rules from keyword knobs (KNOB_TYPES), checked by the core (R10).")
      .def("to_dict", [](const Rules& r) { return rules_to_dict(r); })
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; });

  m.def("preset_values", [](const std::string& name) { return rules_to_dict(preset(name)); }, py::arg("name"),
        "The knob values of a preset (R10), as a dict.");
}

}  // namespace bieten::py_bindings
