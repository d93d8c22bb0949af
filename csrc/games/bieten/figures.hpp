// The figures and who wins them (RULES R6, with R5.4 for named wilds).
//
// Each player's strength in a figure is one integer key: 0 when he does not hold the figure,
// otherwise higher beats lower and equal keys tie (R6.5). The keys are pure bit operations on the
// player's card set, with no allocation, so that millions of deals can be judged per second.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "games/bieten/cards.hpp"
#include "games/bieten/figures_batch.hpp"
#include "games/bieten/rules.hpp"

namespace bieten {

// The figures that can be bid (R7.1), in the unbid scoring order of R8.1.
enum Figure : std::uint8_t { kRed = 0, kGreen = 1, kGleich = 2, kHanger = 3, kSpiel = 4 };
inline constexpr int kBiddableFigures = 5;

// Columns of an evaluation: the four card figures and the Weli point (R6.1-R6.3, R6.6).
enum EvalColumn : std::uint8_t { kEvalRed = 0, kEvalGreen, kEvalGleich, kEvalHanger, kEvalWeli };
inline constexpr int kEvalColumns = 5;
inline constexpr std::int8_t kNobody = -1;

// The wild cards in their R5.4 order, strongest first: Weli > Bells 7 > Acorns 7.
inline constexpr std::array<Card, 3> kWildOrder = {kWeli, kBellsSeven, kAcornsSeven};

// R5.3: the identities an unplayed wild of a seat may still be named: natural cards not dealt to
// that seat, not named by its other wilds, and not in a suit it failed to follow.
inline constexpr CardSet wild_identities(CardSet dealt, CardSet named, std::uint8_t failed_suits) {
  return kNaturalCards & ~dealt & ~named & ~suits_cards(failed_suits);
}

// A player's whole hand as judged for the figures (R6): `cards` holds the identities of all his
// cards, natural ones as themselves and played wilds as named (R5.2); named_by[w] is the identity
// named by the wild kWildOrder[w] (one bit, or 0). Bit 32 (the Weli) only appears when it is natural.
struct FigureCards {
  CardSet cards = 0;
  std::array<CardSet, 3> named_by{};

