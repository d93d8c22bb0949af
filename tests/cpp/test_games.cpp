// What every registered game (csrc/games/registry.hpp) must do, checked alike for all of them: one
// test template over the registry's descriptors (core/descriptor.hpp), so that a game added to the
// registry (with -DBIETEN_TEST_GAMES=ON, the example game of tests/games/ too) is checked without a
// line here. Each game's own rules are its own tests' business.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "core/errors.hpp"
#include "core/json.hpp"
#include "core/rng.hpp"
#include "games/registry.hpp"

namespace {

using bieten::SplitMix64;

// The registry's descriptors as a std::tuple, the type list doctest's TEST_CASE_TEMPLATE_APPLY takes.
template <typename List>
struct AsTuple;
template <typename... D>
struct AsTuple<bieten::games::GameList<D...>> {
  using type = std::tuple<D...>;
};
using Registered = AsTuple<bieten::games::Registered>::type;

constexpr int kSteps = 200000;  // far beyond any game's length: a game that never ends fails

template <typename D>
typename D::Game new_game(std::uint64_t seed) {
  return typename D::Game(D::preset(D::kPresets[0]), seed);
}

// The legal ids of the mask, ascending, from its 64-bit words (the descriptor's mask_words).
template <typename D>
std::vector<int> legal_ids(const typename D::Game& g) {
  const auto& mask = g.legal_mask();
  const std::uint64_t* words = D::mask_words(mask);
  std::vector<int> out;
  for (int k = 0; k < bieten::kMaskWordsOf<D>; ++k) {
    for (std::uint64_t w = words[k]; w; w &= w - 1) out.push_back(64 * k + std::countr_zero(w));
  }
  return out;
}

// A legal action drawn uniformly, from the mask (not from the game's own random agent).
template <typename D>
typename D::Game::ActionId pick(const typename D::Game& g, SplitMix64& rng) {
  const std::vector<int> ids = legal_ids<D>(g);
  REQUIRE_FALSE(ids.empty());
  return static_cast<typename D::Game::ActionId>(ids[rng.bounded(static_cast<std::uint32_t>(ids.size()))]);
}

// Plays `game` to its end with random legal actions; returns the number applied.
template <typename D>
int play_out(typename D::Game& g, SplitMix64& rng) {
  int steps = 0;
  while (!g.is_over() && steps < kSteps) {
    g.apply(pick<D>(g, rng));
    ++steps;
  }
  return steps;
}

template <typename D>
std::string event_text(const typename D::Game& g, std::size_t i, int viewer) {
  std::string out;
  bieten::json::Writer w(out);
  D::write_event(w, g, i, viewer);
  return out;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("a registered game plays to its end with random legal actions", D, random_play) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    CAPTURE(seed);
    auto g = new_game<D>(seed);
    SplitMix64 rng(seed * 7919);
    int steps = 0;
    while (!g.is_over() && steps < kSteps) {
      CHECK(g.current_player() >= 0);
      CHECK(g.current_player() < g.players());
      g.apply(pick<D>(g, rng));  // pick REQUIREs a non-empty mask until the game is over
      ++steps;
    }
    REQUIRE(g.is_over());
    CHECK(g.current_player() == -1);
    CHECK(legal_ids<D>(g).empty());
    CHECK(g.winners() != 0);
    CHECK(g.actions_applied() == static_cast<std::uint64_t>(steps));
    CHECK(g.history().size() == static_cast<std::size_t>(steps));
    // The game's own agents choose legal actions too, on a new game of the same seed.
    auto h = new_game<D>(seed);
    SplitMix64 agent(seed);
    CHECK(h.is_legal(random_action(h, agent)));
    CHECK(h.is_legal(heuristic_action(h, agent)));
  }
}

TEST_CASE_TEMPLATE_DEFINE("a clone stepped differently leaves the original unchanged", D, clone_independence) {
  auto g = new_game<D>(11);
  SplitMix64 rng(3);
  for (int i = 0; i < 7 && !g.is_over(); ++i) g.apply(pick<D>(g, rng));
  REQUIRE_FALSE(g.is_over());
  const auto before = g;
  const std::string record = record_json(g);
  const std::size_t events = g.events().size();
  const std::vector<int> legal = legal_ids<D>(g);

  auto clone = g;
  CHECK(clone == g);
  // The clone takes the last legal action (the original's next step would be another one), then plays on.
  clone.apply(static_cast<typename D::Game::ActionId>(legal.back()));
  SplitMix64 other(99);
  for (int i = 0; i < 20 && !clone.is_over(); ++i) clone.apply(pick<D>(clone, other));
  CHECK_FALSE(clone == g);
  CHECK(g == before);
  CHECK(record_json(g) == record);
  CHECK(g.events().size() == events);
  CHECK(legal_ids<D>(g) == legal);
  for (std::size_t i = 0; i < events; ++i) CHECK(event_text<D>(g, i, -1) == event_text<D>(before, i, -1));

  // And the original stepped leaves the clone's copy of the shared past alone.
  auto copy = clone;
  g.apply(static_cast<typename D::Game::ActionId>(legal.front()));
  CHECK(clone == copy);
  CHECK(record_json(clone) == record_json(copy));
}

