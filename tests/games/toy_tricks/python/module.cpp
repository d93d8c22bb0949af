// Toy Tricks in the pybind11 module (core/descriptor.hpp's register_python): the submodule
// bieten._core.toy_tricks with CoreRules, Action, CoreGame, GameBase, CoreAgent and simulate, registered
// by the shared templates (bindings/python/register_game_common.hpp, register_simulate_common.hpp). No
// Python package wraps it: python/bieten/_generic.py builds its Rules, Game and family from this module
// and the registry's descriptor.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "core/simulate.hpp"
#include "games/toy_tricks/agents.hpp"
#include "games/toy_tricks/descriptor.hpp"
#include "games/toy_tricks/game.hpp"
#include "games/toy_tricks/record.hpp"
#include "register_game_common.hpp"
#include "register_simulate_common.hpp"

namespace bieten::toy_tricks {

// Batch self-play (core/simulate.hpp's loop over this game), found by simulate_common.
SimulationResultOf<Game> simulate(const SimulationConfigOf<Game>& config, std::uint64_t first, std::uint64_t last,
                                  std::atomic<std::uint64_t>* progress = nullptr) {
  return simulate_games<Game>(config, first, last, progress);
}

}  // namespace bieten::toy_tricks

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

namespace tt = toy_tricks;

struct PyToyAction {
  tt::ActionId id;
};

using PyToyGame = PyGameOf<tt::Game>;

constexpr const char* kToyPhaseNames[tt::kPhases] = {"play", "chance", "game_over"};

std::string toy_why_illegal_id(const tt::Game& g, const py::handle& h, std::optional<int> id) {
  if (id) return g.why_illegal(*id);
  return "T6.1: action id " + int_text(h, "T6") + " is not in 0.." + std::to_string(tt::kNumActions - 1);
}

tt::ActionId toy_action_from(const py::handle& h) {
  if (PyUnicode_Check(h.ptr())) return tt::parse_action(utf8_text(h));
  if (py::isinstance<PyToyAction>(h)) return h.cast<PyToyAction>().id;
  if (is_integer(h)) {
    const py::int_ id = index_of<ActionError>(h, "T6: an action id");
    if (id < py::int_(0) || id >= py::int_(tt::kNumActions)) {
      throw ActionError("T6.1: action id must be 0 to " + std::to_string(tt::kNumActions - 1) + ", not " +
                        std::string(py::str(id)));
    }
    return id.cast<tt::ActionId>();
  }
  throw ActionError("T6: expected an action, its text or its id, not " + std::string(py::repr(h)));
}

tt::Game new_toy_game(const tt::Rules& rules, std::uint64_t seed, int dealer,
                      const std::optional<std::vector<std::vector<int>>>& hands, bool record_events) {
  rules.validate();
  std::optional<tt::DealtCards> given;
  if (hands) {
    if (hands->size() != tt::kMaxPlayers) throw HandError("T3.4: a given deal needs the hands of both seats");
    given.emplace();
    for (int p = 0; p < tt::kMaxPlayers; ++p) {
      if ((*hands)[p].size() != tt::kHandSize) {
        throw HandError("T3.4: seat " + std::to_string(p) + " must be given 6 cards, not " +
                        std::to_string((*hands)[p].size()));
      }
      for (int i = 0; i < tt::kHandSize; ++i) given->hands[p][i] = static_cast<Card>((*hands)[p][i]);
    }
  }
  return tt::Game(rules, seed, dealer, given, record_events, false);
}

