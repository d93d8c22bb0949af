// What the two searches of the card play (ismcts.cpp, expert.cpp) share in their traits for
// core/ismcts.hpp: the moves (Moves: apply, play-outs, the other seats' model, the prior), the worlds drawn
// from the searching seat's view (schnapsen/sampler.hpp, S12) and the legal ids. Each adds its horizon
// (actor) and its rewards.
#pragma once

#include <bit>
#include <cstdint>

#include "core/ismcts.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/sampler.hpp"

namespace bieten::schnapsen {

struct HeuristicPlay {  // the games' cheap rules of thumb, as the search's default player
  ActionId operator()(const Game& g, SplitMix64& rng) const { return heuristic_action(g, rng); }
};

class WorldTraits : public ismcts::Moves<Game, HeuristicPlay> {
 public:
  using State = Game;
  static constexpr int kMaxActions = kNumActions;

  WorldTraits(const SeatView& view, SplitMix64& rng, Rollout rollout, Rollout model)
      : Moves(rollout, model), view_(view), sampler_(view_, rng) {}

  bool determinize(Game& g, SplitMix64&) {
    if (!sampler_.draw(world_)) return false;
    g.set_hidden(world_.hands, world_.stock.data());
    return true;
  }
  int legal(const Game& g, std::uint8_t* out) const {
    int n = 0;
    for (ActionMask m = g.legal_mask(); m; m &= m - 1) out[n++] = static_cast<std::uint8_t>(std::countr_zero(m));
    return n;
  }

 private:
  SeatView view_;  // the sampler reads it: declared first, so made first
  WorldSampler sampler_;
  World world_{};
};

}  // namespace bieten::schnapsen
