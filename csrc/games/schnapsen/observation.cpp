#include "games/schnapsen/observation.hpp"

#include <algorithm>

namespace bieten::schnapsen {

namespace {

void write_cards(float* out, CardSet s) {
  for (; s; s &= s - 1) out[pack_index(lowest(s))] = 1.0f;
}

}  // namespace

void write_observation(const Game& g, int seat, float* out) {
  std::fill(out, out + kObservationSize, 0.0f);
  const int n = g.players();
  auto rel = [&](int s) { return (s - seat + n) % n; };
  CardSet own = g.hand(seat);
  if (g.phase() == Phase::kTrump && g.knocked() && seat == g.forehand()) {  // S4.1/S12 only his first three
    own = bit(g.dealt().hands[seat][0]) | bit(g.dealt().hands[seat][1]) | bit(g.dealt().hands[seat][2]);
  }
  write_cards(out + obs::kHand, own);
  for (int p = 0; p < n; ++p) {
    const int q = rel(p);
    write_cards(out + obs::kPlayed + 20 * q, g.played_cards(p));
    write_cards(out + obs::kKnown + 20 * q, g.shown_cards(p) & g.hand(p));
    out[obs::kHandCounts + q] = static_cast<float>(count(g.hand(p))) / kHandSize;
    out[obs::kWonPoints + q] = static_cast<float>(set_points(g.won_cards(p))) / 120.0f;
    out[obs::kScores + q] = static_cast<float>(g.scores()[p]) / static_cast<float>(g.rules().target);
    for (int s = 0; s < 4; ++s) {
      if (g.melded_suits(p) >> s & 1) out[obs::kMelds + 4 * q + s] = 1.0f;
    }
  }
  for (int k = 0, p = g.trick_leader(); k < g.cards_in_trick(); ++k, p = (p + 1) % n) {
    out[obs::kTrick + 20 * rel(p) + pack_index(g.trick_card(k))] = 1.0f;
  }
  out[obs::kTrump + (g.trump() >= 0 ? g.trump() : 4)] = 1.0f;
  if (g.trump_card() != kNoCard && g.stock_count() > 0) out[obs::kTrumpCard + pack_index(g.trump_card())] = 1.0f;
  if (g.turned_card() != kNoCard) out[obs::kTurned + pack_index(g.turned_card())] = 1.0f;
  out[obs::kContract + (g.contract() >= 0 ? g.contract() : 5)] = 1.0f;
  if (g.declarer() >= 0) out[obs::kDeclarer + rel(g.declarer())] = 1.0f;
  if (g.called_card() != kNoCard) out[obs::kCalled + pack_index(g.called_card())] = 1.0f;
  if (g.partner() >= 0 && (g.partner_known() || g.partner() == seat)) out[obs::kPartner + rel(g.partner())] = 1.0f;
  out[obs::kHighBid + g.high_bid()] = 1.0f;
  out[obs::kMultiplier + (g.multiplier() == 1 ? 0 : g.multiplier() == 2 ? 1 : 2)] = 1.0f;
  out[obs::kPhase + static_cast<int>(g.phase())] = 1.0f;
  if (g.current_player() >= 0) out[obs::kToAct + rel(g.current_player())] = 1.0f;
  out[obs::kDealer + rel(g.dealer())] = 1.0f;
  if (g.phase() == Phase::kPlay) {
    out[obs::kLeader + rel(g.trick_leader())] = 1.0f;
    if (g.cards_in_trick() > 0) out[obs::kWinning + rel(g.winning_seat())] = 1.0f;
    out[obs::kTrickIndex + std::min(g.trick_index(), 9)] = 1.0f;
    out[obs::kLeadStep + static_cast<int>(g.lead_step())] = 1.0f;
    if (g.lead_meld() >= 0) out[obs::kMeldSuit + g.lead_meld()] = 1.0f;
  }
  out[obs::kStock] = static_cast<float>(g.stock_count()) / 10.0f;
  if (g.closer() >= 0) out[obs::kClosed + rel(g.closer())] = 1.0f;
  out[obs::kPlayers + (n == 4 ? 1 : 0)] = 1.0f;
  out[obs::kPartnersCalled] = g.rules().partners == Partners::kCalled ? 1.0f : 0.0f;
}

}  // namespace bieten::schnapsen
