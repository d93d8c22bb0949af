// Bieten's data, written once for every front end: rules (Rules.to_dict()), events (Event.to_dict(),
// docs/events.md) and the game record (Game.to_json()) go to a json::DataSink, which is the JSON writer
// for the C ABI and to_json, or the pybind11 module's builder of dicts and lists. So the C ABI's JSON is
// json.dumps of Python's dicts by construction. Reading a record back (Game.from_json,
// bieten_from_json) is game_from_record.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/json.hpp"
#include "core/record.hpp"
#include "core/record_bytes.hpp"
#include "games/bieten/actions.hpp"
#include "games/bieten/cards.hpp"
#include "games/bieten/events.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/rules.hpp"

namespace bieten {

namespace data {

inline std::string_view figure_text(int figure) {
  return figure == kWeliPointFigure ? std::string_view("weli") : figure_name(static_cast<Figure>(figure));
}

}  // namespace data

// Rules.to_dict(): every knob, in kKnobs order.
template <json::DataSink S>
void write_rules(S& s, const Rules& r) {
  knobs::write(s, r, kKnobs);
}

// An event's dict (docs/events.md); `viewer` >= 0 hides the other seats' hands of hand_dealt (the
// event is already redacted for that seat, redact_for).
template <json::DataSink S>
void write_event(S& s, const Event& e, int players, int viewer) {
  using data::figure_text;
  s.begin_object();
  s.key("type"), s.string(event_type_name(e.type));
  s.key("seq"), s.unsigned_integer(e.seq);
  s.key("hand"), s.unsigned_integer(e.hand);
  switch (e.type) {
    case EventType::kHandDealt:
      s.key("dealer"), s.integer(e.other);
      s.key("forehand"), s.integer(e.seat);
      s.key("hands"), s.begin_array();
      for (int p = 0; p < players; ++p) {
        if (viewer >= 0 && p != viewer) {
          s.null();
        } else {
          data::cards(s, e.cards[p]);
        }
      }
      s.end_array();
      break;
    case EventType::kCardSeen:
    case EventType::kCardStolen:
    case EventType::kCardLeft:
      s.key("seat"), s.integer(e.seat);
      s.key("card"), data::card_or_null(s, e.card);
      break;
    case EventType::kTopCardShown: s.key("card"), data::card_or_null(s, e.card); break;
    case EventType::kCardPlayed:
      s.key("seat"), s.integer(e.seat);
      s.key("card"), s.string(card_text(e.card));
      s.key("as"), data::card_or_null(s, e.identity != e.card ? e.identity : kNoCard);
      s.key("trick"), s.integer(e.trick);
      break;
    case EventType::kTrickWon:
      s.key("seat"), s.integer(e.seat);
      s.key("trick"), s.integer(e.trick);
      break;
    case EventType::kBidOpened:
      s.key("seat"), s.integer(e.seat);
      s.key("figure"), s.string(figure_text(e.figure));
      break;
    case EventType::kAnswered:
      s.key("seat"), s.integer(e.seat);
      s.key("figure"), s.string(figure_text(e.figure));
      s.key("answer"), s.string(action_text(e.code));
      s.key("stage"), s.string(answer_stage_name(static_cast<AnswerStage>(e.stage)));
      break;
    case EventType::kTurnPassed: s.key("seat"), s.integer(e.seat); break;
    case EventType::kBidSettled:
      s.key("figure"), s.string(figure_text(e.figure));
      s.key("outcome"), s.string(bid_outcome_name(static_cast<BidOutcome>(e.code)));
      s.key("stake"), s.integer(e.points);
      s.key("bidder"), s.integer(e.other);
      s.key("by"), data::seat_or_null(s, e.other2);
      break;
    case EventType::kFigureCredited:
      s.key("seat"), s.integer(e.seat);
      s.key("figure"), s.string(figure_text(e.figure));
      s.key("points"), s.integer(e.points);
      s.key("reason"), s.string(credit_reason_name(static_cast<CreditReason>(e.code)));
      break;
    case EventType::kCreditVoid:
      s.key("seat"), data::seat_or_null(s, e.seat);
      s.key("figure"), s.string(figure_text(e.figure));
      s.key("points"), s.integer(e.points);
      s.key("credit"), s.string(credit_reason_name(static_cast<CreditReason>(e.code)));
      s.key("reason"), s.string(void_reason_name(static_cast<VoidReason>(e.stage)));
      break;
    case EventType::kHandScored:
      s.key("points"), data::per_seat(s, e.gained, players);
      s.key("scores"), data::per_seat(s, e.totals, players);
      break;
    case EventType::kGameOver:
      s.key("winner"), s.integer(e.seat);
      s.key("bummerl"), data::seat_list(s, e.seats, players);
      s.key("scores"), data::per_seat(s, e.totals, players);
      break;
  }
  s.end_object();
}

// What Bieten's record has of its own (core/record.hpp record::Format, which writes and reads the rest):
// R rule ids, the knobs over tyrol's, a given first deal with its top card (R3.6, R3.8), the canonical
// action texts (R11) and the hands as dealt.
struct RecordFormat {
  using Game = bieten::Game;
  using Rules = bieten::Rules;
  using ActionId = bieten::ActionId;
  static constexpr std::string_view kFormat = "bieten-game";  // python/bieten/bieten/_game.py JSON_FORMAT
  static constexpr int kVersion = 1;                           // JSON_VERSION
  static constexpr std::string_view kActionRule = "R11";
  static constexpr std::string_view kKnobRule = "R10";
  static constexpr std::string_view kDealerRule = "R2.2";
  static constexpr const auto& kKnobs = bieten::kKnobs;
  static constexpr std::array<std::string_view, 2> kGivenFields = {"deal", "top_card"};

