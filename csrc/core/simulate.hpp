// Batch self-play on threads for any game (docs/simulate.md). Game i of a run with base seed B is
// played with game seed batch_game_seed(B, i) (R3.2) and agent generators seeded from that game seed,
// so every game's result depends on (rules, agents, B, i) alone: identical for any thread count or
// sharding. Each game's simulate.hpp names the types and adds what only it records (a Tally).
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/agent_spec.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/parallel.hpp"
#include "core/rng.hpp"

namespace bieten {

// An agent outside the core (e.g. a Python callable): returns an action id for `seat`, or a
// negative number to stop the run (the caller keeps the reason).
template <typename G>
using ExternalAgentOf = std::function<int(const G& game, int seat)>;

template <GameType G>
struct SimulationConfigOf {
  typename G::Rules rules;
  std::array<AgentKind, G::kMaxPlayers> agents{};
  std::array<IsmctsOptions, G::kMaxPlayers> ismcts{};        // for seats whose agent is kIsmcts
  std::array<std::shared_ptr<const PolicyNet>, G::kMaxPlayers> policies{};  // kPolicy from a file; null: shipped
  std::array<ExternalAgentOf<G>, G::kMaxPlayers> external{};  // for seats whose agent is kExternal
  std::uint64_t base_seed = 0;
  std::uint64_t games = 0;        // games 0..games-1 of the run ...
  std::uint64_t shard_index = 0;  // ... those with i % shard_count == shard_index
  std::uint64_t shard_count = 1;
  int threads = 1;
};

// What a game records beyond the common results: per-game columns written at their slot by
// record(slot, game, totals), and sums that each thread keeps in its own Totals and add() merges.
// NoTally records nothing.
struct NoTally {
  struct Totals {};
  void resize(std::size_t) {}
  template <typename G>
  void record(std::size_t, const G&, Totals&) {}
  void add(const Totals&) {}
};

// Where a run's time went, summed over its threads: each seat's decisions, the time its agent took
// to choose them (not measured for random agents, whose decisions cost about as much as two clock
// reads: 0), and the time spent in the games in all (dealing, applying actions, recording results,
// and the decisions). A run of random agents alone measures nothing: all 0. What bounds a run's hands per second is the agent whose decisions take the
// largest share of `game_ns` (bieten simulate's summary says which). Each thread counts in its own
// cache lines (a decision's count is written at every decision).
template <int kSeats>
struct alignas(64) RunClock {
  std::array<std::uint64_t, kSeats> decisions{};
  std::array<std::uint64_t, kSeats> decision_ns{};
  std::uint64_t game_ns = 0;
  void add(const RunClock& o) {
    for (int p = 0; p < kSeats; ++p) decisions[p] += o.decisions[p], decision_ns[p] += o.decision_ns[p];
    game_ns += o.game_ns;
  }
};

// Per-game results of the games played (ascending game index), and the tally's.
template <GameType G, typename Tally = NoTally>
struct SimulationResultOf : Tally {
  std::vector<std::uint64_t> game_index;
  std::vector<std::uint8_t> winners;   // per game: bitmask of the seats that won
  std::vector<std::int16_t> scores;    // per game x players
  std::vector<std::uint8_t> bummerl;   // per game: bitmask of seats
  std::vector<std::uint32_t> hands;    // per game: hands (or deals, as the game calls them) played
  std::vector<std::uint32_t> actions;  // per game: actions applied
  RunClock<G::kMaxPlayers> clock;      // where the time went (not part of the results: it varies)
};

namespace simulate_detail {

// The action of the agent of `seat` in game `index` of the run. Throws AgentError if an external
// agent stops the run or chooses an illegal action.
template <GameType G>
typename G::ActionId choose(const SimulationConfigOf<G>& config, const G& game, int seat, SplitMix64& gen,
                            AgentWorkspaceFor<G>& workspace, std::uint64_t index) {
  using ActionId = typename G::ActionId;
  switch (config.agents[seat]) {
    case AgentKind::kRandom: return random_action(game, gen);  // the hot case of random self-play: direct
    case AgentKind::kHeuristic: return builtin_action(AgentSpec{AgentKind::kHeuristic, {}}, game, gen, workspace);
    case AgentKind::kIsmcts: return builtin_action(AgentSpec{AgentKind::kIsmcts, config.ismcts[seat]}, game, gen, workspace);
    case AgentKind::kExpert: return builtin_action(AgentSpec{AgentKind::kExpert, config.ismcts[seat]}, game, gen, workspace);
    case AgentKind::kPolicy:
      if (config.policies[seat]) return policy_net_action(*config.policies[seat], game, gen);
      return builtin_action(AgentSpec{AgentKind::kPolicy, {}}, game, gen, workspace);
    case AgentKind::kExternal: break;
  }
  const int chosen = config.external[seat](game, seat);
  if (chosen < 0) throw AgentError("the agent of seat " + std::to_string(seat) + " stopped the run");
  if (chosen >= G::kNumActions || !game.is_legal(static_cast<ActionId>(chosen))) {
    throw AgentError("the agent of seat " + std::to_string(seat) + " chose action " + std::to_string(chosen) +
                     (chosen < G::kNumActions ? " '" + std::string(G::action_text(static_cast<ActionId>(chosen))) + "'"
                                              : "") +
                     " in game " + std::to_string(index) + ", which is illegal: " + game.why_illegal(chosen));
  }
  return static_cast<ActionId>(chosen);
}

// The agents' generators of a game with seed `seed`, one per seat (agent_generator).
template <std::size_t N>
std::array<SplitMix64, N> agent_generators(std::uint64_t seed) {
  return [seed]<std::size_t... seat>(std::index_sequence<seat...>) {
    return std::array<SplitMix64, N>{agent_generator(seed, static_cast<int>(seat))...};
  }(std::make_index_sequence<N>{});
}

}  // namespace simulate_detail

// Games of the run with index in [first, last) that belong to the shard, in ascending index.
// `progress` (if given) is increased by one per finished game. Throws AgentError if an external
// agent stops the run or chooses an illegal action.
template <GameType G, typename Tally = NoTally>
SimulationResultOf<G, Tally> simulate_games(const SimulationConfigOf<G>& config, std::uint64_t first, std::uint64_t last,
                                            std::atomic<std::uint64_t>* progress = nullptr) {
  config.rules.validate();
  const std::uint64_t K = config.shard_count, k = config.shard_index;
  const ShardRange range = shard_range(first, last, config.games, k, K);
  const std::size_t n = range.count;
  const int players = config.rules.players;

  SimulationResultOf<G, Tally> out;
  out.game_index.resize(n);
  out.winners.resize(n);
  out.scores.resize(n * static_cast<std::size_t>(players));
  out.bummerl.resize(n);
  out.hands.resize(n);
  out.actions.resize(n);
  out.Tally::resize(n);

  using Totals = typename Tally::Totals;
  using Clock = std::chrono::steady_clock;
  using Ns = std::chrono::nanoseconds;
  const auto ns = [](Clock::time_point a, Clock::time_point b) {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<Ns>(b - a).count());
  };
  struct Worker {
    G game;
    Totals* totals;
    RunClock<G::kMaxPlayers>* clock;
    AgentWorkspaceFor<G> workspace;  // the agents' storage, reused by every decision on this thread
  };
  const auto slots = static_cast<std::size_t>(std::max(1, config.threads));
  // Each thread's sums in cache lines of their own (Bieten's are 192 bytes a thread, added to after
  // every game): side by side, two threads' sums would share a line at their boundary.
  struct alignas(64) OwnTotals {
    Totals sums{};
  };
  std::vector<OwnTotals> totals(slots);
  std::vector<RunClock<G::kMaxPlayers>> clocks(slots);
  unsigned timed_seats = 0;  // bit p: seat p's decisions are timed (random ones are counted, not timed)
  for (int p = 0; p < players; ++p) timed_seats |= (config.agents[p] != AgentKind::kRandom ? 1u : 0u) << p;
  // With random agents alone nothing is timed or counted: two clock reads and a count a decision
  // would be about 10% of a short random game (the RunClock stays 0; such a run names no limit).
  const bool any_timed = timed_seats != 0;
  run_slots(
      n, config.threads, progress,
      [&](int t) {  // the game is reset per game
        const auto i = static_cast<std::size_t>(t);
        return Worker{G(config.rules, 0, 0, {}, false), &totals[i].sums, &clocks[i], {}};
      },
      [&](Worker& w, std::size_t slot) {
        const Clock::time_point start = any_timed ? Clock::now() : Clock::time_point{};
        const std::uint64_t index = range.index(slot, k, K);
        const std::uint64_t seed = batch_game_seed(config.base_seed, index);
        G& game = w.game;
        RunClock<G::kMaxPlayers>& clock = *w.clock;
        game.reset(seed);
        auto gens = simulate_detail::agent_generators<G::kMaxPlayers>(seed);
        if (!any_timed) {  // random agents alone: the bare loop, nothing counted (about 5% of the game)
          // Every seat is random: its decision inline, without choose()'s switch over the agents
          // and its frame (a quarter of a random hand's instructions). A game that has a loop of its
          // own for this, with its step inlined (play_random), plays the same actions in it.
          if constexpr (requires { game.play_random(gens); }) {
            game.play_random(gens);
          } else {
            while (!game.is_over()) {
              const int seat = game.current_player();
              game.apply_unchecked(random_action(game, gens[static_cast<std::size_t>(seat)]));
            }
          }
        }
        // Counted here and added to the thread's clock once a game: a local array stays in the
        // cache line of the loop's own variables, where the clock's would be read and written again
        // after every call into the game.
        std::array<std::uint32_t, G::kMaxPlayers> decided{};
        while (!game.is_over()) {
          const int seat = game.current_player();
          SplitMix64& gen = gens[static_cast<std::size_t>(seat)];
          ++decided[static_cast<std::size_t>(seat)];
          if (!(timed_seats >> seat & 1u)) {
            game.apply_unchecked(simulate_detail::choose(config, game, seat, gen, w.workspace, index));
            continue;
          }
          const Clock::time_point before = Clock::now();
          const auto action = simulate_detail::choose(config, game, seat, gen, w.workspace, index);
          clock.decision_ns[seat] += ns(before, Clock::now());
          game.apply_unchecked(action);
        }
        out.game_index[slot] = index;
        out.winners[slot] = game.winners();
        out.bummerl[slot] = game.bummerl();
        for (int p = 0; p < players; ++p) {
          out.scores[slot * static_cast<std::size_t>(players) + static_cast<std::size_t>(p)] =
              static_cast<std::int16_t>(game.scores()[static_cast<std::size_t>(p)]);
        }
        out.hands[slot] = static_cast<std::uint32_t>(game.hand_number() + 1);
        out.actions[slot] = static_cast<std::uint32_t>(game.actions_applied());
        out.record(slot, game, *w.totals);
        for (int p = 0; p < players; ++p) clock.decisions[p] += decided[static_cast<std::size_t>(p)];
        if (any_timed) clock.game_ns += ns(start, Clock::now());
      });
  for (const OwnTotals& t : totals) out.add(t.sums);
  for (const RunClock<G::kMaxPlayers>& c : clocks) out.clock.add(c);
  return out;
}

}  // namespace bieten
