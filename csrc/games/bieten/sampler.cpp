// figure_odds: the chance that a seat ends the hand with the best of each figure, from what it may
// see (docs/agents.md). Worlds are the possible holdings of the cards it has not seen; each is
// judged with the engine's figure keys (R6) and a deterministic play-out of the tricks left (Spiel).
#include <algorithm>
#include <bit>

#include "games/bieten/agents.hpp"
#include "games/bieten/sampler.hpp"
#include "core/small_sort.hpp"

namespace bieten {
namespace odds_detail {

namespace {

// Ranks present in a set of natural cards, as 8 bits (bit r = rank r).
constexpr std::uint32_t rank_fold(CardSet s) {
  return static_cast<std::uint32_t>((s | s >> 8 | s >> 16 | s >> 24) & 0xFF);
}

// The natural cards of the ranks in an 8-bit rank mask, in all four suits.
constexpr CardSet ranks_cards(std::uint32_t ranks) { return CardSet{ranks} * 0x01010101ULL; }

// Natural cards next in rank, in the same suit, to a card of s (R6.3; wild rules have no natural Weli).
constexpr CardSet neighbours(CardSet s) {
  const CardSet c = s & kNaturalCards;
  return (((c << 1) & ~CardSet{0x0101010101ULL}) | ((c >> 1) & ~CardSet{0x80808080ULL})) & kNaturalCards;
}

// Whether some card of x is next in rank to some card of y in the same suit (R6.3, Weli continuing Bells).
constexpr bool adjacent(CardSet x, CardSet y) {
  const std::uint64_t sx = detail::spread_suits(x), sy = detail::spread_suits(y);
  return ((sx & (sy >> 1)) | (sx & (sy << 1))) != 0;
}

constexpr bool has_rank_pair(CardSet s) {
  for (int r = 0; r < kRanks; ++r) {
    if (count(s & (CardSet{0x01010101} << r)) >= 2) return true;
  }
  return false;
}

double binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  double r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// The strongest unplayed wild's index in kWildOrder, or -1.
int first_wild(CardSet wilds) {
  for (int w = 0; w < 3; ++w) {
    if (wilds & bit(kWildOrder[w])) return w;
  }
  return -1;
}

FigureCards with_named(FigureCards fc, int w, Card x) {
  fc.cards |= bit(x);
  fc.named_by[w] = bit(x);
  return fc;
}

// R5.5 greedy for Gleich (set) or Hanger (run): each unplayed wild, strongest first, takes the free
// identity that raises the key most; a wild that raises nothing while another wild is still to come
// takes the highest free card, which the next wild may pair or extend.
template <typename KeyFn>
std::uint32_t greedy_key(FigureCards cur, CardSet wilds, CardSet free, bool set_figure, KeyFn key) {
  std::uint32_t best = key(cur);
  for (int w = 0; w < 3; ++w) {
    if (!(wilds & bit(kWildOrder[w]))) continue;
    wilds &= ~bit(kWildOrder[w]);
    const CardSet natural = cur.cards & kNaturalCards;
    const CardSet cand = free & (set_figure ? ranks_cards(rank_fold(natural)) : neighbours(natural));
    int bx = -1;
    std::uint32_t bk = best;
    for (CardSet s = cand; s; s &= s - 1) {
      const Card x = lowest(s);
      const std::uint32_t k = key(with_named(cur, w, x));
      if (k > bk) bk = k, bx = x;
    }
    if (bx >= 0) {
      cur = with_named(cur, w, static_cast<Card>(bx));
      free &= ~bit(static_cast<Card>(bx));
      best = bk;
    } else if (wilds && free) {
      const Card x = lowest(free);
      cur = with_named(cur, w, x);
      free &= ~bit(x);
    }
  }
  return best;
}

}  // namespace

Keys hand_keys(const FigureCards& fc, CardSet wilds, CardSet free, Ties ties, std::uint8_t figures) {
  Keys k{};
  const int w0 = wilds ? first_wild(wilds) : -1;
  for (int s = kHearts; s <= kLeaves; ++s) {  // Red, Green: the best wild as the highest free card
    if (!(figures >> s & 1)) continue;
    k[s] = top_card_key(fc, s);
    const CardSet cand = free & suit_cards(s);
    if (w0 >= 0 && cand) k[s] = std::max(k[s], top_card_key(with_named(fc, w0, lowest(cand)), s));
  }
  if (figures >> kGleich & 1) {
    const auto key = [ties](const FigureCards& h) { return gleich_key(h, ties); };
    k[kGleich] = w0 >= 0 ? greedy_key(fc, wilds, free, true, key) : key(fc);
  }
  if (figures >> kHanger & 1) {
    const auto key = [ties](const FigureCards& h) { return hanger_key(h, ties); };
    k[kHanger] = w0 >= 0 ? greedy_key(fc, wilds, free, false, key) : key(fc);
  }
  return k;
}

Keys seat_keys(const View& v, int p, CardSet unplayed, std::uint8_t figures) {
  FigureCards fc = v.base[p];
  fc.cards |= unplayed & ~v.wild;
  const CardSet wilds = unplayed & v.wild;
  const CardSet free = wilds ? free_identities(v, p, unplayed, fc.wild_named(), v.failed[p]) : 0;
  return hand_keys(fc, wilds, free, v.ties, figures);
}

View make_view(const Game& g, int seat) {
  View v;
  const Rules& r = g.rules();
  v.players = r.players;
  v.hand_size = r.hand_size;
  v.seat = seat;
  v.wild = r.wild_cards();
  v.ties = r.ties;
  v.steal_phase = g.phase() == Phase::kSteal;
  CardSet seen = g.dealt()[seat];  // its own cards, stolen ones included (R3.7)
  for (int p = 0; p < v.players; ++p) {
    v.failed[p] = g.failed_suits(p);
    if (!v.steal_phase) {  // before the deal is completed nobody has played (and unplayed() is empty)
      v.played[p] = g.played_cards(p);  // R4.4: played cards lie face up
      v.base[p].cards = g.played_identities(p);
      v.base[p].named_by = g.figure_cards(p).named_by;  // only played wilds have names: public
    }
    seen |= v.played[p];
    if (p == seat) {
      v.known[p] = v.steal_phase ? g.dealt()[p] : g.unplayed()[p];
      v.base[p].cards |= v.known[p] & ~v.wild;
      v.need[p] = r.hand_size - count(g.dealt()[p]);  // >0 only while the cutter is still stealing
    } else {
      // Only the number of another seat's unplayed cards is seen, never the cards (R4.4).
      v.need[p] = v.steal_phase ? r.hand_size : count(g.unplayed()[p]);
      for (int s = 0; s < kSuits; ++s) {
        if (v.failed[p] >> s & 1) v.forbid[p] |= natural_suit(s) & ~v.wild;  // R4.2: it had none left
      }
    }
  }
  if (g.top_card() != kNoCard) seen |= bit(g.top_card());  // R3.8
  if (seat == g.cutter()) seen |= g.seen_by_cutter();     // R3.7: known to the cutter alone
  v.pool = kFullDeck & ~seen;
  // R7.2: who opened, held or raised a figure held it then. (Spiel is not used: it needs nothing
  // before the last trick.)
  for (int f = 0; f < kCardFigures; ++f) {
    const BidRecord& b = g.bids()[f];
    if (b.state == BidState::kUnbid) continue;
    for (const std::int8_t who : {b.bidder, b.holder, b.raiser}) {
      if (who >= 0 && who != seat) v.must_hold[who] |= static_cast<std::uint8_t>(1u << f);
    }
  }
  for (int p = 0; p < v.players; ++p) {
    // A figure its played cards already give it constrains nothing (holding only grows with cards).
    const std::uint8_t all = v.must_hold[p];
    std::uint8_t keep = 0;
    for (int f = 0; f < kCardFigures; ++f) {
      if (!(all >> f & 1)) continue;
      v.must_hold[p] = static_cast<std::uint8_t>(1u << f);
      if (!consistent(v, p, 0)) keep |= static_cast<std::uint8_t>(1u << f);
    }
    v.must_hold[p] = keep;
    if (v.need[p] > 0) v.order[v.order_size++] = static_cast<std::int8_t>(p);
    if (v.forbid[p] & v.pool) v.any_forbid = true;
  }
  // Seats with bid constraints first (the first draws from all unseen cards), then by failed suits.
  small_stable_sort(v.order.begin(), v.order.begin() + v.order_size, [&v](int a, int b) {
    const int ca = std::popcount(v.must_hold[a]), cb = std::popcount(v.must_hold[b]);
    if (ca != cb) return ca > cb;
    return count(v.forbid[a] & v.pool) > count(v.forbid[b] & v.pool);
  });
  // The trick in progress.
  v.trick_index = g.trick_index();
  v.leader = g.trick_leader();
  v.in_trick = v.steal_phase ? 0 : g.cards_in_trick();
  v.led_suit = v.in_trick ? g.led_suit() : -1;
  for (int i = 0; i < v.in_trick; ++i) {
    const int p = (v.leader + i) % v.players;
    const TrickCard& tc = g.trick_cards()[p];
    if (suit_of(tc.identity) != v.led_suit) continue;
    const int s = trick_strength(tc.identity, tc.wild);
    if (s > v.best_strength) v.best_strength = s, v.best_seat = p;
  }
  return v;
}

bool consistent(const View& v, int p, CardSet unplayed) {
  // Every wild dealt to p, played or not, is counted as free: at the time of the bid it may still
  // have been unplayed, so this never rules out the real holding.
  const CardSet dealt = v.played[p] | unplayed;
  const CardSet natural = dealt & ~v.wild;
  const CardSet wild_cards = dealt & v.wild;
  const bool two_wilds = wild_cards & (wild_cards - 1);
  const CardSet free = wild_cards ? kNaturalCards & ~natural : 0;
  const std::uint8_t need = v.must_hold[p];
  if ((need >> kRed & 1) && !((natural | free) & suit_cards(kHearts))) return false;
  if ((need >> kGreen & 1) && !((natural | free) & suit_cards(kLeaves))) return false;
  if (need >> kGleich & 1) {  // R6.2: two of a rank (a wild pairs with any natural rank; two wilds always pair)
    const std::uint32_t a = natural & 0xFF, b = (natural >> 8) & 0xFF, c = (natural >> 16) & 0xFF, d = (natural >> 24) & 0xFF;
    const bool pair = ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) != 0;
    if (!pair && !(wild_cards && (rank_fold(natural & kNaturalCards) & rank_fold(free))) && !(two_wilds && has_rank_pair(free)))
      return false;
  }
  if (need >> kHanger & 1) {  // R6.3: two in a row (the natural Weli continuing Bells)
    const std::uint64_t y = detail::spread_suits(natural);
    if (!(y & (y >> 1)) && !(wild_cards && adjacent(natural, free)) && !(two_wilds && adjacent(free, free))) return false;
  }
  return true;
}

double multinomial_holdings(const View& v) {
  int left = count(v.pool);
  double total = 1;
  for (int i = 0; i < v.order_size; ++i) {
    const int k = v.need[v.order[i]];
    total *= binomial(left, k);
    left -= k;
  }
  return total;
}

namespace {

void count_from(const View& v, int idx, CardSet remaining, long long cap, long long& total) {
  const int p = v.order[idx];
  const int k = v.need[p];
  const CardSet cand = remaining & ~v.forbid[p];
  const int m = count(cand);
  if (idx == v.order_size - 1) {
    total += static_cast<long long>(std::min(binomial(m, k), static_cast<double>(cap) + 1));
    return;
  }
  std::array<Card, kDeckSize> cards{};
  int n = 0;
  for (CardSet s = cand; s; s &= s - 1) cards[n++] = lowest(s);
  if (n < k) return;
  std::array<int, 8> ix{};
  for (int i = 0; i < k; ++i) ix[i] = i;
  for (;;) {
    CardSet pick = 0;
    for (int i = 0; i < k; ++i) pick |= bit(cards[ix[i]]);
    count_from(v, idx + 1, remaining & ~pick, cap, total);
    if (total > cap) return;
    int i = k - 1;
    while (i >= 0 && ix[i] == n - k + i) --i;
    if (i < 0) return;
    ++ix[i];
    for (int j = i + 1; j < k; ++j) ix[j] = ix[j - 1] + 1;
  }
}

// The play-out policy's choice for seat p (docs/agents.md, "Spiel"): in the last trick, a seat
// plays its one card, a wild named as high as it may in the led suit (or as the highest free card
// when leading); in earlier tricks it follows suit with its lowest card, or discards its lowest
// card, keeping its wilds and high cards for the last trick.
struct Choice {
  Card card;
  Card identity;
  int wild;
};

// The lowest-ranked card of s (the natural Weli lowest of all, R1.3); among equal ranks the highest id.
Card weakest_natural(CardSet s) {
  if (s & bit(kWeli)) return kWeli;
  const auto ranks = static_cast<std::uint32_t>((s | s >> 8 | s >> 16 | s >> 24) & 0xFF);
  const int rank = 31 - std::countl_zero(ranks);
  const CardSet at = s & (CardSet{0x01010101} << rank);
  return static_cast<Card>(63 - std::countl_zero(at));
}

// The lowest-ranked card of a set of natural identities.
Card weakest_identity(CardSet s) {
  for (int r = kRanks - 1; r >= 0; --r) {
    const CardSet at = s & (CardSet{0x01010101} << r);
    if (at) return lowest(at);
  }
  return lowest(s);
}

}  // namespace

long long count_holdings(const View& v, long long cap) {
  if (v.order_size == 0) return 1;
  long long total = 0;
  count_from(v, 0, v.pool, cap, total);
  return total;
}

namespace {

// The tricks of a play-out from the view's state (R4.3): the trick and seat to play, the led suit,
// and who is winning it.
struct TrickPlay {
  explicit TrickPlay(const View& v)
      : n(v.players), last(v.hand_size - 1), t(v.trick_index), cnt(v.in_trick), led(v.led_suit),
        best(v.best_seat), strength(v.best_strength), p((v.leader + v.in_trick) % v.players) {}

