// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_figures`.
// The figures (R6, with R5.4 for named wilds): keys, ties, evaluation, hand validation.
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"


using namespace bieten;
using namespace bieten_test;

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

namespace {

// Calls f(rules) for every natural table: 2-5 players, 3 or 4 cards, either tie rule (R6.5), with and
// without the Weli point (R6.6). Returns how many.
template <typename F>
int for_each_natural_table(F&& f) {
  int tables = 0;
  for (int players = 2; players <= 5; ++players) {
    for (int hs : {3, 4}) {
      for (Ties ties : {Ties::kSuitPriority, Ties::kNoPoint}) {
        for (bool weli_point : {true, false}) {
          Rules r;
          r.players = players;
          r.hand_size = hs;
          r.ties = ties;
          r.weli_point = weli_point;
          f(static_cast<const Rules&>(r));
          ++tables;
        }
      }
    }
  }
  return tables;
}

}  // namespace

TEST_CASE("R6 evaluate_natural (fast path) agrees with figure_winners over seeded deals") {
  int deals = 0;
  const int tables = for_each_natural_table([&deals](const Rules& r) {
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      const Dealt d = deal_hand(seed, 0, r, 0);
      std::array<FigureCards, kMaxPlayers> fc{};
      std::int8_t weli = kNobody;
      for (int p = 0; p < r.players; ++p) {
        fc[p].cards = d.hands[p];
        if (d.hands[p] & bit(kWeli)) weli = static_cast<std::int8_t>(p);
      }
      CAPTURE(r.players);
      CAPTURE(r.hand_size);
      CAPTURE(seed);
      CHECK(evaluate_natural(d.hands.data(), r) == figure_winners(fc.data(), r.players, r, weli));
      ++deals;
    }
  });
  CHECK(tables == 4 * 2 * 2 * 2);
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
// R6 evaluate_batch's vector paths (figures_batch.hpp): the same winners as the portable path
// =================================================================================================

namespace {

// Every path this CPU runs gives `expected` (the portable path's rows) on `masks`.
void check_every_path_agrees(const std::vector<CardSet>& masks, const Rules& r) {
  const std::size_t deals = masks.size() / static_cast<std::size_t>(r.players);
  std::vector<std::int8_t> expected(deals * kEvalColumns), got(deals * kEvalColumns);
  evaluate_rows_with(BatchIsa::kPortable, masks.data(), deals, r, expected.data());
  for (BatchIsa isa : {BatchIsa::kAvx2, BatchIsa::kAvx512}) {
    if (!batch_isa_supported(isa)) continue;
    std::fill(got.begin(), got.end(), std::int8_t{99});
    evaluate_rows_with(isa, masks.data(), deals, r, got.data());
    for (std::size_t d = 0; d < deals; ++d) {
      for (int k = 0; k < kEvalColumns; ++k) {
        const std::size_t at = d * kEvalColumns + static_cast<std::size_t>(k);
        if (got[at] != expected[at]) {
          INFO(batch_isa_name(isa), " deal ", d, " column ", k, " players ", r.players, " hand_size ",
               r.hand_size, " suit priority ", r.ties == Ties::kSuitPriority, " weli_point ", r.weli_point);
          CHECK(int{got[at]} == int{expected[at]});
          return;
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("R6 evaluate_batch: the AVX2 and AVX-512 paths judge every seeded deal as the portable path") {
  const int tables = for_each_natural_table([](const Rules& r) {
    std::vector<CardSet> masks;
    for (std::uint64_t seed = 0; seed < 2003; ++seed) {  // not a multiple of 4 or 8: the tail too
      const Dealt d = deal_hand(seed, 0, r, 0);
      masks.insert(masks.end(), d.hands.begin(), d.hands.begin() + r.players);
    }
    check_every_path_agrees(masks, r);
  });
  CHECK(tables == 4 * 2 * 2 * 2);
}

TEST_CASE("R6 evaluate_batch: the vector paths agree with the portable path on any 33-card masks") {
  // Not deals a game makes (hands overlap, any size): the keys are bit arithmetic on any card set, so
  // the paths must agree here too. Dense hands make the sets of four, long runs and ties common.
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  auto next = [&state] {  // splitmix64
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (int players = 2; players <= 5; ++players) {
    for (Ties ties : {Ties::kSuitPriority, Ties::kNoPoint}) {
      Rules r;
      r.players = players;
      r.ties = ties;
      r.weli_point = true;
      std::vector<CardSet> masks;
      for (int i = 0; i < 4001 * players; ++i) {
        const std::uint64_t density = next() % 3;  // sparse, medium, dense hands
        CardSet m = next() & kFullDeck;
        if (density == 0) m &= next() & next();
        if (density == 2) m |= next() & kFullDeck;
        masks.push_back(m);
      }
      check_every_path_agrees(masks, r);
    }
  }
}
