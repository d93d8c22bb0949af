// The game record in binary (Game.to_bytes / Game.from_bytes, the C ABI's *_to_bytes / *_from_bytes):
// the JSON record's content (core/record.hpp) for storage and datasets, written once for every game
// over a record::BytesFormat, the record::Format with what the binary form has of each game (its tag
// and its given first deal). The JSON record stays the interchange format; docs/records.md has the
// layout, version 1, all integers little-endian:
//
//   magic      4 bytes  0x89 'B' 'T' 'R'   (the high bit: no text, no JSON)
//   version    1 byte   1
//   game       1 byte   F::kBytesGame (the game's own tag, its record.hpp)
//   length     4 bytes  the whole record's size, checksum included (a stream of records splits by it)
//   rules      every knob in the game's table order: an int as a zigzag varint, a bool as 0 or 1, a
//              name as its length (1 byte) and its ASCII text (names, not numbers: a choice added to
//              a knob keeps every record readable)
//   seed       8 bytes
//   dealer     1 byte   the first dealer
//   given      the game's given first deal (F::write_given_bytes), starting with a flag byte
//   hand       varint   hand_number, the state the actions must reach (as the JSON record says it)
//   count      varint   the number of actions
//   actions    one byte per action id where the game's action space has at most 256, else varints
//   checksum   4 bytes  CRC-32C (Castagnoli) of every byte before it
//
// Varints are LEB128 (7 bits a byte, low first) in their shortest form: a record that reads is the
// bytes its game writes again (to_bytes(from_bytes(b)) == b). CRC-32C rather than a hash such as
// xxHash: a CRC detects every error burst of up to 32 bits, so every changed byte (and any 4
// consecutive ones), a guarantee a hash cannot give, and it is the checksum of iSCSI, ext4 and
// SSE4.2's crc32 instruction. It is written here from its polynomial, with tables made at compile time.
//
// Reading refuses, with RecordError "from_bytes: ..." (Python's GameRecordError, BIETEN_E_RECORD): bytes
// without the magic, an unknown version, another game's record, a truncated record or bytes after it,
// a checksum mismatch, a body that does not read (a varint too long, a name no knob has, a bool other
// than 0 or 1, bytes after the actions), rules, a dealer or a given deal the game refuses, an action
// refused at ply k (citing the rule that refuses it), and a hand_number the actions do not reach.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "core/errors.hpp"
#include "core/knobs.hpp"
#include "core/record.hpp"

namespace bieten::record {

// ---- CRC-32C ----------------------------------------------------------------------------------

namespace crc_detail {

inline constexpr std::uint32_t kPolynomial = 0x82F63B78;  // Castagnoli's 0x1EDC6F41, bits reversed

// Slicing by 8: table[k][b] is the CRC of byte b followed by k zero bytes.
constexpr std::array<std::array<std::uint32_t, 256>, 8> make_tables() {
  std::array<std::array<std::uint32_t, 256>, 8> t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    std::uint32_t c = b;
    for (int i = 0; i < 8; ++i) c = (c >> 1) ^ (kPolynomial & (0u - (c & 1u)));
    t[0][b] = c;
  }
  for (std::size_t k = 1; k < 8; ++k) {
    for (std::size_t b = 0; b < 256; ++b) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xFF];
  }
  return t;
}

inline constexpr auto kTables = make_tables();

}  // namespace crc_detail

// CRC-32C of data (crc32c("123456789") == 0xE3069283, RFC 3720's check value).
inline std::uint32_t crc32c(std::string_view data) noexcept {
  const auto& t = crc_detail::kTables;
  std::uint32_t c = 0xFFFFFFFFu;
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  std::size_t n = data.size();
  for (; n >= 8; p += 8, n -= 8) {
    const std::uint32_t lo = c ^ (std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
                                  std::uint32_t{p[3]} << 24);
    c = t[7][lo & 0xFF] ^ t[6][lo >> 8 & 0xFF] ^ t[5][lo >> 16 & 0xFF] ^ t[4][lo >> 24] ^ t[3][p[4]] ^ t[2][p[5]] ^
        t[1][p[6]] ^ t[0][p[7]];
  }
  for (; n > 0; ++p, --n) c = (c >> 8) ^ t[0][(c ^ *p) & 0xFF];
  return c ^ 0xFFFFFFFFu;
}

// ---- Writing and reading bytes ---------------------------------------------------------------------

inline constexpr std::array<unsigned char, 4> kBytesMagic = {0x89, 'B', 'T', 'R'};
inline constexpr int kBytesVersion = 1;
inline constexpr std::size_t kBytesHeader = 10;   // magic, version, game, length
inline constexpr std::size_t kBytesChecksum = 4;

