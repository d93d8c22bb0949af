#include "games/bieten/figures.hpp"

#include <string>

#include "core/errors.hpp"

namespace bieten {

namespace {

std::string where(std::ptrdiff_t row, int seat) {
  std::string s = "seat " + std::to_string(seat);
  if (row >= 0) s = "deal " + std::to_string(row) + ", " + s;
  return s;
}

}  // namespace

void validate_hands(const CardSet* hands, const Rules& rules, std::ptrdiff_t row) {
  CardSet seen = 0;
  const CardSet wild = rules.wild_cards();
  for (int p = 0; p < rules.players; ++p) {
    const CardSet h = hands[p];
    if (h & ~kFullDeck) {
      throw HandError("R1.4: " + where(row, p) + " has bits beyond the 33 cards (mask " + std::to_string(h) + ")");
    }
    if (count(h) != rules.hand_size) {
      throw HandError("R3.6: " + where(row, p) + " holds " + std::to_string(count(h)) + " cards [" + cards_text(h) +
                      "], hand_size is " + std::to_string(rules.hand_size));
    }
    if (const CardSet twice = h & seen) {
      throw HandError("R1.4: " + where(row, p) + " holds " + card_text(lowest(twice)) +
                      ", which another seat holds too");
    }
    if (const CardSet w = h & wild) {
      throw HandError("R5.1: " + where(row, p) + " holds " + card_text(lowest(w)) +
                      ", a wild card under these rules; only natural cards can be evaluated");
    }
    seen |= h;
  }
}

namespace {

// The fast path for natural cards only (no wilds): every key is branch-light bit arithmetic, and
// the number of players is a template parameter so the loops over seats unroll. The helpers are
// always inline: the Python module's link-time inliner, which sees more callers than a program,
// left the Gleich and Hanger keys as calls from the game's end of hand (eight a hand), which a
// program's link inlines (benchmarks/RESULTS.md, "Issue 25 item 4, sixth pass").

// Moves the four suits into 16-bit lanes with the natural Weli at bit 8 of the Bells lane, like
// detail::spread_suits, in fewer operations (two shift-or-mask steps).
[[gnu::always_inline]] inline std::uint64_t spread_fast(CardSet c) {
  std::uint64_t x = c & 0xFFFFFFFF;
  x = (x | x << 16) & 0x0000FFFF0000FFFFULL;
  x = (x | x << 8) & 0x00FF00FF00FF00FFULL;
  return x | ((c >> kWeli) & 1) << 40;
}

// R6.5 suit priority of the natural set at `rank` (Leaves 3, Hearts 2, Bells/Acorns 1).
[[gnu::always_inline]] inline std::uint32_t priority_at(CardSet c, int rank) {
  const auto leaves = static_cast<std::uint32_t>((c >> (8 + rank)) & 1);
  const auto hearts = static_cast<std::uint32_t>((c >> rank) & 1);
  return 1 + (leaves << 1 | (hearts & ~leaves));
}

// R6.2 Gleich of natural cards: position = (4 - size) * 8 + rank in one word, the lowest wins.
[[gnu::always_inline]] inline std::uint32_t natural_gleich_key(CardSet c, bool suit_priority) {
  const std::uint32_t a = c & 0xFF, b = (c >> 8) & 0xFF, d = (c >> 16) & 0xFF, e = (c >> 24) & 0xFF;
  const std::uint32_t s1 = a ^ b, c1 = a & b, s2 = d ^ e, c2 = d & e;
  const std::uint32_t ones = s1 ^ s2, carry = s1 & s2;
  const std::uint32_t twos = c1 ^ c2 ^ carry;
  const std::uint32_t fours = (c1 & c2) | ((c1 ^ c2) & carry);
  if (!(twos | fours)) return 0;
  const std::uint32_t ranked = fours | (twos & ones) << 8 | twos << 16;
  const int pos = std::countr_zero(ranked);
  const std::uint32_t prio = suit_priority ? priority_at(c, pos & 7) : 0;
  return static_cast<std::uint32_t>(32 - pos) << 2 | prio;
}

// R6.3 Hanger of natural cards (the natural Weli continues Bells): longest, then highest top.
[[gnu::always_inline]] inline std::uint32_t natural_hanger_key(CardSet c, bool suit_priority) {
  const std::uint64_t y = spread_fast(c);
  const std::uint64_t r2 = y & (y >> 1);
  if (!r2) return 0;
  const std::uint64_t r3 = r2 & (y >> 2), r4 = r3 & (y >> 3);
  const std::uint64_t runs = r4 ? r4 : r3 ? r3 : r2;
  const int length = r4 ? 4 : r3 ? 3 : 2;
  const int top = std::countr_zero((runs | runs >> 16 | runs >> 32 | runs >> 48) & 0xFF);
  std::uint32_t prio = 0;
  if (suit_priority) {
    const auto leaves = static_cast<std::uint32_t>((runs >> (16 + top)) & 1);
    const auto hearts = static_cast<std::uint32_t>((runs >> top) & 1);
    prio = 1 + (leaves << 1 | (hearts & ~leaves));
  }
  return static_cast<std::uint32_t>(length * 8 + 7 - top) << 2 | prio;
}

// The seat holding `card_bit` among P hands (0 if none; callers check that someone holds it).
template <int P>
[[gnu::always_inline]] inline std::int8_t holder_of(const CardSet* hands, CardSet card_bit) {
  int seat = 0;
  for (int p = 1; p < P; ++p) seat += p * static_cast<int>((hands[p] & card_bit) != 0);
  return static_cast<std::int8_t>(seat);
}

template <int P>
[[gnu::always_inline]] inline std::int8_t unique_best(const std::uint32_t (&keys)[P]) {
  std::uint32_t best = 0;
  for (int p = 0; p < P; ++p) best = keys[p] > best ? keys[p] : best;
  unsigned holders = 0;
  for (int p = 0; p < P; ++p) holders |= static_cast<unsigned>(keys[p] == best) << p;
  const bool unique = (holders & (holders - 1)) == 0;
  return (best != 0 && unique) ? static_cast<std::int8_t>(std::countr_zero(holders)) : kNobody;
}

// kSetsAndRuns = false leaves Gleich and Hanger, the costly columns, at kNobody.
template <int P, bool kSetsAndRuns = true>
[[gnu::always_inline]] inline void evaluate_row(const CardSet* hands, bool suit_priority, bool weli_point,
                                                std::int8_t* out) {
  CardSet all = 0;
  for (int p = 0; p < P; ++p) all |= hands[p];
  if constexpr (kSetsAndRuns) {
    std::uint32_t gleich[P], hanger[P];
    for (int p = 0; p < P; ++p) {
      gleich[p] = natural_gleich_key(hands[p], suit_priority);
      hanger[p] = natural_hanger_key(hands[p], suit_priority);
    }
    out[kEvalGleich] = unique_best<P>(gleich);
    out[kEvalHanger] = unique_best<P>(hanger);
  } else {
    out[kEvalGleich] = out[kEvalHanger] = kNobody;
  }
  const CardSet hearts = all & suit_cards(kHearts), leaves = all & suit_cards(kLeaves);
  out[kEvalRed] = hearts ? holder_of<P>(hands, hearts & (0 - hearts)) : kNobody;
  out[kEvalGreen] = leaves ? holder_of<P>(hands, leaves & (0 - leaves)) : kNobody;
  out[kEvalWeli] = (weli_point && (all & bit(kWeli))) ? holder_of<P>(hands, bit(kWeli)) : kNobody;
}

template <int P>
void evaluate_rows(const CardSet* masks, std::size_t deals, const Rules& rules, std::int8_t* out) {
  const bool suit_priority = rules.ties == Ties::kSuitPriority;
  for (std::size_t d = 0; d < deals; ++d) {
    evaluate_row<P>(masks + d * P, suit_priority, rules.weli_point, out + d * kEvalColumns);
  }
}

}  // namespace

namespace {

template <bool kSetsAndRuns>
Winners evaluate_one(const CardSet* hands, const Rules& rules) {
  // One row, straight to its evaluator: the game's end of hand (R6) pays no batch loop or check.
  Winners w{};
  const bool suit_priority = rules.ties == Ties::kSuitPriority;
  switch (rules.players) {
    case 2: evaluate_row<2, kSetsAndRuns>(hands, suit_priority, rules.weli_point, w.data()); break;
    case 3: evaluate_row<3, kSetsAndRuns>(hands, suit_priority, rules.weli_point, w.data()); break;
    case 4: evaluate_row<4, kSetsAndRuns>(hands, suit_priority, rules.weli_point, w.data()); break;
    case 5: evaluate_row<5, kSetsAndRuns>(hands, suit_priority, rules.weli_point, w.data()); break;
    default: break;  // R2.1: validated rules have 2 to 5 players
  }
  return w;
}

}  // namespace

Winners evaluate_natural(const CardSet* hands, const Rules& rules, bool sets_and_runs) {
  return sets_and_runs ? evaluate_one<true>(hands, rules) : evaluate_one<false>(hands, rules);
}

namespace detail {

void evaluate_rows_portable(const CardSet* masks, std::size_t deals, const Rules& rules, std::int8_t* out) {
  switch (rules.players) {
    case 2: evaluate_rows<2>(masks, deals, rules, out); break;
    case 3: evaluate_rows<3>(masks, deals, rules, out); break;
    case 4: evaluate_rows<4>(masks, deals, rules, out); break;
    case 5: evaluate_rows<5>(masks, deals, rules, out); break;
    default: break;  // R2.1: validated rules have 2 to 5 players
  }
}

}  // namespace detail

void evaluate_batch(const CardSet* masks, std::size_t deals, const Rules& rules, std::int8_t* out, bool validate,
                    BatchIsa isa) {
  if (validate) {
    for (std::size_t d = 0; d < deals; ++d)
      validate_hands(masks + d * rules.players, rules, static_cast<std::ptrdiff_t>(d));
  }
  evaluate_rows_with(isa, masks, deals, rules, out);
}

}  // namespace bieten
