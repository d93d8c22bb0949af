// Tests of the built-in agents and figure_odds (docs/agents.md), doctest, run by ctest as `agents`.
// `test_agents --quick` plays a bounded sample, `--long` ten times the default (ctest runs the default).
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/sampler.hpp"

#include <doctest/doctest.h>

#include "test_scale.hpp"

using namespace bieten;
using bieten_test::long_factor;
using bieten_test::quick;

// Every allocation of the process is counted (count_allocations.hpp), to check that a heuristic
// decision with a warm workspace allocates nothing (doctest allocates too: only the agent's calls are
// measured).
#include "count_allocations.hpp"

namespace {

constexpr std::array<const char*, 5> kPresets = {"tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol"};

ActionId choose(const Game& g, AgentKind kind, SplitMix64& rng) {
  return kind == AgentKind::kHeuristic ? heuristic_action(g, rng) : random_action(g, rng);
}

// The cards `seat` has not seen (as figure_odds defines them), computed here independently.
CardSet unseen_by(const Game& g, int seat) {
  CardSet seen = g.dealt()[seat];
  // (While the cutter steals, played_cards() would report its stolen cards as played.)
  if (g.phase() != Phase::kSteal) {
    for (int p = 0; p < g.rules().players; ++p) seen |= g.played_cards(p);
  }
  if (g.top_card() != kNoCard) seen |= bit(g.top_card());
  if (seat == g.cutter()) seen |= g.seen_by_cutter();
  return kFullDeck & ~seen;
}

// Checks that are certain from the seat's own view, in every phase after the deal.
void check_odds(const Game& g, int seat, const FigureOdds& o) {
  for (double p : o.p) CHECK((p >= 0.0 && p <= 1.0));
  CHECK(o.worlds > 0);
  if (o.exact) CHECK(o.worlds <= odds_detail::kExactLimit);
  {  // every world is a complete holding, and the play-out always ends with a winner
    const odds_detail::View v = odds_detail::make_view(g, seat);
    SplitMix64 rng(seat + 1);
    const int n = g.rules().players;
    const CardSet unseen = unseen_by(g, seat);
    if (g.phase() != Phase::kSteal) {
      for (int p = 0; p < n; ++p) {  // the real holding always fits what the seat knows
        if (p == seat) continue;
        CHECK(odds_detail::consistent(v, p, g.unplayed()[p]));
        CHECK(!(g.unplayed()[p] & v.forbid[p]));
        CHECK((g.unplayed()[p] & ~unseen) == 0);
      }
    }
    AgentWorkspace ws;
    odds_detail::visit_worlds(v, rng, ws, 8, 8, [&](const Hands& world) {
      CardSet all = 0;
      for (int p = 0; p < n; ++p) {
        CHECK(!(all & world[p]));
        if (p != seat) CHECK((world[p] & ~unseen) == 0);
        all |= world[p];
        if (g.phase() != Phase::kSteal) CHECK(count(world[p]) == count(g.unplayed()[p]));
      }
      const int w = odds_detail::play_out(v, world);
      CHECK((w >= 0 && w < n));
    });
  }
  if (g.phase() == Phase::kSteal) return;
  const CardSet mine = g.dealt()[seat];
  const CardSet wild = g.rules().wild_cards();
  // Red / Green: holding the Sow is certain; holding no card of the suit (and no wild) is hopeless.
  if (mine & bit(make_card(kHearts, kAce))) CHECK(o.p[kRed] == 1.0);
  if (mine & bit(make_card(kLeaves, kAce))) CHECK(o.p[kGreen] == 1.0);
  const FigureCards& fc = g.figure_cards(seat);
  const bool unplayed_wild = (g.unplayed()[seat] & wild) != 0;
  if (!(fc.cards & suit_cards(kHearts)) && !unplayed_wild) CHECK(o.p[kRed] == 0.0);
  if (!(fc.cards & suit_cards(kLeaves)) && !unplayed_wild) CHECK(o.p[kGreen] == 0.0);
  if (!unplayed_wild && gleich_key(fc, g.rules().ties) == 0) CHECK(o.p[kGleich] == 0.0);
  if (!unplayed_wild && hanger_key(fc, g.rules().ties) == 0) CHECK(o.p[kHanger] == 0.0);
  // Spiel in the last trick, natural rules: the seat's last-trick card (played, or its one card
  // left) against what may still beat it.
  const int n = g.rules().players;
  if (wild == 0 && g.trick_index() == g.rules().hand_size - 1) {
    const TrickCard& tc = g.trick_cards()[seat];
    const Card own = tc.card != kNoCard ? tc.identity : lowest(g.unplayed()[seat]);
    const int led = g.cards_in_trick() > 0 ? g.led_suit() : (g.trick_leader() == seat ? suit_of(own) : -1);
    if (led >= 0) {
      bool beaten_already = false;
      for (int p = 0; p < n; ++p) {
        const TrickCard& t = g.trick_cards()[p];
        if (p == seat || t.card == kNoCard) continue;
        if (suit_of(t.identity) == led && rank_of(t.identity) < rank_of(own)) beaten_already = true;
      }
      if (suit_of(own) != led || beaten_already) {
        CHECK(o.p[kSpiel] == 0.0);
      } else {
        bool can_be_beaten = false;
        for (CardSet s = unseen_by(g, seat); s; s &= s - 1) {
          const Card c = lowest(s);
          if (suit_of(c) == led && rank_of(c) < rank_of(own)) can_be_beaten = true;
        }
        // Only seats still to play to this trick can beat it; the test is the simple sufficient one.
        if (!can_be_beaten) CHECK(o.p[kSpiel] == 1.0);
      }
    }
  }
}

struct RunStats {
  int games = 0;
  int wins0 = 0;
  long long hands = 0;
  long long decisions = 0;
  std::vector<ActionId> first_history;
};

// Plays `games` games with the given seat agents, checking that every action is legal; every
// `odds_every`-th decision also checks figure_odds for every seat.
RunStats run(const Rules& rules, const std::vector<AgentKind>& kinds, std::uint64_t base, int games,
             int odds_every, bool record_events = false) {
  RunStats st;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t seed = batch_game_seed(base, static_cast<std::uint64_t>(i));
    Game g(rules, seed, 0, {}, record_events);
    std::array<SplitMix64, kMaxPlayers> gens{SplitMix64(0), SplitMix64(0), SplitMix64(0), SplitMix64(0), SplitMix64(0)};
    for (int s = 0; s < rules.players; ++s) gens[s] = agent_generator(seed, s);
    SplitMix64 odds_rng(seed ^ 0x5555);
    long long step = 0;
    while (!g.is_over()) {
      const int seat = g.current_player();
      if (odds_every > 0 && step % odds_every == 0) {
        for (int s = 0; s < rules.players; ++s) check_odds(g, s, figure_odds(g, s, odds_rng));
      }
      const ActionId a = choose(g, kinds[seat], gens[seat]);
      CHECK(g.is_legal(a));
      g.apply_unchecked(a);
      if (i == 0) st.first_history.push_back(a);
      ++step;
      CHECK(step < 100000);
    }
    ++st.games;
    st.hands += static_cast<long long>(g.hand_number()) + 1;
    st.decisions += step;
    if (g.winner() == 0) ++st.wins0;
  }
  return st;
}