// Appends a binary record's pieces to a string of bytes.
class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  void u8(unsigned v) { out_.push_back(static_cast<char>(v & 0xFF)); }
  void varint(std::uint64_t v) {
    for (; v >= 0x80; v >>= 7) u8(static_cast<unsigned>(v & 0x7F) | 0x80);
    u8(static_cast<unsigned>(v));
  }
  void zigzag(std::int64_t v) {
    varint(static_cast<std::uint64_t>(v) << 1 ^ (v < 0 ? ~std::uint64_t{0} : std::uint64_t{0}));
  }
  void fixed(std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) u8(static_cast<unsigned>(v >> (8 * i)));
  }
  void text(std::string_view s) {  // a name of a knob's choice: short ASCII
    u8(static_cast<unsigned>(s.size()));
    out_.append(s);
  }

 private:
  std::string& out_;
};

// Reads a binary record's body (its bytes between the header and the checksum, which the envelope
// has checked); every refusal is a RecordError naming what was read and where (the byte's offset).
class ByteReader {
 public:
  ByteReader(std::string_view record, std::size_t begin, std::size_t end) : data_(record), at_(begin), end_(end) {}
  std::size_t offset() const { return at_; }
  std::size_t left() const { return end_ - at_; }
  std::uint8_t u8(std::string_view what) {
    if (at_ >= end_) ends_in(what);
    return static_cast<std::uint8_t>(data_[at_++]);
  }
  std::uint64_t varint(std::string_view what) {
    const std::size_t start = at_;
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      const std::uint8_t b = u8(what);
      if (shift == 63 && b > 1) refuse(what, start, "is no varint of 64 bits");
      v |= std::uint64_t{b & 0x7Fu} << shift;
      if (!(b & 0x80)) {
        if (b == 0 && shift > 0) refuse(what, start, "is a varint longer than it needs to be");
        return v;
      }
    }
  }
  std::int64_t zigzag(std::string_view what) {
    const std::uint64_t v = varint(what);
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
  }
  std::uint64_t fixed(int bytes, std::string_view what) {
    if (left() < static_cast<std::size_t>(bytes)) ends_in(what);
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t{static_cast<std::uint8_t>(data_[at_ + i])} << (8 * i);
    at_ += bytes;
    return v;
  }
  // A name: printable ASCII, as every knob's choices are (so that a refusal can quote it).
  std::string_view text(std::string_view what) {
    const std::size_t start = at_;
    const std::size_t n = u8(what);
    if (left() < n) ends_in(what);
    const std::string_view s = data_.substr(at_, n);
    for (const char c : s) {
      if (c < 0x20 || c > 0x7E) refuse(what, start, "is no name of printable ASCII");
    }
    at_ += n;
    return s;
  }
  // A flag byte: 0 .. most.
  std::uint8_t flag(std::string_view what, unsigned most) {
    const std::size_t start = at_;
    const std::uint8_t b = u8(what);
    if (b > most) refuse(what, start, "is " + std::to_string(b) + ", not 0 to " + std::to_string(most));
    return b;
  }
  [[noreturn]] void refuse(std::string_view what, std::size_t at, const std::string& why) const {
    throw RecordError("from_bytes: " + std::string(what) + " at byte " + std::to_string(at) + " " + why);
  }

 private:
  [[noreturn]] void ends_in(std::string_view what) const {
    throw RecordError("from_bytes: the record's body ends inside " + std::string(what) + " at byte " +
                      std::to_string(at_));
  }
  std::string_view data_;
  std::size_t at_;
  std::size_t end_;
};

// What the binary record has of a game's own, beside its record::Format: the tag in the header, and
// its given first deal (a flag byte, 0 for none, then what the game needs) written and read. Reading
// the given deal refuses with RecordError (the bytes) or the rule's Error (a deal the rules refuse).
template <typename F>
concept BytesFormat = Format<F> && requires(const typename F::Game& game, ByteWriter& w, ByteReader& r,
                                            const typename F::Rules& rules) {
  { F::kBytesGame } -> std::convertible_to<std::uint8_t>;
  F::write_given_bytes(w, game);
  { F::given_from_bytes(r, rules) } -> std::same_as<std::remove_cvref_t<decltype(game.given_deal())>>;
};

// ---- Writing ----------------------------------------------------------------------------------------

