#include "games/schnapsen/solver.hpp"

#include <algorithm>
#include <bit>

namespace bieten::schnapsen {

namespace {

constexpr int kWinningPoints = 66;  // S7
constexpr int kInfinity = 4;        // beyond every deal's value (S8: at most 3 game points)
constexpr std::uint8_t kNoMove = 0xFF;

// Pack-index helpers (cards.hpp): index i is suit i / 5, rank i % 5.
constexpr int idx_suit(int i) { return i / 5; }
constexpr int idx_points(int i) { return kRankPoints[i % 5]; }
constexpr int idx_strength(int i) { return kRankStrength[i % 5]; }
constexpr std::uint32_t suit_bits(int s) { return 0x1Fu << (5 * s); }
constexpr int king_idx(int s) { return 5 * s + kKingRank; }
constexpr int ober_idx(int s) { return 5 * s + kOberRank; }

// The pack indices of a suit's cards above index i in strength (S1.2).
constexpr auto kStronger = [] {
  std::array<std::uint32_t, kPackSize> t{};
  for (int i = 0; i < kPackSize; ++i) {
    for (int r = 0; r < kRanksInPack; ++r) {
      if (kRankStrength[r] > idx_strength(i)) t[i] |= 1u << (5 * idx_suit(i) + r);
    }
  }
  return t;
}();

// Cards high first within the move list: A, 10, K, O, U by rank index.
constexpr std::array<int, kRanksInPack> kRankOrder = {0, 4, 1, 2, 3};

// S8.1 the points of a correct claim against a seat with `tricks` tricks and `points` points.
int claim_points(bool tricks, int points, int one_point_from) { return !tricks ? 3 : points < one_point_from ? 2 : 1; }

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0x7FB5D329728EA185ULL;
  x ^= x >> 27;
  x *= 0x81DADEF4BC2DD44DULL;
  return x ^ (x >> 33);
}

}  // namespace

std::string solve_refusal(const Game& game) {
  if (game.players() != 2) {
    return "S2.1: solve needs a two-player deal (schnapsen, bauernschnapsen_2); with 4 players the partner's "
           "and opponents' hands stay hidden";
  }
  if (game.is_over()) return "S8.6: the game is over; there is no deal to solve";
  if (game.phase() != Phase::kPlay) return "S6: solve needs the card play; the deal is not in its tricks";
  if (game.stock_count() > 0 && !game.closed()) {
    return "S6.4: the stock is still open (" + std::to_string(game.stock_count()) +
           " cards); solve needs it exhausted or closed (S6.7)";
  }
  return {};
}

Solver::Solver(int log2_entries) : table_(std::size_t{1} << log2_entries), mask_((std::uint64_t{1} << log2_entries) - 1) {}

Solver::Context Solver::context(const Game& game) const {
  Context c;
  const Rules& r = game.rules();
  c.trump = game.trump();
  c.explicit_claims = r.claim == Claim::kExplicit;
  c.head = r.must_head == MustHead::kAlways;  // S6.3: kContracts never applies in a normal deal
  c.one_point_from = r.one_point_from;
  if (game.closed()) {
    c.closer = game.closer();
    const bool tricks = game.closed_opponent_tricks() > 0;
    c.closer_claim = claim_points(tricks, game.closed_opponent_points(), r.one_point_from);
    c.close_failed = tricks ? 2 : 3;
  }
  c.key = static_cast<std::uint64_t>(c.trump) | static_cast<std::uint64_t>(c.closer + 1) << 2 |
          static_cast<std::uint64_t>(c.closer_claim) << 4 | static_cast<std::uint64_t>(c.close_failed) << 6 |
          static_cast<std::uint64_t>(c.explicit_claims) << 8 | static_cast<std::uint64_t>(c.head) << 9 |
          static_cast<std::uint64_t>(c.one_point_from == 33) << 10;
  return c;
}

Solver::Pos Solver::position(const Game& game, const std::array<CardSet, 2>& hands) const {
  Pos p;
  for (int s = 0; s < 2; ++s) {
    const int side = game.side_of(s);
    p.hand[s] = pack_bits(hands[s]);
    p.points[s] = static_cast<std::uint8_t>(game.side_points(side));
    p.pending[s] = static_cast<std::uint8_t>(game.pending_marriages(side));
    p.tricks[s] = game.won_cards(s) != 0;
  }
  p.led = game.cards_in_trick() ? static_cast<std::int8_t>(pack_index(game.trick_card(0))) : std::int8_t{-1};
  // The melded suit binds only the lead (S6.6); the game keeps it until the trick ends.
  p.lead_meld = game.cards_in_trick() ? std::int8_t{-1} : static_cast<std::int8_t>(game.lead_meld());
  p.to_move = static_cast<std::uint8_t>(game.current_player());
  return p;
}

