// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_state`.
// The game as a value (clones, the shared event log, reset, threads), the events each seat may see,
// chance mode, and random games of every preset.
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"

#include <thread>

#include "core/shared_log.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/events.hpp"

using namespace bieten;
using namespace bieten_test;

TEST_CASE("Game copies are independent clones; equal histories compare equal") {
  Game g(Rules{}, 99);
  SplitMix64 rng(5);
  for (int i = 0; i < 10; ++i) g.apply(random_legal(g, rng));
  const Game snapshot = g;
  Game clone = g;
  CHECK(clone == g);
  const ActionId a = random_legal(clone, rng);
  clone.apply(a);
  CHECK_FALSE(clone == g);
  CHECK(g == snapshot);
  CHECK(g.history().size() == snapshot.history().size());
  CHECK(g.legal_mask() == snapshot.legal_mask());
  CHECK(g.events().size() == snapshot.events().size());
  g.apply(a);
  CHECK(clone == g);
  CHECK(clone.legal_mask() == g.legal_mask());
  CHECK(clone.events().size() == g.events().size());
  // Played to the end on their own, with the same choices, they agree; the snapshot stays put.
  SplitMix64 r1(77), r2(77);
  while (!g.is_over()) g.apply(random_legal(g, r1));
  while (!clone.is_over()) clone.apply(random_legal(clone, r2));
  CHECK(clone == g);
  CHECK(clone.scores() == g.scores());
  CHECK(clone.winner() == g.winner());
  CHECK_FALSE(snapshot.is_over());
  CHECK(snapshot.history().size() == 10);
}

TEST_CASE("ActionMask::nth finds the k-th legal id, as a scan does") {
  SplitMix64 rng(17);
  for (int trial = 0; trial < 2000; ++trial) {
    ActionMask mask;
    for (int id = 0; id < kNumActions; ++id) {
      if (rng.bounded(4) == 0) mask.set(static_cast<ActionId>(id));
    }
    std::vector<int> ids;
    mask.for_each([&](int id) { ids.push_back(id); });
    REQUIRE(static_cast<int>(ids.size()) == mask.size());
    for (int k = 0; k < mask.size(); ++k) REQUIRE(mask.nth(k) == ids[k]);
  }
}

// Game::play_random's loops restate step()'s steps with draws of their own (the AVX-512 one where the
// CPU has it, the portable one elsewhere): both must play the game that random_action, drawing
// from each seat's generator, plays step by step (R3.3: the k-th legal id, k = bounded(count)).
TEST_CASE("play_random and play_random_portable play the random agents' game step by step, every preset") {
  const std::array<const char*, 5> presets = {"tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol"};
  int games = 0;
  for (const char* name : presets) {
    for (int players = 2; players <= 5; ++players) {
      for (int hs : {3, 4}) {
        const Rules r = rules_with(name, players, hs);
        for (int i = 0; i < 3; ++i, ++games) {
          CAPTURE(name);
          CAPTURE(players);
          CAPTURE(hs);
          const std::uint64_t seed = batch_game_seed(41, static_cast<std::uint64_t>(games));
          const std::array<SplitMix64, kMaxPlayers> gens = {agent_generator(seed, 0), agent_generator(seed, 1),
                                                            agent_generator(seed, 2), agent_generator(seed, 3),
                                                            agent_generator(seed, 4)};
          static_assert(kMaxPlayers == 5);
          Game stepped(r, seed);
          std::array<SplitMix64, kMaxPlayers> drawing = gens;
          while (!stepped.is_over()) {
            stepped.apply(random_action(stepped, drawing[static_cast<std::size_t>(stepped.current_player())]));
          }
          for (const bool portable : {false, true}) {
            CAPTURE(portable);
            Game recorded(r, seed);  // the same actions: equal records (R11)
            Game plain(r, seed, 0, {}, false);
            if (portable) {
              recorded.play_random_portable(gens);
              plain.play_random_portable(gens);
            } else {
              recorded.play_random(gens);
              plain.play_random(gens);
            }
            CHECK(recorded == stepped);
            CHECK(recorded.events().size() == stepped.events().size());
            CHECK(plain.actions_applied() == stepped.actions_applied());
            CHECK(plain.hand_number() == stepped.hand_number());
            CHECK(plain.scores() == stepped.scores());
            CHECK(plain.figure_points() == stepped.figure_points());
            CHECK(plain.bummerl() == stepped.bummerl());
          }
        }
      }
    }
  }
}

