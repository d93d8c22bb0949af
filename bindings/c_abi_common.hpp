// What the C ABI's two games share (bindings/c_abi.cpp for Bieten, bindings/c_abi_schnapsen.cpp for
// Bauernschnapsen and Schnapsen): the error classes that map to status codes, the err buffer, the
// exception guard every exported function runs in, library-owned strings, and the checks of a game
// record's envelope and seed, which Python's two Game.from_record make in the same words.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <new>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "bieten/bieten.h"
#include "games/bieten/cards.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"

namespace bieten::c_abi {

// A game record that is malformed, tampered with or inconsistent (Python's GameRecordError).
class RecordError : public Error {
 public:
  using Error::Error;
};

// A NULL pointer where one is required.
class NullError : public Error {
 public:
  using Error::Error;
};

// A caller's buffer that is too small.
class BufferError : public Error {
 public:
  using Error::Error;
};

// ---- Messages and status codes ----------------------------------------------------------------

inline void write_message(char* err, std::size_t err_len, std::string_view msg) noexcept {
  if (err == nullptr || err_len == 0) return;
  std::size_t n = std::min(msg.size(), err_len - 1);
  if (n < msg.size()) {
    while (n > 0 && (static_cast<unsigned char>(msg[n]) & 0xC0) == 0x80) --n;  // cut at a UTF-8 boundary
  }
  std::memcpy(err, msg.data(), n);
  err[n] = '\0';
}

// Runs f (returning a status >= BIETEN_NO_SEAT or a value) and turns exceptions into statuses.
template <typename F>
int guarded(char* err, std::size_t err_len, F&& f) noexcept {
  write_message(err, err_len, "");
  int code = BIETEN_E_INTERNAL;
  try {
    return f();
  } catch (const NullError& e) {
    code = BIETEN_E_NULL, write_message(err, err_len, e.what());
  } catch (const BufferError& e) {
    code = BIETEN_E_BUFFER, write_message(err, err_len, e.what());
  } catch (const RecordError& e) {
    code = BIETEN_E_RECORD, write_message(err, err_len, e.what());
  } catch (const json::ParseError& e) {
    code = BIETEN_E_JSON, write_message(err, err_len, e.what());
  } catch (const RulesError& e) {
    code = BIETEN_E_RULES, write_message(err, err_len, e.what());
  } catch (const IllegalActionError& e) {
    code = BIETEN_E_ILLEGAL, write_message(err, err_len, e.what());
  } catch (const ActionError& e) {
    code = BIETEN_E_ACTION, write_message(err, err_len, e.what());
  } catch (const AgentError& e) {  // a self-play agent stopped the run or chose an illegal action
    code = BIETEN_E_AGENT, write_message(err, err_len, e.what());
  } catch (const Error& e) {  // seats, cards, hands, seeds, agent names
    code = BIETEN_E_ARGUMENT, write_message(err, err_len, e.what());
  } catch (const std::bad_alloc&) {
    code = BIETEN_E_MEMORY, write_message(err, err_len, "out of memory");
  } catch (const std::exception& e) {
    code = BIETEN_E_INTERNAL, write_message(err, err_len, std::string("internal error: ") + e.what());
  } catch (...) {
    code = BIETEN_E_INTERNAL, write_message(err, err_len, "internal error: an unknown exception");
  }
  return code;
}

// As guarded, for functions returning a pointer (nullptr on failure).
template <typename T, typename F>
T* guarded_ptr(char* err, std::size_t err_len, F&& f) noexcept {
  T* out = nullptr;
  guarded(err, err_len, [&] {
    out = f();
    return BIETEN_OK;
  });
  return out;
}

// *p, or NullError naming the function and the argument.
template <typename T>
T& need(T* p, const char* function, const char* what = "game") {
  if (p == nullptr) throw NullError(std::string(function) + ": " + what + " is NULL");
  return *p;
}

// A copy of text in memory the caller frees with bieten_string_free.
inline char* c_string(const std::string& text) {
  auto* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out == nullptr) throw std::bad_alloc();
  std::memcpy(out, text.data(), text.size());
  out[text.size()] = '\0';
  return out;
}

// Python's ", ".join(items): an empty item still gets its separator.
inline std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += items[i];
  }
  return out;
}

// Parses text given to `function` as `what`, e.g. "bieten_game_new: rules_json is not JSON text: ...".
inline json::Value parse_argument(const char* text, const char* function, const char* what) {
  try {
    return json::parse(text);
  } catch (const json::ParseError& e) {
    throw json::ParseError(std::string(function) + ": " + what + " is not JSON text: " + e.what());
  }
}

