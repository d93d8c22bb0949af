// Random Bieten self-play through bieten::simulate, timed in CPU time, and a fingerprint of its
// results (benchmarks/RESULTS.md, "Issue 25 item 4, continued"): the way to compare two builds of the
// core, the one before a change to the game's step against the one after, in alternating runs.
//
//   simulate_driver GAMES THREADS RUNS   one line a run: CPU ns a hand (all threads), wall hands/s
//   simulate_driver hash                 a hash of every result column of 256 rule sets (2-5 players,
//                                        hand sizes 3/4/6, every wild, cut-steal, face-up card, reraise,
//                                        Weli point, overbid and ties setting; 300 games each), of the
//                                        default rules over 50,000 games on one and two threads, and of
//                                        300 games with a heuristic seat: equal hashes, equal results.
//
// Built against the core library of a plain cmake build, as benchmarks/simulate_limit.cpp is; the
// commands are in benchmarks/RESULTS.md.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "games/bieten/simulate.hpp"

namespace {

using namespace bieten;

// FNV-1a over the result columns, in a fixed order.
std::uint64_t fingerprint(const SimulationResult& r) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
  for (auto x : r.game_index) mix(x);
  for (auto x : r.winners) mix(x);
  for (auto x : r.scores) mix(static_cast<std::uint64_t>(x + 1000));
  for (auto x : r.bummerl) mix(x);
  for (auto x : r.hands) mix(x);
  for (auto x : r.actions) mix(x);
  for (auto x : r.winner) mix(static_cast<std::uint64_t>(x + 10));
  for (const auto& seat : r.figure_points) {
    for (auto x : seat) mix(static_cast<std::uint64_t>(x));
  }
  return h;
}

SimulationConfig random_config(const Rules& rules, std::uint64_t games, std::uint64_t seed, int threads) {
  SimulationConfig c;
  c.rules = rules;
  for (auto& a : c.agents) a = AgentKind::kRandom;
  c.games = games;
  c.base_seed = seed;
  c.threads = threads;
  return c;
}

int hash_runs() {
  std::uint64_t all = 0;
  int n = 0;
  for (int players = 2; players <= 5; ++players) {
    for (int hand_size : {3, 4, 6}) {
      for (int wild = 0; wild < 3; ++wild) {
        for (int flags = 0; flags < 16; ++flags) {
          Rules r;
          r.players = players;
          r.hand_size = hand_size;
          r.wild = static_cast<Wild>(wild);
          r.cut_steal = (flags & 1) != 0;
          r.show_top_card = (flags & 2) != 0;
          r.reraise = (flags & 4) != 0;
          r.weli_point = (flags & 8) == 0;
          r.overbid = static_cast<Overbid>((players + hand_size + flags) % 3);
          r.ties = static_cast<Ties>((wild + flags) % 2);
          r.target = 7 + (flags % 3) * 4;
          try {
            r.validate();
          } catch (const Error&) {
            continue;  // R10: not a valid combination
          }
          const SimulationConfig c = random_config(r, 300, static_cast<std::uint64_t>(n * 7 + 3), 1);
          all = all * 1000003ULL ^ fingerprint(simulate(c, 0, c.games));
          ++n;
        }
      }
    }
  }
  SimulationConfig c = random_config(Rules{}, 50000, 0, 1);
  const std::uint64_t one = fingerprint(simulate(c, 0, c.games));
  c.threads = 2;
  const std::uint64_t two = fingerprint(simulate(c, 0, c.games));
  c.games = 300;
  c.threads = 1;
  c.agents[1] = AgentKind::kHeuristic;
  const std::uint64_t mixed = fingerprint(simulate(c, 0, c.games));
  std::printf("configs %d all %016llx default %016llx x2 %016llx mixed %016llx\n", n,
              static_cast<unsigned long long>(all), static_cast<unsigned long long>(one),
              static_cast<unsigned long long>(two), static_cast<unsigned long long>(mixed));
  return 0;
}

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "hash") == 0) return hash_runs();
  const std::uint64_t games = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 1;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
  for (int run = 0; run < runs; ++run) {
    const SimulationConfig c = random_config(Rules{}, games, static_cast<std::uint64_t>(run), threads);
    const double cpu0 = cpu_seconds();
    const auto wall0 = std::chrono::steady_clock::now();
    const SimulationResult res = simulate(c, 0, games);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    const double cpu = cpu_seconds() - cpu0;
    std::uint64_t hands = 0;
    for (auto h : res.hands) hands += h;
    const auto n = static_cast<double>(hands);
    std::printf("cpu %.0f ns/hand wall %.0f hands/s\n", cpu * 1e9 / n, n / wall);
  }
  return 0;
}
