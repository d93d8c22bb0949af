#include "games/bieten/deal.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "core/rng.hpp"

// GCC on x86-64: the shuffle's 33 draws are also compiled for AVX-512 and taken at run time where
// the CPU has it (as figures_batch.cpp does), so the build needs no -mavx flag. Other compilers and
// CPUs draw one by one.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define BIETEN_DEAL_X86 1
#else
#define BIETEN_DEAL_X86 0
#endif

namespace bieten {

namespace {

#if BIETEN_DEAL_X86
// R3.4/R3.5: a hand's 33 draws in order: draw t < 32 is bounded(33 - t), the j of Fisher-Yates
// step i = 32 - t; draw 32 is bounded(32), the cut less one. (Only the vector path needs them: other
// compilers would refuse them as unused under -Werror.)
constexpr int kDraws = kDeckSize;
constexpr std::uint32_t draw_bound(int t) { return t < kDeckSize - 1 ? static_cast<std::uint32_t>(kDeckSize - t) : 32; }

// The same draws eight at a time: draw t is mix64(state + (t+1)γ) (R3.1: SplitMix64's t+1-th
// output), bounded as R3.3 says. The common case of Lemire's method needs no division: m = x * n,
// kept when its low half is at least n, the value its high half. A draw whose low half is below n
// (probability n/2^64 each) may need R3.3's rejection: then this returns false, draws nothing, and
// the caller draws the hand one by one as before. The values are the portable path's, bit for bit.
// GCC's vector extensions (as in figures_batch.cpp), compiled for AVX-512 (vpmullq) by the target
// attribute; the lanes past the 33rd have bound 0, which no draw fails.
typedef unsigned long long U64x8 __attribute__((vector_size(64)));
typedef unsigned int U32x8 __attribute__((vector_size(32)));
constexpr int kBlocks = (kDraws + 7) / 8;
constexpr std::array<std::uint64_t, 8 * kBlocks> kBounds = [] {
  std::array<std::uint64_t, 8 * kBlocks> b{};
  for (int t = 0; t < kDraws; ++t) b[static_cast<std::size_t>(t)] = draw_bound(t);
  return b;
}();

typedef int I32x16 __attribute__((vector_size(64)));
typedef long long I64x8 __attribute__((vector_size(64)));

// lo32(a) * lo32(b) in each 64-bit lane (vpmuludq). GCC's builtin, not the intrinsic
// _mm512_mul_epu32: GCC 12 warns of an uninitialised variable inside the intrinsic (-Werror).
__attribute__((target("avx512f"), always_inline)) inline U64x8 mul32(U64x8 a, U64x8 b) {
  const auto product = __builtin_ia32_pmuludq512_mask(reinterpret_cast<I32x16>(a), reinterpret_cast<I32x16>(b), I64x8{},
                                                      static_cast<unsigned char>(0xFF));
  return reinterpret_cast<U64x8>(product);
}

__attribute__((target("avx512f,avx512dq"))) bool draws_avx512(std::uint64_t state, std::uint32_t* out) {
  const U64x8 lane = {1, 2, 3, 4, 5, 6, 7, 8};
  U64x8 x = state + lane * kGoldenGamma;
  U64x8 low = {};
  for (int b = 0; b < kBlocks; ++b, x += 8 * kGoldenGamma) {
    U64x8 n;
    std::memcpy(&n, kBounds.data() + 8 * b, sizeof n);
    U64x8 z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;  // R3.1 mix64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    // m = z * n as 128 bits from two 32x32-bit products (n < 2^32; vpmuludq, where z * n in 64 bits
    // took three of the slower vpmullq): high = (hi32(z) * n + (lo32(z) * n >> 32)) >> 32, which
    // cannot overflow, and the low half is lo32(z) * n + (hi32(z) * n << 32) mod 2^64.
    const U64x8 lo = mul32(z, n), hi = mul32(z >> 32, n);
    const U64x8 high = (hi + (lo >> 32)) >> 32;
    low |= reinterpret_cast<U64x8>(lo + (hi << 32) < n);
    const U32x8 draws = __builtin_convertvector(high, U32x8);
    std::memcpy(out + 8 * b, &draws, sizeof draws);
  }
  std::uint64_t flagged = 0;
  for (int l = 0; l < 8; ++l) flagged |= low[l];
  return flagged == 0;
}

const bool kDrawsAvx512 = [] {
  __builtin_cpu_init();  // idempotent; the library's constructors may not have run yet
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
}();
#endif

}  // namespace

Shuffle shuffle_for_hand(std::uint64_t game_seed, std::uint64_t hand) {
  SplitMix64 gen = hand_generator(game_seed, hand);
  Shuffle s;
  for (int i = 0; i < kDeckSize; ++i) s.deck[i] = static_cast<Card>(i);
#if BIETEN_DEAL_X86
  alignas(32) std::uint32_t j[40];  // five blocks of eight
  if (kDrawsAvx512 && draws_avx512(gen.state(), j)) {
    for (int i = kDeckSize - 1; i >= 1; --i) std::swap(s.deck[i], s.deck[j[kDeckSize - 1 - i]]);  // R3.4
    s.cut = 1 + static_cast<int>(j[kDraws - 1]);  // R3.5
    return s;
  }
#endif
  for (int i = kDeckSize - 1; i >= 1; --i) {  // R3.4 Fisher-Yates from the bottom up
    const auto j = gen.bounded(static_cast<std::uint32_t>(i + 1));
    std::swap(s.deck[i], s.deck[j]);
  }
  s.cut = 1 + static_cast<int>(gen.bounded(32));  // R3.5, drawn in every variant
  return s;
}

int complete_cut(const Shuffle& shuffle, int stolen, std::array<Card, kDeckSize>& out) {
  const auto& deck = shuffle.deck;
  auto end = std::copy(deck.begin() + shuffle.cut, deck.end(), out.begin());
  end = std::copy(deck.begin(), deck.begin() + (shuffle.cut - stolen), end);
  return static_cast<int>(end - out.begin());
}

Dealt deal_from(const Card* deck, int deck_size, const Rules& rules, int dealer, const Hands& held) {
  Dealt dealt;
  dealt.hands = held;
  std::array<int, kMaxPlayers> held_count{};
  for (int p = 0; p < rules.players; ++p) held_count[p] = count(held[p]);
  int next = 0;
  const int first = forehand_of(dealer, rules.players);
  // R3.6 packet one brings every seat to 2 cards, packet two to hand_size.
  for (int packet_target : {2, rules.hand_size}) {
    for (int k = 0; k < rules.players; ++k) {
      const int seat = (first + k) % rules.players;
      for (; held_count[seat] < packet_target && next < deck_size; ++held_count[seat]) {
        dealt.hands[seat] |= bit(deck[next++]);
      }
    }
  }
  dealt.top_card = next < deck_size ? deck[next] : kNoCard;
  return dealt;
}

Dealt deal_hand(std::uint64_t game_seed, std::uint64_t hand, const Rules& rules, int dealer) {
  Dealt dealt;
  dealt.top_card = deal_hand_into(game_seed, hand, rules, dealer, dealt.hands);
  return dealt;
}

Card deal_hand_into(std::uint64_t game_seed, std::uint64_t hand, const Rules& rules, int dealer, Hands& hands) {
  // deal_from(complete_cut(shuffle, 0)) without the copies: with nothing stolen the cut deck is the
  // shuffled deck rotated by the cut (R3.5), and every seat starts empty (R3.6).
  const Shuffle shuffle = shuffle_for_hand(game_seed, hand);
  const int n = rules.players;
  const int first = forehand_of(dealer, n);
  // R3.5: the cut deck is deck[c:] + deck[:c]: its card k is deck[(c + k) mod 33], read card by card
  // (a copy of the deck in 16-byte loads, just after the shuffle's one-byte swaps, waits for them to
  // retire: the CPU cannot forward several stores to one load).
  int next = 0, at = shuffle.cut;  // c is 1..32
  auto draw = [&] {
    const Card c = shuffle.deck[static_cast<std::size_t>(at)];
    at = at + 1 == kDeckSize ? 0 : at + 1;
    ++next;
    return bit(c);
  };
  for (int k = 0, seat = first; k < n; ++k, seat = seat + 1 == n ? 0 : seat + 1) {  // packet one: 2 each
    hands[seat] |= draw();
    hands[seat] |= draw();
  }
  for (int k = 0, seat = first; k < n; ++k, seat = seat + 1 == n ? 0 : seat + 1) {  // packet two: the rest
    for (int c = 2; c < rules.hand_size; ++c) hands[seat] |= draw();
  }
  return next < kDeckSize ? shuffle.deck[static_cast<std::size_t>(at)] : kNoCard;
}

}  // namespace bieten
