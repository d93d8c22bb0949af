// The expert agent of two-player Schnapsen (schnapsen/agents.hpp, docs/agents.md "expert"): an exact end
// game under sampled worlds. At each decision of the card play it draws worlds of the hidden cards
// consistent with the seat's view (schnapsen/sampler.hpp, S12); wherever the stock is exhausted or closed
// in a world (a close, S6.7, at once) the solver (solver.hpp) values the deal exactly.
//
// - While the stock is open at the decision (the default, open=tree): information-set tree search
//   (core/ismcts.hpp) over the card play, one world per iteration, whose horizon is the first state of
//   the world the solver can finish; between the tree and that state the rollout agent plays both seats.
//   The other seat's statistics in the tree are kept by the trump Ace and Ten it holds in the world
//   (others=trumps, the default; others=uct fuses them).
// - open=worlds: every legal action is valued in every world (one play-out each, then exactly) and the
//   highest sum is played; the same once the stock is closed at the decision, where each world is
//   solved for every action at once.
//
// A deal's result is valued for the game (S8.6): by how it changes the chance of winning the game from
// the score (GameValue), in units of a deal point.
//
// Everything a decision needs lives in per-thread storage made once (the solver's table, the tree's
// nodes, the games the worlds are played in, the policy's workspace), so a warm decision allocates
// nothing; the choice depends only on the game and the generator, never on the thread or on what the
// table held before.
#include <algorithm>
#include <bit>
#include <chrono>
#include <limits>
#include <optional>

#include "core/ismcts.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/game_value.hpp"
#include "games/schnapsen/sampler.hpp"
#include "games/schnapsen/search_traits.hpp"
#include "games/schnapsen/solver.hpp"

namespace bieten::schnapsen {

namespace {

struct ExpertStorage {
  Solver solver{16};
  PolicyScratch policy{};
  std::optional<Game> root;
};

ExpertStorage& storage() {
  thread_local ExpertStorage s;
  return s;
}

bool solvable(const Game& g) { return g.phase() == Phase::kPlay && (g.stock_count() == 0 || g.closed()); }

// Where both searches stop in a world, and what that is worth to the searching seat: the deal's result
// once it is over (or the next deal has begun), else, once the stock is exhausted or closed (S6.4,
// S6.7), the solver's exact value; either valued for the game (GameValue, S8.6).
class Horizon {
 public:
  Horizon(Solver& solver, const Game& root, int seat)
      : solver_(solver), seat_(seat), hand_(root.hand_number()), base_(root.scores()), game_value_(root, seat) {}

  bool deal_over(const Game& g) const { return g.is_over() || g.hand_number() != hand_; }
  bool reached(const Game& g) const { return deal_over(g) || solvable(g); }
  // The value of `g`, a state where reached(g).
  double value(const Game& g) const {
    if (deal_over(g)) {
      return game_value_((g.scores()[seat_] - base_[seat_]) - (g.scores()[1 - seat_] - base_[1 - seat_]));
    }
    const int v = solver_.value(g, {g.hand(0), g.hand(1)});  // for the seat to move
    return game_value_(g.current_player() == seat_ ? v : -v);
  }
  // The value of the seat's game points from the deal minus the other's.
  double of_points(int v) const { return game_value_(v); }

 private:
  Solver& solver_;
  int seat_;
  std::uint64_t hand_;
  std::array<int, kMaxPlayers> base_;
  GameValue game_value_;
};

class Evaluator {
 public:
  Evaluator(ExpertStorage& s, const Horizon& horizon, Rollout rollout, SplitMix64& rng)
      : s_(s), horizon_(horizon), rollout_(rollout), rng_(rng) {}

  // The value for the seat of `g`, a world's state after the root action (g is played on). While the
  // seat is still at the lead it announced (S6.5 exchange, S6.6 marriage: `own`), its best next action
  // counts; then the rollout plays on until the stock is exhausted or closed, and the solver finishes the
  // deal. (A perfect-information search of the other seat's answers before the stock is exhausted was
  // measured weaker: docs/agents.md "expert".)
  double value(Game& g, bool own) {
    if (horizon_.reached(g)) return horizon_.value(g);
    if (own) {
      double best = -std::numeric_limits<double>::infinity();
      for (ActionMask m = g.legal_mask(); m; m &= m - 1) {
        const auto a = static_cast<ActionId>(std::countr_zero(m));
        Game child = g;
        child.apply_unchecked(a);
        best = std::max(best, value(child, !is_play(a)));
      }
      return best;
    }
    while (!horizon_.reached(g)) g.apply_unchecked(play_out(g));
    return horizon_.value(g);
  }

 private:
  ActionId play_out(const Game& g) {
    switch (rollout_) {
      case Rollout::kRandom: return random_action(g, rng_);
      case Rollout::kPolicy: return policy_action(g, rng_, s_.policy);
      case Rollout::kHeuristic: break;
    }
    return heuristic_action(g, rng_);
  }