// The binary record of a game that records its actions (see the top for the layout).
template <BytesFormat F>
std::string bytes(const typename F::Game& g) {
  using Game = typename F::Game;
  std::string out;
  out.reserve(96 + 2 * g.history().size());
  out.append(reinterpret_cast<const char*>(kBytesMagic.data()), kBytesMagic.size());
  ByteWriter w(out);
  w.u8(kBytesVersion);
  w.u8(F::kBytesGame);
  w.fixed(0, 4);  // the length, written below
  const typename F::Rules& rules = g.rules();
  for (const auto& k : F::kKnobs) {
    switch (k.type) {
      case knobs::Type::kInt: w.zigzag(rules.*k.integer); break;
      case knobs::Type::kBool: w.u8(rules.*k.flag ? 1 : 0); break;
      case knobs::Type::kName: w.text(k.name_of(rules)); break;
    }
  }
  w.fixed(g.seed(), 8);
  w.u8(static_cast<unsigned>(g.first_dealer()));
  F::write_given_bytes(w, g);
  w.varint(g.hand_number());
  w.varint(g.history().size());
  for (const typename Game::ActionId a : g.history()) {
    if constexpr (Game::kNumActions <= 256) {
      w.u8(static_cast<unsigned>(a));
    } else {
      w.varint(static_cast<std::uint64_t>(a));
    }
  }
  const auto length = static_cast<std::uint32_t>(out.size() + kBytesChecksum);
  for (int i = 0; i < 4; ++i) out[6 + i] = static_cast<char>(length >> (8 * i) & 0xFF);
  w.fixed(crc32c(out), 4);
  return out;
}

// ---- Reading ----------------------------------------------------------------------------------------

namespace bytes_detail {

inline std::string hex(std::uint64_t v, int digits) {
  constexpr std::string_view kDigits = "0123456789abcdef";
  std::string out = "0x";
  for (int i = digits - 1; i >= 0; --i) out += kDigits[v >> (4 * i) & 0xF];
  return out;
}

inline std::uint32_t u32_at(std::string_view data, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= std::uint32_t{static_cast<std::uint8_t>(data[at + i])} << (8 * i);
  return v;
}

}  // namespace bytes_detail

// A binary record's envelope: the magic, the version, the game, the length and the checksum.
// Returns the offset of the checksum (where the body ends).
template <BytesFormat F>
std::size_t bytes_envelope(std::string_view data) {
  using bytes_detail::hex;
  const std::string_view magic(reinterpret_cast<const char*>(kBytesMagic.data()), kBytesMagic.size());
  if (data.substr(0, magic.size()) != magic.substr(0, data.size())) {
    std::string head;
    for (std::size_t i = 0; i < std::min<std::size_t>(data.size(), 4); ++i) {
      if (i > 0) head += ' ';
      head.append(hex(static_cast<std::uint8_t>(data[i]), 2), 2, 2);
    }
    throw RecordError("from_bytes: not a binary game record: it starts " + (head.empty() ? "(empty)" : head) +
                      ", not 89 42 54 52 (0x89 'BTR')");
  }
  if (data.size() > 4 && static_cast<std::uint8_t>(data[4]) != kBytesVersion) {
    throw RecordError("from_bytes: unknown version " + std::to_string(static_cast<std::uint8_t>(data[4])) +
                      " of the binary record (this reader reads version " + std::to_string(kBytesVersion) + ")");
  }
  if (data.size() > 5 && static_cast<std::uint8_t>(data[5]) != F::kBytesGame) {
    throw RecordError("from_bytes: a record of another game (game " + std::to_string(static_cast<std::uint8_t>(data[5])) +
                      "), not of " + std::string(F::kFormat) + " (game " + std::to_string(F::kBytesGame) + ")");
  }
  if (data.size() < kBytesHeader) {
    throw RecordError("from_bytes: truncated: " + std::to_string(data.size()) + " bytes, less than the header's " +
                      std::to_string(kBytesHeader));
  }
  const std::uint32_t length = bytes_detail::u32_at(data, 6);
  if (length < kBytesHeader + kBytesChecksum) {
    throw RecordError("from_bytes: the header says the record is " + std::to_string(length) +
                      " bytes, less than a header and a checksum");
  }
  if (data.size() < length) {
    throw RecordError("from_bytes: truncated: the header says " + std::to_string(length) + " bytes, " +
                      std::to_string(data.size()) + " given");
  }
  if (data.size() > length) {
    throw RecordError("from_bytes: " + std::to_string(data.size() - length) + " trailing byte(s) after the record's " +
                      std::to_string(length));
  }
  const std::size_t body_end = length - kBytesChecksum;
  const std::uint32_t stored = bytes_detail::u32_at(data, body_end);
  const std::uint32_t computed = crc32c(data.substr(0, body_end));
  if (stored != computed) {
    throw RecordError("from_bytes: checksum mismatch: the record says CRC-32C " + hex(stored, 8) + ", its bytes give " +
                      hex(computed, 8) + " (a corrupted record)");
  }
  return body_end;
}