Rules make_rules(const char* preset_name, int players, int hand_size) {
  Rules r = preset(preset_name);
  r.players = players;
  r.hand_size = hand_size;
  return r;
}

// Exact odds against a brute force over every holding of the other seats, in natural rules with no
// bids (a driver that never bids): two players, from the second trick on.
void check_exact_against_brute_force(int games) {
  Rules r = make_rules("bavaria", 2, 3);
  int compared = 0;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t seed = batch_game_seed(99, static_cast<std::uint64_t>(i));
    Game g(r, seed, 0, {}, false);
    SplitMix64 rng(seed), orng(seed + 1);
    while (!g.is_over() && g.hand_number() < 3) {
      const ActionMask& m = g.legal_mask();
      ActionId a;
      if (m.test(kPass)) {
        a = kPass;
      } else if (m.test(kGood)) {
        a = kGood;
      } else {  // a random card, never a bid
        std::array<ActionId, kNumActions> ids{};
        int k = 0;
        m.for_each([&](int id) {
          if (is_play(static_cast<ActionId>(id))) ids[k++] = static_cast<ActionId>(id);
        });
        a = ids[rng.bounded(static_cast<std::uint32_t>(k))];
      }
      if (g.trick_index() >= 1 && g.phase() == Phase::kTurn) {
        const int seat = g.current_player();
        const FigureOdds o = figure_odds(g, seat, orng);
        const int other = 1 - seat;
        const int need = count(g.unplayed()[other]);
        const CardSet pool = unseen_by(g, seat);
        CardSet forbid = 0;
        for (int s = 0; s < kSuits; ++s) {
          if (g.failed_suits(other) >> s & 1) forbid |= natural_suit(s);
        }
        std::array<int, kBiddableFigures - 1> wins{};
        int worlds = 0;
        const CardSet cand = pool & ~forbid;
        // Every subset of `cand` with `need` cards (Gosper's hack over the indices of cand).
        std::vector<Card> cards;
        for (CardSet s = cand; s; s &= s - 1) cards.push_back(lowest(s));
        const int m_cards = static_cast<int>(cards.size());
        for (std::uint64_t sub = (std::uint64_t{1} << need) - 1; sub < (std::uint64_t{1} << m_cards);) {
          CardSet h = 0;
          for (int j = 0; j < m_cards; ++j) {
            if (sub >> j & 1) h |= bit(cards[j]);
          }
          std::array<CardSet, 2> hands{};
          hands[seat] = g.dealt()[seat];
          hands[other] = g.played_cards(other) | h;
          const Winners w = evaluate_natural(hands.data(), r);
          for (int f = 0; f < 4; ++f) wins[f] += w[f] == seat;
          ++worlds;
          if (sub == 0) break;  // need == 0: the one empty holding
          const std::uint64_t c = sub & (0 - sub), nx = sub + c;
          sub = (((nx ^ sub) >> 2) / c) | nx;
        }
        CHECK(o.exact);
        CHECK(o.worlds == worlds);
        for (int f = 0; f < 4; ++f) CHECK(std::fabs(o.p[f] - static_cast<double>(wins[f]) / worlds) < 1e-12);
        ++compared;
      }
      g.apply(a);
    }
  }
  CHECK(compared > 0);
  std::printf("exact odds equal brute force in %d positions\n", compared);
}

