// The calls of a decision loop (apply_id, step, legal_action_ids, legal_actions, legal_action_mask,
// observation) and the records' writers (record_json, record_bytes: to_json, to_bytes) as plain
// CPython methods (METH_O, METH_NOARGS), as clone() already is (py_game_common.hpp): the C++ work of
// an apply is 15-90 ns, and pybind11's dispatcher, made for overloads and argument conversion, cost
// about 250 ns more per call (benchmarks/RESULTS.md, issue 25). Each fast method serves the common case
// only — a plain int id that is legal now — and hands anything else (a NumPy integer, a bad id, an
// illegal one, a never-initialised game) to the pybind11 method kept under a private name, which
// converts, refuses with the typed error naming the rule (R11, S11) and changes nothing, as before.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <string>

namespace bieten::py_bindings {

namespace py = pybind11;

template <typename G>
struct PyGameOf;  // register_game_common.hpp: the C++ value of GameBase, the base of the Python Game

template <typename P>
struct FastCalls {
  using G = typename P::Game;
  using A = typename P::Action;

  // Every Action of the fixed action space, made once (an Action is immutable): legal_actions() hands
  // out references to these instead of a new object per action. Owned by the Action class
  // (`_every_action`), which outlives every game.
  static inline PyObject* every_action = nullptr;

  // GameBase's class (PyGameOf<G>), set once its class is made (define_game_base).
  static inline PyTypeObject* game_base = nullptr;

  // The game behind `self`, or nullptr for one the fast path does not serve (never initialised).
  // An instance of GameBase or of a Python subclass with no other C++ base (the Python Game) keeps
  // its value pointer in pybind11's simple layout: read there, without pybind11's type lookup and
  // caster (about 80 ns a call, a quarter of an apply's cost from Python; benchmarks/RESULTS.md,
  // issue 25). Anything else goes through the caster as before.
  static G* game_of(PyObject* self) noexcept {
    auto* instance = reinterpret_cast<py::detail::instance*>(self);
    PyTypeObject* type = Py_TYPE(self);
    const bool is_game = game_base && (type == game_base || type->tp_base == game_base ||  // the Python Game: no MRO walk
                                       PyType_IsSubtype(type, game_base));
    if (is_game && instance->simple_layout &&
        instance->simple_holder_constructed) {
      return static_cast<G*>(static_cast<PyGameOf<G>*>(instance->simple_value_holder[0]));
    }
    try {
      return &py::handle(self).cast<G&>();
    } catch (...) {
      return nullptr;
    }
  }

  // The pybind11 method under its private name, for everything the fast path does not serve.
  static PyObject* slow(PyObject* self, const char* name, PyObject* arg) {
    PyObject* method = PyUnicode_FromString(name);
    if (!method) return nullptr;
    PyObject* result = arg ? PyObject_CallMethodOneArg(self, method, arg) : PyObject_CallMethodNoArgs(self, method);
    Py_DECREF(method);
    return result;
  }

  // A legal id given as a plain int, or -1.
  static int legal_id(const G& g, PyObject* arg) {
    if (!PyLong_CheckExact(arg)) return -1;
    int overflow = 0;
    const long id = PyLong_AsLongAndOverflow(arg, &overflow);
    if (overflow || id < 0 || id >= G::kNumActions) return -1;
    return g.is_legal(static_cast<typename G::ActionId>(id)) ? static_cast<int>(id) : -1;
  }

  // Asks for every cache line of the game before an apply walks it. A game copied long ago (a search
  // tree's node, one of many clones made ahead) is cold, and an apply met its lines one miss after
  // another as it read and wrote them (its phase, the legal set, the hands, the trick, the record):
  // asked for at once, the misses overlap. On cold clones this took an apply from Python from about
  // 450 to 290 ns (benchmarks/RESULTS.md, issue 25). Asking for the event buffer's next slot only, not
  // the whole buffer, measured slower (a branch on the cold log's state first); a warm game pays a few
  // nanoseconds for the prefetch instructions.
  static void warm(const G* g) {
    // A plain loop: written as an unrolled fold over an index sequence, GCC 12 emitted no prefetch at
    // all, and an apply on a cold clone took twice as long.
    const auto* begin = reinterpret_cast<const std::byte*>(g);
    for (std::size_t offset = 0; offset < sizeof(G); offset += 64) __builtin_prefetch(begin + offset, 1);
  }

  static PyObject* apply_id(PyObject* self, PyObject* arg) {
    G* g = game_of(self);
    if (g) warm(g);
    const int id = g ? legal_id(*g, arg) : -1;
    if (id < 0) return slow(self, "_apply_id", arg);
    try {
      g->apply(static_cast<typename G::ActionId>(id));
    } catch (...) {  // not expected for a legal id; the slow path words whatever it is
      return slow(self, "_apply_id", arg);
    }
    Py_RETURN_NONE;
  }

