// Bauernschnapsen's and Schnapsen's data, written once for every front end (as csrc/games/bieten/
// record.hpp for Bieten): rules (Rules.to_dict()), the cards of a deal (deal()), events
// (docs/schnapsen_events.md) and the game record go to a json::DataSink, the C ABI's JSON writer or the
// pybind11 module's builder of dicts and lists. Reading a record back is game_from_record.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/json.hpp"
#include "core/record.hpp"
#include "core/record_bytes.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/cards.hpp"
#include "games/schnapsen/deal.hpp"
#include "games/schnapsen/events.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/rules.hpp"

namespace bieten::schnapsen {

namespace data {

inline constexpr std::string_view kSuitLetters[4] = {"H", "L", "S", "E"};

template <json::DataSink S>
void suit_or_null(S& s, int suit) {
  if (suit < 0 || suit > 3) {
    s.null();
  } else {
    s.string(kSuitLetters[suit]);
  }
}

using bieten::data::card_or_null;
using bieten::data::cards;
using bieten::data::per_seat;
using bieten::data::seat_list;
using bieten::data::seat_or_null;

}  // namespace data

// Rules.to_dict(): every knob, in kKnobs order.
template <json::DataSink S>
void write_rules(S& s, const Rules& r) {
  knobs::write(s, r, kKnobs);
}

// The cards of a deal as dealt, in deal()'s shape (S3.7): hands, the trump card, the stock (two players).
template <json::DataSink S>
void write_dealt(S& s, const DealtCards& d, int players) {
  s.begin_object();
  s.key("hands"), s.begin_array();
  for (int p = 0; p < players; ++p) {
    s.begin_array();
    for (Card c : d.hands[p]) s.string(card_text(c));
    s.end_array();
  }
  s.end_array();
  s.key("trump_card"), data::card_or_null(s, d.trump_card);
  s.key("stock"), s.begin_array();
  if (players == 2) {
    for (Card c : d.stock) s.string(card_text(c));
  }
  s.end_array();
  s.end_object();
}

// An event's dict (docs/schnapsen_events.md), as it stands (redact_for hides what a seat may not see).
template <json::DataSink S>
void write_event(S& s, const Event& e, int players) {
  s.begin_object();
  s.key("type"), s.string(event_type_name(e.type));
  s.key("seq"), s.unsigned_integer(e.seq);
  s.key("hand"), s.unsigned_integer(e.hand);
  switch (e.type) {
    case EventType::kDealStarted:
      s.key("dealer"), s.integer(e.seat);
      s.key("forehand"), s.integer(e.other);
      break;
    case EventType::kCutChosen:
      s.key("seat"), s.integer(e.seat);
      s.key("choice"), s.string(action_text(e.code));
      break;
    case EventType::kCardsDealt:
    case EventType::kCardsRevealed:
      s.key("seat"), s.integer(e.seat);
      s.key("cards"), s.begin_array();
      for (int i = 0; i < e.count && i < kHandSize; ++i) data::card_or_null(s, e.cards[i]);
      s.end_array();
      break;
    case EventType::kTrumpCardTurned: s.key("card"), data::card_or_null(s, e.card); break;
    case EventType::kTrumpChosen:
      s.key("seat"), s.integer(e.seat);
      s.key("suit"), data::suit_or_null(s, e.suit);
      s.key("turned"), data::card_or_null(s, e.card);
      break;
    case EventType::kBid:
    case EventType::kDoubled:
      s.key("seat"), s.integer(e.seat);
      s.key(e.type == EventType::kBid ? "bid" : "word"), s.string(action_text(e.code));
      break;
    case EventType::kContractSettled:
      s.key("contract"), s.string(contract_name(e.code));
      s.key("declarer"), s.integer(e.seat);
      s.key("trump"), data::suit_or_null(s, e.suit);
      break;
    case EventType::kCardCalled:
    case EventType::kCardPlayed:
      s.key("seat"), s.integer(e.seat);
      s.key("card"), data::card_or_null(s, e.card);
      if (e.type == EventType::kCardPlayed) s.key("trick"), s.integer(e.trick);
      break;
    case EventType::kExchanged:
      s.key("seat"), s.integer(e.seat);
      s.key("taken"), data::card_or_null(s, e.card);
      s.key("unter"), data::card_or_null(s, e.card2);
      break;
    case EventType::kClosed:
    case EventType::kPartnerRevealed: s.key("seat"), s.integer(e.seat); break;
    case EventType::kMelded:
      s.key("seat"), s.integer(e.seat);
      s.key("suit"), data::suit_or_null(s, e.suit);
      s.key("points"), s.integer(e.points);
      break;
    case EventType::kMarriageCredited:
      s.key("seat"), s.integer(e.seat);
      s.key("points"), s.integer(e.points);
      s.key("side"), data::seat_list(s, e.seats, players);
      break;
    case EventType::kClaimed:
      s.key("seat"), s.integer(e.seat);
      s.key("correct"), s.boolean(e.other == 1);
      s.key("points"), s.integer(e.points);
      s.key("side"), data::seat_list(s, e.seats, players);
      break;
    case EventType::kTrickWon:
      s.key("seat"), s.integer(e.seat);
      s.key("trick"), s.integer(e.trick);
      s.key("points"), s.integer(e.points);
      break;
    case EventType::kCardDrawn:
      s.key("seat"), s.integer(e.seat);
      s.key("card"), data::card_or_null(s, e.card);
      s.key("face_up"), s.boolean(e.code == 1);
      break;
    case EventType::kDealScored:
      s.key("end"), s.string(deal_end_name(static_cast<DealEnd>(e.code)));
      s.key("claimant"), data::seat_or_null(s, e.other);
      s.key("side"), data::seat_list(s, e.seats, players);
      s.key("points"), s.integer(e.points);
      s.key("gained"), data::per_seat(s, e.gained, players);
      s.key("scores"), data::per_seat(s, e.totals, players);
      break;
    case EventType::kGameOver:
      s.key("winners"), data::seat_list(s, e.seats, players);
      s.key("bummerl"), data::seat_list(s, e.seats2, players);
      s.key("scores"), data::per_seat(s, e.totals, players);
      break;
  }
  s.end_object();
}

// What a Bauernschnapsen or Schnapsen record has of its own (core/record.hpp record::Format, which writes
// and reads the rest): S rule ids, the knobs over bauernschnapsen's (bauernschnapsen_2's for two
// players), a given first deal in deal()'s shape (S3.7), the action texts (S11) and the hands held.
struct RecordFormat {
  using Game = schnapsen::Game;
  using Rules = schnapsen::Rules;
  using ActionId = schnapsen::ActionId;
  static constexpr std::string_view kFormat = "bieten-schnapsen-game";  // _game.py JSON_FORMAT
  static constexpr int kVersion = 1;                                     // JSON_VERSION
  static constexpr std::string_view kActionRule = "S11";
  static constexpr std::string_view kKnobRule = "S10";
  static constexpr std::string_view kDealerRule = "S2.1";
  static constexpr const auto& kKnobs = schnapsen::kKnobs;
  static constexpr std::array<std::string_view, 1> kGivenFields = {"deal"};

