// An oracle reference for Bieten's strength target (issue 23; benchmarks/RESULTS.md, "Issue 23: how
// much a seat gains by seeing every card"): one seat of Rules() (four players) against three
// `heuristic` seats, seats rotated, 99% Wilson intervals, where the one seat is
//
//   oracle[:KNOBS]   the ISMCTS agent's search (core/ismcts.hpp) with Bieten's own traits
//                    (games/bieten/ismcts_traits.hpp: the same horizon, the end of the hand, the same
//                    rewards and win bonus, the same cheap play-outs and model of the other seats, the
//                    same decisions left to the heuristic) except that it CHEATS: `determinize` leaves
//                    the true game as it is, so every iteration searches the real hands of the others
//                    (a perfect-information search). Nothing else in a hand is hidden: the next hand's
//                    deal comes from the game's seed, beyond the horizon. KNOBS are the ismcts agent's
//                    (docs/agents.md, "Knobs"): "oracle:1000", "oracle:5000:answers=search:cards=search".
//   ismcts[:KNOBS]   the honest agent (the core's own, exactly as bieten.simulate plays it), or any
//   heuristic, policy, random   other built-in agent name, for the pair on the same seeds.
//
// Game i of seating k (the measured seat at seat k) has base seed S + k and game seed
// batch_game_seed(S + k, i), the agents' generators agent_generator(seed, seat): the games of
// bieten.simulate and so of `python benchmarks/ismcts_strength.py bieten AGENT heuristic 4*G --seed S`
// (for a built-in AGENT the winners are the same game for game). Each hand's shuffle comes from the
// game's seed and the hand's number (R3.2), so two agents measured on the same seeds play the same
// shuffles, hand by hand, as long as their games last. The result is the same for any THREADS.
//
//   oracle_bound AGENT GAMES_PER_SEAT SEED [THREADS]   games, won, rate, 99% interval, CPU ms per
//                                                      decision of the seat (those with more than one
//                                                      legal action), hands a game
//   oracle_bound AGENT GAMES_PER_SEAT SEED THREADS list   the same, then seat, game, winner per game
//
// A benchmark, never a product feature: nothing the engine's users can call. Built against the core
// library of a plain Release build, as benchmarks/simulate_driver.cpp is; the commands are in
// benchmarks/RESULTS.md.
#include <time.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/agent_spec.hpp"
#include "core/rng.hpp"
#include "core/simulate.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/ismcts_traits.hpp"

