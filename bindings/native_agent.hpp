// Native agents (bieten.h "Native agents", docs/c_abi.md): a C callback that batch self-play calls per
// decision with a bieten_view, a seat's view of the game, instead of the game itself. Written once over the
// registered games' descriptors (csrc/games/registry.hpp) and shared by the C ABI (each game's
// csrc/games/<game>/c_abi.cpp) and the Python module (bindings/python/register_simulate_common.hpp), each of
// which builds its own views: the callback reaches the game only through the function pointers in the view,
// so it needs no symbol of either library.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>
#include <string>
#include <type_traits>
#include <vector>

#include "bieten/bieten.h"
#include "core/agent_spec.hpp"
#include "core/cards.hpp"
#include "core/errors.hpp"
#include "core/rng.hpp"
#include "games/registry.hpp"

namespace bieten {

// Python's bieten.NativeAgent: a callback's address, its user pointer and a name for messages.
struct NativeAgentSpec {
  std::uintptr_t function = 0;
  std::uintptr_t user = 0;
  std::string name;
  bieten_agent_fn callback() const { return reinterpret_cast<bieten_agent_fn>(function); }
  void* user_pointer() const { return reinterpret_cast<void*>(user); }
};

}  // namespace bieten

namespace bieten::native {

// What a view's functions reach: the game (never handed to the callback) and the decision's generator.
template <typename G>
struct Internal {
  const G* game;
  SplitMix64 rng;
};

// What a view tells of a game, from its descriptor D (core/descriptor.hpp).
template <typename G>
using DescriptorOfGame = games::DescriptorFor<G>;

template <typename G>
int legal_count(const G& g) {
  using D = DescriptorOfGame<G>;
  const auto& mask = g.legal_mask();  // by reference, or a value this reference keeps alive
  const std::uint64_t* words = D::mask_words(mask);
  int n = 0;
  for (int k = 0; k < kMaskWordsOf<D>; ++k) n += std::popcount(words[k]);
  return n;
}
template <typename G>
void legal_write(const G& g, int* out) {
  using D = DescriptorOfGame<G>;
  const auto& mask = g.legal_mask();
  const std::uint64_t* words = D::mask_words(mask);
  int n = 0;
  for (int k = 0; k < kMaskWordsOf<D>; ++k) {
    for (std::uint64_t w = words[k]; w; w &= w - 1) out[n++] = 64 * k + std::countr_zero(w);
  }
}
template <typename G>
bool legal(const G& g, int a) {
  return a >= 0 && a < G::kNumActions && g.is_legal(static_cast<typename G::ActionId>(a));
}
template <typename G>
CardSet own_cards(const G& g, int seat) {
  return DescriptorOfGame<G>::hand_mask(g, seat, true);
}
template <typename G>
void observe(const G& g, int seat, float* out) {
  write_observation(g, seat, out);
}

template <typename G>
const G& game_of(const bieten_view* v) {
  return *static_cast<const Internal<G>*>(v->internal_)->game;
}

// The view's functions: noexcept, status codes as the C ABI's (no exception may reach the callback).
template <typename G>
int view_legal_actions(const bieten_view* v, int* out, std::size_t cap) noexcept {
  if (v == nullptr) return BIETEN_E_NULL;
  const G& g = game_of<G>(v);
  const int n = legal_count(g);
  if (out == nullptr) return cap == 0 ? n : BIETEN_E_NULL;
  if (cap < static_cast<std::size_t>(n)) return BIETEN_E_BUFFER;
  legal_write(g, out);
  return n;
}

template <typename G>
int view_is_legal(const bieten_view* v, int action) noexcept {
  if (v == nullptr) return BIETEN_E_NULL;
  return legal(game_of<G>(v), action) ? 1 : 0;
}

template <typename G>
int view_observation(const bieten_view* v, float* out, std::size_t cap) noexcept {
  if (v == nullptr || out == nullptr) return BIETEN_E_NULL;
  if (cap < static_cast<std::size_t>(v->observation_size)) return BIETEN_E_BUFFER;
  observe(game_of<G>(v), v->seat, out);
  return v->observation_size;
}

template <typename G>
int view_hand(const bieten_view* v, int* out, std::size_t cap) noexcept {
  if (v == nullptr || out == nullptr) return BIETEN_E_NULL;
  CardSet s = own_cards(game_of<G>(v), v->seat);
  if (cap < static_cast<std::size_t>(count(s))) return BIETEN_E_BUFFER;
  int n = 0;
  for (; s; s &= s - 1) out[n++] = lowest(s);
  return n;
}

template <typename G>
int view_scores(const bieten_view* v, int* out, std::size_t cap) noexcept {
  if (v == nullptr || out == nullptr) return BIETEN_E_NULL;
  if (cap < static_cast<std::size_t>(v->players)) return BIETEN_E_BUFFER;
  const G& g = game_of<G>(v);
  for (int p = 0; p < v->players; ++p) out[p] = g.scores()[p];
  return v->players;
}

template <typename G>
std::uint64_t view_random(const bieten_view* v) noexcept {
  if (v == nullptr) return 0;
  return static_cast<Internal<G>*>(v->internal_)->rng.next();
}

// The ExternalAgent of a callback: a view of the game for `seat`, on the stack, and one call. The view's
// generator starts from the seat's built-in agent generator of this game mixed with the number of
// actions so far: the same in every run of the game, whatever thread plays it.
// The view's `game` is the game's place in the registry (BIETEN_GAME_BIETEN, ... in bieten.h).
template <typename G>
std::function<int(const G&, int)> external_agent(bieten_agent_fn fn, void* user) {
  using D = DescriptorOfGame<G>;
  return [fn, user](const G& g, int seat) -> int {
    Internal<G> internal{&g, SplitMix64(mix64(agent_generator(g.seed(), seat).state() ^ g.actions_applied()))};
    bieten_view v{};
    v.game = static_cast<int>(games::Registered::index_of<D>);
    v.seat = seat;
    v.players = g.players();
    v.num_actions = G::kNumActions;
    v.observation_size = kObservationSizeOf<G>;
    v.max_hand = D::kMaxHand;
    v.hand_number = static_cast<std::int64_t>(g.hand_number());
    v.legal_actions_ = &view_legal_actions<G>;
    v.is_legal_ = &view_is_legal<G>;
    v.observation_ = &view_observation<G>;
    v.hand_ = &view_hand<G>;
    v.scores_ = &view_scores<G>;
    v.random_ = &view_random<G>;
    v.internal_ = &internal;
    return fn(user, &v);
  };
}

// A "policy:PATH" agent for game G: refused, naming the file, when its network is another registered
// game's (named) or of another shape (core/agent_spec.hpp, check_policy_for).
template <typename G>
void check_policy_agent(const AgentSpec& spec) {
  using D = DescriptorOfGame<G>;
  check_policy_for(spec, D::kPolicyTag, kObservationSizeOf<G>, G::kNumActions, D::kName, [](std::uint32_t tag) {
    std::string name;
    games::Registered::for_each([&]<typename E>() {
      if (E::kPolicyTag == tag && name.empty()) name = std::string(E::kName);
    });
    return name;
  });
}

// The core's AgentError text names the seat ("the agent of seat 1 chose ..."); name the agent too:
// "the agent 'parity' of seat 1 chose ...". names[p] is empty for seats that keep the plain text.
inline std::string name_agents(std::string message, const std::vector<std::string>& names) {
  for (std::size_t p = 0; p < names.size(); ++p) {
    if (names[p].empty()) continue;
    const std::string plain = "the agent of seat " + std::to_string(p) + " ";
    if (message.rfind(plain, 0) == 0) {
      return "the agent '" + names[p] + "' of seat " + std::to_string(p) + " " + message.substr(plain.size());
    }
  }
  return message;
}


// The C ABI's batch self-play for any game: checks the agents (one per seat: a built-in name, read by
// the core's parse_agent_spec, "policy:PATH" included, or a callback), runs games 0 .. games - 1 with the game's `simulate` and
// returns its result.
template <typename G, typename Config, typename Simulate>
auto run_c(Config& config, const bieten_agent* agents, std::size_t n_agents, std::uint64_t seed, std::uint64_t games,
           int threads, const char* function, Simulate simulate) {
  constexpr AgentKind external = AgentKind::kExternal;
  const int players = config.rules.players;
  if (agents == nullptr) throw Error(std::string(function) + ": agents is NULL");
  if (n_agents != static_cast<std::size_t>(players)) {
    throw Error(std::string(function) + ": one agent per seat is needed (" + std::to_string(players) + "), not " +
                std::to_string(n_agents));
  }
  if (threads < 0) throw Error(std::string(function) + ": threads must be 0 (one per CPU) or more, not " +
                               std::to_string(threads));
  std::vector<std::string> names(static_cast<std::size_t>(players));
  for (int p = 0; p < players; ++p) {
    const bieten_agent& a = agents[p];
    if (a.fn == nullptr) {
      if (a.name == nullptr) throw Error(std::string(function) + ": seat " + std::to_string(p) + " has no agent");
      const AgentSpec spec = parse_agent_spec(a.name);
      if (spec.kind == external) {
        throw Error(std::string(function) + ": seat " + std::to_string(p) + ": 'external' needs a callback (fn)");
      }
      check_policy_agent<G>(spec);
      config.agents[p] = spec.kind;
      config.ismcts[p] = spec.ismcts;
      config.policies[p] = spec.policy;
      continue;
    }
    config.agents[p] = external;
    config.external[p] = external_agent<G>(a.fn, a.user);
    names[p] = a.name != nullptr ? a.name : "native";
  }
  config.base_seed = seed;
  config.games = games;
  config.threads = threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  try {
    return simulate(config, std::uint64_t{0}, games);
  } catch (const AgentError& e) {
    throw AgentError(name_agents(e.what(), names));
  }
}

// Writes per-game ints (any may be NULL): `first` per game, scores per game x players, hands per game.
template <typename Vec>
void write_ints(const Vec& values, int* out) {
  if (out == nullptr) return;
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = static_cast<int>(values[i]);
}

// Writes a run's outputs: `first_column` (the game's per-game column: a winner, a winners mask) to
// `first`, then its scores and hands; BIETEN_OK.
template <typename Result, typename Column>
int write_results(const Result& r, const Column& first_column, int* first, int* scores, int* hands) {
  write_ints(first_column, first);
  write_ints(r.scores, scores);
  write_ints(r.hands, hands);
  return BIETEN_OK;
}

}  // namespace bieten::native
