// What reading a game record means for every game (csrc/games/*/record.cpp): the envelope (JSON
// text, an object, format and version, the fields), the seed, and the state a record says it reaches.
// Python's Game.from_json and the C ABI's *_from_json both call these, so both report these messages.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <vector>

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

// A record's envelope: JSON text, an object, the format and version, the required fields, no unknown
// ones, and actions that are a list of texts (`notation`: "R11" or "S11"). Returns the parsed record.
inline json::Value envelope(std::string_view text, std::string_view format, int version,
                            std::initializer_list<std::string_view> fields, std::string_view notation) {
  json::Value rec;
  try {
    rec = json::parse(text);
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
  return rec;
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

}  // namespace record

}  // namespace bieten
