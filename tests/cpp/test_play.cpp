// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_play`.
// The game played from given deals (R4, R7, R8, R9): scripted hands, bids, holds and raises, the
// score limit, the end of the game, illegal actions and why they are illegal.
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"

#include "games/bieten/events.hpp"

using namespace bieten;
using namespace bieten_test;

// =================================================================================================
// The game (R4, R7, R8, R9)
// =================================================================================================

TEST_CASE("Game refuses invalid rules (RulesError), a bad dealer (SeatError) and a bad given deal (HandError)") {
  Rules bad;
  bad.players = 6;
  CHECK_THROWS_AS(Game(bad, 1), RulesError);
  CHECK_THROWS_WITH_AS(Game(Rules{}, 1, 4), "R2.2: dealer must be a seat from 0 to 3, not 4", SeatError);
  CHECK_THROWS_AS(Game(Rules{}, 1, -1), SeatError);
  CHECK_THROWS_WITH_AS(Game(Rules{}, 1, 0, given({"HA HK", "LA SA EA", "L10 S10 S6", "L7 E8 E7"})),
                       "R3.6: seat 0 is given 2 cards [HA HK], hand_size is 3", HandError);
  CHECK_THROWS_WITH_AS(Game(Rules{}, 1, 0, given({"HA HK HO", "HA SA EA", "L10 S10 S6", "L7 E8 E7"})),
                       "R1.4: HA is given to two seats", HandError);
  CHECK_THROWS_WITH_AS(Game(Rules{}, 1, 0, given({"HA HK HO", "LA SA EA", "L10 S10 S6", "L7 E8 E7"}, "H7")),
                       "R3.8: top_card is given, but these rules show no face-up card (show_top_card is off)",
                       HandError);
  CHECK_THROWS_AS(Game(preset("south_tyrol"), 1, 0, given({"HA HK HO", "LA SA EA", "L10 S10 H7", "L7 E8 E7"})),
                  HandError);  // R3.8: these rules need a face-up card
  CHECK_NOTHROW(Game(preset("south_tyrol"), 1, 0, given({"HA HK HO", "LA SA EA", "L10 S10 H7", "L7 E8 E7"}, "S6")));
}

