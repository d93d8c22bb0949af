// Bieten's traits for the generic search (core/ismcts.hpp) and the decision around it: the ISMCTS
// agent's (ismcts.cpp, docs/agents.md "ismcts"), in a header so that a benchmark can run the same
// search with other traits (benchmarks/oracle_bound.cpp: a seat that sees every card). Worlds come
// from the figure-odds sampler (odds_detail::Sampler), which deals the cards the seat has not seen to
// the other seats consistently with its view: its own cards, every played card (R4.4), the face-up
// card (R3.8), what it saw as cutter (R3.7), suits others failed to follow (R4.2, R5.3) and the
// figures their bids, holds and raises show they held (R7.2). The search runs to the end of the hand;
// a seat's reward is its points in the hand minus 1/(n-1) of the others'.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/ismcts.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/sampler.hpp"

namespace bieten::ismcts_detail {

namespace od = odds_detail;

constexpr double kDefaultExploration = 2.0;  // on rewards in points (docs/agents.md)
constexpr double kWinBonus = 4.0;            // a won game, in points of a hand
constexpr int kDrawsPerLevel = 8;            // draws of a world before the sampler's constraints are relaxed

// The cheap play-out policy ("heuristic" rollouts), also the model of the other seats in the tree:
// play a random legal card, open no bid, answer a bid `hold` when the seat has the best figure in this
// world and `good` otherwise, never re-raise. (Modelling the heuristic agent's habits more closely,
// opening with the best figure and holding whenever it may, measured weaker: docs/agents.md.)
ActionId cheap_rollout(const Game& g, SplitMix64& rng);

struct CheapRollout {
  ActionId operator()(const Game& g, SplitMix64& rng) const { return cheap_rollout(g, rng); }
};

class Traits : public ismcts::Moves<Game, CheapRollout> {
 public:
  using State = Game;
  static constexpr int kMaxActions = kNumActions;

  Traits(const Game& g, int seat, SplitMix64& rng, Rollout rollout, Rollout model, int samples)
      : Moves(rollout, model), view_(make(g, seat)), rng_(rng), samples_(samples), hand_(g.hand_number()),
        players_(g.rules().players), w_(od::others_weight(g.rules().players)), base_(g.scores()) {
    samplers_[0].emplace(view_, rng_, workspaces_[0], true, true, samples_);
  }

  bool determinize(Game& s, SplitMix64&) {
    // With the bid constraints, then without them, then without failed suits (as visit_worlds).
    for (int level = 0; level < 3; ++level) {
      if (!samplers_[level]) samplers_[level].emplace(view_, rng_, workspaces_[level], level == 0, level < 2, samples_);
      for (int i = 0; i < kDrawsPerLevel; ++i) {
        world_ = view_.known;
        if (samplers_[level]->draw(world_)) {
          s.set_hidden(world_);
          return true;
        }
      }
    }
    return false;
  }
  int actor(const Game& s) const {
    if (s.is_over() || s.hand_number() != hand_) return -1;
    return s.current_player() >= 0 ? s.current_player() : -1;
  }
  int legal(const Game& s, std::uint8_t* out) const {
    const int n = s.legal_mask().to_ids(out);
    if (!plays_only_ || s.actions_applied() != root_actions_) return n;
    int m = 0;  // at the root: the bids and the heuristic's card
    for (int i = 0; i < n; ++i) {
      if (!is_play(out[i]) || out[i] == card_) out[m++] = out[i];
    }
    return m > 0 ? m : n;
  }
  void bids_and(std::uint64_t root_actions, ActionId card) {
    plays_only_ = true;
    root_actions_ = root_actions;
    card_ = card;
  }
  void rewards(const Game& s, ismcts::Rewards& r) const {
    double total = 0;
    for (int p = 0; p < players_; ++p) total += s.scores()[p] - base_[p];
    for (int p = 0; p < players_; ++p) {
      const double mine = s.scores()[p] - base_[p];
      r[p] = mine - w_ * (total - mine);
      if (s.is_over()) r[p] += s.winner() == p ? kWinBonus : -w_ * kWinBonus;
    }
  }

 private:
  // The seat's view, and R5.3: a seat was not dealt a card one of its played wilds names.
  static od::View make(const Game& g, int seat) {
    od::View v = od::make_view(g, seat);
    for (int p = 0; p < v.players; ++p) {
      if (p == seat) continue;
      v.forbid[p] |= g.figure_cards(p).wild_named();
      if (v.forbid[p] & v.pool) v.any_forbid = true;
    }
    return v;
  }

  od::View view_;
  SplitMix64& rng_;
  int samples_;
  std::uint64_t hand_;
  int players_;
  double w_;
  std::array<int, kMaxPlayers> base_;
  std::array<AgentWorkspace, 3> workspaces_;  // one per sampler: the three are used in turn
  std::array<std::optional<od::Sampler>, 3> samplers_;
  bool plays_only_ = false;
  std::uint64_t root_actions_ = 0;
  ActionId card_ = 0;
  Hands world_{};
};

// The ISMCTS agent's decision with the search's traits `SearchTraits` (Traits, or a class built like
// it): the heuristic where the agent does not search, else the search.
template <typename SearchTraits>
ActionId decide(const Game& game, SplitMix64& rng, const IsmctsOptions& options, AgentWorkspace& workspace) {
  if (game.is_over()) throw Error("R8.2: the game is over; there is no action to choose");
  const int seat = game.current_player();
  if (seat < 0 || game.phase() == Phase::kSteal) return heuristic_action(game, rng, workspace);  // R3.7: before the deal
  const ActionMask& legal = game.legal_mask();
  if (legal.size() == 1) return static_cast<ActionId>(legal.nth(0));
  // R7.4-R7.6: answers and re-raises by the heuristic's exact odds unless the name asks to search them
  // (searching them measured weaker: docs/agents.md).
  const bool answer =
      game.phase() == Phase::kAnswer || game.phase() == Phase::kRaiseAnswer || game.phase() == Phase::kReraise;
  if (answer && options.search_answers <= 0) return heuristic_action(game, rng, workspace);
  // R7.1, R4: on its turn, the search chooses between the bids and the card the heuristic would play
  // (its Spiel play-outs choose cards better than the search's random play-outs: docs/agents.md),
  // unless asked to search every card.
  ActionId card = kPass;
  if (options.search_cards <= 0 && game.phase() == Phase::kTurn) card = heuristic_action(game, rng, workspace);
  Game root = game;
  root.stop_recording();
  const int iterations = options.iterations > 0 ? options.iterations : kIsmctsDefaultIterations;
  SearchTraits traits(root, seat, rng, options.rollout_set ? options.rollout : Rollout::kHeuristic,
                      options.model_set ? options.model : Rollout::kHeuristic, iterations);
  if (is_play(card)) traits.bids_and(root.actions_applied(), card);
  const double c = options.exploration >= 0 ? options.exploration : kDefaultExploration;
  return ismcts::search(traits, root, seat, options, c, kIsmctsDefaultIterations, rng, options.model_others != 0);
}

}  // namespace bieten::ismcts_detail
