#include "games/schnapsen/observation.hpp"

#include <algorithm>
#include <cstdint>

#include "core/observation_value.hpp"

namespace bieten::schnapsen {

namespace {

template <typename Out>
void write_cards(Out* out, CardSet s) {
  for (; s; s &= s - 1) out[pack_index(lowest(s))] = 1;
}

template <typename Out>
void write_any(const Game& g, int seat, Out* out) {
  std::fill(out, out + kObservationSize, Out{0});
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
    out[obs::kHandCounts + q] = observation_ratio<Out>(count(g.hand(p)), kHandSize);
    out[obs::kWonPoints + q] = observation_ratio<Out>(set_points(g.won_cards(p)), 120);
    out[obs::kScores + q] = observation_ratio<Out>(g.scores()[p], g.rules().target);
    for (int s = 0; s < 4; ++s) {
      if (g.melded_suits(p) >> s & 1) out[obs::kMelds + 4 * q + s] = 1;
    }
  }
  for (int k = 0, p = g.trick_leader(); k < g.cards_in_trick(); ++k, p = (p + 1) % n) {
    out[obs::kTrick + 20 * rel(p) + pack_index(g.trick_card(k))] = 1;
  }
  out[obs::kTrump + (g.trump() >= 0 ? g.trump() : 4)] = 1;
  if (g.trump_card() != kNoCard && g.stock_count() > 0) out[obs::kTrumpCard + pack_index(g.trump_card())] = 1;
  if (g.turned_card() != kNoCard) out[obs::kTurned + pack_index(g.turned_card())] = 1;
  out[obs::kContract + (g.contract() >= 0 ? g.contract() : 5)] = 1;
  if (g.declarer() >= 0) out[obs::kDeclarer + rel(g.declarer())] = 1;
  if (g.called_card() != kNoCard) out[obs::kCalled + pack_index(g.called_card())] = 1;
  if (g.partner() >= 0 && (g.partner_known() || g.partner() == seat)) out[obs::kPartner + rel(g.partner())] = 1;
  out[obs::kHighBid + g.high_bid()] = 1;
  out[obs::kMultiplier + (g.multiplier() == 1 ? 0 : g.multiplier() == 2 ? 1 : 2)] = 1;
  out[obs::kPhase + static_cast<int>(g.phase())] = 1;
  if (g.current_player() >= 0) out[obs::kToAct + rel(g.current_player())] = 1;
  out[obs::kDealer + rel(g.dealer())] = 1;
  if (g.phase() == Phase::kPlay) {
    out[obs::kLeader + rel(g.trick_leader())] = 1;
    if (g.cards_in_trick() > 0) out[obs::kWinning + rel(g.winning_seat())] = 1;
    out[obs::kTrickIndex + std::min(g.trick_index(), 9)] = 1;
    out[obs::kLeadStep + static_cast<int>(g.lead_step())] = 1;
    if (g.lead_meld() >= 0) out[obs::kMeldSuit + g.lead_meld()] = 1;
  }
  out[obs::kStock] = observation_ratio<Out>(g.stock_count(), 10);
  if (g.closer() >= 0) out[obs::kClosed + rel(g.closer())] = 1;
  out[obs::kPlayers + (n == 4 ? 1 : 0)] = 1;
  out[obs::kPartnersCalled] = g.rules().partners == Partners::kCalled ? 1 : 0;
}

}  // namespace

void write_observation(const Game& game, int seat, float* out) { write_any(game, seat, out); }
void write_observation(const Game& game, int seat, std::uint8_t* out) { write_any(game, seat, out); }

void observation_divisors(const Rules& rules, float* out) {
  std::fill(out, out + kObservationSize, 1.0f);
  out[obs::kStock] = 10.0f;
  std::fill(out + obs::kHandCounts, out + obs::kHandCounts + 4, static_cast<float>(kHandSize));
  std::fill(out + obs::kWonPoints, out + obs::kWonPoints + 4, 120.0f);
  std::fill(out + obs::kScores, out + obs::kScores + 4, static_cast<float>(rules.target));
}

}  // namespace bieten::schnapsen
