// Toy Tricks' own rules (rules.md, T1-T8), with exact values. What every registered game must do
// alike is tests/cpp/test_games.cpp's; this is what only this game does.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/json.hpp"
#include "games/toy_tricks/agents.hpp"
#include "games/toy_tricks/descriptor.hpp"
#include "games/toy_tricks/game.hpp"
#include "games/toy_tricks/record.hpp"

namespace {

using namespace bieten;
using namespace bieten::toy_tricks;

std::vector<std::string> texts(const std::array<Card, kHandSize>& cards) {
  std::vector<std::string> out;
  for (const Card c : cards) out.push_back(card_text(c));
  return out;
}

std::vector<std::string> legal_texts(const Game& g) {
  std::vector<std::string> out;
  for (ActionMask m = g.legal_mask(); m; m &= m - 1) out.emplace_back(action_text(static_cast<ActionId>(std::countr_zero(m))));
  return out;
}

void play(Game& g, std::initializer_list<const char*> actions) {
  for (const char* a : actions) g.apply(parse_action(a));
}

// Seat 0: all four Hearts and the Leaves Ace and King; seat 1: the Leaves Ober and Unter and the four Bells.
DealtCards given_deal() {
  DealtCards d;
  d.hands[0] = {make_card(kHearts, kAce), make_card(kHearts, kKing), make_card(kHearts, kOber),
                make_card(kHearts, kUnter), make_card(kLeaves, kAce), make_card(kLeaves, kKing)};
  d.hands[1] = {make_card(kLeaves, kOber), make_card(kLeaves, kUnter), make_card(kBells, kAce),
                make_card(kBells, kKing), make_card(kBells, kOber), make_card(kBells, kUnter)};
  return d;
}

Rules target(int points) {
  Rules r;
  r.target = points;
  return r;
}

}  // namespace

TEST_CASE("T3.1-T3.3: seed 7 deals these hands, forehand first, and the dealer alternates") {
  // Vectors from the rules text (SplitMix64 of T3.1), computed apart from this code.
  const DealtCards first = deal_cards(7, 0, 0);
  CHECK(texts(first.hands[1]) == std::vector<std::string>{"SO", "LO", "HA", "HU", "LA", "SU"});  // forehand
  CHECK(texts(first.hands[0]) == std::vector<std::string>{"HK", "HO", "SK", "LK", "LU", "SA"});  // dealer
  Game g(target(20), 7);  // no deal ends the game
  CHECK(g.dealt() == first);
  CHECK(g.current_player() == 1);  // T4.1 forehand leads
  SplitMix64 rng(1);
  while (g.hand_number() == 0) g.apply(random_action(g, rng));
  CHECK(g.dealer() == 1);  // T3.3
  CHECK(texts(g.dealt().hands[0]) == std::vector<std::string>{"HK", "SO", "SU", "LK", "HA", "LA"});
}

TEST_CASE("T4.2: the second card follows the led suit when it can, any card when it cannot") {
  Game g(Rules{}, 0, 0, given_deal());
  CHECK(legal_texts(g).size() == 6);  // the leader plays any card
  play(g, {"play LO"});
  CHECK(legal_texts(g) == std::vector<std::string>{"play LA", "play LK"});
  CHECK_THROWS_WITH_AS(g.apply(parse_action("play HA")), "T4.2: seat 0 must follow LO's suit and cannot play HA",
                       IllegalActionError);
  CHECK(g.why_illegal(parse_action("play SA")) == "T6.3: seat 0 does not hold SA");
  CHECK(g.why_illegal(12) == "T6.1: action id 12 is not in 0..11");
  Game void_in_bells(Rules{}, 0, 0, given_deal());
  play(void_in_bells, {"play SA"});
  CHECK(legal_texts(void_in_bells).size() == 6);  // seat 0 holds no Bells
}

TEST_CASE("T4.3/T4.4: the higher card of the led suit wins, another suit never, and the winner leads") {
  Game g(Rules{}, 0, 0, given_deal());
  play(g, {"play LO", "play LK"});
  CHECK(g.tricks_won(0) == 1);
  CHECK(g.current_player() == 0);
  play(g, {"play HA", "play SA"});  // seat 1 cannot follow Hearts: the Bells Ace does not win
  CHECK(g.tricks_won(0) == 2);
  CHECK(g.current_player() == 0);
  play(g, {"play LA", "play LU"});
  CHECK(g.tricks_won(0) == 3);
  CHECK(g.tricks_won(1) == 0);
}

