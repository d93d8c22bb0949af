// JSON for the C ABI, the records and the events: nlohmann/json (PyPI's nlohmann-json, a build
// requirement) reads, and a small streaming writer turns the games' data (a DataSink, below) into text.
//
// Reading is strict RFC 8259, as nlohmann parses it (no comments, trailing commas, NaN, leading
// zeros, control characters in strings, lone surrogates or invalid UTF-8), plus two refusals of our
// own: duplicate object keys (a record whose meaning depends on which duplicate wins is refused rather
// than guessed at) and nesting deeper than 256. Integers keep their exact value from -2^63 to 2^64 - 1
// (seeds are 0 <= seed < 2^64, R3.2); other numbers are doubles. Errors are ParseError.
//
// The writer writes Python's json.dumps text with its defaults (", " and ": " separators,
// ensure_ascii), so that a C program and Python see the same bytes for the same data.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

namespace bieten::json {

class ParseError : public Error {
 public:
  using Error::Error;
};

// Objects keep their members in the order written, so that messages show a value as it was given.
using Value = nlohmann::ordered_json;

// A top-level object's array of texts read aside from the tree (a record's actions): a std::string
// per text (short ones need no allocation) rather than a Value each.
struct TextList {
  std::string_view key;             // the member to read aside
  std::vector<std::string> texts;   // its texts, when listed
  bool listed = false;              // the member was an array of texts only: the tree holds an empty array
};

// Parses JSON text (UTF-8); throws ParseError naming the problem and its place. With a list, a
// top-level object's member list->key, if it is an array of texts only, is read into list->texts.
Value parse(std::string_view text, TextList* list = nullptr);

// The member named key of an object, or nullptr (also for a non-object).
const Value* find(const Value& object, std::string_view key);

// Whether v is an integer (not a bool, not a real) in [lo, hi].
bool integer_in(const Value& v, std::int64_t lo, std::int64_t hi);

// A value as compact JSON text for messages, cut to about max_len characters.
std::string show(const Value& v, std::size_t max_len = 200);

// The data of a game's rules, events and records goes to a sink: the JSON writer below, or the
// pybind11 module's builder of dicts and lists. Each game writes its data once, for every sink.
template <typename S>
concept DataSink = requires(S& s, std::string_view text, std::int64_t i, std::uint64_t u, bool b) {
  s.begin_object();
  s.end_object();
  s.begin_array();
  s.end_array();
  s.key(text);  // inside an object, before each value
  s.null();
  s.boolean(b);
  s.integer(i);
  s.unsigned_integer(u);
  s.string(text);
};

// A DataSink writing JSON text in Python's json.dumps style.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k);
  void null() { before_value(), out_ += "null"; }
  void boolean(bool b) { before_value(), out_ += b ? "true" : "false"; }
  void integer(std::int64_t v) { before_value(), out_ += std::to_string(v); }
  void unsigned_integer(std::uint64_t v) { before_value(), out_ += std::to_string(v); }
  void string(std::string_view s) { before_value(), write_string(out_, s); }

  // A JSON string literal with ensure_ascii escaping (nlohmann's, which is Python's); invalid UTF-8
  // is written as U+FFFD, so the output is always JSON.
  static void write_string(std::string& out, std::string_view s);

 private:
  void before_value();
  void open(char c);
  void close(char c);
  std::string& out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

static_assert(DataSink<Writer>);

// A DataSink building a Value (a preset's knobs to override, test expectations).
class ValueSink {
 public:
  explicit ValueSink(Value& out) : out_(out) {}
  void begin_object() { open(Value::object()); }
  void end_object() { open_.pop_back(); }
  void begin_array() { open(Value::array()); }
  void end_array() { open_.pop_back(); }
  void key(std::string_view k) { key_ = k; }
  void null() { put(nullptr); }
  void boolean(bool b) { put(b); }
  void integer(std::int64_t v) { put(v); }
  void unsigned_integer(std::uint64_t v) { put(v); }
  void string(std::string_view s) { put(std::string(s)); }

 private:
  // Only the innermost open container grows, so the pointers to the outer ones stay valid.
  Value& put(Value v) {
    if (open_.empty()) return out_ = std::move(v);
    Value& top = *open_.back();
    if (top.is_object()) return top[key_] = std::move(v);
    top.push_back(std::move(v));
    return top.back();
  }
  void open(Value v) { open_.push_back(&put(std::move(v))); }
  Value& out_;
  std::vector<Value*> open_;
  std::string key_;
};

static_assert(DataSink<ValueSink>);

}  // namespace bieten::json
