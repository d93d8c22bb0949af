// The ISMCTS agent of Bieten (agents.hpp, ismcts.hpp, docs/agents.md): its traits and decision are in
// ismcts_traits.hpp; here the cheap play-out policy and the agent's entry points.
#include "games/bieten/ismcts_traits.hpp"

namespace bieten {

namespace ismcts_detail {

ActionId cheap_rollout(const Game& g, SplitMix64& rng) {
  const ActionMask& legal = g.legal_mask();
  switch (g.phase()) {
    case Phase::kTurn: {
      std::array<ActionId, kNumActions> plays{};
      int n = 0;
      legal.for_each([&](int a) {
        if (is_play(static_cast<ActionId>(a))) plays[n++] = static_cast<ActionId>(a);
      });
      if (n > 0) return plays[rng.bounded(static_cast<std::uint32_t>(n))];
      break;
    }
    case Phase::kAfterPlay:
    case Phase::kReraise:
      if (legal.test(kPass)) return kPass;
      break;
    case Phase::kAnswer:
    case Phase::kRaiseAnswer: {
      const int f = g.current_bid_figure();
      bool best = false;
      if (f >= 0 && f < kSpiel) {
        std::array<FigureCards, kMaxPlayers> fc{};
        for (int p = 0; p < g.rules().players; ++p) fc[p] = g.figure_cards(p);
        best = figure_winners(fc.data(), g.rules().players, g.rules(), kNobody)[f] == g.current_player();
      }
      if (best && legal.test(kHold)) return kHold;
      if (legal.test(kGood)) return kGood;
      break;
    }
    default: break;
  }
  return random_action(g, rng);
}

}  // namespace ismcts_detail

ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options, AgentWorkspace& workspace) {
  return ismcts_detail::decide<ismcts_detail::Traits>(game, rng, options, workspace);
}

ActionId ismcts_action(const Game& game, SplitMix64& rng, const IsmctsOptions& options) {
  AgentWorkspace workspace;
  return ismcts_action(game, rng, options, workspace);
}

}  // namespace bieten
