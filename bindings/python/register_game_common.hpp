// What the pybind11 registrations of every game's Game class do alike, written once over the game:
// `P` is a game's binding traits (its csrc/games/<game>/python/game.cpp), naming its Game, its Action,
// and the argument readers whose refusals name its own rules (R11, S11). Each game's registration
// lists only its own properties and methods.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "fast_calls.hpp"
#include "py_game_common.hpp"
#include "py_input.hpp"
#include "py_sink.hpp"
#include "rules_cast.hpp"

namespace bieten::py_bindings {

// The Python Game's C++ object: the core game plus the Python layer's state, so that a Game has no
// instance __dict__ and a clone is one C++ copy. `meta` (rules, given deal and top card, immutable)
// is shared by clones; the caches of event objects are per game and start empty in a clone.
// The decimal text of an integer that int_arg took, for messages (the error path only); `rule` is
// the game's rule of actions ("R11", "S11").
inline std::string int_text(const py::handle& h, const char* rule) {
  return py::str(index_of<ActionError>(h, std::string(rule) + ": an integer"));
}

// An action id: its value, or nullopt beyond int's range; the caller checks the range.
inline std::optional<int> id_arg(const py::handle& h, const char* rule) {
  std::optional<int> id;
  if (!int_arg(h, id)) throw ActionError(std::string(rule) + ": expected an integer, not " + std::string(py::repr(h)));
  return id;
}

template <typename G>
struct PyGameOf : G {
  explicit PyGameOf(G game) : G(std::move(game)) {}
  PyGameOf(const PyGameOf& other) : G(other), meta(other.meta) {}
  PyGameOf& operator=(const PyGameOf&) = delete;
  py::object meta = py::none();
  py::object events;  // list of Event, made on first use
  py::object views;   // dict seat -> list of Event, made on first use
};

// An action of the game's fixed action space: `id` and its text, as the Python Action.
template <typename P, typename A = typename P::Action>
void define_action_common(py::class_<A>& cls) {
  using G = typename P::Game;
  auto text = [](const A& a) { return std::string(G::action_text(a.id)); };
  cls.def(py::init([](const py::object& value) { return A{P::action_from(value)}; }), py::arg("action"))
      .def_property_readonly("id", [](const A& a) { return static_cast<int>(a.id); })
      .def("__str__", text)
      .def("__repr__", [text](const A& a) { return "Action('" + text(a) + "')"; })
      .def("__int__", [](const A& a) { return static_cast<int>(a.id); })
      .def("__index__", [](const A& a) { return static_cast<int>(a.id); })
      .def("__hash__", [](const A& a) { return static_cast<int>(a.id); })
      .def("__eq__", [](const A& a, const py::object& b) {
        if (py::isinstance<A>(b)) return b.cast<A>().id == a.id;
        if (py::isinstance<py::str>(b)) return utf8_text(b) == G::action_text(a.id);
        return false;
      })
      .def("__lt__", [](const A& a, const A& b) { return a.id < b.id; })
      .def(py::pickle([](const A& a) { return static_cast<int>(a.id); },
                      [](int id) { return A{P::action_from(py::int_(id))}; }));
}

// The methods of CoreGame that both games have: the state common to every game (core/game.hpp),
// the legal actions, applying them, the record, events and the observation.
template <typename P>
void define_game_common(py::class_<typename P::Game>& cls) {
  using G = typename P::Game;
  using A = typename P::Action;
  using Phase = std::remove_cvref_t<decltype(std::declval<const G&>().phase())>;
  cls.def("__deepcopy__", [](py::handle self, const py::object&) { return clone_as<G>(self); }, py::arg("memo"))
      .def_property_readonly("seed", &G::seed)
      .def_property_readonly("hand_number", &G::hand_number)
      .def_property_readonly("dealer", &G::dealer)
      .def_property_readonly("first_dealer", &G::first_dealer)
      .def_property_readonly("current_player", [](const G& g) -> py::object {
        if (g.current_player() == kChancePlayer) return py::int_(kChancePlayer);  // chance mode only
        return seat_or_none(g.current_player());
      })
      .def_property_readonly("is_chance_node", [](const G& g) { return g.phase() == Phase::kChance; })
      .def("chance_outcomes", [](const G& g) {
        py::list out;
        if (g.phase() != Phase::kChance) return out;  // not a chance node: no outcomes
        P::for_each_legal(g, [&](int id) {
          out.append(py::make_tuple(id, g.chance_probability(static_cast<typename G::ActionId>(id))));
        });
        return out;
      }, "In chance mode at a chance node: (chance action id, probability) pairs.")
      .def_property_readonly("is_over", &G::is_over)
      .def_property_readonly("bummerl", [](const G& g) { return seat_list(g.bummerl(), g.players()); })
      .def_property_readonly("scores", [](const G& g) {
        return std::vector<int>(g.scores().begin(), g.scores().begin() + g.players());
      })
      .def_property_readonly("phase", [](const G& g) { return std::string(P::kPhaseNames[static_cast<int>(g.phase())]); })
      .def_property_readonly("ply", &G::actions_applied, "The number of actions applied so far.")
      .def_property_readonly("records", &G::records_events, "Whether events and actions are recorded.")
      .def_property_readonly("trick_index", &G::trick_index)
      .def_property_readonly("trick_leader", &G::trick_leader)
      .def("legal_action_ids", &P::legal_id_list)
      .def("legal_actions", [](const G& g) {
        py::list out;
        P::for_each_legal(g, [&](int id) { out.append(A{static_cast<typename G::ActionId>(id)}); });
        return out;
      })
      .def("legal_action_mask", [](const G& g) {
        py::array_t<bool> out(G::kNumActions);
        bool* d = out.mutable_data();
        for (int a = 0; a < G::kNumActions; ++a) d[a] = P::mask_test(g.legal_mask(), a);
        return out;
      })
      .def("is_legal", [](const G& g, const py::object& id_obj) {
        const std::optional<int> id = P::id_arg(id_obj);
        return id && *id >= 0 && *id < G::kNumActions && g.is_legal(static_cast<typename G::ActionId>(*id));
      })
      .def("why_illegal", [](const G& g, const py::object& id_obj) {
        return P::why_illegal_id(g, id_obj, P::id_arg(id_obj));
      }, py::arg("action"))
      .def("apply", [](G& g, const py::handle& action) { g.apply(P::action_from(action)); }, py::arg("action"))
      .def("apply_id", [](G& g, const py::object& id_obj) {
        const std::optional<int> id = P::id_arg(id_obj);
        if (!id || *id < 0 || *id >= G::kNumActions) throw IllegalActionError(P::why_illegal_id(g, id_obj, id));
        g.apply(static_cast<typename G::ActionId>(*id));
      }, py::arg("id"))
      .def("step", [](G& g, const py::object& id_obj) {
        const std::optional<int> id = P::id_arg(id_obj);
        if (!id || *id < 0 || *id >= G::kNumActions) throw IllegalActionError(P::why_illegal_id(g, id_obj, id));
        g.apply(static_cast<typename G::ActionId>(*id));
        return P::legal_id_list(g);
      }, py::arg("id"), "Applies an action id and returns the new legal ids ([] once the game is over).")
      .def("apply_all", [](G& g, const py::list& actions) {
        for (const py::handle action : actions) g.apply(P::action_from(action));
      }, py::arg("actions"), P::kApplyAllDoc)
      .def("history_ids", [](const G& g) { return std::vector<int>(g.history().begin(), g.history().end()); })
      .def("record_json", [](const G& g) {
        if (!g.records_events()) throw Error("to_json needs a recording game; this one was made with record=False");
        const std::string text = record_json(g);  // ASCII (json.dumps's ensure_ascii): copied, not decoded
        PyObject* out = PyUnicode_New(static_cast<Py_ssize_t>(text.size()), 127);
        if (out == nullptr) throw py::error_already_set();
        std::memcpy(PyUnicode_DATA(out), text.data(), text.size());
        return py::reinterpret_steal<py::str>(out);
      }, "The game record as JSON text (Game.to_json's bytes).")
      .def("record_bytes", [](const G& g) {
        if (!g.records_events()) throw Error("to_bytes needs a recording game; this one was made with record=False");
        const std::string data = record_bytes(g);
        return py::bytes(data.data(), data.size());
      }, "The game record in binary (Game.to_bytes's bytes, core/record_bytes.hpp).")
      .def("record_dict", [](const G& g) {
        if (!g.records_events()) throw Error("to_json needs a recording game; this one was made with record=False");
        return as_python([&](PySink& s) { write_record(s, g); });
      }, "The game record as Python data (Game.to_record()).")
      .def("event_count", [](const G& g) { return g.events().size(); })
      .def("event_dicts", [](const G& g, std::size_t start) {
        py::list out;
        for (std::size_t i = start; i < g.events().size(); ++i) out.append(P::event_dict(g.events()[i], g.players(), -1));
        return out;
      }, py::arg("start") = 0)
      .def("event_dicts_for", [](const G& g, const py::object& seat_obj, std::size_t start) {
        const int seat = P::seat_arg(g, seat_obj);
        py::list out;
        for (std::size_t i = start; i < g.events().size(); ++i) {
          auto e = g.events()[i];
          if (P::redact(e, seat)) out.append(P::event_dict(e, g.players(), seat));
        }
        return out;
      }, py::arg("seat"), py::arg("start") = 0)
      .def("observation", [](const G& g, const py::object& seat_obj) {
        const int seat = P::seat_arg(g, seat_obj);
        py::array_t<float> out(kObservationSizeOf<G>);
        write_observation(g, seat, out.mutable_data());
        return out;
      }, py::arg("seat"))
      .def("__eq__", [](const G& a, const G& b) { return a == b; });
  FastCalls<P>::install(cls);
}

// A record given to GameBase(record): JSON text (a str, read from its UTF-8 in place, without a copy;
// the Python layer has refused a str that has none) or a binary record (bytes or any contiguous buffer).
template <typename P>
typename P::Game game_from_record_object(const py::handle& record) {
  PyObject* obj = record.ptr();
  if (PyUnicode_Check(obj)) {
    Py_ssize_t n = 0;
    const char* text = PyUnicode_AsUTF8AndSize(obj, &n);
    if (text == nullptr) throw py::error_already_set();
    return P::from_record(std::string_view(text, static_cast<std::size_t>(n)));
  }
  if (PyBytes_Check(obj)) {
    return P::from_bytes(std::string_view(PyBytes_AS_STRING(obj), static_cast<std::size_t>(PyBytes_GET_SIZE(obj))));
  }
  if (!PyObject_CheckBuffer(obj)) {
    throw RecordError("from_bytes: expected bytes, not " + std::string(py::str(py::type::handle_of(record).attr("__name__"))));
  }
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) != 0) throw py::error_already_set();
  struct Release {
    Py_buffer* view;
    ~Release() { PyBuffer_Release(view); }
  } release{&view};
  return P::from_bytes(std::string_view(static_cast<const char*>(view.buf), static_cast<std::size_t>(view.len)));
}