// The legal actions (ids) of p's seat to move, in search order: a correct claim, marriages (trump first),
// cards high first; a wrong claim last.
int Solver::moves(const Pos& p, std::uint8_t* out) const {
  const int me = p.to_move;
  const std::uint32_t hand = p.hand[me];
  int n = 0;
  std::uint32_t cards;
  bool claim = false;
  if (p.led < 0) {
    claim = ctx_.explicit_claims && (p.tricks[0] | p.tricks[1]);  // S7.1 from the second trick
    if (claim && p.points[me] >= kWinningPoints) {
      out[n++] = kClaim;
      claim = false;
    }
    if (p.lead_meld >= 0) {  // S6.6 lead the melded King or Ober
      cards = hand & ((1u << king_idx(p.lead_meld)) | (1u << ober_idx(p.lead_meld)));
    } else {
      for (int k = 0; k < 4; ++k) {  // S6.6 marriages, trump first
        const int s = (ctx_.trump + k) & 3;
        if ((hand >> king_idx(s) & 1) && (hand >> ober_idx(s) & 1)) out[n++] = meld_action(s);
      }
      cards = hand;
    }
  } else {  // S6.3 follow, trump, head
    const int led = p.led;
    const std::uint32_t follow = hand & suit_bits(idx_suit(led));
    if (follow) {
      const std::uint32_t beat = follow & kStronger[led];
      cards = ctx_.head && beat ? beat : follow;
    } else if (const std::uint32_t trumps = hand & suit_bits(ctx_.trump)) {
      cards = trumps;  // the led card is no trump here, so every trump beats it
    } else {
      cards = hand;
    }
  }
  for (int r : kRankOrder) {
    for (int s = 0; s < 4; ++s) {
      const int i = 5 * s + r;
      if (cards >> i & 1) out[n++] = static_cast<std::uint8_t>(kPlayBase + i);
    }
  }
  if (claim) out[n++] = kClaim;
  return n;
}

// S7.1, S8.1-S8.3: the deal ended by `seat`'s claim (correct or wrong); the value for `seat`.
int Solver::end_claim(int seat, bool correct, const Pos& p) const {
  const int other = 1 - seat;
  if (ctx_.closer >= 0) {
    if (seat == ctx_.closer) return correct ? ctx_.closer_claim : -ctx_.close_failed;
    if (correct) return ctx_.close_failed;
    return -(p.tricks[other] ? 2 : 3);  // S8.2
  }
  if (correct) return claim_points(p.tricks[other], p.points[other], ctx_.one_point_from);  // S8.1
  return -(p.tricks[other] ? 2 : 3);  // S8.2
}

bool Solver::play(const Pos& p, int m, Pos& next, int& value) const {
  const int me = p.to_move;
  if (m == kClaim) {
    value = end_claim(me, p.points[me] >= kWinningPoints, p);
    return true;
  }
  next = p;
  if (m < kPlayBase) {  // S6.6 a marriage: 40 in trump, else 20, credited once the seat has a trick
    const int s = m - kMeldBase;
    const int points = s == ctx_.trump ? 40 : 20;
    if (p.tricks[me]) next.points[me] = static_cast<std::uint8_t>(next.points[me] + points);
    else next.pending[me] = static_cast<std::uint8_t>(next.pending[me] + points);
    next.lead_meld = static_cast<std::int8_t>(s);
    return false;
  }
  const int c = m - kPlayBase;
  next.hand[me] &= ~(1u << c);
  if (p.led < 0) {
    next.led = static_cast<std::int8_t>(c);
    next.lead_meld = -1;
    next.to_move = static_cast<std::uint8_t>(1 - me);
    return false;
  }
  // S6.2 the trick: the follower wins with a higher card of the led suit or a trump on another suit.
  const int led = p.led;
  const bool follower_wins = idx_suit(c) == idx_suit(led) ? idx_strength(c) > idx_strength(led) : idx_suit(c) == ctx_.trump;
  const int w = follower_wins ? me : 1 - me;
  next.points[w] = static_cast<std::uint8_t>(next.points[w] + idx_points(c) + idx_points(led));
  if (!next.tricks[w]) {  // S6.6 pending marriages are credited with the first trick
    next.tricks[w] = 1;
    next.points[w] = static_cast<std::uint8_t>(next.points[w] + next.pending[w]);
    next.pending[w] = 0;
  }
  next.led = -1;
  next.to_move = static_cast<std::uint8_t>(w);
  int for_w = 0;
  bool over = false;
  if (!ctx_.explicit_claims && next.points[w] >= kWinningPoints) {  // S7.2
    for_w = end_claim(w, true, next);
    over = true;
  } else if ((next.hand[0] | next.hand[1]) == 0) {  // S7.3 the last trick
    over = true;
    if (ctx_.closer >= 0) {
      if (w == ctx_.closer && next.points[w] >= kWinningPoints) for_w = end_claim(w, true, next);
      else for_w = w == ctx_.closer ? -ctx_.close_failed : ctx_.close_failed;  // S8.3
    } else {
      for_w = next.points[w] >= kWinningPoints ? end_claim(w, true, next) : 1;
    }
  }
  if (over) value = w == me ? for_w : -for_w;
  return over;
}

