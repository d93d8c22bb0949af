#include "games/schnapsen/record.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/record_bytes.hpp"

namespace bieten::schnapsen {

namespace {

using json::Value;

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

}  // namespace

std::optional<DealtCards> RecordFormat::given_from(const Value& rec, const Rules& rules) {
  const Value* deal = json::find(rec, "deal");
  if (deal == nullptr || deal->is_null()) return std::nullopt;
  return deal_from(*deal, rules.players);
}

std::optional<DealtCards> RecordFormat::given_from_bytes(record::ByteReader& r, const Rules& rules) {
  if (r.flag("the given deal", 1) == 0) return std::nullopt;
  const auto card = [&](const std::string& where) {
    const std::size_t at = r.offset();
    const Card c = r.u8(where);
    if (!in_pack(c)) {
      throw CardError("S1.1: card id " + std::to_string(c) + " (" + where + ", byte " + std::to_string(at) +
                      ") is not in the Schnapsen pack");
    }
    return c;
  };
  DealtCards given;
  for (int p = 0; p < rules.players; ++p) {
    for (Card& c : given.hands[p]) c = card("seat " + std::to_string(p));
  }
  if (rules.players == 2) {
    given.trump_card = card("trump_card");
    for (Card& c : given.stock) c = card("stock");
  }
  return given;
}

static_assert(record::BytesFormat<RecordFormat>);

std::string record_bytes(const Game& g) { return record::bytes<RecordFormat>(g); }

Game game_from_bytes(std::string_view data) { return record::read_bytes<RecordFormat>(data); }

std::string record_json(const Game& g) { return record::text<RecordFormat>(g); }

Rules rules_from_json(std::string_view preset_name, const Value& knobs) {
  // preset() refuses an unknown name (S10)
  return knobs::read(knobs, preset(preset_name), kKnobs, RecordFormat::kKnobRule);
}

Rules rules_from_json(const Value& knobs) { return record::rules_from<RecordFormat>(knobs); }

Game game_from_record(std::string_view text) { return record::read<RecordFormat>(text); }

}  // namespace bieten::schnapsen
