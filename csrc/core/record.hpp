// What a game record is for every game: how it is written (format and version, rules, seed, first
// dealer, the game's given deal, the actions and the state they reach) and how it is read back (the
// envelope, the rules, seed and dealer, the replay and the state a record says it reaches), written
// once over a record::Format: what a game's record has of its own (csrc/games/*/record.hpp
// RecordFormat: its name, rule ids, knobs, given deal and action texts).
// Python's Game.from_json and the C ABI's *_from_json both call record::read, so both report these
// messages; to_json and Game.to_dict's record both go through record::write.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/cards.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "core/knobs.hpp"
#include "core/record_scan.hpp"
#include "core/record_text.hpp"

namespace bieten {

// A game record that is malformed, tampered with or inconsistent (Python's GameRecordError).
class RecordError : public Error {
 public:
  using Error::Error;
};

// Pieces of data both games write (their record.hpp).
namespace data {

inline constexpr Card kNoCard = 0xFF;  // both games' "no card"

template <json::DataSink S>
void card_or_null(S& s, Card c) {
  if (c == kNoCard) {
    s.null();
  } else {
    s.string(card_text(c));
  }
}

template <json::DataSink S>
void seat_or_null(S& s, int seat) {
  if (seat < 0) {
    s.null();
  } else {
    s.integer(seat);
  }
}

// A card set as texts, ascending card id.
template <json::DataSink S>
void cards(S& s, CardSet set) {
  s.begin_array();
  for (; set; set &= set - 1) s.string(card_text(lowest(set)));
  s.end_array();
}

// The same into JSON text, each card's text written once for all (record_text.hpp's pieces).
inline void cards(record::TextSink& s, CardSet set) {
  struct Table {
    std::array<record::TextSink::Piece, 64> piece;
    Table() {
      for (std::size_t c = 0; c < piece.size(); ++c) piece[c] = record::TextSink::string_piece(card_text(static_cast<Card>(c)));
    }
  };
  static const Table table;  // immutable after its thread-safe initialisation
  s.begin_array();
  s.room_for_pieces(static_cast<std::size_t>(std::popcount(set)));
  for (; set; set &= set - 1) s.piece(table.piece[lowest(set)]);
  s.end_array();
}

template <json::DataSink S>
void seat_list(S& s, unsigned mask, int players) {
  s.begin_array();
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) s.integer(p);
  }
  s.end_array();
}

template <json::DataSink S, typename T>
void per_seat(S& s, const T& values, int players) {
  s.begin_array();
  for (int p = 0; p < players; ++p) s.integer(values[p]);
  s.end_array();
}

}  // namespace data


namespace record {

// What a game's record has of its own, as a struct of static members (csrc/games/*/record.hpp):
// its format name and version, the rule ids of its action texts, knobs and dealer, its knob table, the
// members of a given first deal and how they are read and written, and how its actions and hands are
// written and read.
template <typename F>
concept Format = requires(const typename F::Game& game, const json::Value& value, typename F::ActionId action,
                          std::string_view text, const typename F::Rules& rules,
                          std::optional<std::int64_t> players, json::ValueSink& sink, int seat) {
  typename F::Game;
  typename F::Rules;
  typename F::ActionId;
  requires std::same_as<typename F::Game::Rules, typename F::Rules>;
  requires std::same_as<typename F::Game::ActionId, typename F::ActionId>;
  { F::kFormat } -> std::convertible_to<std::string_view>;      // "bieten-game"
  { F::kVersion } -> std::convertible_to<int>;
  { F::kActionRule } -> std::convertible_to<std::string_view>;  // the action texts' rule: "R11"
  { F::kKnobRule } -> std::convertible_to<std::string_view>;    // the knobs' rule: "R10"
  { F::kDealerRule } -> std::convertible_to<std::string_view>;  // the dealer's rule: "R2.2"
  { F::kKnobs[0] } -> std::convertible_to<const knobs::Knob<typename F::Rules>&>;
  { F::kGivenFields[0] } -> std::convertible_to<std::string_view>;  // a given first deal's members
  // The rules a record's knobs change: a preset, which may depend on the players knob (an integer).
  { F::base_rules(players) } -> std::same_as<typename F::Rules>;
  // The given first deal of a record (its kGivenFields) for Game's constructor; throws a rule's Error.
  F::given_from(value, rules);
  // Writes the kGivenFields members (keys and values) of the game's given first deal, null when none.
  F::write_given(sink, game);
  { F::parse_action(text) } -> std::same_as<typename F::ActionId>;  // throws ActionError
  { F::action_text(action) } -> std::convertible_to<std::string_view>;
  { F::hand_of(game, seat) } -> std::same_as<CardSet>;  // the cards a record lists as the seat's hand
};

// ", ".join(items).
inline std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += items[i];
  }
  return out;
}

