// A small, strict JSON reader and writer (see bieten/json.hpp). No third-party code.
#include "core/json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <unordered_set>

namespace bieten::json {

namespace {

constexpr char kHex[] = "0123456789abcdef";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Decodes one UTF-8 sequence at s[i]; returns its length and sets cp, or 0 if it is invalid
// (truncated, overlong, a surrogate, or beyond U+10FFFF).
std::size_t decode_utf8(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  std::size_t len = 0;
  std::uint32_t min = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2, cp = b0 & 0x1Fu, min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3, cp = b0 & 0x0Fu, min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4, cp = b0 & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

void append_u_escape(std::string& out, std::uint32_t unit) {
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(unit >> shift) & 0xF];
}

// A character for an error message: 'x' when printable ASCII, else its byte value.
std::string describe(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return "the end of the text";
  const auto c = static_cast<unsigned char>(text[pos]);
  if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
  std::string out = "byte 0x";
  out += kHex[c >> 4];
  out += kHex[c & 0xF];
  return out;
}

// The exact decimal value of JSON number text: digits * 10^exp, digits without leading or trailing
// zeros (empty for zero), for comparing numbers without floating point.
struct Decimal {
  bool negative = false;
  std::string digits;
  long long exp = 0;
  friend bool operator==(const Decimal&, const Decimal&) = default;
};

Decimal decimal_of(std::string_view t) {
  Decimal d;
  std::size_t i = 0;
  if (i < t.size() && t[i] == '-') d.negative = true, ++i;
  long long exp = 0;
  for (; i < t.size() && is_digit(t[i]); ++i) d.digits += t[i];
  if (i < t.size() && t[i] == '.') {
    for (++i; i < t.size() && is_digit(t[i]); ++i) d.digits += t[i], --exp;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) neg = t[i] == '-', ++i;
    long long e = 0;
    for (; i < t.size() && is_digit(t[i]); ++i) e = std::min<long long>(e * 10 + (t[i] - '0'), 1'000'000'000'000LL);
    exp += neg ? -e : e;
  }
  const std::size_t first = d.digits.find_first_not_of('0');
  if (first == std::string::npos) return Decimal{};  // zero, of either sign
  d.digits.erase(0, first);
  const std::size_t last = d.digits.find_last_not_of('0');
  exp += static_cast<long long>(d.digits.size() - 1 - last);
  d.digits.erase(last + 1);
  d.exp = exp;
  return d;
}

// ---- Python's repr of a JSON real -----------------------------------------------------------
// Python reads a real as the nearest double (float(text)) and prints that as repr does: the
// shortest digits that read back as the same double, laid out as float.__repr__ lays them out.
// strtod and snprintf round correctly; the texts given to strtod have no decimal point, which the
// C locale could change.

// digits * 10^exp, rounded to the nearest double.
double read_decimal(const std::string& digits, long long exp) {
  if (digits.empty()) return 0.0;
  const std::string text = digits + "e" + std::to_string(exp);
  return std::strtod(text.c_str(), nullptr);
}

// The shortest digits (no trailing zeros) that read back as x (finite, > 0), and the exponent of
// the last one. Of the p-digit numbers the one nearest x (snprintf's) reads back as x if any does,
// but where the doubles' spacing changes (at powers of two) a neighbour of it may, and not it.
std::pair<std::string, long long> shortest_digits(double x) {
  char buf[64];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, x);
    std::uint64_t nearest = 0;
    const char* c = buf;
    for (; *c != '\0' && *c != 'e'; ++c) {
      if (is_digit(*c)) nearest = nearest * 10 + static_cast<std::uint64_t>(*c - '0');
    }
    const long long exp = std::strtoll(c + 1, nullptr, 10) - (p - 1);
    for (const std::uint64_t m : {nearest, nearest + 1, nearest - 1}) {
      std::string digits = std::to_string(m);
      // 17 significant digits always read back as the same double.
      if (m == 0 || (p < 17 && read_decimal(digits, exp) != x)) continue;
      const std::size_t last = digits.find_last_not_of('0');
      const long long zeros = static_cast<long long>(digits.size() - 1 - last);
      digits.erase(last + 1);
      return {digits, exp + zeros};
    }
  }
  return {"0", 0};  // not reached
}

