// Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and Whitehouse
// 2012), generic over a game's traits (docs/agents.md, "ismcts").
//
// One tree over the searching seat's information set: every iteration draws a determinization (a
// world of the hidden cards consistent with what the seat has seen, from the traits' sampler), walks
// the tree choosing among the children legal in that world by UCB with availability counts, adds one
// node, plays out to the search horizon (the end of the hand or deal) with the rollout policy, and
// backs up each seat's reward to the nodes where that seat chose. The answer is the root's most
// visited action.
//
// With the options' `prior` (ismcts:prior=policy), a node chosen in the tree is chosen by PUCT instead of
// UCB: `mean + c * P(a) * sqrt(availability) / (1 + visits)`, where P is the traits' prior of the action
// (the policy network's softmax over the legal actions, for the observation of the seat to act in the
// world drawn), taken once when the child is added; the untried actions are added in the order of
// their prior (the highest first, ties to the lower id) instead of at random.
//
// With `model_others`, the other seats do not choose by UCB over the searching seat's information
// (which cannot depend on their own hidden cards): at their nodes the traits' model chooses,
// seeing their cards in the world drawn, and the tree only records the action they took.
//
// With the optional traits `kHandClasses` and `hand_class(state, seat)` (a class of that seat's hand in
// the world drawn, from 0 to kHandClasses - 1, or -1 for none), another seat choosing by UCB chooses by
// the statistics of the worlds where its hand is of the same class: visits, rewards and availability are
// kept per class at its nodes. Fused over every hand the other seat might hold, its choice is the one
// that is best on average over hands it knows it has not got (it plays as if blind to its own cards);
// by class it answers one way with its key cards and another without them. The children are still one
// per action, so the searching seat's own later choices, which cannot see the class, share them. The
// actions a class has not yet tried are taken first (the best overall mean first); then UCB by class.
//
// Everything is a function of the game, the options and the generator given: with an iteration
// budget the choice is reproducible. Nodes live in one vector per thread, reused from decision to
// decision (and the class statistics in one beside it), so the hot path allocates nothing once it has
// grown.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <vector>

#include "core/ismcts_options.hpp"
#include "core/policy.hpp"
#include "core/rng.hpp"

namespace bieten::ismcts {

inline constexpr int kMaxSeats = 5;
using Rewards = std::array<double, kMaxSeats>;

// What the search needs of a game. A Traits object is made once per decision (it may hold the
// searching seat's view and sampler); State is a copy of the game.
template <typename T>
concept Traits = requires(T t, const T ct, typename T::State& s, const typename T::State& cs, SplitMix64& rng,
                          std::uint8_t* out, Rewards& r, float* probs) {
  typename T::State;
  { T::kMaxActions } -> std::convertible_to<int>;
  { t.determinize(s, rng) } -> std::same_as<bool>;    // replace the hidden cards; false: no world found
  { ct.actor(cs) } -> std::convertible_to<int>;        // seat to choose, or -1 at the search horizon
  { ct.legal(cs, out) } -> std::convertible_to<int>;   // legal action ids into out; their count
  { ct.apply(s, std::uint8_t{}) };
  { t.rollout(cs, rng) } -> std::convertible_to<std::uint8_t>;  // the rollout policy's action
  { t.model(cs, rng) } -> std::convertible_to<std::uint8_t>;    // another seat's action in the tree
  { ct.rewards(cs, r) };                              // each seat's reward at the horizon
  // the prior of the legal actions (legal ids, their count, the softmax temperature) into probabilities
  { t.prior(cs, out, 1, 1.0, probs) };
};

// The optional traits of the other seats' statistics split by a class of their hand (see above).
template <typename T>
concept HandClasses = requires(const T ct, const typename T::State& cs) {
  { T::kHandClasses } -> std::convertible_to<int>;
  { ct.hand_class(cs, 0) } -> std::convertible_to<int>;
};

template <typename T>
constexpr int hand_classes() {
  if constexpr (HandClasses<T>) return T::kHandClasses;
  return 0;
}

// The softmax at temperature `tau` of a network's `outputs` over the `n` legal action ids: the prior of
// ismcts:prior=policy (each game's traits give it their network's outputs).
inline void softmax_prior(const float* outputs, const std::uint8_t* legal, int n, double tau, float* out) {
  float top = outputs[legal[0]];
  for (int i = 1; i < n; ++i) top = std::max(top, outputs[legal[i]]);
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const double e = std::exp((static_cast<double>(outputs[legal[i]]) - top) / tau);
    out[i] = static_cast<float>(e);
    sum += e;
  }
  for (int i = 0; i < n; ++i) out[i] = static_cast<float>(out[i] / sum);
}

