// play_random (game.hpp): a whole game with the random agent at every seat, in one loop with the
// game's steps inlined (their bodies in game_inline.hpp; the rest of the game's rules in game.cpp).
// What is here is tuned for speed, measured step by step in benchmarks/RESULTS.md ("Issue 25 item 4"
// and its passes): the draws made ahead or eight at a time with AVX-512, the k-th legal id without a
// loop (BMI2's pdep), the steps jumping to one another through a table of labels.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "games/bieten/game.hpp"
#include "games/bieten/game_inline.hpp"

// GCC on x86-64: the random seats' draws of play_random are also computed eight at a time with
// AVX-512 where the CPU has it, chosen at run time (as deal.cpp's shuffle draws are); other
// compilers and CPUs draw one by one.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define BIETEN_GAME_X86 1
#else
#define BIETEN_GAME_X86 0
#endif

// GCC and Clang: play_random's steps jump to one another through a table of labels (labels as
// values, a GNU extension); other compilers loop over advance().
#if defined(__GNUC__)
#define BIETEN_STEP_LABELS 1
#else
#define BIETEN_STEP_LABELS 0
#endif

namespace bieten {

namespace {

#if BIETEN_GAME_X86
typedef unsigned long long U64x8 __attribute__((vector_size(64)));

// R3.1: out[i] = the (i+1)-th value of SplitMix64(state), mix64(state + (i+1)γ), for i < 8 * blocks:
// the values are independent of one another, so eight lanes compute them at once (vpmullq).
__attribute__((target("avx512f,avx512dq"))) void mix64_run_avx512(std::uint64_t state, std::uint64_t* out,
                                                                   int blocks) {
  const U64x8 lane = {1, 2, 3, 4, 5, 6, 7, 8};
  U64x8 x = state + lane * kGoldenGamma;
  for (int b = 0; b < blocks; ++b, x += 8 * kGoldenGamma) {
    U64x8 z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    std::memcpy(out + 8 * b, &z, sizeof z);
  }
}

const bool kRunsAvx512 = [] {
  __builtin_cpu_init();  // idempotent; the library's constructors may not have run yet
  // play_random_avx512 also uses BMI2's pdep (every AVX-512 CPU has it; asked all the same)
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("bmi2");
}();

// Each random seat's coming values, drawn kRun at a time: a decision's draw is a load, its mix64
// done beforehand eight lanes wide. The values and their order per seat are its generator's own
// (R3.1); bounded() takes them through next() (R3.3, its rejection draws the following ones).
class SeatRuns {
 public:
  static constexpr int kRun = 64;  // more than a seat draws in most games: a refill is rare
  SeatRuns(const std::array<SplitMix64, kMaxPlayers>& gens, int players) {
    for (int p = 0; p < players; ++p) {
      state_[p] = gens[p].state();
      refill(p);
    }
  }
  // Seat p's generator, as bounded() and uniform_action() take one. Its next value is one load
  // through the seat's pointer (the seat to act, then the pointer, then the value: the index of a
  // run would be one load more on the way to the decision).
  struct Seat {
    SeatRuns* runs;
    int p;
    std::uint64_t next() {
      const std::uint64_t* at = runs->next_[p];
      if (at == runs->values_[p].data() + kRun) [[unlikely]] at = runs->refill(p);
      runs->next_[p] = at + 1;
      return *at;
    }
    std::uint32_t bounded(std::uint32_t n) { return SplitMix64::bounded_of(*this, n); }  // R3.3
  };
  Seat seat(int p) { return Seat{this, p}; }