// repr(float(text)) for JSON number text: 3.0, 1e+16, 1e-05, 0.0001, -0.0, inf.
std::string float_repr(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  const Decimal d = decimal_of(text);
  const double x = read_decimal(d.digits, d.exp);
  std::string out = negative ? "-" : "";
  if (x == 0) return out + "0.0";
  if (std::isinf(x)) return out + "inf";
  const auto [digits, exp] = shortest_digits(x);
  const long long size = static_cast<long long>(digits.size());
  const long long point = size + exp;  // x = 0.digits * 10^point
  if (point <= -4 || point > 16) {     // float_repr_style 'short': the exponent form
    out += digits[0];
    if (size > 1) out += "." + digits.substr(1);
    const long long e = point - 1;
    const std::string e_digits = std::to_string(e < 0 ? -e : e);
    out += e < 0 ? "e-" : "e+";
    out += (e_digits.size() < 2 ? "0" : "") + e_digits;
  } else if (point <= 0) {
    out += "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  } else if (point >= size) {
    out += digits + std::string(static_cast<std::size_t>(point - size), '0') + ".0";
  } else {
    out += digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Value

Value Value::boolean(bool b) {
  Value v;
  v.kind_ = Kind::kBool;
  v.flag_ = b;
  return v;
}

Value Value::integer(std::int64_t x) {
  Value v;
  v.kind_ = Kind::kNumber;
  v.flag_ = x < 0;
  v.magnitude_ = x < 0 ? ~static_cast<std::uint64_t>(x) + 1 : static_cast<std::uint64_t>(x);
  v.text_ = std::to_string(x);
  return v;
}

Value Value::unsigned_integer(std::uint64_t x) {
  Value v;
  v.kind_ = Kind::kNumber;
  v.magnitude_ = x;
  v.text_ = std::to_string(x);
  return v;
}

Value Value::string(std::string s) {
  Value v;
  v.kind_ = Kind::kString;
  v.text_ = std::move(s);
  return v;
}

Value Value::array(std::vector<Value> items) {
  Value v;
  v.kind_ = Kind::kArray;
  v.items_ = std::move(items);
  return v;
}

Value Value::object(std::vector<Member> members) {
  Value v;
  v.kind_ = Kind::kObject;
  v.members_ = std::move(members);
  return v;
}

bool Value::integer_in(std::int64_t lo, std::int64_t hi) const {
  if (!is_integer()) return false;
  if (flag_) {
    // -magnitude >= lo, for lo < 0 (INT64_MIN's magnitude is 2^63).
    if (lo >= 0) return false;
    const std::uint64_t lo_mag = ~static_cast<std::uint64_t>(lo) + 1;
    if (magnitude_ > lo_mag) return false;
    if (hi >= 0) return true;
    const std::uint64_t hi_mag = ~static_cast<std::uint64_t>(hi) + 1;
    return magnitude_ >= hi_mag;
  }
  if (hi < 0) return false;
  if (magnitude_ > static_cast<std::uint64_t>(hi)) return false;
  return lo <= 0 || magnitude_ >= static_cast<std::uint64_t>(lo);
}

std::int64_t Value::as_int64() const {
  return flag_ ? static_cast<std::int64_t>(~magnitude_ + 1) : static_cast<std::int64_t>(magnitude_);
}

const Value* Value::find(std::string_view key) const {
  if (kind_ != Kind::kObject) return nullptr;
  for (const auto& [k, v] : members_) {
    if (k == key) return &v;
  }
  return nullptr;
}

bool operator==(const Value& a, const Value& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case Kind::kNull: return true;
    case Kind::kBool: return a.flag_ == b.flag_;
    case Kind::kNumber:
      if (a.number_kind_ == NumberKind::kInteger && b.number_kind_ == NumberKind::kInteger) {
        return a.magnitude_ == b.magnitude_ && (a.flag_ == b.flag_ || a.magnitude_ == 0);
      }
      return decimal_of(a.text_) == decimal_of(b.text_);
    case Kind::kString: return a.text_ == b.text_;
    case Kind::kArray: return a.items_ == b.items_;
    case Kind::kObject: {
      // Key order does not matter (Python dicts compare as mappings).
      if (a.members_.size() != b.members_.size()) return false;
      for (const auto& [k, v] : a.members_) {
        const Value* other = b.find(k);
        if (!other || !(*other == v)) return false;
      }
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The reader

class Parser {
 public:
  Parser(std::string_view text, int max_depth) : t_(text), max_depth_(max_depth) {}

  Value document() {
    if (t_.size() >= 3 && t_.substr(0, 3) == "\xEF\xBB\xBF") fail("a byte-order mark (U+FEFF) before the JSON text", 0);
    skip_ws();
    Value v = value(0);
    skip_ws();
    if (pos_ < t_.size()) fail("extra data after the JSON value (" + describe(t_, pos_) + ")", pos_);
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what, std::size_t at) const {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < at && i < t_.size(); ++i) {
      if (t_[i] == '\n') {
        ++line, column = 1;
      } else {
        ++column;
      }
    }
    throw ParseError(what + " at line " + std::to_string(line) + " column " + std::to_string(column) +
                     " (char " + std::to_string(at) + ")");
  }

  void skip_ws() {
    while (pos_ < t_.size()) {
      const char c = t_[pos_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
      ++pos_;
    }
  }

  bool at(char c) const { return pos_ < t_.size() && t_[pos_] == c; }

  Value value(int depth) {
    if (pos_ >= t_.size()) fail("expected a value, found the end of the text", pos_);
    const char c = t_[pos_];
    switch (c) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': return Value::string(string());
      case 't': return literal("true", Value::boolean(true));
      case 'f': return literal("false", Value::boolean(false));
      case 'n': return literal("null", Value());
      default:
        if (c == '-' || is_digit(c)) return number();
        fail("expected a value, found " + describe(t_, pos_), pos_);
    }
  }

  Value literal(std::string_view word, Value v) {
    if (t_.substr(pos_, word.size()) != word) fail("expected a value, found " + describe(t_, pos_), pos_);
    pos_ += word.size();
    return v;
  }

  void enter(int depth) const {
    if (depth >= max_depth_) fail("nesting deeper than " + std::to_string(max_depth_) + " levels", pos_);
  }

  Value object(int depth) {
    enter(depth);
    Value v;
    v.kind_ = Kind::kObject;
    std::unordered_set<std::string> keys;
    ++pos_;  // '{'
    skip_ws();
    if (at('}')) {
      ++pos_;
      return v;
    }
    while (true) {
      if (!at('"')) {
        fail(at('}') ? "a trailing comma before '}'" : "expected an object key in double quotes, found " + describe(t_, pos_),
             pos_);
      }
      const std::size_t key_at = pos_;
      std::string key = string();
      if (!keys.insert(key).second) fail("duplicate object key " + repr(Value::string(key)), key_at);
      skip_ws();
      if (!at(':')) fail("expected ':' after an object key, found " + describe(t_, pos_), pos_);
      ++pos_;
      skip_ws();
      Value item = value(depth + 1);
      v.members_.emplace_back(std::move(key), std::move(item));
      skip_ws();
      if (at(',')) {
        ++pos_;
        skip_ws();
        continue;
      }
      if (at('}')) {
        ++pos_;
        return v;
      }
      fail("expected ',' or '}' in an object, found " + describe(t_, pos_), pos_);
    }
  }

  Value array(int depth) {
    enter(depth);
    Value v;
    v.kind_ = Kind::kArray;
    ++pos_;  // '['
    skip_ws();
    if (at(']')) {
      ++pos_;
      return v;
    }
    while (true) {
      if (at(']')) fail("a trailing comma before ']'", pos_);
      v.items_.push_back(value(depth + 1));
      skip_ws();
      if (at(',')) {
        ++pos_;
        skip_ws();
        continue;
      }
      if (at(']')) {
        ++pos_;
        return v;
      }
      fail("expected ',' or ']' in an array, found " + describe(t_, pos_), pos_);
    }
  }

  std::uint32_t hex4() {
    if (pos_ + 4 > t_.size()) fail("a \\u escape needs four hex digits", pos_);
    std::uint32_t unit = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = t_[pos_ + k];
      unit <<= 4;
      if (c >= '0' && c <= '9') {
        unit |= static_cast<std::uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        unit |= static_cast<std::uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        unit |= static_cast<std::uint32_t>(c - 'A' + 10);
      } else {
        fail("a \\u escape needs four hex digits, found " + describe(t_, pos_ + k), pos_ + k);
      }
    }
    pos_ += 4;
    return unit;
  }

  std::string string() {
    const std::size_t start = pos_;
    ++pos_;  // '"'
    std::string out;
    while (true) {
      // A run of plain characters is copied at once.
      std::size_t run = pos_;
      while (run < t_.size()) {
        const auto c = static_cast<unsigned char>(t_[run]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++run;
      }
      out.append(t_.substr(pos_, run - pos_));
      pos_ = run;
      if (pos_ >= t_.size()) fail("an unterminated string", start);
      const auto c = static_cast<unsigned char>(t_[pos_]);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c < 0x20) {
        std::string what = "a control character (U+00";
        what += kHex[c >> 4];
        what += kHex[c & 0xF];
        fail(what + ") in a string; write it as an escape", pos_);
      }
      if (c >= 0x80) {
        std::uint32_t cp = 0;
        const std::size_t len = decode_utf8(t_, pos_, cp);
        if (len == 0) fail("invalid UTF-8 in a string", pos_);
        out.append(t_.substr(pos_, len));
        pos_ += len;
        continue;
      }
      // A backslash escape.
      const std::size_t esc = pos_;
      ++pos_;
      if (pos_ >= t_.size()) fail("an unterminated string", start);
      const char e = t_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = hex4();
          if (cp >= 0xDC00 && cp <= 0xDFFF) fail("a lone low surrogate in a \\u escape", esc);
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (t_.substr(pos_, 2) != "\\u") fail("a high surrogate not followed by a low surrogate", esc);
            pos_ += 2;
            const std::uint32_t low = hex4();
            if (low < 0xDC00 || low > 0xDFFF) fail("a high surrogate not followed by a low surrogate", esc);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: fail("an invalid escape '\\" + std::string(1, e) + "' in a string", esc);
      }
    }
  }

  Value number() {
    const std::size_t start = pos_;
    Value v;
    v.kind_ = Kind::kNumber;
    if (at('-')) {
      v.flag_ = true;
      ++pos_;
    }
    if (!(pos_ < t_.size() && is_digit(t_[pos_]))) fail("expected a digit after '-'", pos_);
    bool big = false;
    std::uint64_t mag = 0;
    if (t_[pos_] == '0') {
      ++pos_;
      if (pos_ < t_.size() && is_digit(t_[pos_])) fail("a number with a leading zero", start);
    } else {
      for (; pos_ < t_.size() && is_digit(t_[pos_]); ++pos_) {
        const auto d = static_cast<std::uint64_t>(t_[pos_] - '0');
        if (mag > (std::numeric_limits<std::uint64_t>::max() - d) / 10) {
          big = true;
        } else if (!big) {
          mag = mag * 10 + d;
        }
      }
    }
    bool real = false;
    if (at('.')) {
      ++pos_;
      if (!(pos_ < t_.size() && is_digit(t_[pos_]))) fail("expected a digit after the decimal point", pos_);
      while (pos_ < t_.size() && is_digit(t_[pos_])) ++pos_;
      real = true;
    }
    if (at('e') || at('E')) {
      ++pos_;
      if (at('+') || at('-')) ++pos_;
      if (!(pos_ < t_.size() && is_digit(t_[pos_]))) fail("expected a digit in the exponent", pos_);
      while (pos_ < t_.size() && is_digit(t_[pos_])) ++pos_;
      real = true;
    }
    v.text_ = std::string(t_.substr(start, pos_ - start));
    v.number_kind_ = real ? NumberKind::kReal : big ? NumberKind::kBigInteger : NumberKind::kInteger;
    if (v.number_kind_ == NumberKind::kInteger) {
      v.magnitude_ = mag;
      if (mag == 0) v.flag_ = false;  // -0 is 0
    }
    return v;
  }

  std::string_view t_;
  std::size_t pos_ = 0;
  int max_depth_;
};

Value parse(std::string_view text, int max_depth) { return Parser(text, max_depth).document(); }

// ---------------------------------------------------------------------------------------------
// Messages

std::string_view python_type_name(const Value& v) {
  switch (v.kind()) {
    case Kind::kNull: return "NoneType";
    case Kind::kBool: return "bool";
    case Kind::kNumber: return v.number_kind() == NumberKind::kReal ? "float" : "int";
    case Kind::kString: return "str";
    case Kind::kArray: return "list";
    case Kind::kObject: return "dict";
  }
  return "?";
}

namespace {

struct CodeRange {
  std::uint32_t first, last;
};

#include "unprintable_table.inc"  // kUnprintable, made by tools/unicode_table.py

// Python's str.isprintable() of one character beyond ASCII, as of the Unicode version of the table.
bool printable_beyond_ascii(std::uint32_t cp) {
  const auto after = std::upper_bound(kUnprintable.begin(), kUnprintable.end(), cp,
                                      [](std::uint32_t c, const CodeRange& r) { return c < r.first; });
  return after == kUnprintable.begin() || cp > std::prev(after)->last;
}

// \xhh, \uhhhh or \Uhhhhhhhh, as Python's repr writes a character it does not show.
void append_hex_escape(std::string& out, std::uint32_t cp) {
  const int digits = cp <= 0xFF ? 2 : cp <= 0xFFFF ? 4 : 8;
  out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 0xF];
}

// Python's repr of a str (UTF-8 text): its choice of quotes, its escapes of the quote, the backslash,
// \n, \r, \t and of every character that str.isprintable() deems unprintable (from
// unprintable_table.inc beyond ASCII). A byte that is not UTF-8, which the reader never lets
// through, is written as \xhh.
void repr_string(std::string& out, std::string_view s) {
  const bool has_single = s.find('\'') != std::string_view::npos;
  const bool has_double = s.find('"') != std::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  out += quote;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      std::uint32_t cp = 0;
      const std::size_t len = decode_utf8(s, i, cp);
      if (len == 0) {
        append_hex_escape(out, c);
        ++i;
      } else {
        if (printable_beyond_ascii(cp)) {
          out.append(s.substr(i, len));
        } else {
          append_hex_escape(out, cp);
        }
        i += len;
      }
      continue;
    }
    if (c == '\\' || c == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F) {
      append_hex_escape(out, c);
    } else {
      out += static_cast<char>(c);
    }
    ++i;
  }
  out += quote;
}

