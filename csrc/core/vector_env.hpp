// A batched environment for learning agents (docs/vector_env.md): N games of one kind stepped together,
// one action per game per step, on threads, writing observations, legal masks, seats, rewards and
// terminations into buffers made once. Finished games restart at once (auto-reset), each from its own
// seed: game seed game_seed(S, i, e) for episode e of env i, so every result depends on (rules, S, i,
// the actions) alone and is identical for any thread count.
//
// One template over the games' descriptors (core/descriptor.hpp), which give the rule ids of its
// messages; each game instantiates it for itself (games/<game>/instantiate.cpp, over
// core/vector_env_impl.hpp), so this header names no game.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/agent_spec.hpp"
#include "core/descriptor.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "core/thread_pool.hpp"

namespace bieten::vec {

// The game seed of episode `episode` of env `env` of a VectorEnv with seed `seed` (R3.2's batch seed,
// twice): independent of the thread count and of what the other envs do.
inline constexpr std::uint64_t game_seed(std::uint64_t seed, std::uint64_t env, std::uint64_t episode) {
  return batch_game_seed(batch_game_seed(seed, env), episode);
}

// What the loop needs of a game: all of it follows from the game (core/game.hpp) and its descriptor
// (core/descriptor.hpp: the rule ids its messages cite, its mask's words).
// The game's write_observation (its observation.hpp), found by argument-dependent lookup: called from
// outside GameTraits, whose own write_observation would hide it.
template <typename G, typename Out>
void observe(const G& g, int seat, Out* out) {
  write_observation(g, seat, out);
}
template <typename R>
void divisors_of(const R& rules, float* out) {
  observation_divisors(rules, out);
}

template <GameDescriptor D>
struct GameTraits {
  using G = typename D::Game;
  using Game = G;
  using Rules = typename G::Rules;
  using AgentKind = bieten::AgentKind;
  using AgentSpec = bieten::AgentSpec;
  using ActionId = typename G::ActionId;
  static constexpr int kNumActions = G::kNumActions;
  static constexpr int kObservationSize = kObservationSizeOf<G>;
  static constexpr int kMaxPlayers = G::kMaxPlayers;
  static int players(const Rules& r) { return r.players; }
  static void validate(const Rules& r) { r.validate(); }
  static Game make(const Rules& r, std::uint64_t seed) { return Game(r, seed, 0, {}, false, false); }
  static constexpr std::string_view kSeatRule = D::kSeatRule;
  static constexpr std::string_view kActionRule = D::kActionRule;
  static std::uint8_t winners(const Game& g) { return g.winners(); }
  static void write_mask(const Game& g, bool* out);  // kNumActions bools
  static void write_observation(const Game& g, int seat, float* out) { observe(g, seat, out); }
  static void write_observation(const Game& g, int seat, std::uint8_t* out) { observe(g, seat, out); }
  static void observation_divisors(const Rules& r, float* out) { divisors_of(r, out); }
  static AgentSpec parse_agent(std::string_view name) {
    AgentSpec spec = parse_agent_spec(name);  // "policy:PATH": its network must be this game's
    check_policy_for(spec, D::kPolicyTag, kObservationSizeOf<G>, G::kNumActions, D::kName,
                     [](std::uint32_t) { return std::string(); });  // the core knows no other game's name
    return spec;
  }
  using Workspace = AgentWorkspaceFor<G>;  // the agents' storage, one per thread (core/agent_spec.hpp)
  static ActionId act(const AgentSpec& spec, const Game& g, SplitMix64& rng, Workspace& workspace) {
    return builtin_action(spec, g, rng, workspace);
  }
};

enum class RewardMode : std::uint8_t {
  kPoints,  // each seat's score change by the step (non-zero only on a step that scores a hand / deal)
  kWin,     // 1 to each seat that won the game, on the step that ends it; 0 otherwise
};

struct VectorEnvConfig {
  int num_envs = 1;
  std::uint64_t seed = 0;
  int threads = 1;
  bool observations = true;  // false: the observation buffers are empty (shape [N, 0]) and not written
  // true: observations are written in the compact form (uint8, the game's observation.hpp) into the
  // byte buffers, and the float buffers are empty
  bool compact = false;
  RewardMode reward = RewardMode::kPoints;
  // Single-agent view: the agents of the seats other than the learner's, in seat order starting at the
  // learner's left (opponents[k] sits at learner + 1 + k), players - 1 names. Empty: every seat is
  // stepped by the caller.
  std::vector<std::string> opponents;
  int learner_seat = 0;  // with opponents: a seat, or -1 to rotate (seat (env + episode) % players)
};

template <typename T>
class VectorEnv {
 public:
  using Game = typename T::Game;
  using Rules = typename T::Rules;

