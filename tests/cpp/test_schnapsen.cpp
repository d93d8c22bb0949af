// Unit tests of the second game's core (docs/rules/schnapsen.md S1-S12): the pack on Bieten's card sets, the
// deal, actions, the game's phases and scoring, S12 views and observation, copies on threads and
// random self-play invariants. doctest; built with -DBIETEN_BUILD_TESTS=ON and run by ctest as
// `schnapsen`. Expected values are written out from the rules, never computed by the code under test.
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "core/errors.hpp"
#include "core/rng.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/cards.hpp"
#include "games/schnapsen/deal.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/game_value.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/rules.hpp"
#include "games/schnapsen/simulate.hpp"
#include "games/schnapsen/solver.hpp"

using namespace bieten;
using namespace bieten::schnapsen;

#include "count_allocations.hpp"

namespace {

Card card(const char* text) { return parse_card(text); }

CardSet cards(std::initializer_list<const char*> texts) {
  CardSet s = 0;
  for (const char* t : texts) s |= bit(card(t));
  return s;
}

// Four players, dealer 0, forehand 1: each seat one whole suit, in dealt order (S3.6).
DealtCards suited() {
  DealtCards d;
  const char* hands[4][5] = {{"EA", "EK", "EO", "E10", "EU"},
                             {"HA", "HK", "HO", "H10", "HU"},
                             {"LA", "LK", "LO", "L10", "LU"},
                             {"SA", "SK", "SO", "S10", "SU"}};
  for (int p = 0; p < 4; ++p) {
    for (int i = 0; i < 5; ++i) d.hands[p][i] = card(hands[p][i]);
  }
  d.trump_card = kNoCard;
  return d;
}

void apply_text(Game& g, const char* text) { g.apply(parse_action(text)); }

std::vector<std::string> legal_texts(const Game& g) {
  std::vector<std::string> out;
  for (ActionMask m = g.legal_mask(); m; m &= m - 1) out.emplace_back(action_text(static_cast<ActionId>(std::countr_zero(m))));
  return out;
}

}  // namespace

TEST_CASE("S1.1 the pack is ranks A K O U 10 of four suits, by pack index") {
  CHECK(count(kPack) == 20);
  CHECK(in_pack(card("HA")));
  CHECK(in_pack(card("E10")));
  CHECK_FALSE(in_pack(card("H9")));
  CHECK_FALSE(in_pack(kSixOfBells));  // Bieten's 33rd card, the Weli
  CHECK(pack_index(card("LA")) == 5);
  CHECK(card_at(19) == card("E10"));
  CHECK(pack_bits(cards({"HA", "LA", "E10"})) == ((1u << 0) | (1u << 5) | (1u << 19)));
  CHECK(from_pack_bits(0xFFFFF) == kPack);
}

TEST_CASE("S1.2 points and order: A 11 > 10 10 > K 4 > O 3 > U 2, 120 in the pack") {
  CHECK(set_points(kPack) == 120);
  CHECK(set_points(cards({"HA", "H10", "HK", "HO", "HU"})) == 30);
  CHECK(stronger_in_suit(card("HK")) == cards({"HA", "H10"}));
  CHECK(stronger_in_suit(card("HA")) == 0);
  CHECK(beats(card("H10"), card("HK"), -1));
  CHECK_FALSE(beats(card("LA"), card("HU"), -1));  // S6.2 another suit, no trump
  CHECK(beats(card("LU"), card("HA"), kLeaves));   // a trump
}

TEST_CASE("S11 action texts parse case-insensitively and print canonically") {
  CHECK(parse_action("PLAY h10") == kPlayBase + 4);
  CHECK(parse_action("  call   EA ") == kCallBase + 15);
  CHECK(parse_action("meld s") == kMeldBase + 2);
  CHECK(action_text(kKontraschnapser) == "kontraschnapser");
  CHECK_THROWS_AS(parse_action("play S6"), ActionError);
  CHECK_THROWS_AS(parse_action("bid red"), ActionError);
  CHECK_THROWS_AS(parse_action("meld x"), ActionError);
  for (int a = 0; a < kNumActions; ++a) CHECK(parse_action(action_text(static_cast<ActionId>(a))) == a);
}

