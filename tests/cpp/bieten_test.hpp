// Helpers shared by the doctest unit tests of Bieten's core (tests/cpp/test_cards.cpp ... test_state.cpp):
// card and hand shorthands, rules of a preset at a player count, given deals, R11 text applied by a
// checked seat, and the random and quiet players of the game tests.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "core/rng.hpp"
#include "games/bieten/actions.hpp"
#include "games/bieten/cards.hpp"
#include "games/bieten/deal.hpp"
#include "games/bieten/figures.hpp"
#include "games/bieten/figures_batch.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/rules.hpp"

namespace bieten_test {

using namespace bieten;

// --- helpers --------------------------------------------------------------------------------------

inline CardSet cs(std::string_view text) { return parse_cards(text); }
inline Card cd(std::string_view text) { return parse_card(text); }

inline FigureCards natural(std::string_view text) { return FigureCards{cs(text), {}}; }

// A hand with wilds as named (R5.2): `naturals` as themselves, and named_by[w] = the identity named by
// the wild kWildOrder[w] (empty text for none).
inline FigureCards with_wilds(std::string_view naturals, std::string_view weli_as, std::string_view bells7_as = "",
                       std::string_view acorns7_as = "") {
  FigureCards f{cs(naturals), {}};
  const std::array<std::string_view, 3> named = {weli_as, bells7_as, acorns7_as};
  for (int w = 0; w < 3; ++w) {
    if (named[w].empty()) continue;
    f.named_by[w] = bit(cd(named[w]));
    f.cards |= f.named_by[w];
  }
  return f;
}

inline Rules rules_with(std::string_view name, int players = 4, int hand_size = 3) {
  Rules r = preset(name);
  r.players = players;
  r.hand_size = hand_size;
  return r;
}

inline GivenDeal given(std::initializer_list<std::string_view> hands, std::string_view top = "") {
  GivenDeal g;
  int seat = 0;
  for (std::string_view h : hands) g.hands[seat++] = cs(h);
  if (!top.empty()) g.top_card = cd(top);
  return g;
}

// Applies R11 text, checking first that `seat` is the one to act.
inline void act(Game& g, int seat, std::string_view text) {
  INFO("seat ", seat, " applies '", std::string(text), "'");
  REQUIRE(g.current_player() == seat);
  g.apply(parse_action(text));
}

// Plays a card and, if the seat is then asked to bid or pass (R7.1), passes.
inline void play_pass(Game& g, int seat, std::string_view card_text_or_wild) {
  act(g, seat, "play " + std::string(card_text_or_wild));
  if (!g.is_over() && g.phase() == Phase::kAfterPlay && g.current_player() == seat) act(g, seat, "pass");
}

inline std::vector<int> mask_ids(const ActionMask& m) {
  std::vector<int> ids;
  m.for_each([&](int id) { ids.push_back(id); });
  return ids;
}

inline std::vector<int> action_ids(std::initializer_list<std::string_view> texts) {
  std::vector<int> ids;
  for (std::string_view t : texts) ids.push_back(parse_action(t));
  return ids;
}

inline ActionId random_legal(const Game& g, SplitMix64& rng) {
  const ActionMask& m = g.legal_mask();
  return static_cast<ActionId>(m.nth(static_cast<int>(rng.bounded(static_cast<std::uint32_t>(m.size())))));
}

// A quiet player: plays a random card, passes, says good; never opens a bid (so hands score little and
// a game runs over several hands). Chance and steal/leave choices are random.
inline ActionId quiet_action(const Game& g, SplitMix64& rng) {
  const ActionMask& m = g.legal_mask();
  if (g.phase() == Phase::kTurn) {
    ActionMask plays;
    m.for_each([&](int id) {
      if (is_play(static_cast<ActionId>(id))) plays.set(id);
    });
    return static_cast<ActionId>(plays.nth(static_cast<int>(rng.bounded(static_cast<std::uint32_t>(plays.size())))));
  }
  if (m.test(kPass)) return kPass;
  if (m.test(kGood)) return kGood;
  return random_legal(g, rng);
}

// The scripted deal of the game tests (tyrol, 4 players, dealer 0, forehand seat 1):
//   seat 0: HA HK HO  (Red; Hanger A-K-O)       seat 1: LA SA EA  (Green; Gleich of three Sows)
//   seat 2: L10 S10 S6 (Weli point; two 10s)    seat 3: L7 E8 E7  (two 7s; Hanger E8-E7)
inline GivenDeal scripted_deal() { return given({"HA HK HO", "LA SA EA", "L10 S10 S6", "L7 E8 E7"}); }

}  // namespace bieten_test
