// The rules knobs of Bauernschnapsen and Schnapsen, and their four presets (SCHNAPSEN S10).
#pragma once

#include <cstdint>
#include <string_view>

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

}  // namespace bieten::schnapsen
