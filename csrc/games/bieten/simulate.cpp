#include "games/bieten/simulate.hpp"

#include <string>
#include <vector>

#include "core/parallel.hpp"

namespace bieten {

namespace {

// Plays game `index` of the run and stores its results at `slot`.
void play_one(const SimulationConfig& config, std::uint64_t index, std::size_t slot, SimulationResult& out,
              std::array<std::array<std::int64_t, kFigureColumns>, kMaxPlayers>& totals, Game& game) {
  const Rules& rules = config.rules;
  const std::uint64_t seed = batch_game_seed(config.base_seed, index);
  game.reset(seed);
  std::array<SplitMix64, kMaxPlayers> gens{SplitMix64(0), SplitMix64(0), SplitMix64(0), SplitMix64(0), SplitMix64(0)};
  for (int p = 0; p < rules.players; ++p) gens[p] = agent_generator(seed, p);
  while (!game.is_over()) {
    const int seat = game.current_player();
    ActionId action = 0;
    switch (config.agents[seat]) {
      case AgentKind::kRandom: action = random_action(game, gens[seat]); break;
      case AgentKind::kHeuristic: action = heuristic_action(game, gens[seat]); break;
      case AgentKind::kIsmcts: action = ismcts_action(game, gens[seat], config.ismcts[seat]); break;
      case AgentKind::kExternal: {
        const int chosen = config.external[seat](game, seat);
        if (chosen < 0) throw AgentError("the agent of seat " + std::to_string(seat) + " stopped the run");
        if (chosen >= kNumActions || !game.is_legal(static_cast<ActionId>(chosen))) {
          throw AgentError("the agent of seat " + std::to_string(seat) + " chose action " + std::to_string(chosen) +
                           (chosen < kNumActions ? " '" + action_text(static_cast<ActionId>(chosen)) + "'" : "") +
                           " in game " + std::to_string(index) + ", which is illegal: " + game.why_illegal(chosen));
        }
        action = static_cast<ActionId>(chosen);
        break;
      }
    }
    game.apply_unchecked(action);
  }
  out.game_index[slot] = index;
  out.winner[slot] = static_cast<std::int8_t>(game.winner());
  for (int p = 0; p < rules.players; ++p) {
    out.scores[slot * rules.players + p] = static_cast<std::int16_t>(game.scores()[p]);
    for (int f = 0; f < kFigureColumns; ++f) totals[p][f] += game.figure_points()[p][f];
  }
  out.bummerl[slot] = game.bummerl_seats();
  out.hands[slot] = static_cast<std::uint32_t>(game.hand_number() + 1);
  out.actions[slot] = static_cast<std::uint32_t>(game.actions_applied());
}

}  // namespace

SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress) {
  config.rules.validate();
  const std::uint64_t K = config.shard_count, k = config.shard_index;
  const ShardRange range = shard_range(first, last, config.games, k, K);
  const std::size_t n = range.count;
  const int players = config.rules.players;

  SimulationResult out;
  out.game_index.resize(n);
  out.winner.resize(n);
  out.scores.resize(n * players);
  out.bummerl.resize(n);
  out.hands.resize(n);
  out.actions.resize(n);

  using Totals = std::array<std::array<std::int64_t, kFigureColumns>, kMaxPlayers>;
  struct Worker {
    Game game;
    Totals* totals;
  };
  std::vector<Totals> totals(static_cast<std::size_t>(std::max(1, config.threads)));
  run_slots(
      n, config.threads, progress,
      [&](int t) { return Worker{Game(config.rules, 0, 0, {}, false), &totals[t]}; },  // reset for each game
      [&](Worker& w, std::size_t slot) { play_one(config, range.index(slot, k, K), slot, out, *w.totals, w.game); });
  for (const auto& t : totals) {
    for (int p = 0; p < players; ++p) {
      for (int f = 0; f < kFigureColumns; ++f) out.figure_points[p][f] += t[p][f];
    }
  }
  return out;
}

}  // namespace bieten