namespace {

using namespace bieten;

// Bieten's search traits with the true game as the only world: every hand, and the deck, as dealt.
class OracleTraits : public ismcts_detail::Traits {
 public:
  using ismcts_detail::Traits::Traits;
  bool determinize(Game&, SplitMix64&) { return true; }
};
static_assert(ismcts::Traits<OracleTraits>);

struct Agent {
  bool oracle = false;
  AgentSpec spec{};
};

Agent parse(std::string_view name) {
  Agent a;
  if (name == "oracle" || name.starts_with("oracle:")) {
    a.oracle = true;
    a.spec = builtin_agent_spec("ismcts" + std::string(name.substr(6)));
  } else {
    a.spec = builtin_agent_spec(name);
  }
  return a;
}

double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

struct GameResult {
  int winner = -1;
  std::uint32_t hands = 0;
};

struct Sums {
  std::uint64_t decisions = 0;  // of the measured seat, with more than one legal action
  double decision_ns = 0;       // their thread CPU time
};

// Game `index` of the seating with the measured agent at `seat` (base seed `base`); the others heuristic.
GameResult play(const Agent& agent, int seat, std::uint64_t base, std::uint64_t index, Game& game,
                AgentWorkspace& workspace, Sums& sums) {
  const std::uint64_t seed = batch_game_seed(base, index);
  game.reset(seed);
  auto gens = simulate_detail::agent_generators<kMaxPlayers>(seed);  // as bieten::simulate's
  const AgentSpec heuristic{AgentKind::kHeuristic, {}};
  while (!game.is_over()) {
    const int p = game.current_player();
    SplitMix64& gen = gens[static_cast<std::size_t>(p)];
    if (p != seat) {
      game.apply_unchecked(builtin_action(heuristic, game, gen, workspace));
      continue;
    }
    const bool timed = game.legal_mask().size() > 1;
    const double before = timed ? thread_cpu_ns() : 0;
    const ActionId a = agent.oracle ? ismcts_detail::decide<OracleTraits>(game, gen, agent.spec.ismcts, workspace)
                                    : builtin_action(agent.spec, game, gen, workspace);
    if (timed) {
      sums.decision_ns += thread_cpu_ns() - before;
      ++sums.decisions;
    }
    game.apply_unchecked(a);
  }
  return GameResult{game.winner(), static_cast<std::uint32_t>(game.hand_number() + 1)};
}

constexpr double kZ99 = 2.5758293035489;  // two-sided 99% normal quantile

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: oracle_bound AGENT GAMES_PER_SEAT SEED [THREADS] [list]\n");
    return 2;
  }
  const std::string name = argv[1];
  const Agent agent = parse(name);
  const auto per_seat = std::strtoull(argv[2], nullptr, 10);
  const auto base = std::strtoull(argv[3], nullptr, 10);
  const int threads = argc > 4 ? std::max(1, std::atoi(argv[4])) : 1;
  const bool list = argc > 5 && std::string_view(argv[5]) == "list";
  const Rules rules;
  const int players = rules.players;
  const std::uint64_t total = per_seat * static_cast<std::uint64_t>(players);

  std::vector<GameResult> results(total);
  std::vector<Sums> sums(static_cast<std::size_t>(threads));
  std::atomic<std::uint64_t> next{0};
  const auto wall = std::chrono::steady_clock::now();
  auto work = [&](int t) {
    Game game(rules, 0, 0, {}, false);
    AgentWorkspace workspace;
    for (std::uint64_t j; (j = next.fetch_add(1)) < total;) {
      const int seat = static_cast<int>(j / per_seat);
      results[j] = play(agent, seat, base + static_cast<std::uint64_t>(seat), j % per_seat, game, workspace,
                        sums[static_cast<std::size_t>(t)]);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();

  std::uint64_t wins = 0, hands = 0;
  for (std::uint64_t j = 0; j < total; ++j) {
    wins += results[j].winner == static_cast<int>(j / per_seat);
    hands += results[j].hands;
  }
  Sums all;
  for (const Sums& s : sums) all.decisions += s.decisions, all.decision_ns += s.decision_ns;
  const double n = static_cast<double>(total), p = static_cast<double>(wins) / n, z2 = kZ99 * kZ99;
  const double centre = p + z2 / (2 * n), half = kZ99 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  const double low = (centre - half) / (1 + z2 / n), high = (centre + half) / (1 + z2 / n);
  std::printf("%s vs heuristic x%d, seed %llu: %llu/%llu = %.3f [%.3f, %.3f] (99%% Wilson)  %.3f ms CPU/decision "
              "(%llu decisions)  %.2f hands/game  %.0f s\n",
              name.c_str(), players - 1, static_cast<unsigned long long>(base), static_cast<unsigned long long>(wins),
              static_cast<unsigned long long>(total), p, low, high,
              all.decisions ? all.decision_ns / 1e6 / static_cast<double>(all.decisions) : 0.0,
              static_cast<unsigned long long>(all.decisions), static_cast<double>(hands) / n, seconds);
  if (list) {
    for (std::uint64_t j = 0; j < total; ++j) {
      std::printf("%llu %llu %d\n", static_cast<unsigned long long>(j / per_seat),
                  static_cast<unsigned long long>(j % per_seat), results[j].winner);
    }
  }
  return 0;
}
