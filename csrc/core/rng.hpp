// The deterministic generator of the deal (RULES R3.1-R3.3). Header-only: it is on every hot path.
#pragma once

#include <cstdint>

namespace bieten {

inline constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;  // R3.1 γ

// R3.1 mix64, the SplitMix64 finaliser.
inline constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// R3.1 SplitMix64. Each game and each hand owns its own generator; there is no global state.
class SplitMix64 {
 public:
  constexpr explicit SplitMix64(std::uint64_t state) : state_(state) {}

  constexpr std::uint64_t next() {
    state_ += kGoldenGamma;
    return mix64(state_);
  }

  // R3.3 a uniform integer in [0, n), Lemire's nearly divisionless method, exactly as specified.
  // The common path is one draw and one multiplication; a low product below n (probability n/2^64)
  // takes the division and perhaps further draws out of line, so that the inlined draw keeps the
  // registers of its caller (the random agent's decision, the shuffle).
  constexpr std::uint32_t bounded(std::uint32_t n) { return bounded_of(*this, n); }

  constexpr std::uint64_t state() const { return state_; }

  // bounded(n) drawing from any generator with next() (this one, or SplitMix64Ahead below).
  template <typename Gen>
  static constexpr std::uint32_t bounded_of(Gen& gen, std::uint32_t n) {
#if defined(__wasm__)
    // WebAssembly has no 64x64->128 multiplication (a 128-bit product is a call to __multi3): the same
    // product of the 64-bit draw and the 32-bit n from two 64-bit ones, its halves exactly as below.
    const std::uint64_t x = gen.next();
    const std::uint64_t lo = (x & 0xFFFFFFFFu) * n, hi = (x >> 32) * n;
    const std::uint64_t mid = (hi & 0xFFFFFFFFu) + (lo >> 32);
    const std::uint64_t low = (mid << 32) | (lo & 0xFFFFFFFFu);
    if (low < n) [[unlikely]] return bounded_low(gen, n, (static_cast<unsigned __int128>((hi >> 32) + (mid >> 32)) << 64) | low);
    return static_cast<std::uint32_t>((hi >> 32) + (mid >> 32));
#else
    const unsigned __int128 m = static_cast<unsigned __int128>(gen.next()) * n;
    if (static_cast<std::uint64_t>(m) < n) [[unlikely]] return bounded_low(gen, n, m);
    return static_cast<std::uint32_t>(m >> 64);
#endif
  }

 private:
  // bounded's rare case: the draw whose product m has a low half below n is kept unless that half is
  // below (2^64 - n) mod n, then draws follow until one is kept (Lemire's rejection).
  template <typename Gen>
  [[gnu::noinline]] static constexpr std::uint32_t bounded_low(Gen& gen, std::uint32_t n, unsigned __int128 m) {
    const std::uint64_t threshold = (0 - static_cast<std::uint64_t>(n)) % n;  // (2^64 - n) mod n
    while (static_cast<std::uint64_t>(m) < threshold) m = static_cast<unsigned __int128>(gen.next()) * n;
    return static_cast<std::uint32_t>(m >> 64);
  }

  std::uint64_t state_;
};

// A SplitMix64 drawing one value ahead: next() returns the value drawn before and draws the
// following one, the same values in the same order as the generator it was made from. Where which
// generator draws next is known late (the seat to act, known once the step before is done), its
// value is ready then, its multiplications done beforehand (Game::play_random).
class SplitMix64Ahead {
 public:
  constexpr explicit SplitMix64Ahead(SplitMix64 gen) : gen_(gen), ahead_(gen_.next()) {}
  constexpr std::uint64_t next() {
    const std::uint64_t value = ahead_;
    ahead_ = gen_.next();
    return value;
  }
  constexpr std::uint32_t bounded(std::uint32_t n) { return SplitMix64::bounded_of(*this, n); }  // R3.3

 private:
  SplitMix64 gen_;
  std::uint64_t ahead_;
};

// R3.2 the generator of hand k of the game with seed S: state mix64(S + (k+1)·γ).
inline constexpr SplitMix64 hand_generator(std::uint64_t game_seed, std::uint64_t hand) {
  return SplitMix64(mix64(game_seed + (hand + 1) * kGoldenGamma));
}

// R3.2 the game seed of game i of a batch with base seed B: mix64(B + (i+1)·γ).
inline constexpr std::uint64_t batch_game_seed(std::uint64_t base_seed, std::uint64_t game) {
  return mix64(base_seed + (game + 1) * kGoldenGamma);
}

// The generator of `seat`'s built-in agent in the game with `game_seed` (docs/agents.md), in both games.
inline constexpr SplitMix64 agent_generator(std::uint64_t game_seed, int seat) {
  return SplitMix64(mix64(game_seed ^ 0xA6E7C3D1B2F48509ULL) + static_cast<std::uint64_t>(seat + 1) * kGoldenGamma);
}

}  // namespace bieten