TEST_CASE("R4/R7/R8 a scripted hand from a given deal scores exactly") {
  Game g(Rules{}, 7, 0, scripted_deal());
  REQUIRE(g.phase() == Phase::kTurn);
  REQUIRE(g.current_player() == 1);  // forehand leads (R2.2, R4.1)
  CHECK(mask_ids(g.legal_mask()) ==
        action_ids({"play LA", "play SA", "play EA", "bid green", "bid gleich", "bid spiel"}));

  // R7.1/R7.4: seat 1 bids Gleich before his card; the others answer clockwise from his left.
  act(g, 1, "bid gleich");
  CHECK(g.phase() == Phase::kAnswer);
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold", "three"}));  // seat 2 holds two 10s
  act(g, 2, "good");
  act(g, 3, "good");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good"}));  // seat 0 holds no Gleich (R7.2)
  act(g, 0, "good");
  CHECK(g.bids()[kGleich].state == BidState::kConceded);
  CHECK(g.secured() == std::array<int, kMaxPlayers>{0, 1, 0, 0, 0});
  // Back on turn before his card: play, or open another bid.
  CHECK(g.phase() == Phase::kTurn);
  CHECK(mask_ids(g.legal_mask()) == action_ids({"play LA", "play SA", "play EA", "bid green", "bid spiel"}));

  // Trick 0: LA L10 L7 HO -> seat 1.
  play_pass(g, 1, "LA");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"play L10", "bid green", "bid spiel"}));  // R4.2
  play_pass(g, 2, "L10");
  play_pass(g, 3, "L7");
  play_pass(g, 0, "HO");  // R7.1: after the card completing a trick he may still bid, so he passes
  CHECK(g.trick_index() == 1);
  CHECK(g.trick_leader() == 1);
  // Trick 1: SA S6 E8 HK -> seat 1. The natural Weli is a Bells card (R1.3, R4.2).
  play_pass(g, 1, "SA");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"play S10", "play S6", "bid green", "bid spiel"}));
  play_pass(g, 2, "S6");
  play_pass(g, 3, "E8");
  play_pass(g, 0, "HK");
  CHECK(g.trick_leader() == 1);
  CHECK(g.trick_index() == 2);

  // Trick 2: seat 1 leads EA and bids Spiel after his card (R7.1).
  act(g, 1, "play EA");
  CHECK(g.phase() == Phase::kAfterPlay);
  act(g, 1, "bid spiel");
  // R7.2: only a player whose last-trick card is of the led suit may hold Spiel.
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good"}));  // seat 2 keeps S10
  act(g, 2, "good");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold", "three"}));  // seat 3 keeps E7
  act(g, 3, "hold");
  // R7.6: the bidder may re-raise.
  CHECK(g.phase() == Phase::kReraise);
  CHECK(mask_ids(g.legal_mask()) == action_ids({"three", "pass"}));
  act(g, 1, "three");
  // R7.5: everybody but the raiser answers, clockwise from his left; three is the highest stake.
  CHECK(g.phase() == Phase::kRaiseAnswer);
  act(g, 2, "good");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold"}));
  act(g, 3, "hold");
  CHECK(g.bids()[kSpiel].state == BidState::kStandsThree);
  CHECK(g.bids()[kSpiel].holder == 3);
  CHECK(g.bids()[kSpiel].raiser == 1);
  // Seat 1 may still open Green (he played LA).
  CHECK(g.phase() == Phase::kAfterPlay);
  CHECK(mask_ids(g.legal_mask()) == action_ids({"bid green", "pass"}));
  act(g, 1, "pass");
  play_pass(g, 2, "S10");
  play_pass(g, 3, "E7");
  const std::size_t events_before_last = g.events().size();
  act(g, 0, "play HA");  // the last card ends the bidding and the hand (R7.1)

  // R8.1: bid figures in the order first bid (Gleich conceded: 1 to the bidder; Spiel stands at three:
  // 3 to the last trick's winner, seat 1), then unbid Red (HA), Green (LA), Hanger (HA HK HO), then
  // the Weli point (S6).
  std::vector<std::tuple<int, int, int, CreditReason>> credits;
  std::optional<Event> scored;
  for (std::size_t i = events_before_last; i < g.events().size(); ++i) {
    const Event& e = g.events()[i];
    if (e.type == EventType::kFigureCredited)
      credits.emplace_back(e.seat, e.figure, e.points, static_cast<CreditReason>(e.code));
    if (e.type == EventType::kHandScored && !scored) scored = e;
  }
  const std::vector<std::tuple<int, int, int, CreditReason>> want = {
      {1, kGleich, 1, CreditReason::kConceded}, {1, kSpiel, 3, CreditReason::kHeldThree},
      {0, kRed, 1, CreditReason::kUnbid},       {1, kGreen, 1, CreditReason::kUnbid},
      {0, kHanger, 1, CreditReason::kUnbid},    {2, kWeliPointFigure, 1, CreditReason::kWeliPoint}};
  CHECK(credits == want);
  REQUIRE(scored.has_value());
  CHECK(scored->gained == std::array<std::int16_t, kMaxPlayers>{2, 5, 1, 0, 0});
  CHECK(scored->totals == std::array<std::int16_t, kMaxPlayers>{2, 5, 1, 0, 0});
  CHECK(g.scores() == std::array<int, kMaxPlayers>{2, 5, 1, 0, 0});
  CHECK(g.figure_points()[0] == std::array<int, 6>{1, 0, 0, 1, 0, 0});
  CHECK(g.figure_points()[1] == std::array<int, 6>{0, 1, 1, 0, 3, 0});
  CHECK(g.figure_points()[2] == std::array<int, 6>{0, 0, 0, 0, 0, 1});
  CHECK(g.figure_points()[3] == std::array<int, 6>{0, 0, 0, 0, 0, 0});

  // R2.2: the next hand is dealt from the seed by dealer 1; forehand seat 2 leads.
  CHECK_FALSE(g.is_over());
  CHECK(g.hand_number() == 1);
  CHECK(g.dealer() == 1);
  CHECK(g.current_player() == 2);
  CHECK(g.secured() == std::array<int, kMaxPlayers>{});
  CHECK(g.dealt() == deal_hand(7, 1, Rules{}, 1).hands);
  CHECK(g.events().back().type == EventType::kHandDealt);
  CHECK(g.events().back().hand == 1);
}

