// Checks of the ISMCTS agent's world samplers and search (docs/agents.md, "ismcts"), run by ctest as
// `ismcts`: every world drawn for a seat agrees with that seat's view (its cards, the played cards,
// the shown cards, the counts, the failed suits / the cards shown absent, the bid holdings), the real
// deal is always a possible world, and the agent is legal and reproducible from its seed.
// doctest; `--quick` plays fewer games.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"
#include "core/ismcts.hpp"
#include "core/ismcts_options.hpp"
#include "games/bieten/sampler.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/sampler.hpp"

#include <doctest/doctest.h>

#include "test_scale.hpp"

using namespace bieten;
using bieten_test::quick;

namespace {

namespace od = odds_detail;

// A Bieten world for `seat` (each seat's unplayed cards) agrees with what the seat saw.
void check_bieten_world(const Game& g, int seat, const od::View& v, const Hands& world) {
  const Rules& r = g.rules();
  CardSet all = 0;
  for (int p = 0; p < r.players; ++p) {
    CHECK((all & world[p]) == 0);  // every card once
    all |= world[p];
    CHECK(count(world[p]) == count(g.unplayed()[p]));  // R4.4: the counts are seen
    CHECK((world[p] & g.played_cards(p)) == 0);
    for (int q = 0; q < r.players; ++q) CHECK((world[p] & g.played_cards(q)) == 0);  // played cards are out
    if (p == seat) {
      CHECK(world[p] == g.unplayed()[p]);  // its own cards as they are
    } else {
      CHECK((world[p] & ~v.pool) == 0);  // only cards the seat has not seen
      // R4.2: a seat that failed to follow a suit holds no natural card of it.
      for (int s = 0; s < kSuits; ++s) {
        if (g.failed_suits(p) >> s & 1) CHECK((world[p] & natural_suit(s) & ~r.wild_cards()) == 0);
      }
      // R7.2: who opened, held or raised a card figure holds it in the world.
      if (v.must_hold[p]) CHECK(od::consistent(v, p, world[p]));
    }
  }
}

void bieten_samplers(int games) {
  for (const char* name : {"tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol"}) {
    for (int players = 2; players <= 5; ++players) {
      Rules rules = bieten::preset(name);
      rules.players = players;
      for (int i = 0; i < games; ++i) {
        Game g(rules, 1000 + static_cast<std::uint64_t>(i), 0, {}, false);
        SplitMix64 agents(static_cast<std::uint64_t>(i));
        SplitMix64 worlds(77 + static_cast<std::uint64_t>(i));
        for (int step = 0; !g.is_over() && step < 400; ++step) {
          const int seat = g.current_player();
          if (g.phase() != Phase::kSteal) {
            const od::View v = od::make_view(g, seat);
            AgentWorkspace lists;
            od::Sampler sampler(v, worlds, lists, true, true, 32);
            int drawn = 0;
            for (int k = 0; k < 32; ++k) {
              Hands world = v.known;
              if (!sampler.draw(world)) continue;
              ++drawn;
              check_bieten_world(g, seat, v, world);
              // The world as a game: the seat's own legal actions are unchanged (they depend on its
              // cards and public facts only).
              Game copy = g;
              copy.set_hidden(world);
              CHECK(copy.legal_mask() == g.legal_mask());
            }
            CHECK(drawn > 0);  // the real holding is a world, so some draw fits
          }
          g.apply_unchecked(i % 2 ? heuristic_action(g, agents) : random_action(g, agents));
        }
      }
    }
  }
}

namespace sn = schnapsen;

// A Schnapsen world for `seat` agrees with what the seat saw (S12) and with the cards others showed
// they lack (S6.3).
void check_schnapsen_world(const sn::Game& g, int seat, const sn::SeatView& v, const sn::World& w) {
  CHECK(sn::consistent(v, w));
  CardSet all = 0;
  for (int p = 0; p < g.players(); ++p) {
    CHECK((all & w.hands[p]) == 0);
    all |= w.hands[p];
    CHECK(count(w.hands[p]) == count(g.hand(p)));  // S12: the number of cards in each hand
    for (int q = 0; q < g.players(); ++q) CHECK((w.hands[p] & g.played_cards(q)) == 0);
    if (p == seat) {
      CHECK(w.hands[p] == g.hand(p));
    } else {
      CHECK((w.hands[p] & g.shown_cards(p)) == g.shown_cards(p));  // melded, drawn face up, turned
      CHECK((w.hands[p] & g.void_cards(p)) == 0);                  // S6.3: shown absent
      CHECK((w.hands[p] & g.hand(seat)) == 0);
    }
  }
  for (int i = 0; i < v.stock_hidden; ++i) {
    CHECK((all & bit(w.stock[i])) == 0);
    all |= bit(w.stock[i]);
  }
  if (g.stock_count() > 0) CHECK((all & bit(g.trump_card())) == 0);  // face up under the stock: not hidden
  // Every card of the pack is somewhere: hands, hidden stock, played, or the visible trump card.
  for (int q = 0; q < g.players(); ++q) all |= g.played_cards(q);
  if (g.stock_count() > 0) all |= bit(g.trump_card());
  CHECK(all == sn::kPack);
}

// The real deal is consistent with every seat's view: void_cards never excludes a card really held.
void check_real_world(const sn::Game& g, int seat, const sn::SeatView& v) {
  sn::World real;
  for (int p = 0; p < g.players(); ++p) real.hands[p] = g.hand(p);
  for (int i = 0; i < v.stock_hidden; ++i) real.stock[i] = g.stock_card(i);
  CHECK(sn::consistent(v, real));
  for (int p = 0; p < g.players(); ++p) CHECK((g.hand(p) & g.void_cards(p)) == 0);
  (void)seat;
}

void schnapsen_samplers(int games) {
  for (const char* preset : {"bauernschnapsen", "bauernschnapsen_called", "bauernschnapsen_2", "schnapsen"}) {
    const sn::Rules rules = sn::preset(preset);
    for (int i = 0; i < games; ++i) {
      sn::Game g(rules, 500 + static_cast<std::uint64_t>(i), 0, {}, false);
      SplitMix64 agents(static_cast<std::uint64_t>(i));
      SplitMix64 worlds(99 + static_cast<std::uint64_t>(i));
      int voids_seen = 0;
      for (int step = 0; !g.is_over() && step < 2000; ++step) {
        const int seat = g.current_player();
        for (int p = 0; p < g.players(); ++p) voids_seen += g.void_cards(p) != 0;
        const sn::SeatView v = sn::make_seat_view(g, seat);
        if (v.supported) {
          check_real_world(g, seat, v);
          sn::WorldSampler sampler(v, worlds);
          for (int k = 0; k < 8; ++k) {
            sn::World w;
            CHECK(sampler.draw(w));
            check_schnapsen_world(g, seat, v, w);
            sn::Game copy = g;
            copy.set_hidden(w.hands, w.stock.data());
            CHECK(copy.legal_mask() == g.legal_mask());  // the seat's own choices do not change
          }
        } else {
          CHECK((g.phase() != sn::Phase::kPlay || (g.called_card() != kNoCard && !g.partner_known())));
        }
        g.apply_unchecked(i % 2 ? sn::heuristic_action(g, agents) : sn::random_action(g, agents));
      }
      (void)voids_seen;
    }
  }
}

void agent_names() {
  CHECK(parse_agent("ismcts") == AgentKind::kIsmcts);
  CHECK(parse_agent_spec("ISMCTS:200").ismcts.iterations == 200);
  CHECK(parse_agent_spec("ismcts:7.5ms").ismcts.time_ms == 7.5);
  const IsmctsOptions o = parse_ismcts("ismcts:50:c=1.5:rollout=random:others=uct:answers=search");
  CHECK((o.iterations == 50 && o.exploration == 1.5 && o.rollout == Rollout::kRandom && o.rollout_set));
  CHECK((o.model_others == 0 && o.search_answers == 1));
  CHECK(parse_ismcts(ismcts_name(o)) == o);
  CHECK(ismcts_name(parse_ismcts("ismcts")) == "ismcts");
  CHECK(sn::parse_agent("ismcts:10") == sn::AgentKind::kIsmcts);
  for (const char* bad : {"ismcts:", "ismcts:0", "ismcts:-3", "ismcts:xms", "ismcts:c=-1", "ismcts:rollout=x",
                          "ismcts:10:", "ismctsx"}) {
    bool threw = false;
    try {
      (void)parse_agent_spec(bad);
    } catch (const Error&) {
      threw = true;
    }
    CHECK(threw);
  }
}

// Plays the game make() twice with the agents act(game, rng) and a generator seeded rng_seed: every
// action legal, and the second run the same as the first, action for action.
template <typename Make, typename Act>
void check_repeats(Make make, Act act, std::uint64_t rng_seed) {
  std::vector<int> first;
  for (int run = 0; run < 2; ++run) {
    auto g = make();
    SplitMix64 rng(rng_seed);
    std::size_t k = 0;
    while (!g.is_over() && k < 4096) {
      const auto a = act(g, rng);
      CHECK(g.is_legal(a));
      if (run == 0) first.push_back(a);
      else CHECK((k < first.size() && first[k] == a));
      ++k;
      g.apply_unchecked(a);
    }
    if (run == 1) CHECK(k == first.size());
  }
}

// Whole games with the agent: legal actions, and the same choices from the same seed.
void agent_games(int games) {
  const IsmctsOptions o = parse_ismcts("ismcts:40");
  for (int i = 0; i < games; ++i) {
    const auto seed = static_cast<std::uint64_t>(i);
    check_repeats([&] { return Game(bieten::preset(i % 2 ? "tyrol" : "welibieten"), 40 + seed, 0, {}, false); },
                  [&](const Game& g, SplitMix64& rng) {
                    return g.current_player() == 0 ? ismcts_action(g, rng, o) : heuristic_action(g, rng);
                  },
                  5 + seed);
  }
  for (const char* preset : {"bauernschnapsen", "bauernschnapsen_called", "schnapsen"}) {
    for (int i = 0; i < games; ++i) {
      const auto seed = static_cast<std::uint64_t>(i);
      check_repeats([&] { return sn::Game(sn::preset(preset), 70 + seed, 0, {}, false); },
                    [&](const sn::Game& g, SplitMix64& rng) {
                      return g.current_player() % 2 == 0 ? sn::ismcts_action(g, rng, o) : sn::heuristic_action(g, rng);
                    },
                    9 + seed);
    }
  }
}

// A toy game for the other seat's statistics kept by its hand class (core/ismcts.hpp HandClasses). Seat 0
// chooses kSafe (worth -4 to it) or kRisky; after kRisky seat 1, who holds a key card in half the
// worlds, answers A or B. With the key card A wins big for seat 1 (seat 0: -10) and B a little (-2);
// without it A loses (+10) and B still wins a little (-2). Seat 1 knowing its hand answers A with the key
// card and B without: kRisky is worth (-10 - 2) / 2 = -6 to seat 0, so seat 0 plays safe. Fused over
// both hands, A is worth 0 to seat 1 and B 2, so it answers B whatever it holds, and kRisky looks worth
// -2 to seat 0: the search takes the risk it would lose by.
struct KeyCardToy {
  struct State {
    int step = 0;
    int key = 0;  // whether seat 1 holds the key card in this world (hidden from seat 0)
    int first = -1;
    int answer = -1;
  };
  static constexpr int kMaxActions = 2;
  static constexpr int kHandClasses = 2;
  static constexpr std::uint8_t kSafe = 0, kRisky = 1, kA = 0;
  bool split = true;