// Writes the ids of a card set, ascending, to out (cap ints); returns their number.
inline int write_set(CardSet s, int* out, std::size_t cap, const char* function) {
  const int n = count(s);
  if (out == nullptr) throw NullError(std::string(function) + ": out is NULL");
  if (cap < static_cast<std::size_t>(n)) {
    throw BufferError(std::string(function) + ": the buffer holds " + std::to_string(cap) + ", " + std::to_string(n) +
                      " needed");
  }
  int i = 0;
  for (; s; s &= s - 1) out[i++] = lowest(s);
  return n;
}

// Writes the seats of a bitmask, ascending, to out (cap ints); returns their number.
inline int write_seats(unsigned mask, int players, int* out, std::size_t cap, const char* function) {
  std::vector<int> seats;
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) seats.push_back(p);
  }
  if (out == nullptr) throw NullError(std::string(function) + ": out is NULL");
  if (cap < seats.size()) {
    throw BufferError(std::string(function) + ": the buffer holds " + std::to_string(cap) + ", " +
                      std::to_string(seats.size()) + " needed");
  }
  std::copy(seats.begin(), seats.end(), out);
  return static_cast<int>(seats.size());
}

// ---- Records ----------------------------------------------------------------------------------

// R3.2: a seed is an integer 0 <= seed < 2^64 (python/bieten/_seeds.py check_u64); null draws one
// from the operating system, as Python's Game(rules, seed=None) does.
inline std::uint64_t seed_from(const json::Value& v) {
  if (v.is_null()) {
    std::random_device os;
    return (static_cast<std::uint64_t>(os()) << 32) ^ os();
  }
  const std::string prefix = "R3.2: seed must be an integer 0 <= seed < 2**64, not ";
  if (!v.is_number() || v.number_kind() == json::NumberKind::kReal) throw SeedError(prefix + json::repr(v));
  if (v.number_kind() == json::NumberKind::kBigInteger || v.negative()) throw SeedError(prefix + v.text());
  return v.magnitude();
}

inline std::string repr_or_none(const json::Value* v) { return v != nullptr ? json::repr(*v) : "None"; }

// A game record's envelope, checked as Python's Game.from_record checks it: JSON text, an object, the
// format and version, the required fields, no unknown ones, and actions that are a list of texts
// (`notation`: "R11" or "S11"). Returns the parsed record.
inline json::Value record_envelope(std::string_view text, std::string_view format, int version,
                                   std::initializer_list<std::string_view> fields, std::string_view notation) {
  json::Value rec;
  try {
    rec = json::parse(text);
  } catch (const json::ParseError& e) {
    throw RecordError(std::string("from_json: not JSON text: ") + e.what());
  }
  if (!rec.is_object()) throw RecordError("from_json: a game record is a JSON object");
  const json::Value* f = rec.find("format");
  const json::Value* v = rec.find("version");
  if (f == nullptr || !f->is_string() || f->text() != format || v == nullptr ||
      !(*v == json::Value::integer(version))) {
    throw RecordError("from_json: expected format '" + std::string(format) + "' version " + std::to_string(version) +
                      ", got " + repr_or_none(f) + " version " + repr_or_none(v));
  }
  std::vector<std::string> missing;
  for (const char* field : {"rules", "seed", "dealer", "actions"}) {
    if (rec.find(field) == nullptr) missing.emplace_back(field);
  }
  if (!missing.empty()) throw RecordError("from_json: the record lacks " + join(missing));
  std::vector<std::string> unknown;
  for (const auto& [name, value] : rec.members()) {
    if (std::find(fields.begin(), fields.end(), name) == fields.end()) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    throw RecordError("from_json: unknown field(s) " + join(unknown));
  }
  const json::Value& actions = *rec.find("actions");
  const bool texts = actions.is_array() && std::all_of(actions.items().begin(), actions.items().end(),
                                                       [](const json::Value& a) { return a.is_string(); });
  if (!texts) throw RecordError("from_json: actions must be a list of " + std::string(notation) + " texts");
  return rec;
}

// Python's check of the state a record says it reaches (hand_number, scores, hands) after its actions.
inline void check_says(const json::Value& rec, const char* field, const json::Value& value) {
  const json::Value* said = rec.find(field);
  if (said != nullptr && !(*said == value)) {
    throw RecordError(std::string("from_json: the record says ") + field + " " + json::repr(*said) +
                      ", but its actions give " + json::repr(value));
  }
}

// Card texts of a set, ascending card id, as a JSON array value.
inline json::Value cards_value(CardSet s) {
  std::vector<json::Value> items;
  for (; s; s &= s - 1) items.push_back(json::Value::string(card_text(lowest(s))));
  return json::Value::array(std::move(items));
}

}  // namespace bieten::c_abi