// ---- Writing ----------------------------------------------------------------------------------

// Each action's text as a piece of JSON text (record_text.hpp), made once per format.
template <Format F>
const std::array<TextSink::Piece, F::Game::kNumActions>& action_pieces() {
  struct Table {
    std::array<TextSink::Piece, F::Game::kNumActions> piece;
    Table() {
      for (int a = 0; a < F::Game::kNumActions; ++a) {
        piece[static_cast<std::size_t>(a)] = TextSink::string_piece(F::action_text(static_cast<typename F::ActionId>(a)));
      }
    }
  };
  static const Table table;  // immutable after its thread-safe initialisation
  return table.piece;
}

// The actions' texts as an array: into JSON text from action_pieces(), run by run of the log.
template <Format F, json::DataSink S>
void action_texts(S& s, const typename F::Game& g) {
  s.begin_array();
  if constexpr (std::same_as<S, TextSink>) {
    const auto& pieces = action_pieces<F>();
    s.room_for_pieces(g.history().size());
    g.history().for_each_run([&](const typename F::ActionId* actions, std::size_t count) {
      for (std::size_t i = 0; i < count; ++i) {
        const typename F::ActionId a = actions[i];
        if (static_cast<std::size_t>(a) < pieces.size() && pieces[a].size != 0) {
          s.piece(pieces[a]);
        } else {
          s.string(F::action_text(a));  // never for an action of the game: its text fits a piece
          s.room_for_pieces(g.history().size());
        }
      }
    });
  } else {
    for (const typename F::ActionId a : g.history()) s.string(F::action_text(a));
  }
  s.end_array();
}

// The game record (Game.to_record()): rules, seed, first dealer, given deal, every action in its text
// (R11, S11), and the state to check a replay by.
template <Format F, json::DataSink S>
void write(S& s, const typename F::Game& g) {
  const int players = g.players();
  s.begin_object();
  s.key("format"), s.string(F::kFormat);
  s.key("version"), s.integer(F::kVersion);
  s.key("rules"), knobs::write(s, g.rules(), F::kKnobs);
  s.key("seed"), s.unsigned_integer(g.seed());
  s.key("dealer"), s.integer(g.first_dealer());
  F::write_given(s, g);
  s.key("actions"), action_texts<F>(s, g);
  s.key("hand_number"), s.unsigned_integer(g.hand_number());
  s.key("scores"), data::per_seat(s, g.scores(), players);
  s.key("hands"), s.begin_array();
  for (int p = 0; p < players; ++p) data::cards(s, F::hand_of(g, p));
  s.end_array();
  s.end_object();
}

// The record as JSON text (a game that records its actions).
template <Format F>
std::string text(const typename F::Game& g) {
  std::string out;
  // About what a record takes, and room for a piece per action: one allocation.
  TextSink sink(out, 512 + TextSink::kPieceBytes * g.history().size());
  write<F>(sink, g);
  sink.finish();
  return out;
}

// ---- Reading through the tree -------------------------------------------------------------------

// R3.2: a seed is an integer 0 <= seed < 2^64; null draws one from the operating system, as
// Game(rules, seed=None) does.
inline std::uint64_t seed_from(const json::Value& v) {
  if (v.is_null()) {
    std::random_device os;
    return (static_cast<std::uint64_t>(os()) << 32) ^ os();
  }
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
  throw SeedError("R3.2: seed must be an integer 0 <= seed < 2**64, not " + json::show(v));
}

