// The rules knobs of Bauernschnapsen and Schnapsen, and their four presets (SCHNAPSEN S10).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/knobs.hpp"

namespace bieten::schnapsen {

inline constexpr int kMaxPlayers = 4;  // S2.1: 4 or 2

enum class Partners : std::uint8_t { kFixed, kCalled };            // S2.2, S2.3
enum class Claim : std::uint8_t { kExplicit, kAutomatic };         // S7.1, S7.2
enum class MustHead : std::uint8_t { kNever, kContracts, kAlways };  // S6.3

struct Rules {
  int players = 4;
  Partners partners = Partners::kFixed;
  bool knock = true;
  bool bidding = true;
  bool spritze = true;
  bool retour = false;
  Claim claim = Claim::kExplicit;
  MustHead must_head = MustHead::kNever;
  bool closing = false;
  int one_point_from = 34;
  int target = 21;

  // Throws RulesError naming the knob and S10 if the combination is invalid.
  void validate() const;

  friend bool operator==(const Rules&, const Rules&) = default;
};

// A preset by name (bauernschnapsen, bauernschnapsen_called, bauernschnapsen_2, schnapsen); throws
// RulesError for any other name.
Rules preset(std::string_view name);

std::string_view partners_name(Partners p);
std::string_view claim_name(Claim c);
std::string_view must_head_name(MustHead m);
Partners parse_partners(std::string_view text);  // throws RulesError
Claim parse_claim(std::string_view text);        // throws RulesError
MustHead parse_must_head(std::string_view text);  // throws RulesError

// The knobs (S10), in Rules.to_dict()'s order: the one table that to_dict, from_dict, the C ABI, records
// and Python's KNOBS read (core/knobs.hpp). A knob's default is that of a default Rules (bauernschnapsen).
inline constexpr std::array<knobs::Knob<Rules>, 11> kKnobs = {{
    {"players", knobs::Type::kInt, "S2.1", &Rules::players},
    {"partners", knobs::Type::kName, "S2.2", nullptr, nullptr, [](const Rules& r) { return partners_name(r.partners); },
     [](Rules& r, std::string_view name) { r.partners = parse_partners(name); }},
    {"knock", knobs::Type::kBool, "S3.3", nullptr, &Rules::knock},
    {"bidding", knobs::Type::kBool, "S5.2", nullptr, &Rules::bidding},
    {"spritze", knobs::Type::kBool, "S5.5", nullptr, &Rules::spritze},
    {"retour", knobs::Type::kBool, "S5.5", nullptr, &Rules::retour},
    {"claim", knobs::Type::kName, "S7.1", nullptr, nullptr, [](const Rules& r) { return claim_name(r.claim); },
     [](Rules& r, std::string_view name) { r.claim = parse_claim(name); }},
    {"must_head", knobs::Type::kName, "S6.3", nullptr, nullptr, [](const Rules& r) { return must_head_name(r.must_head); },
     [](Rules& r, std::string_view name) { r.must_head = parse_must_head(name); }},
    {"closing", knobs::Type::kBool, "S6.7", nullptr, &Rules::closing},
    {"one_point_from", knobs::Type::kInt, "S8.1", &Rules::one_point_from},
    {"target", knobs::Type::kInt, "S8.6", &Rules::target},
}};

}  // namespace bieten::schnapsen