  // Seat p's card, of `suit` and `card_strength` (trick_strength), is down. Returns true when it
  // ended the last trick (its winner is `best`); otherwise the next seat is to play.
  bool played(int suit, int card_strength) {
    if (cnt == 0) led = suit;
    if (suit == led && card_strength > strength) strength = card_strength, best = p;
    if (++cnt < n) {
      p = p + 1 == n ? 0 : p + 1;
      return false;
    }
    if (t >= last) return true;
    ++t;  // the winner leads the next trick
    p = best;
    cnt = 0;
    led = -1;
    best = -1;
    strength = -1;
    return false;
  }

  int n, last, t, cnt, led, best, strength, p;
};

// play_out without wild cards: every card is played as itself.
int play_out_natural(const View& v, const Hands& unplayed, int first) {
  Hands hand = unplayed;
  TrickPlay trick(v);
  int &p = trick.p, &cnt = trick.cnt, &led = trick.led;
  for (int guard = 0; guard < kMaxPlayers * 4 + 1; ++guard) {
    Card c;
    if (first >= 0) {
      c = played_card(static_cast<ActionId>(first));
      first = -1;
    } else {
      const CardSet h = hand[p];
      if (!h) return -1;  // not a consistent state
      CardSet options = h;
      if (cnt > 0) {
        const CardSet follow = h & natural_suit(led);  // R4.2
        if (follow) options = follow;
      }
      c = (options & (options - 1)) ? weakest_natural(options) : lowest(options);
    }
    hand[p] &= ~bit(c);
    if (trick.played(suit_of(c), trick_strength(c, -1))) return trick.best;
  }
  return -1;
}

}  // namespace

int play_out(const View& v, const Hands& unplayed, int first) {
  if (v.wild == 0) return play_out_natural(v, unplayed, first);
  const int n = v.players, last = v.hand_size - 1;
  Hands hand = unplayed;
  std::array<CardSet, kMaxPlayers> named{};
  std::array<CardSet, kMaxPlayers> dealt{};
  std::array<std::uint8_t, kMaxPlayers> failed = v.failed;
  for (int p = 0; p < n; ++p) {
    named[p] = v.base[p].wild_named();
    dealt[p] = v.played[p] | unplayed[p];
  }
  TrickPlay trick(v);
  const int& t = trick.t;
  int &p = trick.p, &cnt = trick.cnt, &led = trick.led;
  for (int guard = 0; guard < kMaxPlayers * 4 + 1; ++guard) {
    Choice c{};
    const CardSet h = hand[p];
    if (first >= 0) {
      const auto a = static_cast<ActionId>(first);
      c = {played_card(a), played_identity(a), is_wild_play(a) ? wild_index_of(a) : -1};
      first = -1;
    } else {
      if (!h) return -1;  // not a consistent state
      const CardSet natural = h & ~v.wild;
      CardSet options = natural;
      if (cnt > 0 && (natural & natural_suit(led))) options = natural & natural_suit(led);  // R4.2
      const CardSet wilds = h & v.wild;
      CardSet free = 0;
      if (wilds && (!options || t == last)) {
        free = wild_identities(dealt[p], named[p], failed[p]);
        if (!free) free = kNaturalCards & ~dealt[p] & ~named[p];
      }
      if (t == last && wilds && !natural) {  // the last card is a wild: name it to win
        const CardSet in_led = cnt > 0 ? free & suit_cards(led) : 0;
        const Card id = in_led ? lowest(in_led) : lowest(free);
        c = {lowest(wilds), id, wild_index(lowest(wilds))};
      } else if (options) {
        const Card card = weakest_natural(options);
        c = {card, card, -1};
      } else {  // only wilds left before the last trick: name one as low as possible
        const CardSet in_led = cnt > 0 ? free & suit_cards(led) : 0;
        const Card id = weakest_identity(in_led ? in_led : free);
        Card wc = lowest(wilds);
        for (int i = 2; i >= 0; --i) {  // the weakest wild first, keeping the Weli (R5.4)
          if (wilds & bit(kWildOrder[i])) {
            wc = kWildOrder[i];
            break;
          }
        }
        c = {wc, id, wild_index(wc)};
      }
    }
    hand[p] &= ~bit(c.card);
    if (c.wild >= 0) named[p] |= bit(c.identity);
    const int suit = suit_of(c.identity);
    if (cnt > 0 && suit != led) failed[p] |= static_cast<std::uint8_t>(1u << led);  // R5.3
    if (trick.played(suit, trick_strength(c.identity, c.wild))) return trick.best;
  }
  return -1;
}

Sampler::Sampler(const View& v, SplitMix64& rng, AgentWorkspace& ws, bool use_bids, bool use_forbid, int samples)
    : v_(v), draws_(rng), use_bids_(use_bids), ws_(ws), samples_left_(samples) {
  for (int i = 0; i < v.order_size; ++i) {
    const int p = v.order[i];
    allowed_[p] = v.pool & (use_forbid ? ~v.forbid[p] : ~CardSet{0});
    allowed_size_[p] = count(allowed_[p]);
    // A list an earlier Sampler built for the same cards and constraints is used from the start.
    if (use_bids && v.must_hold[p] && ws.fitting_key[p] == fitting_key(p)) listed_[p] = tried_[p] = true;
  }
}

AgentWorkspace::FittingKey Sampler::fitting_key(int p) const {
  return {allowed_[p], v_.known[p], v_.played[p], v_.wild, v_.need[p], v_.must_hold[p]};
}

// The list of every set of seat p's allowed cards that fits its bids (R7.2), or an empty list when
// there would be more than kListCapacity sets to test; kept in the workspace under its key.
void Sampler::build_list(int p) {
  tried_[p] = true;
  listed_[p] = true;
  const int k = v_.need[p];
  const AgentWorkspace::FittingKey key = fitting_key(p);
  std::vector<CardSet>& list = ws_.fitting[p];
  if (ws_.fitting_key[p] == key) return;  // built from the same cards and constraints: the same list  // built from the same cards and constraints: the same list
  ws_.fitting_key[p] = key;
  list.clear();  // keeps the storage
  std::array<Card, kDeckSize> cards{};
  int m = 0;
  for (CardSet s = allowed_[p]; s; s &= s - 1) cards[m++] = lowest(s);
  if (m < k || binomial(m, k) > kListLimit) return;
  if (list.capacity() < kListCapacity) list.reserve(kListCapacity);  // once per workspace and seat
  std::array<int, 8> ix{};
  for (int i = 0; i < k; ++i) ix[i] = i;
  for (;;) {
    CardSet pick = 0;
    for (int i = 0; i < k; ++i) pick |= bit(cards[ix[i]]);
    if (consistent(v_, p, v_.known[p] | pick)) list.push_back(pick);
    int i = k - 1;
    while (i >= 0 && ix[i] == m - k + i) --i;
    if (i < 0) break;
    ++ix[i];
    for (int j = i + 1; j < k; ++j) ix[j] = ix[j - 1] + 1;
  }
}

bool Sampler::draw(Hands& world) {
  CardSet taken = 0;
  for (int idx = 0; idx < v_.order_size; ++idx) {
    const int p = v_.order[idx];
    const int k = v_.need[p];
    const bool check = use_bids_ && v_.must_hold[p];
    CardSet pick = 0;
    if (check && listed_[p] && !ws_.fitting[p].empty()) {  // a fitting set that is still free
      const std::vector<CardSet>& list = ws_.fitting[p];
      bool ok = false;
      for (int attempt = 0; attempt < kSeatAttempts && !ok; ++attempt) {
        pick = list[draws_.bounded(static_cast<std::uint32_t>(list.size()))];
        ok = !(pick & taken);
      }
      if (!ok) return false;
    } else {
      std::array<Card, kDeckSize> free;  // its allowed cards not yet dealt in this draw
      int n = 0;
      for (CardSet s = allowed_[p] & ~taken; s; s &= s - 1) free[n++] = lowest(s);
      if (n < k) return false;
      bool ok = false;
      for (int attempt = 0; attempt < kSeatAttempts && !ok; ++attempt) {
        pick = 0;
        for (int j = 0; j < k; ++j) {  // a partial Fisher-Yates shuffle: k cards uniformly from the n free
          const int r = j + static_cast<int>(draws_.bounded(static_cast<std::uint32_t>(n - j)));
          std::swap(free[j], free[r]);
          pick |= bit(free[j]);
        }
        ok = !check || consistent(v_, p, v_.known[p] | pick);
        if (check) {
          ++attempts_[p];
          fits_[p] += ok;
        }
      }
      if (check && !tried_[p] && attempts_[p] >= kListAfter) {
        const double per_fit = static_cast<double>(attempts_[p]) / static_cast<double>(fits_[p] > 0 ? fits_[p] : 1);
        const double saved = samples_left_ * (per_fit - 1) * k * kDrawCostInTests;
        const double sets = binomial(allowed_size_[p], k);
        if (saved > std::min(sets, kListLimit + 1)) build_list(p);
        if (saved <= sets / 4) tried_[p] = true;  // not worth watching
      }
      if (!ok) return false;
    }
    world[p] = v_.known[p] | pick;
    taken |= pick;
  }
  --samples_left_;
  return true;
}

FigureOdds odds(const View& v, SplitMix64& rng, AgentWorkspace& ws, std::uint8_t figures, int samples,
                int exact_limit) {
  FigureOdds out;
  const int seat = v.seat, n = v.players;
  const bool own_fixed = v.need[seat] == 0;
  const Keys mine_fixed = own_fixed ? seat_keys(v, seat, v.known[seat], figures) : Keys{};
  std::uint8_t card_figures = figures & 0x0F;
  if (own_fixed) {  // a figure the seat does not hold cannot be won: skip it
    for (int f = 0; f < kCardFigures; ++f) {
      if (!mine_fixed[f]) card_figures &= static_cast<std::uint8_t>(~(1u << f));
    }
  }
  const bool spiel = (figures >> kSpiel & 1) != 0;
  std::array<int, kBiddableFigures> wins{};
  // The seat wins a figure when its key is above every other seat's (R6.5: a tie wins nothing),
  // which is best_seat(...) == seat; each world stops judging a figure once another seat reaches it.
  const bool natural = v.wild == 0 && own_fixed;
  std::array<CardSet, 2> beaters{};  // natural rules: the cards that beat its Red / Green
  if (natural) {
    for (int s = kHearts; s <= kLeaves; ++s) {
      if (!(card_figures >> s & 1)) continue;
      const Card top = lowest(v.base[seat].cards & suit_cards(s));
      beaters[s] = suit_cards(s) & (bit(top) - 1);
      for (int p = 0; p < n; ++p) {  // already played by another seat: lost in every world
        if (p != seat && (v.base[p].cards & beaters[s])) card_figures &= static_cast<std::uint8_t>(~(1u << s));
      }
    }
  }
  const WorldCount wc = visit_worlds(v, rng, ws, samples, exact_limit, [&](const Hands& world) {
    if (card_figures && natural) {
      std::uint8_t alive = card_figures;
      for (int p = 0; p < n && alive; ++p) {
        if (p == seat) continue;
        const CardSet cards = v.base[p].cards | world[p];
        for (int s = kHearts; s <= kLeaves; ++s) {
          if ((alive >> s & 1) && (cards & beaters[s])) alive &= static_cast<std::uint8_t>(~(1u << s));
        }
        if (alive >> kGleich & 1) {
          const std::uint32_t a = cards & 0xFF, b = (cards >> 8) & 0xFF, c = (cards >> 16) & 0xFF, d = (cards >> 24) & 0xFF;
          if (((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) &&
              gleich_key(FigureCards{cards, {}}, v.ties) >= mine_fixed[kGleich]) {
            alive &= static_cast<std::uint8_t>(~(1u << kGleich));
          }
        }
        if (alive >> kHanger & 1) {
          const std::uint64_t y = detail::spread_suits(cards);
          if ((y & (y >> 1)) && hanger_key(FigureCards{cards, {}}, v.ties) >= mine_fixed[kHanger]) {
            alive &= static_cast<std::uint8_t>(~(1u << kHanger));
          }
        }
      }
      for (int f = 0; f < kCardFigures; ++f) wins[f] += alive >> f & 1;
    } else if (card_figures && own_fixed) {
      std::uint8_t alive = card_figures;
      for (int p = 0; p < n && alive; ++p) {
        if (p == seat) continue;
        const Keys k = seat_keys(v, p, world[p], alive);
        for (int f = 0; f < kCardFigures; ++f) {
          if ((alive >> f & 1) && k[f] >= mine_fixed[f]) alive &= static_cast<std::uint8_t>(~(1u << f));
        }
      }
      for (int f = 0; f < kCardFigures; ++f) wins[f] += alive >> f & 1;
    } else if (card_figures) {  // the cutter still stealing: its own hand is part of the world
      std::array<Keys, kMaxPlayers> keys{};
      for (int p = 0; p < n; ++p) keys[p] = seat_keys(v, p, world[p], card_figures);
      for (int f = 0; f < kCardFigures; ++f) {
        if ((card_figures >> f & 1) && best_seat(n, [&](int p) { return keys[p][f]; }) == seat) ++wins[f];
      }
    }
    if (spiel && play_out(v, world) == seat) ++wins[kSpiel];
  });
  out.exact = wc.exact;
  out.worlds = wc.worlds;
  if (wc.worlds > 0) {
    for (int f = 0; f < kBiddableFigures; ++f) out.p[f] = static_cast<double>(wins[f]) / wc.worlds;
  }
  return out;
}

}  // namespace odds_detail

FigureOdds figure_odds(const Game& game, int seat, SplitMix64& rng, AgentWorkspace& workspace) {
  if (game.is_over() || seat < 0 || seat >= game.rules().players) return {};
  workspace.new_decision();
  return odds_detail::odds(odds_detail::make_view(game, seat), rng, workspace, odds_detail::kAllFigures,
                           odds_detail::kSamples, odds_detail::kExactLimit);
}

FigureOdds figure_odds(const Game& game, int seat, SplitMix64& rng) {
  AgentWorkspace workspace;
  return figure_odds(game, seat, rng, workspace);
}

}  // namespace bieten