TEST_CASE("S10 presets and refused rules") {
  CHECK(preset("schnapsen").target == 7);
  CHECK(preset("schnapsen").must_head == MustHead::kAlways);
  CHECK(preset("bauernschnapsen_called").partners == Partners::kCalled);
  Rules r;
  r.players = 3;
  CHECK_THROWS_AS(r.validate(), RulesError);
  r = preset("schnapsen");
  r.spritze = true;
  CHECK_THROWS_AS(r.validate(), RulesError);
  CHECK_THROWS_AS(preset("tyrol"), RulesError);
}

TEST_CASE("S3.2-S3.5 the deal uses every card once; knock deals the shuffled deck five at a time") {
  const Shuffle s = shuffle_for_deal(42, 3);
  CardSet seen = 0;
  for (Card c : s.deck) seen |= bit(c);
  CHECK(seen == kPack);
  CHECK(s.cut >= 1);
  CHECK(s.cut <= 19);
  const DealtCards knocked = deal_cards(42, 3, 4, 2, true);  // dealer 2: forehand 3
  for (int i = 0; i < 5; ++i) {
    CHECK(knocked.hands[3][i] == s.deck[i]);
    CHECK(knocked.hands[0][i] == s.deck[5 + i]);
  }
  const DealtCards two = deal_cards(42, 3, 2, 0, false);  // forehand 1 first: 3, 3, trump card, 2, 2
  std::array<Card, 20> cut{};
  for (int i = 0; i < 20; ++i) cut[i] = s.deck[(s.cut + i) % 20];
  CHECK(two.hands[1][0] == cut[0]);
  CHECK(two.hands[0][0] == cut[3]);
  CHECK(two.trump_card == cut[6]);
  CHECK(two.hands[1][3] == cut[7]);
  CHECK(two.hands[0][4] == cut[10]);
  CHECK(two.stock[0] == cut[11]);
  CHECK(two.stock[8] == cut[19]);
}

TEST_CASE("A game on a given deal: trump, bidding, meld, claim and S8.1 scoring") {
  Rules rules;
  rules.spritze = false;
  Game g(rules, 1, 0, suited());
  CHECK(g.phase() == Phase::kTrump);
  CHECK(legal_texts(g) == std::vector<std::string>{"trump H", "turn"});
  apply_text(g, "trump H");
  CHECK(legal_texts(g) == std::vector<std::string>{"pass", "schnapser", "gang", "bauernschnapser"});
  for (int i = 0; i < 4; ++i) apply_text(g, "pass");
  CHECK(g.contract() == kNormal);
  CHECK(g.declarer() == 1);
  apply_text(g, "meld H");
  CHECK(g.pending_marriages(0) == 40);  // S6.6 no trick yet
  CHECK(legal_texts(g) == std::vector<std::string>{"play HK", "play HO"});
  for (const char* a : {"play HK", "play LA", "play SA", "play EA"}) apply_text(g, a);
  CHECK(g.side_points(0) == 40 + 4 + 33);
  const std::uint64_t ply = g.actions_applied();
  CHECK_THROWS_AS(apply_text(g, "play LK"), IllegalActionError);  // S9 nothing changes
  CHECK(g.actions_applied() == ply);
  apply_text(g, "claim");
  CHECK(g.scores()[1] == 3);
  CHECK(g.scores()[3] == 3);
  CHECK(g.scores()[0] == 0);
  CHECK(g.hand_number() == 1);
  CHECK(g.dealer() == 1);
  CHECK(g.phase() == Phase::kCut);  // S3.3 the next deal starts with the cutter
  CHECK(g.current_player() == 0);
}

