// Tests of the batched environment (csrc/core/vector_env.hpp, docs/vector_env.md), doctest, run by
// ctest as `vector_env`: identical buffers for any thread count, games replayed from their seeds,
// atomic refusal of a batch, and no allocation in a step. tests/test_cpp.py also builds this file
// alone with doctest_main.cpp under ThreadSanitizer.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/vector_env.hpp"
#include "games/bieten/descriptor.hpp"
#include "games/schnapsen/descriptor.hpp"

#include <doctest/doctest.h>

using namespace bieten;

// Every allocation of the process is counted (count_allocations.hpp), to check that a step allocates
// nothing (doctest allocates too: check_no_allocation counts only across the steps it measures).
#include "count_allocations.hpp"

namespace {

// The k-th legal id of each row (k from a counter), a policy that visits many phases.
template <typename T>
void choose(vec::VectorEnv<T>& env, std::vector<std::int64_t>& actions, int step) {
  for (int i = 0; i < env.num_envs(); ++i) {
    const bool* m = env.masks() + static_cast<std::size_t>(i) * T::kNumActions;
    int legal = 0;
    for (int a = 0; a < T::kNumActions; ++a) legal += m[a];
    int k = (step * 7 + i * 3) % legal;
    for (int a = 0; a < T::kNumActions; ++a) {
      if (m[a] && k-- == 0) {
        actions[static_cast<std::size_t>(i)] = a;
        break;
      }
    }
  }
}

template <typename V>
bool same(const V* a, const V* b, std::size_t n) {
  return std::memcmp(a, b, n * sizeof(V)) == 0;
}

template <typename T>
void check_threads(const typename T::Rules& rules, vec::VectorEnvConfig config, int steps) {
  config.threads = 1;
  vec::VectorEnv<T> one(rules, config);
  config.threads = 3;
  vec::VectorEnv<T> three(rules, config);
  one.reset(nullptr);
  three.reset(nullptr);
  const auto n = static_cast<std::size_t>(one.num_envs());
  const auto o = n * static_cast<std::size_t>(one.observation_size());
  const auto p = n * static_cast<std::size_t>(one.players());
  std::vector<std::int64_t> actions(n);
  long ended = 0;
  for (int s = 0; s < steps; ++s) {
    choose(one, actions, s);
    one.step(actions.data());
    three.step(actions.data());
    CHECK(same(one.observations(), three.observations(), o));
    CHECK(same(one.masks(), three.masks(), n * T::kNumActions));
    CHECK(same(one.seats(), three.seats(), n));
    CHECK(same(one.rewards(), three.rewards(), p));
    CHECK(same(one.terminated(), three.terminated(), n));
    CHECK(same(one.final_scores(), three.final_scores(), p));
    for (std::size_t i = 0; i < n; ++i) ended += one.terminated()[i];
  }
  CHECK(ended > 0);
}

// Every env's game equals a Game made from its seed and given the same actions.
template <typename T>
void check_replay(const typename T::Rules& rules, int steps) {
  vec::VectorEnvConfig config;
  config.num_envs = 5;
  config.seed = 77;
  vec::VectorEnv<T> env(rules, config);
  env.reset(nullptr);
  std::vector<typename T::Game> games;
  for (int i = 0; i < env.num_envs(); ++i) games.push_back(T::make(rules, vec::game_seed(77, static_cast<std::uint64_t>(i), 0)));
  std::vector<std::int64_t> actions(5);
  std::vector<float> obs(static_cast<std::size_t>(T::kObservationSize));
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(T::kNumActions));
  for (int s = 0; s < steps; ++s) {
    for (std::size_t i = 0; i < 5; ++i) {
      const int seat = games[i].current_player();
      CHECK(env.seats()[i] == seat);
      T::write_observation(games[i], seat, obs.data());
      CHECK(same(obs.data(), env.observations() + i * obs.size(), obs.size()));
      T::write_mask(games[i], reinterpret_cast<bool*>(mask.data()));
      CHECK(same(reinterpret_cast<bool*>(mask.data()), env.masks() + i * mask.size(), mask.size()));
    }
    choose(env, actions, s);
    env.step(actions.data());
    for (std::size_t i = 0; i < 5; ++i) {
      games[i].apply(static_cast<typename T::ActionId>(actions[i]));
      CHECK(env.terminated()[i] == games[i].is_over());
      if (games[i].is_over()) {
        CHECK(env.final_scores()[i * static_cast<std::size_t>(env.players())] == games[i].scores()[0]);
        games[i] = T::make(rules, env.game_seeds()[i]);
        CHECK(env.game_seeds()[i] == vec::game_seed(77, i, env.episodes()[i]));
      }
    }
  }
}

