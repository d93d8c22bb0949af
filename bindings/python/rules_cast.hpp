// Shared between the binding areas: how core Rules cross into Python.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "py_sink.hpp"

namespace bieten::py_bindings {

// Rules.to_dict() of any game, written by the core: the game's write_rules (its record.hpp, found by
// argument-dependent lookup in the game's namespace).
template <typename Rules>
pybind11::dict rules_to_dict(const Rules& r) {
  return as_python([&](PySink& s) { write_rules(s, r); });
}

// Rules from Python keywords, one per knob of the table (core/knobs.hpp), over a default Rules; the
// Python layer has checked each value's type. Names are parsed by the core (RulesError naming the
// choices), then the combination is validated.
template <typename Rules, typename Table>
Rules rules_from_keywords(const pybind11::kwargs& values, const Table& table) {
  Rules r;
  for (const knobs::Knob<Rules>& k : table) {
    const pybind11::str name(k.name.data(), k.name.size());
    if (!values.contains(name)) continue;
    const pybind11::handle value = values[name];
    switch (k.type) {
      case knobs::Type::kInt: r.*k.integer = value.cast<int>(); break;
      case knobs::Type::kBool: r.*k.flag = value.cast<bool>(); break;
      case knobs::Type::kName: k.set_name(r, value.cast<std::string>()); break;
    }
  }
  r.validate();
  return r;
}

// (name, type) of each knob, in table order: Python's KNOBS and its type checks.
template <typename Table>
pybind11::tuple knob_types(const Table& table) {
  pybind11::list out;
  for (const auto& k : table) out.append(pybind11::make_tuple(std::string(k.name), std::string(knobs::type_name(k.type))));
  return pybind11::tuple(out);
}

}  // namespace bieten::py_bindings