TEST_CASE("R8.2 the game ends at the credit that reaches target, later credits void; R8.3 Bummerl") {
  Rules r;
  r.target = 3;
  Game g(r, 7, 0, scripted_deal());
  for (const char* c : {"LA", "L10", "L7", "HO", "SA", "S6", "E8", "HK", "EA", "S10", "E7", "HA"}) {
    play_pass(g, g.current_player(), c);
  }
  // Unbid credits in order: Red 0 (1), Green 1 (1), Gleich 1 (2), Hanger 0 (2), Spiel 1 (3 = target).
  // The Weli point of seat 2 is void.
  REQUIRE(g.is_over());
  CHECK(g.winner() == 1);
  CHECK(g.scores() == std::array<int, kMaxPlayers>{2, 3, 0, 0, 0});
  CHECK(g.bummerl() == 0b1100);  // seats 2 and 3 share the lowest total
  CHECK(g.current_player() == -1);
  CHECK(g.legal_mask().empty());
  CHECK(g.events().back().type == EventType::kGameOver);
  CHECK(g.events().back().seat == 1);
  CHECK(g.events().back().seats == 0b1100);
  int credits = 0;
  std::vector<Event> voids;
  for (const Event& e : g.events()) {
    credits += e.type == EventType::kFigureCredited;
    if (e.type == EventType::kCreditVoid) voids.push_back(e);
  }
  CHECK(credits == 5);
  // credit_void: the Weli point, void because the game is won (R8.2), names who would have had it.
  REQUIRE(voids.size() == 1);
  CHECK(voids[0].seat == 2);
  CHECK(voids[0].figure == kWeliPointFigure);
  CHECK(voids[0].points == 1);
  CHECK(static_cast<CreditReason>(voids[0].code) == CreditReason::kWeliPoint);
  CHECK(static_cast<VoidReason>(voids[0].stage) == VoidReason::kGameOver);
  CHECK(g.events()[g.events().size() - 3].type == EventType::kCreditVoid);  // then hand_scored, game_over
  CHECK_THROWS_WITH_AS(g.apply(parse_action("pass")), doctest::Contains("R8.2"), IllegalActionError);
}