struct Node {
  std::int32_t first_child = -1;
  std::int32_t next_sibling = -1;
  std::uint32_t visits = 0;
  std::uint32_t avail = 1;  // times the node was available (legal) when its parent was selected from
  double reward = 0;        // summed rewards of the seat that chose this node's action
  std::uint8_t action = 0;
  std::int8_t actor = -1;   // the seat that chose `action`
  float prior = 0;          // with a prior: P(action) at the parent, when the node was added
};

// A node's statistics per class of the hand of the seat choosing it (HandClasses), beside the node.
template <int kClasses>
struct ClassStats {
  std::array<std::uint32_t, kClasses> visits{};
  std::array<std::uint32_t, kClasses> avail{};
  std::array<double, kClasses> reward{};
};

struct SearchStats {
  int iterations = 0;
  int nodes = 0;
};

// The arena of nodes of the calling thread, reused across searches.
inline std::vector<Node>& thread_arena() {
  thread_local std::vector<Node> arena;
  return arena;
}

// The class statistics of the calling thread's nodes, index for index, reused across searches.
template <int kClasses>
std::vector<ClassStats<kClasses>>& thread_class_arena() {
  thread_local std::vector<ClassStats<kClasses>> arena;
  return arena;
}

// Searches from `root` (where `root_seat` is to act) and returns the chosen action.
template <Traits T>
std::uint8_t search(T& traits, const typename T::State& root, int root_seat, const IsmctsOptions& options,
                    double exploration, int default_iterations, SplitMix64& rng, bool model_others,
                    SearchStats* stats = nullptr) {
  using State = typename T::State;
  constexpr int kClasses = hand_classes<T>();
  using Stats = ClassStats<std::max(kClasses, 1)>;  // (one unused class where there are none)
  std::vector<Node>& nodes = thread_arena();
  std::vector<Stats>& class_stats = thread_class_arena<std::max(kClasses, 1)>();
  nodes.clear();
  nodes.push_back(Node{});
  if constexpr (kClasses > 0) {
    class_stats.clear();
    class_stats.emplace_back();
  }
  // Adds the child of `parent` for `action`, chosen by `seat`, first in its list; returns its index.
  auto add_child = [&](std::int32_t parent, std::uint8_t action, int seat, float p) {
    Node node;
    node.action = action;
    node.actor = static_cast<std::int8_t>(seat);
    node.prior = p;
    node.next_sibling = nodes[parent].first_child;
    const auto index = static_cast<std::int32_t>(nodes.size());
    nodes.push_back(node);
    if constexpr (kClasses > 0) class_stats.emplace_back();
    nodes[parent].first_child = index;
    return index;
  };
  const int iterations = options.iterations > 0 ? options.iterations : options.time_ms > 0 ? 0 : default_iterations;
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::microseconds(static_cast<std::int64_t>(options.time_ms * 1000.0));

  std::array<std::uint8_t, T::kMaxActions> legal{};
  std::array<std::int32_t, T::kMaxActions> child_of{};
  std::array<std::int32_t, 256> path{};  // node indices from the root
  std::array<std::int8_t, 256> path_class{};  // the class of the hand that chose each node, or -1
  std::array<float, T::kMaxActions> prior{};
  const bool use_prior = options.prior;
  const double tau = options.prior_temperature > 0 ? options.prior_temperature : 1.0;
  State state = root;
  Rewards rewards{};
  int done = 0;
  for (;; ++done) {
    if (iterations > 0 ? done >= iterations
                       : (done > 0 && (done & 7) == 0 && Clock::now() >= deadline)) break;
    state = root;
    if (!traits.determinize(state, rng)) continue;
    int depth = 0;
    std::int32_t cur = 0;
    path_class[depth] = -1;
    path[depth++] = 0;
    auto descend = [&](std::int32_t node, int cls) {
      if (depth < static_cast<int>(path.size())) {
        path_class[depth] = static_cast<std::int8_t>(cls);
        path[depth++] = node;
      }
    };
    // Selection and expansion.
    for (;;) {
      const int seat = traits.actor(state);
      if (seat < 0) break;
      const int n = traits.legal(state, legal.data());
      int cls = -1;  // another seat's hand class, where its statistics are kept by class
      if constexpr (kClasses > 0) {
        if (seat != root_seat && !model_others) cls = traits.hand_class(state, seat);
      }
      // The children compatible with this world, and the untried actions.
      int untried = 0;
      for (int i = 0; i < n; ++i) child_of[i] = -1;
      for (std::int32_t c = nodes[cur].first_child; c >= 0; c = nodes[c].next_sibling) {
        for (int i = 0; i < n; ++i) {
          if (legal[i] == nodes[c].action) {
            child_of[i] = c;
            break;
          }
        }
      }
      for (int i = 0; i < n; ++i) untried += child_of[i] < 0;
      std::int32_t next = -1;
      if (model_others && seat != root_seat) {
        // Another seat chooses by the traits' policy, which sees its cards in this world; the tree
        // keeps its (public) action so that later choices of the root seat depend on it.
        const std::uint8_t a = traits.model(state, rng);
        int i = 0;
        while (i < n && legal[i] != a) ++i;
        if (i == n) i = 0;  // a model's action is always legal; never index past the list
        const bool fresh = child_of[i] < 0;
        if (fresh) child_of[i] = add_child(cur, legal[i], seat, 0.0f);
        cur = child_of[i];
        traits.apply(state, legal[i]);
        descend(cur, -1);
        if (fresh) break;
        continue;
      }
      if (untried > 0) {
        int pick = -1;
        if (use_prior) {  // the untried action the prior likes best; no draw
          traits.prior(state, legal.data(), n, tau, prior.data());
          for (int i = 0; i < n; ++i) {
            if (child_of[i] < 0 && (pick < 0 || prior[i] > prior[pick])) pick = i;
          }
        } else {
          int k = static_cast<int>(rng.bounded(static_cast<std::uint32_t>(untried)));
          for (int i = 0; i < n; ++i) {
            if (child_of[i] < 0 && k-- == 0) {
              pick = i;
              break;
            }
          }
        }
        for (int i = 0; i < n; ++i) {
          if (child_of[i] < 0) continue;
          ++nodes[child_of[i]].avail;
          if constexpr (kClasses > 0) {
            if (cls >= 0) ++class_stats[child_of[i]].avail[cls];
          }
        }
        next = add_child(cur, legal[pick], seat, use_prior ? prior[pick] : 0.0f);
        if constexpr (kClasses > 0) {
          if (cls >= 0) class_stats[next].avail[cls] = 1;
        }
        traits.apply(state, legal[pick]);
        descend(next, cls);
        cur = next;
        break;  // one new node per iteration, then the rollout
      }
      double best = -1e300;
      for (int i = 0; i < n; ++i) {
        Node& c = nodes[child_of[i]];
        double value;
        if (kClasses > 0 && cls >= 0) {
          // By the class's statistics: the actions it has not tried first (the best overall mean first).
          Stats& k = class_stats[child_of[i]];
          ++k.avail[cls];
          value = k.visits[cls] == 0
                      ? 1e9 + c.reward / c.visits
                      : k.reward[cls] / k.visits[cls] +
                            exploration * std::sqrt(std::log(static_cast<double>(k.avail[cls])) / k.visits[cls]);
        } else {
          const double explore =
              use_prior ? exploration * c.prior * std::sqrt(static_cast<double>(c.avail)) / (1.0 + c.visits)
                        : exploration * std::sqrt(std::log(static_cast<double>(c.avail)) / c.visits);
          value = c.reward / c.visits + explore;
        }
        ++c.avail;
        if (value > best) best = value, next = child_of[i];
      }
      traits.apply(state, nodes[next].action);
      cur = next;
      descend(cur, cls);
    }
    // Rollout to the horizon.
    while (traits.actor(state) >= 0) traits.apply(state, traits.rollout(state, rng));
    traits.rewards(state, rewards);
    for (int i = 0; i < depth; ++i) {
      Node& nd = nodes[path[i]];
      ++nd.visits;
      if (nd.actor >= 0) nd.reward += rewards[nd.actor];
      if constexpr (kClasses > 0) {
        if (path_class[i] >= 0) {
          ++class_stats[path[i]].visits[path_class[i]];
          class_stats[path[i]].reward[path_class[i]] += rewards[nd.actor];
        }
      }
    }
  }
  if (stats) {
    stats->iterations = done;
    stats->nodes = static_cast<int>(nodes.size());
  }
  // The most visited action at the root (ties: the better mean, then the lower id).
  std::int32_t best = -1;
  for (std::int32_t c = nodes[0].first_child; c >= 0; c = nodes[c].next_sibling) {
    if (best < 0) {
      best = c;
      continue;
    }
    const Node& a = nodes[c];
    const Node& b = nodes[best];
    if (a.visits > b.visits ||
        (a.visits == b.visits && (a.reward * b.visits > b.reward * a.visits ||
                                  (a.reward * b.visits == b.reward * a.visits && a.action < b.action)))) {
      best = c;
    }
  }
  if (best < 0) {  // no iteration ran (no world found): the first legal action
    State s = root;
    traits.legal(s, legal.data());
    return legal[0];
  }
  return nodes[best].action;
}

