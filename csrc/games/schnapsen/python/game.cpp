// The second game, Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md), as bieten._core.schnapsen: rules,
// the deal, actions, the game with its events and observation, and the C++ self-play loops.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/deal.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/record.hpp"
#include "games/schnapsen/rules.hpp"
#include "games/schnapsen/simulate.hpp"
#include "games/schnapsen/solver.hpp"
#include "bindings.hpp"
#include "games/schnapsen/python/register.hpp"
#include "register_game_common.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

using schnapsen::ActionId;
using schnapsen::EventType;
using schnapsen::Game;
using schnapsen::Phase;
namespace sn = schnapsen;

struct PyAction {
  ActionId id;
};

using PyGame = PyGameOf<Game>;

constexpr const char* kSuitLetters[4] = {"H", "L", "S", "E"};
constexpr const char* kPhaseNames[sn::kPhases] = {"cut", "trump", "bid", "call", "double", "retour", "play",
                                                  "chance", "game_over"};

py::object card_or_none(Card c) { return c == sn::kNoCard ? py::object(py::none()) : py::object(py::str(card_text(c))); }
py::object suit_or_none(int s) { return s < 0 ? py::object(py::none()) : py::object(py::str(kSuitLetters[s])); }

// Rules.to_dict(), deal() and Event.to_dict(), written by the core (csrc/games/schnapsen/record.hpp).
py::object dealt_dict(const sn::DealtCards& d, int players) {
  return as_python([&](PySink& s) { sn::write_dealt(s, d, players); });
}
py::object event_dict(const sn::Event& e, int players) {
  return as_python([&](PySink& s) { sn::write_event(s, e, players); });
}

std::string why_illegal_id(const Game& g, const py::handle& h, std::optional<int> id) {
  if (id) return g.why_illegal(*id);
  return "S11: action id " + int_text(h, "S11") + " is not in 0.." + std::to_string(sn::kNumActions - 1);
}

int seat_arg(const Game& g, const py::handle& h) {
  std::optional<int> seat;
  const int players = g.players();
  if (!int_arg(h, seat) || !seat || *seat < 0 || *seat >= players) {
    throw SeatError("S2.1: seat must be an int from 0 to " + std::to_string(players - 1) + ", not " +
                    std::string(py::repr(h)));
  }
  return *seat;
}

ActionId action_from(const py::handle& h) {
  if (PyUnicode_Check(h.ptr())) return sn::parse_action(utf8_text(h));
  if (py::isinstance<PyAction>(h)) return h.cast<PyAction>().id;
  if (is_integer(h)) {
    const py::int_ id = index_of<ActionError>(h, "S11: an action id");
    if (id < py::int_(0) || id >= py::int_(sn::kNumActions)) {
      throw ActionError("S11: action id must be 0 to " + std::to_string(sn::kNumActions - 1) + ", not " +
                        std::string(py::str(id)));
    }
    return id.cast<ActionId>();
  }
  throw ActionError("S11: expected an action, its text or its id, not " + std::string(py::repr(h)));
}

py::list legal_id_list(const Game& g) {
  const sn::ActionMask mask = g.legal_mask();
  py::list out(std::popcount(mask));
  py::ssize_t i = 0;
  for (sn::ActionMask m = mask; m; m &= m - 1) PyList_SET_ITEM(out.ptr(), i++, PyLong_FromLong(std::countr_zero(m)));
  return out;
}