void repr_into(std::string& out, const Value& v, std::size_t max_len) {
  if (out.size() > max_len) return;
  switch (v.kind()) {
    case Kind::kNull: out += "None"; break;
    case Kind::kBool: out += v.as_bool() ? "True" : "False"; break;
    case Kind::kNumber:
      if (v.number_kind() == NumberKind::kReal) {
        out += float_repr(v.text());
      } else if (v.number_kind() == NumberKind::kInteger) {
        out += (v.negative() ? "-" : "") + std::to_string(v.magnitude());  // -0 is 0
      } else {
        out += v.text();  // as Python prints an int: no leading zeros, no + sign
      }
      break;
    case Kind::kString: repr_string(out, v.text()); break;
    case Kind::kArray: {
      out += '[';
      bool first = true;
      for (const Value& item : v.items()) {
        if (!first) out += ", ";
        first = false;
        repr_into(out, item, max_len);
        if (out.size() > max_len) return;
      }
      out += ']';
      break;
    }
    case Kind::kObject: {
      out += '{';
      bool first = true;
      for (const auto& [k, item] : v.members()) {
        if (!first) out += ", ";
        first = false;
        repr_string(out, k);
        out += ": ";
        repr_into(out, item, max_len);
        if (out.size() > max_len) return;
      }
      out += '}';
      break;
    }
  }
}

}  // namespace