  constexpr CardSet wild_named() const { return named_by[0] | named_by[1] | named_by[2]; }
};

namespace detail {

// R6.5 suit priority: Leaves > Hearts > Bells = Acorns.
inline constexpr std::uint32_t suit_priority(int suit) { return suit == kLeaves ? 3 : suit == kHearts ? 2 : 1; }

// Moves the four suits into 16-bit lanes (suit s at bit 16*s) and the natural Weli to bit 8 of
// the Bells lane, so that runs can be found with shifts that never cross a suit (R6.3).
inline constexpr std::uint64_t spread_suits(CardSet s) {
  return (s & 0xFF) | ((s & 0xFF00) << 8) | ((s & 0xFF0000) << 16) | ((s & 0xFF000000) << 24) |
         ((s >> kWeli) & 1) << 40;
}

// Packs a figure key: size or length, then rank (higher rank = larger), then fewer wilds, then suit.
inline constexpr std::uint32_t pack_key(int size, int top_rank, int wilds, std::uint32_t suit_prio) {
  return static_cast<std::uint32_t>(size) << 8 | static_cast<std::uint32_t>(8 - top_rank) << 4 |
         static_cast<std::uint32_t>(3 - wilds) << 2 | suit_prio;
}

}  // namespace detail

// R6.1 Red/Green: the player's highest card of `suit`; a named wild ranks just below the natural
// card it names, Weli > Bells 7 > Acorns 7 among wilds naming the same card (R5.4).
inline constexpr std::uint32_t top_card_key(const FigureCards& h, int suit) {
  const CardSet in_suit = h.cards & suit_cards(suit);
  if (!in_suit) return 0;
  const CardSet best = in_suit & (0 - in_suit);  // lowest id = highest rank (R1.4)
  std::uint32_t order = 3;                       // natural
  for (int w = 0; w < 3; ++w) {
    if (h.named_by[w] & best) order = 2 - static_cast<std::uint32_t>(w);
  }
  return static_cast<std::uint32_t>(8 - rank_of(lowest(best))) << 2 | order;
}

// R6.2 Gleich: the player's largest, then highest set of equal ranks; R6.5 then fewer wilds and the
// best suit in it (suit priority only with ties = suit_priority). 0 = no set.
inline constexpr std::uint32_t gleich_key(const FigureCards& h, Ties ties) {
  const CardSet c = h.cards;
  const std::uint32_t a = c & 0xFF, b = (c >> 8) & 0xFF, d = (c >> 16) & 0xFF, e = (c >> 24) & 0xFF;
  // Bit-sliced count of the four suits per rank: ones + 2*twos + 4*fours.
  const std::uint32_t s1 = a ^ b, c1 = a & b, s2 = d ^ e, c2 = d & e;
  const std::uint32_t ones = s1 ^ s2, carry = s1 & s2;
  const std::uint32_t twos = c1 ^ c2 ^ carry;
  const std::uint32_t fours = (c1 & c2) | ((c1 ^ c2) & carry);
  int size = 0;
  std::uint32_t ranks = 0;
  if (fours) {
    size = 4, ranks = fours;
  } else if (twos & ones) {
    size = 3, ranks = twos & ones;
  } else if (twos) {
    size = 2, ranks = twos;
  } else {
    return 0;
  }
  const int rank = std::countr_zero(ranks);  // highest rank with that count
  const CardSet set = c & (CardSet{0x01010101} << rank);
  const int wilds = count(h.wild_named() & set);
  std::uint32_t prio = 0;
  if (ties == Ties::kSuitPriority) {
    prio = (set & suit_cards(kLeaves)) ? 3 : (set & suit_cards(kHearts)) ? 2 : 1;
  }
  return detail::pack_key(size, rank, wilds, prio);
}

// R6.3 Hanger: the player's longest, then highest-topped run of one suit (the natural Weli
// continues Bells below the 7); R6.5 then fewer wilds and suit priority. 0 = no run.
inline constexpr std::uint32_t hanger_key(const FigureCards& h, Ties ties) {
  const std::uint64_t y = detail::spread_suits(h.cards);
  const std::uint64_t r2 = y & (y >> 1);  // bit r: ranks r and r+1 held (run topped at r)
  const std::uint64_t r3 = r2 & (y >> 2);
  const std::uint64_t r4 = r3 & (y >> 3);
  int length = 0;
  std::uint64_t runs = 0;
  if (r4) {
    length = 4, runs = r4;
  } else if (r3) {
    length = 3, runs = r3;
  } else if (r2) {
    length = 2, runs = r2;
  } else {
    return 0;
  }
  const std::uint64_t tops = (runs | runs >> 16 | runs >> 32 | runs >> 48) & 0xFFFF;
  const int top = std::countr_zero(tops);
  const std::uint64_t wild_lanes = detail::spread_suits(h.wild_named());
  const std::uint64_t run_bits = ((std::uint64_t{1} << length) - 1) << top;
  std::uint32_t best = 0;
  for (int suit = 0; suit < kSuits; ++suit) {  // every suit with a run of that length and top
    if (!((runs >> (16 * suit + top)) & 1)) continue;
    const int wilds = std::popcount(wild_lanes & (run_bits << (16 * suit)));
    const std::uint32_t prio = ties == Ties::kSuitPriority ? detail::suit_priority(suit) : 0;
    const std::uint32_t key = detail::pack_key(length, top, wilds, prio);
    best = key > best ? key : best;
  }
  return best;
}

// The seat whose key is strictly highest, or kNobody on a tie or when nobody holds it (R6.5).
template <typename KeyOf>
inline constexpr std::int8_t best_seat(int players, KeyOf key_of) {
  std::uint32_t best = 0;
  std::int8_t seat = kNobody;
  bool tied = false;
  for (int p = 0; p < players; ++p) {
    const std::uint32_t k = key_of(p);
    if (k > best) {
      best = k, seat = static_cast<std::int8_t>(p), tied = false;
    } else if (k == best && k != 0) {
      tied = true;
    }
  }
  return tied ? kNobody : seat;
}

using Winners = std::array<std::int8_t, kEvalColumns>;  // indexed by EvalColumn; kNobody = -1

// The winners of Red, Green, Gleich, Hanger and the Weli point (R6.6; kNobody unless weli_point).
// `dealt_weli` is the seat dealt the physical Weli, or kNobody.
inline constexpr Winners figure_winners(const FigureCards* hands, int players, const Rules& rules,
                                        std::int8_t dealt_weli) {
  Winners w{};
  w[kEvalRed] = best_seat(players, [&](int p) { return top_card_key(hands[p], kHearts); });
  w[kEvalGreen] = best_seat(players, [&](int p) { return top_card_key(hands[p], kLeaves); });
  w[kEvalGleich] = best_seat(players, [&](int p) { return gleich_key(hands[p], rules.ties); });
  w[kEvalHanger] = best_seat(players, [&](int p) { return hanger_key(hands[p], rules.ties); });
  w[kEvalWeli] = rules.weli_point ? dealt_weli : kNobody;
  return w;
}

// Winners for complete natural hands (no wild card of these rules), as in bieten.evaluate. Without
// sets_and_runs the Gleich and Hanger columns are not judged and left at kNobody.
Winners evaluate_natural(const CardSet* hands, const Rules& rules, bool sets_and_runs = true);

// Throws HandError if `hands` (rules.players sets) are not complete natural hands of these rules:
// hand_size cards each, only cards of the deck, no card twice, no wild card. `row` >= 0 names the
// deal in a batch.
void validate_hands(const CardSet* hands, const Rules& rules, std::ptrdiff_t row = -1);

// Evaluates `deals` deals of rules.players masks each (row-major) into `out` (deals x 5, kNobody = -1).
// Validates every deal first when `validate` is set (HandError naming the row). `isa` picks the
// vector path (figures_batch.hpp); by default the widest this CPU runs.
void evaluate_batch(const CardSet* masks, std::size_t deals, const Rules& rules, std::int8_t* out,
                    bool validate = true, BatchIsa isa = best_batch_isa());

}  // namespace bieten
