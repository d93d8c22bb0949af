// The game (RULES R2-R11): actions, the game state, events, and C++ self-play loops.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "games/bieten/actions.hpp"
#include "games/bieten/game.hpp"
#include "core/rng.hpp"
#include "bindings.hpp"
#include "py_game_common.hpp"
#include "py_input.hpp"
#include "py_sink.hpp"
#include "rules_cast.hpp"
#include "games/bieten/observation.hpp"
#include "games/bieten/record.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

struct PyAction {
  ActionId id;
};

py::object card_or_none(Card c) {
  if (c == kNoCard) return py::none();
  return py::str(card_text(c));
}

// The Python Game's C++ object: the core game plus the Python layer's state, so that a Game has no
// instance __dict__ and a clone is one C++ copy. `meta` (rules, given deal and top card, immutable)
// is shared by clones; the caches of event objects are per game and start empty in a clone.
struct PyGame : Game {
  explicit PyGame(Game game) : Game(std::move(game)) {}
  PyGame(const PyGame& other) : Game(other), meta(other.meta) {}
  PyGame& operator=(const PyGame&) = delete;
  py::object meta = py::none();
  py::object events;  // list of Event, made on first use
  py::object views;   // dict seat -> list of Event, made on first use
};

Game new_game(const Rules& rules, std::uint64_t seed, int dealer, const std::optional<std::vector<CardSet>>& deal,
              std::optional<int> top_card, bool record_events, bool chance_deals) {
  std::optional<GivenDeal> given;
  if (deal) {
    if (static_cast<int>(deal->size()) != rules.players) {
      throw HandError("R2.1: a given deal needs one hand per seat (" + std::to_string(rules.players) + "), not " +
                      std::to_string(deal->size()));
    }
    given.emplace();
    for (std::size_t p = 0; p < deal->size(); ++p) given->hands[p] = (*deal)[p];
    if (top_card) given->top_card = static_cast<Card>(*top_card);
  } else if (top_card) {
    throw HandError("R3.8: top_card is only given together with a deal");
  }
  if (chance_deals && given) throw HandError("R3: chance mode deals every hand by chance; give no deal");
  return Game(rules, seed, dealer, given, record_events, chance_deals);
}

// The dict of an event (docs/events.md), written by the core (csrc/games/bieten/record.hpp).
py::object event_dict(const Event& e, int players, int viewer) {
  return as_python([&](PySink& s) { write_event(s, e, players, viewer); });
}

// The decimal text of an integer that int_arg took, for messages (the error path only).
std::string int_text(const py::handle& h) { return py::str(index_of<ActionError>(h, "R11: an integer")); }

// An action id: its value, or nullopt beyond int's range; the caller checks the range 0..139.
std::optional<int> id_arg(const py::handle& h) {
  std::optional<int> id;
  if (!int_arg(h, id)) throw ActionError("R11: expected an integer, not " + std::string(py::repr(h)));
  return id;
}

// Why an action id is refused, or "" if it is legal: for an id outside 0..139 the text the C ABI's
// bieten_apply_id gives, "R11: action id 140 is not in 0..139", naming the id as given.
std::string why_illegal_id(const Game& g, const py::handle& h, std::optional<int> id) {
  return id ? g.why_illegal(*id) : action_id_out_of_range(int_text(h));
}

// A seat of this game (R2.1), or SeatError naming the value as given.
int seat_arg(const Game& g, const py::handle& h) {
  std::optional<int> seat;
  const int players = g.rules().players;
  if (!int_arg(h, seat)) {
    throw SeatError("R2.1: seat must be an int from 0 to " + std::to_string(players - 1) + ", not " +
                    std::string(py::repr(h)));
  }
  if (!seat || *seat < 0 || *seat >= players) {
    throw SeatError("R2.1: seat must be 0 to " + std::to_string(players - 1) + ", not " +
                    (seat ? std::to_string(*seat) : int_text(h)));
  }
  return *seat;
}

ActionId action_from(const py::handle& h) {
  if (PyUnicode_Check(h.ptr())) {
    Py_ssize_t size = 0;
    // CPython keeps the UTF-8 of a str (an ASCII str is its own), so the usual text costs no copy.
    if (const char* text = PyUnicode_AsUTF8AndSize(h.ptr(), &size)) {
      return parse_action(std::string_view(text, static_cast<std::size_t>(size)));
    }
    PyErr_Clear();  // a lone surrogate: parse the escaped text, which names it in the refusal
    return parse_action(utf8_text(h));
  }
  if (py::isinstance<PyAction>(h)) return h.cast<PyAction>().id;
  if (is_integer(h)) {
    const py::int_ id = index_of<ActionError>(h, "R11: an action id");  // NumPy integers too
    if (id < py::int_(0) || id >= py::int_(kNumActions)) {
      throw ActionError("R11: action id must be 0 to 139, not " + std::string(py::str(id)));
    }
    return id.cast<ActionId>();
  }
  throw ActionError("R11: expected an action, its text or its id, not " + std::string(py::repr(h)));
}