TEST_CASE("SharedLog copies share chunks and diverge by copy on write") {
  using Log = SharedLog<int, 4, 3>;  // chunks of 4, a copy's buffer of 3
  const auto items = [](const Log& log) { return std::vector<int>(log.begin(), log.end()); };
  const auto runs = [](const Log& log) {
    std::vector<int> out;
    log.for_each_run([&](const int* first, std::size_t count) { out.insert(out.end(), first, first + count); });
    return out;
  };
  Log a;
  for (int i = 0; i < 6; ++i) a.push_back(i);  // one full chunk and one half-filled, both a's own
  Log b = a;  // shares both chunks; its next items go to its buffer
  b.push_back(100);
  a.push_back(200);  // a fills its own last chunk in place, past b's end, which b never reads
  a.push_back(201);
  a.push_back(202);  // a opens a new chunk of its own
  REQUIRE(a.size() == 9);
  REQUIRE(b.size() == 7);
  CHECK(items(a) == std::vector<int>{0, 1, 2, 3, 4, 5, 200, 201, 202});
  CHECK(items(b) == std::vector<int>{0, 1, 2, 3, 4, 5, 100});
  CHECK(runs(b) == items(b));
  CHECK_FALSE(a == b);
  Log c = b;  // a copy of a copy: shares the chunks, copies b's buffered 100
  c.push_back(300);
  c.push_back(301);  // c's buffer is full: 100, 300, 301
  CHECK(items(c) == std::vector<int>{0, 1, 2, 3, 4, 5, 100, 300, 301});
  c.push_back(302);  // c makes the shared half chunk's items and its buffer's chunks of its own
  c.push_back(303);
  c.push_back(304);
  CHECK(items(c) == std::vector<int>{0, 1, 2, 3, 4, 5, 100, 300, 301, 302, 303, 304});
  CHECK(runs(c) == items(c));
  CHECK(c[6] == 100);
  CHECK(c[11] == 304);
  CHECK(items(a) == std::vector<int>{0, 1, 2, 3, 4, 5, 200, 201, 202});  // untouched by c
  CHECK(items(b) == std::vector<int>{0, 1, 2, 3, 4, 5, 100});
  Log d = c;  // a copy of a log that appends to its own chunks again
  d.push_back(400);
  c.push_back(305);
  CHECK(items(d) == std::vector<int>{0, 1, 2, 3, 4, 5, 100, 300, 301, 302, 303, 304, 400});
  CHECK(items(c) == std::vector<int>{0, 1, 2, 3, 4, 5, 100, 300, 301, 302, 303, 304, 305});
  Log e = a;  // a copy whose shared chunks are all full: its buffer, then chunks of its own
  for (int i = 0; i < 5; ++i) e.push_back(500 + i);
  CHECK(items(e) == std::vector<int>{0, 1, 2, 3, 4, 5, 200, 201, 202, 500, 501, 502, 503, 504});
  CHECK(runs(e) == items(e));
  Log moved = std::move(d);  // a move keeps the buffer's items
  CHECK(items(moved) == std::vector<int>{0, 1, 2, 3, 4, 5, 100, 300, 301, 302, 303, 304, 400});
  Log f = b;
  f = std::move(b);
  CHECK(items(f) == std::vector<int>{0, 1, 2, 3, 4, 5, 100});
  f.push_back(600);
  CHECK(f.back() == 600);
  c = f;
  CHECK(c == f);
  c.clear();
  CHECK(c.empty());
  c.push_back(7);
  CHECK(items(c) == std::vector<int>{7});
}

