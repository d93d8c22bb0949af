// The JSON adapter (core/json.hpp): nlohmann/json's parser with our two extra refusals, and the
// json.dumps-style writer.
#include "core/json.hpp"

#include <string>
#include <vector>

namespace bieten::json {

namespace {

constexpr int kMaxDepth = 256;  // deep enough for any record; a stack of 256 is cheap

// nlohmann's messages start with "[json.exception.parse_error.101] parse error at line 1, column 7:";
// the bracketed id says nothing to a reader of a record's error.
std::string without_id(const char* what) {
  std::string text(what);
  if (!text.empty() && text.front() == '[') {
    const std::size_t end = text.find("] ");
    if (end != std::string::npos) text.erase(0, end + 2);
  }
  // nlohmann quotes the bytes it last read as they are, which may be invalid UTF-8: write every byte
  // beyond ASCII as \xNN, so that a message is always text.
  std::string out;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      out += c;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

}  // namespace

Value parse(std::string_view text) {
  // RFC 8259 lets a reader skip a byte-order mark, and nlohmann does; Python's json refuses one, and so
  // do we, so that a text is JSON to both or to neither.
  if (text.starts_with("\xEF\xBB\xBF")) throw ParseError("a byte-order mark before the JSON text");
  // Keys seen per open object, to refuse duplicates (nlohmann keeps the last one silently). Objects
  // in records have at most a dozen keys, so a linear search beats a set.
  std::vector<std::vector<std::string>> open;
  auto check = [&open](int depth, Value::parse_event_t event, Value& parsed) {
    // depth: the arrays and objects open around this event's value.
    const bool starts = event == Value::parse_event_t::object_start || event == Value::parse_event_t::array_start;
    if (starts && depth >= kMaxDepth) {
      throw ParseError("more than " + std::to_string(kMaxDepth) + " arrays and objects nested");
    }
    switch (event) {
      case Value::parse_event_t::object_start: open.emplace_back(); break;
      case Value::parse_event_t::object_end: open.pop_back(); break;
      case Value::parse_event_t::key: {
        const std::string& k = parsed.get_ref<const std::string&>();
        for (const std::string& seen : open.back()) {
          if (seen == k) throw ParseError("duplicate key " + show(parsed) + " in an object");
        }
        open.back().push_back(k);
        break;
      }
      default: break;
    }
    return true;
  };
  try {
    return Value::parse(text.begin(), text.end(), check, /*allow_exceptions=*/true, /*ignore_comments=*/false);
  } catch (const Value::exception& e) {  // parse_error, and out_of_range for a number beyond a double
    throw ParseError(without_id(e.what()));
  }
}

const Value* find(const Value& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

bool integer_in(const Value& v, std::int64_t lo, std::int64_t hi) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    return hi >= 0 && u <= static_cast<std::uint64_t>(hi) && (lo <= 0 || u >= static_cast<std::uint64_t>(lo));
  }
  if (v.is_number_integer()) {
    const auto i = v.get<std::int64_t>();
    return lo <= i && i <= hi;
  }
  return false;
}

std::string show(const Value& v, std::size_t max_len) {
  std::string text = v.dump(-1, ' ', /*ensure_ascii=*/true, Value::error_handler_t::replace);
  if (text.size() > max_len) text = text.substr(0, max_len) + "...";
  return text;
}

void Writer::write_string(std::string& out, std::string_view s) {
  // Card texts, action texts and names are plain ASCII: copy them; anything else goes through
  // nlohmann's serializer, which escapes as Python's json.dumps does.
  bool plain = true;
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b >= 0x7F || c == '"' || c == '\\') {
      plain = false;
      break;
    }
  }
  if (plain) {
    out += '"';
    out.append(s);
    out += '"';
    return;
  }
  out += Value(std::string(s)).dump(-1, ' ', /*ensure_ascii=*/true, Value::error_handler_t::replace);
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

void Writer::open(char c) {
  before_value();
  out_ += c;
  first_.push_back(true);
}

void Writer::close(char c) {
  first_.pop_back();
  out_ += c;
}

void Writer::key(std::string_view k) {
  before_value();
  write_string(out_, k);
  out_ += ": ";
  after_key_ = true;
}

}  // namespace bieten::json