  static PyObject* step(PyObject* self, PyObject* arg) {
    G* g = game_of(self);
    if (g) warm(g);
    const int id = g ? legal_id(*g, arg) : -1;
    if (id < 0) return slow(self, "_step", arg);
    try {
      g->apply(static_cast<typename G::ActionId>(id));
    } catch (...) {
      return slow(self, "_step", arg);
    }
    return ids(g);
  }

  static PyObject* ids(const G* g) {
    try {
      return P::legal_id_list(*g).release().ptr();
    } catch (...) {
      return PyErr_NoMemory();
    }
  }

  static PyObject* legal_action_ids(PyObject* self, PyObject*) {
    G* g = game_of(self);
    return g ? ids(g) : slow(self, "_legal_action_ids", nullptr);
  }

  static PyObject* legal_actions(PyObject* self, PyObject*) {
    G* g = game_of(self);
    if (!g || !every_action) return slow(self, "_legal_actions", nullptr);
    std::array<int, G::kNumActions> legal{};
    int n = 0;
    P::for_each_legal(*g, [&](int id) { legal[n++] = id; });
    PyObject* out = PyList_New(n);
    if (!out) return nullptr;
    for (int i = 0; i < n; ++i) {
      PyObject* action = PyTuple_GET_ITEM(every_action, legal[i]);
      Py_INCREF(action);
      PyList_SET_ITEM(out, i, action);
    }
    return out;
  }

  // The mask as a NumPy bool array made by NumPy's C API directly (pybind11's array_t constructor,
  // with its dtype and shape objects, was two thirds of the call: benchmarks/RESULTS.md, issue 25).
  static PyObject* legal_action_mask(PyObject* self, PyObject*) {
    G* g = game_of(self);
    PyObject* out = g ? masks.next() : nullptr;
    if (!out) return PyErr_Occurred() ? nullptr : slow(self, "_legal_action_mask", nullptr);
    bool* data = reinterpret_cast<bool*>(ArrayOut::data(out));
    std::memset(data, 0, G::kNumActions);
    P::for_each_legal(*g, [data](int id) { data[id] = true; });
    return out;
  }

  // The observation the same way, for a seat given as a plain int in range; anything else goes to the
  // pybind11 method, which converts or refuses (R2, S2). Every one of its floats is written.
  static PyObject* observation(PyObject* self, PyObject* arg) {
    G* g = game_of(self);
    int overflow = 0;
    const long seat = g && PyLong_CheckExact(arg) ? PyLong_AsLongAndOverflow(arg, &overflow) : -1;
    if (!g || overflow || seat < 0 || seat >= g->players()) return slow(self, "_observation", arg);
    PyObject* out = observations.next();
    if (!out) return PyErr_Occurred() ? nullptr : slow(self, "_observation", arg);
    write_observation(*g, static_cast<int>(seat), reinterpret_cast<float*>(ArrayOut::data(out)));
    return out;
  }

  // One-dimensional NumPy arrays of one length and type, made by NumPy's C API; the last one handed out
  // is kept, and filled again if its caller has let go of it: nothing else refers to it (no reference,
  // no weak reference, no view, which would be a reference) and it is as it was made (its shape and
  // dtype, its own writeable data). Then nobody can see it change, and the call makes and frees no
  // array, which was most of its cost in a loop that drops each one (benchmarks/RESULTS.md, issue 25).
  // NumPy is looked up at the first array (import bieten does not import it: tests/test_import.py).
  // Under the GIL, as every call here.
  struct ArrayOut {
    int type;  // NPY_BOOL, NPY_FLOAT
    Py_intptr_t length;
    Py_intptr_t item_size;
    PyObject* descr = nullptr;
    PyObject* last = nullptr;

    // A new reference to an array to fill, or nullptr: with an error set if NumPy failed, else without
    // one when NumPy cannot be imported (the slow path then says why).
    PyObject* next() {
      if (!descr) {
        const py::detail::npy_api* api = numpy_api();
        if (!api) return nullptr;
        descr = api->PyArray_DescrFromType_(type);  // kept: a builtin's
        if (!descr) return nullptr;
      }
      if (last && let_go(last)) {
        Py_INCREF(last);
        return last;
      }
      Py_INCREF(descr);  // NewFromDescr steals a reference
      const Py_intptr_t shape[1] = {length};
      const py::detail::npy_api* api = numpy_api();
      PyObject* out = api->PyArray_NewFromDescr_(api->PyArray_Type_, descr, 1, shape, nullptr, nullptr, 0, nullptr);
      if (!out) return nullptr;
      Py_XDECREF(last);
      Py_INCREF(out);
      last = out;
      return out;
    }

    static void* data(PyObject* array) { return py::detail::array_proxy(array)->data; }