TEST_CASE("R7.7/R6.5/R6.6 credits that go to nobody are credit_void events, only when recording") {
  // 2 players, tyrol: no Hearts (R6.1), no set (R6.2), S9-S8 against E9-E8 tie (Bells = Acorns, R6.5),
  // no Weli dealt (R6.6). Forehand seat 1 leads LK; seat 0 wins every trick.
  const Rules r = rules_with("tyrol", 2);
  const GivenDeal deal = given({"S9 S8 LA", "E9 E8 LK"});
  Game g(r, 1, 0, deal);
  Game bare(r, 1, 0, deal, /*record_events=*/false);
  for (const char* c : {"LK", "LA", "S9", "E9", "S8", "E8"}) {
    const int seat = g.current_player();
    play_pass(g, seat, c);
    play_pass(bare, seat, c);
  }
  using Settled = std::tuple<EventType, int, int, int, CreditReason, VoidReason>;
  std::vector<Settled> settled;
  for (const Event& e : g.events()) {
    if (e.type == EventType::kFigureCredited) {
      settled.emplace_back(e.type, e.seat, e.figure, e.points, static_cast<CreditReason>(e.code), VoidReason{});
    } else if (e.type == EventType::kCreditVoid) {
      settled.emplace_back(e.type, e.seat, e.figure, e.points, static_cast<CreditReason>(e.code),
                           static_cast<VoidReason>(e.stage));
    }
  }
  constexpr auto kPaid = EventType::kFigureCredited;
  constexpr auto kVoid = EventType::kCreditVoid;
  const std::vector<Settled> want = {
      {kVoid, -1, kRed, 1, CreditReason::kUnbid, VoidReason::kUnheld},
      {kPaid, 0, kGreen, 1, CreditReason::kUnbid, VoidReason{}},
      {kVoid, -1, kGleich, 1, CreditReason::kUnbid, VoidReason::kUnheld},
      {kVoid, -1, kHanger, 1, CreditReason::kUnbid, VoidReason::kTie},
      {kPaid, 0, kSpiel, 1, CreditReason::kUnbid, VoidReason{}},
      {kVoid, -1, kWeliPointFigure, 1, CreditReason::kWeliPoint, VoidReason::kUnheld},
  };
  CHECK(settled == want);
  CHECK(g.scores() == std::array<int, kMaxPlayers>{2, 0, 0, 0, 0});
  CHECK(bare.scores() == g.scores());
  CHECK(bare.events().size() == 0);  // record_events = false: no event at all, voids included
  CHECK(event_type_name(EventType::kCreditVoid) == "credit_void");
  CHECK(void_reason_name(VoidReason::kTie) == "tie");
  CHECK(void_reason_name(VoidReason::kUnheld) == "unheld");
  CHECK(void_reason_name(VoidReason::kGameOver) == "game_over");
}

TEST_CASE("R7.3 strict score limit: open only if s + 2 <= target, raise only if s + 3 <= target") {
  Rules r;
  r.target = 2;
  Game g(r, 7, 0, scripted_deal());
  CHECK(g.may_open_by_limit(1));
  CHECK_FALSE(g.may_raise_by_limit(1));
  act(g, 1, "bid gleich");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold"}));  // nobody may raise to three
  act(g, 2, "good");
  act(g, 3, "good");
  act(g, 0, "good");
  // Seat 1 has secured 1 point: 1 + 2 > 2, so he may open no more bids, only play.
  CHECK(g.secured()[1] == 1);
  CHECK_FALSE(g.may_open_by_limit(1));
  CHECK(mask_ids(g.legal_mask()) == action_ids({"play LA", "play SA", "play EA"}));
  CHECK_THROWS_WITH_AS(g.apply(parse_action("bid spiel")),
                       "R7.3: seat 1 at 1 points (target 2) may not open a bid", IllegalActionError);
  // His turn now ends with his card (R7.1: he could open none).
  act(g, 1, "play LA");
  CHECK(g.phase() == Phase::kTurn);
  CHECK(g.current_player() == 2);
  // At target - 1 he is gespannt: he may still answer good or hold.
  act(g, 2, "play L10");
  act(g, 2, "bid green");
  act(g, 3, "good");
  act(g, 0, "good");  // seat 0 holds no Leaves
  CHECK(g.current_player() == 1);
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold"}));
  act(g, 1, "hold");
  CHECK(g.bids()[kGreen].state == BidState::kStands);  // nobody may re-raise (R7.6)
}

TEST_CASE("R7.6 a bidder who may not raise (R7.3) is not asked; the holder is") {
  Rules r;
  r.target = 3;  // strict: open at s <= 1, raise at s = 0
  Game g(r, 7, 0, scripted_deal());
  act(g, 1, "bid gleich");
  act(g, 2, "good");
  act(g, 3, "good");
  act(g, 0, "good");
  REQUIRE(g.secured()[1] == 1);
  act(g, 1, "bid spiel");
  act(g, 2, "hold");
  // Seat 1 (1 + 3 > 3) is skipped; seat 2, who held at 0, may re-raise.
  CHECK(g.phase() == Phase::kReraise);
  CHECK(g.current_player() == 2);
  CHECK(mask_ids(g.legal_mask()) == action_ids({"three", "pass"}));
  act(g, 2, "pass");
  CHECK(g.bids()[kSpiel].state == BidState::kStands);
  CHECK(g.phase() == Phase::kTurn);
  CHECK(g.current_player() == 1);
}