TEST_CASE("A clone's events are its own: the original's later events do not show in it (issue 5)") {
  Game g(Rules{}, 7);
  SplitMix64 rng(11);
  for (int i = 0; i < 40 && !g.is_over(); ++i) g.apply(random_legal(g, rng));
  const Game clone = g;
  const std::size_t shared = g.events().size();
  std::vector<EventType> before;
  for (const Event& e : clone.events()) before.push_back(e.type);
  while (!g.is_over()) g.apply(random_legal(g, rng));
  REQUIRE(clone.events().size() == shared);
  std::vector<EventType> after;
  for (const Event& e : clone.events()) after.push_back(e.type);
  CHECK(after == before);
  for (std::size_t i = 0; i < shared; ++i) CHECK(clone.events()[i].seq == i);
}

TEST_CASE("Clones of one game played out on different threads agree with a lone replay") {
  Game root(Rules{}, 21);
  SplitMix64 rng(4);
  for (int i = 0; i < 25; ++i) root.apply(random_legal(root, rng));
  std::vector<Game> clones(8, root);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < clones.size(); ++t) {
    threads.emplace_back([&clones, t] {
      SplitMix64 r(t);
      while (!clones[t].is_over()) clones[t].apply(random_legal(clones[t], r));
    });
  }
  for (std::thread& th : threads) th.join();
  for (std::size_t t = 0; t < clones.size(); ++t) {
    Game alone = root;
    SplitMix64 r(t);
    while (!alone.is_over()) alone.apply(random_legal(alone, r));
    CHECK(alone == clones[t]);
    CHECK(alone.events().size() == clones[t].events().size());
    for (std::size_t i = 0; i < alone.events().size(); ++i) {
      CHECK(alone.events()[i].type == clones[t].events()[i].type);
      CHECK(alone.events()[i].seat == clones[t].events()[i].seat);
    }
  }
}

TEST_CASE("Game reset(seed) is a new game from that seed") {
  Game g(Rules{}, 1);
  SplitMix64 rng(3);
  while (!g.is_over()) g.apply(random_legal(g, rng));
  g.reset(42);
  const Game fresh(Rules{}, 42);
  CHECK(g == fresh);
  CHECK(g.dealt() == fresh.dealt());
  CHECK(g.legal_mask() == fresh.legal_mask());
  CHECK(g.scores() == std::array<int, kMaxPlayers>{});
  CHECK(g.events().size() == fresh.events().size());
}

TEST_CASE("Events: redact_for hides other seats' hands and the cutter's private cards (R3.7, R4.4)") {
  Game g(preset("south_tyrol"), 7, 0);
  act(g, 3, "steal");
  act(g, 3, "leave");
  const Game::Events& ev = g.events();
  REQUIRE(ev.size() >= 6);
  CHECK(ev[0].type == EventType::kCardSeen);
  CHECK(ev[1].type == EventType::kCardStolen);
  CHECK(ev[2].type == EventType::kCardSeen);
  CHECK(ev[3].type == EventType::kCardLeft);
  CHECK(ev[4].type == EventType::kHandDealt);
  CHECK(ev[5].type == EventType::kTopCardShown);
  for (std::size_t i = 0; i < ev.size(); ++i) CHECK(ev[i].seq == i);
  for (int i = 0; i < 4; ++i) {
    CHECK(ev[i].seat == 3);
    for (int viewer = 0; viewer < 4; ++viewer) {
      Event e = ev[i];
      CHECK(redact_for(e, viewer));
      CHECK(e.card == (viewer == 3 ? ev[i].card : kNoCard));
      CHECK(e.type == ev[i].type);
      CHECK(e.seq == ev[i].seq);
    }
  }
  CHECK(ev[1].card == cd("E8"));
  CHECK(ev[3].card == cd("H8"));
  for (int viewer = 0; viewer < 4; ++viewer) {
    Event e = ev[4];
    CHECK(redact_for(e, viewer));
    for (int p = 0; p < kMaxPlayers; ++p) CHECK(e.cards[p] == (p == viewer ? g.dealt()[p] : 0));
    CHECK(e.other == 0);  // dealer
    CHECK(e.seat == 1);   // forehand
  }
  Event top = ev[5];
  CHECK(redact_for(top, 2));
  CHECK(top.card == cd("LK"));  // face up: everyone sees it
  act(g, 1, g.legal_mask().test(play_action(cd("H7"))) ? "play H7" : "play L8");
  const Event played = g.events().back().type == EventType::kCardPlayed ? g.events().back() : g.events()[6];
  Event copy = played;
  CHECK(redact_for(copy, 0));
  CHECK(copy.card == played.card);  // R4.4: played cards are seen by all
  CHECK(event_type_name(EventType::kHandDealt) == "hand_dealt");
  CHECK(event_type_name(EventType::kGameOver) == "game_over");
}

