// Toy Tricks' data for every front end: its events as dicts (write_event), and its record's own part
// (core/record.hpp record::Format, core/record_bytes.hpp record::BytesFormat), which writes and reads
// the rest of a record.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/json.hpp"
#include "core/record.hpp"
#include "core/record_bytes.hpp"
#include "games/toy_tricks/game.hpp"

namespace bieten::toy_tricks {

// Rules.to_dict(): every knob, in kKnobs order.
template <json::DataSink S>
void write_rules(S& s, const Rules& r) {
  knobs::write(s, r, kKnobs);
}

// An event's dict, as it stands (redact_for hides what a seat may not see).
template <json::DataSink S>
void write_event(S& s, const Event& e) {
  s.begin_object();
  s.key("type"), s.string(event_type_name(e.type));
  s.key("seq"), s.unsigned_integer(e.seq);
  s.key("hand"), s.unsigned_integer(e.hand);
  switch (e.type) {
    case EventType::kDealStarted:
      s.key("dealer"), s.integer(e.seat);
      s.key("forehand"), s.integer(e.other);
      break;
    case EventType::kCardsDealt:
      s.key("seat"), s.integer(e.seat);
      s.key("cards"), s.begin_array();
      for (const Card c : e.cards) data::card_or_null(s, c);
      s.end_array();
      break;
    case EventType::kCardPlayed:
      s.key("seat"), s.integer(e.seat);
      s.key("card"), data::card_or_null(s, e.card);
      s.key("trick"), s.integer(e.trick);
      break;
    case EventType::kTrickWon:
      s.key("seat"), s.integer(e.seat);
      s.key("trick"), s.integer(e.trick);
      break;
    case EventType::kDealScored:
      s.key("gained"), data::per_seat(s, e.gained, kMaxPlayers);
      s.key("scores"), data::per_seat(s, e.totals, kMaxPlayers);
      break;
    case EventType::kGameOver:
      s.key("winners"), data::seat_list(s, e.seats, kMaxPlayers);
      s.key("bummerl"), data::seat_list(s, e.seats2, kMaxPlayers);
      s.key("scores"), data::per_seat(s, e.totals, kMaxPlayers);
      break;
  }
  s.end_object();
}

// A given first deal as {"hands": [[cards of seat 0], [cards of seat 1]]}.
template <json::DataSink S>
void write_dealt(S& s, const DealtCards& d) {
  s.begin_object();
  s.key("hands"), s.begin_array();
  for (const auto& hand : d.hands) {
    s.begin_array();
    for (const Card c : hand) s.string(card_text(c));
    s.end_array();
  }
  s.end_array();
  s.end_object();
}

// What a Toy Tricks record has of its own: T rule ids, its knobs over the defaults, a given first
// deal, the action texts (T6) and the hands held.
struct RecordFormat {
  using Game = toy_tricks::Game;
  using Rules = toy_tricks::Rules;
  using ActionId = toy_tricks::ActionId;
  static constexpr std::string_view kFormat = "bieten-toy_tricks-game";
  static constexpr int kVersion = 1;
  static constexpr std::string_view kActionRule = "T6";
  static constexpr std::string_view kKnobRule = "T7";
  static constexpr std::string_view kDealerRule = "T2.2";
  static constexpr const auto& kKnobs = toy_tricks::kKnobs;
  static constexpr std::array<std::string_view, 1> kGivenFields = {"deal"};

  static Rules base_rules(std::optional<std::int64_t> /*players*/) { return Rules{}; }
  static std::optional<DealtCards> given_from(const json::Value& record, const Rules& rules);
  template <json::DataSink S>
  static void write_given(S& s, const Game& g) {
    s.key("deal");
    if (g.given_deal()) {
      write_dealt(s, *g.given_deal());
    } else {
      s.null();
    }
  }
  static ActionId parse_action(std::string_view text) { return toy_tricks::parse_action(text); }
  static std::string_view action_text(ActionId a) { return toy_tricks::action_text(a); }
  static CardSet hand_of(const Game& g, int seat) { return g.hand(seat); }

  // The binary record: game 3; the given deal as a flag (0 none, 1 given), then each seat's six card ids.
  static constexpr std::uint8_t kBytesGame = 3;
  static void write_given_bytes(record::ByteWriter& w, const Game& g) {
    if (!g.given_deal()) return w.u8(0);
    w.u8(1);
    for (const auto& hand : g.given_deal()->hands) {
      for (const Card c : hand) w.u8(c);
    }
  }
  static std::optional<DealtCards> given_from_bytes(record::ByteReader& r, const Rules& rules);
};

template <json::DataSink S>
void write_record(S& s, const Game& g) {
  record::write<RecordFormat>(s, g);
}
std::string record_json(const Game& g);
Game game_from_record(std::string_view text);  // RecordError ("from_json: ...")
std::string record_bytes(const Game& g);
Game game_from_bytes(std::string_view data);   // RecordError ("from_bytes: ...")

}  // namespace bieten::toy_tricks
