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

// nlohmann's SAX interface building a Value, as its own DOM parser does, plus our two refusals. This
// is about twice as fast as Value::parse with a callback (the callback parser keeps a stack of flags and
// calls back for every value), and the duplicate check searches the object being built in place.
class Builder {
 public:
  Builder(Value& root, TextList* list) : root_(root), list_(list) {}
  bool null() { return spill(), put(nullptr); }
  bool boolean(bool b) { return spill(), put(b); }
  bool number_integer(Value::number_integer_t v) { return spill(), put(v); }
  bool number_unsigned(Value::number_unsigned_t v) { return spill(), put(v); }
  bool number_float(Value::number_float_t v, const std::string&) { return spill(), put(v); }
  bool string(std::string& s) {
    if (listing_ && open_.size() == 2) {
      list_->texts.push_back(std::move(s));
      return true;
    }
    return put(std::move(s));
  }
  bool binary(Value::binary_t& b) { return spill(), put(Value::binary(std::move(b))); }
  bool start_object(std::size_t) { return spill(), open(Value::value_t::object); }
  bool start_array(std::size_t) {
    spill();
    const bool list = list_ != nullptr && open_.size() == 1 && open_.back()->is_object() && key_ == list_->key;
    open(Value::value_t::array);
    if (list) listing_ = list_->listed = true;
    return true;
  }
  bool end_object() { return close(); }
  bool end_array() {
    if (open_.size() == 2) listing_ = false;
    return close();
  }
  bool key(std::string& k) {
    Value& object = *open_.back();
    if (object.contains(k)) throw ParseError("duplicate key " + show(Value(k)) + " in an object");
    key_ = std::move(k);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    throw ParseError(without_id(e.what()));  // parse_error, and out_of_range for a number beyond a double
  }

 private:
  template <typename T>
  bool put(T&& v) {
    slot() = Value(std::forward<T>(v));
    return true;
  }
  // Where the next value goes: the root, the end of the open array, or the open object's key_.
  Value& slot() {
    if (open_.empty()) return root_;
    Value& top = *open_.back();
    if (top.is_array()) return top.emplace_back();
    return *top.emplace(std::move(key_), nullptr).first;
  }
  bool open(Value::value_t type) {
    // The arrays and objects open around this one.
    if (open_.size() >= static_cast<std::size_t>(kMaxDepth)) {
      throw ParseError("more than " + std::to_string(kMaxDepth) + " arrays and objects nested");
    }
    Value& v = slot();
    v = Value(type);
    open_.push_back(&v);
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }
  // Anything but a text in the listed array: the texts so far go into the tree, and so does the rest.
  void spill() {
    if (!listing_ || open_.size() != 2) return;
    for (std::string& t : list_->texts) open_.back()->push_back(std::move(t));
    list_->texts.clear();
    listing_ = list_->listed = false;
  }
  Value& root_;
  TextList* list_;
  bool listing_ = false;  // inside list_'s array, and it has been texts only
  std::vector<Value*> open_;  // only the innermost grows, so pointers to the outer ones stay valid
  std::string key_;
};

}  // namespace

Value parse(std::string_view text, TextList* list) {
  // RFC 8259 lets a reader skip a byte-order mark, and nlohmann does; Python's json refuses one, and so
  // do we, so that a text is JSON to both or to neither.
  if (text.starts_with("\xEF\xBB\xBF")) throw ParseError("a byte-order mark before the JSON text");
  // nlohmann's lexer takes a NUL byte for the end of the input, so a text with one and anything after
  // it would read as the text before it. JSON never holds a raw NUL (in a string it is \u0000).
  if (const std::size_t at = text.find('\0'); at != std::string_view::npos) {
    throw ParseError("a NUL byte at char " + std::to_string(at) + ", which JSON text never holds");
  }
  Value out;
  Builder builder(out, list);
  try {
    Value::sax_parse(text.begin(), text.end(), &builder, Value::input_format_t::json, /*strict=*/true,
                     /*ignore_comments=*/false);
  } catch (const Value::exception& e) {
    throw ParseError(without_id(e.what()));
  }
  return out;
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