// The knob values of rules in their table's order (Rules.to_dict()'s values), for the Rules of a game
// restored from a record, which the core has built and checked.
template <typename Rules, typename Table>
py::tuple knob_values(const Rules& r, const Table& table) {
  py::tuple out(table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    const knobs::Knob<Rules>& k = table[i];
    py::object v;
    switch (k.type) {
      case knobs::Type::kInt: v = py::int_(r.*k.integer); break;
      case knobs::Type::kBool: v = py::bool_(r.*k.flag); break;
      case knobs::Type::kName: {
        const std::string_view name = k.name_of(r);
        v = py::str(name.data(), name.size());
        break;
      }
    }
    PyTuple_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), v.release().ptr());
  }
  return out;
}

// A restored game's rules as an instance of the Python Rules class (python/bieten/_rules_common.py
// CommonRules, whose slots are _values, the knob values in table order, and _core, the CoreRules),
// without checking again what the core has built and checked. Rules are immutable, so the class keeps
// the last one it made here (`_last_restored`) and gives it again for equal rules: the records of a
// dataset mostly share their rules, and making the Python object was a sixth of Game.from_bytes
// (benchmarks/RESULTS.md, issue 25).
template <typename P, typename PG = PyGameOf<typename P::Game>>
py::object restored_rules(const PG& g, const py::type& rules_class) {
  using CoreRules = std::remove_cvref_t<decltype(g.rules())>;
  // The names interned once, so that the lookups hit the type's attribute cache; the kept rules' core
  // compared by its C++ value (the hit path was about 2,800 instructions with pybind11's lookups).
  static PyObject* const last_name = PyUnicode_InternFromString("_last_restored");
  static PyObject* const core_name = PyUnicode_InternFromString("_core");
  static PyTypeObject* const core_type = py::detail::get_type_info(typeid(CoreRules))->type;
  if (!last_name || !core_name) throw py::error_already_set();
  const auto last = py::reinterpret_steal<py::object>(PyObject_GetAttr(rules_class.ptr(), last_name));
  if (!last) PyErr_Clear();
  if (last && !last.is_none()) {
    const auto last_core = py::reinterpret_steal<py::object>(PyObject_GetAttr(last.ptr(), core_name));
    if (!last_core) PyErr_Clear();
    if (last_core && PyObject_TypeCheck(last_core.ptr(), core_type) && value_of<CoreRules>(last_core) == g.rules()) {
      return last;
    }
  }
  py::object rules = rules_class.attr("__new__")(rules_class);
  const py::tuple values = knob_values(g.rules(), P::Record::kKnobs);
  const py::object core = py::cast(g.rules());
  if (PyObject_GenericSetAttr(rules.ptr(), py::str("_values").ptr(), values.ptr()) != 0 ||
      PyObject_GenericSetAttr(rules.ptr(), py::str("_core").ptr(), core.ptr()) != 0) {
    throw py::error_already_set();
  }
  rules_class.attr("_last_restored") = rules;
  return rules;
}

