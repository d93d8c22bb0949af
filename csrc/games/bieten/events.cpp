#include "games/bieten/events.hpp"

#include <array>

namespace bieten {

std::string_view event_type_name(EventType t) {
  static constexpr std::array<std::string_view, 15> kNames = {
      "hand_dealt",  "card_seen",       "card_stolen", "card_left",   "top_card_shown",
      "card_played", "trick_won",       "bid_opened",  "answered",    "turn_passed",
      "bid_settled", "figure_credited", "credit_void", "hand_scored", "game_over"};
  return kNames[static_cast<int>(t)];
}

std::string_view answer_stage_name(AnswerStage s) {
  static constexpr std::array<std::string_view, 3> kNames = {"bid", "raise", "reraise"};
  return kNames[static_cast<int>(s)];
}

std::string_view bid_outcome_name(BidOutcome o) {
  static constexpr std::array<std::string_view, 4> kNames = {"conceded", "stands", "raise_conceded", "stands_three"};
  return kNames[static_cast<int>(o)];
}

std::string_view credit_reason_name(CreditReason r) {
  static constexpr std::array<std::string_view, 6> kNames = {"unbid",          "conceded",   "held",
                                                             "raise_conceded", "held_three", "weli_point"};
  return kNames[static_cast<int>(r)];
}

std::string_view void_reason_name(VoidReason r) {
  static constexpr std::array<std::string_view, 3> kNames = {"tie", "unheld", "game_over"};
  return kNames[static_cast<int>(r)];
}

bool redact_for(Event& e, int seat) {
  switch (e.type) {
    case EventType::kHandDealt:  // R4.4: another seat's cards are unplayed when dealt: only one's own hand
      for (int p = 0; p < kMaxPlayers; ++p) {
        if (p != seat) e.cards[p] = 0;
      }
      return true;
    case EventType::kCardSeen:
    case EventType::kCardStolen:
    case EventType::kCardLeft:  // R3.7: the cards the cutter saw are known to him alone
      if (e.seat != seat) e.card = kNoCard;
      return true;
    default:  // the rest is public; figure_credited and credit_void come when every dealt card is face up (R4.4)
      return true;
  }
}

}  // namespace bieten