std::string repr(const Value& v, std::size_t max_len) {
  std::string out;
  repr_into(out, v, max_len);
  if (out.size() > max_len) {
    std::size_t cut = max_len;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // a UTF-8 boundary
    out.resize(cut);
    out += "...";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The writer

void write_string(std::string& out, std::string_view s) {
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; ++i; continue;
      case '\\': out += "\\\\"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      case '\b': out += "\\b"; ++i; continue;
      case '\f': out += "\\f"; ++i; continue;
      default: break;
    }
    std::uint32_t cp = 0;
    std::size_t len = decode_utf8(s, i, cp);
    if (len == 0) cp = 0xFFFD, len = 1;  // invalid UTF-8: the replacement character
    if (cp >= 0x10000) {
      const std::uint32_t u = cp - 0x10000;
      append_u_escape(out, 0xD800 + (u >> 10));
      append_u_escape(out, 0xDC00 + (u & 0x3FF));
    } else {
      append_u_escape(out, cp);
    }
    i += len;
  }
  out += '"';
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ", ";
    first_.back() = false;
  }
}

Writer& Writer::begin_object() {
  before_value();
  out_ += '{';
  first_.push_back(true);
  return *this;
}

Writer& Writer::end_object() {
  first_.pop_back();
  out_ += '}';
  return *this;
}