// Game._restored's work in one call (from_json, from_bytes): the core reads and replays the record, the
// game becomes an instance of `cls`, with its rules and given deal; the metadata is set here when the
// game's bindings can make it (P::restored_meta), else by the caller. Three pybind11 calls were a
// sixth of Game.from_bytes (benchmarks/RESULTS.md, issue 25).
template <typename P, typename PG = PyGameOf<typename P::Game>>
py::tuple restore(const py::type& cls, const py::object& record, const py::type& rules_class) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(PG));
  if (!PyType_IsSubtype(type, info->type)) throw py::type_error("_restore: cls must be a Game class");
  auto value = std::make_unique<PG>(game_from_record_object<P>(record));
  PG& g = *value;
  py::object game = adopt_as<PG>(type, std::move(value));
  py::object rules = restored_rules<P>(g, rules_class);
  py::object given = P::given_deal(g);
  g.meta = P::restored_meta(rules, given);
  return py::make_tuple(std::move(game), std::move(rules), std::move(given));
}

// Game(rules, seed)'s common case in one call (GameBase._init_plain(rules, seed, record),
// METH_FASTCALL): the Python __init__ asks it first and goes its own way, which checks and refuses,
// when it answers False. That way had the Python checks and pybind11's six-argument __init__ (a
// std::optional each) set the state and a property set the metadata: 2.1 us of a new game, about 20 ns
// of every action of a random game stepped from Python (benchmarks/RESULTS.md, issue 25). `record` is
// True or False exactly (Game(rules, seed, record=False), the self-play game, came the slow way).
template <typename P>
struct PlainInit {
  using G = typename P::Game;
  using PG = PyGameOf<G>;

