// The pybind11 side of the games' data (csrc/games/*/record.hpp): a json::DataSink that builds Python
// dicts, lists, str, int, bool and None. Rules.to_dict(), Event.to_dict() and deal() are this sink fed
// by the same writers the C ABI's JSON writer is fed by, so the two front ends cannot drift apart.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json.hpp"

namespace bieten::py_bindings {

class PySink {
 public:
  void begin_object() { open(pybind11::dict()); }
  void end_object() { open_.pop_back(); }
  void begin_array() { open(pybind11::list()); }
  void end_array() { open_.pop_back(); }
  void key(std::string_view k) { key_ = pybind11::str(k.data(), k.size()); }
  void null() { put(pybind11::none()); }
  void boolean(bool b) { put(pybind11::bool_(b)); }
  void integer(std::int64_t v) { put(pybind11::int_(v)); }
  void unsigned_integer(std::uint64_t v) { put(pybind11::int_(v)); }
  void string(std::string_view s) { put(pybind11::str(s.data(), s.size())); }

  // The value written (the outermost container).
  pybind11::object take() { return std::move(result_); }

 private:
  void put(const pybind11::object& v) {
    if (open_.empty()) {
      result_ = v;
      return;
    }
    PyObject* top = open_.back().ptr();
    const int status = PyDict_Check(top) ? PyDict_SetItem(top, key_.ptr(), v.ptr()) : PyList_Append(top, v.ptr());
    if (status != 0) throw pybind11::error_already_set();
  }
  void open(pybind11::object container) {
    put(container);
    open_.push_back(std::move(container));
  }
  std::vector<pybind11::object> open_;
  pybind11::object key_;
  pybind11::object result_;
};

static_assert(json::DataSink<PySink>);

// The Python data a writer gives, e.g. as_python([&](PySink& s) { write_rules(s, rules); }).
template <typename Write>
pybind11::object as_python(Write&& write) {
  PySink sink;
  write(sink);
  return sink.take();
}

}  // namespace bieten::py_bindings