// Seat agents' determinism: same seed, same actions; and figure_odds is a pure function of the
// game and the generator state.
void check_determinism() {
  for (const char* name : kPresets) {
    const Rules r = make_rules(name, 4, 3);
    const std::vector<AgentKind> kinds = {AgentKind::kHeuristic, AgentKind::kRandom, AgentKind::kHeuristic,
                                          AgentKind::kRandom};
    const RunStats a = run(r, kinds, 1234, 1, 0);
    const RunStats b = run(r, kinds, 1234, 1, 0);
    CHECK(!a.first_history.empty());
    CHECK(a.first_history == b.first_history);
    const RunStats c = run(r, kinds, 1235, 1, 0);
    CHECK(a.first_history != c.first_history);
    Game g(r, 77);
    SplitMix64 r1(5), r2(5);
    const FigureOdds o1 = figure_odds(g, 1, r1), o2 = figure_odds(g, 1, r2);
    CHECK((o1.p == o2.p && o1.worlds == o2.worlds && o1.exact == o2.exact));
    CHECK(r1.state() == r2.state());
  }
  std::printf("determinism ok\n");
}

// No shared state: games played on several threads at once act exactly as when played alone.
void check_threads() {
  const Rules r = preset("south_tyrol");
  const std::vector<AgentKind> kinds(4, AgentKind::kHeuristic);
  std::vector<std::vector<ActionId>> alone;
  for (int t = 0; t < 4; ++t) alone.push_back(run(r, kinds, 500 + t, 1, 0).first_history);
  std::vector<std::vector<ActionId>> together(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t]() { together[t] = run(r, kinds, 500 + t, 1, 0).first_history; });
  }
  for (std::thread& th : threads) th.join();
  CHECK(alone == together);
  std::printf("threads ok\n");
}