  // True once self holds a new game of `rules` (a Rules object of this game, checked by the caller)
  // dealt from `seed` by dealer 0, recording unless `record` is False; False, with nothing changed,
  // for anything else: an initialised game, a seed that is not a plain int in 0..2**64-1, a record
  // flag other than True or False, rules whose core fails.
  static PyObject* call(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    if (nargs != 3) {
      PyErr_SetString(PyExc_TypeError, "_init_plain(rules, seed, record) takes three arguments");
      return nullptr;
    }
    static const py::detail::type_info* const info = py::detail::get_type_info(typeid(PG));
    auto* instance = reinterpret_cast<py::detail::instance*>(self);
    if (!PyObject_TypeCheck(self, info->type) || !instance->simple_layout || instance->simple_holder_constructed ||
        !PyLong_CheckExact(args[1]) || (args[2] != Py_True && args[2] != Py_False)) {
      Py_RETURN_FALSE;
    }
    const bool record = args[2] == Py_True;
    const unsigned long long seed = PyLong_AsUnsignedLongLong(args[1]);
    if (seed == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {  // negative, or 2**64 and above
      PyErr_Clear();
      Py_RETURN_FALSE;
    }
    try {
      const py::handle rules(args[0]);
      const py::object core = rules.attr("_core");
      py::object meta = P::restored_meta(py::reinterpret_borrow<py::object>(rules), py::none());
      auto value = std::make_unique<PG>(P::plain_game(value_of<typename P::Rules>(core), seed, record));
      value->meta = std::move(meta);
      instance->get_value_and_holder(info).value_ptr() = value.release();
      info->init_instance(instance, nullptr);  // as pybind11's __init__ ends: the holder owns the value
    } catch (py::error_already_set&) {
      PyErr_Clear();
      Py_RETURN_FALSE;
    } catch (...) {  // the slow way builds again and refuses with the typed error
      Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE;
  }

  static void install(py::handle cls) {
    static PyMethodDef def{"_init_plain", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&call)),
                           METH_FASTCALL,
                           "_init_plain(rules, seed, record): makes Game(rules, seed, record=record) in one call and\n"
                           "answers True, or answers False, changing nothing, when the Python __init__ has to do it."};
    auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
    py::object descriptor = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &def));
    if (!descriptor) throw py::error_already_set();
    cls.attr("_init_plain") = descriptor;
  }
};