Writer& Writer::begin_array() {
  before_value();
  out_ += '[';
  first_.push_back(true);
  return *this;
}

Writer& Writer::end_array() {
  first_.pop_back();
  out_ += ']';
  return *this;
}

Writer& Writer::key(std::string_view k) {
  before_value();
  write_string(out_, k);
  out_ += ": ";
  after_key_ = true;
  return *this;
}

Writer& Writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

Writer& Writer::boolean(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

Writer& Writer::integer(std::int64_t v) {
  before_value();
  out_ += std::to_string(v);
  return *this;
}

Writer& Writer::unsigned_integer(std::uint64_t v) {
  before_value();
  out_ += std::to_string(v);
  return *this;
}

Writer& Writer::string(std::string_view s) {
  before_value();
  write_string(out_, s);
  return *this;
}

Writer& Writer::value(const Value& v) {
  switch (v.kind()) {
    case Kind::kNull: return null();
    case Kind::kBool: return boolean(v.as_bool());
    case Kind::kNumber:
      before_value();
      out_ += v.text();
      return *this;
    case Kind::kString: return string(v.text());
    case Kind::kArray:
      begin_array();
      for (const Value& item : v.items()) value(item);
      return end_array();
    case Kind::kObject:
      begin_object();
      for (const auto& [k, item] : v.members()) {
        key(k);
        value(item);
      }
      return end_object();
  }
  return *this;
}

void write(std::string& out, const Value& v) { Writer(out).value(v); }

std::string dump(const Value& v) {
  std::string out;
  write(out, v);
  return out;
}

}  // namespace bieten::json