void check_names() {
  CHECK(parse_agent("random") == AgentKind::kRandom);
  CHECK(parse_agent("Heuristic") == AgentKind::kHeuristic);
  CHECK(agent_name(AgentKind::kRandom) == "random");
  CHECK(agent_name(AgentKind::kHeuristic) == "heuristic");
  CHECK(parse_agent(agent_name(AgentKind::kExternal)) == AgentKind::kExternal);
  bool threw = false;
  try {
    parse_agent("clever");
  } catch (const Error& e) {
    threw = std::string(e.what()).find("clever") != std::string::npos;
  }
  CHECK(threw);
}

// Given deals where the outcome is certain.
void check_certain_cases() {
  const Rules r = preset("bavaria");
  GivenDeal d;
  // Seat 0 holds the Hearts Sow and the Leaves Sow; seat 1 holds no Hearts and no Leaves.
  d.hands = {parse_cards("HA LA E7"), parse_cards("SA SK S9"), parse_cards("HK L8 E8"), parse_cards("H7 L7 EA")};
  Game g(r, 3, 3, d, false);  // dealer 3: seat 0 leads
  SplitMix64 rng(1);
  const FigureOdds o0 = figure_odds(g, 0, rng);
  CHECK((o0.p[kRed] == 1.0 && o0.p[kGreen] == 1.0));
  const FigureOdds o1 = figure_odds(g, 1, rng);
  CHECK((o1.p[kRed] == 0.0 && o1.p[kGreen] == 0.0));
  CHECK(o1.p[kHanger] > 0.0);  // SA SK: a run of two, others might hold a longer one
  // Play to the last trick: seat 0 keeps LA and leads it: Spiel is certain for seat 0.
  auto play = [&](const char* text) { g.apply(parse_action(text)); };
  auto pass_if_asked = [&]() {
    while (g.legal_mask().test(kPass) && g.phase() == Phase::kAfterPlay) g.apply(kPass);
  };
  play("play E7");
  pass_if_asked();
  play("play SA");  // seat 1 cannot follow Acorns
  pass_if_asked();
  play("play E8");
  pass_if_asked();
  play("play EA");  // seat 3 wins and leads
  pass_if_asked();
  CHECK(g.trick_leader() == 3);
  play("play H7");
  pass_if_asked();
  play("play HA");  // seat 0 wins the second trick and leads the last
  pass_if_asked();
  play("play SK");
  pass_if_asked();
  play("play HK");
  pass_if_asked();
  CHECK((g.trick_leader() == 0 && g.trick_index() == 2));
  CHECK(figure_odds(g, 0, rng).p[kSpiel] == 1.0);  // it will lead LA: nobody can beat it
  play("play LA");
  CHECK(figure_odds(g, 0, rng).p[kSpiel] == 1.0);  // LA led
  CHECK(figure_odds(g, 1, rng).p[kSpiel] == 0.0);  // seat 1 has only S9 left: it cannot follow Leaves
  CHECK(figure_odds(g, 3, rng).p[kSpiel] == 0.0);  // L7 follows but cannot beat LA
  std::printf("certain cases ok\n");
}

// figure_odds and the heuristic read nothing of other seats' unplayed cards: two deals that look
// the same to seat 0 (another seat's cards swapped with each other's or with the stock) give the
// same odds and the same action, from the same generator state.
void check_no_peeking() {
  struct Case {
    const char* preset;
    const char* a[4];
    const char* b[4];
    const char* top;
  };
  const Case cases[] = {
      {"tyrol", {"HA LK E7", "SA SK S9", "HK L8 E8", "H7 L7 EA"}, {"HA LK E7", "SA L8 S9", "HK SK E8", "H7 L7 EA"}, nullptr},
      {"tyrol", {"HA LK E7", "SA SK S9", "HK L8 E8", "H7 L7 EA"}, {"HA LK E7", "SA SK EO", "HK L8 E8", "H7 L7 EA"}, nullptr},
      {"south_tyrol", {"S6 LK E7", "SA SK S9", "HK L8 E8", "H7 L7 EA"}, {"S6 LK E7", "SA SK S9", "HK L8 LO", "H7 L7 EA"}, "HO"},
      {"spitzbieten", {"S7 LK E7", "SA SK S9", "HK L8 E8", "H7 L7 EA"}, {"S7 LK E7", "SA E8 S9", "HK L8 SK", "H7 L7 EA"}, nullptr},
  };
  for (const Case& c : cases) {
    GivenDeal da, db;
    for (int p = 0; p < 4; ++p) {
      da.hands[p] = parse_cards(c.a[p]);
      db.hands[p] = parse_cards(c.b[p]);
    }
    if (c.top) da.top_card = db.top_card = parse_card(c.top);
    const Rules r = preset(c.preset);
    Game ga(r, 11, 3, da, false), gb(r, 11, 3, db, false);  // dealer 3: seat 0 leads
    SplitMix64 ra(42), rb(42);
    const FigureOdds oa = figure_odds(ga, 0, ra), ob = figure_odds(gb, 0, rb);
    CHECK((oa.p == ob.p && oa.worlds == ob.worlds && oa.exact == ob.exact));
    SplitMix64 ha(7), hb(7);
    const ActionId a = heuristic_action(ga, ha), b = heuristic_action(gb, hb);
    CHECK(a == b);
    if (!is_play(a)) continue;
    ga.apply(a);  // seat 0 plays the same card in both deals: its view stays the same
    gb.apply(a);
    SplitMix64 rc(9), rd(9);
    const FigureOdds oc = figure_odds(ga, 0, rc), od = figure_odds(gb, 0, rd);
    CHECK((oc.p == od.p && oc.worlds == od.worlds));
  }
  std::printf("no peeking ok\n");
}

