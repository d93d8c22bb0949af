// Everything that happens in a game, as small fixed-size values (documented in docs/events.md).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "games/bieten/deal.hpp"

namespace bieten {

enum class EventType : std::uint8_t {
  kHandDealt,       // R3.6: dealer, every seat's cards (each seat sees only its own)
  kCardSeen,        // R3.7: the cutter sees the bottom card of the lifted packet (private)
  kCardStolen,      // R3.7: the cutter steals it (the card is private)
  kCardLeft,        // R3.7: the cutter leaves it (the card is private)
  kTopCardShown,    // R3.8: the face-up card
  kCardPlayed,      // R4.1/R5.2: a card, and the identity a wild is named
  kTrickWon,        // R4.3
  kBidOpened,       // R7.1
  kAnswered,        // R7.4-R7.6: good, hold, three or pass to a bid, a raise or a re-raise
  kTurnPassed,      // R7.1: pass, ending one's bidding after a card
  kBidSettled,      // R7.4/R7.5: conceded, stands, raise conceded or stands at three
  kFigureCredited,  // R7.7/R8.1: points credited for a figure or the Weli point
  kCreditVoid,      // R7.7/R6.6/R8.2: a credit of R8.1 that nobody receives
  kHandScored,      // R8.1: the hand's points and the totals
  kGameOver,        // R8.2/R8.3: the winner and the Bummerl
};

// Which answer round an answer belongs to.
enum class AnswerStage : std::uint8_t { kBid, kRaise, kReraise };

// How a bid ended (R7.7).
enum class BidOutcome : std::uint8_t { kConceded, kStands, kRaiseConceded, kStandsThree };

// Why a figure was credited (R7.7, R6.6).
enum class CreditReason : std::uint8_t { kUnbid, kConceded, kHeld, kRaiseConceded, kHeldThree, kWeliPoint };

// Why a credit of R8.1 goes to nobody (docs/events.md, credit_void).
enum class VoidReason : std::uint8_t {
  kTie,       // R6.5/R7.7: players hold the figure but the best of them are equal
  kUnheld,    // R6.1-R6.3/R6.6/R7.7: no player holds the figure (or was dealt the Weli)
  kGameOver,  // R8.2: an earlier credit of the hand already won the game
};

inline constexpr std::int8_t kWeliPointFigure = 5;  // figure index of the Weli point in events

struct Event {
  EventType type{};
  std::uint32_t seq = 0;
  std::uint32_t hand = 0;
  std::int8_t seat = -1;          // who acted, won or was credited (credit_void: would have been, or -1)
  Card card = kNoCard;            // the physical card
  Card identity = kNoCard;        // card_played: what it counts as (a wild's name, else the card)
  std::int8_t figure = -1;        // Figure, or kWeliPointFigure
  std::uint8_t code = 0;          // answered: action id; bid_settled: BidOutcome; credited, void: CreditReason
  std::uint8_t stage = 0;         // answered: AnswerStage; credit_void: VoidReason
  std::int8_t points = 0;         // credited: points; credit_void: what it was worth; bid_settled: the stake
  std::int8_t trick = -1;         // card_played, trick_won: trick index in the hand
  std::int8_t other = -1;         // hand_dealt: dealer; bid_settled: the bidder
  std::int8_t other2 = -1;        // bid_settled: the holder or raiser who decided it
  std::uint8_t seats = 0;         // game_over: bitmask of Bummerl seats
  Hands cards{};                  // hand_dealt: every seat's cards
  std::array<std::int16_t, kMaxPlayers> gained{};  // hand_scored: points this hand
  std::array<std::int16_t, kMaxPlayers> totals{};  // hand_scored, game_over: totals
};

std::string_view event_type_name(EventType t);
std::string_view answer_stage_name(AnswerStage s);
std::string_view bid_outcome_name(BidOutcome o);
std::string_view credit_reason_name(CreditReason r);
std::string_view void_reason_name(VoidReason r);

// What `seat` may see of an event (R3.7, R4.4): other seats' unplayed cards and the cutter's
// private cards are removed. Returns false if the seat sees nothing of it.
bool redact_for(Event& e, int seat);

}  // namespace bieten
