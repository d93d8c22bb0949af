// A fixed-size float vector of what one seat knows (docs/observation.md), for learning agents.
#pragma once

#include <cstdint>

#include "games/bieten/game.hpp"

namespace bieten {

// Offsets of the blocks; seats are relative to the observer (0 = himself, 1 = his left, ...).
namespace obs {
inline constexpr int kOwnUnplayed = 0;                        // 33: his unplayed cards
inline constexpr int kOwnDealt = kOwnUnplayed + 33;           // 33: his whole hand
inline constexpr int kPlayed = kOwnDealt + 33;                // 5 x 33: identities each seat has played
inline constexpr int kWildsPlayed = kPlayed + 5 * 33;         // 5 x 3: which wilds each seat has played
inline constexpr int kTopCard = kWildsPlayed + 5 * 3;         // 33: the face-up card (R3.8)
inline constexpr int kCutterSeen = kTopCard + 33;             // 33: cards he saw as cutter (R3.7)
inline constexpr int kLedSuit = kCutterSeen + 33;             // 4: led suit of the current trick
inline constexpr int kInTrick = kLedSuit + 4;                 // 5: seat has played to the current trick
inline constexpr int kLeader = kInTrick + 5;                  // 5: leader of the current trick
inline constexpr int kTrickIndex = kLeader + 5;               // 4: which trick
inline constexpr int kDealer = kTrickIndex + 4;               // 5: the dealer
inline constexpr int kPhase = kDealer + 5;                    // 7: the phase (Phase order)
inline constexpr int kToAct = kPhase + 7;                     // 5: the seat to act
inline constexpr int kScores = kToAct + 5;                    // 5: totals / target
inline constexpr int kSecured = kScores + 5;                  // 5: points secured this hand / target
inline constexpr int kBids = kSecured + 5;                    // 5 figures x (7 states + 3 x 5 seats)
inline constexpr int kBidFigure = kBids + 5 * 22;             // 5: the figure being answered
inline constexpr int kFailed = kBidFigure + 5;                // 5 x 4: suits each seat failed to follow
inline constexpr int kPlayers = kFailed + 20;                 // 4: players 2..5
inline constexpr int kHandSize = kPlayers + 4;                // 2: hand size 3, 4
inline constexpr int kTrickCards = kHandSize + 2;             // 5 x 33: identity each seat played to this trick
inline constexpr int kSize = kTrickCards + 5 * 33;
}  // namespace obs

inline constexpr int kObservationSize = obs::kSize;

// Writes kObservationSize floats (0 or 1, or fractions for scores) for `seat` into out.
void write_observation(const Game& game, int seat, float* out);
// The compact form (docs/observation.md): the same values as bytes, except that each fraction is its
// numerator (clamped to 0..255): the float form is exactly compact / observation_divisors.
void write_observation(const Game& game, int seat, std::uint8_t* out);
// kObservationSize divisors: 1, or the fraction's denominator (the target) where the float form divides.
void observation_divisors(const Rules& rules, float* out);

template <>
inline constexpr int kObservationSizeOf<Game> = kObservationSize;

}  // namespace bieten
