// The quick way through a game record (core/record.hpp record::read): a record as the games' to_json
// writes it (the rules as knobs of their own types, an integer seed and dealer, no given deal, the
// actions as their texts, the state they reach) is read straight from nlohmann/json's SAX events into
// the values a game is made from, with no tree of Values and no allocation of its own but the list of
// action ids (each text becomes its id as it is read), and then replayed.
//
// The scan refuses nothing and words no message: at anything else (a text that is not JSON, another
// shape, a key given twice, a type or value a record of to_json does not have, a rule, action or said
// state the game refuses) it gives up, and record::read reads the text again through the tree, which
// gives the verdict and the message. So a record reads the same either way, and the scan need only
// be right about the records it accepts.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/cards.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "core/knobs.hpp"

namespace bieten::record {

// The members every game's record has, in to_json's order around the game's given-deal members
// (its Format::kGivenFields, written between dealer and actions).
enum class Field : std::uint8_t { kFormat, kVersion, kRules, kSeed, kDealer, kActions, kHandNumber, kScores, kHands };
inline constexpr std::array<std::string_view, 9> kCommonFields = {
    "format", "version", "rules", "seed", "dealer", "actions", "hand_number", "scores", "hands"};

namespace scan_detail {

// The row of a table of names holding `name`, or -1.
template <typename Names>
constexpr int row_of(const Names& names, std::string_view name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

template <typename Table>
constexpr int knob_row(const Table& table, std::string_view name) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// The card whose canonical text (card_text) is exactly `text`, or nullopt.
inline std::optional<Card> canonical_card(std::string_view text) {
  Card c = 0;
  if (!try_parse_card(text, c) || card_text(c) != text) return std::nullopt;
  return c;
}

// A text of at most 3 bytes as one number (its length and bytes), 0 for a longer one.
constexpr std::uint32_t short_key(std::string_view text) {
  if (text.empty() || text.size() > 3) return 0;
  std::uint32_t key = static_cast<std::uint32_t>(text.size()) << 24;
  for (std::size_t i = 0; i < text.size(); ++i) key |= std::uint32_t{static_cast<unsigned char>(text[i])} << (8 * i);
  return key;
}

// canonical_card by a look-up of the card texts (R1.5: 2 or 3 bytes): the exact scan reads every card
// of a record's hands with it. Made once, read only.
class CardTexts {
 public:
  static const CardTexts& get() {
    static const CardTexts table;
    return table;
  }
  std::optional<Card> find(std::string_view text) const {
    const std::uint32_t key = short_key(text);
    if (key == 0) return std::nullopt;
    for (std::size_t c = 0; c < keys_.size(); ++c) {
      if (keys_[c] == key) return static_cast<Card>(c);
    }
    return std::nullopt;
  }

 private:
  CardTexts() {
    for (std::size_t c = 0; c < keys_.size(); ++c) {
      const std::string text = card_text(static_cast<Card>(c));
      if (canonical_card(text) == static_cast<Card>(c)) keys_[c] = short_key(text);
    }
  }
  std::array<std::uint32_t, 64> keys_{};  // by card id; 0 for an id that is no card
};

// The action whose canonical text (F::action_text) is exactly `text`, by a hash table of the game's
// action texts (each kept only where F::parse_action reads it back to its id, so that it is the id the
// tree's reading gives). Made once per game, read only.
template <typename F>
class ActionTexts {
 public:
  using ActionId = typename F::ActionId;
  static const ActionTexts& get() {
    static const ActionTexts table;
    return table;
  }
  std::optional<ActionId> find(std::string_view text) const {
    for (std::size_t i = hash(text) & (kSlots - 1);; i = (i + 1) & (kSlots - 1)) {
      if (slots_[i] == 0) return std::nullopt;
      const auto a = static_cast<ActionId>(slots_[i] - 1);
      if (F::action_text(a) == text) return a;
    }
  }

 private:
  static constexpr int kActions = F::Game::kNumActions;
  static constexpr std::size_t kSlots = std::bit_ceil(static_cast<std::size_t>(4 * kActions));
  static std::size_t hash(std::string_view text) {  // FNV-1a
    std::uint64_t h = 0xcbf29ce484222325u;
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3u;
    return static_cast<std::size_t>(h ^ h >> 29);
  }
  ActionTexts() {
    for (int id = 0; id < kActions; ++id) {
      const auto a = static_cast<ActionId>(id);
      const std::string_view text = F::action_text(a);
      try {
        if (F::parse_action(text) != a) continue;
      } catch (const Error&) {
        continue;
      }
      std::size_t i = hash(text) & (kSlots - 1);
      while (slots_[i] != 0) i = (i + 1) & (kSlots - 1);
      slots_[i] = static_cast<std::uint32_t>(id + 1);
    }
  }
  std::array<std::uint32_t, kSlots> slots_{};  // action id + 1, 0 for an empty slot
};

}  // namespace scan_detail

// What the scan reads of a record: the knobs as given, the seed, the dealer, the action ids, and the
// state the record says its actions reach (where it says it).
template <typename F>
struct Scanned {
  static constexpr int kSeats = F::Game::kMaxPlayers;
  knobs::Settings<std::tuple_size_v<std::remove_cvref_t<decltype(F::kKnobs)>>> rules;
  std::uint32_t fields = 0;  // bit per member read: kCommonFields' rows, then kGivenFields' after them
  std::uint64_t seed = 0;
  std::int64_t dealer = 0;
  std::vector<typename F::ActionId> actions;
  std::uint64_t hand_number = 0;
  std::array<std::int64_t, kSeats> scores{};
  int score_count = 0;
  std::array<CardSet, kSeats> hands{};
  int hand_count = 0;
  bool ascending = true;  // every said hand lists its cards in ascending id, as the state's are compared