// A batch with an illegal action throws naming the env, and changes nothing.
template <typename T>
void check_atomic(const typename T::Rules& rules) {
  vec::VectorEnvConfig config;
  config.num_envs = 4;
  config.threads = 2;
  vec::VectorEnv<T> env(rules, config);
  env.reset(nullptr);
  std::vector<std::int64_t> actions(4);
  choose(env, actions, 0);
  const std::vector<float> before(env.observations(), env.observations() + 4 * env.observation_size());
  auto bad = actions;
  for (int a = 0; a < T::kNumActions; ++a) {
    if (!env.masks()[2 * T::kNumActions + a]) {
      bad[2] = a;
      break;
    }
  }
  bool thrown = false;
  try {
    env.step(bad.data());
  } catch (const IllegalActionError& e) {
    thrown = std::string(e.what()).rfind("env 2: ", 0) == 0;
  }
  CHECK(thrown);
  CHECK(same(before.data(), env.observations(), before.size()));
  bad = actions;
  bad[0] = T::kNumActions;
  thrown = false;
  try {
    env.step(bad.data());
  } catch (const IllegalActionError& e) {
    thrown = std::string(e.what()).find("env 0: ") == 0;
  }
  CHECK(thrown);
  env.step(actions.data());  // the corrected batch goes through
}

// The single-agent view: the learner is always to act.
template <typename T>
void check_opponents(const typename T::Rules& rules, int players) {
  vec::VectorEnvConfig config;
  config.num_envs = 6;
  config.opponents.assign(static_cast<std::size_t>(players - 1), "heuristic");
  config.learner_seat = -1;
  vec::VectorEnv<T> env(rules, config);
  env.reset(nullptr);
  std::vector<std::int64_t> actions(6);
  for (int s = 0; s < 200; ++s) {
    for (std::size_t i = 0; i < 6; ++i) {
      CHECK(env.seats()[i] == env.learner_seats()[i]);
      CHECK(env.learner_seats()[i] == static_cast<std::int32_t>((i + env.episodes()[i]) % static_cast<std::size_t>(players)));
    }
    choose(env, actions, s);
    env.step(actions.data());
  }
}

// After the first steps, stepping (auto-resets included) allocates nothing, on one thread or several,
// with or without opponents that allocate nothing themselves.
template <typename T>
void check_no_allocation(const typename T::Rules& rules, vec::VectorEnvConfig config) {
  for (int threads : {1, 3}) {
    config.threads = threads;
    vec::VectorEnv<T> env(rules, config);
    env.reset(nullptr);
    std::vector<std::int64_t> actions(static_cast<std::size_t>(config.num_envs));
    for (int s = 0; s < 20; ++s) {
      choose(env, actions, s);
      env.step(actions.data());
    }
    long ended = 0;
    const long before = g_allocations.load();
    for (int s = 20; s < 400; ++s) {
      choose(env, actions, s);
      env.step(actions.data());
      for (int i = 0; i < config.num_envs; ++i) ended += env.terminated()[i];
    }
    CHECK(g_allocations.load() == before);
    CHECK(ended > 0);
  }
}

}  // namespace

namespace {

Rules bieten_rules() {
  Rules r;
  r.players = 3;
  r.target = 4;
  return r;
}

vec::VectorEnvConfig config_41() {
  vec::VectorEnvConfig config;
  config.num_envs = 41;
  config.seed = 5;
  return config;
}

}  // namespace

