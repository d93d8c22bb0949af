// The fixed action space (RULES R11) and a 140-bit mask of legal actions.
//
//   id 0..32     play <card>            a natural card (32 = the natural Weli, R1.3)
//   id 33..128   play <wild> as <card>  33 + 32*w + identity; w = 0 Weli, 1 Bells 7, 2 Acorns 7 (R5.2)
//   id 129..133  bid red|green|gleich|hanger|spiel   (R7.1, in Figure order)
//   id 134..137  good, hold, three, pass             (R7.4-R7.6)
//   id 138..139  steal, leave                        (R3.7)
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/bieten/cards.hpp"
#include "core/errors.hpp"
#include "core/rng.hpp"
#include "games/bieten/figures.hpp"

namespace bieten {

using ActionId = std::uint8_t;

inline constexpr int kNumActions = 140;
inline constexpr ActionId kPlayBase = 0;
inline constexpr ActionId kPlayWildBase = 33;
inline constexpr ActionId kBidBase = 129;
inline constexpr ActionId kGood = 134;
inline constexpr ActionId kHold = 135;
inline constexpr ActionId kThree = 136;
inline constexpr ActionId kPass = 137;
inline constexpr ActionId kSteal = 138;
inline constexpr ActionId kLeave = 139;

inline constexpr ActionId play_action(Card c) { return static_cast<ActionId>(kPlayBase + c); }
inline constexpr ActionId play_wild_action(int wild_index, Card identity) {
  return static_cast<ActionId>(kPlayWildBase + 32 * wild_index + identity);
}
inline constexpr ActionId bid_action(Figure f) { return static_cast<ActionId>(kBidBase + f); }
inline constexpr bool is_play(ActionId a) { return a < kBidBase; }
inline constexpr bool is_wild_play(ActionId a) { return a >= kPlayWildBase && a < kBidBase; }
inline constexpr bool is_bid(ActionId a) { return a >= kBidBase && a < kGood; }
inline constexpr Figure bid_figure(ActionId a) { return static_cast<Figure>(a - kBidBase); }
inline constexpr int wild_index_of(ActionId a) { return (a - kPlayWildBase) / 32; }
// The physical card an action plays.
inline constexpr Card played_card(ActionId a) {
  return is_wild_play(a) ? kWildOrder[wild_index_of(a)] : static_cast<Card>(a - kPlayBase);
}
// The identity the played card counts as (R5.2): itself, or the card a wild is named.
inline constexpr Card played_identity(ActionId a) {
  return is_wild_play(a) ? static_cast<Card>((a - kPlayWildBase) % 32) : static_cast<Card>(a - kPlayBase);
}

// Index of a wild card in kWildOrder (R5.4), or -1.
inline constexpr int wild_index(Card c) {
  return c == kWeli ? 0 : c == kBellsSeven ? 1 : c == kAcornsSeven ? 2 : -1;
}

std::string_view figure_name(Figure f);  // "red", "green", "gleich", "hanger", "spiel"
// Canonical R11 text, e.g. "play S6 as HK", "bid gleich", "good".
std::string action_text(ActionId a);
// Parses R11 text case-insensitively (extra spaces allowed); throws ActionError quoting the text.
ActionId parse_action(std::string_view text);
// action_text(a) without building a string: a view of a text made once.
std::string_view canonical_action_text(ActionId a);
// Why an action id outside 0..139 is refused (R11), naming the id as written (decimal digits), so
// that front ends can name ids beyond any C++ integer (a Python int): "R11: action id 140 is not in
// 0..139". Game::why_illegal gives this text for such ids.
std::string action_id_out_of_range(std::string_view id);

// A set of action ids as 140 bits.
struct ActionMask {
  std::uint64_t w[3] = {0, 0, 0};

  constexpr void set(int id) { w[id >> 6] |= std::uint64_t{1} << (id & 63); }
  constexpr bool test(int id) const { return (w[id >> 6] >> (id & 63)) & 1; }
  constexpr bool empty() const { return (w[0] | w[1] | w[2]) == 0; }
  constexpr int size() const { return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]); }
  // ORs a run of up to 64 bits starting at action id `offset`.
  constexpr void set_bits(int offset, std::uint64_t bits) {
    if (!bits) return;
    const int word = offset >> 6, shift = offset & 63;
    w[word] |= bits << shift;
    if (shift && word < 2) w[word + 1] |= bits >> (64 - shift);
  }
  // Calls f(id) for each id in ascending order.
  template <typename F>
  constexpr void for_each(F&& f) const {
    for (int i = 0; i < 3; ++i) {
      for (std::uint64_t bits = w[i]; bits; bits &= bits - 1) f(64 * i + std::countr_zero(bits));
    }
  }
  // Writes the ids in ascending order to out (room for kNumActions); returns the count.
  int to_ids(ActionId* out) const {
    int n = 0;
    for_each([&](int id) { out[n++] = static_cast<ActionId>(id); });
    return n;
  }
  // The k-th id (0-based) in ascending order; k < size().
  constexpr int nth(int k) const {
    int i = 0;
    for (int c = std::popcount(w[0]); k >= c && i < 2; c = std::popcount(w[++i])) k -= c;
    std::uint64_t bits = w[i];
    for (; k > 0; --k) bits &= bits - 1;  // drop the k lowest set bits
    return 64 * i + std::countr_zero(bits);
  }
  friend constexpr bool operator==(const ActionMask&, const ActionMask&) = default;
};

// The random agent's choice (docs/agents.md): the k-th legal id in ascending order, k =
// rng.bounded(count) (R3.3). `legal` must not be empty. agents.hpp's random_action and the game's
// own random play-out (Game::play_random) both choose with it.
template <typename Rng>  // SplitMix64, or SplitMix64Ahead: the same draws
inline ActionId uniform_action(const ActionMask& legal, Rng& rng) {
  return static_cast<ActionId>(legal.nth(static_cast<int>(rng.bounded(static_cast<std::uint32_t>(legal.size())))));
}

}  // namespace bieten
