// A small, strict JSON reader and writer (RFC 8259) for the C ABI's rules, events and game records.
//
// The reader accepts exactly RFC 8259 JSON text and nothing else: no comments, trailing commas,
// single quotes, NaN/Infinity, leading zeros, control characters in strings, lone surrogates,
// invalid UTF-8, a byte-order mark, or text after the value. Duplicate object keys are refused too
// (a record whose meaning depends on which duplicate wins is refused rather than guessed at).
// Errors are ParseError with a message naming the problem and its place, e.g.
// "expected ',' or '}' in an object, found ']' at line 1 column 7 (char 6)" (columns and chars
// count bytes from 1 and 0); callers say which text it was.
//
// Integers keep their full value: anything from -(2^64 - 1) to 2^64 - 1 is exact (seeds are
// 0 <= seed < 2^64, R3.2); larger integers and numbers with a fraction or exponent are kept as text.
//
// The writer produces the same text as Python's json.dumps with its defaults (", " and ": "
// separators, ensure_ascii), so that records and events written here equal Python's byte for byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"

namespace bieten::json {

class ParseError : public Error {
 public:
  using Error::Error;
};

enum class Kind : std::uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

// The shape of a number.
enum class NumberKind : std::uint8_t {
  kInteger,     // no fraction or exponent, |value| < 2^64: negative() and magnitude() are exact
  kBigInteger,  // no fraction or exponent, but |value| >= 2^64
  kReal,        // a fraction or an exponent (e.g. 3.0, 1e2)
};

class Value {
 public:
  using Member = std::pair<std::string, Value>;

  Value() = default;  // null
  static Value boolean(bool b);
  static Value integer(std::int64_t v);
  static Value unsigned_integer(std::uint64_t v);
  static Value string(std::string s);
  static Value array(std::vector<Value> items = {});
  static Value object(std::vector<Member> members = {});

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_bool() const { return kind_ == Kind::kBool; }
  bool is_number() const { return kind_ == Kind::kNumber; }
  bool is_string() const { return kind_ == Kind::kString; }
  bool is_array() const { return kind_ == Kind::kArray; }
  bool is_object() const { return kind_ == Kind::kObject; }
  // An exact integer (kInteger) of either sign.
  bool is_integer() const { return kind_ == Kind::kNumber && number_kind_ == NumberKind::kInteger; }

  bool as_bool() const { return flag_; }
  NumberKind number_kind() const { return number_kind_; }
  bool negative() const { return flag_; }                  // numbers: below zero
  std::uint64_t magnitude() const { return magnitude_; }   // kInteger: the absolute value
  // Whether an integer lies in [lo, hi]; false for any other value.
  bool integer_in(std::int64_t lo, std::int64_t hi) const;
  std::int64_t as_int64() const;  // an integer_in(INT64_MIN, INT64_MAX) value
  // Strings: the decoded UTF-8 text. Numbers: the text as written (e.g. "1e2", "-0").
  const std::string& text() const { return text_; }

  const std::vector<Value>& items() const { return items_; }
  std::vector<Value>& items() { return items_; }
  const std::vector<Member>& members() const { return members_; }
  std::vector<Member>& members() { return members_; }
  // The member named key, or nullptr (also for non-objects).
  const Value* find(std::string_view key) const;

  // Structural equality; numbers compare by exact decimal value (3 == 3.0 == 30e-1), as Python's
  // == does for ints and floats (locale-independent: no floating-point conversion).
  friend bool operator==(const Value& a, const Value& b);

 private:
  friend class Parser;
  Kind kind_ = Kind::kNull;
  NumberKind number_kind_ = NumberKind::kInteger;
  bool flag_ = false;  // bool value, or a number's sign
  std::uint64_t magnitude_ = 0;
  std::string text_;
  std::vector<Value> items_;
  std::vector<Member> members_;
};

// Parses JSON text (UTF-8); throws ParseError. Nesting deeper than max_depth is refused.
Value parse(std::string_view text, int max_depth = 256);

// The name of a value's Python type (dict, list, str, int, float, bool, NoneType), for messages.
std::string_view python_type_name(const Value& v);
// A short Python-repr-like rendering of a value for error messages ('x', 3, True, None, [1, 'a']),
// cut to about max_len characters. A real is shown as Python's repr of its float (3e0 as 3.0, 1e400
// as inf), computed in a way the C locale does not change.
std::string repr(const Value& v, std::size_t max_len = 200);

// Appends JSON text in Python's json.dumps style (", " and ": " separators, ensure_ascii).
void write(std::string& out, const Value& v);
std::string dump(const Value& v);
// Appends a JSON string literal with Python's ensure_ascii escaping. Invalid UTF-8 is written as
// U+FFFD, so the output is always valid JSON.
void write_string(std::string& out, std::string_view s);

// A streaming writer in the same style, for output built without a Value tree.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  Writer& key(std::string_view k);  // inside an object, before each value
  Writer& null();
  Writer& boolean(bool b);
  Writer& integer(std::int64_t v);
  Writer& unsigned_integer(std::uint64_t v);
  Writer& string(std::string_view s);
  Writer& value(const Value& v);

 private:
  void before_value();
  std::string& out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace bieten::json
