#include "games/schnapsen/events.hpp"

#include <array>

namespace bieten::schnapsen {

namespace {

constexpr std::array<std::string_view, kEventTypes> kTypeNames = {
    "deal_started",    "cut_chosen",      "cards_dealt",  "trump_card_turned", "trump_chosen",
    "cards_revealed",  "bid",             "contract_settled", "card_called",   "doubled",
    "exchanged",       "closed",          "melded",       "marriage_credited", "claimed",
    "card_played",     "partner_revealed", "trick_won",   "card_drawn",        "deal_scored",
    "game_over"};
constexpr std::array<std::string_view, 6> kDealEndNames = {"claim",        "wrong_claim",   "last_trick",
                                                           "close_failed", "contract_won", "contract_lost"};

}  // namespace

std::string_view event_type_name(EventType t) { return kTypeNames[static_cast<int>(t)]; }
std::string_view deal_end_name(DealEnd e) { return kDealEndNames[static_cast<int>(e)]; }

void redact_for(Event& e, int seat) {
  switch (e.type) {
    case EventType::kCardsDealt:
      if (e.seat != seat) {
        e.cards.fill(kNoCard);
      } else if (e.code == 1) {  // S4.1/S12 forehand sees his last two only after choosing trump
        e.cards[3] = e.cards[4] = kNoCard;
      }
      break;
    case EventType::kCardsRevealed:
      if (e.seat != seat) e.cards.fill(kNoCard);
      break;
    case EventType::kCardDrawn:  // S12 the stock is hidden; the face-up card (code 1) is not
      if (e.seat != seat && e.code == 0) e.card = kNoCard;
      break;
    default: break;
  }
}

}  // namespace bieten::schnapsen