TEST_CASE("R7.2/R5.5 holding figures: natural cards, and unplayed wilds as any name still open") {
  Game g(preset("welibieten"), 3, 0, given({"HK HO H7", "LA L9 SA", "S6 L8 EA", "E9 E8 S10"}));
  // Seat 2 (S6 L8 EA): the Weli could be any Hearts card (Red), a Sow (Gleich), L9 or L7 (Hanger).
  for (Figure f : {kRed, kGreen, kGleich, kHanger, kSpiel}) CHECK(g.holds_figure(2, f));
  // Seat 0 (HK HO H7): Red and Hanger; no Leaves, no set.
  CHECK(g.holds_figure(0, kRed));
  CHECK(g.holds_figure(0, kHanger));
  CHECK_FALSE(g.holds_figure(0, kGreen));
  CHECK_FALSE(g.holds_figure(0, kGleich));
  // Seat 3 (E9 E8 S10): Hanger only.
  CHECK_FALSE(g.holds_figure(3, kRed));
  CHECK_FALSE(g.holds_figure(3, kGreen));
  CHECK_FALSE(g.holds_figure(3, kGleich));
  CHECK(g.holds_figure(3, kHanger));
  CHECK(g.holds_figure(3, kSpiel));  // Spiel needs nothing before the last trick
}

TEST_CASE("R7.3 gespannt: only a player at target - 1 or more is limited, and may still hold") {
  Rules r;
  r.target = 2;
  r.overbid = Overbid::kGespannt;
  Game g(r, 7, 0, scripted_deal());
  act(g, 1, "bid gleich");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold", "three"}));  // seat 2 at 0 < 1
  act(g, 2, "good");
  act(g, 3, "good");
  act(g, 0, "good");
  CHECK_FALSE(g.may_open_by_limit(1));  // 1 = target - 1: gespannt
  act(g, 1, "play LA");
  // Seat 2, at 0, may still open.
  CHECK(mask_ids(g.legal_mask()) == action_ids({"play L10", "bid green", "bid spiel"}));
}

TEST_CASE("R7.6 without reraise a hold settles the bid at 2 at once") {
  Rules r;
  r.reraise = false;
  Game g(r, 7, 0, scripted_deal());
  act(g, 1, "bid gleich");
  act(g, 2, "hold");
  CHECK(g.bids()[kGleich].state == BidState::kStands);
  CHECK(g.bids()[kGleich].holder == 2);
  CHECK(g.phase() == Phase::kTurn);
  CHECK(g.current_player() == 1);
  const Event& settled = g.events().back();
  CHECK(settled.type == EventType::kBidSettled);
  CHECK(static_cast<BidOutcome>(settled.code) == BidOutcome::kStands);
  CHECK(settled.points == 2);
  CHECK(settled.other == 1);
  CHECK(settled.other2 == 2);
}

TEST_CASE("R7.5 a raise conceded by all pays 2 to the raiser") {
  Game g(Rules{}, 7, 0, scripted_deal());
  act(g, 1, "bid gleich");
  act(g, 2, "three");  // seat 2 (two 10s) raises
  CHECK(g.phase() == Phase::kRaiseAnswer);
  CHECK(g.current_player() == 3);
  act(g, 3, "good");
  act(g, 0, "good");
  CHECK(mask_ids(g.legal_mask()) == action_ids({"good", "hold"}));  // the bidder answers too
  act(g, 1, "good");
  CHECK(g.bids()[kGleich].state == BidState::kRaiseConceded);
  CHECK(g.secured() == std::array<int, kMaxPlayers>{0, 0, 2, 0, 0});
  for (const char* c : {"LA", "L10", "L7", "HO", "SA", "S6", "E8", "HK", "EA", "S10", "E7", "HA"}) {
    play_pass(g, g.current_player(), c);
  }
  // Gleich: 2 to seat 2 although seat 1 has the best set; then Red 0, Green 1, Hanger 0, Spiel 1, Weli 2.
  CHECK(g.figure_points()[2][kGleich] == 2);
  CHECK(g.figure_points()[1][kGleich] == 0);
  CHECK(g.scores() == std::array<int, kMaxPlayers>{2, 2, 3, 0, 0});
}