// Rules from a JSON object of knobs over the game's base rules (Rules.from_dict, the C ABI's rules,
// a record's rules); RulesError (R10, S10) names a knob that is unknown, of the wrong type or out of
// range, an unknown choice, or a combination the rules refuse.
template <Format F>
typename F::Rules rules_from(const json::Value& knobs) {
  std::optional<std::int64_t> players;
  const json::Value* given = json::find(knobs, "players");
  if (given != nullptr && json::integer_in(*given, std::numeric_limits<int>::min(), std::numeric_limits<int>::max())) {
    players = given->get<std::int64_t>();  // a players knob that is not an int is refused below
  }
  return knobs::read(knobs, F::base_rules(players), F::kKnobs, F::kKnobRule);
}

// A parsed record: its tree, with its actions read aside (json::TextList; an empty array in the tree).
struct Parsed {
  json::Value tree;
  json::TextList actions{"actions", {}, false};
};

// A record's envelope: JSON text, an object, the format and version, the required fields, no unknown
// ones, and actions that are a list of texts. Returns the parsed record.
template <Format F>
Parsed envelope(std::string_view text) {
  Parsed parsed;
  json::Value& rec = parsed.tree;
  try {
    rec = json::parse(text, &parsed.actions);
  } catch (const json::ParseError& e) {
    throw RecordError(std::string("from_json: not JSON text: ") + e.what());
  }
  if (!rec.is_object()) throw RecordError("from_json: a game record is a JSON object");
  const json::Value* f = json::find(rec, "format");
  const json::Value* v = json::find(rec, "version");
  if (f == nullptr || !f->is_string() || f->get_ref<const std::string&>() != F::kFormat || v == nullptr ||
      !(*v == json::Value(F::kVersion))) {
    throw RecordError("from_json: expected format \"" + std::string(F::kFormat) + "\" version " +
                      std::to_string(F::kVersion) + ", got " + (f != nullptr ? json::show(*f) : "(none)") +
                      " version " + (v != nullptr ? json::show(*v) : "(none)"));
  }
  std::vector<std::string> missing;
  for (const char* field : {"rules", "seed", "dealer", "actions"}) {
    if (json::find(rec, field) == nullptr) missing.emplace_back(field);
  }
  if (!missing.empty()) throw RecordError("from_json: the record lacks " + join(missing));
  std::vector<std::string> unknown;
  for (const auto& item : rec.items()) {
    const std::string& name = item.key();  // not a structured binding: clang 14 (emscripten) lets no lambda capture one
    const auto known = [&](const auto& fields) { return std::find(fields.begin(), fields.end(), name) != fields.end(); };
    if (!known(kCommonFields) && !known(F::kGivenFields)) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    throw RecordError("from_json: unknown field(s) " + join(unknown));
  }
  const json::Value& actions = *json::find(rec, "actions");
  const bool texts = actions.is_array() &&
                     std::all_of(actions.begin(), actions.end(), [](const json::Value& a) { return a.is_string(); });
  if (!texts) throw RecordError("from_json: actions must be a list of " + std::string(F::kActionRule) + " texts");
  if (!parsed.actions.listed) {  // an empty list is in the tree, not aside
    for (const json::Value& a : actions) parsed.actions.texts.push_back(a.get_ref<const std::string&>());
  }
  return parsed;
}

// The game a record's rules, seed, dealer and given deal make (before its actions); a rule's Error.
template <Format F>
typename F::Game game_from(const json::Value& rec) {
  const typename F::Rules rules = rules_from<F>(*json::find(rec, "rules"));
  const std::uint64_t seed = seed_from(*json::find(rec, "seed"));
  const json::Value& dealer = *json::find(rec, "dealer");
  if (!json::integer_in(dealer, 0, rules.players - 1)) {
    throw SeatError(std::string(F::kDealerRule) + ": dealer must be a seat from 0 to " +
                    std::to_string(rules.players - 1) + ", not " + json::show(dealer));
  }
  return typename F::Game(rules, seed, dealer.get<int>(), F::given_from(rec, rules), true);
}

