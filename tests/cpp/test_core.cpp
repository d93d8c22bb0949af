// Unit tests of the core (RULES.md): cards (R1), rules and presets (R10), the generator and the deal
// (R2.2, R3), the figures (R5.4, R6), and the game (R4, R7, R8, R9, events). doctest (Debian's
// doctest-dev); built by CMake with -DBIETEN_BUILD_TESTS=ON and run by ctest as `core`.
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include "games/bieten/actions.hpp"
#include "games/bieten/cards.hpp"
#include "games/bieten/deal.hpp"
#include "core/errors.hpp"
#include "games/bieten/events.hpp"
#include "games/bieten/figures.hpp"
#include "games/bieten/game.hpp"
#include "core/json.hpp"
#include "core/rng.hpp"
#include "games/bieten/rules.hpp"
#include "core/shared_log.hpp"

#ifndef BIETEN_DEAL_VECTORS
#error "BIETEN_DEAL_VECTORS (the path of tests/data/deal_vectors.json) must be defined by the build"
#endif

using namespace bieten;

namespace {

// --- helpers --------------------------------------------------------------------------------------

CardSet cs(std::string_view text) { return parse_cards(text); }
Card cd(std::string_view text) { return parse_card(text); }

FigureCards natural(std::string_view text) { return FigureCards{cs(text), {}}; }

// A hand with wilds as named (R5.2): `naturals` as themselves, and named_by[w] = the identity named by
// the wild kWildOrder[w] (empty text for none).
FigureCards with_wilds(std::string_view naturals, std::string_view weli_as, std::string_view bells7_as = "",
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

Rules rules_with(std::string_view name, int players = 4, int hand_size = 3) {
  Rules r = preset(name);
  r.players = players;
  r.hand_size = hand_size;
  return r;
}

GivenDeal given(std::initializer_list<std::string_view> hands, std::string_view top = "") {
  GivenDeal g;
  int seat = 0;
  for (std::string_view h : hands) g.hands[seat++] = cs(h);
  if (!top.empty()) g.top_card = cd(top);
  return g;
}

// Applies R11 text, checking first that `seat` is the one to act.
void act(Game& g, int seat, std::string_view text) {
  INFO("seat ", seat, " applies '", std::string(text), "'");
  REQUIRE(g.current_player() == seat);
  g.apply(parse_action(text));
}

// Plays a card and, if the seat is then asked to bid or pass (R7.1), passes.
void play_pass(Game& g, int seat, std::string_view card_text_or_wild) {
  act(g, seat, "play " + std::string(card_text_or_wild));
  if (!g.is_over() && g.phase() == Phase::kAfterPlay && g.current_player() == seat) act(g, seat, "pass");
}

std::vector<int> mask_ids(const ActionMask& m) {
  std::vector<int> ids;
  m.for_each([&](int id) { ids.push_back(id); });
  return ids;
}

std::vector<int> action_ids(std::initializer_list<std::string_view> texts) {
  std::vector<int> ids;
  for (std::string_view t : texts) ids.push_back(parse_action(t));
  return ids;
}

ActionId random_legal(const Game& g, SplitMix64& rng) {
  const ActionMask& m = g.legal_mask();
  return static_cast<ActionId>(m.nth(static_cast<int>(rng.bounded(static_cast<std::uint32_t>(m.size())))));
}

// A quiet player: plays a random card, passes, says good; never opens a bid (so hands score little and
// a game runs over several hands). Chance and steal/leave choices are random.
ActionId quiet_action(const Game& g, SplitMix64& rng) {
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

std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open ", path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const json::Value& vectors_file() {
  static const json::Value v = json::parse(read_file(BIETEN_DEAL_VECTORS));
  return v;
}

std::uint64_t as_u64(const json::Value& v) {
  REQUIRE(v.is_number_unsigned());  // exact, up to 2^64 - 1 (R3.2 seeds)
  return v.get<std::uint64_t>();
}

// The scripted deal of the game tests (tyrol, 4 players, dealer 0, forehand seat 1):
//   seat 0: HA HK HO  (Red; Hanger A-K-O)       seat 1: LA SA EA  (Green; Gleich of three Sows)
//   seat 2: L10 S10 S6 (Weli point; two 10s)    seat 3: L7 E8 E7  (two 7s; Hanger E8-E7)
GivenDeal scripted_deal() { return given({"HA HK HO", "LA SA EA", "L10 S10 S6", "L7 E8 E7"}); }

}  // namespace

// =================================================================================================
// R1 Cards
// =================================================================================================

TEST_CASE("R1.4 card id is suit*8+rank, the Weli is 32") {
  CHECK(make_card(kHearts, kAce) == 0);
  CHECK(make_card(kLeaves, kTen) == 12);
  CHECK(make_card(kBells, kSeven) == 23);
  CHECK(make_card(kAcorns, kSeven) == 31);
  CHECK(kWeli == 32);
  CHECK(kBellsSeven == 23);
  CHECK(kAcornsSeven == 31);
  CHECK(kDeckSize == 33);
  // R1.3: in the natural rules the Weli is a Bells card ranking below the Bells 7.
  CHECK(suit_of(kWeli) == kBells);
  CHECK(rank_of(kWeli) == 8);
  CHECK(rank_of(kBellsSeven) == 7);
  for (int suit = 0; suit < kSuits; ++suit) {
    for (int rank = 0; rank < kRanks; ++rank) {
      const Card c = make_card(suit, rank);
      CHECK(suit_of(c) == suit);
      CHECK(rank_of(c) == rank);
    }
  }
}

TEST_CASE("R1.5 all 33 cards print canonically and parse back (round trip)") {
  const std::array<std::string_view, 33> expected = {
      "HA", "HK", "HO", "HU", "H10", "H9", "H8", "H7",  // Hearts
      "LA", "LK", "LO", "LU", "L10", "L9", "L8", "L7",  // Leaves
      "SA", "SK", "SO", "SU", "S10", "S9", "S8", "S7",  // Bells
      "EA", "EK", "EO", "EU", "E10", "E9", "E8", "E7",  // Acorns
      "S6"};                                            // the Weli
  for (int id = 0; id < kDeckSize; ++id) {
    const auto c = static_cast<Card>(id);
    CAPTURE(id);
    CHECK(card_text(c) == expected[id]);
    CHECK(parse_card(expected[id]) == c);
    Card out = 0xEE;
    CHECK(try_parse_card(card_text(c), out));
    CHECK(out == c);
  }
}

TEST_CASE("R1.5 card parsing is case-insensitive") {
  CHECK(parse_card("ha") == 0);
  CHECK(parse_card("hA") == 0);
  CHECK(parse_card("lk") == 9);
  CHECK(parse_card("so") == 18);
  CHECK(parse_card("eU") == 27);
  CHECK(parse_card("h10") == 4);
  CHECK(parse_card("e7") == 31);
  CHECK(parse_card("s6") == kWeli);
  for (int id = 0; id < kDeckSize; ++id) {
    std::string lower = card_text(static_cast<Card>(id));
    for (char& ch : lower) ch = static_cast<char>(ch | 0x20);
    CHECK(parse_card(lower) == id);
  }
}

TEST_CASE("R1.5 W and Weli are aliases of S6; printing gives S6") {
  for (std::string_view alias : {"W", "w", "Weli", "weli", "WELI", "wElI", "S6", "s6"}) {
    CAPTURE(alias);
    CHECK(parse_card(alias) == kWeli);
  }
  CHECK(card_text(parse_card("W")) == "S6");
  CHECK(card_text(parse_card("weli")) == "S6");
  CHECK(parse_cards("w") == bit(kWeli));
}

TEST_CASE("R1.5 bad card text is refused with a CardError quoting it") {
  for (std::string_view bad : {"", "H", "X", "HX", "H1", "H6", "S5", "L6", "E11", "H100", "AH", "10H", "HA ", " HA",
                               "H 10", "S6x", "We", "Wel", "Welis", "6", "S", "A", "Z7"}) {
    CAPTURE(bad);
    Card out = 7;
    CHECK_FALSE(try_parse_card(bad, out));
    CHECK_THROWS_AS(parse_card(bad), CardError);
    std::string quoted(1, '\'');
    quoted.append(bad).push_back('\'');
    CHECK_THROWS_WITH(parse_card(bad), doctest::Contains(quoted.c_str()));
    CHECK_THROWS_WITH(parse_card(bad), doctest::Contains("R1.5"));
  }
  // CardError is a bieten::Error and an std::invalid_argument.
  CHECK_THROWS_AS(parse_card("H1"), Error);
  CHECK_THROWS_AS(parse_card("H1"), std::invalid_argument);
}

TEST_CASE("R1.4 card sets: bit, suit_cards, count, lowest, the full deck") {
  CHECK(bit(0) == 1);
  CHECK(bit(kWeli) == (CardSet{1} << 32));
  CHECK(kFullDeck == 0x1FFFFFFFFULL);
  CHECK(count(kFullDeck) == 33);
  CHECK(kNaturalCards == 0xFFFFFFFFULL);
  CHECK(count(kNaturalCards) == 32);
  CHECK(suit_cards(kHearts) == 0xFFULL);
  CHECK(suit_cards(kLeaves) == 0xFF00ULL);
  CHECK(suit_cards(kBells) == 0xFF0000ULL);
  CHECK(suit_cards(kAcorns) == 0xFF000000ULL);
  CHECK((suit_cards(kBells) & bit(kWeli)) == 0);  // the mask of a suit is its 8 ranks only
  CHECK(count(cs("HA LK S6")) == 3);
  CHECK(lowest(cs("E7 LK S6")) == 9);
  CHECK(lowest(bit(kWeli)) == kWeli);
}

TEST_CASE("R1.5 cards_text lists a set canonically in ascending id") {
  CHECK(cards_text(0) == "");
  CHECK(cards_text(bit(kWeli) | bit(31) | bit(0)) == "HA E7 S6");
  CHECK(cards_text(cs("e7, w  ha")) == "HA E7 S6");
  CHECK(cards_text(suit_cards(kLeaves)) == "LA LK LO LU L10 L9 L8 L7");
  CHECK(cards_text(kFullDeck) ==
        "HA HK HO HU H10 H9 H8 H7 LA LK LO LU L10 L9 L8 L7 SA SK SO SU S10 S9 S8 S7 EA EK EO EU E10 E9 E8 E7 S6");
}

TEST_CASE("R1.5 parse_cards takes spaces and commas, refuses a bad or repeated card") {
  CHECK(parse_cards("") == 0);
  CHECK(parse_cards(" , ") == 0);
  CHECK(parse_cards("HA,HK") == (bit(0) | bit(1)));
  CHECK(parse_cards("  ha \t hk ,, weli\n") == (bit(0) | bit(1) | bit(kWeli)));
  CHECK_THROWS_WITH_AS(parse_cards("HA ha"), "R1.4: card 'HA' is listed twice", CardError);
  CHECK_THROWS_WITH_AS(parse_cards("S6 W"), "R1.4: card 'S6' is listed twice", CardError);
  CHECK_THROWS_AS(parse_cards("HA H1"), CardError);
  CHECK_THROWS_WITH(parse_cards("HA H1"), doctest::Contains("'H1'"));
}

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

// =================================================================================================
// R3 The generator
// =================================================================================================

TEST_CASE("R3.1 mix64 known values") {
  CHECK(mix64(0) == 0);
  CHECK(mix64(1) == 0x5692161D100B05E5ULL);
  CHECK(mix64(2) == 0xDBD238973A2B148AULL);
  CHECK(kGoldenGamma == 0x9E3779B97F4A7C15ULL);
  static_assert(mix64(1) == 0x5692161D100B05E5ULL, "mix64 is constexpr");
}

TEST_CASE("R3.1 SplitMix64 from state 0 gives the known outputs") {
  SplitMix64 g(0);
  CHECK(g.next() == 0xE220A8397B1DCDAFULL);
  CHECK(g.next() == 0x6E789E6AA1B965F4ULL);
  CHECK(g.next() == 0x06C45D188009454FULL);
  CHECK(g.next() == 0xF88BB8A8724C81ECULL);
  CHECK(g.next() == 0x1B39896A51A8749BULL);
  CHECK(g.state() == 5 * kGoldenGamma);
}

TEST_CASE("R3.1 the generator checks of deal_vectors.json hold") {
  const json::Value& file = vectors_file();
  const json::Value* first5 = json::find(file, "splitmix64_state0_first5");
  const json::Value* mixes = json::find(file, "mix64_0_to_2");
  REQUIRE(first5 != nullptr);
  REQUIRE(mixes != nullptr);
  REQUIRE(first5->size() == 5);
  REQUIRE(mixes->size() == 3);
  SplitMix64 g(0);
  for (const json::Value& v : *first5) CHECK(g.next() == as_u64(v));
  for (std::uint64_t z = 0; z < 3; ++z) CHECK(mix64(z) == as_u64((*mixes)[z]));
}

TEST_CASE("R3.2 hand k uses state mix64(S + (k+1)γ); game i of a batch uses seed mix64(B + (i+1)γ)") {
  CHECK(hand_generator(7, 0).state() == 0x63CBE1E459320DD7ULL);  // mix64(7 + γ)
  CHECK(hand_generator(7, 1).state() == 0x044C3CD7F43C661CULL);  // mix64(7 + 2γ mod 2^64)
  CHECK(hand_generator(0, 0).state() == 0xE220A8397B1DCDAFULL);  // mix64(γ)
  CHECK(batch_game_seed(5, 0) == 0x63033B0CA389C35AULL);         // mix64(5 + γ)
  CHECK(batch_game_seed(0, 0) == 0xE220A8397B1DCDAFULL);
  // Wrapping arithmetic at the top of the seed range.
  CHECK(hand_generator(~std::uint64_t{0}, 0).state() == 0xE4D971771B652C20ULL);  // mix64(γ - 1)
}

TEST_CASE("R3.3 bounded(n) is the high word of next() * n") {
  struct Row {
    std::uint32_t n;
    std::array<std::uint32_t, 5> first5;  // from state 0
  };
  const std::array<Row, 7> rows = {{
      {1, {0, 0, 0, 0, 0}},
      {2, {1, 0, 0, 1, 0}},
      {3, {2, 1, 0, 2, 0}},
      {10, {8, 4, 0, 9, 1}},
      {33, {29, 14, 0, 32, 3}},
      {1000, {883, 431, 26, 970, 106}},
      {4294967295U, {3793791032U, 1853398634U, 113532184U, 4169906343U, 456755562U}},
  }};
  for (const Row& row : rows) {
    CAPTURE(row.n);
    SplitMix64 g(0);
    for (std::uint32_t want : row.first5) CHECK(g.bounded(row.n) == want);
    CHECK(g.state() == 5 * kGoldenGamma);  // one draw each: no rejection on these
  }
}

TEST_CASE("R3.3 bounded rejects a draw whose low word is below (2^64 - n) mod n") {
  // From state -γ the first next() is mix64(0) = 0: for n = 3, l = 0 < n and t = (2^64 - 3) mod 3 = 1,
  // so the draw is rejected and the second draw, 0xE220A8397B1DCDAF, gives (x * 3) >> 64 = 2.
  SplitMix64 g(0 - kGoldenGamma);
  CHECK(g.bounded(3) == 2);
  CHECK(g.state() == kGoldenGamma);  // two draws
  // For a power of two t = 0: the same zero draw is accepted and gives 0.
  SplitMix64 h(0 - kGoldenGamma);
  CHECK(h.bounded(32) == 0);
  CHECK(h.state() == 0);  // one draw
  // n = 10: t = (2^64 - 10) mod 10 = 6, so 0 is rejected; (0xE220A8397B1DCDAF * 10) >> 64 = 8.
  SplitMix64 k(0 - kGoldenGamma);
  CHECK(k.bounded(10) == 8);
}

TEST_CASE("R3.3 bounded stays in [0, n) and reaches both ends") {
  SplitMix64 g(12345);
  for (std::uint32_t n : {1U, 2U, 3U, 7U, 32U, 33U}) {
    std::uint32_t lo = n, hi = 0;
    for (int i = 0; i < 2000; ++i) {
      const std::uint32_t v = g.bounded(n);
      REQUIRE(v < n);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    CHECK(lo == 0);
    CHECK(hi == n - 1);
  }
}

// =================================================================================================
// R2.2, R3 The deal
// =================================================================================================

TEST_CASE("R2.2 forehand is the dealer's left neighbour, the cutter his right") {
  CHECK(forehand_of(0, 4) == 1);
  CHECK(forehand_of(3, 4) == 0);
  CHECK(cutter_of(0, 4) == 3);
  CHECK(cutter_of(2, 4) == 1);
  CHECK(forehand_of(0, 2) == 1);
  CHECK(cutter_of(0, 2) == 1);  // with 2 players the cutter is the other player
  CHECK(cutter_of(1, 2) == 0);
  CHECK(forehand_of(4, 5) == 0);
  CHECK(cutter_of(0, 5) == 4);
}

TEST_CASE("R3.4/R3.5 seed 7 hand 0 shuffles to the documented deck with cut 10") {
  const Shuffle s = shuffle_for_hand(7, 0);
  const std::array<Card, kDeckSize> want = {22, 12, 11, 19, 2,  28, 8,  15, 6,  30, 7,  26, 1,  13, 4,  27, 29,
                                            14, 16, 25, 0,  9,  31, 3,  21, 32, 24, 5,  10, 18, 17, 20, 23};
  CHECK(s.deck == want);
  CHECK(s.cut == 10);
}

TEST_CASE("R3.5 complete_cut puts deck[c:] on top of deck[:c - stolen]") {
  const Shuffle s = shuffle_for_hand(7, 0);
  std::array<Card, kDeckSize> out{};
  REQUIRE(complete_cut(s, 0, out) == 33);
  const std::array<Card, kDeckSize> want = {7,  26, 1,  13, 4,  27, 29, 14, 16, 25, 0,  9,  31, 3,  21, 32, 24,
                                            5,  10, 18, 17, 20, 23, 22, 12, 11, 19, 2,  28, 8,  15, 6,  30};
  CHECK(out == want);
  // R3.7: two cards stolen from the bottom of the lifted packet (deck[9] = 30, deck[8] = 6).
  std::array<Card, kDeckSize> out2{};
  REQUIRE(complete_cut(s, 2, out2) == 31);
  for (int i = 0; i < 31; ++i) CHECK(out2[i] == want[i]);
}

TEST_CASE("R3.6 seed 7 hand 0: two packets clockwise from forehand, hands in ascending id") {
  const Dealt d = deal_hand(7, 0, Rules{}, 0);
  // Cut deck 7 26 | 1 13 | 4 27 | 29 14 | 16 | 25 | 0 | 9 | 31 ...: seats 1, 2, 3, 0 get 2 then 1.
  CHECK(cards_text(d.hands[0]) == "LK L8 E9");
  CHECK(cards_text(d.hands[1]) == "H7 SA EO");
  CHECK(cards_text(d.hands[2]) == "HK L9 EK");
  CHECK(cards_text(d.hands[3]) == "HA H10 EU");
  CHECK(d.hands[4] == 0);
  CHECK(d.top_card == cd("E7"));  // R3.8: the next card of the stock
}

TEST_CASE("R3.6 all 20 golden deal vectors of tests/data/deal_vectors.json") {
  const json::Value* vectors = json::find(vectors_file(), "vectors");
  REQUIRE(vectors != nullptr);
  REQUIRE(vectors->size() == 20);
  int checked = 0;
  for (const json::Value& v : *vectors) {
    const std::uint64_t seed = as_u64(v.at("seed"));
    const std::uint64_t hand = as_u64(v.at("hand"));
    const int dealer = static_cast<int>(as_u64(v.at("dealer")));
    Rules r;
    r.players = static_cast<int>(as_u64(v.at("players")));
    r.hand_size = static_cast<int>(as_u64(v.at("hand_size")));
    CAPTURE(seed);
    CAPTURE(hand);
    CAPTURE(dealer);
    CAPTURE(r.players);
    CAPTURE(r.hand_size);
    const Dealt d = deal_hand(seed, hand, r, dealer);
    const json::Value& hands = v.at("hands");
    REQUIRE(static_cast<int>(hands.size()) == r.players);
    for (int p = 0; p < r.players; ++p) {
      std::string want;
      for (const json::Value& c : hands[p]) {
        if (!want.empty()) want += ' ';
        want += c.get<std::string>();
      }
      CAPTURE(p);
      CHECK(cards_text(d.hands[p]) == want);
    }
    ++checked;
  }
  CHECK(checked == 20);
}

TEST_CASE("R3.6 the dealer only rotates who receives which packet") {
  for (int players = 2; players <= 5; ++players) {
    for (int hs : {3, 4}) {
      Rules r;
      r.players = players;
      r.hand_size = hs;
      for (std::uint64_t seed : {0ULL, 7ULL, 99ULL}) {
        const Dealt base = deal_hand(seed, 3, r, 0);
        for (int dealer = 1; dealer < players; ++dealer) {
          const Dealt d = deal_hand(seed, 3, r, dealer);
          for (int k = 0; k < players; ++k) {
            CHECK(d.hands[(dealer + 1 + k) % players] == base.hands[(1 + k) % players]);
          }
          CHECK(d.top_card == base.top_card);
        }
      }
    }
  }
}

TEST_CASE("R3.6/R3.8 every deal gives hand_size distinct cards per seat and an undealt top card") {
  for (int players = 2; players <= 5; ++players) {
    for (int hs : {3, 4}) {
      Rules r;
      r.players = players;
      r.hand_size = hs;
      for (std::uint64_t seed = 0; seed < 50; ++seed) {
        const Dealt d = deal_hand(seed * 0x9E3779B1ULL, seed % 7, r, static_cast<int>(seed % players));
        CardSet all = 0;
        for (int p = 0; p < kMaxPlayers; ++p) {
          if (p >= players) {
            CHECK(d.hands[p] == 0);
            continue;
          }
          CHECK(count(d.hands[p]) == hs);
          CHECK((all & d.hands[p]) == 0);
          all |= d.hands[p];
        }
        REQUIRE(d.top_card <= kWeli);
        CHECK((all & bit(d.top_card)) == 0);
      }
    }
  }
}

TEST_CASE("R3.7 deal_from gives a seat already holding stolen cards only what brings it to 2, then hand_size") {
  std::array<Card, kDeckSize> deck{};
  for (int i = 0; i < 32; ++i) deck[i] = static_cast<Card>(i);  // the Weli (32) was stolen
  Hands held{};
  held[3] = bit(kWeli);
  // 4 players, dealer 0: forehand 1; the cutter is seat 3 and holds one card.
  const Dealt d = deal_from(deck.data(), 32, Rules{}, 0, held);
  CHECK(d.hands[1] == (bit(0) | bit(1) | bit(7)));
  CHECK(d.hands[2] == (bit(2) | bit(3) | bit(8)));
  CHECK(d.hands[3] == (bit(kWeli) | bit(4) | bit(9)));
  CHECK(d.hands[0] == (bit(5) | bit(6) | bit(10)));
  CHECK(d.top_card == 11);
  // hand_size 4, two cards held: nothing in the first packet, two in the second.
  Rules r4;
  r4.hand_size = 4;
  Hands held2{};
  held2[3] = bit(30) | bit(31);
  const Dealt d2 = deal_from(deck.data(), 30, r4, 0, held2);
  CHECK(d2.hands[1] == (bit(0) | bit(1) | bit(6) | bit(7)));
  CHECK(d2.hands[2] == (bit(2) | bit(3) | bit(8) | bit(9)));
  CHECK(d2.hands[3] == (bit(30) | bit(31) | bit(10) | bit(11)));
  CHECK(d2.hands[0] == (bit(4) | bit(5) | bit(12) | bit(13)));
  CHECK(d2.top_card == 14);
}

// =================================================================================================
// R6 Figures (with R5.4 for named wilds)
// =================================================================================================

TEST_CASE("R6.1 top_card_key: rank first; natural > Weli > Bells 7 > Acorns 7 naming the same card (R5.4)") {
  CHECK(top_card_key(natural("LK L10"), kHearts) == 0);  // no Hearts: no Red
  CHECK(top_card_key(natural("HA H7"), kHearts) == (8 << 2 | 3));
  CHECK(top_card_key(natural("HK"), kHearts) == (7 << 2 | 3));
  CHECK(top_card_key(natural("H7 LA"), kHearts) == (1 << 2 | 3));
  CHECK(top_card_key(natural("H7 LA"), kLeaves) == (8 << 2 | 3));
  CHECK(top_card_key(with_wilds("", "HA"), kHearts) == 34);
  CHECK(top_card_key(with_wilds("", "", "HA"), kHearts) == 33);
  CHECK(top_card_key(with_wilds("", "", "", "HA"), kHearts) == 32);
  CHECK(top_card_key(with_wilds("HK", "HO"), kHearts) == (7 << 2 | 3));  // a natural HK beats a named HO
  // R5.4: a named wild ranks immediately below the card it names, above the next lower card.
  CHECK(top_card_key(with_wilds("", "HA"), kHearts) > top_card_key(natural("HK"), kHearts));
  CHECK(top_card_key(with_wilds("", "HA"), kHearts) < top_card_key(natural("HA"), kHearts));
}

TEST_CASE("R6.2 gleich_key: size before rank (four Sows highest), exact keys") {
  // key = size << 8 | (8 - rank) << 4 | (3 - wilds) << 2 | suit priority (Leaves 3, Hearts 2, else 1)
  CHECK(gleich_key(natural("HA LA SA EA"), Ties::kSuitPriority) == (4 << 8 | 8 << 4 | 3 << 2 | 3));
  CHECK(gleich_key(natural("H7 S7 E7"), Ties::kSuitPriority) == (3 << 8 | 1 << 4 | 3 << 2 | 2));
  CHECK(gleich_key(natural("SA EA HK"), Ties::kSuitPriority) == (2 << 8 | 8 << 4 | 3 << 2 | 1));
  CHECK(gleich_key(natural("HA LA HK LK"), Ties::kSuitPriority) == (2 << 8 | 8 << 4 | 3 << 2 | 3));  // higher pair
  CHECK(gleich_key(natural("HA HK HO"), Ties::kSuitPriority) == 0);
  CHECK(gleich_key(natural("S7 S6 E8"), Ties::kSuitPriority) == 0);  // the natural Weli makes no set
  CHECK(gleich_key(natural("H7 S7 E7"), Ties::kSuitPriority) > gleich_key(natural("SA EA HK"), Ties::kSuitPriority));
  CHECK(gleich_key(natural("HA LA SA EA"), Ties::kNoPoint) == (4 << 8 | 8 << 4 | 3 << 2));
}

TEST_CASE("R6.5 Gleich ties: fewer wilds, then Leaves > Hearts > Bells = Acorns; no_point ignores suits") {
  const std::uint32_t hk_sk = gleich_key(natural("HK SK"), Ties::kSuitPriority);
  const std::uint32_t lk_ek = gleich_key(natural("LK EK"), Ties::kSuitPriority);
  CHECK(hk_sk == (2 << 8 | 7 << 4 | 3 << 2 | 2));
  CHECK(lk_ek == (2 << 8 | 7 << 4 | 3 << 2 | 3));
  CHECK(lk_ek > hk_sk);
  CHECK(gleich_key(natural("HK SK"), Ties::kNoPoint) == gleich_key(natural("LK EK"), Ties::kNoPoint));
  // A pair with a wild (the Weli named SK beside a natural LK) loses to a natural pair of Kings,
  // even with the better suit.
  const std::uint32_t with_weli = gleich_key(with_wilds("LK", "SK"), Ties::kSuitPriority);
  CHECK(with_weli == (2 << 8 | 7 << 4 | 2 << 2 | 3));
  CHECK(with_weli < hk_sk);
  const std::uint32_t two_wilds = gleich_key(with_wilds("HK", "SK", "EK"), Ties::kSuitPriority);
  CHECK(two_wilds == (3 << 8 | 7 << 4 | 1 << 2 | 2));
}

TEST_CASE("R6.3 hanger_key: length before top; the natural Weli continues Bells; runs stay in one suit") {
  // key = length << 8 | (8 - top rank) << 4 | (3 - wilds) << 2 | suit priority
  CHECK(hanger_key(natural("HA HK HO"), Ties::kSuitPriority) == (3 << 8 | 8 << 4 | 3 << 2 | 2));
  CHECK(hanger_key(natural("S8 S7 S6"), Ties::kSuitPriority) == (3 << 8 | 2 << 4 | 3 << 2 | 1));
  CHECK(hanger_key(natural("S7 S6 HA"), Ties::kSuitPriority) == (2 << 8 | 1 << 4 | 3 << 2 | 1));
  CHECK(hanger_key(natural("E10 E9 E8 E7"), Ties::kSuitPriority) == (4 << 8 | 4 << 4 | 3 << 2 | 1));
  CHECK(hanger_key(natural("LA LK"), Ties::kSuitPriority) == (2 << 8 | 8 << 4 | 3 << 2 | 3));
  CHECK(hanger_key(natural("H7 LA"), Ties::kSuitPriority) == 0);    // no wrap from one suit to the next
  CHECK(hanger_key(natural("S7 EA"), Ties::kSuitPriority) == 0);
  CHECK(hanger_key(natural("HA H10 LU"), Ties::kSuitPriority) == 0);  // A and 10 are not consecutive
  CHECK(hanger_key(natural("E8 E7"), Ties::kSuitPriority) > hanger_key(natural("S7 S6"), Ties::kSuitPriority));
  // Any 3-run beats any 2-run.
  CHECK(hanger_key(natural("S8 S7 S6"), Ties::kSuitPriority) > hanger_key(natural("LA LK"), Ties::kSuitPriority));
  CHECK(hanger_key(natural("HA HK HO"), Ties::kNoPoint) == (3 << 8 | 8 << 4 | 3 << 2));
}

TEST_CASE("R6.5 Hanger ties: fewer wilds, then Leaves > Hearts > Bells = Acorns") {
  const std::uint32_t hearts = hanger_key(natural("HA HK"), Ties::kSuitPriority);
  const std::uint32_t leaves = hanger_key(natural("LA LK"), Ties::kSuitPriority);
  const std::uint32_t bells = hanger_key(natural("S8 S7"), Ties::kSuitPriority);
  const std::uint32_t acorns = hanger_key(natural("E8 E7"), Ties::kSuitPriority);
  CHECK(leaves > hearts);
  CHECK(bells == acorns);
  // A run with a wild in it loses to a natural run of the same length and top.
  CHECK(hanger_key(with_wilds("SA", "SK"), Ties::kSuitPriority) == (2 << 8 | 8 << 4 | 2 << 2 | 1));
  CHECK(hanger_key(with_wilds("SA", "SK"), Ties::kSuitPriority) < hanger_key(natural("EA EK"), Ties::kSuitPriority));
  // A player's own best run is the one that wins the whole comparison: his natural Hearts run, not
  // his Leaves run that holds a wild.
  CHECK(hanger_key(with_wilds("HA HK LA", "LK"), Ties::kSuitPriority) == hearts);
}

TEST_CASE("R6.5 best_seat: the strictly highest key; a tie or all zero is nobody") {
  auto best = [](std::vector<std::uint32_t> keys) {
    return best_seat(static_cast<int>(keys.size()), [&](int p) { return keys[p]; });
  };
  CHECK(best({3, 5, 1}) == 1);
  CHECK(best({0, 0, 7}) == 2);
  CHECK(best({0, 5, 5}) == kNobody);
  CHECK(best({5, 5, 9}) == 2);  // a tie below the best does not matter
  CHECK(best({9, 5, 9, 1}) == kNobody);
  CHECK(best({0, 0}) == kNobody);
}

TEST_CASE("R6 evaluate_natural: Red, Green, Gleich, Hanger and the Weli point of a deal") {
  const GivenDeal g = scripted_deal();
  const Winners tyrol = evaluate_natural(g.hands.data(), preset("tyrol"));
  CHECK(tyrol == Winners{0, 1, 1, 0, 2});  // HA; LA; three Sows; A-K-O of Hearts; S6 (R6.6)
  const Winners bavaria = evaluate_natural(g.hands.data(), preset("bavaria"));
  CHECK(bavaria == Winners{0, 1, 1, 0, kNobody});  // no Weli point in Bavaria
}

TEST_CASE("R6.5 evaluate_natural: suit priority decides equal sets; no_point gives nobody") {
  const GivenDeal g = given({"HK SK E7", "LK EK H7", "S8 S7 HA", "E9 E8 LA"});
  Rules r;
  CHECK(evaluate_natural(g.hands.data(), r) == Winners{2, 3, 1, 3, kNobody});  // Kings: LK beats HK
  r.ties = Ties::kNoPoint;
  CHECK(evaluate_natural(g.hands.data(), r) == Winners{2, 3, kNobody, 3, kNobody});
  // Bells = Acorns: equal runs of Bells and Acorns tie under either setting.
  Rules two;
  two.players = 2;
  const GivenDeal h = given({"S8 S7 HA", "E8 E7 LA"});
  CHECK(evaluate_natural(h.hands.data(), two)[kEvalHanger] == kNobody);
  two.ties = Ties::kNoPoint;
  CHECK(evaluate_natural(h.hands.data(), two)[kEvalHanger] == kNobody);
}

TEST_CASE("R6 evaluate_natural (fast path) agrees with figure_winners over seeded deals") {
  int deals = 0;
  for (int players = 2; players <= 5; ++players) {
    for (int hs : {3, 4}) {
      for (Ties ties : {Ties::kSuitPriority, Ties::kNoPoint}) {
        for (bool weli_point : {true, false}) {
          Rules r;
          r.players = players;
          r.hand_size = hs;
          r.ties = ties;
          r.weli_point = weli_point;
          for (std::uint64_t seed = 0; seed < 60; ++seed) {
            const Dealt d = deal_hand(seed, 0, r, 0);
            std::array<FigureCards, kMaxPlayers> fc{};
            std::int8_t weli = kNobody;
            for (int p = 0; p < players; ++p) {
              fc[p].cards = d.hands[p];
              if (d.hands[p] & bit(kWeli)) weli = static_cast<std::int8_t>(p);
            }
            CAPTURE(players);
            CAPTURE(hs);
            CAPTURE(seed);
            CHECK(evaluate_natural(d.hands.data(), r) == figure_winners(fc.data(), players, r, weli));
            ++deals;
          }
        }
      }
    }
  }
  CHECK(deals == 4 * 2 * 2 * 2 * 60);
}

TEST_CASE("R6 evaluate_batch writes deals x 5 winners, -1 for nobody") {
  Rules r;
  r.players = 2;
  const std::array<CardSet, 4> masks = {cs("S8 S7 HA"), cs("E8 E7 LA"),  // deal 0
                                        cs("HA HK HO"), cs("LA LK S6")};  // deal 1
  std::array<std::int8_t, 10> out{};
  out.fill(99);
  evaluate_batch(masks.data(), 2, r, out.data());
  CHECK(out == std::array<std::int8_t, 10>{0, 1, -1, -1, -1, 0, 1, -1, 0, 1});
}

TEST_CASE("R6 validate_hands refuses wrong sizes, repeated cards, bits beyond 33 and wild cards") {
  Rules r;
  r.players = 2;
  std::array<CardSet, 2> h = {cs("HA HK"), cs("LA LK LO")};
  CHECK_THROWS_WITH_AS(validate_hands(h.data(), r), "R3.6: seat 0 holds 2 cards [HA HK], hand_size is 3", HandError);
  h = {cs("HA HK HO"), cs("HA LK LO")};
  CHECK_THROWS_WITH_AS(validate_hands(h.data(), r), "R1.4: seat 1 holds HA, which another seat holds too",
                       HandError);
  h = {cs("HA HK") | (CardSet{1} << 40), cs("LA LK LO")};
  CHECK_THROWS_AS(validate_hands(h.data(), r), HandError);
  CHECK_THROWS_WITH(validate_hands(h.data(), r), doctest::Contains("R1.4: seat 0 has bits beyond the 33 cards"));
  h = {cs("S6 HA HK"), cs("LA LK LO")};
  CHECK_NOTHROW(validate_hands(h.data(), r));  // the Weli is natural in tyrol
  Rules weli = rules_with("welibieten", 2);
  CHECK_THROWS_WITH_AS(validate_hands(h.data(), weli),
                       "R5.1: seat 0 holds S6, a wild card under these rules; only natural cards can be evaluated",
                       HandError);
  Rules spitz = rules_with("spitzbieten", 2);
  h = {cs("HA HK HO"), cs("LA LK E7")};
  CHECK_THROWS_WITH_AS(validate_hands(h.data(), spitz), doctest::Contains("seat 1 holds E7, a wild card"), HandError);
  // In a batch the error names the deal.
  const std::array<CardSet, 4> batch = {cs("HA HK HO"), cs("LA LK LO"), cs("SA SK SO"), cs("SA EK EO")};
  std::array<std::int8_t, 10> out{};
  CHECK_THROWS_WITH_AS(evaluate_batch(batch.data(), 2, r, out.data()),
                       "R1.4: deal 1, seat 1 holds SA, which another seat holds too", HandError);
}

TEST_CASE("R5.4 figure_winners with named wilds: below the named card, Weli > Bells 7 > Acorns 7") {
  Rules r = rules_with("spitzbieten", 3);
  {  // Red: the Weli named HA beats a natural HK; a natural HA beats the Weli named HA.
    const std::array<FigureCards, 3> fc = {natural("HK LU"), with_wilds("LO", "HA"), natural("EO EU")};
    CHECK(figure_winners(fc.data(), 3, r, kNobody)[kEvalRed] == 1);
    const std::array<FigureCards, 3> fc2 = {natural("HA LU"), with_wilds("LO", "HA"), natural("EO EU")};
    CHECK(figure_winners(fc2.data(), 3, r, kNobody)[kEvalRed] == 0);
  }
  {  // Green: three wilds all named LA; Weli > Bells 7 > Acorns 7.
    const std::array<FigureCards, 3> fc = {with_wilds("HU", "", "", "LA"), with_wilds("HO", "", "LA"),
                                           with_wilds("H9", "LA")};
    CHECK(figure_winners(fc.data(), 3, r, kNobody)[kEvalGreen] == 2);
    const std::array<FigureCards, 3> fc2 = {with_wilds("HU", "", "", "LA"), with_wilds("HO", "", "LA"), natural("H9")};
    CHECK(figure_winners(fc2.data(), 3, r, kNobody)[kEvalGreen] == 1);
  }
  {  // Gleich: equal pairs of Kings, fewer wilds wins over the better suit (R6.5).
    const std::array<FigureCards, 3> fc = {natural("HK SK"), with_wilds("LK", "EK"), natural("HA LA")};
    const Winners w = figure_winners(fc.data(), 3, r, kNobody);
    CHECK(w[kEvalGleich] == 2);  // a pair of Sows beats any pair of Kings
    const std::array<FigureCards, 3> fc2 = {natural("HK SK"), with_wilds("LK", "EK"), natural("HO L9")};
    CHECK(figure_winners(fc2.data(), 3, r, kNobody)[kEvalGleich] == 0);
  }
  {  // Hanger: a 3-run with a wild beats a natural 2-run; Weli point only with weli_point.
    const std::array<FigureCards, 3> fc = {natural("HA HK"), with_wilds("L10 L8", "L9"), natural("S6 EA")};
    const Winners w = figure_winners(fc.data(), 3, r, 2);
    CHECK(w[kEvalHanger] == 1);
    CHECK(w[kEvalWeli] == kNobody);
    Rules tyrol;
    tyrol.players = 3;
    CHECK(figure_winners(fc.data(), 3, tyrol, 2)[kEvalWeli] == 2);
  }
}

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
  CHECK(g.bummerl_seats() == 0b1100);  // seats 2 and 3 share the lowest total
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

TEST_CASE("SharedLog copies share chunks and diverge by copy on write") {
  SharedLog<int, 4> a;
  for (int i = 0; i < 6; ++i) a.push_back(i);  // one full chunk and one half-filled
  SharedLog<int, 4> b = a;
  b.push_back(100);  // the shared, half-filled chunk is copied first
  a.push_back(200);
  a.push_back(201);
  a.push_back(202);  // a opens a new chunk of its own
  REQUIRE(a.size() == 9);
  REQUIRE(b.size() == 7);
  CHECK(std::vector<int>(a.begin(), a.end()) == std::vector<int>{0, 1, 2, 3, 4, 5, 200, 201, 202});
  CHECK(std::vector<int>(b.begin(), b.end()) == std::vector<int>{0, 1, 2, 3, 4, 5, 100});
  CHECK_FALSE(a == b);
  SharedLog<int, 4> c = b;
  CHECK(c == b);
  c.clear();
  CHECK(c.empty());
  CHECK(b.back() == 100);
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
        CHECK(g.bummerl_seats() == bummerl);
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
