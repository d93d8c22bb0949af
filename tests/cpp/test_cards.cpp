// Unit tests of Bieten's core (docs/rules/bieten.md), doctest, run by ctest as `bieten_cards`.
// Cards (R1.4, R1.5): card ids, text, parsing, card sets.
//
// Every expected value here is written out from the rules (or from docs/deal.md and the golden
// vectors in tests/data/deal_vectors.json, which come from the independent Python reference), never
// computed by the code under test.
#include "bieten_test.hpp"


using namespace bieten;
using namespace bieten_test;

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
