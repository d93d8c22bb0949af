// The built-in agents (docs/agents.md): `random`, uniform over the legal actions, and `heuristic`,
// which bids, answers and raises by the odds of its figures (figure_odds) and plays its cards for
// Spiel and its wilds for its figures. Both read only what the seat to act may see and draw only
// from the generator they are given.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "games/bieten/agents.hpp"
#include "core/policy.hpp"
#include "core/policy_blobs.hpp"
#include "games/bieten/descriptor.hpp"
#include "games/bieten/observation.hpp"
#include "games/bieten/sampler.hpp"

namespace bieten {

namespace od = odds_detail;

void throw_no_action() { throw Error("R8.2: the game is over; there is no action to choose"); }

namespace {

// The shipped network, read once, on first use, then never changed.
const PolicyNet& shipped_policy() {
  static const PolicyNet net = [] {
    const PolicyBlob blob = embedded_policy("bieten");
    return load_policy(blob.data, blob.size, Descriptor::kPolicyTag, kObservationSize, kNumActions, "bieten");
  }();
  return net;
}

}  // namespace

const float* policy_outputs(const Game& game, PolicyScratch& scratch) {
  write_observation(game, game.current_player(), scratch.input.data());
  return bieten::policy_outputs(shipped_policy(), scratch.input.data(), scratch.workspace);
}

ActionId policy_action(const Game& game, SplitMix64& rng, PolicyScratch& scratch) {
  const int seat = game.current_player();
  if (seat < 0) return random_action(game, rng);  // a chance node (chance deals): nobody's decision
  const PolicyNet& net = shipped_policy();
  static_assert(kObservationSize <= kPolicyMaxWidth);
  write_observation(game, seat, scratch.input.data());
  const int a = policy_choice(net, scratch.input.data(), game.legal_mask().w, scratch.workspace);
  if (a < 0) throw Error("R8.2: the game is over; there is no action to choose");
  return static_cast<ActionId>(a);
}

ActionId policy_action(const Game& game, SplitMix64& rng) {
  PolicyScratch scratch;
  return policy_action(game, rng, scratch);
}

namespace {

// Thresholds on p, the chance of ending the hand with the best figure, derived from the weight w
// that the heuristic gives to a point scored by another seat against a point of its own
// (docs/agents.md, "Bidding"): it values "the best figure gets s points" at s(p - w(1 - p)).
struct Thresholds {
  double open, hold, raise, hold_raise;
};
constexpr Thresholds thresholds_for(double w) {
  return {w / (1 + w), w / (2 * (1 + w)), w / (1 + w), w / (3 * (1 + w))};
}

// Worlds for choosing a card (Spiel play-outs, wild namings): fewer than for the bidding odds, for
// speed.
constexpr int kPlaySamples = 64;
constexpr int kPlayExact = 200;
constexpr int kMaxPlayWorlds = kPlayExact > kPlaySamples ? kPlayExact : kPlaySamples;

// The points at stake for the winner of a figure, from the seat's point of view, during the card
// play: 1 unbid, 2 or 3 when a bid stands, 0 when a concession already fixed who scores (R7.7).
double stake(const Game& game, int f) {
  switch (game.bids()[f].state) {
    case BidState::kUnbid: return 1;
    case BidState::kOpen:
    case BidState::kStands: return 2;
    case BidState::kRaised:
    case BidState::kStandsThree: return 3;
    case BidState::kConceded:
    case BidState::kRaiseConceded: return 0;
  }
  return 0;
}

// A first look with few worlds, then more for the figures that are still close to a threshold,
// doubling the worlds each time up to figure_odds' full count: most decisions are clear-cut after
// the first look, most of the rest after the second, and this keeps the heuristic fast.
constexpr int kQuickSamples = 32;
constexpr int kQuickExact = 200;
// Look again while the estimate is within two standard errors (of the worlds seen so far, at the
// threshold) of a threshold. Near a threshold both choices are worth nearly the same, so a closer
// look there buys little: the heuristic with this rule wins as often against the one that looked at
// 400 worlds whenever within 3 errors + 0.02 of 64 (benchmarks/RESULTS.md, issue 22).
double margin(double t, int worlds) { return 2 * std::sqrt(t * (1 - t) / worlds); }

template <std::size_t N>
FigureOdds decision_odds(const Game& game, int seat, std::uint8_t figures, SplitMix64& rng, AgentWorkspace& ws,
                         const std::array<double, N>& thresholds) {
  const od::View v = od::make_view(game, seat);
  FigureOdds o = od::odds(v, rng, ws, figures, kQuickSamples, kQuickExact);
  while (!o.exact && o.worlds > 0 && o.worlds < od::kSamples) {
    std::uint8_t refine = 0;
    for (int f = 0; f < kBiddableFigures; ++f) {
      if (!(figures >> f & 1)) continue;
      for (const double t : thresholds) {
        if (std::fabs(o.p[f] - t) < margin(t, o.worlds)) refine |= static_cast<std::uint8_t>(1u << f);
      }
    }
    if (!refine) break;
    // As many worlds again (or every holding, if they are few enough), up to kSamples in all.
    const FigureOdds more = od::odds(v, rng, ws, refine, std::min(o.worlds, od::kSamples - o.worlds), od::kExactLimit);
    for (int f = 0; f < kBiddableFigures; ++f) {
      if (!(refine >> f & 1)) continue;
      o.p[f] = more.exact ? more.p[f] : (o.p[f] * o.worlds + more.p[f] * more.worlds) / (o.worlds + more.worlds);
    }
    o.exact = more.exact;
    o.worlds = more.exact ? more.worlds : o.worlds + more.worlds;
    figures = refine;
    if (more.worlds == 0) break;
  }
  return o;
}

// The probability, for the seat to act, of the best figure f, near the given thresholds.
template <std::size_t N>
double odds_of(const Game& game, int seat, int f, SplitMix64& rng, AgentWorkspace& ws,
               const std::array<double, N>& thresholds) {
  return decision_odds(game, seat, static_cast<std::uint8_t>(1u << f), rng, ws, thresholds).p[f];
}

// R7.1: the most promising figure it may bid whose odds pass the opening threshold, or -1.
int choose_bid(const Game& game, int seat, SplitMix64& rng, AgentWorkspace& ws, double open_at) {
  const ActionMask& legal = game.legal_mask();
  std::uint8_t figures = 0;
  for (int f = 0; f < kBiddableFigures; ++f) {
    if (legal.test(bid_action(static_cast<Figure>(f)))) figures |= static_cast<std::uint8_t>(1u << f);
  }
  if (!figures) return -1;
  const FigureOdds o = decision_odds(game, seat, figures, rng, ws, std::array<double, 1>{open_at});
  int best = -1;
  double best_p = open_at;
  for (int f = 0; f < kBiddableFigures; ++f) {
    if ((figures >> f & 1) && o.p[f] > best_p) best_p = o.p[f], best = f;
  }
  return best;
}

// R3.7: steal the card shown if it is wild or the Weli, a Sow, a high Hearts or Leaves card (Ober or
// better, for Red and Green), or pairs with or runs on to a card already stolen.
ActionId choose_steal(const Game& game, int seat) {
  const CardSet mine = game.dealt()[seat];
  const CardSet shown = game.seen_by_cutter() & ~mine;
  if (!shown) return kLeave;
  const Card c = lowest(shown);
  if (c == kWeli || (game.rules().wild_cards() & bit(c))) return kSteal;
  const int suit = suit_of(c), rank = rank_of(c);
  if (rank == kAce) return kSteal;
  if ((suit == kHearts || suit == kLeaves) && rank <= kOber) return kSteal;
  for (CardSet s = mine & kNaturalCards; s; s &= s - 1) {
    const Card m = lowest(s);
    if (rank_of(m) == rank) return kSteal;
    if (suit_of(m) == suit && (rank_of(m) == rank + 1 || rank_of(m) + 1 == rank)) return kSteal;
  }
  return kLeave;
}

// The card to play (R4, R5): for each candidate play, the chance of winning Spiel in play-outs of
// sampled worlds, and for a wild the chance of each figure given the identity it is named, weighted
// by the points at stake. Ties go to the weakest natural card, keeping high cards and wilds.
ActionId choose_play(const Game& game, int seat, SplitMix64& rng, AgentWorkspace& ws) {
  const ActionMask& legal = game.legal_mask();
  const CardSet wild = game.rules().wild_cards();
  CardSet naturals = 0;
  std::array<CardSet, 3> namings{};  // legal identities per wild (kWildOrder index)
  legal.for_each([&](int a) {
    if (!is_play(static_cast<ActionId>(a))) return;
    if (is_wild_play(static_cast<ActionId>(a))) {
      namings[wild_index_of(static_cast<ActionId>(a))] |= bit(played_identity(static_cast<ActionId>(a)));
    } else {
      naturals |= bit(static_cast<Card>(a));
    }
  });
  const bool any_wild = (namings[0] | namings[1] | namings[2]) != 0;
  // Natural candidates, weakest first (the tie-break).
  std::array<Card, kDeckSize> order{};
  int n_nat = 0;
  for (CardSet s = naturals; s; s &= s - 1) order[n_nat++] = lowest(s);
  std::sort(order.begin(), order.begin() + n_nat,
            [](Card a, Card b) { return rank_of(a) * 64 + a > rank_of(b) * 64 + b; });
  const double spiel_stake = stake(game, kSpiel);
  if (!any_wild && (n_nat == 1 || spiel_stake == 0)) return play_action(order[0]);

  const od::View v = od::make_view(game, seat);
  std::array<Hands, kMaxPlayWorlds> worlds;
  int w_count = 0;
  od::visit_worlds(v, rng, ws, kPlaySamples, kPlayExact, [&](const Hands& h) {
    if (w_count < kMaxPlayWorlds) worlds[w_count++] = h;
  });
  if (w_count == 0) {  // unreachable for a consistent view: the real holding is always a world
    if (n_nat) return play_action(order[0]);
    for (int w = 0; w < 3; ++w) {
      if (namings[w]) return play_wild_action(w, lowest(namings[w]));
    }
  }
  const auto spiel_rate = [&](ActionId a) {
    int wins = 0;
    for (int i = 0; i < w_count; ++i) wins += od::play_out(v, worlds[i], a) == seat;
    return static_cast<double>(wins) / w_count;
  };

  ActionId best = n_nat ? play_action(order[0]) : kPass;
  double best_score = -1;
  if (spiel_stake > 0) {
    for (int i = 0; i < n_nat; ++i) {
      const double s = spiel_stake * spiel_rate(play_action(order[i]));
      if (s > best_score + 1e-12) best_score = s, best = play_action(order[i]);
    }
  } else if (n_nat) {
    best_score = 0;
  }
  if (!any_wild) return best;

  // Wilds (R5.2, R5.5): the figures it would win with each naming, against the others' best keys.
  std::array<double, od::kCardFigures> fstake{};
  std::uint8_t figs = 0;
  for (int f = 0; f < od::kCardFigures; ++f) {
    fstake[f] = stake(game, f);
    if (fstake[f] > 0) figs |= static_cast<std::uint8_t>(1u << f);
  }
  // The figure score of natural plays (their figures do not depend on the card played).
  std::array<od::Keys, kMaxPlayWorlds> opp{};
  for (int i = 0; i < w_count; ++i) {
    for (int p = 0; p < v.players; ++p) {
      if (p == seat) continue;
      const od::Keys k = od::seat_keys(v, p, worlds[i][p], figs);
      for (int f = 0; f < od::kCardFigures; ++f) opp[i][f] = std::max(opp[i][f], k[f]);
    }
  }
  const auto figure_score = [&](const od::Keys& mine) {
    double s = 0;
    for (int f = 0; f < od::kCardFigures; ++f) {
      if (!(figs >> f & 1) || !mine[f]) continue;
      int wins = 0;
      for (int i = 0; i < w_count; ++i) wins += mine[f] > opp[i][f];
      s += fstake[f] * wins / w_count;
    }
    return s;
  };
  const CardSet unplayed = game.unplayed()[seat];
  if (n_nat) best_score += figure_score(od::seat_keys(v, seat, unplayed, figs));

  struct Cand {
    ActionId a;
    double score;
  };
  std::array<Cand, 96> cands{};
  int n_c = 0;
  const int led = game.cards_in_trick() > 0 ? game.led_suit() : -1;
  for (int w = 0; w < 3; ++w) {
    if (!namings[w]) continue;
    const Card card = kWildOrder[w];
    const CardSet rest = unplayed & ~bit(card);
    for (CardSet s = namings[w]; s; s &= s - 1) {
      const Card x = lowest(s);
      FigureCards fc = v.base[seat];
      fc.cards |= bit(x);
      fc.named_by[w] = bit(x);
      std::uint8_t failed = v.failed[seat];
      if (led >= 0 && suit_of(x) != led) failed |= static_cast<std::uint8_t>(1u << led);  // R5.3
      const CardSet rest_wilds = rest & wild;
      const CardSet free =
          rest_wilds ? wild_identities(v.played[seat] | unplayed, fc.wild_named(), failed) : 0;
      fc.cards |= rest & ~wild;
      const od::Keys mine = od::hand_keys(fc, rest_wilds, free, v.ties, figs);
      cands[n_c++] = {play_wild_action(w, x), figure_score(mine)};
    }
  }
  // Spiel for a short list: the best namings for the figures, and the highest naming in each suit.
  std::sort(cands.begin(), cands.begin() + n_c, [](const Cand& a, const Cand& b) {
    return a.score != b.score ? a.score > b.score : a.a < b.a;
  });
  std::array<bool, 96> listed{};
  for (int i = 0; i < std::min(n_c, 3); ++i) listed[i] = true;
  for (int suit = 0; suit < kSuits; ++suit) {
    int top = -1;
    for (int i = 0; i < n_c; ++i) {
      const Card x = played_identity(cands[i].a);
      if (suit_of(x) == suit && (top < 0 || x < played_identity(cands[top].a) ||
                                 (x == played_identity(cands[top].a) && cands[i].a < cands[top].a))) {
        top = i;
      }
    }
    if (top >= 0) listed[top] = true;
  }
  for (int i = 0; i < n_c; ++i) {
    if (!listed[i]) continue;
    const double s = cands[i].score + (spiel_stake > 0 ? spiel_stake * spiel_rate(cands[i].a) : 0);
    if (s > best_score + 1e-12) best_score = s, best = cands[i].a;
  }
  return best;
}

}  // namespace

ActionId od::heuristic_action_weighted(const Game& game, SplitMix64& rng, double w, AgentWorkspace& ws) {
  const Thresholds th = thresholds_for(w);
  ws.new_decision();
  const ActionMask& legal = game.legal_mask();
  if (legal.empty()) throw Error("R8.2: the game is over; there is no action to choose");
  if (legal.size() == 1) return static_cast<ActionId>(legal.nth(0));
  const int seat = game.current_player();
  const Rules& rules = game.rules();
  switch (game.phase()) {
    case Phase::kSteal: return choose_steal(game, seat);
    case Phase::kTurn: {
      // Bids are opened after the card (R7.1 allows both), when the play-out knows one more card;
      // only the card that ends the hand leaves no time after it.
      const bool final_card = game.trick_index() == rules.hand_size - 1 && game.cards_in_trick() == rules.players - 1;
      if (final_card) {
        const int f = choose_bid(game, seat, rng, ws, th.open);
        if (f >= 0) return bid_action(static_cast<Figure>(f));
      }
      return choose_play(game, seat, rng, ws);
    }
    case Phase::kAfterPlay: {
      const int f = choose_bid(game, seat, rng, ws, th.open);
      return f >= 0 ? bid_action(static_cast<Figure>(f)) : kPass;
    }
    case Phase::kAnswer: {
      if (!legal.test(kHold)) return kGood;
      const double p = odds_of(game, seat, game.current_bid_figure(), rng, ws, std::array<double, 2>{th.hold, th.raise});
      if (legal.test(kThree) && p > th.raise) return kThree;
      return p > th.hold ? kHold : kGood;
    }
    case Phase::kReraise: {
      const double p = odds_of(game, seat, game.current_bid_figure(), rng, ws, std::array<double, 1>{th.raise});
      return p > th.raise ? kThree : kPass;
    }
    case Phase::kRaiseAnswer: {
      if (!legal.test(kHold)) return kGood;
      const double p = odds_of(game, seat, game.current_bid_figure(), rng, ws, std::array<double, 1>{th.hold_raise});
      return p > th.hold_raise ? kHold : kGood;
    }
    case Phase::kGameOver:
    case Phase::kChance: break;  // no decision of a seat (chance mode draws the deal)
  }
  return static_cast<ActionId>(legal.nth(0));
}

ActionId heuristic_action(const Game& game, SplitMix64& rng, AgentWorkspace& workspace) {
  return od::heuristic_action_weighted(game, rng, od::others_weight(game.rules().players), workspace);
}

ActionId heuristic_action(const Game& game, SplitMix64& rng) {
  AgentWorkspace workspace;
  return heuristic_action(game, rng, workspace);
}

}  // namespace bieten
