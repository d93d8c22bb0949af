// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_wilds`.
// Wild cards and cut-steal in play (R5.3, R5.4, R3.7, R6.6).
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"


using namespace bieten;
using namespace bieten_test;

TEST_CASE("R5.3 wild naming in welibieten: follow with a natural or a wild named in the led suit") {
  // Seat 0: HK HO H7   seat 1: LA L9 SA   seat 2: S6 L8 EA   seat 3: E9 E8 S10
  Game g(preset("welibieten"), 3, 0, given({"HK HO H7", "LA L9 SA", "S6 L8 EA", "E9 E8 S10"}));
  // Trick 0: SA led. The Weli is wild, so seat 2 has no natural Bells: anything goes, the Weli named as
  // any natural card not dealt to him (30 names) (R5.3).
  play_pass(g, 1, "SA");
  {
    int plays = 0, wild = 0;
    g.legal_mask().for_each([&](int id) {
      if (is_play(static_cast<ActionId>(id))) ++plays;
      if (is_wild_play(static_cast<ActionId>(id))) ++wild;
    });
    CHECK(wild == 30);
    CHECK(plays == 32);
    CHECK_FALSE(g.is_legal(parse_action("play S6")));  // R5.2: a wild must be named
    CHECK(g.why_illegal(parse_action("play S6")) ==
          "R5.2: S6 is wild under these rules; name it: play S6 as <card>");
    CHECK_FALSE(g.is_legal(parse_action("play S6 as L8")));
  }
  play_pass(g, 2, "EA");  // fails to follow Bells
  CHECK(g.failed_suits(2) == 1u << kBells);
  play_pass(g, 3, "S10");
  play_pass(g, 0, "H7");
  // Trick 1: LA led. Seat 2 holds L8: follow with it or with the Weli named in Leaves (not L8).
  play_pass(g, 1, "LA");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"play L8", "play S6 as LA", "play S6 as LK", "play S6 as LO",
                                                 "play S6 as LU", "play S6 as L10", "play S6 as L9",
                                                 "play S6 as L7", "bid red", "bid green", "bid gleich",
                                                 "bid hanger", "bid spiel"}));  // R5.5: the unplayed Weli
  play_pass(g, 2, "L8");
  play_pass(g, 3, "E9");
  play_pass(g, 0, "HO");
  // Trick 2: L9 led. Seat 2 has only the Weli: no natural Leaves, so any name but dealt cards (L8, EA)
  // and the suit he failed to follow (Bells): 32 - 2 - 8 = 22 names.
  play_pass(g, 1, "L9");
  {
    int wild = 0;
    g.legal_mask().for_each([&](int id) { wild += is_wild_play(static_cast<ActionId>(id)); });
    CHECK(wild == 22);
  }
  CHECK(g.why_illegal(parse_action("play S6 as SK")) ==
        "R5.3: seat 2 failed to follow Bells this hand; a wild may not be named in that suit");
  CHECK(g.why_illegal(parse_action("play S6 as L8")) == "R5.3: a wild may not be named L8, a card dealt to seat 2");
  play_pass(g, 2, "S6 as LK");
  CHECK(g.figure_cards(2).named_by[0] == bit(cd("LK")));
  CHECK(g.played_identities(2) == cs("L8 LK EA"));
  play_pass(g, 3, "E8");
  const std::size_t before = g.events().size();
  play_pass(g, 0, "HK");
  // The Weli named LK beats the led L9: seat 2 wins the last trick (Spiel). Red 0 (HK), Green 1 (LA),
  // Gleich 1 (LA SA), Hanger 0 (HK HO beats E9 E8), Spiel 2; no Weli point.
  int last_trick_winner = -1;
  for (std::size_t i = before; i < g.events().size(); ++i) {
    if (g.events()[i].type == EventType::kTrickWon) last_trick_winner = g.events()[i].seat;
  }
  CHECK(last_trick_winner == 2);
  CHECK(g.scores() == std::array<int, kMaxPlayers>{2, 2, 1, 0, 0});
}

