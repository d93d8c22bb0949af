// The rules knobs and the five presets (RULES R10).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/knobs.hpp"
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

// The knobs (R10), in Rules.to_dict()'s order: the one table that to_dict, from_dict, the C ABI, records
// and Python's KNOBS read (core/knobs.hpp). A knob's default is that of a default Rules (tyrol).
inline constexpr std::array<knobs::Knob<Rules>, 10> kKnobs = {{
    {"players", knobs::Type::kInt, "R2.1", &Rules::players},
    {"hand_size", knobs::Type::kInt, "R4.1", &Rules::hand_size},
    {"target", knobs::Type::kInt, "R8.2", &Rules::target},
    {"wild", knobs::Type::kName, "R5", nullptr, nullptr, [](const Rules& r) { return wild_name(r.wild); },
     [](Rules& r, std::string_view name) { r.wild = parse_wild(name); }},
    {"weli_point", knobs::Type::kBool, "R6.6", nullptr, &Rules::weli_point},
    {"ties", knobs::Type::kName, "R6.5", nullptr, nullptr, [](const Rules& r) { return ties_name(r.ties); },
     [](Rules& r, std::string_view name) { r.ties = parse_ties(name); }},
    {"overbid", knobs::Type::kName, "R7.3", nullptr, nullptr, [](const Rules& r) { return overbid_name(r.overbid); },
     [](Rules& r, std::string_view name) { r.overbid = parse_overbid(name); }},
    {"cut_steal", knobs::Type::kBool, "R3.7", nullptr, &Rules::cut_steal},
    {"show_top_card", knobs::Type::kBool, "R3.8", nullptr, &Rules::show_top_card},
    {"reraise", knobs::Type::kBool, "R7.6", nullptr, &Rules::reraise},
}};

}  // namespace bieten