// GameBase, the base of the Python Game (each game's python/bieten/<game>/_game.py, which declares no
// __dict__ of its own): its construction from the game's arguments or from a record, the Python layer's state,
// clone() and __copy__, and the module's initialised().
template <typename P, typename Init>
void define_game_base(py::module_& m, const char* initialised_error, Init init) {
  using G = typename P::Game;
  using PG = PyGameOf<G>;
  py::class_<PG, G> cls(m, "GameBase");
  FastCalls<P>::game_base = reinterpret_cast<PyTypeObject*>(cls.ptr());
  init(cls);
  cls.def(py::init([](const py::object& record) { return PG(game_from_record_object<P>(record)); }), py::arg("record"),
          P::kFromRecordDoc)
      .def("_restored_rules", &restored_rules<P>, py::arg("rules_class"),
           "The game's rules as a rules_class (CommonRules) object: a restored game's Rules.")
      .def_static("_restore", &restore<P>, py::arg("cls"), py::arg("record"), py::arg("rules_class"),
                  "(game, rules, given deal) from a record (JSON text or bytes), the game an instance of cls;\n"
                  "its metadata is set unless the game's Python side has to make it (a given Bieten deal).")
      .def("__deepcopy__", [](py::handle self, const py::object&) { return clone_as<PG>(self); }, py::arg("memo"))
      .def("_rules_dict", [](const PG& g) { return rules_to_dict(g.rules()); }, "The game's Rules.to_dict().")
      .def("_given_deal", &P::given_deal, P::kGivenDealDoc)
      .def_property("_meta", [](const PG& g) { return g.meta; }, [](PG& g, py::object meta) { g.meta = std::move(meta); })
      .def_property_readonly("_event_cache", [](PG& g) {
        if (!g.events) g.events = py::list();
        return g.events;
      })
      .def("_view_cache", [](PG& g, const py::object& seat_obj) {
        const int seat = P::seat_arg(g, seat_obj);  // the refusal event_dicts_for gives
        if (!g.views) g.views = py::dict();
        py::dict views = g.views;
        py::int_ key(seat);
        if (!views.contains(key)) views[key] = py::list();
        return py::list(views[key]);
      }, py::arg("seat"));
  add_clone_methods<G>(m.attr("CoreGame"));
  add_clone_methods<PG>(cls);
  PlainInit<P>::install(cls);
  cls.def_static(
      "_own_fast_calls",
      [](const py::type& sub) {
        if (!PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(sub.ptr()), FastCalls<P>::game_base)) {
          throw py::type_error("_own_fast_calls: the class must derive from GameBase");
        }
        FastCalls<P>::install_on(sub);
        add_clone_methods<PG>(sub);
      },
      py::arg("cls"),
      "Gives a Python Game class the fast calls (apply_id, step, legal_*, observation, the record\n"
      "writers, clone) as its own C method descriptors, which CPython calls directly for instances of\n"
      "exactly that class.");
  // Whether a game's C++ part has been constructed, asked without raising (Game.__init__ asks it
  // on every new game, and a C++ exception would cost microseconds).
  m.def("initialised", [initialised_error](const py::handle& game) { return is_initialised<G>(game, initialised_error); },
        py::arg("game"));
  refuse_uninitialised(typeid(G));
  refuse_uninitialised(typeid(PG));
}

}  // namespace bieten::py_bindings