// Who plays a play-out step, or a modelled seat's move in the tree (ismcts:rollout=, model=), written
// once for every game: uniformly random, the shipped policy, or the game's cheap heuristic (given).
// random_action(game, rng) and policy_action(game, rng, scratch) are the game's own, found by
// argument-dependent lookup in its namespace.
template <typename Game, typename Scratch, typename Heuristic>
auto play_by(Rollout who, const Game& s, SplitMix64& rng, Scratch& scratch, Heuristic&& heuristic) {
  switch (who) {
    case Rollout::kRandom: return random_action(s, rng);
    case Rollout::kPolicy: return policy_action(s, rng, scratch);
    case Rollout::kHeuristic: break;
  }
  return heuristic(s, rng);
}

// The prior of ismcts:prior=policy, written once for every game: the softmax at temperature `tau` of the
// shipped network's outputs for the seat to act in `s` (the game's own policy_outputs(game, scratch),
// found by argument-dependent lookup) over the `n` legal ids.
template <typename Game>
void policy_prior(const Game& s, PolicyScratch& scratch, const std::uint8_t* legal, int n, double tau, float* out) {
  softmax_prior(policy_outputs(s, scratch), legal, n, tau, out);
}

// The moves of a game's traits, alike for every game: apply, the play-outs' and the other seats'
// policy (random, the network, or the game's own heuristic `Fallback`, a stateless callable), and the
// prior of ismcts:prior=policy. A game's traits derive from it and add the rest (worlds, actors,
// legal sets, rewards).
template <typename Game, typename Fallback>
class Moves {
 public:
  Moves(Rollout rollout, Rollout model) : rollout_(rollout), model_(model) {}
  void apply(Game& s, std::uint8_t a) const { s.apply_unchecked(a); }
  std::uint8_t rollout(const Game& s, SplitMix64& rng) { return play_by(rollout_, s, rng, scratch_, Fallback{}); }
  std::uint8_t model(const Game& s, SplitMix64& rng) { return play_by(model_, s, rng, scratch_, Fallback{}); }
  void prior(const Game& s, const std::uint8_t* legal, int n, double tau, float* out) {
    policy_prior(s, scratch_, legal, n, tau, out);
  }

 private:
  Rollout rollout_;
  Rollout model_;
  PolicyScratch scratch_;  // the policy's forward pass, reused by every play-out step and prior
};

}  // namespace bieten::ismcts