  // Throws RulesError, or Error for a bad size, thread count, seat or agent name.
  VectorEnv(const Rules& rules, const VectorEnvConfig& config);

  int num_envs() const { return n_; }
  int players() const { return players_; }
  int observation_size() const { return obs_size_; }
  static constexpr int num_actions() { return T::kNumActions; }
  bool single_agent() const { return !opponents_.empty(); }
  const VectorEnvConfig& config() const { return config_; }
  const Rules& rules() const { return rules_; }
  bool started() const { return started_; }

  // Starts a new game in every env. With a seed: the env's episodes count from 0 again under it; without,
  // each env abandons its game and starts its next episode.
  void reset(const std::uint64_t* seed);
  // One action per env (any integer type; checked first: a refused batch changes nothing).
  // Throws IllegalActionError "env i: <rule>: ..." for the lowest refused env.
  void step(const std::int64_t* actions);

  // The buffers, row-major, written by reset() and step().
  float* observations() { return obs_.data(); }             // [N, O] the seat to act's (or the learner's) view
  std::uint8_t* observations_u8() { return obs8_.data(); }  // [N, O] the same in the compact form (config.compact)
  std::uint8_t* final_observations_u8() { return final_obs8_.data(); }  // [N, O] (config.compact)
  float* observation_divisors() { return divisors_.data(); }  // [O] float = compact / divisor
  bool* masks() { return mask_.data(); }                    // [N, A]
  std::int32_t* seats() { return seat_.data(); }            // [N]
  float* rewards() { return reward_.data(); }               // [N, P]
  bool* terminated() { return terminated_.data(); }         // [N]
  float* final_observations() { return final_obs_.data(); }  // [N, O] valid where terminated
  std::int32_t* final_seats() { return final_seat_.data(); }  // [N] whose view final_observations is
  std::int32_t* final_scores() { return final_scores_.data(); }  // [N, P] valid where terminated
  bool* final_winners() { return final_winners_.data(); }    // [N, P] valid where terminated
  std::int32_t* learner_seats() { return learner_.data(); }  // [N] the learner's seat (single-agent view)
  float* learner_rewards() { return learner_reward_.data(); }  // [N] rewards[i, learner of the step]
  std::uint64_t* episodes() { return episode_.data(); }      // [N] the episode of each env's game
  std::uint64_t* game_seeds() { return seed_of_.data(); }    // [N] the seed of each env's game
  const Game& game(int i) const { return games_[static_cast<std::size_t>(i)]; }

 private:
  using Workspace = typename T::Workspace;
  // The env's next episode (seeds, learner seat, opponents' moves).
  void start(std::size_t i, Workspace& workspace);
  // Until the learner is to act or the game is over.
  void advance_opponents(std::size_t i, Workspace& workspace);
  void write_view(std::size_t i);  // observation, mask and seat of the state now
  void step_one(std::size_t i, typename T::ActionId a, Workspace& workspace);
  // range(workspace of the thread, begin, end) over chunks of the envs, on the pool's threads.
  void parallel(const std::function<void(Workspace&, std::size_t, std::size_t)>& range);

  Rules rules_;
  VectorEnvConfig config_;
  int n_;
  int players_;
  int obs_size_;
  bool started_ = false;
  std::vector<typename T::AgentSpec> opponents_;  // by seat offset from the learner (index 0 unused)
  std::vector<Workspace> workspaces_;              // one per thread of the pool: the opponents' storage
  std::vector<Game> games_;
  std::vector<SplitMix64> rngs_;  // [N, P] the opponents' generators
  std::vector<std::array<int, T::kMaxPlayers>> last_scores_;
  std::vector<std::uint64_t> next_episode_;
  std::vector<float> obs_, reward_, final_obs_, learner_reward_, divisors_;
  std::vector<std::uint8_t> obs8_, final_obs8_;
  std::vector<std::int32_t> seat_, final_seat_, final_scores_, learner_;
  std::vector<std::uint64_t> episode_, seed_of_;
  struct Bools {  // std::vector<bool> has no data(): bools are kept as bytes
    std::vector<std::uint8_t> v;
    bool* data() { return reinterpret_cast<bool*>(v.data()); }
    void resize(std::size_t n) { v.assign(n, 0); }
  };
  Bools mask_, terminated_, final_winners_;
  WorkerPool pool_;
};

// The VectorEnv of the game that descriptor D describes (explicitly instantiated in the game's folder).
template <GameDescriptor D>
using VectorEnvOf = VectorEnv<GameTraits<D>>;

}  // namespace bieten::vec