// A game restored from its binary record by replaying its actions; RecordError ("from_bytes: ...")
// for every refusal listed at the top.
template <BytesFormat F>
typename F::Game read_bytes(std::string_view data) {
  using Game = typename F::Game;
  using Rules = typename F::Rules;
  const std::size_t body_end = bytes_envelope<F>(data);
  ByteReader r(data, kBytesHeader, body_end);
  constexpr std::size_t kKnobCount = std::tuple_size_v<std::remove_cvref_t<decltype(F::kKnobs)>>;
  knobs::Settings<kKnobCount> settings;
  std::optional<std::int64_t> players;
  for (std::size_t i = 0; i < kKnobCount; ++i) {
    const auto& k = F::kKnobs[i];
    const std::string_view what = k.name;  // "weli_point at byte 18 is 7, not 0 to 1"
    const std::size_t at = r.offset();
    switch (k.type) {
      case knobs::Type::kInt: {
        const std::int64_t v = r.zigzag(what);
        if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
          r.refuse(what, at, "is " + std::to_string(v) + ", beyond an int");
        }
        settings.number[i] = v;
        if (k.name == "players") players = v;
        break;
      }
      case knobs::Type::kBool: settings.number[i] = r.flag(what, 1); break;
      case knobs::Type::kName: settings.name[i] = r.text(what); break;
    }
    settings.given |= std::uint32_t{1} << i;
  }
  std::optional<Rules> rules;
  try {
    rules.emplace(knobs::apply(F::base_rules(players), F::kKnobs, settings));
  } catch (const Error& e) {
    throw RecordError(std::string("from_bytes: ") + e.what());
  }
  const std::uint64_t seed = r.fixed(8, "seed");
  const int dealer = r.u8("dealer");
  if (dealer >= rules->players) {
    throw RecordError("from_bytes: " + std::string(F::kDealerRule) + ": dealer must be a seat from 0 to " +
                      std::to_string(rules->players - 1) + ", not " + std::to_string(dealer));
  }
  std::optional<Game> game;
  try {
    auto given = F::given_from_bytes(r, *rules);
    const std::uint64_t hand_number = r.varint("hand_number");
    const std::size_t count_at = r.offset();
    const std::uint64_t count = r.varint("the number of actions");
    if (count > r.left()) {  // an action takes a byte at least
      r.refuse("the number of actions", count_at,
               "is " + std::to_string(count) + ", more than the " + std::to_string(r.left()) + " bytes after it hold");
    }
    const std::size_t actions_at = r.offset();
    if constexpr (Game::kNumActions <= 256) {
      if (r.left() != count) {
        r.refuse("the actions", actions_at,
                 "are " + std::to_string(count) + ", but " + std::to_string(r.left()) + " bytes follow (bytes after them)");
      }
    }
    game.emplace(*rules, seed, dealer, given, true);
    for (std::uint64_t k = 0; k < count; ++k) {
      std::uint64_t id = 0;
      if constexpr (Game::kNumActions <= 256) {
        id = r.u8("an action");
      } else {
        id = r.varint("an action");
      }
      const auto refused = [&](const std::string& why) {
        const bool known = id < static_cast<std::uint64_t>(Game::kNumActions);
        return RecordError("from_bytes: action " + std::to_string(k) + " (id " + std::to_string(id) +
                           (known ? " '" + std::string(F::action_text(static_cast<typename Game::ActionId>(id))) + "'" : "") +
                           ") is refused: " + why);
      };
      if (id >= static_cast<std::uint64_t>(Game::kNumActions)) {
        throw refused(game->why_illegal(static_cast<int>(std::min<std::uint64_t>(id, std::numeric_limits<int>::max()))));
      }
      try {
        game->apply(static_cast<typename Game::ActionId>(id));  // refuses an illegal one, changing nothing
      } catch (const Error& e) {
        throw refused(e.what());
      }
    }
    if (r.left() != 0) {
      r.refuse("the end of the actions", r.offset(), "is followed by " + std::to_string(r.left()) + " byte(s)");
    }
    if (game->hand_number() != hand_number) {
      throw RecordError("from_bytes: the record says hand_number " + std::to_string(hand_number) +
                        ", but its actions give " + std::to_string(game->hand_number()));
    }
  } catch (const RecordError&) {
    throw;
  } catch (const Error& e) {
    throw RecordError(std::string("from_bytes: ") + e.what());
  }
  return std::move(*game);
}

}  // namespace bieten::record
