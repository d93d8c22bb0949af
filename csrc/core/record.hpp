// What reading a game record means for every game (csrc/games/*/record.cpp): the envelope (JSON
// text, an object, format and version, the fields), the seed, the replay and the state a record says
// it reaches; and the pieces of data both games write (cards, seats).
// Python's Game.from_json and the C ABI's *_from_json both call these, so both report these messages.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/cards.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"

namespace bieten {

// A game record that is malformed, tampered with or inconsistent (Python's GameRecordError).
class RecordError : public Error {
 public:
  using Error::Error;
};

namespace record {

// ", ".join(items).
inline std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += items[i];
  }
  return out;
}

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

// A parsed record: its tree, with its actions read aside (json::TextList; an empty array in the tree).
struct Parsed {
  json::Value tree;
  json::TextList actions{"actions", {}, false};
};

// A record's envelope: JSON text, an object, the format and version, the required fields, no unknown
// ones, and actions that are a list of texts (`notation`: "R11" or "S11"). Returns the parsed record.
inline Parsed envelope(std::string_view text, std::string_view format, int version,
                            std::initializer_list<std::string_view> fields, std::string_view notation) {
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
  if (f == nullptr || !f->is_string() || f->get_ref<const std::string&>() != format || v == nullptr ||
      !(*v == json::Value(version))) {
    throw RecordError("from_json: expected format \"" + std::string(format) + "\" version " +
                      std::to_string(version) + ", got " + (f != nullptr ? json::show(*f) : "(none)") +
                      " version " + (v != nullptr ? json::show(*v) : "(none)"));
  }
  std::vector<std::string> missing;
  for (const char* field : {"rules", "seed", "dealer", "actions"}) {
    if (json::find(rec, field) == nullptr) missing.emplace_back(field);
  }
  if (!missing.empty()) throw RecordError("from_json: the record lacks " + join(missing));
  std::vector<std::string> unknown;
  for (const auto& [name, value] : rec.items()) {
    if (std::find(fields.begin(), fields.end(), name) == fields.end()) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    throw RecordError("from_json: unknown field(s) " + join(unknown));
  }
  const json::Value& actions = *json::find(rec, "actions");
  const bool texts = actions.is_array() &&
                     std::all_of(actions.begin(), actions.end(), [](const json::Value& a) { return a.is_string(); });
  if (!texts) throw RecordError("from_json: actions must be a list of " + std::string(notation) + " texts");
  if (!parsed.actions.listed) {  // an empty list is in the tree, not aside
    for (const json::Value& a : actions) parsed.actions.texts.push_back(a.get_ref<const std::string&>());
  }
  return parsed;
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

// The state a record says its actions reach.
struct State {
  std::uint64_t hand_number = 0;
  std::vector<int> scores;       // per seat
  std::vector<CardSet> hands;    // per seat, as the record lists them
};

// A game from a record that passed `envelope`: `build(rec)` makes it (a refusal becomes
// "from_json: <the rule's message>"), every action is applied (`parse` reads its text), and the
// state `state_of(game)` must be what the record says, where it says it (a hand-written record may not).
template <typename Game, typename Build, typename Parse, typename StateOf>
Game replay(const Parsed& parsed, Build&& build, Parse&& parse, StateOf&& state_of) {
  const json::Value& rec = parsed.tree;
  std::optional<Game> game;
  try {
    game.emplace(build(rec));
  } catch (const Error& e) {
    throw RecordError(std::string("from_json: ") + e.what());
  }
  const std::vector<std::string>& actions = parsed.actions.texts;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string& text = actions[i];
    try {
      game->apply(parse(text));
    } catch (const Error& e) {
      // The text quoted as the core quotes texts (the refusal quotes it again: 'jump' is not an action).
      throw RecordError("from_json: action " + std::to_string(i) + " '" + text + "' is refused: " + e.what());
    }
  }
  const State state = state_of(*game);
  // What the record says is compared in place (as nlohmann's == would compare it with the Value of the
  // state); the state's Value is only built for the message of a mismatch.
  if (const json::Value* said = json::find(rec, "hand_number")) {
    if (!(*said == json::Value(state.hand_number))) check_says(rec, "hand_number", json::Value(state.hand_number));
  }
  if (const json::Value* said = json::find(rec, "scores")) {
    bool same = said->is_array() && said->size() == state.scores.size();
    for (std::size_t p = 0; same && p < state.scores.size(); ++p) same = (*said)[p] == json::Value(state.scores[p]);
    if (!same) check_says(rec, "scores", json::Value(state.scores));
  }
  if (const json::Value* said = json::find(rec, "hands")) {
    bool same = said->is_array() && said->size() == state.hands.size();
    for (std::size_t p = 0; same && p < state.hands.size(); ++p) {
      const json::Value& hand = (*said)[p];
      CardSet set = state.hands[p];
      same = hand.is_array() && hand.size() == static_cast<std::size_t>(std::popcount(set));
      for (std::size_t i = 0; same && set; set &= set - 1, ++i) {
        same = hand[i].is_string() && hand[i].get_ref<const std::string&>() == card_text(lowest(set));
      }
    }
    if (!same) {
      json::Value hands = json::Value::array();
      for (CardSet set : state.hands) {
        json::Value& hand = hands.emplace_back(json::Value::array());
        for (; set; set &= set - 1) hand.push_back(card_text(lowest(set)));
      }
      check_says(rec, "hands", hands);
    }
  }
  return std::move(*game);
}

}  // namespace record

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

}  // namespace bieten
