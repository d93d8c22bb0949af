// Internals of figure_odds and the heuristic agent (docs/agents.md): one seat's view of the hand,
// the worlds (possible holdings of the unseen cards) consistent with it, the figure keys of a hand
// with unplayed wilds (R5.5), and the deterministic play-out of the remaining tricks for Spiel.
//
// Everything here is a pure function of its arguments (and the generator it is given): no global
// state and no exceptions, so any number of games can be evaluated on any number of threads. The
// only allocation is a seat's first list of fitting holdings (Sampler) in the caller's AgentWorkspace,
// whose storage is reused from then on.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "games/bieten/actions.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/cards.hpp"
#include "games/bieten/deal.hpp"
#include "games/bieten/figures.hpp"
#include "games/bieten/game.hpp"
#include "core/rng.hpp"
#include "games/bieten/rules.hpp"

namespace bieten::odds_detail {

inline constexpr int kExactLimit = 2000;  // enumerate every holding when there are at most this many
inline constexpr int kSamples = 400;      // otherwise draw this many seeded samples
inline constexpr int kAttemptsPerSample = 4;   // draws per sample before the constraints are relaxed
inline constexpr int kSeatAttempts = 32;       // redraws of one seat's cards for its R7.2 constraints
inline constexpr long kListAfter = 32;         // draws of a seat before judging its fit rate
inline constexpr int kListCapacity = 4096;     // the most sets a seat's list of fitting sets may test
inline constexpr double kListLimit = kListCapacity;
// A list is built when the draws it would save, at the fit rate seen so far, for the samples still
// to come, cost more than testing every set once (a draw of one card costs about this many tests).
inline constexpr double kDrawCostInTests = 2.0;
inline constexpr int kCardFigures = 4;    // Red, Green, Gleich, Hanger (Figure order)
inline constexpr std::uint8_t kAllFigures = 0x1F;

using Keys = std::array<std::uint32_t, kCardFigures>;

// R4.3/R5.4: strength of an identity in the led suit; at equal identity natural > Weli > Bells 7 > Acorns 7.
inline constexpr int trick_strength(Card identity, int wild_index) {
  return (8 - rank_of(identity)) * 4 + (wild_index < 0 ? 3 : 2 - wild_index);
}

// Uniform integers in [0, n) from the 32-bit halves of a SplitMix64's outputs (Lemire's method on 32
// bits, exact), so that one output serves two draws of a card.
class HalfDraws {
 public:
  explicit HalfDraws(SplitMix64& rng) : rng_(rng) {}
  std::uint32_t next32() {
    if (have_) {
      have_ = false;
      return static_cast<std::uint32_t>(buf_ >> 32);
    }
    buf_ = rng_.next();
    have_ = true;
    return static_cast<std::uint32_t>(buf_);
  }
  std::uint32_t bounded(std::uint32_t n) {
    std::uint64_t m = std::uint64_t{next32()} * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = (0u - n) % n;
      while (low < threshold) {
        m = std::uint64_t{next32()} * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

 private:
  SplitMix64& rng_;
  std::uint64_t buf_ = 0;
  bool have_ = false;
};

// What one seat may see of the current hand (R3.7, R3.8, R4.4, R7), and the facts about the other
// seats that constrain their unseen cards.
struct View {
  int players = 0;
  int hand_size = 0;
  int seat = 0;
  CardSet wild = 0;
  Ties ties = Ties::kSuitPriority;
  bool steal_phase = false;

  CardSet pool = 0;                            // cards the seat has not seen: others' hands or stock
  std::array<int, kMaxPlayers> need{};         // unseen cards each seat still holds (or will be dealt)
  std::array<CardSet, kMaxPlayers> known{};    // unplayed cards the seat knows (its own)
  std::array<CardSet, kMaxPlayers> played{};   // physical cards each seat has played (R4.4)
  std::array<FigureCards, kMaxPlayers> base{};  // played identities (+ own unplayed naturals); played wilds' names
  std::array<CardSet, kMaxPlayers> forbid{};   // cards a seat cannot hold unplayed: suits it failed to follow
  std::array<std::uint8_t, kMaxPlayers> failed{};
  std::array<std::uint8_t, kMaxPlayers> must_hold{};  // figures (bits) it opened, held or raised (R7.2)
  std::array<std::int8_t, kMaxPlayers> order{};       // seats with need > 0, most constrained first
  int order_size = 0;
  bool any_forbid = false;

  // The trick in progress (R4).
  int trick_index = 0;
  int leader = 0;
  int in_trick = 0;
  int led_suit = -1;
  int best_seat = -1;
  int best_strength = -1;
};

// Builds the view of `seat` from the game, reading only what that seat may see.
View make_view(const Game& game, int seat);

// R7.2 (loosened so that it never excludes the real holding): whether a seat with these unplayed
// cards could have opened, held or raised every figure in its must_hold mask.
bool consistent(const View& v, int p, CardSet unplayed);

// The number of holdings of the unseen cards (respecting failed suits), counted up to cap + 1.
long long count_holdings(const View& v, long long cap);

// The identities an unplayed wild of seat p may still be named (R5.3) given its unplayed cards.
inline CardSet free_identities(const View& v, int p, CardSet unplayed, CardSet named, std::uint8_t failed) {
  return wild_identities(v.played[p] | unplayed, named, failed);  // its cards in this world are dealt
}

// The figure keys (Figure order, Red..Hanger) of a hand: `fc` its fixed identities (naturals and
// named wilds), `wilds` its unplayed wild cards, counted as the free identity that gives the best
// key, chosen greedily per figure and per wild, strongest wild first (R5.5). Figures outside
// `figures` are left 0.
Keys hand_keys(const FigureCards& fc, CardSet wilds, CardSet free, Ties ties, std::uint8_t figures);

// The keys of seat p in a world where it holds `unplayed`.
Keys seat_keys(const View& v, int p, CardSet unplayed, std::uint8_t figures);

// Plays the hand out from the current trick under the documented deterministic policy and returns
// the winner of the last trick (Spiel, R6.4). `unplayed` holds every seat's unplayed cards. When
// `first` is a play action, the seat to play next (the viewer) plays it first.
int play_out(const View& v, const Hands& unplayed, int first = -1);

// The number of ways to deal the unseen cards to the seats that need them, ignoring the failed
// suits (an upper bound on the holdings), saturating at a large value.
double multinomial_holdings(const View& v);

// figure_odds for a view, restricted to the figures in the bit mask `figures` (others stay 0).
FigureOdds odds(const View& v, SplitMix64& rng, AgentWorkspace& ws, std::uint8_t figures, int samples,
                int exact_limit);

struct WorldCount {
  int worlds = 0;
  bool exact = false;
};

// Draws holdings of the unseen cards: the seats in `order`, each taking its cards uniformly from the
// unseen cards left that it may hold (a partial shuffle of its allowed cards not yet dealt in this
// draw). A seat with bid constraints (R7.2) draws again until its cards fit them, up
// to kSeatAttempts times; when few draws fit, it instead picks from the list of every fitting set
// of its allowed cards, rejecting sets that clash with cards already dealt in this draw (the same
// distribution, at less cost). The lists are kept in `ws` with what they were built from, and a
// later Sampler of the same decision whose seat has the same cards, constraints and played cards
// (each closer look of decision_odds) takes the list as it is from its first draw instead of
// testing every set again. One Sampler at a time may use a workspace.
class Sampler {
 public:
  Sampler(const View& v, SplitMix64& rng, AgentWorkspace& ws, bool use_bids, bool use_forbid, int samples);
  // One holding into `world` (each seat's unplayed cards); false if a seat could not be served.
  bool draw(Hands& world);

 private:
  void build_list(int p);

  const View& v_;
  HalfDraws draws_;
  bool use_bids_;
  AgentWorkspace::FittingKey fitting_key(int p) const;

  std::array<CardSet, kMaxPlayers> allowed_{};  // per seat: unseen cards it may hold
  std::array<int, kMaxPlayers> allowed_size_{};  // how many
  std::array<long, kMaxPlayers> attempts_{};
  std::array<long, kMaxPlayers> fits_{};
  std::array<bool, kMaxPlayers> tried_{};   // judged whether a list is worth building
  std::array<bool, kMaxPlayers> listed_{};  // its list in the workspace is this Sampler's (build_list)
  AgentWorkspace& ws_;  // its lists, kept while their key matches (FittingKey)
  int samples_left_ = 0;
};

namespace internal {

template <typename F>
void enumerate(const View& v, int idx, CardSet remaining, Hands& world, F& f, int& worlds) {
  if (idx == v.order_size) {
    f(static_cast<const Hands&>(world));
    ++worlds;
    return;
  }
  const int p = v.order[idx];
  const int k = v.need[p];
  const CardSet cand = remaining & ~v.forbid[p];
  std::array<Card, kDeckSize> cards{};
  int m = 0;
  for (CardSet s = cand; s; s &= s - 1) cards[m++] = lowest(s);
  if (m < k) return;
  std::array<int, 8> ix{};
  for (int i = 0; i < k; ++i) ix[i] = i;
  for (;;) {
    CardSet pick = 0;
    for (int i = 0; i < k; ++i) pick |= bit(cards[ix[i]]);
    const CardSet hand = v.known[p] | pick;
    if (!v.must_hold[p] || consistent(v, p, hand)) {
      world[p] = hand;
      enumerate(v, idx + 1, remaining & ~pick, world, f, worlds);
    }
    // next k-combination of m
    int i = k - 1;
    while (i >= 0 && ix[i] == m - k + i) --i;
    if (i < 0) break;
    ++ix[i];
    for (int j = i + 1; j < k; ++j) ix[j] = ix[j - 1] + 1;
  }
  world[p] = v.known[p];
}

}  // namespace internal

// Calls f(const Hands& unplayed) for every world: each seat's unplayed cards, the viewer's own as
// they are and the others' drawn from the unseen cards. Enumerates every holding when there are at
// most `exact_limit` of them, otherwise draws `samples` seeded samples with `rng` (Sampler, in `ws`).
template <typename F>
WorldCount visit_worlds(const View& v, SplitMix64& rng, AgentWorkspace& ws, int samples, int exact_limit, F&& f) {
  WorldCount out;
  Hands world = v.known;
  bool exact = multinomial_holdings(v) <= exact_limit;
  if (!exact && v.any_forbid) exact = count_holdings(v, exact_limit) <= exact_limit;
  if (exact) {
    internal::enumerate(v, 0, v.pool, world, f, out.worlds);
    out.exact = true;
    if (out.worlds > 0) return out;
    // Unreachable for a consistent view (the real holding is always one); fall back to sampling.
    out.exact = false;
  }
  // Sampling: with the bid constraints first, then without them, then without failed suits.
  for (int relax = 0; relax < 3 && out.worlds == 0; ++relax) {
    Sampler sampler(v, rng, ws, relax == 0, relax < 2, samples);
    const int budget = samples * kAttemptsPerSample;
    for (int attempt = 0; attempt < budget && out.worlds < samples; ++attempt) {
      world = v.known;
      if (!sampler.draw(world)) continue;
      f(static_cast<const Hands&>(world));
      ++out.worlds;
    }
  }
  return out;
}

// The heuristic agent weighing a point scored by another seat as w of its own (docs/agents.md,
// "Bidding"); heuristic_action uses others_weight(players) = 1 / (players - 1).
inline constexpr double others_weight(int players) { return 1.0 / (players - 1); }
ActionId heuristic_action_weighted(const Game& game, SplitMix64& rng, double w, AgentWorkspace& ws);

}  // namespace bieten::odds_detail
