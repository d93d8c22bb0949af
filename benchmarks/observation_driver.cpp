// The observation writers inside VectorEnv, timed in CPU time (benchmarks/RESULTS.md, "Issue 23 item 3:
// the observation written as bits"): three envs of 1,024 games each (no observations, the compact
// uint8 rows, the float32 rows) stepped in turn by the lowest legal id, round after round, so drift of
// the machine lands on all three alike; a row's cost is the env's step with rows less the one without.
// The way to compare two builds of the core: run this against each, alternating.
//
//   observation_driver ROUNDS   per game (bieten, schnapsen): ns a step of each env, and the rows' cost
//   observation_driver hash     a hash of every row (both forms, both games, 200 steps): equal hashes,
//                               equal rows
//
// Built against the core library of a plain cmake build, as benchmarks/simulate_driver.cpp is; the
// commands are in benchmarks/RESULTS.md.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "core/vector_env.hpp"
#include "games/bieten/descriptor.hpp"
#include "games/schnapsen/descriptor.hpp"

namespace {

using namespace bieten;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

constexpr int kEnvs = 1024;
constexpr int kSteps = 50;  // steps a round

template <typename T>
struct Stepper {
  vec::VectorEnv<T> env;
  std::vector<std::int64_t> actions = std::vector<std::int64_t>(kEnvs);
  explicit Stepper(const vec::VectorEnvConfig& c) : env(typename T::Rules{}, c) { env.reset(nullptr); }
  void step() {  // the lowest legal id of each env, as the Python benchmark's argmax
    const bool* masks = env.masks();
    for (int i = 0; i < kEnvs; ++i) {
      const bool* row = masks + static_cast<std::ptrdiff_t>(i) * T::kNumActions;
      actions[static_cast<std::size_t>(i)] = std::find(row, row + T::kNumActions, true) - row;
    }
    env.step(actions.data());
  }
};

template <typename T>
vec::VectorEnvConfig config(bool observations, bool compact) {
  vec::VectorEnvConfig c;
  c.num_envs = kEnvs;
  c.seed = 1;
  c.observations = observations;
  c.compact = compact;
  return c;
}

template <typename T>
void time_game(const char* name, int rounds) {
  Stepper<T> none(config<T>(false, false)), bytes(config<T>(true, true)), floats(config<T>(true, false));
  for (int s = 0; s < kSteps; ++s) none.step(), bytes.step(), floats.step();  // every phase under way
  std::vector<double> t[3];
  Stepper<T>* envs[3] = {&none, &bytes, &floats};
  for (int r = 0; r < rounds; ++r) {
    for (int k = 0; k < 3; ++k) {
      const int e = (r & 1) ? 2 - k : k;  // the order reversed every other round
      const double t0 = cpu_seconds();
      for (int s = 0; s < kSteps; ++s) envs[e]->step();
      t[e].push_back((cpu_seconds() - t0) * 1e9 / (kEnvs * kSteps));
    }
  }
  for (auto& v : t) std::sort(v.begin(), v.end());
  const double m0 = t[0][t[0].size() / 2], m1 = t[1][t[1].size() / 2], m2 = t[2][t[2].size() / 2];
  std::printf("%-10s ns a step: none %.1f  uint8 %.1f  float32 %.1f   a row: uint8 %.1f  float32 %.1f\n", name, m0, m1,
              m2, m1 - m0, m2 - m0);
}

template <typename T>
void hash_game(std::uint64_t& h) {
  auto mix = [&h](const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t k = 0; k < n; ++k) h = (h ^ b[k]) * 1099511628211ULL;
  };
  Stepper<T> bytes(config<T>(true, true)), floats(config<T>(true, false));
  const auto row = static_cast<std::size_t>(kEnvs) * T::kObservationSize;
  for (int s = 0; s < 200; ++s) {
    mix(bytes.env.observations_u8(), row);
    mix(floats.env.observations(), row * sizeof(float));
    mix(bytes.env.final_observations_u8(), row);
    mix(floats.env.final_observations(), row * sizeof(float));
    bytes.step(), floats.step();
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "hash") == 0) {
    std::uint64_t h = 1469598103934665603ULL;
    hash_game<vec::GameTraits<Descriptor>>(h);
    hash_game<vec::GameTraits<schnapsen::Descriptor>>(h);
    std::printf("rows %016llx\n", static_cast<unsigned long long>(h));
    return 0;
  }
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 41;
  time_game<vec::GameTraits<Descriptor>>("bieten", rounds);
  time_game<vec::GameTraits<schnapsen::Descriptor>>("schnapsen", rounds);
  return 0;
}
