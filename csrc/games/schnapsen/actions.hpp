// The fixed action space of Bauernschnapsen and Schnapsen (SCHNAPSEN S11, docs/schnapsen.md): 61 ids
// in the order of S11, so a set of legal actions is one 64-bit mask.
//
//   0 cut, 1 knock, 2..5 trump H|L|S|E, 6 turn, 7 pass, 8 schnapser, 9 gang, 10 bauernschnapser,
//   11 kontraschnapser, 12..31 call <card>, 32 spritze, 33 retour, 34 exchange, 35 close,
//   36..39 meld H|L|S|E, 40 claim, 41..60 play <card>   (a card by its pack index, cards.hpp)
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/schnapsen/cards.hpp"

namespace bieten::schnapsen {

using ActionId = std::uint8_t;
using ActionMask = std::uint64_t;  // bit a set for each legal action a

inline constexpr int kNumActions = 61;
inline constexpr ActionId kCut = 0;
inline constexpr ActionId kKnock = 1;
inline constexpr ActionId kTrumpBase = 2;
inline constexpr ActionId kTurn = 6;
inline constexpr ActionId kPass = 7;
inline constexpr ActionId kSchnapser = 8;
inline constexpr ActionId kGang = 9;
inline constexpr ActionId kBauernschnapser = 10;
inline constexpr ActionId kKontraschnapser = 11;
inline constexpr ActionId kCallBase = 12;
inline constexpr ActionId kSpritze = 32;
inline constexpr ActionId kRetour = 33;
inline constexpr ActionId kExchange = 34;
inline constexpr ActionId kClose = 35;
inline constexpr ActionId kMeldBase = 36;
inline constexpr ActionId kClaim = 40;
inline constexpr ActionId kPlayBase = 41;

// S5.1 the contracts; the first four are announced by the actions kSchnapser + (contract - 1).
enum Contract : std::int8_t { kNoContract = -1, kNormal = 0, kSchnapserContract, kGangContract,
                              kBauernschnapserContract, kKontraschnapserContract };
inline constexpr int kContracts = 5;
inline constexpr std::int8_t kContractValues[kContracts] = {0, 6, 9, 12, 12};  // S5.1
inline constexpr ActionId contract_action(int contract) { return static_cast<ActionId>(kSchnapser + contract - 1); }

inline constexpr ActionId trump_action(int suit) { return static_cast<ActionId>(kTrumpBase + suit); }
inline constexpr ActionId meld_action(int suit) { return static_cast<ActionId>(kMeldBase + suit); }
inline constexpr ActionId call_action(Card c) { return static_cast<ActionId>(kCallBase + pack_index(c)); }
inline constexpr ActionId play_action(Card c) { return static_cast<ActionId>(kPlayBase + pack_index(c)); }
inline constexpr bool is_play(ActionId a) { return a >= kPlayBase && a < kNumActions; }
inline constexpr bool is_call(ActionId a) { return a >= kCallBase && a < kCallBase + kPackSize; }
inline constexpr Card action_card(ActionId a) {  // the card of a play or call action
  return card_at(a >= kPlayBase ? a - kPlayBase : a - kCallBase);
}
// The mask of the play actions of a set of cards: the 20 pack bits shifted into place.
inline constexpr ActionMask play_mask(CardSet cards) { return ActionMask{pack_bits(cards)} << kPlayBase; }
inline constexpr ActionMask kAllCalls = ActionMask{0xFFFFF} << kCallBase;
inline constexpr CardSet played_cards_of(ActionMask m) { return from_pack_bits(static_cast<std::uint32_t>(m >> kPlayBase)); }

std::string_view contract_name(int contract);  // "normal", "schnapser", ...
// Canonical S11 text, e.g. "play HA", "trump L", "call E10".
std::string_view action_text(ActionId a);
// Parses S11 text case-insensitively (extra spaces allowed); throws ActionError quoting the text
// (S11), or CardError for a card outside the pack (S1.1).
ActionId parse_action(std::string_view text);

}  // namespace bieten::schnapsen