TEST_CASE("R9 every illegal action is refused and leaves the state unchanged") {
  Game g(Rules{}, 7, 0, scripted_deal());
  // Turn, answer, re-raise (bidder, then holder), after-play, raise answer: every phase of a hand.
  const std::vector<std::string_view> script = {"bid gleich", "good", "hold", "pass", "pass",  "play LA",
                                                "bid spiel",  "hold", "three", "good", "good", "hold"};
  int phases_seen = 0;
  auto check_all = [&](const Game& state) {
    int refused = 0;
    for (int id = 0; id < 256; ++id) {
      const auto a = static_cast<ActionId>(id);
      if (state.is_legal(a)) {
        CHECK(state.why_illegal(id).empty());
        continue;
      }
      Game copy = state;
      CHECK_THROWS_AS(copy.apply(a), IllegalActionError);
      CHECK(copy == state);
      CHECK(copy.legal_mask() == state.legal_mask());
      CHECK(copy.phase() == state.phase());
      CHECK(copy.current_player() == state.current_player());
      CHECK(copy.events().size() == state.events().size());
      CHECK(copy.actions_applied() == state.actions_applied());
      CHECK(copy.unplayed() == state.unplayed());
      const std::string why = state.why_illegal(id);
      CHECK(why.size() > 2);
      CHECK(why[0] == 'R');
      ++refused;
    }
    CHECK(refused == 256 - state.legal_mask().size());
    ++phases_seen;
  };
  check_all(g);
  for (std::string_view text : script) {
    g.apply(parse_action(text));
    check_all(g);
  }
  CHECK(phases_seen == 13);
  CHECK(g.bids()[kGleich].state == BidState::kStands);
  CHECK(g.bids()[kSpiel].state == BidState::kStandsThree);
}

TEST_CASE("R9 why_illegal names the rule") {
  Game g(Rules{}, 7, 0, scripted_deal());
  CHECK(g.why_illegal(parse_action("play HA")) == "R4.1: seat 1 does not hold HA unplayed");
  CHECK(g.why_illegal(parse_action("bid red")) == "R7.2: seat 1 holds no red");
  CHECK(g.why_illegal(parse_action("bid hanger")) == "R7.2: seat 1 holds no hanger");
  CHECK(g.why_illegal(parse_action("good")) == "R7.4: there is no bid to answer; 'good' is not possible");
  CHECK(g.why_illegal(parse_action("pass")) == "R7.1: seat 1 must play a card before passing");
  CHECK(g.why_illegal(parse_action("steal")) == "R3.7: only the cutter steals or leaves, before the deal is completed");
  CHECK(g.why_illegal(parse_action("play S6 as HA")) == "R4.1: seat 1 does not hold S6 unplayed");
  CHECK(g.why_illegal(140) == "R11: action id 140 is not in 0..139");
  CHECK(g.why_illegal(-1) == "R11: action id -1 is not in 0..139");
  act(g, 1, "play LA");
  act(g, 1, "pass");
  CHECK(g.why_illegal(parse_action("play S10")) == "R4.2: seat 2 must follow Leaves (L10)");
  act(g, 2, "bid green");
  CHECK(g.why_illegal(parse_action("play L7")) ==
        "R7.4: seat 3 must answer the bid on green (good, hold or three), not 'play L7'");
  act(g, 3, "good");
  CHECK(g.why_illegal(parse_action("hold")) == "R7.2: seat 0 holds no green and cannot hold");
  CHECK_THROWS_WITH_AS(g.apply(parse_action("hold")), "R7.2: seat 0 holds no green and cannot hold",
                       IllegalActionError);
}