Game new_game(const sn::Rules& rules, std::uint64_t seed, int dealer,
              const std::optional<std::vector<std::vector<int>>>& hands, std::optional<int> trump_card,
              const std::optional<std::vector<int>>& stock, bool record_events, bool chance_deals) {
  rules.validate();
  std::optional<sn::DealtCards> given;
  if (hands) {
    if (chance_deals) throw HandError("S3.7: chance mode deals every deal by chance; give no deal");
    const int n = rules.players;
    if (static_cast<int>(hands->size()) != n) {
      throw HandError("S3.7: a given deal needs one hand per seat (" + std::to_string(n) + "), not " +
                      std::to_string(hands->size()));
    }
    given.emplace();
    for (int p = 0; p < n; ++p) {
      if ((*hands)[p].size() != sn::kHandSize) {
        throw HandError("S3.7: seat " + std::to_string(p) + " must be given 5 cards, not " +
                        std::to_string((*hands)[p].size()));
      }
      for (int i = 0; i < sn::kHandSize; ++i) given->hands[p][i] = static_cast<Card>((*hands)[p][i]);
    }
    const std::size_t stock_size = stock ? stock->size() : 0;
    if (n == 2) {
      if (!trump_card) throw HandError("S3.7: a given two-player deal needs a trump_card");
      if (stock_size != sn::kStockSize) {
        throw HandError("S3.7: a given two-player deal needs 9 stock cards, not " + std::to_string(stock_size));
      }
      given->trump_card = static_cast<Card>(*trump_card);
      for (int i = 0; i < sn::kStockSize; ++i) given->stock[i] = static_cast<Card>((*stock)[i]);
    } else if (trump_card || stock_size != 0) {
      throw HandError("S3.7: a given four-player deal has no trump_card and an empty stock");
    }
  }
  return Game(rules, seed, dealer, given, record_events, chance_deals);
}

// What the shared registration (register_game_common.hpp) needs of this game.
struct Bindings {
  using Game = sn::Game;
  using Rules = sn::Rules;
  // Game(rules, seed, record): dealer 0, no given deal (GameBase._init_plain).
  static Game plain_game(const Rules& rules, std::uint64_t seed, bool record) {
    return new_game(rules, seed, 0, std::nullopt, std::nullopt, std::nullopt, record, false);
  }
  using Action = PyAction;
  static constexpr const char* const* kPhaseNames = py_bindings::kPhaseNames;
  static constexpr const char* kApplyAllDoc =
      "Applies actions (texts or ids) in order; a refused one raises, the ones before it applied.";
  static constexpr const char* kFromRecordDoc =
      "A game restored from its record, JSON text (Game.from_json) or bytes (Game.from_bytes): the core reads\n"
      "and checks it.";
  static constexpr const char* kGivenDealDoc = "The first deal the game was given, in deal()'s shape, or None.";
  static std::optional<int> id_arg(const py::handle& h) { return py_bindings::id_arg(h, "S11"); }
  static std::string why_illegal_id(const Game& g, const py::handle& h, std::optional<int> id) {
    return py_bindings::why_illegal_id(g, h, id);
  }
  static int seat_arg(const Game& g, const py::handle& h) { return py_bindings::seat_arg(g, h); }
  static ActionId action_from(const py::handle& h) { return py_bindings::action_from(h); }
  static py::list legal_id_list(const Game& g) { return py_bindings::legal_id_list(g); }
  static bool mask_test(sn::ActionMask mask, int a) { return mask >> a & 1; }
  template <typename F>
  static void for_each_legal(const Game& g, F&& f) {
    for (sn::ActionMask m = g.legal_mask(); m; m &= m - 1) f(std::countr_zero(m));
  }
  static py::object event_dict(const sn::Event& e, int players, int /*viewer*/) { return py_bindings::event_dict(e, players); }
  static bool redact(sn::Event& e, int seat) {
    sn::redact_for(e, seat);
    return true;
  }
  using Record = sn::RecordFormat;  // the knob table, for a restored game's Rules
  static Game from_record(std::string_view record) { return sn::game_from_record(record); }
  static Game from_bytes(std::string_view data) { return sn::game_from_bytes(data); }
  // A restored game's metadata, (rules, given deal) as python/bieten/schnapsen/_game.py keeps it.
  static py::object restored_meta(const py::object& rules, const py::object& given) { return py::make_tuple(rules, given); }
  static py::object given_deal(const PyGame& g) {
    return g.given_deal() ? dealt_dict(*g.given_deal(), g.players()) : py::object(py::none());
  }
};

}  // namespace

