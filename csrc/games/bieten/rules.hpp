// The rules knobs and the five presets (RULES R10).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "games/bieten/cards.hpp"

namespace bieten {

inline constexpr int kMinPlayers = 2;  // R2.1
inline constexpr int kMaxPlayers = 5;  // R2.1

enum class Wild : std::uint8_t { kNone, kWeli, kSpitzen };             // R5.1
enum class Ties : std::uint8_t { kSuitPriority, kNoPoint };            // R6.5
enum class Overbid : std::uint8_t { kStrict, kGespannt, kNone };       // R7.3

struct Rules {
  int players = 4;
  int hand_size = 3;
  int target = 11;
  Wild wild = Wild::kNone;
  bool weli_point = true;
  Ties ties = Ties::kSuitPriority;
  Overbid overbid = Overbid::kStrict;
  bool cut_steal = false;
  bool show_top_card = false;
  bool reraise = true;

  // Throws RulesError naming the knob and R10 if the combination is invalid.
  void validate() const;

  // The cards that are wild under these rules (R5.1): none, the Weli, or the Weli and both Spitzen.
  constexpr CardSet wild_cards() const {
    switch (wild) {
      case Wild::kWeli: return bit(kWeli);
      case Wild::kSpitzen: return bit(kWeli) | bit(kBellsSeven) | bit(kAcornsSeven);
      case Wild::kNone: break;
    }
    return 0;
  }

  friend bool operator==(const Rules&, const Rules&) = default;
};

// A preset by name (tyrol, bavaria, welibieten, spitzbieten, south_tyrol); throws RulesError.
Rules preset(std::string_view name);

// The knobs' string values, as in RULES R10.
std::string_view wild_name(Wild w);
std::string_view ties_name(Ties t);
std::string_view overbid_name(Overbid o);
Wild parse_wild(std::string_view text);        // throws RulesError
Ties parse_ties(std::string_view text);        // throws RulesError
Overbid parse_overbid(std::string_view text);  // throws RulesError

}  // namespace bieten
