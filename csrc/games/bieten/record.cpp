#include "games/bieten/record.hpp"

#include <optional>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/record_bytes.hpp"

namespace bieten {

namespace {

using json::Value;

// A card from its text or id.
Card card_from(const Value& v) {
  if (v.is_string()) return parse_card(v.get_ref<const std::string&>());
  if (v.is_number_integer()) {
    if (!json::integer_in(v, 0, kDeckSize - 1)) throw CardError("R1.4: card id must be 0 to 32, not " + json::show(v));
    return static_cast<Card>(v.get<int>());
  }
  throw CardError("R1.5: expected a card text or card id, not " + json::show(v));
}

// The given first deal: one list of cards per seat.
std::vector<CardSet> deal_from(const Value& deal) {
  if (!deal.is_array()) throw HandError("R3.6: deal must be a list of hands, one per seat, not " + json::show(deal));
  std::vector<CardSet> masks;
  for (std::size_t seat = 0; seat < deal.size(); ++seat) {
    const Value& hand = deal[seat];
    if (!hand.is_array()) {
      throw HandError("R3.6: seat " + std::to_string(seat) + "'s hand must be a list of cards, not " + json::show(hand));
    }
    CardSet mask = 0;
    for (const Value& card : hand) {
      const Card c = card_from(card);
      if (mask & bit(c)) throw HandError("R1.4: seat " + std::to_string(seat) + " lists " + card_text(c) + " twice");
      mask |= bit(c);
    }
    masks.push_back(mask);
  }
  return masks;
}

}  // namespace

std::optional<GivenDeal> RecordFormat::given_from(const Value& rec, const Rules& rules) {
  const Value* deal = json::find(rec, "deal");
  if (deal != nullptr && deal->is_null()) deal = nullptr;
  const Value* top = json::find(rec, "top_card");
  if (top != nullptr && top->is_null()) top = nullptr;
  std::optional<GivenDeal> given;
  std::vector<CardSet> masks;
  if (deal != nullptr) masks = deal_from(*deal);
  const Card top_card = top != nullptr ? card_from(*top) : kNoCard;
  if (top != nullptr && deal == nullptr) throw HandError("R3.8: top_card is only given together with a deal");
  if (deal != nullptr) {
    if (static_cast<int>(masks.size()) != rules.players) {
      throw HandError("R2.1: a given deal needs one hand per seat (" + std::to_string(rules.players) + "), not " +
                      std::to_string(masks.size()));
    }
    given.emplace();
    for (std::size_t p = 0; p < masks.size(); ++p) given->hands[p] = masks[p];
    given->top_card = top_card;
  }
  return given;
}

std::optional<GivenDeal> RecordFormat::given_from_bytes(record::ByteReader& r, const Rules& rules) {
  const int flag = r.flag("the given deal", 2);
  if (flag == 0) return std::nullopt;
  GivenDeal given;
  for (int p = 0; p < rules.players; ++p) {
    const std::size_t at = r.offset();
    const std::uint64_t mask = r.varint("a given hand");
    if (mask >> kDeckSize) {
      throw CardError("R1.4: seat " + std::to_string(p) + "'s given hand (byte " + std::to_string(at) +
                      ") holds a card id beyond 32");
    }
    given.hands[p] = mask;
  }
  if (flag == 2) {
    const int top = r.u8("the top card");
    if (top >= kDeckSize) throw CardError("R1.4: card id must be 0 to 32, not " + std::to_string(top) + " (the top card)");
    given.top_card = static_cast<Card>(top);
  }
  return given;
}

static_assert(record::BytesFormat<RecordFormat>);

std::string record_bytes(const Game& g) { return record::bytes<RecordFormat>(g); }

Game game_from_bytes(std::string_view data) { return record::read_bytes<RecordFormat>(data); }

std::string record_json(const Game& g) { return record::text<RecordFormat>(g); }

Rules rules_from_json(const Value& knobs) { return record::rules_from<RecordFormat>(knobs); }

Game game_from_record(std::string_view text) { return record::read<RecordFormat>(text); }

}  // namespace bieten