 private:
  [[gnu::noinline]] const std::uint64_t* refill(int p) {
    mix64_run_avx512(state_[p], values_[p].data(), kRun / 8);
    state_[p] += kRun * kGoldenGamma;
    next_[p] = values_[p].data();
    return next_[p];
  }
  std::array<std::array<std::uint64_t, kRun>, kMaxPlayers> values_;
  std::array<const std::uint64_t*, kMaxPlayers> next_{};
  std::array<std::uint64_t, kMaxPlayers> state_{};
};
#endif

}  // namespace

void Game::play_random(const std::array<SplitMix64, kMaxPlayers>& gens) {
#if BIETEN_GAME_X86
  if (kRunsAvx512) {
    play_random_avx512(gens);
    return;
  }
#endif
  play_random_portable(gens);
}

void Game::play_random_portable(const std::array<SplitMix64, kMaxPlayers>& gens) {
  // Each seat's next draw is made ahead (SplitMix64Ahead): which seat acts is known only once the
  // step before is done, and mix64's three multiplications would then stand between it and the
  // choice. The values and their order per seat are the generators' own.
  struct AheadSeats {
    std::array<SplitMix64Ahead, kMaxPlayers> ahead;
    [[gnu::always_inline]] std::uint32_t bounded(int seat, std::uint32_t n) {
      return ahead[static_cast<std::size_t>(seat)].bounded(n);  // R3.3
    }
    [[gnu::always_inline]] static int nth_bit(std::uint64_t word, int k) {  // ActionMask::nth's loop in one word
      for (; k > 0; --k) word &= word - 1;
      return std::countr_zero(word);
    }
  };
  AheadSeats seats{[&gens]<std::size_t... p>(std::index_sequence<p...>) {
    return std::array<SplitMix64Ahead, kMaxPlayers>{SplitMix64Ahead(gens[p])...};
  }(std::make_index_sequence<kMaxPlayers>{})};
#if BIETEN_STEP_LABELS
  play_random_steps(seats);
#else
  while (phase_ != Phase::kGameOver) advance(uniform_action(legal_, seats.ahead[static_cast<std::size_t>(to_act_)]));
#endif
}

#if BIETEN_GAME_X86
// play_random on a CPU with AVX-512 and BMI2: the draws from SeatRuns, and the k-th set bit of a word
// without a loop: pdep puts bit k of the word's set bits in place (the same id as ActionMask::nth,
// which uniform_action takes); nth's loop ended in a jump that the random k makes unpredictable.
__attribute__((target("bmi2"))) void Game::play_random_avx512(const std::array<SplitMix64, kMaxPlayers>& gens) {
  struct RunSeats {
    SeatRuns runs;
    [[gnu::always_inline]] std::uint32_t bounded(int seat, std::uint32_t n) {
      return runs.seat(seat).bounded(n);  // R3.3
    }
    // BMI2's pdep, written as an instruction: play_random_steps, which takes it, is compiled for any
    // CPU (it is the portable loop too), so the builtin, which needs the bmi2 target, cannot be used.
    // Run only where the CPU has BMI2 (kRunsAvx512).
    [[gnu::always_inline]] static int nth_bit(std::uint64_t word, int k) {
      std::uint64_t pick;
      asm("pdepq %2, %1, %0" : "=r"(pick) : "r"(std::uint64_t{1} << k), "r"(word));
      return std::countr_zero(pick);
    }
  };
  RunSeats seats{SeatRuns(gens, rules_.players)};
  play_random_steps(seats);
}
#endif

#if BIETEN_STEP_LABELS
// play_random's loop over either source of draws: Seats::bounded(seat, n) is R3.3's bounded(n) from
// that seat's generator, Seats::nth_bit(word, k) the k-th set bit of a word. The legal ids are
// drawn as uniform_action does (the k-th legal id, k = bounded(count)); the word is chosen with ?:,
// which GCC makes jumps of: the same choice forced into masks was 16% slower (benchmarks/RESULTS.md,
// "Issue 25 item 4, third pass").
template <typename Seats>
[[gnu::always_inline]] inline void Game::play_random_steps(Seats& seats) {
  auto draw = [&]() __attribute__((always_inline)) {
    const ActionMask& m = legal_;
    const int c0 = std::popcount(m.w[0]), c01 = c0 + std::popcount(m.w[1]);
    const int k = static_cast<int>(seats.bounded(to_act_, static_cast<std::uint32_t>(c01 + std::popcount(m.w[2]))));
    const bool in0 = k < c0, in1 = k < c01;
    const std::uint64_t word = in0 ? m.w[0] : in1 ? m.w[1] : m.w[2];
    const int base = in0 ? 0 : in1 ? 64 : 128;
    const int skip = in0 ? 0 : in1 ? c0 : c01;
    return static_cast<ActionId>(base + Seats::nth_bit(word, k - skip));
  };
  // The same draw where every legal id is in the mask's third word (after a card, the answers):
  // no word to choose.
  auto draw_third = [&]() __attribute__((always_inline)) {
    static_assert(kPass >= 128 && kBidBase >= 128 && kGood >= 128 && kHold >= 128 && kThree >= 128);
    const std::uint64_t word = legal_.w[2];
    const int k = static_cast<int>(seats.bounded(to_act_, static_cast<std::uint32_t>(std::popcount(word))));
    return static_cast<ActionId>(128 + Seats::nth_bit(word, k));
  };
  // The chosen action, recorded and counted as advance() does before its step.
  auto counted = [&](ActionId chosen) __attribute__((always_inline)) {
    if (record_events_) record_action(chosen);
    ++actions_;
    return chosen;
  };
  // advance()'s steps, each ending in a jump of its own through a table of the phases' steps (GCC's
  // labels as values), not one loop around a switch; each step draws its own action, so that a
  // phase whose ids all lie in the mask's third word takes draw_third. The same steps in a loop
  // around a switch measured 5% slower, advance() in a loop 5% slower (benchmarks/RESULTS.md,
  // "Issue 25 item 4, sixth pass"). Each step is advance()'s own, in its order: the record, the
  // count of actions, then the phase's step; the game ends only in a card play (R8.2).
  static const void* const kStepOf[] = {&&steal,   &&turn,         &&after_play, &&answer,
                                        &&reraise, &&raise_answer, &&over,       &&chance};
  static_assert(static_cast<int>(Phase::kSteal) == 0 && static_cast<int>(Phase::kTurn) == 1 &&
                static_cast<int>(Phase::kAfterPlay) == 2 && static_cast<int>(Phase::kAnswer) == 3 &&
                static_cast<int>(Phase::kReraise) == 4 && static_cast<int>(Phase::kRaiseAnswer) == 5 &&
                static_cast<int>(Phase::kGameOver) == 6 && static_cast<int>(Phase::kChance) == 7);
  ActionId a;
#define BIETEN_NEXT() goto* kStepOf[static_cast<int>(phase_)]
  if (phase_ == Phase::kGameOver) return;
  BIETEN_NEXT();
turn:
  if (wild_cards_ == 0) {  // R5.1: no wild, so natural cards in the mask's first word, bids in its third
    const std::uint64_t cards = legal_.w[0], bids = legal_.w[2];
    const int held = std::popcount(cards);
    const int k = static_cast<int>(seats.bounded(to_act_, static_cast<std::uint32_t>(held + std::popcount(bids))));
    if (k < held) {
      play<false>(to_act_, counted(static_cast<ActionId>(Seats::nth_bit(cards, k))));
      if (phase_ == Phase::kGameOver) return;
      BIETEN_NEXT();
    }
    open_bid(to_act_, bid_figure(counted(static_cast<ActionId>(128 + Seats::nth_bit(bids, k - held)))));
    BIETEN_NEXT();
  }
  a = counted(draw());
  if (a < kPlayWildBase) {
    play<false>(to_act_, a);
  } else if (a < kBidBase) {
    play_wild(to_act_, a);
  } else {
    open_bid(to_act_, bid_figure(a));
  }
  if (phase_ == Phase::kGameOver) return;
  BIETEN_NEXT();
after_play:
  a = counted(draw_third());
  if (a == kPass) {
    pass_turn(to_act_);
  } else {
    open_bid(to_act_, bid_figure(a));
  }
  BIETEN_NEXT();
answer:
  answer_bid(to_act_, counted(draw_third()));
  BIETEN_NEXT();
raise_answer:
  answer_raise(to_act_, counted(draw_third()));
  BIETEN_NEXT();
reraise:
  answer_reraise(to_act_, counted(draw_third()));
  BIETEN_NEXT();
steal:
  steal_or_leave(to_act_, counted(draw()));
  BIETEN_NEXT();
chance:
  chance(counted(draw()));
  if (phase_ == Phase::kGameOver) return;
  BIETEN_NEXT();
over:
  return;
#undef BIETEN_NEXT
}
#endif

}  // namespace bieten