  ExpertStorage& s_;
  const Horizon& horizon_;
  Rollout rollout_;
  SplitMix64& rng_;
};

// The traits of the tree search (core/ismcts.hpp) while the stock is open: worlds from the seat's view,
// the horizon's states as the search's, valued there; the rollout plays both seats until then.
class TreeTraits : public WorldTraits {
 public:
  // The other seat's statistics in the tree are kept by how many of the trump Ace and Ten it holds in
  // the world (expert:others=trumps, core/ismcts.hpp HandClasses): 0, 1 or 2.
  static constexpr int kHandClasses = 3;

  TreeTraits(const Horizon& horizon, int seat, const SeatView& view, Rollout rollout, bool split_others,
             SplitMix64& rng)
      : WorldTraits(view, rng, rollout, Rollout::kHeuristic), horizon_(horizon), seat_(seat),
        split_others_(split_others) {}

  int actor(const Game& g) const { return horizon_.reached(g) ? -1 : g.current_player(); }
  int hand_class(const Game& g, int seat) const {
    // (two players always play under a trump, S5.3; none would leave the statistics fused)
    return split_others_ && g.trump() >= 0 ? count(g.hand(seat) & ace_and_ten_of(g.trump())) : -1;
  }
  void rewards(const Game& g, ismcts::Rewards& r) const {
    r[seat_] = horizon_.value(g);
    r[1 - seat_] = -r[seat_];  // zero-sum: the other seat's chance moves by as much the other way
  }

 private:
  const Horizon& horizon_;
  int seat_;
  bool split_others_;
};

// Whether the view leaves exactly one world: nothing face down in the stock and every unseen card in the
// other hand (the stock exhausted).
bool one_world(const SeatView& v) { return v.stock_hidden == 0; }

}  // namespace

ActionId expert_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options) {
  if (game.is_over()) throw Error("S8.6: the game is over; there is no action to choose");
  const int seat = game.current_player();
  if (seat < 0) return random_action(game, rng);  // a chance action
  if (game.players() != 2) return ismcts_action(game, rng, IsmctsOptions{});  // four players: as ismcts
  const ActionMask legal = game.legal_mask();
  if (std::popcount(legal) == 1) return static_cast<ActionId>(std::countr_zero(legal));
  const SeatView view = make_seat_view(game, seat);
  if (!view.supported) return heuristic_action(game, rng);  // the cut or knock (S3.3)
  ExpertStorage& s = storage();
  if (s.root) *s.root = game;  // reuses the copy's storage
  else s.root.emplace(game);
  Game& root = *s.root;
  root.drop_record();
  const Rollout rollout = options.rollout_set ? options.rollout : Rollout::kHeuristic;
  const bool at_end = solvable(root);
  const Horizon horizon(s.solver, root, seat);
  if (!at_end && options.open_tree != 0) {  // the stock is open: the tree (open=tree, the default)
    TreeTraits traits(horizon, seat, view, rollout, options.split_others != 0, rng);
    const double c = options.exploration >= 0 ? options.exploration : kExpertDefaultExploration;
    return ismcts::search(traits, root, seat, options, c, kExpertDefaultTreeWorlds, rng, false);
  }
  Evaluator eval(s, horizon, rollout, rng);
  WorldSampler sampler(view, rng);
  World world{};
  std::array<double, kNumActions> sum{};
  std::array<int, kNumActions> exact{};
  const int worlds = one_world(view) ? 1 : options.iterations > 0 ? options.iterations
                                         : options.time_ms > 0    ? std::numeric_limits<int>::max()
                                                                  : kExpertDefaultWorlds;
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::microseconds(static_cast<std::int64_t>(options.time_ms * 1000.0));
  const bool timed = options.iterations <= 0 && options.time_ms > 0 && !one_world(view);
  for (int w = 0; w < worlds; ++w) {
    if (timed && w > 0 && Clock::now() >= deadline) break;
    if (!sampler.draw(world)) continue;
    Game state = root;
    state.set_hidden(world.hands, world.stock.data());
    if (at_end) {  // the whole deal is exact in this world: every action at once
      s.solver.solve_world(state, {world.hands[0], world.hands[1]}, exact);
      for (ActionMask m = legal; m; m &= m - 1) sum[std::countr_zero(m)] += horizon.of_points(exact[std::countr_zero(m)]);
      continue;
    }
    for (ActionMask m = legal; m; m &= m - 1) {
      const auto a = static_cast<ActionId>(std::countr_zero(m));
      Game child = state;
      child.apply_unchecked(a);
      sum[a] += eval.value(child, !is_play(a));
    }
  }
  ActionId best = static_cast<ActionId>(std::countr_zero(legal));
  for (ActionMask m = legal; m; m &= m - 1) {
    const auto a = static_cast<ActionId>(std::countr_zero(m));
    if (sum[a] > sum[best]) best = a;  // ties: the lowest id
  }
  return best;
}

}  // namespace bieten::schnapsen