TEST_CASE("Chance mode: chance probabilities sum to 1 at every chance node (tyrol)") {
  Game g(Rules{}, 7, 0, std::nullopt, true, true);
  REQUIRE(g.phase() == Phase::kChance);
  CHECK(g.current_player() == kChancePlayer);
  CHECK(g.legal_mask().size() == 33);
  CHECK(g.chance_probability(0) == doctest::Approx(1.0 / 33));
  CHECK(g.chance_probability(kPass) == 0.0);
  // Dealing always the lowest card left: slots follow R3.6 (seats 1, 1, 2, 2, 3, 3, 0, 0, 1, 2, 3, 0).
  int chance_actions = 0;
  while (g.phase() == Phase::kChance) {
    double sum = 0;
    g.legal_mask().for_each([&](int id) { sum += g.chance_probability(static_cast<ActionId>(id)); });
    CHECK(sum == doctest::Approx(1.0));
    CHECK(g.chance_probability(static_cast<ActionId>(g.legal_mask().nth(0))) ==
          doctest::Approx(1.0 / (33 - chance_actions)));
    g.apply(static_cast<ActionId>(g.legal_mask().nth(0)));
    ++chance_actions;
  }
  CHECK(chance_actions == 12);
  CHECK(cards_text(g.dealt()[1]) == "HA HK LA");
  CHECK(cards_text(g.dealt()[2]) == "HO HU LK");
  CHECK(cards_text(g.dealt()[3]) == "H10 H9 LO");
  CHECK(cards_text(g.dealt()[0]) == "H8 H7 LU");
  CHECK(g.current_player() == 1);
  // Then a whole game: every chance node of every hand sums to 1.
  SplitMix64 rng(11);
  int nodes = 0;
  while (!g.is_over()) {
    if (g.phase() == Phase::kChance) {
      double sum = 0;
      g.legal_mask().for_each([&](int id) { sum += g.chance_probability(static_cast<ActionId>(id)); });
      REQUIRE(sum == doctest::Approx(1.0));
      ++nodes;
    } else {
      CHECK(g.chance_probability(g.legal_mask().nth(0)) == 0.0);
    }
    g.apply(quiet_action(g, rng));
  }
  CHECK(g.hand_number() >= 1);
  CHECK(nodes == 12 * static_cast<int>(g.hand_number()));  // 12 cards dealt by chance in each later hand
}

