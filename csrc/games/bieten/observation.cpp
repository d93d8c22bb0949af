#include "games/bieten/observation.hpp"

#include <algorithm>
#include <cstdint>

#include "core/observation_value.hpp"

namespace bieten {

namespace {

template <typename Out>
void write_cards(Out* out, CardSet s) {
  for (; s; s &= s - 1) out[lowest(s)] = 1;
}

template <typename Out>
void write_any(const Game& g, int seat, Out* out) {
  std::fill(out, out + kObservationSize, Out{0});
  const Rules& r = g.rules();
  const int n = r.players;
  auto rel = [&](int s) { return (s - seat + n) % n; };
  write_cards(out + obs::kOwnUnplayed, g.unplayed()[seat]);
  write_cards(out + obs::kOwnDealt, g.dealt()[seat]);
  for (int p = 0; p < n; ++p) {
    const int q = rel(p);
    write_cards(out + obs::kPlayed + 33 * q, g.played_identities(p));
    for (int w = 0; w < 3; ++w) {
      if (g.figure_cards(p).named_by[w]) out[obs::kWildsPlayed + 3 * q + w] = 1;
    }
    for (int s = 0; s < kSuits; ++s) {
      if (g.failed_suits(p) >> s & 1) out[obs::kFailed + 4 * q + s] = 1;
    }
    const TrickCard& t = g.trick_cards()[p];
    if (t.card != kNoCard) {
      out[obs::kInTrick + q] = 1;
      out[obs::kTrickCards + 33 * q + t.identity] = 1;
    }
    out[obs::kScores + q] = observation_ratio<Out>(g.scores()[p], r.target);
    out[obs::kSecured + q] = observation_ratio<Out>(g.secured()[p], r.target);
  }
  if (g.top_card() != kNoCard) out[obs::kTopCard + g.top_card()] = 1;
  if (seat == g.cutter()) write_cards(out + obs::kCutterSeen, g.seen_by_cutter());
  if (g.led_suit() >= 0) out[obs::kLedSuit + g.led_suit()] = 1;
  out[obs::kLeader + rel(g.trick_leader())] = 1;
  out[obs::kTrickIndex + g.trick_index()] = 1;
  out[obs::kDealer + rel(g.dealer())] = 1;
  if (g.phase() != Phase::kChance) out[obs::kPhase + static_cast<int>(g.phase())] = 1;  // 7 player phases
  if (g.current_player() >= 0) out[obs::kToAct + rel(g.current_player())] = 1;
  for (int f = 0; f < kBiddableFigures; ++f) {
    const BidRecord& b = g.bids()[f];
    Out* block = out + obs::kBids + 22 * f;
    block[static_cast<int>(b.state)] = 1;
    if (b.bidder >= 0) block[7 + rel(b.bidder)] = 1;
    if (b.holder >= 0) block[12 + rel(b.holder)] = 1;
    if (b.raiser >= 0) block[17 + rel(b.raiser)] = 1;
  }
  if (g.current_bid_figure() >= 0) out[obs::kBidFigure + g.current_bid_figure()] = 1;
  out[obs::kPlayers + n - 2] = 1;
  out[obs::kHandSize + r.hand_size - 3] = 1;
}

}  // namespace

void write_observation(const Game& game, int seat, float* out) { write_any(game, seat, out); }
void write_observation(const Game& game, int seat, std::uint8_t* out) { write_any(game, seat, out); }

void observation_divisors(const Rules& rules, float* out) {
  std::fill(out, out + kObservationSize, 1.0f);
  std::fill(out + obs::kScores, out + obs::kSecured + 5, static_cast<float>(rules.target));
}

}  // namespace bieten