    struct Head {  // NumPy's PyArrayObject_fields up to weakreflist (numpy/ndarraytypes.h)
      PyObject_HEAD
      char* data;
      int nd;
      Py_intptr_t* dimensions;
      Py_intptr_t* strides;
      PyObject* base;
      PyObject* descr;
      int flags;
      PyObject* weakreflist;
    };
    bool let_go(PyObject* array) const {
      static constexpr int kOwnWriteable = 0x0004 | 0x0400;  // NPY_ARRAY_OWNDATA | NPY_ARRAY_WRITEABLE
      static constexpr int kWriteBack = 0x2000;               // NPY_ARRAY_WRITEBACKIFCOPY
      const auto* head = reinterpret_cast<const Head*>(array);
      return Py_REFCNT(array) == 1 && head->weakreflist == nullptr && head->base == nullptr && head->nd == 1 &&
             head->dimensions[0] == length && head->strides[0] == item_size && head->descr == descr &&
             (head->flags & kOwnWriteable) == kOwnWriteable && (head->flags & kWriteBack) == 0;
    }
  };
  static const py::detail::npy_api* numpy_api() {
    static const py::detail::npy_api* api = nullptr;
    if (!api) {
      try {
        api = &py::detail::npy_api::get();
      } catch (...) {
        PyErr_Clear();
        return nullptr;
      }
    }
    return api;
  }
  static inline ArrayOut masks{py::detail::npy_api::NPY_BOOL_, G::kNumActions, 1};
  static inline ArrayOut observations{py::detail::npy_api::NPY_FLOAT_, kObservationSizeOf<G>, sizeof(float)};

  // The record as JSON text (Game.to_json): the core's ASCII text copied into a str, not decoded. A
  // game made with record=False goes to the pybind11 method, which refuses it.
  static PyObject* json_text(PyObject* self, PyObject*) {
    G* g = game_of(self);
    if (!g || !g->records_events()) return slow(self, "_record_json", nullptr);
    try {
      const std::string text = record_json_of(*g);
      PyObject* out = PyUnicode_New(static_cast<Py_ssize_t>(text.size()), 127);
      if (out) std::memcpy(PyUnicode_DATA(out), text.data(), text.size());
      return out;
    } catch (...) {
      return slow(self, "_record_json", nullptr);
    }
  }
  static std::string record_json_of(const G& g) { return record_json(g); }  // the game's, found by its namespace

  // The binary record (Game.to_bytes) the same way: pybind11's dispatcher was about a third of it.
  static PyObject* bytes_record(PyObject* self, PyObject*) {
    G* g = game_of(self);
    if (!g || !g->records_events()) return slow(self, "_record_bytes", nullptr);
    try {
      const std::string data = record_bytes_of(*g);
      return PyBytes_FromStringAndSize(data.data(), static_cast<Py_ssize_t>(data.size()));
    } catch (...) {
      return slow(self, "_record_bytes", nullptr);
    }
  }
  static std::string record_bytes_of(const G& g) { return record_bytes(g); }

  // Moves each pybind11 method to its private name and puts the fast one in its place, keeping its
  // docstring; called once the class's pybind11 methods are defined.
  static void install(py::class_<G>& cls) {
    py::tuple every(G::kNumActions);
    for (int a = 0; a < G::kNumActions; ++a) every[static_cast<std::size_t>(a)] = py::cast(A{static_cast<typename G::ActionId>(a)});
    py::type::of<A>().attr("_every_action") = every;
    every_action = every.ptr();
    struct Fast {
      const char* name;
      PyCFunction function;
      int flags;
    };
    static const std::array<Fast, 8> fast{{
        {"apply_id", &apply_id, METH_O},
        {"step", &step, METH_O},
        {"legal_action_ids", &legal_action_ids, METH_NOARGS},
        {"legal_actions", &legal_actions, METH_NOARGS},
        {"legal_action_mask", &legal_action_mask, METH_NOARGS},
        {"observation", &observation, METH_O},
        {"record_json", &json_text, METH_NOARGS},
        {"record_bytes", &bytes_record, METH_NOARGS},
    }};
    static std::array<std::string, fast.size()> docs;
    for (std::size_t i = 0; i < fast.size(); ++i) {
      py::object method = cls.attr(fast[i].name);
      cls.attr(("_" + std::string(fast[i].name)).c_str()) = method;
      const py::object doc = method.attr("__doc__");
      docs[i] = doc.is_none() ? std::string() : doc.cast<std::string>();
      defs[i] = {fast[i].name, fast[i].function, fast[i].flags, docs[i].c_str()};
    }
    install_on(cls);
  }

  // The fast methods as descriptors of `cls` (CoreGame, or a Python subclass: GameBase._own_fast_calls).
  // CPython 3.11+ specialises a call of a C method descriptor (METH_O, METH_NOARGS) into a direct call
  // only while self's class is exactly the descriptor's class; a Python Game calling CoreGame's
  // descriptors took the generic path on every call, with a subclass check.
  static void install_on(py::handle cls) {
    auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
    for (PyMethodDef& def : defs) {
      py::object descriptor = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &def));
      if (!descriptor) throw py::error_already_set();
      cls.attr(def.ml_name) = descriptor;
    }
  }

  static inline std::array<PyMethodDef, 8> defs{};
};

}  // namespace bieten::py_bindings
