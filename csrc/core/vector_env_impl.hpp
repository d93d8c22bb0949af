// VectorEnv's template members (core/vector_env.hpp), included only where a game instantiates the
// template for itself (games/<game>/instantiate.cpp): every other file sees the declarations alone.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "core/vector_env.hpp"

namespace bieten::vec {

namespace detail {

// Byte b as eight bools (bit k to byte k, little-endian), so a mask row is written 8 actions a store.
struct BoolBytes {
  std::array<std::uint64_t, 256> v{};
  constexpr BoolBytes() {
    for (int b = 0; b < 256; ++b) {
      std::uint64_t x = 0;
      for (int k = 0; k < 8; ++k) x |= static_cast<std::uint64_t>((b >> k) & 1) << (8 * k);
      v[static_cast<std::size_t>(b)] = x;
    }
  }
};
inline constexpr BoolBytes kBoolBytes;

// Writes the low `count` bits of words (64 a word, lowest first) as bools.
inline void write_bits(const std::uint64_t* words, int count, bool* out) {
  int a = 0;
  for (; a + 8 <= count; a += 8) {
    const auto byte = static_cast<std::size_t>((words[a >> 6] >> (a & 63)) & 0xFF);
    std::memcpy(out + a, &kBoolBytes.v[byte], 8);
  }
  for (; a < count; ++a) out[a] = (words[a >> 6] >> (a & 63)) & 1;
}

inline int checked_threads(int threads) {
  if (threads < 1 || threads > 1024) throw Error("threads must be 1 to 1024, not " + std::to_string(threads));
  return threads;
}

}  // namespace detail

template <GameDescriptor D>
void GameTraits<D>::write_mask(const Game& g, bool* out) {
  const auto& mask = g.legal_mask();  // by reference, or a value this reference keeps alive
  detail::write_bits(D::mask_words(mask), kNumActions, out);
}

// --- VectorEnv ---

template <typename T>
VectorEnv<T>::VectorEnv(const Rules& rules, const VectorEnvConfig& config)
    : rules_(rules), config_(config), n_(config.num_envs), players_(0), obs_size_(0),
      pool_(detail::checked_threads(config.threads)) {
  workspaces_.resize(static_cast<std::size_t>(pool_.threads()));  // (declared before pool_)
  T::validate(rules_);
  players_ = T::players(rules_);
  if (n_ < 1 || n_ > (1 << 24)) throw Error("num_envs must be 1 to 16777216, not " + std::to_string(n_));
  if (config_.reward != RewardMode::kPoints && config_.reward != RewardMode::kWin) throw Error("unknown reward mode");
  if (!config_.opponents.empty()) {
    if (static_cast<int>(config_.opponents.size()) != players_ - 1) {
      throw Error("opponents: one agent per other seat is needed (" + std::to_string(players_ - 1) + "), not " +
                  std::to_string(config_.opponents.size()));
    }
    if (config_.learner_seat < -1 || config_.learner_seat >= players_) {
      throw SeatError(std::string(T::kSeatRule) + ": learner_seat must be 0 to " +
                      std::to_string(players_ - 1) + " or rotate, not " + std::to_string(config_.learner_seat));
    }
    opponents_.push_back(typename T::AgentSpec{});  // offset 0: the learner
    for (const std::string& name : config_.opponents) {
      typename T::AgentSpec spec;
      try {
        spec = T::parse_agent(name);
      } catch (const Error& e) {
        throw Error(std::string("opponents: ") + e.what());
      }
      if (spec.kind == T::AgentKind::kExternal) {
        throw Error("opponents: '" + name + "' is not an agent VectorEnv runs (random, heuristic, ismcts, expert, policy)");
      }
      // Same results for any thread count: a search budget in iterations, never in wall-clock time.
      if ((spec.kind == T::AgentKind::kIsmcts || spec.kind == T::AgentKind::kExpert) && spec.ismcts.iterations == 0 &&
          spec.ismcts.time_ms > 0) {
        throw Error("opponents: '" + name +
                    "' searches for a wall-clock time, which no two runs repeat; give " +
                    (spec.kind == T::AgentKind::kExpert ? "worlds instead, e.g. 'expert:32'"
                                                        : "iterations instead, e.g. 'ismcts:400'"));
      }
      opponents_.push_back(spec);
    }
  }
  obs_size_ = config_.observations ? T::kObservationSize : 0;
  const auto n = static_cast<std::size_t>(n_);
  const auto p = static_cast<std::size_t>(players_);
  games_.reserve(n);
  for (std::size_t i = 0; i < n; ++i) games_.push_back(T::make(rules_, game_seed(config_.seed, i, 0)));
  rngs_.assign(n * p, SplitMix64(0));
  last_scores_.assign(n, {});
  next_episode_.assign(n, 0);
  const std::size_t floats = config_.compact ? 0 : n * static_cast<std::size_t>(obs_size_);
  const std::size_t bytes = config_.compact ? n * static_cast<std::size_t>(obs_size_) : 0;
  obs_.assign(floats, 0.0f);
  final_obs_.assign(floats, 0.0f);
  obs8_.assign(bytes, 0);
  final_obs8_.assign(bytes, 0);
  divisors_.assign(static_cast<std::size_t>(T::kObservationSize), 1.0f);
  T::observation_divisors(rules_, divisors_.data());
  reward_.assign(n * p, 0.0f);
  learner_reward_.assign(n, 0.0f);
  seat_.assign(n, -1);
  final_seat_.assign(n, -1);
  final_scores_.assign(n * p, 0);
  learner_.assign(n, -1);
  episode_.assign(n, 0);
  seed_of_.assign(n, 0);
  mask_.resize(n * static_cast<std::size_t>(T::kNumActions));
  terminated_.resize(n);
  final_winners_.resize(n * p);
}

template <typename T>
void VectorEnv<T>::parallel(const std::function<void(Workspace&, std::size_t, std::size_t)>& range) {
  const auto n = static_cast<std::size_t>(n_);
  const auto t_count = static_cast<std::size_t>(pool_.threads());
  if (t_count == 1) {
    range(workspaces_[0], 0, n);
    return;
  }
  // Every thread takes the next chunk of envs until none is left, so a thread that starts late (a
  // worker woken from sleep, a core the host lent elsewhere) takes fewer chunks instead of holding the
  // step up by its fixed share. Each env is still stepped by one thread alone: the results do not
  // depend on who took which chunk. Chunks of at most 64 envs (about 10 us of Bieten steps) keep the
  // shared counter cold; a quarter of a fair share at least, so small batches of slow steps (ISMCTS
  // opponents) still spread over the threads.
  struct Split {
    std::size_t n, chunk;
    std::atomic<std::size_t> next{0};
    const std::function<void(Workspace&, std::size_t, std::size_t)>& range;
    std::vector<Workspace>& workspaces;
  } split{n, std::clamp<std::size_t>(n / (4 * t_count), 1, 64), {}, range, workspaces_};
  // One captured pointer, so the std::function holds the lambda inline: no allocation per step.
  pool_.run([&split](int t) {
    Workspace& workspace = split.workspaces[static_cast<std::size_t>(t)];
    for (;;) {
      const std::size_t begin = split.next.fetch_add(split.chunk, std::memory_order_relaxed);
      if (begin >= split.n) return;
      split.range(workspace, begin, std::min(split.n, begin + split.chunk));
    }
  });
}

template <typename T>
void VectorEnv<T>::start(std::size_t i, Workspace& workspace) {
  const std::uint64_t episode = next_episode_[i]++;
  const std::uint64_t seed = game_seed(config_.seed, i, episode);
  Game& g = games_[i];
  g.reset(seed);
  episode_[i] = episode;
  seed_of_[i] = seed;
  last_scores_[i] = {};
  const std::size_t p = static_cast<std::size_t>(players_);
  for (int s = 0; s < players_; ++s) rngs_[i * p + static_cast<std::size_t>(s)] = agent_generator(seed, s);
  if (single_agent()) {
    learner_[i] = config_.learner_seat >= 0 ? config_.learner_seat
                                             : static_cast<std::int32_t>((i + episode) % p);
    advance_opponents(i, workspace);
  }
}

template <typename T>
void VectorEnv<T>::advance_opponents(std::size_t i, Workspace& workspace) {
  Game& g = games_[i];
  const int learner = learner_[i];
  const std::size_t p = static_cast<std::size_t>(players_);
  for (;;) {
    const int s = g.current_player();
    if (s < 0 || s == learner) return;
    const int offset = (s - learner + players_) % players_;
    g.apply_unchecked(T::act(opponents_[static_cast<std::size_t>(offset)], g, rngs_[i * p + static_cast<std::size_t>(s)],
                             workspace));
  }
}

template <typename T>
void VectorEnv<T>::write_view(std::size_t i) {
  const Game& g = games_[i];
  const int s = g.current_player();
  seat_[i] = s;
  bool* mask = mask_.data() + i * static_cast<std::size_t>(T::kNumActions);
  const std::size_t row = i * static_cast<std::size_t>(obs_size_);
  if (s < 0) {  // a game over before anyone acts (no such deal exists; kept safe)
    std::fill(mask, mask + T::kNumActions, false);
    if (config_.compact) std::fill(obs8_.data() + row, obs8_.data() + row + obs_size_, std::uint8_t{0});
    else std::fill(obs_.data() + row, obs_.data() + row + obs_size_, 0.0f);
    return;
  }
  T::write_mask(g, mask);
  if (!obs_size_) return;
  if (config_.compact) T::write_observation(g, s, obs8_.data() + row);
  else T::write_observation(g, s, obs_.data() + row);
}

template <typename T>
void VectorEnv<T>::reset(const std::uint64_t* seed) {
  if (seed) {
    config_.seed = *seed;
    std::fill(next_episode_.begin(), next_episode_.end(), 0);
  }
  parallel([this](Workspace& workspace, std::size_t begin, std::size_t end) {
    const std::size_t p = static_cast<std::size_t>(players_);
    for (std::size_t i = begin; i < end; ++i) {
      start(i, workspace);
      write_view(i);
      std::fill(reward_.begin() + static_cast<std::ptrdiff_t>(i * p), reward_.begin() + static_cast<std::ptrdiff_t>((i + 1) * p), 0.0f);
      learner_reward_[i] = 0.0f;
      terminated_.v[i] = 0;
      final_seat_[i] = -1;
    }
  });
  started_ = true;
}

template <typename T>
void VectorEnv<T>::step_one(std::size_t i, typename T::ActionId a, Workspace& workspace) {
  Game& g = games_[i];
  const int actor = g.current_player();
  const int learner = single_agent() ? learner_[i] : actor;
  g.apply_unchecked(a);
  if (single_agent()) advance_opponents(i, workspace);
  const std::size_t p = static_cast<std::size_t>(players_);
  float* r = reward_.data() + i * p;
  const auto& scores = g.scores();
  auto& last = last_scores_[i];
  if (!g.is_over()) {
    for (std::size_t s = 0; s < p; ++s) {
      r[s] = config_.reward == RewardMode::kPoints ? static_cast<float>(scores[s] - last[s]) : 0.0f;
      last[s] = scores[s];
    }
    learner_reward_[i] = r[learner];
    terminated_.v[i] = 0;
    write_view(i);
    return;
  }
  const std::uint8_t winners = T::winners(g);
  for (std::size_t s = 0; s < p; ++s) {
    r[s] = config_.reward == RewardMode::kPoints ? static_cast<float>(scores[s] - last[s])
                                                  : static_cast<float>((winners >> s) & 1);
    final_scores_[i * p + s] = scores[s];
    final_winners_.v[i * p + s] = (winners >> s) & 1;
  }
  learner_reward_[i] = r[learner];
  terminated_.v[i] = 1;
  final_seat_[i] = learner;
  if (obs_size_) {
    const std::size_t row = i * static_cast<std::size_t>(obs_size_);
    if (config_.compact) T::write_observation(g, learner, final_obs8_.data() + row);
    else T::write_observation(g, learner, final_obs_.data() + row);
  }
  start(i, workspace);
  write_view(i);
}

template <typename T>
void VectorEnv<T>::step(const std::int64_t* actions) {
  if (!started_) throw Error("VectorEnv: call reset() before step()");
  // Every action is checked before any game moves, so a refused batch changes nothing: on the threads,
  // each range finding its first refused env, then the lowest of those is reported.
  const auto n = static_cast<std::size_t>(n_);
  auto refused = [&](std::size_t i) {
    const std::int64_t a = actions[i];
    return a < 0 || a >= T::kNumActions || !games_[i].is_legal(static_cast<typename T::ActionId>(a));
  };
  std::atomic<std::size_t> lowest{n};
  parallel([&](Workspace&, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      if (refused(i)) {
        std::size_t seen = lowest.load(std::memory_order_relaxed);
        while (i < seen && !lowest.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
        }
        return;
      }
    }
  });
  if (const std::size_t i = lowest.load(); i < n) {
    const std::int64_t a = actions[i];
    if (a < 0 || a >= T::kNumActions) {
      throw IllegalActionError("env " + std::to_string(i) + ": " + std::string(T::kActionRule) + ": action id " +
                               std::to_string(a) + " is not in 0.." + std::to_string(T::kNumActions - 1));
    }
    throw IllegalActionError("env " + std::to_string(i) + ": " + games_[i].why_illegal(static_cast<int>(a)));
  }
  parallel([&](Workspace& workspace, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) step_one(i, static_cast<typename T::ActionId>(actions[i]), workspace);
  });
}


}  // namespace bieten::vec