void register_schnapsen(py::module_& parent) {
  py::module_ m = parent.def_submodule("schnapsen", "The C++ core of Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md).");

  m.attr("KNOB_TYPES") = knob_types(sn::kKnobs);
  py::class_<sn::Rules>(m, "CoreRules")
      .def(py::init([](const py::kwargs& values) { return rules_from_keywords<sn::Rules>(values, sn::kKnobs); }),
           "Rules from keyword knobs (KNOB_TYPES), checked by the core (S10).")
      .def("to_dict", [](const sn::Rules& r) { return rules_to_dict(r); })
      .def("__eq__", [](const sn::Rules& a, const sn::Rules& b) { return a == b; });
  m.def("preset_values", [](const std::string& name) { return rules_to_dict(sn::preset(name)); }, py::arg("name"));

  m.def("deal", [](std::uint64_t seed, const sn::Rules& rules, std::uint64_t hand, int dealer, bool knock) {
    rules.validate();
    if (dealer < 0 || dealer >= rules.players) {
      throw SeatError("S2.1: dealer must be a seat 0.." + std::to_string(rules.players - 1) + ", not " +
                      std::to_string(dealer));
    }
    return dealt_dict(sn::deal_cards(seed, hand, rules.players, dealer, knock), rules.players);
  }, py::arg("seed"), py::arg("rules"), py::arg("hand"), py::arg("dealer"), py::arg("knock"));
  m.def("shuffle", [](std::uint64_t seed, std::uint64_t hand) {
    const sn::Shuffle s = sn::shuffle_for_deal(seed, hand);
    std::vector<std::string> deck;
    for (Card c : s.deck) deck.push_back(card_text(c));
    return py::make_tuple(deck, s.cut);
  }, py::arg("seed"), py::arg("hand"), "S3.2/S3.3 the shuffled deck (top first) and the cut c of a deal.");

  m.attr("NUM_ACTIONS") = sn::kNumActions;
  m.attr("OBSERVATION_SIZE") = sn::kObservationSize;
  {
    namespace o = sn::obs;
    py::dict layout;
    auto add = [&](const char* name, int offset, int length) { layout[name] = py::make_tuple(offset, length); };
    add("hand", o::kHand, 20);
    add("played", o::kPlayed, 80);
    add("trick", o::kTrick, 80);
    add("known", o::kKnown, 80);
    add("trump", o::kTrump, 5);
    add("trump_card", o::kTrumpCard, 20);
    add("turned", o::kTurned, 20);
    add("contract", o::kContract, 6);
    add("declarer", o::kDeclarer, 4);
    add("called", o::kCalled, 20);
    add("partner", o::kPartner, 4);
    add("high_bid", o::kHighBid, 5);
    add("multiplier", o::kMultiplier, 3);
    add("phase", o::kPhase, sn::kPhases);
    add("to_act", o::kToAct, 4);
    add("dealer", o::kDealer, 4);
    add("leader", o::kLeader, 4);
    add("winning", o::kWinning, 4);
    add("trick_index", o::kTrickIndex, 10);
    add("lead_step", o::kLeadStep, 4);
    add("meld_suit", o::kMeldSuit, 4);
    add("melds", o::kMelds, 16);
    add("stock", o::kStock, 1);
    add("closed", o::kClosed, 4);
    add("hand_counts", o::kHandCounts, 4);
    add("won_points", o::kWonPoints, 4);
    add("scores", o::kScores, 4);
    add("players", o::kPlayers, 2);
    add("partners_called", o::kPartnersCalled, 1);
    m.attr("OBSERVATION_LAYOUT") = layout;
  }
  m.def("action_texts", []() {
    std::vector<std::string> out;
    for (int a = 0; a < sn::kNumActions; ++a) out.emplace_back(sn::action_text(static_cast<ActionId>(a)));
    return out;
  });
  m.def("parse_action", [](const py::handle& text) { return static_cast<int>(action_from(text)); }, py::arg("text"));

  py::class_<PyAction> action(m, "Action", R"doc(An action of the Schnapsen action space (docs/schnapsen.md), printed in S11 notation.

>>> from bieten.schnapsen import Action
>>> a = Action("Play hk")
>>> str(a), a.id, a.kind, a.card
('play HK', 42, 'play', 'HK')
>>> Action(8) == "schnapser"
True
)doc");
  define_action_common<Bindings>(action);
  action.def_property_readonly("kind", [](const PyAction& a) -> std::string {
        const std::string text(sn::action_text(a.id));
        return text.substr(0, text.find(' '));
      })
      .def_property_readonly("card", [](const PyAction& a) -> py::object {
        if (!sn::is_play(a.id) && !sn::is_call(a.id)) return py::none();
        return py::str(card_text(sn::action_card(a.id)));
      })
      .def_property_readonly("suit", [](const PyAction& a) -> py::object {
        if (a.id >= sn::kTrumpBase && a.id < sn::kTrumpBase + 4) return suit_or_none(a.id - sn::kTrumpBase);
        if (a.id >= sn::kMeldBase && a.id < sn::kMeldBase + 4) return suit_or_none(a.id - sn::kMeldBase);
        return py::none();
      });

  py::class_<Game> core(m, "CoreGame");
  core.def(py::init(&new_game), py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("hands") = py::none(),
           py::arg("trump_card") = py::none(), py::arg("stock") = py::none(), py::arg("record_events") = true,
           py::arg("chance_deals") = false);
  define_game_common<Bindings>(core);
  core.def_property_readonly("forehand", &Game::forehand)
      .def_property_readonly("winners", [](const Game& g) { return seat_list(g.winners(), g.players()); })
      .def_property_readonly("hand_masks", [](const Game& g) {
        std::vector<CardSet> out;
        for (int p = 0; p < g.players(); ++p) out.push_back(g.hand(p));
        return out;
      })
      .def_property_readonly("trump", [](const Game& g) { return suit_or_none(g.trump()); })
      .def_property_readonly("trump_card", [](const Game& g) {
        return g.stock_count() > 0 ? card_or_none(g.trump_card()) : py::object(py::none());
      })
      .def_property_readonly("turned_card", [](const Game& g) { return card_or_none(g.turned_card()); })
      .def_property_readonly("stock_count", &Game::stock_count)
      .def_property_readonly("closed", &Game::closed)
      .def_property_readonly("contract", [](const Game& g) -> py::object {
        if (g.contract() < 0) return py::none();
        return py::str(std::string(sn::contract_name(g.contract())));
      })
      .def_property_readonly("declarer", [](const Game& g) { return seat_or_none(g.declarer()); })
      .def_property_readonly("called_card", [](const Game& g) { return card_or_none(g.called_card()); })
      .def_property_readonly("multiplier", &Game::multiplier)
      .def_property_readonly("knocked", &Game::knocked)
      .def("trick", [](const Game& g) {
        py::list out;  // (seat, card) in the order played
        for (int k = 0, p = g.trick_leader(); k < g.cards_in_trick(); ++k, p = (p + 1) % g.players()) {
          out.append(py::make_tuple(p, card_text(g.trick_card(k))));
        }
        return out;
      })
      .def("side_points", [](const Game& g) { return py::make_tuple(g.side_points(0), g.side_points(1)); },
           "Points (card points and credited marriages, S2.4) of the declaring side and of the other side.")
      .def("dealt_cards", [](const Game& g) { return dealt_dict(g.dealt(), g.players()); },
           "This deal's cards as dealt (deal()'s shape), all of them: not for a player's eyes.");

  define_game_base<Bindings>(m, "initialised() takes a schnapsen CoreGame", [](py::class_<PyGame, Game>& cls) {
    cls.def(py::init([](const sn::Rules& rules, std::uint64_t seed, int dealer,
                        const std::optional<std::vector<std::vector<int>>>& hands, std::optional<int> trump_card,
                        const std::optional<std::vector<int>>& stock, bool record_events) {
              return PyGame(new_game(rules, seed, dealer, hands, trump_card, stock, record_events, false));
            }),
            py::arg("rules"), py::arg("seed"), py::arg("dealer") = 0, py::arg("hands") = py::none(),
            py::arg("trump_card") = py::none(), py::arg("stock") = py::none(), py::arg("record_events") = true);
  });

  m.def("solve", [](const Game& g) {
    static thread_local sn::Solver solver;  // its table allocated once per thread
    std::array<int, sn::kNumActions> values{};
    const sn::ActionMask mask = solver.solve(g, values);
    py::dict out;
    for (sn::ActionMask a = mask; a; a &= a - 1) {
      const int id = std::countr_zero(a);
      out[py::str(std::string(sn::action_text(static_cast<ActionId>(id))))] = values[id];
    }
    return out;
  }, py::arg("game"), "The exact value of each legal action (docs/solve.md); raises where the deal is not solvable.");
  m.def("solve_refusal", [](const Game& g) { return sn::solve_refusal(g); }, py::arg("game"));

  register_schnapsen_simulate(m);
}

}  // namespace bieten::py_bindings
