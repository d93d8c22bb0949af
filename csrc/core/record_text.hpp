// The JSON text of a game record (to_json, record::text in core/record.hpp): a json::DataSink that writes
// exactly json::Writer's text (Python's json.dumps with its defaults), faster: into a buffer it grows
// ahead of each piece, with memcpy and std::to_chars rather than string appends, and the open
// containers as bits of one word rather than a vector<bool>. A record is a few hundred pieces of a few
// bytes each (keys, card and action texts, small integers), so the bookkeeping per piece is what costs.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/json.hpp"

namespace bieten::record {

class TextSink {
 public:
  // A JSON value written ahead of time with the ", " that separates it from the element before it:
  // a record's action and card texts (record.hpp's tables), so that each element is one copy of a
  // constant size instead of a string checked byte by byte.
  static constexpr std::size_t kPieceBytes = 32;
  struct Piece {
    char bytes[kPieceBytes] = {};
    std::uint8_t size = 0;  // ", " and the value; 0: too long to be a piece
  };
  // The piece of a string value (escaped as string() escapes it).
  static Piece string_piece(std::string_view value) {
    std::string text = ", ";
    json::Writer::write_string(text, value);
    Piece p;
    if (text.size() <= kPieceBytes - 2) {
      std::memcpy(p.bytes, text.data(), text.size());
      p.size = static_cast<std::uint8_t>(text.size());
    }
    return p;
  }

  // Writes into `out` (replacing what it holds); finish() sets its size. `expected`: about the size
  // of the text, to allocate once.
  TextSink(std::string& out, std::size_t expected) : out_(out) {
    out_.clear();
    out_.resize(std::max<std::size_t>(expected, 64));
  }
  void finish() { out_.resize(at_); }

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k) {
    before_value();
    quoted(k, 2);
    literal(": ");
    after_key_ = true;
  }
  void null() { before_value(), literal("null"); }
  void boolean(bool b) { before_value(), b ? literal("true") : literal("false"); }
  void integer(std::int64_t v) { before_value(), number(v); }
  void unsigned_integer(std::uint64_t v) { before_value(), number(v); }
  void string(std::string_view s) { before_value(), quoted(s); }

  // Room for `count` pieces, made before writing them with piece().
  void room_for_pieces(std::size_t count) { room(count * kPieceBytes); }
  // An element of the open array (not after a key), written from its piece (size > 0) in the room
  // room_for_pieces made: the first element without its ", ".
  void piece(const Piece& p) {
    char* at = out_.data() + at_;
    const std::uint64_t bit = std::uint64_t{1} << depth_;
    if (first_ & bit) {
      first_ &= ~bit;
      std::memcpy(at, p.bytes + 2, kPieceBytes - 2);
      at_ += p.size - 2u;
    } else {
      std::memcpy(at, p.bytes, kPieceBytes);
      at_ += p.size;
    }
  }

 private:
  static constexpr int kMaxDepth = 63;  // a record nests 4 deep

  // Room for n more bytes: a comparison, and the growth out of the way of the common case.
  void room(std::size_t n) {
    if (out_.size() - at_ < n) [[unlikely]] grow(n);
  }
  void grow(std::size_t n) { out_.resize(std::max(out_.size() * 2, at_ + n)); }
  void put(const char* s, std::size_t n) {
    room(n);
    std::memcpy(out_.data() + at_, s, n);
    at_ += n;
  }
  // A literal of N - 1 bytes: a copy of a constant size, which the compiler writes as a move or two.
  template <std::size_t N>
  void literal(const char (&s)[N]) {
    room(N - 1);
    std::memcpy(out_.data() + at_, s, N - 1);
    at_ += N - 1;
  }
  template <typename T>
  void number(T v) {
    room(24);
    at_ = static_cast<std::size_t>(std::to_chars(out_.data() + at_, out_.data() + at_ + 24, v).ptr - out_.data());
  }
  // A string literal: printable ASCII without '"' or '\' is copied byte by byte as it is checked
  // (record texts are short: a call of memcpy costs more); anything else is escaped by json::Writer
  // (ensure_ascii, as Python's json.dumps). `after`: room for that many bytes after it.
  void quoted(std::string_view s, std::size_t after = 0) {
    room(s.size() + 2 + after);
    char* p = out_.data() + at_;
    *p++ = '"';
    for (const char c : s) {
      const auto b = static_cast<unsigned char>(c);
      if (b < 0x20 || b >= 0x7F || c == '"' || c == '\\') {
        std::string escaped;
        json::Writer::write_string(escaped, s);
        put(escaped.data(), escaped.size());
        return;
      }
      *p++ = c;
    }
    *p++ = '"';
    at_ = static_cast<std::size_t>(p - out_.data());
  }
  // json::Writer's separators: ", " before every element of a container but its first.
  void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0) {
      const std::uint64_t bit = std::uint64_t{1} << depth_;
      if (!(first_ & bit)) literal(", ");
      first_ &= ~bit;
    }
  }
  void open(char c) {
    before_value();
    room(1);
    out_[at_++] = c;
    if (depth_ == kMaxDepth) throw Error("a record nests at most 63 deep");
    ++depth_;
    first_ |= std::uint64_t{1} << depth_;
  }
  void close(char c) {
    --depth_;
    room(1);
    out_[at_++] = c;
  }

  std::string& out_;
  std::size_t at_ = 0;
  std::uint64_t first_ = 0;  // bit d: the container open at depth d has no element yet
  int depth_ = 0;
  bool after_key_ = false;
};

static_assert(json::DataSink<TextSink>);

}  // namespace bieten::record
