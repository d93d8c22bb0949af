#include "games/schnapsen/record.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <vector>

#include "core/record.hpp"

namespace bieten::schnapsen {

namespace {

using json::Value;

// Rules from a base (a preset's knobs) overridden by a JSON object of knobs (core/knobs.hpp read).
Rules rules_over(const Rules& base, const Value& overrides) { return knobs::read(overrides, base, kKnobs, "S10"); }

// A card of the Schnapsen pack by text or id; anything else is refused (S1.1).
Card pack_card(const Value& v, const std::string& where) {
  Card c = kNoCard;
  bool ok = false;
  if (v.is_string()) {
    ok = try_parse_card(v.get_ref<const std::string&>(), c);
  } else if (json::integer_in(v, 0, 31)) {  // a card id of the 32-card pack; in_pack checks it below
    c = static_cast<Card>(v.get<int>());
    ok = true;
  }
  if (!ok) throw CardError("S1.1: " + where + ": " + json::show(v) + " is not a card of the Schnapsen pack");
  if (!in_pack(c)) throw CardError("S1.1: " + card_text(c) + " is not in the Schnapsen pack (" + where + ")");
  return c;
}

// A given first deal in deal()'s shape (S3.7).
DealtCards deal_from(const Value& deal, int players) {
  bool shape = deal.is_object() && json::find(deal, "hands") != nullptr;
  if (shape) {
    for (const auto& [name, value] : deal.items()) {
      if (name != "hands" && name != "trump_card" && name != "stock") shape = false;
    }
  }
  if (!shape) {
    throw HandError("S3.7: deal must be an object with hands, trump_card and stock, as schnapsen.deal() gives");
  }
  const Value& hands = *json::find(deal, "hands");
  if (!hands.is_array()) {
    throw HandError("S3.7: deal['hands'] must be a list of hands, one per seat, not " + json::show(hands));
  }
  std::vector<std::vector<Card>> ids;
  for (std::size_t seat = 0; seat < hands.size(); ++seat) {
    const Value& hand = hands[seat];
    if (!hand.is_array()) {
      throw HandError("S3.7: the hand of seat " + std::to_string(seat) + " must be a list of cards, not " +
                      json::show(hand));
    }
    std::vector<Card>& cards = ids.emplace_back();
    for (const Value& card : hand) cards.push_back(pack_card(card, "seat " + std::to_string(seat)));
  }
  const Value* trump = json::find(deal, "trump_card");
  std::optional<Card> trump_card;
  if (trump != nullptr && !trump->is_null()) trump_card = pack_card(*trump, "trump_card");
  std::vector<Card> stock;
  if (const Value* s = json::find(deal, "stock")) {
    if (!s->is_array()) throw HandError("S3.7: deal['stock'] must be a list of cards, not " + json::show(*s));
    for (const Value& card : *s) stock.push_back(pack_card(card, "stock"));
  }
  if (static_cast<int>(ids.size()) != players) {
    throw HandError("S3.7: a given deal needs one hand per seat (" + std::to_string(players) + "), not " +
                    std::to_string(ids.size()));
  }
  DealtCards given;
  for (int p = 0; p < players; ++p) {
    if (ids[p].size() != kHandSize) {
      throw HandError("S3.7: seat " + std::to_string(p) + " must be given 5 cards, not " +
                      std::to_string(ids[p].size()));
    }
    std::copy(ids[p].begin(), ids[p].end(), given.hands[p].begin());
  }
  if (players == 2) {
    if (!trump_card) throw HandError("S3.7: a given two-player deal needs a trump_card");
    if (stock.size() != kStockSize) {
      throw HandError("S3.7: a given two-player deal needs 9 stock cards, not " + std::to_string(stock.size()));
    }
    given.trump_card = *trump_card;
    std::copy(stock.begin(), stock.end(), given.stock.begin());
  } else if (trump_card || !stock.empty()) {
    throw HandError("S3.7: a given four-player deal has no trump_card and an empty stock");
  }
  return given;
}

Game game_from(const Value& rec) {
  const Rules rules = rules_from_json(*json::find(rec, "rules"));
  const std::uint64_t seed = record::seed_from(*json::find(rec, "seed"));
  const Value& dealer = *json::find(rec, "dealer");
  if (!json::integer_in(dealer, 0, rules.players - 1)) {
    throw SeatError("S2.1: dealer must be a seat from 0 to " + std::to_string(rules.players - 1) + ", not " +
                    json::show(dealer));
  }
  std::optional<DealtCards> given;
  const Value* deal = json::find(rec, "deal");
  if (deal != nullptr && !deal->is_null()) given = deal_from(*deal, rules.players);
  return Game(rules, seed, dealer.get<int>(), given, true);
}

}  // namespace

std::string record_json(const Game& g) {
  std::string out;
  json::Writer w(out);
  write_record(w, g);
  return out;
}

Rules rules_from_json(std::string_view preset_name, const Value& knobs) {
  return rules_over(preset(preset_name), knobs);  // preset() refuses an unknown name (S10)
}

Rules rules_from_json(const Value& knobs) {
  const Value* players = json::find(knobs, "players");
  const bool two = players != nullptr && json::integer_in(*players, 2, 2);
  return rules_over(preset(two ? "bauernschnapsen_2" : "bauernschnapsen"), knobs);
}

Game game_from_record(std::string_view text) {
  const record::Parsed rec = record::envelope(
      text, kRecordFormat, kRecordVersion,
      {"format", "version", "rules", "seed", "dealer", "deal", "actions", "hand_number", "scores", "hands"}, "S11");
  return record::replay<Game>(
      rec, game_from, [](const std::string& text) { return parse_action(text); },
      [](const Game& g) {
        record::State state{g.hand_number(), {}, {}};
        for (int p = 0; p < g.players(); ++p) {
          state.scores.push_back(g.scores()[p]);
          state.hands.push_back(g.hand(p));
        }
        return state;
      });
}

}  // namespace bieten::schnapsen