TEST_CASE("Chance mode with cut-steal (south_tyrol): shown card, packet more/end, left card never dealt") {
  Game g(preset("south_tyrol"), 7, 0, std::nullopt, true, true);
  REQUIRE(g.phase() == Phase::kChance);
  CHECK(g.legal_mask().size() == 33);
  g.apply(cd("E8"));  // the cutter is shown E8
  CHECK(g.phase() == Phase::kSteal);
  CHECK(g.current_player() == 3);
  CHECK(g.cutter_shown() == cd("E8"));
  act(g, 3, "steal");
  // Is there another card in the lifted packet? c is uniform in 1..32, given c >= 1 stolen.
  REQUIRE(g.phase() == Phase::kChance);
  CHECK(mask_ids(g.legal_mask()) == std::vector<int>{kChancePacketMore, kChancePacketEnd});
  CHECK(g.chance_probability(kChancePacketMore) == doctest::Approx(31.0 / 32));
  CHECK(g.chance_probability(kChancePacketEnd) == doctest::Approx(1.0 / 32));
  g.apply(kChancePacketMore);
  CHECK(g.legal_mask().size() == 32);
  CHECK(g.chance_probability(cd("H8")) == doctest::Approx(1.0 / 32));
  CHECK(g.chance_probability(cd("E8")) == 0.0);  // already shown
  g.apply(cd("H8"));
  act(g, 3, "leave");
  // 31 cards left (E8 stolen, H8 left at the bottom); 11 to deal (seat 3 needs 2) and the face-up card.
  int deals = 0;
  while (g.phase() == Phase::kChance) {
    CHECK(g.legal_mask().size() == 31 - deals);
    CHECK_FALSE(g.legal_mask().test(cd("H8")));
    double sum = 0;
    g.legal_mask().for_each([&](int id) { sum += g.chance_probability(static_cast<ActionId>(id)); });
    CHECK(sum == doctest::Approx(1.0));
    g.apply(static_cast<ActionId>(g.legal_mask().nth(0)));
    ++deals;
  }
  CHECK(deals == 12);
  CHECK(count(g.dealt()[3]) == 3);
  CHECK((g.dealt()[3] & bit(cd("E8"))) != 0);
  CardSet all = 0;
  for (int p = 0; p < 4; ++p) all |= g.dealt()[p];
  CHECK((all & bit(cd("H8"))) == 0);
  CHECK(g.top_card() != kNoCard);
  CHECK(g.top_card() != cd("H8"));
}

TEST_CASE("Random games of every preset, 2-5 players, 3 and 4 cards end with a winner at target") {
  const std::array<const char*, 5> presets = {"tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol"};
  int games = 0;
  SplitMix64 rng(2024);
  for (const char* name : presets) {
    for (int players = 2; players <= 5; ++players) {
      for (int hs : {3, 4}) {
        const Rules r = rules_with(name, players, hs);
        Game g(r, batch_game_seed(1, static_cast<std::uint64_t>(games)), games % players);
        int steps = 0;
        while (!g.is_over()) {
          REQUIRE_FALSE(g.legal_mask().empty());
          REQUIRE(g.current_player() >= 0);
          REQUIRE(g.current_player() < players);
          g.apply(random_legal(g, rng));
          REQUIRE(++steps < 100000);
        }
        CAPTURE(name);
        CAPTURE(players);
        CAPTURE(hs);
        const int w = g.winner();
        REQUIRE(w >= 0);
        CHECK(g.scores()[w] >= r.target);
        int lowest = g.scores()[0];
        for (int p = 0; p < players; ++p) {
          if (p != w) CHECK(g.scores()[p] < r.target);
          int sum = 0;
          for (int v : g.figure_points()[p]) sum += v;
          CHECK(sum == g.scores()[p]);
          lowest = std::min(lowest, g.scores()[p]);
        }
        std::uint8_t bummerl = 0;
        for (int p = 0; p < players; ++p) {
          if (g.scores()[p] == lowest) bummerl |= static_cast<std::uint8_t>(1u << p);
        }
        CHECK(g.bummerl() == bummerl);
        CHECK(g.events().back().type == EventType::kGameOver);
        CHECK(g.history().size() == g.actions_applied());
        // Replaying the history reproduces the game.
        Game replay(r, g.seed(), g.first_dealer());
        for (ActionId a : g.history()) replay.apply(a);
        CHECK(replay == g);
        CHECK(replay.scores() == g.scores());
        ++games;
      }
    }
  }
  CHECK(games == 40);
}
