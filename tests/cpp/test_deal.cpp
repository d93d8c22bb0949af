// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_deal`.
// The generator and the deal (R2.2, R3): SplitMix64, bounded draws, the shuffle and cut, packets,
// the golden vectors of tests/data/deal_vectors.json and cut-steal dealing.
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"

#include <fstream>
#include <sstream>

#include "core/json.hpp"

#ifndef BIETEN_DEAL_VECTORS
#error "BIETEN_DEAL_VECTORS (the path of tests/data/deal_vectors.json) must be defined by the build"
#endif

using namespace bieten;
using namespace bieten_test;

namespace {

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

}  // namespace

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