// The legal ids as a Python list, built directly (small ints are cached by CPython).
py::list legal_id_list(const Game& g) {
  const ActionMask& mask = g.legal_mask();
  py::list out(mask.size());
  py::ssize_t i = 0;
  mask.for_each([&](int id) { PyList_SET_ITEM(out.ptr(), i++, PyLong_FromLong(id)); });
  return out;
}

py::list legal_action_objects(const Game& g) {
  py::list out;
  g.legal_mask().for_each([&](int id) { out.append(PyAction{static_cast<ActionId>(id)}); });
  return out;
}

}  // namespace

void register_game(py::module_& m) {
  // An action that is no action at all (ActionError) is refused like any illegal action (R9).
  auto& illegal = py::register_exception<IllegalActionError>(m, "IllegalActionError", m.attr("BietenError"));
  py::register_exception<ActionError>(m, "ActionError", illegal);

  m.attr("NUM_ACTIONS") = kNumActions;
  m.attr("OBSERVATION_SIZE") = kObservationSize;
  {
    py::dict layout;  // block name -> (offset, length) of Game.observation (docs/observation.md)
    auto add = [&](const char* name, int offset, int length) { layout[name] = py::make_tuple(offset, length); };
    add("own_unplayed", obs::kOwnUnplayed, 33);
    add("own_dealt", obs::kOwnDealt, 33);
    add("played", obs::kPlayed, 5 * 33);
    add("wilds_played", obs::kWildsPlayed, 5 * 3);
    add("top_card", obs::kTopCard, 33);
    add("cutter_seen", obs::kCutterSeen, 33);
    add("led_suit", obs::kLedSuit, 4);
    add("in_trick", obs::kInTrick, 5);
    add("leader", obs::kLeader, 5);
    add("trick_index", obs::kTrickIndex, 4);
    add("dealer", obs::kDealer, 5);
    add("phase", obs::kPhase, 7);
    add("to_act", obs::kToAct, 5);
    add("scores", obs::kScores, 5);
    add("secured", obs::kSecured, 5);
    add("bids", obs::kBids, 5 * 22);
    add("bid_figure", obs::kBidFigure, 5);
    add("failed_suits", obs::kFailed, 20);
    add("players", obs::kPlayers, 4);
    add("hand_size", obs::kHandSize, 2);
    add("trick_cards", obs::kTrickCards, 5 * 33);
    m.attr("OBSERVATION_LAYOUT") = layout;
  }

  py::class_<PyAction>(m, "Action", R"doc(An action of the fixed action space (docs/actions.md), printed in R11 notation.

>>> from bieten import Action
>>> a = Action("Play W as hk")
>>> str(a), a.id, a.kind, a.card, a.named
('play S6 as HK', 34, 'play', 'S6', 'HK')
>>> Action(129) == "bid red"
True
)doc")
      .def(py::init([](const py::object& value) { return PyAction{action_from(value)}; }), py::arg("action"))
      .def_property_readonly("id", [](const PyAction& a) { return static_cast<int>(a.id); })
      .def_property_readonly("kind", [](const PyAction& a) -> std::string {
        if (is_play(a.id)) return "play";
        if (is_bid(a.id)) return "bid";
        return action_text(a.id);
      })
      .def_property_readonly("card", [](const PyAction& a) { return is_play(a.id) ? card_or_none(played_card(a.id)) : py::none(); })
      .def_property_readonly("named", [](const PyAction& a) {
        return is_wild_play(a.id) ? card_or_none(played_identity(a.id)) : py::none();
      })
      .def_property_readonly("figure", [](const PyAction& a) -> py::object {
        if (!is_bid(a.id)) return py::none();
        return py::str(std::string(figure_name(bid_figure(a.id))));
      })
      .def("__str__", [](const PyAction& a) { return action_text(a.id); })
      .def("__repr__", [](const PyAction& a) { return "Action('" + action_text(a.id) + "')"; })
      .def("__int__", [](const PyAction& a) { return static_cast<int>(a.id); })
      .def("__index__", [](const PyAction& a) { return static_cast<int>(a.id); })
      .def("__hash__", [](const PyAction& a) { return static_cast<int>(a.id); })
      .def("__eq__", [](const PyAction& a, const py::object& b) {
        if (py::isinstance<PyAction>(b)) return b.cast<PyAction>().id == a.id;
        if (py::isinstance<py::str>(b)) return utf8_text(b) == action_text(a.id);
        return false;
      })
      .def("__lt__", [](const PyAction& a, const PyAction& b) { return a.id < b.id; })
      .def(py::pickle([](const PyAction& a) { return static_cast<int>(a.id); },
                      [](int id) { return PyAction{action_from(py::int_(id))}; }));

  m.def("action_texts", []() {
    std::vector<std::string> out;
    for (int a = 0; a < kNumActions; ++a) out.push_back(action_text(static_cast<ActionId>(a)));
    return out;
  });
  m.def("parse_action", [](const std::string& text) { return static_cast<int>(parse_action(text)); }, py::arg("text"));

  py::class_<Game>(m, "CoreGame")
      .def(py::init<const Game&>(), py::arg("other"), "A copy (clone) of another game.")
      .def("__deepcopy__", [](py::handle self, const py::object&) { return clone_as<Game>(self); }, py::arg("memo"))
      .def(py::init(&new_game),
           py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("deal") = py::none(),
           py::arg("top_card") = py::none(), py::arg("record_events") = true, py::arg("chance_deals") = false)
      .def_property_readonly("seed", &Game::seed)
      .def_property_readonly("hand_number", &Game::hand_number)
      .def_property_readonly("dealer", &Game::dealer)
      .def_property_readonly("first_dealer", &Game::first_dealer)
      .def_property_readonly("current_player", [](const Game& g) -> py::object {
        if (g.current_player() == kChancePlayer) return py::int_(kChancePlayer);  // chance mode only
        return seat_or_none(g.current_player());
      })
      .def_property_readonly("is_chance_node", [](const Game& g) { return g.phase() == Phase::kChance; })
      .def("chance_outcomes", [](const Game& g) {
        py::list out;
        if (g.phase() != Phase::kChance) return out;  // not a chance node: no outcomes
        g.legal_mask().for_each([&](int id) {
          out.append(py::make_tuple(id, g.chance_probability(static_cast<ActionId>(id))));
        });
        return out;
      }, "In chance mode at a chance node: (chance action id, probability) pairs.")
      .def_property_readonly("is_over", &Game::is_over)
      .def_property_readonly("winner", [](const Game& g) { return seat_or_none(g.winner()); })
      .def_property_readonly("bummerl", [](const Game& g) { return seat_list(g.bummerl(), g.rules().players); })
      .def_property_readonly("scores", [](const Game& g) {
        return std::vector<int>(g.scores().begin(), g.scores().begin() + g.rules().players);
      })
      .def_property_readonly("secured", [](const Game& g) {
        return std::vector<int>(g.secured().begin(), g.secured().begin() + g.rules().players);
      })
      .def_property_readonly("hand_masks", [](const Game& g) {
        return std::vector<CardSet>(g.dealt().begin(), g.dealt().begin() + g.rules().players);
      })
      .def_property_readonly("unplayed_masks", [](const Game& g) {
        return std::vector<CardSet>(g.unplayed().begin(), g.unplayed().begin() + g.rules().players);
      })
      .def_property_readonly("top_card", [](const Game& g) { return card_or_none(g.top_card()); })
      .def_property_readonly("phase", [](const Game& g) {
        static constexpr const char* kNames[] = {"steal", "turn", "after_play", "answer", "reraise", "raise_answer",
                                                 "game_over", "chance"};
        return std::string(kNames[static_cast<int>(g.phase())]);
      })
      .def_property_readonly("ply", &Game::actions_applied, "The number of actions applied so far.")
      .def_property_readonly("records", &Game::records_events, "Whether events and actions are recorded.")
      .def_property_readonly("trick_index", &Game::trick_index)
      .def_property_readonly("trick_leader", &Game::trick_leader)
      .def_property_readonly("bid_figure", [](const Game& g) -> py::object {
        if (g.current_bid_figure() < 0) return py::none();
        return py::str(std::string(figure_name(static_cast<Figure>(g.current_bid_figure()))));
      })
      .def("trick", [](const Game& g) {
        py::list out;  // in the order played: from the trick's leader clockwise
        const int n = g.rules().players;
        for (int k = 0; k < n; ++k) {
          const int p = (g.trick_leader() + k) % n;
          const TrickCard& t = g.trick_cards()[p];
          if (t.card == kNoCard) continue;
          out.append(py::make_tuple(p, card_text(t.card), t.wild >= 0 ? card_or_none(t.identity) : py::none()));
        }
        return out;
      })
      .def("played", [](const Game& g, const py::object& seat_obj) {
        return g.played_identities(seat_arg(g, seat_obj));
      }, py::arg("seat"))
      .def("bids", [](const Game& g) {
        static constexpr const char* kStates[] = {"unbid", "open", "conceded", "stands", "raised", "raise_conceded",
                                                  "stands_three"};
        py::dict out;
        for (int f = 0; f < kBiddableFigures; ++f) {
          const BidRecord& b = g.bids()[f];
          py::dict d;
          d["state"] = kStates[static_cast<int>(b.state)];
          d["bidder"] = seat_or_none(b.bidder);
          d["holder"] = seat_or_none(b.holder);
          d["raiser"] = seat_or_none(b.raiser);
          out[py::str(std::string(figure_name(static_cast<Figure>(f))))] = d;
        }
        return out;
      })
      .def("legal_action_ids", &legal_id_list)
      .def("legal_actions", &legal_action_objects)
      .def("legal_action_mask", [](const Game& g) {
        py::array_t<bool> out(kNumActions);
        bool* d = out.mutable_data();
        for (int a = 0; a < kNumActions; ++a) d[a] = g.legal_mask().test(a);
        return out;
      })
      .def("is_legal", [](const Game& g, const py::object& id_obj) {
        const std::optional<int> id = id_arg(id_obj);
        return id && *id >= 0 && *id < kNumActions && g.is_legal(static_cast<ActionId>(*id));
      })
      .def("why_illegal", [](const Game& g, const py::object& id_obj) {
        return why_illegal_id(g, id_obj, id_arg(id_obj));
      }, py::arg("action"))
      .def("apply", [](Game& g, const py::handle& action) { g.apply(action_from(action)); }, py::arg("action"))
      .def("apply_id", [](Game& g, const py::object& id_obj) {
        const std::optional<int> id = id_arg(id_obj);
        if (!id || *id < 0 || *id >= kNumActions) throw IllegalActionError(why_illegal_id(g, id_obj, id));
        g.apply(static_cast<ActionId>(*id));
      }, py::arg("id"))
      .def("step", [](Game& g, const py::object& id_obj) {
        const std::optional<int> id = id_arg(id_obj);
        if (!id || *id < 0 || *id >= kNumActions) throw IllegalActionError(why_illegal_id(g, id_obj, id));
        g.apply(static_cast<ActionId>(*id));
        return legal_id_list(g);
      }, py::arg("id"), "Applies an action id and returns the new legal ids ([] once the game is over).")
      .def("history_ids", [](const Game& g) { return std::vector<int>(g.history().begin(), g.history().end()); })
      .def("record_json", [](const Game& g) {
        if (!g.records_events()) throw Error("to_json needs a recording game; this one was made with record=False");
        return record_json(g);
      }, "The game record as JSON text (Game.to_json's bytes).")
      .def("record_dict", [](const Game& g) {
        if (!g.records_events()) throw Error("to_json needs a recording game; this one was made with record=False");
        return as_python([&](PySink& s) { write_record(s, g); });
      }, "The game record as Python data (Game.to_record()).")
      .def("apply_all", [](Game& g, const py::list& actions) {
        for (const py::handle action : actions) g.apply(action_from(action));
      }, py::arg("actions"),
           "Applies actions (R11 texts or ids) in order, as apply() does each; a refused one raises, with the\n"
           "ones before it applied (its index is the gain in ply).")
      .def("event_count", [](const Game& g) { return g.events().size(); })
      .def("event_dicts", [](const Game& g, std::size_t start) {
        py::list out;
        for (std::size_t i = start; i < g.events().size(); ++i) out.append(event_dict(g.events()[i], g.rules().players, -1));
        return out;
      }, py::arg("start") = 0)
      .def("event_dicts_for", [](const Game& g, const py::object& seat_obj, std::size_t start) {
        const int seat = seat_arg(g, seat_obj);
        py::list out;
        for (std::size_t i = start; i < g.events().size(); ++i) {
          Event e = g.events()[i];
          if (redact_for(e, seat)) out.append(event_dict(e, g.rules().players, seat));
        }
        return out;
      }, py::arg("seat"), py::arg("start") = 0)
      .def("observation", [](const Game& g, const py::object& seat_obj) {
        const int seat = seat_arg(g, seat_obj);
        py::array_t<float> out(kObservationSize);
        write_observation(g, seat, out.mutable_data());
        return out;
      }, py::arg("seat"))
      .def("__eq__", [](const Game& a, const Game& b) { return a == b; });

  // The base of the Python Game (python/bieten/_game.py), which declares no __dict__ of its own.
  py::class_<PyGame, Game>(m, "GameBase")
      .def(py::init([](const Rules& rules, std::uint64_t seed, int dealer, const std::optional<std::vector<CardSet>>& deal,
                       std::optional<int> top_card, bool record_events) {
             return PyGame(new_game(rules, seed, dealer, deal, top_card, record_events, false));
           }),
           py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("deal") = py::none(),
           py::arg("top_card") = py::none(), py::arg("record_events") = true)
      .def(py::init([](const std::string& record) { return PyGame(game_from_record(record)); }), py::arg("record"),
           "A game restored from its record (Game.from_json): the core reads and checks it, as bieten_from_json.")
      .def("__deepcopy__", [](py::handle self, const py::object&) { return clone_as<PyGame>(self); }, py::arg("memo"))
      .def("_rules_dict", [](const PyGame& g) { return rules_to_dict(g.rules()); }, "The game's Rules.to_dict().")
      .def("_given_deal", [](const PyGame& g) -> py::object {
        if (!g.given_deal()) return py::none();
        py::list hands;
        for (int p = 0; p < g.rules().players; ++p) hands.append(g.given_deal()->hands[p]);
        return py::make_tuple(hands, g.given_deal()->top_card == kNoCard ? py::object(py::none())
                                                                          : py::object(py::int_(g.given_deal()->top_card)));
      }, "(hand masks, top card id or None) of the first deal the game was given, or None.")
      .def_property("_meta", [](const PyGame& g) { return g.meta; },
                    [](PyGame& g, py::object meta) { g.meta = std::move(meta); })
      .def_property_readonly("_event_cache", [](PyGame& g) {
        if (!g.events) g.events = py::list();
        return g.events;
      })
      .def("_view_cache", [](PyGame& g, const py::object& seat_obj) {
        const int seat = seat_arg(g, seat_obj);  // the refusal event_dicts_for gives
        if (!g.views) g.views = py::dict();
        py::dict views = g.views;
        py::int_ key(seat);
        if (!views.contains(key)) views[key] = py::list();
        return py::list(views[key]);
      }, py::arg("seat"));
  add_clone_methods<Game>(m.attr("CoreGame"));
  add_clone_methods<PyGame>(m.attr("GameBase"));
  // Whether a game's C++ part has been constructed, asked without raising (Game.__init__ asks it
  // on every new game, and a C++ exception would cost microseconds).
  m.def("initialised", [](const py::handle& game) {
    static const py::detail::type_info* const info = py::detail::get_type_info(typeid(Game));
    if (!PyObject_TypeCheck(game.ptr(), info->type)) throw py::type_error("initialised() takes a CoreGame");
    auto* instance = reinterpret_cast<py::detail::instance*>(game.ptr());
    return instance->get_value_and_holder().holder_constructed();  // one C++ value per game object
  }, py::arg("game"));
  refuse_uninitialised(typeid(Game));
  refuse_uninitialised(typeid(PyGame));

  m.def(
      "random_playout",
      [](const Rules& rules, std::uint64_t base_seed, std::size_t games, bool record_events) {
        rules.validate();
        std::size_t actions = 0, hands = 0;
        {
          py::gil_scoped_release release;
          ActionId ids[kNumActions];
          for (std::size_t i = 0; i < games; ++i) {
            const std::uint64_t seed = batch_game_seed(base_seed, i);
            Game g(rules, seed, 0, {}, record_events);
            SplitMix64 pick(~seed);
            while (!g.is_over()) {
              const int n = g.legal_mask().to_ids(ids);
              g.apply_unchecked(ids[pick.bounded(static_cast<std::uint32_t>(n))]);
              ++actions;
            }
            hands += g.hand_number() + 1;
          }
        }
        return py::make_tuple(actions, hands);
      },
      py::arg("rules"), py::arg("base_seed"), py::arg("games"), py::arg("record_events") = false,
      "Plays `games` games with uniformly random legal actions in C++; returns (actions, hands).");
}

}  // namespace bieten::py_bindings