// R5.5: an unplayed wild counts as the free identity that gives the best key, greedily per figure.
void check_wild_keys() {
  const Ties ties = Ties::kSuitPriority;
  // LK LO and the Weli: the best run is LA LK LO (the Weli as LA), the best Red the Weli as HA.
  FigureCards fc{parse_cards("LK LO"), {}};
  const CardSet free = kNaturalCards & ~parse_cards("LK LO");
  const odds_detail::Keys k = odds_detail::hand_keys(fc, bit(kWeli), free, ties, 0x0F);
  FigureCards run{parse_cards("LA LK LO"), {bit(make_card(kLeaves, kAce)), 0, 0}};
  CHECK(k[kHanger] == hanger_key(run, ties));
  FigureCards red{parse_cards("HA LK LO"), {bit(make_card(kHearts, kAce)), 0, 0}};
  CHECK(k[kRed] == top_card_key(red, kHearts));
  CHECK(k[kGreen] == top_card_key(run, kLeaves));  // the Weli as LA tops LK
  // Two wilds and a Sow: three Sows (the first wild as LA for Leaves priority, the second as HA).
  FigureCards ace{parse_cards("EA"), {}};
  const odds_detail::Keys k2 = odds_detail::hand_keys(ace, bit(kWeli) | bit(kBellsSeven),
                                                      kNaturalCards & ~parse_cards("EA S7"), ties, 0x0F);
  FigureCards three{parse_cards("EA LA HA"), {bit(make_card(kLeaves, kAce)), bit(make_card(kHearts, kAce)), 0}};
  CHECK(k2[kGleich] == gleich_key(three, ties));
  // In the odds: a seat with the Weli and no Hearts still has a chance at Red (welibieten).
  GivenDeal d;
  d.hands = {parse_cards("S6 LK E7"), parse_cards("SA SK S9"), parse_cards("HK L8 E8"), parse_cards("H7 L7 EA")};
  Game g(preset("welibieten"), 5, 3, d, false);
  SplitMix64 rng(3);
  const FigureOdds o = figure_odds(g, 0, rng);
  CHECK((o.p[kRed] > 0.0 && o.p[kRed] < 1.0));
  CHECK(o.p[kGleich] > 0.0);  // the Weli pairs with LK or E7
  std::printf("wild keys ok\n");
}

}  // namespace

TEST_CASE("agent names: random, heuristic and external parse and print; an unknown name is refused") { check_names(); }

TEST_CASE("figure_odds is certain where the deal decides the figures") { check_certain_cases(); }

TEST_CASE("figure_odds does not peek at other seats' cards") { check_no_peeking(); }

TEST_CASE("figure_odds keys of named wilds") { check_wild_keys(); }

TEST_CASE("seat agents and figure_odds are deterministic from their seeds") { check_determinism(); }

TEST_CASE("games played on several threads at once act exactly as when played alone") { check_threads(); }

TEST_CASE("exact figure_odds equal a brute force over every holding of the other seat") {
  check_exact_against_brute_force(quick() ? 40 : 200);
}