// What the shared registration (register_game_common.hpp) needs of this game.
struct ToyBindings {
  using Game = tt::Game;
  using Rules = tt::Rules;
  using Action = PyToyAction;
  static Game plain_game(const Rules& rules, std::uint64_t seed, bool record) {
    return new_toy_game(rules, seed, 0, std::nullopt, record);
  }
  static constexpr const char* const* kPhaseNames = kToyPhaseNames;
  static constexpr const char* kApplyAllDoc = "Applies actions (texts or ids) in order; a refused one raises.";
  static constexpr const char* kFromRecordDoc = "A game restored from its record, JSON text or bytes.";
  static constexpr const char* kGivenDealDoc = "The first deal the game was given ({'hands': ...}), or None.";
  static std::optional<int> id_arg(const py::handle& h) { return py_bindings::id_arg(h, "T6"); }
  static std::string why_illegal_id(const Game& g, const py::handle& h, std::optional<int> id) {
    return toy_why_illegal_id(g, h, id);
  }
  static int seat_arg(const Game& g, const py::handle& h) {
    std::optional<int> seat;
    if (!int_arg(h, seat) || !seat || *seat < 0 || *seat >= g.players()) {
      throw SeatError("T2.1: seat must be 0 or 1, not " + std::string(py::repr(h)));
    }
    return *seat;
  }
  static tt::ActionId action_from(const py::handle& h) { return toy_action_from(h); }
  static py::list legal_id_list(const Game& g) {
    py::list out;
    for (tt::ActionMask m = g.legal_mask(); m; m &= m - 1) out.append(std::countr_zero(m));
    return out;
  }
  static bool mask_test(tt::ActionMask mask, int a) { return mask >> a & 1; }
  template <typename F>
  static void for_each_legal(const Game& g, F&& f) {
    for (tt::ActionMask m = g.legal_mask(); m; m &= m - 1) f(std::countr_zero(m));
  }
  static py::object event_dict(const tt::Event& e, int /*players*/, int /*viewer*/) {
    return as_python([&](PySink& s) { tt::write_event(s, e); });
  }
  static bool redact(tt::Event& e, int seat) {
    tt::redact_for(e, seat);
    return true;
  }
  using Record = tt::RecordFormat;
  static Game from_record(std::string_view record) { return tt::game_from_record(record); }
  static Game from_bytes(std::string_view data) { return tt::game_from_bytes(data); }
  static py::object restored_meta(const py::object& rules, const py::object& given) { return py::make_tuple(rules, given); }
  static py::object given_deal(const PyToyGame& g) {
    if (!g.given_deal()) return py::none();
    return as_python([&](PySink& s) { tt::write_dealt(s, *g.given_deal()); });
  }
};

void register_toy_tricks(py::module_& parent) {
  py::module_ m = parent.def_submodule("toy_tricks", "Toy Tricks, an invented game built only for the tests.");
  m.attr("KNOB_TYPES") = knob_types(tt::kKnobs);
  py::class_<tt::Rules>(m, "CoreRules")
      .def(py::init([](const py::kwargs& values) { return rules_from_keywords<tt::Rules>(values, tt::kKnobs); }))
      .def("to_dict", [](const tt::Rules& r) { return rules_to_dict(r); })
      .def("__eq__", [](const tt::Rules& a, const tt::Rules& b) { return a == b; });
  m.def("preset_values", [](const std::string& name) { return rules_to_dict(tt::preset(name)); }, py::arg("name"));
  m.attr("NUM_ACTIONS") = tt::kNumActions;
  m.attr("OBSERVATION_SIZE") = tt::kObservationSize;
  m.def("action_texts", []() {
    std::vector<std::string> out;
    for (int a = 0; a < tt::kNumActions; ++a) out.emplace_back(tt::action_text(static_cast<tt::ActionId>(a)));
    return out;
  });

  py::class_<PyToyAction> action(m, "Action", "An action of Toy Tricks (T6), printed as 'play <card>'.");
  define_action_common<ToyBindings>(action);
  action.def_property_readonly("card", [](const PyToyAction& a) { return card_text(tt::action_card(a.id)); });

  py::class_<tt::Game> core(m, "CoreGame");
  core.def(py::init(&new_toy_game), py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0,
           py::arg("hands") = py::none(), py::arg("record_events") = true);
  define_game_common<ToyBindings>(core);
  core.def_property_readonly("winners", [](const tt::Game& g) { return seat_list(g.winners(), g.players()); })
      .def_property_readonly("hand_masks", [](const tt::Game& g) {
        return std::vector<CardSet>{g.hand(0), g.hand(1)};
      });

  define_game_base<ToyBindings>(m, "initialised() takes a toy_tricks CoreGame", [](py::class_<PyToyGame, tt::Game>& cls) {
    cls.def(py::init([](const tt::Rules& rules, std::uint64_t seed, int dealer,
                        const std::optional<std::vector<std::vector<int>>>& hands, bool record_events) {
              return PyToyGame(new_toy_game(rules, seed, dealer, hands, record_events));
            }),
            py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("hands") = py::none(),
            py::arg("record_events") = true);
  });
  define_core_agent<tt::Game>(m, "T5.2: the game is over; there is no action to choose");
  define_simulate<tt::Game>(m);
}

}  // namespace

}  // namespace bieten::py_bindings

namespace bieten::toy_tricks {

void Descriptor::register_python(pybind11::module_& core) { py_bindings::register_toy_tricks(core); }

}  // namespace bieten::toy_tricks
