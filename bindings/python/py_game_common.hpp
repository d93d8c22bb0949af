// What the pybind11 bindings of both games share: one-step clones in the caller's class, the refusal
// of never-initialised games, and Python ints and seats read without pybind11's own errors.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <typeinfo>

#include "py_input.hpp"

namespace bieten::py_bindings {

namespace py = pybind11;

// The C++ value of an instance of T's class or of a Python subclass of it. One with a single C++ base
// keeps its value pointer in pybind11's simple layout: read there, without pybind11's type lookup and
// caster (about a fifth of a clone's cost; benchmarks/RESULTS.md, issue 25). Anything else, and an
// instance never initialised (which the caster refuses), goes through the caster.
template <typename T>
inline const T& value_of(py::handle self) {
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(T));
  auto* instance = reinterpret_cast<py::detail::instance*>(self.ptr());
  if (PyObject_TypeCheck(self.ptr(), info->type) && instance->simple_layout && instance->simple_holder_constructed) {
    return *static_cast<const T*>(instance->simple_value_holder[0]);
  }
  return self.cast<const T&>();
}

// A new instance of `type` (T's class or a Python subclass of it) that owns `value`, as after py::init's
// __init__, made in one step: pybind11's own allocation, not type->tp_new, since a subclass's __new__
// may want arguments.
template <typename T>
inline py::object adopt_as(PyTypeObject* type, std::unique_ptr<T> value) {
  py::object self = py::reinterpret_steal<py::object>(py::detail::make_new_instance(type));
  if (!self) throw py::error_already_set();
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(T));
  auto* instance = reinterpret_cast<py::detail::instance*>(self.ptr());
  instance->get_value_and_holder(info).value_ptr() = value.release();
  info->init_instance(instance, nullptr);  // owns the value
  return self;
}

// clone(): a copy of the state in an instance of the caller's own class (the Python Game or a user's
// subclass of it, whose own attributes are copied shallowly), built here in one step instead of
// through type() and __init__, because search and self-play agents clone on every node.
template <typename T>
inline py::object clone_as(py::handle self) {
  const T& source = value_of<T>(self);  // refuses an instance that was never initialised
  PyTypeObject* type = Py_TYPE(self.ptr());
  py::object copy = adopt_as<T>(type, std::make_unique<T>(source));
  if (type->tp_dictoffset != 0) {  // a user's subclass with attributes of its own: copy them shallowly
    py::object attributes = py::reinterpret_borrow<py::object>(self).attr("__dict__");
    if (py::len(attributes) != 0) copy.attr("__dict__") = py::dict(attributes.attr("copy")());
  }
  return copy;
}

// clone() and __copy__ as plain CPython methods (METH_NOARGS): pybind11's dispatcher, made for
// overloads and argument conversion, would be a third of the cost of a clone.
template <typename T>
PyObject* clone_method(PyObject* self, PyObject* /*unused*/) {
  try {
    return clone_as<T>(self).release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  }
  return nullptr;
}

template <typename T>
inline void add_clone_methods(py::handle cls) {
  static PyMethodDef clone_def = {
      "clone", &clone_method<T>, METH_NOARGS,
      "clone($self, /)\n--\n\nAn independent copy, an instance of the same class: one C++ copy of the state, sharing the\n"
      "event record with the original until either appends to it (so cheap enough for every node of a\n"
      "search). A subclass's own attributes are copied shallowly; its __init__ and __new__ are not called."};
  static PyMethodDef copy_def = {"__copy__", &clone_method<T>, METH_NOARGS, "The same as clone()."};
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  for (PyMethodDef* def : {&clone_def, &copy_def}) {
    py::object method = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, def));
    if (!method) throw py::error_already_set();
    cls.attr(def->ml_name) = method;
  }
}

// pybind11 gives an instance made by __new__ and never initialised fresh, uninitialised memory on
// its first call ("lazy allocation", through this hook): refuse instead.
inline void refuse_uninitialised(const std::type_info& type) {
  py::detail::get_type_info(type)->operator_new = [](std::size_t) -> void* {
    throw py::type_error("this Game was never initialised (made by __new__ without __init__); "
                         "create games with Game(rules, seed)");
  };
}

// Whether a game's C++ part has been constructed (for the module's initialised()), asked without raising.
template <typename T>
inline bool is_initialised(py::handle game, const char* refusal) {
  static PyTypeObject* const type = reinterpret_cast<PyTypeObject*>(py::type::of<T>().ptr());
  if (!PyObject_TypeCheck(game.ptr(), type)) throw py::type_error(refusal);
  auto* instance = reinterpret_cast<py::detail::instance*>(game.ptr());
  return instance->get_value_and_holder().holder_constructed();  // one C++ value per game object
}

inline py::object seat_or_none(int seat) {
  if (seat < 0) return py::none();
  return py::int_(seat);
}

inline py::list seat_list(std::uint8_t mask, int players) {
  py::list out;
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) out.append(p);
  }
  return out;
}

// A Python int as a C++ int, or nullopt beyond int's range.
inline std::optional<int> int_in_range(PyObject* number) {
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(number, &overflow);
  if (overflow != 0 || value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
    return std::nullopt;
  }
  return static_cast<int>(value);
}

// An id or a seat given as a Python int or a NumPy integer (not a bool): false for another type,
// else true with `value` set, to nullopt beyond int's range. The caller refuses such a value naming
// it as given (int_text), never a stand-in (fuzz/README.md, bug 11).
inline bool int_arg(const py::handle& h, std::optional<int>& value) {
  if (PyLong_CheckExact(h.ptr())) {  // the fast path (a bool is no exact int)
    value = int_in_range(h.ptr());
    return true;
  }
  if (!is_integer(h)) return false;
  PyObject* index = PyNumber_Index(h.ptr());  // NumPy integers
  if (index == nullptr) {
    PyErr_Clear();
    return false;
  }
  value = int_in_range(index);
  Py_DECREF(index);
  return true;
}

}  // namespace bieten::py_bindings