  static Rules base_rules(std::optional<std::int64_t> /*players*/) { return Rules{}; }  // tyrol, R10
  // R3.6, R3.8: the hands dealt first (a list of cards per seat) and the face-up card, or none.
  static std::optional<GivenDeal> given_from(const json::Value& record, const Rules& rules);
  template <json::DataSink S>
  static void write_given(S& s, const Game& g) {
    s.key("deal");
    if (g.given_deal()) {
      s.begin_array();
      for (int p = 0; p < g.players(); ++p) data::cards(s, g.given_deal()->hands[p]);
      s.end_array();
    } else {
      s.null();
    }
    s.key("top_card"), data::card_or_null(s, g.given_deal() ? g.given_deal()->top_card : kNoCard);
  }
  static ActionId parse_action(std::string_view text) { return bieten::parse_action(text); }
  static std::string_view action_text(ActionId a) { return canonical_action_text(a); }
  static CardSet hand_of(const Game& g, int seat) { return g.dealt()[seat]; }

  // The binary record (core/record_bytes.hpp record::BytesFormat): game 1; the given deal as a flag (0
  // none, 1 hands, 2 hands and top card), each seat's hand as a varint of its card mask (R1.4), the
  // top card's id.
  static constexpr std::uint8_t kBytesGame = 1;
  static void write_given_bytes(record::ByteWriter& w, const Game& g) {
    const std::optional<GivenDeal>& given = g.given_deal();
    if (!given) return w.u8(0);
    w.u8(given->top_card == kNoCard ? 1 : 2);
    for (int p = 0; p < g.players(); ++p) w.varint(given->hands[p]);
    if (given->top_card != kNoCard) w.u8(given->top_card);
  }
  static std::optional<GivenDeal> given_from_bytes(record::ByteReader& r, const Rules& rules);
};

// The game record (Game.to_record()), core/record.hpp.
template <json::DataSink S>
void write_record(S& s, const Game& g) {
  record::write<RecordFormat>(s, g);
}

// The record as JSON text (a game that records its actions, Game(..., record_events=true)).
std::string record_json(const Game& g);

// Rules from a JSON object of knobs (Rules.from_dict, bieten_game_new): missing knobs are the tyrol
// preset's; RulesError (R10) names a knob that is unknown, of the wrong type or out of range.
Rules rules_from_json(const json::Value& knobs);

// A game restored from its record by replaying the actions; RecordError ("from_json: ...") for a record
// that is not JSON, malformed, tampered with or inconsistent (docs/c_abi.md).
Game game_from_record(std::string_view text);

// The binary record (Game.to_bytes(), bieten_to_bytes; core/record_bytes.hpp).
std::string record_bytes(const Game& g);
// A game restored from its binary record; RecordError ("from_bytes: ...").
Game game_from_bytes(std::string_view data);

}  // namespace bieten
