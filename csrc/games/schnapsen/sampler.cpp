// Worlds consistent with a seat's view (schnapsen/sampler.hpp, S12).
#include "games/schnapsen/sampler.hpp"

#include <algorithm>

#include "core/small_sort.hpp"

namespace bieten::schnapsen {

SeatView make_seat_view(const Game& g, int seat) {
  SeatView v;
  v.players = g.players();
  v.seat = seat;
  if (g.phase() != Phase::kPlay) return v;
  // S2.3, S12: while a called partner is secret, only its holder knows the sides.
  if (g.called_card() != kNoCard && !g.partner_known() && !(g.hand(seat) & bit(g.called_card()))) return v;
  CardSet seen = 0;
  for (int p = 0; p < v.players; ++p) {
    seen |= g.played_cards(p);  // S12: every card played, by whom
    if (p == seat) {
      v.known[p] = g.hand(p);
    } else {
      v.known[p] = g.shown_cards(p);  // drawn face up, melded, turned
      v.forbid[p] = g.void_cards(p);
    }
    seen |= v.known[p];
    v.need[p] = count(g.hand(p)) - count(v.known[p]);  // S12: the number of cards in each hand
  }
  if (g.stock_count() > 0) {
    seen |= bit(g.trump_card());  // under the stock, face up (S3.5, S6.5)
    v.stock_hidden = g.stock_count() - 1;
  }
  v.pool = kPack & ~seen;
  int total = v.stock_hidden;
  for (int p = 0; p < v.players; ++p) total += v.need[p];
  v.supported = total == count(v.pool);
  return v;
}

bool consistent(const SeatView& v, const World& w) {
  CardSet all = 0;
  int cards = 0;
  for (int p = 0; p < v.players; ++p) {
    if ((w.hands[p] & v.known[p]) != v.known[p]) return false;
    if (count(w.hands[p]) != count(v.known[p]) + v.need[p]) return false;
    if (w.hands[p] & v.forbid[p] & ~v.known[p]) return false;
    if (all & w.hands[p]) return false;
    all |= w.hands[p];
    cards += count(w.hands[p]);
  }
  for (int i = 0; i < v.stock_hidden; ++i) {
    const Card c = w.stock[i];
    if (!in_pack(c) || (all & bit(c))) return false;
    all |= bit(c);
    ++cards;
  }
  CardSet known = 0;
  for (int p = 0; p < v.players; ++p) known |= v.known[p];
  return (all & ~known) == v.pool && cards == count(v.pool) + count(known);
}

WorldSampler::WorldSampler(const SeatView& v, SplitMix64& rng) : v_(v), rng_(rng) {
  for (int p = 0; p < v.players; ++p) {
    if (v.need[p] > 0) order_[order_size_++] = static_cast<std::int8_t>(p);
  }
  // The fewest spare allowed cards first.
  small_stable_sort(order_.begin(), order_.begin() + order_size_, [&v](int a, int b) {
    return count(v.pool & ~v.forbid[a]) - v.need[a] < count(v.pool & ~v.forbid[b]) - v.need[b];
  });
}

bool WorldSampler::try_draw(World& out, bool use_forbid) {
  CardSet left = v_.pool;
  for (int p = 0; p < v_.players; ++p) out.hands[p] = v_.known[p];
  for (int i = 0; i < order_size_; ++i) {
    const int p = order_[i];
    CardSet allowed = left & (use_forbid ? ~v_.forbid[p] : ~CardSet{0});
    int m = count(allowed);
    if (m < v_.need[p]) return false;
    for (int k = 0; k < v_.need[p]; ++k) {
      // The r-th card of the allowed set.
      CardSet s = allowed;
      for (int r = static_cast<int>(rng_.bounded(static_cast<std::uint32_t>(m))); r > 0; --r) s &= s - 1;
      const CardSet pick = s & (~s + 1);
      out.hands[p] |= pick;
      allowed &= ~pick;
      left &= ~pick;
      --m;
    }
  }
  int n = 0;
  for (CardSet s = left; s; s &= s - 1) out.stock[n++] = lowest(s);
  for (int i = n - 1; i > 0; --i) std::swap(out.stock[i], out.stock[rng_.bounded(static_cast<std::uint32_t>(i + 1))]);
  return true;
}

bool WorldSampler::draw(World& out) {
  for (int attempt = 0; attempt < 64; ++attempt) {
    if (try_draw(out, true)) return true;
  }
  return try_draw(out, false);
}

}  // namespace bieten::schnapsen
