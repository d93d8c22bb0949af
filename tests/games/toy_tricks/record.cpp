#include "games/toy_tricks/record.hpp"

namespace bieten::toy_tricks {

std::optional<DealtCards> RecordFormat::given_from(const json::Value& rec, const Rules& /*rules*/) {
  const json::Value* deal = json::find(rec, "deal");
  if (deal == nullptr || deal->is_null()) return std::nullopt;
  const json::Value* hands = deal->is_object() && deal->size() == 1 ? json::find(*deal, "hands") : nullptr;
  if (hands == nullptr || !hands->is_array() || hands->size() != kMaxPlayers) {
    throw HandError("T3.4: deal must be {\"hands\": [6 cards of seat 0, 6 cards of seat 1]}, not " + json::show(*deal));
  }
  DealtCards given;
  for (int p = 0; p < kMaxPlayers; ++p) {
    const json::Value& hand = (*hands)[p];
    if (!hand.is_array() || hand.size() != kHandSize) {
      throw HandError("T3.4: seat " + std::to_string(p) + " must be given 6 cards, not " + json::show(hand));
    }
    for (int i = 0; i < kHandSize; ++i) {
      Card c = kNoCard;
      if (!hand[i].is_string() || !try_parse_card(hand[i].get_ref<const std::string&>(), c) || !in_pack(c)) {
        throw CardError("T1.1: " + json::show(hand[i]) + " (seat " + std::to_string(p) +
                        ") is not a card of the Toy Tricks pack");
      }
      given.hands[p][i] = c;
    }
  }
  return given;  // the Game checks that it is the pack (T3.4)
}

std::optional<DealtCards> RecordFormat::given_from_bytes(record::ByteReader& r, const Rules& /*rules*/) {
  if (r.flag("the given deal", 1) == 0) return std::nullopt;
  DealtCards given;
  for (int p = 0; p < kMaxPlayers; ++p) {
    for (Card& c : given.hands[p]) {
      const std::size_t at = r.offset();
      c = r.u8("seat " + std::to_string(p));
      if (!in_pack(c)) {
        throw CardError("T1.1: card id " + std::to_string(c) + " (seat " + std::to_string(p) + ", byte " +
                        std::to_string(at) + ") is not in the Toy Tricks pack");
      }
    }
  }
  return given;
}

static_assert(record::BytesFormat<RecordFormat>);

std::string record_json(const Game& g) { return record::text<RecordFormat>(g); }
Game game_from_record(std::string_view text) { return record::read<RecordFormat>(text); }
std::string record_bytes(const Game& g) { return record::bytes<RecordFormat>(g); }
Game game_from_bytes(std::string_view data) { return record::read_bytes<RecordFormat>(data); }

}  // namespace bieten::toy_tricks