TEST_CASE("1 and 3 threads give identical buffers (Bieten, Schnapsen, with opponents, with ISMCTS opponents)") {
  vec::VectorEnvConfig config = config_41();
  check_threads<vec::GameTraits<Descriptor>>(bieten_rules(), config, 300);
  check_threads<vec::GameTraits<schnapsen::Descriptor>>(schnapsen::preset("bauernschnapsen"), config, 200);
  config.opponents = {"random", "heuristic"};
  config.learner_seat = -1;
  check_threads<vec::GameTraits<Descriptor>>(bieten_rules(), config, 150);
  config.opponents = {"ismcts:16", "ismcts:16:rollout=random"};  // iterations: same on any thread count
  config.num_envs = 7;
  check_threads<vec::GameTraits<Descriptor>>(bieten_rules(), config, 30);
}

TEST_CASE("every env's game equals a Game made from its seed and given the same actions") {
  check_replay<vec::GameTraits<Descriptor>>(bieten_rules(), 400);
  check_replay<vec::GameTraits<schnapsen::Descriptor>>(schnapsen::preset("schnapsen"), 300);
}

TEST_CASE("a batch with an illegal action throws naming the env and changes nothing") {
  check_atomic<vec::GameTraits<Descriptor>>(bieten_rules());
  check_atomic<vec::GameTraits<schnapsen::Descriptor>>(schnapsen::preset("bauernschnapsen"));
}

TEST_CASE("with opponents the learner is always to act, its seat rotating by episode") {
  check_opponents<vec::GameTraits<Descriptor>>(bieten_rules(), 3);
  check_opponents<vec::GameTraits<schnapsen::Descriptor>>(schnapsen::preset("bauernschnapsen"), 4);
}

TEST_CASE("after the first steps a step allocates nothing, on 1 or 3 threads, with or without opponents") {
  const Rules bieten = bieten_rules();
  const schnapsen::Rules schnapsen_rules = schnapsen::preset("bauernschnapsen");
  vec::VectorEnvConfig plain;
  plain.num_envs = 16;
  check_no_allocation<vec::GameTraits<Descriptor>>(bieten, plain);
  check_no_allocation<vec::GameTraits<schnapsen::Descriptor>>(schnapsen_rules, plain);
  plain.opponents = {"random", "random"};  // (Bieten's heuristic samples worlds into vectors)
  check_no_allocation<vec::GameTraits<Descriptor>>(bieten, plain);
  plain.opponents = {"heuristic", "random", "heuristic"};
  check_no_allocation<vec::GameTraits<schnapsen::Descriptor>>(schnapsen_rules, plain);
}

TEST_CASE("Bieten's heuristic opponents in a VectorEnv draw their worlds into one workspace per thread") {
  // The heuristic keeps its lists of fitting sets (R7.2) in the thread's workspace, reserved the first
  // time each seat needs one: on one thread, with these seeds, every seat has needed one within the
  // first 400 steps, and the 400 after them allocate nothing. (On more threads which thread's
  // workspace first needs a list depends on who takes which envs, so only one thread is checked.)
  vec::VectorEnvConfig config;
  config.num_envs = 16;
  config.threads = 1;
  config.opponents = {"heuristic", "random", "heuristic"};
  vec::VectorEnv<vec::GameTraits<Descriptor>> env(Rules{}, config);
  env.reset(nullptr);
  std::vector<std::int64_t> actions(16);
  for (int s = 0; s < 400; ++s) {
    choose(env, actions, s);
    env.step(actions.data());
  }
  const long before = g_allocations.load();
  long ended = 0;
  for (int s = 400; s < 800; ++s) {
    choose(env, actions, s);
    env.step(actions.data());
    for (int i = 0; i < 16; ++i) ended += env.terminated()[i];
  }
  CHECK(g_allocations.load() == before);
  CHECK(ended > 0);
}

TEST_CASE("a VectorEnv of no envs is refused") {
  vec::VectorEnvConfig config = config_41();
  config.num_envs = 0;
  CHECK_THROWS_AS(vec::VectorEnv<vec::GameTraits<Descriptor>>(bieten_rules(), config), Error);
}