TEST_CASE("R5.4 in a trick a named wild ranks just below the card it names") {
  // welibieten, 2 players: seat 1 leads LK, seat 0 follows with the Weli named LA and wins; a wild
  // named LK would lose to the natural LK.
  Rules r = rules_with("welibieten", 2);
  Game g(r, 3, 0, given({"S6 HA HK", "LK EA EK"}));
  Game h = g;
  play_pass(g, 1, "LK");
  play_pass(g, 0, "S6 as LA");
  CHECK(g.trick_leader() == 0);
  play_pass(h, 1, "LK");
  play_pass(h, 0, "S6 as LO");
  CHECK(h.trick_leader() == 1);
}

TEST_CASE("R3.7 cut-steal in a seeded south_tyrol game: seen, stolen, left, then the deal") {
  Game g(preset("south_tyrol"), 7, 0);  // seed 7 hand 0: cut 10, deck[9] = E8, deck[8] = H8
  REQUIRE(g.phase() == Phase::kSteal);
  CHECK(g.cutter() == 3);
  CHECK(g.current_player() == 3);
  CHECK(g.cutter_shown() == cd("E8"));
  CHECK(mask_ids(g.legal_mask()) == action_ids({"steal", "leave"}));
  CHECK(g.why_illegal(parse_action("play HA")) ==
        "R3.7: seat 3 (the cutter) must first steal or leave the card he was shown, not 'play HA'");
  act(g, 3, "steal");
  CHECK(g.cutter_shown() == cd("H8"));
  act(g, 3, "leave");
  // Completed cut: deck[10:] + deck[:9]; seat 3 holds E8 and is dealt 1 + 1, H8 stays at the bottom.
  CHECK(cards_text(g.dealt()[0]) == "HA EU E9");
  CHECK(cards_text(g.dealt()[1]) == "H7 L8 EO");
  CHECK(cards_text(g.dealt()[2]) == "HK L9 SA");
  CHECK(cards_text(g.dealt()[3]) == "H10 EK E8");
  CHECK(g.top_card() == cd("LK"));  // R3.8
  CHECK(g.seen_by_cutter() == cs("E8 H8"));
  CHECK(g.phase() == Phase::kTurn);
  CHECK(g.current_player() == 1);
  // The same through the deal functions.
  const Shuffle s = shuffle_for_hand(7, 0);
  std::array<Card, kDeckSize> deck{};
  const int n = complete_cut(s, 1, deck);
  Hands held{};
  held[3] = bit(cd("E8"));
  const Dealt d = deal_from(deck.data(), n, preset("south_tyrol"), 0, held);
  CHECK(d.hands == g.dealt());
  CHECK(d.top_card == g.top_card());
}

TEST_CASE("R3.7 the cutter steals at most 3 cards (and at most hand_size)") {
  Game g(preset("south_tyrol"), 7, 0);
  act(g, 3, "steal");
  act(g, 3, "steal");
  act(g, 3, "steal");  // the third steal completes the deal: hand_size 3
  CHECK(g.phase() == Phase::kTurn);
  CHECK(cards_text(g.dealt()[3]) == "H8 L7 E8");  // deck[9], deck[8], deck[7] = E8, H8, L7
  CHECK(g.seen_by_cutter() == cs("E8 H8 L7"));
}

TEST_CASE("R3.7/R6.6 a stolen Weli counts as dealt to the cutter: he scores the Weli point") {
  Rules r;  // tyrol (weli_point) with cut-steal
  r.cut_steal = true;
  Game g(r, 29, 0);  // seed 29 hand 0: cut 30, deck[29] = S6, deck[28] = S7
  REQUIRE(g.phase() == Phase::kSteal);
  CHECK(g.cutter_shown() == kWeli);
  act(g, 3, "steal");
  CHECK(g.cutter_shown() == kBellsSeven);
  act(g, 3, "leave");
  CHECK((g.dealt()[3] & bit(kWeli)) != 0);
  CHECK(count(g.dealt()[3]) == 3);
  SplitMix64 rng(1);
  while (g.hand_number() == 0) g.apply(quiet_action(g, rng));
  int weli_credits = 0;
  for (const Event& e : g.events()) {
    if (e.type == EventType::kFigureCredited && e.figure == kWeliPointFigure) {
      CHECK(e.seat == 3);
      CHECK(e.points == 1);
      ++weli_credits;
    }
  }
  CHECK(weli_credits == 1);
  CHECK(g.figure_points()[3][kWeliPointFigure] == 1);
}
