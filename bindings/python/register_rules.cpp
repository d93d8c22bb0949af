// The core Rules value behind bieten.Rules (RULES R10). Type checks of Python values live in
// python/bieten/_rules.py; value checks live in the core, shared with every other front end.
#include <pybind11/stl.h>

#include <string>

#include "games/bieten/rules.hpp"
#include "bindings.hpp"
#include "rules_cast.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

void register_rules(py::module_& m) {
  py::class_<Rules>(m, "CoreRules")
      .def(py::init([](int players, int hand_size, int target, const std::string& wild, bool weli_point,
                       const std::string& ties, const std::string& overbid, bool cut_steal, bool show_top_card,
                       bool reraise) {
             Rules r;
             r.players = players;
             r.hand_size = hand_size;
             r.target = target;
             r.wild = parse_wild(wild);
             r.weli_point = weli_point;
             r.ties = parse_ties(ties);
             r.overbid = parse_overbid(overbid);
             r.cut_steal = cut_steal;
             r.show_top_card = show_top_card;
             r.reraise = reraise;
             r.validate();
             return r;
           }),
           py::kw_only(), py::arg("players"), py::arg("hand_size"), py::arg("target"), py::arg("wild"),
           py::arg("weli_point"), py::arg("ties"), py::arg("overbid"), py::arg("cut_steal"),
           py::arg("show_top_card"), py::arg("reraise"))
      .def("to_dict", &rules_to_dict)
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; });

  m.def("preset_values", [](const std::string& name) { return rules_to_dict(preset(name)); }, py::arg("name"),
        "The knob values of a preset (R10), as a dict.");
}

}  // namespace bieten::py_bindings