  bool has(Field f) const { return fields >> static_cast<int>(f) & 1; }
};

// nlohmann's SAX interface into a Scanned record; every callback returns false (stop: read it through
// the tree) at anything the scan does not take.
template <typename F>
class Scanner {
 public:
  explicit Scanner(Scanned<F>& out) : out_(out) {}

  bool null() { return given_field() && value_done(); }
  bool boolean(bool b) {
    if (place_ != Place::kRules || F::kKnobs[knob_].type != knobs::Type::kBool) return false;
    return knob_value(b ? 1 : 0);
  }
  bool number_integer(json::Value::number_integer_t v) { return integer(v < 0, static_cast<std::uint64_t>(v)); }
  bool number_unsigned(json::Value::number_unsigned_t v) { return integer(false, v); }
  bool number_float(json::Value::number_float_t, const std::string&) { return false; }
  bool binary(json::Value::binary_t&) { return false; }
  bool string(std::string& s) {
    switch (place_) {
      case Place::kRecord:
        return field_ == static_cast<int>(Field::kFormat) && s == F::kFormat && value_done();
      case Place::kRules:
        if (F::kKnobs[knob_].type != knobs::Type::kName) return false;
        out_.rules.name[knob_] = std::move(s);
        return knob_value(0);
      case Place::kActions:
        try {
          out_.actions.push_back(F::parse_action(s));
        } catch (const Error&) {
          return false;  // the tree's reading words the refusal of this text
        }
        return true;
      case Place::kHand: {
        const std::optional<Card> c = scan_detail::canonical_card(s);
        if (!c) return false;
        CardSet& hand = out_.hands[out_.hand_count - 1];
        if (hand >> *c != 0) out_.ascending = false;  // not above the cards before it
        hand |= bit(*c);
        return true;
      }
      default: return false;
    }
  }
  bool start_object(std::size_t) {
    if (place_ == Place::kTop) return place_ = Place::kRecord, true;
    if (place_ == Place::kRecord && field_ == static_cast<int>(Field::kRules)) return place_ = Place::kRules, true;
    return false;
  }
  bool end_object() {
    if (place_ == Place::kRules) return place_ = Place::kRecord, value_done();
    return place_ = Place::kDone, true;  // the record's object: the parser has checked the nesting
  }
  bool start_array(std::size_t) {
    if (place_ == Place::kHands) {
      if (out_.hand_count == Scanned<F>::kSeats) return false;
      ++out_.hand_count;
      return place_ = Place::kHand, true;
    }
    if (place_ != Place::kRecord) return false;
    switch (static_cast<Field>(field_)) {
      case Field::kActions: place_ = Place::kActions; return true;
      case Field::kScores: place_ = Place::kScores; return true;
      case Field::kHands: place_ = Place::kHands; return true;
      default: return false;
    }
  }
  bool end_array() {
    if (place_ == Place::kHand) return place_ = Place::kHands, true;
    return place_ = Place::kRecord, value_done();
  }
  bool key(std::string& k) {
    if (place_ == Place::kRules) {
      knob_ = scan_detail::knob_row(F::kKnobs, k);
      return knob_ >= 0 && !(out_.rules.given >> knob_ & 1);
    }
    field_ = scan_detail::row_of(kCommonFields, k);
    if (field_ < 0) {
      const int given = scan_detail::row_of(F::kGivenFields, k);
      if (given < 0) return false;
      field_ = static_cast<int>(kCommonFields.size()) + given;
    }
    return !(out_.fields >> field_ & 1);
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

 private:
  enum class Place : std::uint8_t { kTop, kRecord, kRules, kActions, kScores, kHands, kHand, kDone };

  bool given_field() const { return place_ == Place::kRecord && field_ >= static_cast<int>(kCommonFields.size()); }
  bool value_done() {
    out_.fields |= std::uint32_t{1} << field_;
    return true;
  }
  bool knob_value(std::int64_t number) {
    out_.rules.number[knob_] = number;
    out_.rules.given |= std::uint32_t{1} << knob_;
    return true;
  }
  // An integer: -magnitude when negative.
  bool integer(bool negative, std::uint64_t magnitude) {
    constexpr auto kIntMax = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
    constexpr auto kInt64Max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    const auto value = static_cast<std::int64_t>(magnitude);  // when negative, v itself
    switch (place_) {
      case Place::kRules:
        if (F::kKnobs[knob_].type != knobs::Type::kInt) return false;
        if (negative ? value < std::numeric_limits<int>::min() : magnitude > kIntMax) return false;
        return knob_value(value);
      case Place::kScores:
        if (out_.score_count == Scanned<F>::kSeats || (!negative && magnitude > kInt64Max)) return false;
        out_.scores[out_.score_count++] = value;
        return true;
      case Place::kRecord: break;
      default: return false;
    }
    switch (static_cast<Field>(field_)) {
      case Field::kVersion: return !negative && magnitude == static_cast<std::uint64_t>(F::kVersion) && value_done();
      case Field::kSeed:
        if (negative) return false;
        out_.seed = magnitude;
        return value_done();
      case Field::kDealer:
        if (negative || magnitude > kIntMax) return false;
        out_.dealer = value;
        return value_done();
      case Field::kHandNumber:
        if (negative) return false;
        out_.hand_number = magnitude;
        return value_done();
      default: return false;
    }
  }

  Scanned<F>& out_;
  Place place_ = Place::kTop;
  int field_ = -1;  // the record's member whose value comes next
  int knob_ = -1;   // the rules' knob whose value comes next
};

// The exact text to_json writes (json.dumps's layout: ", " and ": ", the members in to_json's order,
// no given deal, texts without escapes, integers without leading zeros), read with plain comparisons
// and no parser: the way almost every record a program reads comes. Returns false at the first byte
// that differs from that layout (the SAX scan below then reads the text). What it accepts is JSON the
// tree reads to the same values, so it needs no message of its own either.
namespace scan_detail {

class Cursor {
 public:
  explicit Cursor(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}
  bool done() const { return p_ == end_; }
  bool lit(std::string_view s) {
    if (static_cast<std::size_t>(end_ - p_) < s.size() || s.compare(0, s.size(), p_, s.size()) != 0) return false;
    p_ += s.size();
    return true;
  }
  bool lit(char c) {
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  // `"key": `
  bool key(std::string_view k) { return lit('"') && lit(k) && lit("\": "); }
  // A non-negative integer in JSON's form (no leading zero) that fits 64 bits.
  bool natural(std::uint64_t& v) {
    if (p_ == end_ || *p_ < '0' || *p_ > '9') return false;
    if (*p_ == '0') {
      ++p_;
      v = 0;
      return p_ == end_ || *p_ < '0' || *p_ > '9';
    }
    v = 0;
    for (; p_ != end_ && *p_ >= '0' && *p_ <= '9'; ++p_) {
      const auto d = static_cast<std::uint64_t>(*p_ - '0');
      if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) return false;
      v = v * 10 + d;
    }
    return true;
  }
  // An integer from -2^63 + 1 to 2^63 - 1 ("-0" is left to the parser).
  bool integer(std::int64_t& v) {
    const bool negative = lit('-');
    std::uint64_t magnitude = 0;
    if (!natural(magnitude) || magnitude > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ||
        (negative && magnitude == 0)) {
      return false;
    }
    v = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
    return true;
  }
  // A string of printable ASCII without escapes; its text.
  bool text(std::string_view& out) {
    if (!lit('"')) return false;
    const char* start = p_;
    for (; p_ != end_ && *p_ != '"'; ++p_) {
      const auto b = static_cast<unsigned char>(*p_);
      if (b < 0x20 || b >= 0x7F || b == '\\') return false;
    }
    if (p_ == end_) return false;
    out = std::string_view(start, static_cast<std::size_t>(p_ - start));
    ++p_;
    return true;
  }

