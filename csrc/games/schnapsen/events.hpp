// Everything that happens in a game of Bauernschnapsen or Schnapsen, as small fixed-size values
// (docs/schnapsen_events.md), and what each seat may see of them (S12).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "games/schnapsen/cards.hpp"
#include "games/schnapsen/rules.hpp"

namespace bieten::schnapsen {

inline constexpr Card kNoCard = 0xFF;

enum class EventType : std::uint8_t {
  kDealStarted,      // S2.1: dealer, forehand, cutter of a new deal
  kCutChosen,        // S3.3: the cutter cuts or knocks
  kCardsDealt,       // S3.4/S3.5: a packet to one seat (private; forehand's last two hidden until trump, S12)
  kTrumpCardTurned,  // S3.5: the trump card, face up
  kTrumpChosen,      // S4.1: the suit, and the card shown by `turn`
  kCardsRevealed,    // S4.1: forehand sees his last two cards after choosing (private)
  kBid,              // S5.2: a contract or pass
  kContractSettled,  // S5.2/S5.3: the contract, its declarer and trump
  kCardCalled,       // S5.4: the called card (its holder stays hidden, S12)
  kDoubled,          // S5.5: spritze, retour or pass
  kExchanged,        // S6.5: the trump Unter for the trump card
  kClosed,           // S6.7
  kMelded,           // S6.6: a marriage announced, with its points
  kMarriageCredited,  // S6.6: its points credited to the melder's side
  kClaimed,          // S7.1: a claim, correct or not
  kCardPlayed,       // S6.1
  kPartnerRevealed,  // S2.3: the called card is played; its holder is the declarer's partner
  kTrickWon,         // S6.2: the winner and the trick's card points
  kCardDrawn,        // S6.4: a card from the stock (private unless the face-up card)
  kDealScored,       // S8: how the deal ended, its score and the totals
  kGameOver,         // S8.6: winners and Bummerl
};
inline constexpr int kEventTypes = 21;

// How a deal ended (S7, S8), in deal_scored.
enum class DealEnd : std::uint8_t {
  kClaim,          // S7.1/S7.2/S7.3 a correct claim (S8.1, or S8.3 by the closer)
  kWrongClaim,     // S8.2 (or S8.3: the closer's wrong claim)
  kLastTrick,      // S7.3 the last trick's point
  kCloseFailed,    // S8.3 the closer did not make it: the opponent's claim or the last trick
  kContractWon,    // S5.1/S8.4
  kContractLost,   // S5.1/S8.4
};

struct Event {
  EventType type{};
  std::uint32_t seq = 0;
  std::uint32_t hand = 0;          // the deal number
  std::int8_t seat = -1;           // who acted, received, won or claimed
  Card card = kNoCard;             // played, called, drawn, turned or taken card
  Card card2 = kNoCard;            // exchanged: the Unter laid down
  std::int8_t suit = -1;           // trump chosen / settled, melded suit
  std::uint8_t code = 0;           // bid, doubled, cut_chosen: action id; contract_settled: contract;
                                   // deal_scored: DealEnd; cards_dealt: 1 if forehand's packet hides its last two
  std::int8_t trick = -1;          // card_played, trick_won
  std::int16_t points = 0;         // melded, credited, trick_won, claimed (the side's points), deal_scored
  std::uint8_t seats = 0;          // bitmask: credited/scored side, claim's side, game_over winners
  std::uint8_t seats2 = 0;         // game_over: Bummerl
  std::int8_t other = -1;          // deal_started: forehand; claimed: 1 if correct; deal_scored: the claimant
  std::int8_t count = 0;           // cards_dealt, cards_revealed: number of cards
  std::array<Card, kHandSize> cards{};  // cards_dealt, cards_revealed
  std::array<std::int16_t, kMaxPlayers> gained{};  // deal_scored
  std::array<std::int16_t, kMaxPlayers> totals{};  // deal_scored, game_over
};

std::string_view event_type_name(EventType t);
std::string_view deal_end_name(DealEnd e);

// What `seat` may see of an event (S12): other seats' cards in hand and draws from the stock, and
// forehand's last two cards before his trump choice, are replaced by kNoCard. Every event is kept.
void redact_for(Event& e, int seat);

}  // namespace bieten::schnapsen
