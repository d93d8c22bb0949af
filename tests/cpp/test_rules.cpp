// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_rules`.
// Rules and presets (R10, R5.1, R6.6).
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"


using namespace bieten;
using namespace bieten_test;

// =================================================================================================
// R10 Rules and presets
// =================================================================================================

TEST_CASE("R10 the default Rules are the tyrol preset") {
  const Rules r;
  CHECK(r == preset("tyrol"));
  CHECK(r.players == 4);
  CHECK(r.hand_size == 3);
  CHECK(r.target == 11);
  CHECK(r.wild == Wild::kNone);
  CHECK(r.weli_point);
  CHECK(r.ties == Ties::kSuitPriority);
  CHECK(r.overbid == Overbid::kStrict);
  CHECK_FALSE(r.cut_steal);
  CHECK_FALSE(r.show_top_card);
  CHECK(r.reraise);
  CHECK_NOTHROW(r.validate());
}

TEST_CASE("R10 the five presets match the table") {
  struct Row {
    const char* name;
    Wild wild;
    bool weli_point;
    Ties ties;
    Overbid overbid;
    bool cut_steal;
    bool show_top_card;
  };
  const std::array<Row, 5> table = {{
      {"tyrol", Wild::kNone, true, Ties::kSuitPriority, Overbid::kStrict, false, false},
      {"bavaria", Wild::kNone, false, Ties::kSuitPriority, Overbid::kStrict, false, false},
      {"welibieten", Wild::kWeli, false, Ties::kSuitPriority, Overbid::kStrict, false, false},
      {"spitzbieten", Wild::kSpitzen, false, Ties::kSuitPriority, Overbid::kStrict, false, false},
      {"south_tyrol", Wild::kWeli, false, Ties::kNoPoint, Overbid::kGespannt, true, true},
  }};
  for (const Row& row : table) {
    CAPTURE(row.name);
    const Rules r = preset(row.name);
    CHECK(r.wild == row.wild);
    CHECK(r.weli_point == row.weli_point);
    CHECK(r.ties == row.ties);
    CHECK(r.overbid == row.overbid);
    CHECK(r.cut_steal == row.cut_steal);
    CHECK(r.show_top_card == row.show_top_card);
    // Every preset: players 4, hand_size 3, target 11, reraise on.
    CHECK(r.players == 4);
    CHECK(r.hand_size == 3);
    CHECK(r.target == 11);
    CHECK(r.reraise);
    CHECK_NOTHROW(r.validate());
  }
}

TEST_CASE("R10 an unknown preset is refused with a RulesError") {
  CHECK_THROWS_AS(preset("austria"), RulesError);
  CHECK_THROWS_AS(preset("Tyrol"), RulesError);  // the names are the strings shown
  CHECK_THROWS_AS(preset(""), RulesError);
  CHECK_THROWS_WITH(preset("austria"), doctest::Contains("R10"));
  CHECK_THROWS_WITH(preset("austria"), doctest::Contains("'austria'"));
}

TEST_CASE("R10 players outside 2..5, hand_size outside 3..4 and target < 1 are refused") {
  for (int players : {2, 3, 4, 5}) {
    Rules r;
    r.players = players;
    CHECK_NOTHROW(r.validate());
  }
  for (int players : {-1, 0, 1, 6, 100}) {
    Rules r;
    r.players = players;
    CAPTURE(players);
    CHECK_THROWS_AS(r.validate(), RulesError);
    CHECK_THROWS_WITH(r.validate(), doctest::Contains("players"));
  }
  Rules r;
  r.hand_size = 4;
  CHECK_NOTHROW(r.validate());
  for (int hs : {0, 2, 5}) {
    r.hand_size = hs;
    CHECK_THROWS_WITH_AS(r.validate(), ("R10/R4.1: hand_size must be 3 or 4, not " + std::to_string(hs)).c_str(),
                         RulesError);
  }
  r = Rules{};
  r.target = 1;
  CHECK_NOTHROW(r.validate());
  r.target = 0;
  CHECK_THROWS_WITH_AS(r.validate(), "R10/R8.2: target must be at least 1, not 0", RulesError);
  r.target = -5;
  CHECK_THROWS_AS(r.validate(), RulesError);
}

TEST_CASE("R6.6 a wild Weli with weli_point on is refused") {
  for (Wild w : {Wild::kWeli, Wild::kSpitzen}) {
    Rules r;
    r.wild = w;
    r.weli_point = true;
    CHECK_THROWS_AS(r.validate(), RulesError);
    CHECK_THROWS_WITH(r.validate(), doctest::Contains("R6.6"));
    r.weli_point = false;
    CHECK_NOTHROW(r.validate());
  }
}

TEST_CASE("R10 knob values print and parse as the strings shown; others are refused") {
  CHECK(wild_name(Wild::kNone) == "none");
  CHECK(wild_name(Wild::kWeli) == "weli");
  CHECK(wild_name(Wild::kSpitzen) == "spitzen");
  CHECK(ties_name(Ties::kSuitPriority) == "suit_priority");
  CHECK(ties_name(Ties::kNoPoint) == "no_point");
  CHECK(overbid_name(Overbid::kStrict) == "strict");
  CHECK(overbid_name(Overbid::kGespannt) == "gespannt");
  CHECK(overbid_name(Overbid::kNone) == "none");
  for (Wild w : {Wild::kNone, Wild::kWeli, Wild::kSpitzen}) CHECK(parse_wild(wild_name(w)) == w);
  for (Ties t : {Ties::kSuitPriority, Ties::kNoPoint}) CHECK(parse_ties(ties_name(t)) == t);
  for (Overbid o : {Overbid::kStrict, Overbid::kGespannt, Overbid::kNone}) CHECK(parse_overbid(overbid_name(o)) == o);
  CHECK_THROWS_WITH_AS(parse_wild("all"), "R10: wild must be one of none, weli, spitzen, not 'all'", RulesError);
  CHECK_THROWS_WITH_AS(parse_ties("split"), "R10: ties must be one of suit_priority, no_point, not 'split'",
                       RulesError);
  CHECK_THROWS_WITH_AS(parse_overbid("loose"), "R10: overbid must be one of strict, gespannt, none, not 'loose'",
                       RulesError);
}

TEST_CASE("R5.1 wild_cards: none, the Weli, or the Weli and both Spitzen") {
  Rules r;
  CHECK(r.wild_cards() == 0);
  r.wild = Wild::kWeli;
  CHECK(r.wild_cards() == cs("S6"));
  r.wild = Wild::kSpitzen;
  CHECK(r.wild_cards() == cs("S6 S7 E7"));
  CHECK(kWildOrder == std::array<Card, 3>{kWeli, kBellsSeven, kAcornsSeven});  // R5.4 order
}
