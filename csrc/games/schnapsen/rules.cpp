#include "games/schnapsen/rules.hpp"

#include <string>

#include "core/errors.hpp"

namespace bieten::schnapsen {

namespace {

constexpr knobs::Choices<Partners, 2> kPartnerNames = {{{"fixed", Partners::kFixed}, {"called", Partners::kCalled}}};
constexpr knobs::Choices<Claim, 2> kClaimNames = {{{"explicit", Claim::kExplicit}, {"automatic", Claim::kAutomatic}}};
constexpr knobs::Choices<MustHead, 3> kMustHeadNames = {
    {{"never", MustHead::kNever}, {"contracts", MustHead::kContracts}, {"always", MustHead::kAlways}}};

}  // namespace

std::string_view partners_name(Partners p) { return knobs::choice_name(p, kPartnerNames); }
std::string_view claim_name(Claim c) { return knobs::choice_name(c, kClaimNames); }
std::string_view must_head_name(MustHead m) { return knobs::choice_name(m, kMustHeadNames); }
Partners parse_partners(std::string_view text) { return knobs::parse_choice("S10", "partners", text, kPartnerNames); }
Claim parse_claim(std::string_view text) { return knobs::parse_choice("S10", "claim", text, kClaimNames); }
MustHead parse_must_head(std::string_view text) { return knobs::parse_choice("S10", "must_head", text, kMustHeadNames); }

void Rules::validate() const {
  if (players != 2 && players != 4) throw RulesError("S10/S2.1: players must be 4 or 2, not " + std::to_string(players));
  if (target < 1) throw RulesError("S10/S8.6: target must be at least 1, not " + std::to_string(target));
  if (one_point_from != 33 && one_point_from != 34)
    throw RulesError("S10/S8.1: one_point_from must be 33 or 34, not " + std::to_string(one_point_from));
  if (players == 2) {
    if (partners != Partners::kFixed) throw RulesError("S10: partners='called' needs 4 players, not 2");
    if (bidding) throw RulesError("S10: bidding is for 4 players; with 2 players it must be off");
    if (spritze) throw RulesError("S10: spritze is for 4 players; with 2 players it must be off");
    if (retour) throw RulesError("S10: retour is for 4 players; with 2 players it must be off");
  } else if (closing) {
    throw RulesError("S10: closing is for 2 players; with 4 players it must be off");
  }
  if (retour && !spritze) throw RulesError("S10: retour needs spritze (retour=True, spritze=False)");
}

Rules preset(std::string_view name) {
  Rules r;  // bauernschnapsen: the defaults
  if (name == "bauernschnapsen") return r;
  if (name == "bauernschnapsen_called") {
    r.partners = Partners::kCalled;
  } else if (name == "bauernschnapsen_2" || name == "schnapsen") {
    r.players = 2;
    r.bidding = r.spritze = r.retour = false;
    if (name == "schnapsen") {
      r.knock = false;
      r.must_head = MustHead::kAlways;
      r.closing = true;
      r.one_point_from = 33;
      r.target = 7;
    }
  } else {
    throw RulesError("S10: unknown preset '" + std::string(name) +
                     "' (bauernschnapsen, bauernschnapsen_called, bauernschnapsen_2, schnapsen)");
  }
  return r;
}

}  // namespace bieten::schnapsen
