#include "games/bieten/observation.hpp"

#include <algorithm>

namespace bieten {

namespace {

void write_cards(float* out, CardSet s) {
  for (; s; s &= s - 1) out[lowest(s)] = 1.0f;
}

}  // namespace

void write_observation(const Game& g, int seat, float* out) {
  std::fill(out, out + kObservationSize, 0.0f);
  const Rules& r = g.rules();
  const int n = r.players;
  auto rel = [&](int s) { return (s - seat + n) % n; };
  write_cards(out + obs::kOwnUnplayed, g.unplayed()[seat]);
  write_cards(out + obs::kOwnDealt, g.dealt()[seat]);
  for (int p = 0; p < n; ++p) {
    const int q = rel(p);
    write_cards(out + obs::kPlayed + 33 * q, g.played_identities(p));
    for (int w = 0; w < 3; ++w) {
      if (g.figure_cards(p).named_by[w]) out[obs::kWildsPlayed + 3 * q + w] = 1.0f;
    }
    for (int s = 0; s < kSuits; ++s) {
      if (g.failed_suits(p) >> s & 1) out[obs::kFailed + 4 * q + s] = 1.0f;
    }
    const TrickCard& t = g.trick_cards()[p];
    if (t.card != kNoCard) {
      out[obs::kInTrick + q] = 1.0f;
      out[obs::kTrickCards + 33 * q + t.identity] = 1.0f;
    }
    out[obs::kScores + q] = static_cast<float>(g.scores()[p]) / static_cast<float>(r.target);
    out[obs::kSecured + q] = static_cast<float>(g.secured()[p]) / static_cast<float>(r.target);
  }
  if (g.top_card() != kNoCard) out[obs::kTopCard + g.top_card()] = 1.0f;
  if (seat == g.cutter()) write_cards(out + obs::kCutterSeen, g.seen_by_cutter());
  if (g.led_suit() >= 0) out[obs::kLedSuit + g.led_suit()] = 1.0f;
  out[obs::kLeader + rel(g.trick_leader())] = 1.0f;
  out[obs::kTrickIndex + g.trick_index()] = 1.0f;
  out[obs::kDealer + rel(g.dealer())] = 1.0f;
  if (g.phase() != Phase::kChance) out[obs::kPhase + static_cast<int>(g.phase())] = 1.0f;  // 7 player phases
  if (g.current_player() >= 0) out[obs::kToAct + rel(g.current_player())] = 1.0f;
  for (int f = 0; f < kBiddableFigures; ++f) {
    const BidRecord& b = g.bids()[f];
    float* block = out + obs::kBids + 22 * f;
    block[static_cast<int>(b.state)] = 1.0f;
    if (b.bidder >= 0) block[7 + rel(b.bidder)] = 1.0f;
    if (b.holder >= 0) block[12 + rel(b.holder)] = 1.0f;
    if (b.raiser >= 0) block[17 + rel(b.raiser)] = 1.0f;
  }
  if (g.current_bid_figure() >= 0) out[obs::kBidFigure + g.current_bid_figure()] = 1.0f;
  out[obs::kPlayers + n - 2] = 1.0f;
  out[obs::kHandSize + r.hand_size - 3] = 1.0f;
}

}  // namespace bieten