int Solver::search(const Pos& p, int alpha, int beta) {
  ++nodes_;
  const std::uint64_t k1 = std::uint64_t{p.hand[0]} | std::uint64_t{p.hand[1]} << 20 |
                           static_cast<std::uint64_t>(p.led + 1) << 40 | std::uint64_t{p.to_move} << 45 |
                           static_cast<std::uint64_t>(p.lead_meld + 1) << 46 | std::uint64_t{p.tricks[0]} << 49 |
                           std::uint64_t{p.tricks[1]} << 50 | ctx_.key << 51;
  const std::uint32_t k2 = std::uint32_t{p.points[0]} | std::uint32_t{p.points[1]} << 8 |
                           std::uint32_t{p.pending[0]} << 16 | std::uint32_t{p.pending[1]} << 24;
  Entry& e = table_[mix(k1 ^ (std::uint64_t{k2} * 0x9E3779B97F4A7C15ULL)) & mask_];
  std::uint8_t hint = kNoMove;
  if (e.used && e.k1 == k1 && e.k2 == k2) {
    if (e.lo == e.hi || e.lo >= beta) return e.lo;
    if (e.hi <= alpha) return e.hi;
    alpha = std::max(alpha, static_cast<int>(e.lo));
    beta = std::min(beta, static_cast<int>(e.hi));
    hint = e.best;
  }
  std::array<std::uint8_t, 16> list{};
  const int n = moves(p, list.data());
  if (hint != kNoMove) {
    for (int i = 1; i < n; ++i) {
      if (list[i] == hint) {
        std::rotate(list.begin(), list.begin() + i, list.begin() + i + 1);
        break;
      }
    }
  }
  const int alpha0 = alpha;
  int best = -kInfinity;
  std::uint8_t best_move = list[0];
  for (int i = 0; i < n; ++i) {
    Pos next;
    int v = 0;
    if (!play(p, list[i], next, v)) v = next.to_move == p.to_move ? search(next, alpha, beta) : -search(next, -beta, -alpha);
    if (v > best) {
      best = v;
      best_move = list[i];
    }
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  // Store the bound: an upper bound if it failed low, a lower bound if it failed high, else exact. A bound
  // already known for this key is kept where it is tighter.
  std::int8_t lo = -kInfinity, hi = kInfinity;
  if (best <= alpha0) hi = static_cast<std::int8_t>(best);
  else if (best >= beta) lo = static_cast<std::int8_t>(best);
  else lo = hi = static_cast<std::int8_t>(best);
  if (e.used && e.k1 == k1 && e.k2 == k2) {
    e.lo = std::max(e.lo, lo);
    e.hi = std::min(e.hi, hi);
  } else {
    e.k1 = k1;
    e.k2 = k2;
    e.lo = lo;
    e.hi = hi;
    e.used = 1;
  }
  e.best = best_move;
  return best;
}

ActionMask Solver::solve_pos(const Game& game, const Pos& root, std::array<int, kNumActions>& values) {
  ctx_ = context(game);
  std::array<std::uint8_t, 16> list{};
  const int n = moves(root, list.data());
  ActionMask mask = 0;
  for (int i = 0; i < n; ++i) {
    Pos next;
    int v = 0;
    if (!play(root, list[i], next, v)) {
      v = next.to_move == root.to_move ? search(next, -kInfinity, kInfinity) : -search(next, -kInfinity, kInfinity);
    }
    values[list[i]] = v;
    mask |= ActionMask{1} << list[i];
  }
  return mask;
}

ActionMask Solver::solve(const Game& game, std::array<int, kNumActions>& values) {
  const std::string why = solve_refusal(game);
  if (!why.empty()) throw Error(why);
  return solve_pos(game, position(game, {game.hand(0), game.hand(1)}), values);
}

ActionMask Solver::solve_world(const Game& game, const std::array<CardSet, 2>& hands,
                               std::array<int, kNumActions>& values) {
  return solve_pos(game, position(game, hands), values);
}

int Solver::value(const Game& game, const std::array<CardSet, 2>& hands) {
  ctx_ = context(game);
  return search(position(game, hands), -kInfinity, kInfinity);
}

}  // namespace bieten::schnapsen
