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
#include "games/bieten/python/register.hpp"
#include "register_game_common.hpp"
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

using PyGame = PyGameOf<Game>;

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

// Why an action id is refused, or "" if it is legal: for an id outside 0..139 the text the C ABI's
// bieten_apply_id gives, "R11: action id 140 is not in 0..139", naming the id as given.
std::string why_illegal_id(const Game& g, const py::handle& h, std::optional<int> id) {
  return id ? g.why_illegal(*id) : action_id_out_of_range(int_text(h, "R11"));
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
                    (seat ? std::to_string(*seat) : int_text(h, "R11")));
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

// What the shared registration (register_game_common.hpp) needs of this game.
struct Bindings {
  using Game = bieten::Game;
  using Rules = bieten::Rules;
  // Game(rules, seed, record): dealer 0, no given deal (GameBase._init_plain).
  static Game plain_game(const Rules& rules, std::uint64_t seed, bool record) {
    return new_game(rules, seed, 0, std::nullopt, std::nullopt, record, false);
  }
  using Action = PyAction;
  static constexpr const char* kPhaseNames[] = {"steal", "turn", "after_play", "answer", "reraise", "raise_answer",
                                                "game_over", "chance"};
  static constexpr const char* kApplyAllDoc =
      "Applies actions (R11 texts or ids) in order, as apply() does each; a refused one raises, with the\n"
      "ones before it applied (its index is the gain in ply).";
  static constexpr const char* kFromRecordDoc =
      "A game restored from its record, JSON text (Game.from_json) or bytes (Game.from_bytes): the core reads\n"
      "and checks it, as bieten_from_json and bieten_from_bytes do.";
  static constexpr const char* kGivenDealDoc = "(hand masks, top card id or None) of the first deal the game was given, or None.";
  static std::optional<int> id_arg(const py::handle& h) { return py_bindings::id_arg(h, "R11"); }
  static std::string why_illegal_id(const Game& g, const py::handle& h, std::optional<int> id) {
    return py_bindings::why_illegal_id(g, h, id);
  }
  static int seat_arg(const Game& g, const py::handle& h) { return py_bindings::seat_arg(g, h); }
  static ActionId action_from(const py::handle& h) { return py_bindings::action_from(h); }
  static py::list legal_id_list(const Game& g) { return py_bindings::legal_id_list(g); }
  static bool mask_test(const ActionMask& mask, int a) { return mask.test(a); }
  template <typename F>
  static void for_each_legal(const Game& g, F&& f) { g.legal_mask().for_each(f); }
  static py::object event_dict(const Event& e, int players, int viewer) { return py_bindings::event_dict(e, players, viewer); }
  static bool redact(Event& e, int seat) { return redact_for(e, seat); }
  using Record = RecordFormat;  // the knob table, for a restored game's Rules
  static Game from_record(std::string_view record) { return game_from_record(record); }
  static Game from_bytes(std::string_view data) { return game_from_bytes(data); }
  // A restored game's metadata, (rules, deal texts, top card text) as Game._set_meta keeps it: made here
  // for a seeded game; None for a given deal, whose texts python/bieten/bieten/_game.py makes.
  static py::object restored_meta(const py::object& rules, const py::object& given) {
    return given.is_none() ? py::object(py::make_tuple(rules, py::none(), py::none())) : py::object(py::none());
  }
  static py::object given_deal(const PyGame& g) {
    if (!g.given_deal()) return py::none();
    py::list hands;
    for (int p = 0; p < g.rules().players; ++p) hands.append(g.given_deal()->hands[p]);
    return py::make_tuple(hands, g.given_deal()->top_card == kNoCard ? py::object(py::none())
                                                                      : py::object(py::int_(g.given_deal()->top_card)));
  }
};

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

  py::class_<PyAction> action(m, "Action", R"doc(An action of the fixed action space (docs/actions.md), printed in R11 notation.

>>> from bieten import Action
>>> a = Action("Play W as hk")
>>> str(a), a.id, a.kind, a.card, a.named
('play S6 as HK', 34, 'play', 'S6', 'HK')
>>> Action(129) == "bid red"
True
)doc");
  define_action_common<Bindings>(action);
  action.def_property_readonly("kind", [](const PyAction& a) -> std::string {
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
      });

  m.def("action_texts", []() {
    std::vector<std::string> out;
    for (int a = 0; a < kNumActions; ++a) out.push_back(action_text(static_cast<ActionId>(a)));
    return out;
  });
  m.def("parse_action", [](const std::string& text) { return static_cast<int>(parse_action(text)); }, py::arg("text"));

  py::class_<Game> core(m, "CoreGame");
  core.def(py::init<const Game&>(), py::arg("other"), "A copy (clone) of another game.")
      .def(py::init(&new_game),
           py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("deal") = py::none(),
           py::arg("top_card") = py::none(), py::arg("record_events") = true, py::arg("chance_deals") = false);
  define_game_common<Bindings>(core);
  core.def_property_readonly("winner", [](const Game& g) { return seat_or_none(g.winner()); })
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
      });

  define_game_base<Bindings>(m, "initialised() takes a CoreGame", [](py::class_<PyGame, Game>& cls) {
    cls.def(py::init([](const Rules& rules, std::uint64_t seed, int dealer, const std::optional<std::vector<CardSet>>& deal,
                        std::optional<int> top_card, bool record_events) {
              return PyGame(new_game(rules, seed, dealer, deal, top_card, record_events, false));
            }),
            py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("deal") = py::none(),
            py::arg("top_card") = py::none(), py::arg("record_events") = true);
  });

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
