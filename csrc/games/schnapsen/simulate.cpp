#include "games/schnapsen/simulate.hpp"

#include <string>

#include "core/parallel.hpp"

namespace bieten::schnapsen {

namespace {

ActionId choose(const SimulationConfig& config, const Game& game, int seat, SplitMix64& gen, std::uint64_t index) {
  switch (config.agents[seat]) {
    case AgentKind::kRandom: return random_action(game, gen);
    case AgentKind::kHeuristic: return heuristic_action(game, gen);
    case AgentKind::kIsmcts: return ismcts_action(game, gen, config.ismcts[seat]);
    case AgentKind::kExternal: break;
  }
  const int chosen = config.external[seat](game, seat);
  if (chosen < 0) throw AgentError("the agent of seat " + std::to_string(seat) + " stopped the run");
  if (!game.is_legal(chosen)) {
    throw AgentError("the agent of seat " + std::to_string(seat) + " chose action " + std::to_string(chosen) +
                     (chosen < kNumActions ? " '" + std::string(action_text(static_cast<ActionId>(chosen))) + "'" : "") +
                     " in game " + std::to_string(index) + ", which is illegal: " + game.why_illegal(chosen));
  }
  return static_cast<ActionId>(chosen);
}

void play_one(const SimulationConfig& config, std::uint64_t index, std::size_t slot, SimulationResult& out, Game& game) {
  const int players = config.rules.players;
  const std::uint64_t seed = batch_game_seed(config.base_seed, index);
  game.reset(seed);
  std::array<SplitMix64, kMaxPlayers> gens{SplitMix64(0), SplitMix64(0), SplitMix64(0), SplitMix64(0)};
  for (int p = 0; p < players; ++p) gens[p] = agent_generator(seed, p);
  while (!game.is_over()) {
    const int seat = game.current_player();
    game.apply_unchecked(choose(config, game, seat, gens[seat], index));
  }
  out.game_index[slot] = index;
  out.winners[slot] = game.winners();
  out.bummerl[slot] = game.bummerl();
  for (int p = 0; p < players; ++p) out.scores[slot * players + p] = static_cast<std::int16_t>(game.scores()[p]);
  out.deals[slot] = static_cast<std::uint32_t>(game.hand_number() + 1);
  out.actions[slot] = static_cast<std::uint32_t>(game.actions_applied());
}

}  // namespace

SimulationResult simulate(const SimulationConfig& config, std::uint64_t first, std::uint64_t last,
                          std::atomic<std::uint64_t>* progress) {
  config.rules.validate();
  const std::uint64_t K = config.shard_count, k = config.shard_index;
  const ShardRange range = shard_range(first, last, config.games, k, K);
  const std::size_t n = range.count;
  SimulationResult out;
  out.game_index.resize(n);
  out.winners.resize(n);
  out.scores.resize(n * config.rules.players);
  out.bummerl.resize(n);
  out.deals.resize(n);
  out.actions.resize(n);
  run_slots(
      n, config.threads, progress, [&](int) { return Game(config.rules, 0, 0, {}, false); },
      [&](Game& game, std::size_t slot) { play_one(config, range.index(slot, k, K), slot, out, game); });
  return out;
}

}  // namespace bieten::schnapsen