TEST_CASE("T5.1-T5.4: a point a trick; the target with more points wins, a tie plays on") {
  Game over(target(1), 0, 0, given_deal());
  play(over, {"play SA", "play HU", "play SK", "play HO", "play SO", "play HK", "play SU", "play HA",
              "play LO", "play LA", "play LK", "play LU"});
  CHECK(over.is_over());
  CHECK(over.scores() == std::array<int, 2>{2, 4});
  CHECK(over.winners() == 0b10);
  CHECK(over.bummerl() == 0b01);  // T5.4
  CHECK(over.hand_number() == 1);

  Game tie(target(1), 0, 0, given_deal());
  play(tie, {"play SA", "play HU", "play SK", "play HO", "play SO", "play HK", "play LO", "play LA",
             "play HA", "play SU", "play LK", "play LU"});
  CHECK_FALSE(tie.is_over());  // T5.3: 3-3 with both at the target
  CHECK(tie.scores() == std::array<int, 2>{3, 3});
  CHECK(tie.hand_number() == 1);
  CHECK(tie.dealer() == 1);
  CHECK(tie.current_player() == 0);
}

TEST_CASE("T6: twelve play actions, read case-insensitively; no other text is an action") {
  CHECK(action_text(0) == "play HA");
  CHECK(action_text(11) == "play SU");
  CHECK(parse_action("  Play hk ") == 1);
  CHECK(parse_action("PLAY lo") == 6);
  CHECK_THROWS_AS(parse_action("play EA"), ActionError);  // Acorns are not in the pack (T1.1)
  CHECK_THROWS_AS(parse_action("play H10"), ActionError);
  CHECK_THROWS_AS(parse_action("play"), ActionError);
  CHECK_THROWS_WITH(parse_action("lead HA"), "T6.2: 'lead HA' is not an action of Toy Tricks (play <card of T1.1>)");
}

TEST_CASE("T7.1/T3.4: the knobs, the preset and a given deal are checked") {
  Rules three;
  three.players = 3;
  CHECK_THROWS_WITH_AS(Game(three, 1), "T7.1/T2.1: players must be 2, not 3", RulesError);
  CHECK_THROWS_WITH_AS(Game(target(0), 1), "T7.1/T5.2: target must be at least 1, not 0", RulesError);
  CHECK(preset("toy_tricks") == Rules{});
  CHECK_THROWS_AS(preset("skat"), RulesError);
  CHECK_THROWS_AS(Game(Rules{}, 1, 2), SeatError);
  CHECK_THROWS_AS(Game(Rules{}, 1, 0, std::nullopt, true, true), RulesError);  // no chance mode
  DealtCards twice = given_deal();
  twice.hands[1][0] = twice.hands[0][0];
  CHECK_THROWS_WITH_AS(Game(Rules{}, 1, 0, twice), "T3.4: HA is dealt twice", HandError);
}

TEST_CASE("T8.1: a seat's events hide the other seat's dealt cards, and nothing else") {
  const Game g(Rules{}, 7);
  const auto text = [&](std::size_t i, int viewer) {
    std::string out;
    json::Writer w(out);
    Descriptor::write_event(w, g, i, viewer);
    return out;
  };
  CHECK(text(0, 0) == R"({"type": "deal_started", "seq": 0, "hand": 0, "dealer": 0, "forehand": 1})");
  CHECK(text(1, 1) == R"({"type": "cards_dealt", "seq": 1, "hand": 0, "seat": 1, "cards": ["SO", "LO", "HA", "HU", "LA", "SU"]})");
  CHECK(text(1, 0) == R"({"type": "cards_dealt", "seq": 1, "hand": 0, "seat": 1, "cards": [null, null, null, null, null, null]})");
  CHECK(text(2, 0) == R"({"type": "cards_dealt", "seq": 2, "hand": 0, "seat": 0, "cards": ["HK", "HO", "SK", "LK", "LU", "SA"]})");
}

TEST_CASE("the observation: a seat's cards, the trick and the totals, relative to the seat") {
  Game g(Rules{}, 0, 0, given_deal());
  play(g, {"play LO"});
  std::array<float, kObservationSize> obs{};
  std::array<std::uint8_t, kObservationSize> compact{};
  std::array<float, kObservationSize> divisors{};
  write_observation(g, 0, obs.data());
  write_observation(g, 0, compact.data());
  observation_divisors(g.rules(), divisors.data());
  for (int i = 0; i < 6; ++i) CHECK(obs[obs::kHand + i] == 1.0f);  // HA HK HO HU LA LK: pack indices 0..5
  CHECK(obs[obs::kHand + 6] == 0.0f);
  CHECK(obs[obs::kPlayed + 12 + 6] == 1.0f);  // the other seat played LO
  CHECK(obs[obs::kLed + 6] == 1.0f);
  CHECK(obs[obs::kToAct + 0] == 1.0f);   // seat 0 itself to act
  CHECK(obs[obs::kDealer + 0] == 1.0f);  // and the dealer
  play(g, {"play LK"});
  write_observation(g, 1, obs.data());
  write_observation(g, 1, compact.data());
  CHECK(obs[obs::kTricks + 1] == doctest::Approx(1.0 / 6));  // seat 0 is seat 1's other seat
  CHECK(compact[obs::kTricks + 1] == 1);
  for (int i = 0; i < kObservationSize; ++i) CHECK(obs[i] == static_cast<float>(compact[i]) / divisors[i]);
}
