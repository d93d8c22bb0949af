#include "games/bieten/rules.hpp"

#include "core/errors.hpp"

namespace bieten {

namespace {

constexpr knobs::Choices<Wild, 3> kWildNames = {
    {{"none", Wild::kNone}, {"weli", Wild::kWeli}, {"spitzen", Wild::kSpitzen}}};
constexpr knobs::Choices<Ties, 2> kTiesNames = {{{"suit_priority", Ties::kSuitPriority}, {"no_point", Ties::kNoPoint}}};
constexpr knobs::Choices<Overbid, 3> kOverbidNames = {
    {{"strict", Overbid::kStrict}, {"gespannt", Overbid::kGespannt}, {"none", Overbid::kNone}}};

}  // namespace

std::string_view wild_name(Wild w) { return knobs::choice_name(w, kWildNames); }
std::string_view ties_name(Ties t) { return knobs::choice_name(t, kTiesNames); }
std::string_view overbid_name(Overbid o) { return knobs::choice_name(o, kOverbidNames); }
Wild parse_wild(std::string_view text) { return knobs::parse_choice("R10", "wild", text, kWildNames); }
Ties parse_ties(std::string_view text) { return knobs::parse_choice("R10", "ties", text, kTiesNames); }
Overbid parse_overbid(std::string_view text) { return knobs::parse_choice("R10", "overbid", text, kOverbidNames); }

void Rules::validate() const {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw RulesError("R10/R2.1: players must be 2 to 5, not " + std::to_string(players));
  if (hand_size < 3 || hand_size > 4)
    throw RulesError("R10/R4.1: hand_size must be 3 or 4, not " + std::to_string(hand_size));
  if (target < 1) throw RulesError("R10/R8.2: target must be at least 1, not " + std::to_string(target));
  if (wild != Wild::kNone && weli_point)
    throw RulesError("R6.6: weli_point is refused with a wild Weli (wild='" + std::string(wild_name(wild)) + "')");
}

Rules preset(std::string_view name) {
  Rules r;  // tyrol: the defaults
  if (name == "tyrol") return r;
  if (name == "bavaria") {
    r.weli_point = false;
  } else if (name == "welibieten") {
    r.wild = Wild::kWeli;
    r.weli_point = false;
  } else if (name == "spitzbieten") {
    r.wild = Wild::kSpitzen;
    r.weli_point = false;
  } else if (name == "south_tyrol") {
    r.wild = Wild::kWeli;
    r.weli_point = false;
    r.ties = Ties::kNoPoint;
    r.overbid = Overbid::kGespannt;
    r.cut_steal = true;
    r.show_top_card = true;
  } else {
    throw RulesError("R10: unknown preset '" + std::string(name) +
                     "' (tyrol, bavaria, welibieten, spitzbieten, south_tyrol)");
  }
  return r;
}

}  // namespace bieten
