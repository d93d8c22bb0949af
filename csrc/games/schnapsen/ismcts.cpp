// The ISMCTS agent of Bauernschnapsen and Schnapsen (schnapsen/agents.hpp, ismcts.hpp,
// docs/agents.md): the game's traits for the generic search. Worlds come from WorldSampler
// (schnapsen/sampler.hpp, S12). The search runs to the end of the deal; a seat's reward is its side's
// score in the deal minus the other side's, plus a bonus for a won game.
#include <bit>

#include "core/ismcts.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/search_traits.hpp"

namespace bieten::schnapsen {

namespace {

constexpr double kDefaultExploration = 1.0;  // on rewards in game points (docs/agents.md)
constexpr double kWinBonus = 3.0;            // a won game, in game points

class Traits : public WorldTraits {
 public:
  Traits(const Game& g, const SeatView& v, SplitMix64& rng, Rollout rollout, Rollout model)
      : WorldTraits(v, rng, rollout, model), hand_(g.hand_number()), players_(g.players()), base_(g.scores()) {
    for (int p = 0; p < players_; ++p) {
      opponent_[p] = -1;
      for (int q = 0; q < players_; ++q) {
        if (g.side_of(q) != g.side_of(p)) {
          opponent_[p] = q;
          break;
        }
      }
    }
  }

  int actor(const Game& s) const {
    if (s.is_over() || s.hand_number() != hand_) return -1;
    return s.current_player() >= 0 ? s.current_player() : -1;
  }
  void rewards(const Game& s, ismcts::Rewards& r) const {
    for (int p = 0; p < players_; ++p) {
      const int q = opponent_[p];
      const double mine = s.scores()[p] - base_[p];
      const double theirs = q >= 0 ? s.scores()[q] - base_[q] : 0;
      r[p] = mine - theirs;
      if (s.is_over()) r[p] += (s.winners() >> p & 1) ? kWinBonus : -kWinBonus;
    }
  }

 private:
  std::uint64_t hand_;
  int players_;
  std::array<int, kMaxPlayers> base_;
  std::array<int, kMaxPlayers> opponent_{};
};

}  // namespace

ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options) {
  if (game.is_over()) throw Error("S8.6: the game is over; there is no action to choose");
  const int seat = game.current_player();
  if (seat < 0) return random_action(game, rng);  // a chance action
  const ActionMask legal = game.legal_mask();
  if (std::popcount(legal) == 1) return static_cast<ActionId>(std::countr_zero(legal));
  const SeatView view = make_seat_view(game, seat);
  if (!view.supported) return heuristic_action(game, rng);
  Game root = game;
  root.stop_recording();
  Traits traits(root, view, rng, options.rollout_set ? options.rollout : Rollout::kHeuristic,
                options.model_set ? options.model : Rollout::kHeuristic);
  const double c = options.exploration >= 0 ? options.exploration : kDefaultExploration;
  return ismcts::search(traits, root, seat, options, c, kIsmctsDefaultIterations, rng, options.model_others != 0);
}

}  // namespace bieten::schnapsen
