// A fixed-size float vector of what one seat knows in Bauernschnapsen or Schnapsen (S12), for learning
// agents (docs/schnapsen.md, "Observation"). Seats are relative to the observer (0 = himself, 1 = his
// left, ...); with two players the slots 2 and 3 stay 0. Cards are by pack index (cards.hpp).
#pragma once

#include <cstdint>

#include "games/schnapsen/game.hpp"

namespace bieten::schnapsen {

namespace obs {
inline constexpr int kHand = 0;                          // 20: his cards in hand (S12: as he sees them)
inline constexpr int kPlayed = kHand + 20;               // 4 x 20: cards each seat played this deal
inline constexpr int kTrick = kPlayed + 4 * 20;          // 4 x 20: each seat's card in the current trick
inline constexpr int kKnown = kTrick + 4 * 20;           // 4 x 20: cards a seat is known to hold (melded, drawn face up, turned)
inline constexpr int kTrump = kKnown + 4 * 20;           // 5: trump suit H L S E, or none
inline constexpr int kTrumpCard = kTrump + 5;            // 20: the face-up card under the stock (2 players)
inline constexpr int kTurned = kTrumpCard + 20;          // 20: the card shown by `turn` (S4.1)
inline constexpr int kContract = kTurned + 20;           // 6: normal .. kontraschnapser, or none yet
inline constexpr int kDeclarer = kContract + 6;          // 4: the declarer
inline constexpr int kCalled = kDeclarer + 4;            // 20: the called card (S5.4)
inline constexpr int kPartner = kCalled + 20;            // 4: the called partner, once he is known to this seat
inline constexpr int kHighBid = kPartner + 4;            // 5: highest contract announced so far (normal = none)
inline constexpr int kMultiplier = kHighBid + 5;         // 3: x1, x2 (spritze), x4 (retour)
inline constexpr int kPhase = kMultiplier + 3;           // 9: the phase (Phase order)
inline constexpr int kToAct = kPhase + kPhases;          // 4: the seat to act
inline constexpr int kDealer = kToAct + 4;               // 4: the dealer
inline constexpr int kLeader = kDealer + 4;              // 4: the leader of the trick
inline constexpr int kWinning = kLeader + 4;             // 4: the seat winning the trick so far
inline constexpr int kTrickIndex = kWinning + 4;         // 10: which trick of the deal
inline constexpr int kLeadStep = kTrickIndex + 10;       // 4: the lead's announcements (LeadStep order)
inline constexpr int kMeldSuit = kLeadStep + 4;          // 4: the suit melded at this lead
inline constexpr int kMelds = kMeldSuit + 4;             // 4 x 4: suits each seat has melded this deal
inline constexpr int kStock = kMelds + 16;               // 1: cards in the stock / 10
inline constexpr int kClosed = kStock + 1;               // 4: who closed the stock
inline constexpr int kHandCounts = kClosed + 4;          // 4: cards in each hand / 5
inline constexpr int kWonPoints = kHandCounts + 4;       // 4: card points each seat has won / 120
inline constexpr int kScores = kWonPoints + 4;           // 4: totals / target
inline constexpr int kPlayers = kScores + 4;             // 2: 2 or 4 players
inline constexpr int kPartnersCalled = kPlayers + 2;     // 1: called partners
inline constexpr int kSize = kPartnersCalled + 1;
}  // namespace obs

inline constexpr int kObservationSize = obs::kSize;

// Writes kObservationSize floats for `seat` into out: nothing S12 hides from that seat.
void write_observation(const Game& game, int seat, float* out);
// The compact form (docs/schnapsen.md): the same values as bytes, except that each fraction (stock,
// hand counts, card points won, scores) is its numerator clamped to 0..255: the float form is exactly
// compact / observation_divisors.
void write_observation(const Game& game, int seat, std::uint8_t* out);
// kObservationSize divisors: 1, or the fraction's denominator where the float form divides.
void observation_divisors(const Rules& rules, float* out);

}  // namespace bieten::schnapsen

template <>
inline constexpr int bieten::kObservationSizeOf<bieten::schnapsen::Game> = bieten::schnapsen::kObservationSize;