TEST_CASE("S12 forehand's last two cards stay hidden from him until trump (knock)") {
  Game g(preset("bauernschnapsen"), 5);
  g.apply(kKnock);
  const int fh = g.forehand();
  std::vector<float> obs(kObservationSize);
  write_observation(g, fh, obs.data());
  int seen = 0;
  for (int i = 0; i < 20; ++i) seen += obs[obs::kHand + i] > 0;
  CHECK(seen == 3);
  for (const Event& e : g.events()) {
    if (e.type != EventType::kCardsDealt || e.seat != fh) continue;
    Event view = e;
    redact_for(view, fh);
    CHECK(view.cards[2] == e.cards[2]);
    CHECK(view.cards[3] == kNoCard);
    CHECK(view.cards[4] == kNoCard);
    Event other = e;
    redact_for(other, (fh + 1) % 4);
    CHECK(other.cards[0] == kNoCard);
  }
}

TEST_CASE("Copies are independent on threads and replay identically") {
  Game root(preset("schnapsen"), 99);
  std::vector<Game> copies(8, root);
  std::vector<std::uint64_t> hashes(8);
  std::vector<std::thread> pool;
  for (int t = 0; t < 8; ++t) {
    pool.emplace_back([&, t] {
      SplitMix64 rng(static_cast<std::uint64_t>(t));
      Game& g = copies[t];
      while (!g.is_over()) g.apply(random_action(g, rng));
      hashes[t] = static_cast<std::uint64_t>(g.scores()[0]) * 1000 + g.actions_applied();
    });
  }
  for (auto& th : pool) th.join();
  for (int t = 0; t < 8; ++t) {
    SplitMix64 rng(static_cast<std::uint64_t>(t));
    Game g = root;
    while (!g.is_over()) g.apply(random_action(g, rng));
    CHECK(g == copies[t]);
    CHECK(static_cast<std::uint64_t>(g.scores()[0]) * 1000 + g.actions_applied() == hashes[t]);
  }
  CHECK(root.actions_applied() == 0);
}

TEST_CASE("Random self-play keeps the invariants of every preset") {
  for (const char* name : {"bauernschnapsen", "bauernschnapsen_called", "bauernschnapsen_2", "schnapsen"}) {
    const Rules rules = preset(name);
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Game g(rules, seed, static_cast<int>(seed % rules.players));
      SplitMix64 rng(seed);
      int guard = 0;
      while (!g.is_over() && ++guard < 100000) {
        REQUIRE(g.legal_mask() != 0);
        if (g.phase() == Phase::kPlay) {
          CardSet all = 0;
          for (int p = 0; p < rules.players; ++p) all |= g.hand(p) | g.played_cards(p);
          for (int i = 0; i < g.stock_count(); ++i) all |= bit(g.stock_card(i));
          CHECK(all == kPack);  // every card in a hand, played, or in the stock
          CHECK(g.side_points(0) + g.side_points(1) <= 120 + 4 * 40 + 20 * 4);
        }
        g.apply(random_action(g, rng));
      }
      CHECK(g.is_over());
      int best = 0;
      for (int p = 0; p < rules.players; ++p) best = std::max(best, g.scores()[p]);
      CHECK(best >= rules.target);
      CHECK(g.winners() != 0);
      CHECK(g.bummerl() != 0);
    }
  }
}

TEST_CASE("simulate gives the same results on 1 and 2 threads") {
  SimulationConfig config;
  config.rules = preset("bauernschnapsen");
  config.agents = {AgentKind::kHeuristic, AgentKind::kRandom, AgentKind::kHeuristic, AgentKind::kRandom};
  config.base_seed = 5;
  config.games = 100;
  const SimulationResult one = simulate(config, 0, 100);
  config.threads = 2;
  const SimulationResult two = simulate(config, 0, 100);
  CHECK(one.scores == two.scores);
  CHECK(one.actions == two.actions);
  CHECK(one.winners == two.winners);
}