// The state a record says it reaches (hand_number, scores, hands) must be the state its actions give.
// Numbers compare by value as read (1.0 says 1; a real is a double, so 1e-400 says 0), a bool never
// says a number (nlohmann's ==).
inline void check_says(const json::Value& rec, const char* field, const json::Value& value) {
  const json::Value* said = json::find(rec, field);
  if (said != nullptr && !(*said == value)) {
    throw RecordError(std::string("from_json: the record says ") + field + " " + json::show(*said) +
                      ", but its actions give " + json::show(value));
  }
}

// A game from a record that passed `envelope`: game_from makes it (a refusal becomes
// "from_json: <the rule's message>"), every action is applied, and the state it reaches must be what
// the record says, where it says it (a hand-written record may not).
template <Format F>
typename F::Game replay(const Parsed& parsed) {
  using Game = typename F::Game;
  const json::Value& rec = parsed.tree;
  std::optional<Game> game;
  try {
    game.emplace(game_from<F>(rec));
  } catch (const Error& e) {
    throw RecordError(std::string("from_json: ") + e.what());
  }
  const std::vector<std::string>& actions = parsed.actions.texts;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string& text = actions[i];
    try {
      game->apply(F::parse_action(text));
    } catch (const Error& e) {
      // The text quoted as the core quotes texts (the refusal quotes it again: 'jump' is not an action).
      throw RecordError("from_json: action " + std::to_string(i) + " '" + text + "' is refused: " + e.what());
    }
  }
  const int players = game->players();
  // What the record says is compared in place (as nlohmann's == would compare it with the Value of the
  // state); the state's Value is only built for the message of a mismatch.
  if (const json::Value* said = json::find(rec, "hand_number")) {
    const json::Value state(game->hand_number());
    if (!(*said == state)) check_says(rec, "hand_number", state);
  }
  if (const json::Value* said = json::find(rec, "scores")) {
    bool same = said->is_array() && said->size() == static_cast<std::size_t>(players);
    for (int p = 0; same && p < players; ++p) same = (*said)[p] == json::Value(game->scores()[p]);
    if (!same) check_says(rec, "scores", json::Value(std::vector<int>(game->scores().begin(), game->scores().begin() + players)));
  }
  if (const json::Value* said = json::find(rec, "hands")) {
    bool same = said->is_array() && said->size() == static_cast<std::size_t>(players);
    for (int p = 0; same && p < players; ++p) {
      const json::Value& hand = (*said)[p];
      CardSet set = F::hand_of(*game, p);
      same = hand.is_array() && hand.size() == static_cast<std::size_t>(std::popcount(set));
      for (std::size_t i = 0; same && set; set &= set - 1, ++i) {
        same = hand[i].is_string() && hand[i].get_ref<const std::string&>() == card_text(lowest(set));
      }
    }
    if (!same) {
      json::Value hands = json::Value::array();
      for (int p = 0; p < players; ++p) {
        json::Value& hand = hands.emplace_back(json::Value::array());
        for (CardSet set = F::hand_of(*game, p); set; set &= set - 1) hand.push_back(card_text(lowest(set)));
      }
      check_says(rec, "hands", hands);
    }
  }
  return std::move(*game);
}

// ---- Reading ------------------------------------------------------------------------------------

// A game restored from its record by replaying the actions; RecordError ("from_json: ...") for a
// record that is not JSON, malformed, tampered with or inconsistent (docs/c_abi.md). A record as
// to_json writes it goes the quick way (core/record_scan.hpp); any other, and every refusal, through
// the tree, which words the messages.
template <Format F>
typename F::Game read(std::string_view text) {
  if (std::optional<typename F::Game> game = scan<F>(text)) return std::move(*game);
  return replay<F>(envelope<F>(text));
}

}  // namespace record

}  // namespace bieten