TEST_CASE_TEMPLATE_DEFINE("a game's record reads back as the same game, as JSON and as bytes", D, record_round_trip) {
  for (std::uint64_t seed = 21; seed <= 23; ++seed) {
    CAPTURE(seed);
    auto g = new_game<D>(seed);
    SplitMix64 rng(seed);
    // In the middle of the game and at its end.
    for (int i = 0; i < 15 && !g.is_over(); ++i) g.apply(pick<D>(g, rng));
    for (int round = 0; round < 2; ++round) {
      const std::string json = record_json(g);
      const auto from_json = D::from_record(json);
      CHECK(from_json == g);
      CHECK(from_json.scores() == g.scores());
      CHECK(from_json.hand_number() == g.hand_number());
      CHECK(record_json(from_json) == json);
      const std::string bytes = record_bytes(g);
      const auto from_bytes = D::from_bytes(bytes);
      CHECK(from_bytes == g);
      CHECK(record_bytes(from_bytes) == bytes);
      play_out<D>(g, rng);
    }
    CHECK(g.is_over());
    CHECK_THROWS_AS(D::from_record("{}"), bieten::RecordError);
  }
}

TEST_CASE_TEMPLATE_DEFINE("a game's events are numbered in order and written for every viewer", D, events) {
  auto g = new_game<D>(31);
  SplitMix64 rng(31);
  REQUIRE(g.events().size() > 0);  // the first deal's events, before any action
  play_out<D>(g, rng);
  const auto& events = g.events();
  REQUIRE(events.size() > g.history().size() / 2);
  for (std::size_t i = 0; i < events.size(); ++i) {
    CAPTURE(i);
    CHECK(events[i].seq == i);
    if (i > 0) CHECK(events[i].hand >= events[i - 1].hand);
    const std::string all = event_text<D>(g, i, -1);
    CHECK(all.rfind("{\"type\": ", 0) == 0);
    CHECK(all.find(", \"seq\": " + std::to_string(i) + ",") != std::string::npos);
    for (int seat = 0; seat < g.players(); ++seat) CHECK(event_text<D>(g, i, seat).rfind("{\"type\": ", 0) == 0);
  }
  CHECK(events[events.size() - 1].hand <= g.hand_number());
}

TEST_CASE_TEMPLATE_DEFINE("is_legal agrees with the mask, and an illegal action throws and changes nothing", D, masks) {
  using ActionId = typename D::Game::ActionId;
  constexpr int kNumActions = D::Game::kNumActions;
  auto g = new_game<D>(41);
  SplitMix64 rng(41);
  int refused = 0;
  for (int step = 0; step < 60 && !g.is_over(); ++step) {
    const std::vector<int> legal = legal_ids<D>(g);
    std::vector<bool> in_mask(kNumActions, false);
    for (int a : legal) in_mask[static_cast<std::size_t>(a)] = true;
    int illegal = -1;
    for (int a = 0; a < kNumActions; ++a) {
      CHECK(g.is_legal(static_cast<ActionId>(a)) == in_mask[static_cast<std::size_t>(a)]);
      CHECK(g.why_illegal(a).empty() == in_mask[static_cast<std::size_t>(a)]);
      if (!in_mask[static_cast<std::size_t>(a)] && illegal < 0) illegal = a;
    }
    if (illegal >= 0) {
      const auto before = g;
      const std::size_t events = g.events().size();
      CHECK_THROWS_AS(g.apply(static_cast<ActionId>(illegal)), bieten::IllegalActionError);
      CHECK(g == before);
      CHECK(g.events().size() == events);
      CHECK(g.actions_applied() == before.actions_applied());
      CHECK(legal_ids<D>(g) == legal);
      ++refused;
    }
    g.apply(pick<D>(g, rng));
  }
  CHECK(refused > 0);
  play_out<D>(g, rng);
  REQUIRE(g.is_over());
  for (int a = 0; a < kNumActions; ++a) {
    CHECK_FALSE(g.is_legal(static_cast<ActionId>(a)));
    CHECK_THROWS_AS(g.apply(static_cast<ActionId>(a)), bieten::IllegalActionError);
  }
}

TEST_CASE_TEMPLATE_APPLY(random_play, Registered);
TEST_CASE_TEMPLATE_APPLY(clone_independence, Registered);
TEST_CASE_TEMPLATE_APPLY(record_round_trip, Registered);
TEST_CASE_TEMPLATE_APPLY(events, Registered);
TEST_CASE_TEMPLATE_APPLY(masks, Registered);

TEST_CASE("the registry lists each game once, under its own name") {
  std::vector<std::string> names;
  bieten::games::Registered::for_each([&]<typename D>() { names.emplace_back(D::kName); });
  REQUIRE(names.size() >= 2);
  CHECK(names[0] == "bieten");
  CHECK(names[1] == "schnapsen");
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (std::size_t j = i + 1; j < names.size(); ++j) CHECK(names[i] != names[j]);
  }
#ifdef BIETEN_TEST_GAMES_REGISTERED
  CHECK(names.size() > 2);  // then the games of tests/games/, by their folders' names
#else
  CHECK(names.size() == 2);
#endif
}
