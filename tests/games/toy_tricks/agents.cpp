#include "games/toy_tricks/agents.hpp"

#include <array>
#include <bit>

#include "core/ismcts.hpp"

namespace bieten::toy_tricks {

namespace {

ActionId nth_action(ActionMask m, std::uint32_t k) {
  for (; k > 0; --k) m &= m - 1;
  return static_cast<ActionId>(std::countr_zero(m));
}

void refuse_over(const Game& g) {
  if (g.is_over()) throw Error("T5.2: the game is over; there is no action to choose");
}

[[noreturn]] void no_policy() {
  throw Error("policy: no network is shipped for Toy Tricks (a game built only for the tests)");
}

struct Heuristic {
  ActionId operator()(const Game& g, SplitMix64& rng) const { return heuristic_action(g, rng); }
};

// The search's traits: one world (the game: nothing is hidden from a seat that counts the cards), to
// the end of the deal; a seat's reward is its tricks in the deal minus the other seat's.
class Traits : public ismcts::Moves<Game, Heuristic> {
 public:
  using State = Game;
  static constexpr int kMaxActions = kNumActions;

  Traits(const Game& g, Rollout rollout, Rollout model) : Moves(rollout, model), hand_(g.hand_number()), base_(g.scores()) {}
  bool determinize(Game&, SplitMix64&) { return true; }
  int actor(const Game& s) const { return s.is_over() || s.hand_number() != hand_ ? -1 : s.current_player(); }
  int legal(const Game& s, std::uint8_t* out) const {
    int n = 0;
    for (ActionMask m = s.legal_mask(); m; m &= m - 1) out[n++] = static_cast<std::uint8_t>(std::countr_zero(m));
    return n;
  }
  void rewards(const Game& s, ismcts::Rewards& r) const {
    for (int p = 0; p < kMaxPlayers; ++p) {
      r[p] = (s.scores()[p] - base_[p]) - (s.scores()[1 - p] - base_[1 - p]);
    }
  }

 private:
  std::uint64_t hand_;
  std::array<int, kMaxPlayers> base_;
};

}  // namespace

ActionId random_action(const Game& game, SplitMix64& rng) {
  refuse_over(game);
  const ActionMask legal = game.legal_mask();
  return nth_action(legal, rng.bounded(static_cast<std::uint32_t>(std::popcount(legal))));
}

ActionId heuristic_action(const Game& game, SplitMix64&) {
  refuse_over(game);
  const ActionMask legal = game.legal_mask();
  // Pack indices run A K O U within a suit: the lowest index of a suit is its highest card.
  if (game.led_card() == kNoCard) return static_cast<ActionId>(std::countr_zero(legal));
  ActionId lowest_card = 0;
  int lowest_rank = -1;
  for (ActionMask m = legal; m; m &= m - 1) {
    const auto a = static_cast<ActionId>(std::countr_zero(m));
    if ((action_card(a) & 7) > lowest_rank) lowest_rank = action_card(a) & 7, lowest_card = a;
  }
  ActionId cheapest_win = kNumActions;
  for (ActionMask m = legal; m; m &= m - 1) {
    const auto a = static_cast<ActionId>(std::countr_zero(m));
    if (beats(action_card(a), game.led_card())) cheapest_win = a;  // ascending ids: the last is the lowest
  }
  return cheapest_win < kNumActions ? cheapest_win : lowest_card;
}

ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options) {
  refuse_over(game);
  const ActionMask legal = game.legal_mask();
  if (std::popcount(legal) == 1) return static_cast<ActionId>(std::countr_zero(legal));
  Game root = game;
  root.stop_recording();
  Traits traits(root, options.rollout_set ? options.rollout : Rollout::kHeuristic,
                options.model_set ? options.model : Rollout::kHeuristic);
  const double c = options.exploration >= 0 ? options.exploration : 1.0;
  return ismcts::search(traits, root, game.current_player(), options, c, kIsmctsDefaultIterations, rng,
                        options.model_others != 0);
}

ActionId policy_action(const Game&, SplitMix64&) { no_policy(); }
ActionId policy_action(const Game&, SplitMix64&, PolicyScratch&) { no_policy(); }
const float* policy_outputs(const Game&, PolicyScratch&) { no_policy(); }

}  // namespace bieten::toy_tricks
