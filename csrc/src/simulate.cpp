#include "bieten/simulate.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

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
  if (config.shard_count == 0 || config.shard_index >= config.shard_count) {
    throw Error("shard must be (k, K) with 0 <= k < K");
  }
  last = std::min(last, config.games);
  // The shard's games in [first, last): i = shard_index + K * j.
  const std::uint64_t K = config.shard_count, k = config.shard_index;
  const std::uint64_t j0 = first <= k ? 0 : (first - k + K - 1) / K;
  const std::uint64_t j1 = last <= k ? 0 : (last - k + K - 1) / K;
  const std::size_t n = j1 > j0 ? static_cast<std::size_t>(j1 - j0) : 0;
  const int players = config.rules.players;

  SimulationResult out;
  out.game_index.resize(n);
  out.winner.resize(n);
  out.scores.resize(n * players);
  out.bummerl.resize(n);
  out.hands.resize(n);
  out.actions.resize(n);

  const int threads = std::max(1, std::min<int>(config.threads, static_cast<int>(std::max<std::size_t>(n, 1))));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex mutex;
  std::vector<std::array<std::array<std::int64_t, kFigureColumns>, kMaxPlayers>> totals(threads);
  constexpr std::size_t kChunk = 64;

  auto work = [&](int t) {
    try {
      Game game(config.rules, 0, 0, {}, false);  // reset for each game
      for (;;) {
        const std::size_t begin = next.fetch_add(kChunk);
        if (begin >= n || stop.load(std::memory_order_relaxed)) return;
        const std::size_t end = std::min(n, begin + kChunk);
        for (std::size_t slot = begin; slot < end; ++slot) {
          play_one(config, k + K * (j0 + slot), slot, out, totals[t], game);
          if (progress) progress->fetch_add(1, std::memory_order_relaxed);
          if (stop.load(std::memory_order_relaxed)) return;
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  if (error) std::rethrow_exception(error);
  for (const auto& t : totals) {
    for (int p = 0; p < players; ++p) {
      for (int f = 0; f < kFigureColumns; ++f) out.figure_points[p][f] += t[p][f];
    }
  }
  return out;
}

}  // namespace bieten