  // S10: Rules.from_dict's missing knobs are bauernschnapsen's, or bauernschnapsen_2's for 2 players.
  static Rules base_rules(std::optional<std::int64_t> players) {
    return preset(players == 2 ? "bauernschnapsen_2" : "bauernschnapsen");
  }
  // S3.7: the cards of the first deal as deal() gives them, or none.
  static std::optional<DealtCards> given_from(const json::Value& record, const Rules& rules);
  template <json::DataSink S>
  static void write_given(S& s, const Game& g) {
    s.key("deal");
    if (g.given_deal()) {
      write_dealt(s, *g.given_deal(), g.players());
    } else {
      s.null();
    }
  }
  static ActionId parse_action(std::string_view text) { return schnapsen::parse_action(text); }
  static std::string_view action_text(ActionId a) { return schnapsen::action_text(a); }
  static CardSet hand_of(const Game& g, int seat) { return g.hand(seat); }

  // The binary record (core/record_bytes.hpp record::BytesFormat): game 2; the given deal as a flag (0
  // none, 1 given), each seat's five card ids in deal()'s order, and with two players the trump card's
  // id and the nine stock cards', top first (S3.7).
  static constexpr std::uint8_t kBytesGame = 2;
  static void write_given_bytes(record::ByteWriter& w, const Game& g) {
    const std::optional<DealtCards>& given = g.given_deal();
    if (!given) return w.u8(0);
    w.u8(1);
    for (int p = 0; p < g.players(); ++p) {
      for (const Card c : given->hands[p]) w.u8(c);
    }
    if (g.players() == 2) {
      w.u8(given->trump_card);
      for (const Card c : given->stock) w.u8(c);
    }
  }
  static std::optional<DealtCards> given_from_bytes(record::ByteReader& r, const Rules& rules);
};

// The game record (Game.to_record()), core/record.hpp.
template <json::DataSink S>
void write_record(S& s, const Game& g) {
  record::write<RecordFormat>(s, g);
}

// The record as JSON text (a game that records its actions).
std::string record_json(const Game& g);

// Rules.preset(name, **knobs) from a JSON object of knobs; RulesError (S10) names an unknown preset, or
// a knob that is unknown, of the wrong type or out of range.
Rules rules_from_json(std::string_view preset_name, const json::Value& knobs);
// Rules.from_dict(knobs): missing knobs from bauernschnapsen, or bauernschnapsen_2 when players is 2.
Rules rules_from_json(const json::Value& knobs);

// A game restored from its record by replaying the actions; RecordError ("from_json: ...").
Game game_from_record(std::string_view text);

// The binary record (Game.to_bytes(), bieten_schnapsen_to_bytes; core/record_bytes.hpp).
std::string record_bytes(const Game& g);
// A game restored from its binary record; RecordError ("from_bytes: ...").
Game game_from_bytes(std::string_view data);

}  // namespace bieten::schnapsen