 private:
  const char* p_;
  const char* end_;
};

}  // namespace scan_detail

template <typename F>
bool scan_exact(std::string_view text, Scanned<F>& rec) {
  using scan_detail::Cursor;
  Cursor c(text);
  std::uint64_t u = 0;
  if (!(c.lit("{\"format\": \"") && c.lit(F::kFormat) && c.lit("\", \"version\": ") && c.natural(u) &&
        u == static_cast<std::uint64_t>(F::kVersion) && c.lit(", \"rules\": {"))) {
    return false;
  }
  for (std::size_t i = 0; i < F::kKnobs.size(); ++i) {
    const auto& k = F::kKnobs[i];
    if ((i > 0 && !c.lit(", ")) || !c.key(k.name)) return false;
    std::int64_t v = 0;
    switch (k.type) {
      case knobs::Type::kInt:
        if (!c.integer(v) || v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return false;
        break;
      case knobs::Type::kBool:
        if (c.lit("true")) {
          v = 1;
        } else if (!c.lit("false")) {
          return false;
        }
        break;
      case knobs::Type::kName: {
        std::string_view name;
        if (!c.text(name)) return false;
        rec.rules.name[i] = name;
        break;
      }
    }
    rec.rules.number[i] = v;
    rec.rules.given |= std::uint32_t{1} << i;
  }
  if (!(c.lit("}, \"seed\": ") && c.natural(rec.seed) && c.lit(", \"dealer\": ") && c.natural(u) &&
        u <= static_cast<std::uint64_t>(std::numeric_limits<int>::max()))) {
    return false;
  }
  rec.dealer = static_cast<std::int64_t>(u);
  for (const std::string_view given : F::kGivenFields) {
    if (!(c.lit(", ") && c.key(given) && c.lit("null"))) return false;
  }
  if (!c.lit(", \"actions\": [")) return false;
  const scan_detail::ActionTexts<F>& actions = scan_detail::ActionTexts<F>::get();
  if (!c.lit(']')) {
    do {
      std::string_view text;
      if (!c.text(text)) return false;
      const std::optional<typename F::ActionId> action = actions.find(text);
      if (!action) return false;  // another text of it (the SAX scan reads it), or no action
      rec.actions.push_back(*action);
    } while (c.lit(", "));
    if (!c.lit(']')) return false;
  }
  if (!(c.lit(", \"hand_number\": ") && c.natural(rec.hand_number) && c.lit(", \"scores\": ["))) return false;
  do {
    if (rec.score_count == Scanned<F>::kSeats || !c.integer(rec.scores[rec.score_count])) return false;
    ++rec.score_count;
  } while (c.lit(", "));
  if (!c.lit("], \"hands\": [")) return false;
  const scan_detail::CardTexts& cards = scan_detail::CardTexts::get();
  do {
    if (rec.hand_count == Scanned<F>::kSeats || !c.lit('[')) return false;
    CardSet& hand = rec.hands[rec.hand_count++];
    if (!c.lit(']')) {
      do {
        std::string_view card;
        if (!c.text(card)) return false;
        const std::optional<Card> id = cards.find(card);
        if (!id || hand >> *id != 0) return false;  // ascending, as the state's cards are compared
        hand |= bit(*id);
      } while (c.lit(", "));
      if (!c.lit(']')) return false;
    }
  } while (c.lit(", "));
  if (!(c.lit("]}") && c.done())) return false;
  for (const Field f : {Field::kFormat, Field::kVersion, Field::kRules, Field::kSeed, Field::kDealer, Field::kActions,
                        Field::kHandNumber, Field::kScores, Field::kHands}) {
    rec.fields |= std::uint32_t{1} << static_cast<int>(f);
  }
  return true;
}

// The game a scanned record gives, or nullopt where the tree must read it (a refused rule or action, a
// said state the actions do not reach).
template <typename F>
std::optional<typename F::Game> replay_scanned(const Scanned<F>& rec) {
  using Game = typename F::Game;
  for (const Field f : {Field::kFormat, Field::kVersion, Field::kRules, Field::kSeed, Field::kDealer, Field::kActions}) {
    if (!rec.has(f)) return std::nullopt;
  }
  try {
    constexpr int players_row = scan_detail::knob_row(F::kKnobs, "players");
    static_assert(players_row >= 0, "every game's rules have a players knob");
    std::optional<std::int64_t> players;
    if (rec.rules.given >> players_row & 1) players = rec.rules.number[players_row];
    const typename F::Rules rules = knobs::apply(F::base_rules(players), F::kKnobs, rec.rules);
    if (rec.dealer >= rules.players) return std::nullopt;
    std::optional<Game> game;
    game.emplace(rules, rec.seed, static_cast<int>(rec.dealer), std::nullopt, true);
    for (const typename F::ActionId a : rec.actions) game->apply(a);
    // The state the record says: compared as the tree's reading compares it (record::replay).
    if (rec.has(Field::kHandNumber) && rec.hand_number != game->hand_number()) return std::nullopt;
    const int seats = game->players();
    if (rec.has(Field::kScores)) {
      if (rec.score_count != seats) return std::nullopt;
      for (int p = 0; p < seats; ++p) {
        if (rec.scores[p] != game->scores()[p]) return std::nullopt;
      }
    }
    if (rec.has(Field::kHands)) {
      if (rec.hand_count != seats || !rec.ascending) return std::nullopt;
      for (int p = 0; p < seats; ++p) {
        if (rec.hands[p] != F::hand_of(*game, p)) return std::nullopt;
      }
    }
    return game;
  } catch (const Error&) {
    return std::nullopt;  // a refused rule or action: the tree's reading words it
  }
}

// The game a record of to_json's shape gives, or nullopt where the tree must read it (see the top):
// to_json's exact text first, then any layout through nlohmann's SAX events.
template <typename F>
std::optional<typename F::Game> scan(std::string_view text) {
  {
    Scanned<F> rec;
    rec.actions.reserve(text.size() / 8);  // a record's action takes more than 8 bytes of it
    if (scan_exact<F>(text, rec)) return replay_scanned<F>(rec);  // what it refuses, the SAX scan would too
  }
  // nlohmann skips a byte-order mark, which json::parse refuses: the tree's reading says so.
  if (text.starts_with("\xEF\xBB\xBF")) return std::nullopt;
  // nlohmann stops at a NUL byte as at the end of the input; json::parse refuses one, and says so.
  if (text.find('\0') != std::string_view::npos) return std::nullopt;
  Scanned<F> rec;
  rec.actions.reserve(text.size() / 8);
  Scanner<F> scanner(rec);
  try {
    if (!json::Value::sax_parse(text.begin(), text.end(), &scanner, json::Value::input_format_t::json,
                                /*strict=*/true, /*ignore_comments=*/false)) {
      return std::nullopt;
    }
  } catch (const json::Value::exception&) {
    return std::nullopt;
  }
  return replay_scanned<F>(rec);
}

}  // namespace bieten::record
