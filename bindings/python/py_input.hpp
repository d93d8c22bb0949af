// Turning untrusted Python values into C++ ones without letting pybind11's or NumPy's own errors
// escape: every bad value becomes the documented error E (a bieten::Error, a ValueError).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace bieten::py_bindings {

// A str as UTF-8 text; a str that is not valid Unicode (a lone surrogate) keeps its escape
// sequence (backslashreplace), so that parsing refuses it quoting what was given.
inline std::string utf8_text(const pybind11::handle& h) {
  PyObject* bytes = PyUnicode_AsEncodedString(h.ptr(), "utf-8", "backslashreplace");
  if (!bytes) throw pybind11::error_already_set();
  std::string out(PyBytes_AS_STRING(bytes), static_cast<std::size_t>(PyBytes_GET_SIZE(bytes)));
  Py_DECREF(bytes);
  return out;
}

// An integer (Python int or anything with __index__, e.g. NumPy integers) as a Python int, or
// the error E naming `what` (a NumPy array's TypeError from __index__ included).
template <typename E>
pybind11::int_ index_of(const pybind11::handle& h, const std::string& what) {
  PyObject* value = PyNumber_Index(h.ptr());
  if (!value) {
    PyErr_Clear();
    throw E(what + ": expected an integer, not " + std::string(pybind11::repr(h)));
  }
  return pybind11::reinterpret_steal<pybind11::int_>(value);
}

// Whether a value is an integer for our purposes: not a bool, and an int or has __index__.
inline bool is_integer(const pybind11::handle& h) {
  return !pybind11::isinstance<pybind11::bool_>(h) &&
         (pybind11::isinstance<pybind11::int_>(h) || pybind11::hasattr(h, "__index__"));
}

}  // namespace bieten::py_bindings
