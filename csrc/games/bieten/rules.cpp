#include "games/bieten/rules.hpp"

#include <array>
#include <utility>

#include "core/errors.hpp"

namespace bieten {

namespace {

template <typename Enum, std::size_t N>
Enum parse_choice(std::string_view knob, std::string_view text,
                  const std::array<std::pair<std::string_view, Enum>, N>& choices) {
  for (const auto& [name, value] : choices) {
    if (name == text) return value;
  }
  std::string allowed;
  for (const auto& [name, value] : choices) {
    allowed += allowed.empty() ? "" : ", ";
    allowed += name;
  }
  throw RulesError("R10: " + std::string(knob) + " must be one of " + allowed + ", not '" + std::string(text) +
                   "'");
}

constexpr std::array<std::pair<std::string_view, Wild>, 3> kWildNames = {
    {{"none", Wild::kNone}, {"weli", Wild::kWeli}, {"spitzen", Wild::kSpitzen}}};
constexpr std::array<std::pair<std::string_view, Ties>, 2> kTiesNames = {
    {{"suit_priority", Ties::kSuitPriority}, {"no_point", Ties::kNoPoint}}};
constexpr std::array<std::pair<std::string_view, Overbid>, 3> kOverbidNames = {
    {{"strict", Overbid::kStrict}, {"gespannt", Overbid::kGespannt}, {"none", Overbid::kNone}}};

template <typename Enum, std::size_t N>
std::string_view choice_name(Enum value, const std::array<std::pair<std::string_view, Enum>, N>& choices) {
  for (const auto& [name, v] : choices) {
    if (v == value) return name;
  }
  return "?";
}

}  // namespace

std::string_view wild_name(Wild w) { return choice_name(w, kWildNames); }
std::string_view ties_name(Ties t) { return choice_name(t, kTiesNames); }
std::string_view overbid_name(Overbid o) { return choice_name(o, kOverbidNames); }
Wild parse_wild(std::string_view text) { return parse_choice("wild", text, kWildNames); }
Ties parse_ties(std::string_view text) { return parse_choice("ties", text, kTiesNames); }
Overbid parse_overbid(std::string_view text) { return parse_choice("overbid", text, kOverbidNames); }

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