// The solver (solver.hpp, docs/solve.md) and the expert agent (expert.cpp, docs/agents.md "expert"). Every
// allocation of this test executable is counted (count_allocations.hpp): only the measured calls count.
TEST_CASE("S6.7 the solver values a fresh close of schnapsen seed 54 and allocates nothing per solve") {
  Game g(preset("schnapsen"), 54);
  REQUIRE(g.current_player() == 1);
  REQUIRE(g.hand(1) == cards({"LK", "LO", "SU", "S10", "EU"}));
  g.apply(kClose);
  Solver solver;
  std::array<int, kNumActions> values{};
  const long before = g_allocations.load();
  const ActionMask mask = solver.solve(g, values);
  CHECK(g_allocations.load() == before);
  CHECK(mask == g.legal_mask());
  // Seat 1 melds Leaves (20, waiting for its first trick, S6.6) and wins the deal with 3; worked by the
  // reference's minimax (tests/schnapsen/test_solve.py checks every such value against it).
  CHECK(values[meld_action(1)] == 3);
  CHECK(values[play_action(card("S10"))] == 2);
  CHECK(values[play_action(card("LK"))] == -3);
  CHECK_THROWS_WITH_AS(solver.solve(Game(preset("schnapsen"), 54), values),
                       "S6.4: the stock is still open (10 cards); solve needs it exhausted or closed (S6.7)", Error);
  CHECK_THROWS_WITH_AS(solver.solve(Game(preset("bauernschnapsen"), 54), values),
                       doctest::Contains("S2.1: solve needs a two-player deal"), Error);
}

TEST_CASE("S8.6 the expert values a deal by the game it decides: won or lost in a game to one point, its points in a long one") {
  for (int a = 0; a <= kEquityNeeds; ++a) {
    for (int b = 0; b <= kEquityNeeds; ++b) CHECK(kEquity[a][b] + kEquity[b][a] == doctest::Approx(1.0));
  }
  const GameValue to_one(1, 1);  // a game to one point (S8.6): the deal is the game
  CHECK(to_one(1) == 1.0);
  CHECK(to_one(3) == 1.0);
  CHECK(to_one(-2) == -1.0);
  CHECK(to_one(0) == 0.0);
  const GameValue start(7, 7);  // schnapsen's first deal: one point either way is the unit
  CHECK(start(1) == doctest::Approx(1.0));
  CHECK(start(-1) == doctest::Approx(-1.0));
  CHECK(start(-3) == doctest::Approx(-start(3)));
  CHECK(start(3) > start(2));
  CHECK(start(2) > start(1));
  const GameValue one_to_go(1, 6);  // any won deal wins the game: 1, 2 and 3 points are alike
  CHECK(one_to_go(1) == one_to_go(3));
  CHECK(one_to_go(-3) < one_to_go(-1));
  const GameValue long_game(1000 - 12, 1000 - 3);  // beyond the table: the deal's points themselves
  CHECK(long_game(3) == 3.0);
  CHECK(long_game(-2) == -2.0);
  Rules rules = preset("schnapsen");
  rules.target = 1;
  CHECK(GameValue(Game(rules, 5), 0)(2) == 1.0);
}

TEST_CASE("an expert decision with warm thread storage allocates nothing and repeats for its seed") {
  long decisions = 0, allocations = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Game g(preset("schnapsen"), seed, 0, {}, false);
    IsmctsOptions options;
    options.iterations = 8;
    SplitMix64 rng(seed), again(seed);
    int warm = 0;
    while (!g.is_over()) {
      const long before = g_allocations.load();
      const ActionId a = expert_action(g, rng, options);
      if (++warm > 4) {
        allocations += g_allocations.load() - before;
        ++decisions;
      }
      CHECK(expert_action(g, again, options) == a);  // the same world draws, the same choice
      REQUIRE(g.is_legal(a));
      g.apply(a);
    }
  }
  std::printf("%ld warm expert decisions: %ld allocations\n", decisions, allocations);
  CHECK(decisions > 50);
  CHECK(allocations == 0);
}