  bool determinize(State& s, SplitMix64& rng) {
    s.key = static_cast<int>(rng.bounded(2));
    return true;
  }
  int actor(const State& s) const { return s.step == 0 ? 0 : s.step == 1 && s.first == kRisky ? 1 : -1; }
  int legal(const State&, std::uint8_t* out) const {
    out[0] = 0;
    out[1] = 1;
    return 2;
  }
  void apply(State& s, std::uint8_t a) const {
    (s.step == 0 ? s.first : s.answer) = a;
    ++s.step;
  }
  std::uint8_t rollout(const State&, SplitMix64& rng) { return static_cast<std::uint8_t>(rng.bounded(2)); }
  std::uint8_t model(const State&, SplitMix64& rng) { return static_cast<std::uint8_t>(rng.bounded(2)); }
  void rewards(const State& s, ismcts::Rewards& r) const {
    const double seat0 = s.first == kSafe ? -4.0 : s.answer != kA ? -2.0 : s.key ? -10.0 : 10.0;
    r[0] = seat0;
    r[1] = -seat0;
  }
  void prior(const State&, const std::uint8_t*, int n, double, float* probs) {
    for (int i = 0; i < n; ++i) probs[i] = 1.0f / static_cast<float>(n);
  }
  int hand_class(const State& s, int seat) const { return split && seat == 1 ? s.key : -1; }
};
static_assert(ismcts::Traits<KeyCardToy> && ismcts::HandClasses<KeyCardToy>);

// The root's choice in the toy, by 4,000 iterations from `seed`, with or without the split.
std::uint8_t key_card_toy_choice(bool split, std::uint64_t seed) {
  KeyCardToy toy;
  toy.split = split;
  IsmctsOptions o;
  o.iterations = 4000;
  SplitMix64 rng(seed);
  return ismcts::search(toy, KeyCardToy::State{}, 0, o, 5.0, 0, rng, false);
}

}  // namespace

TEST_CASE("the other seat's statistics kept by its hand class answer by its hand; fused they take the bait") {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    CHECK(key_card_toy_choice(true, seed) == KeyCardToy::kSafe);
    CHECK(key_card_toy_choice(false, seed) == KeyCardToy::kRisky);
  }
}

TEST_CASE("ISMCTS agent names and knobs parse and print") { agent_names(); }

TEST_CASE("every Bieten world drawn for a seat agrees with its view; the real deal is a possible world") {
  bieten_samplers(quick() ? 2 : 6);
}

TEST_CASE("every Schnapsen world drawn for a seat agrees with its view; the real deal is a possible world") {
  schnapsen_samplers(quick() ? 2 : 6);
}

TEST_CASE("the ISMCTS agent plays legally and repeats itself from its seed in both games") {
  agent_games(quick() ? 1 : 3);
}