TEST_CASE("heuristic and random agents act legally and figure_odds holds in every preset, 2-5 players, 3 and 4 cards") {
  const int scale = long_factor();
  long long legal_games = 0;
  for (const char* name : kPresets) {
    for (int players = 2; players <= 5; ++players) {
      for (int hs = 3; hs <= 4; ++hs) {
        const Rules r = make_rules(name, players, hs);
        std::vector<AgentKind> kinds;
        for (int s = 0; s < players; ++s) kinds.push_back(s % 2 == 0 ? AgentKind::kHeuristic : AgentKind::kRandom);
        const RunStats a = run(r, kinds, 10 + players * 7 + hs, quick() ? 2 : 6 * scale, 3);
        std::vector<AgentKind> all_h(players, AgentKind::kHeuristic);
        const RunStats b = run(r, all_h, 20 + players * 7 + hs, quick() ? 1 : 3 * scale, 5);
        legal_games += a.games + b.games;
      }
    }
  }
  std::printf("legal actions and odds ok in %lld games\n", legal_games);
}

// Issue 22: the heuristic's odds sampler keeps its lists of fitting sets (R7.2) in the caller's
// AgentWorkspace. Once warm (each seat's list reserved), no decision allocates; the actions are those
// of the calls that make a fresh workspace each time, which allocate whenever a list is built.
TEST_CASE("a heuristic decision with a warm workspace allocates nothing and acts as without one") {
  AgentWorkspace ws;
  for (std::vector<CardSet>& list : ws.fitting) list.reserve(odds_detail::kListCapacity);
  long decisions = 0, fresh_allocations = 0, warm_allocations = 0;
  for (const char* name : {"tyrol", "bavaria", "spitzbieten"}) {
    for (int players = 3; players <= 5; ++players) {
      const Rules r = make_rules(name, players, 3);
      for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(quick() ? 2 : 6); ++seed) {
        Game g(r, seed, 0, {}, false);
        SplitMix64 fresh_rng(seed * 31), warm_rng(seed * 31);
        while (!g.is_over()) {
          long before = g_allocations.load();
          const ActionId fresh = heuristic_action(g, fresh_rng);
          fresh_allocations += g_allocations.load() - before;
          before = g_allocations.load();
          const ActionId warm = heuristic_action(g, warm_rng, ws);
          warm_allocations += g_allocations.load() - before;
          REQUIRE(warm == fresh);
          ++decisions;
          g.apply(warm);
        }
      }
    }
  }
  std::printf("%ld heuristic decisions: %ld allocations with a fresh workspace each, %ld with a warm one\n",
              decisions, fresh_allocations, warm_allocations);
  CHECK(fresh_allocations > 0);  // the counter sees the lists the sampler builds
  CHECK(warm_allocations == 0);
}

TEST_CASE("the heuristic agent beats three random seats (tyrol, 4 players)") {
  const Rules tyrol = preset("tyrol");
  const int games = quick() ? 600 : 3000;
  const auto t0 = std::chrono::steady_clock::now();
  const RunStats st = run(tyrol, {AgentKind::kHeuristic, AgentKind::kRandom, AgentKind::kRandom, AgentKind::kRandom},
                          2024, games, 0);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double rate = static_cast<double>(st.wins0) / st.games;
  const double half = 2.5758 * std::sqrt(rate * (1 - rate) / st.games);
  std::printf("heuristic vs 3 random (tyrol, 4 players): %d/%d games won = %.3f, 99%% interval [%.3f, %.3f]\n",
              st.wins0, st.games, rate, rate - half, rate + half);
  std::printf("  %lld hands in %.2f s: %.0f hands/s (1 heuristic + 3 random)\n", st.hands, secs, st.hands / secs);
  CHECK(rate - half > 0.25);

  const auto t1 = std::chrono::steady_clock::now();
  const RunStats all = run(tyrol, std::vector<AgentKind>(4, AgentKind::kHeuristic), 77, quick() ? 100 : 400, 0);
  const double secs_all = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  std::printf("  4 heuristic seats: %lld hands in %.2f s: %.1f us per hand\n", all.hands, secs_all,
              1e6 * secs_all / all.hands);
}
