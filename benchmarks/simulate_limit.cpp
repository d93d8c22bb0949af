// The least work of a random Bieten hand under Rules() (4 players, 3 cards), timed piece by piece on
// one core (benchmarks/RESULTS.md, "Issue 25 item 4: simulate near the limit"): the deal (R3.4's 32
// bounded draws and swaps, R3.5's cut, R3.6's two packets), the random agents' 32.5 decisions (a
// draw, a bounded index into the legal set, its k-th id; each legal set depends on the action
// before, as in a game) and the figure evaluation (R6). What a game does besides (the state machine,
// the legal sets, the scoring) is not in here: the sum is a floor, not a forecast.
//
// Built against the core library of a plain cmake build (cmake -S . -B /tmp/bsim; ninja -C /tmp/bsim
// bieten_core), the command is in benchmarks/RESULTS.md.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "games/bieten/agents.hpp"
#include "games/bieten/deal.hpp"
#include "games/bieten/figures.hpp"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bieten;
  const long hands = argc > 1 ? std::atol(argv[1]) : 2000000;
  const Rules rules{};
  std::uint64_t sink = 0;

  double t0 = cpu_seconds();
  for (long h = 0; h < hands; ++h) {
    const Dealt d = deal_hand(static_cast<std::uint64_t>(h) * 7919, static_cast<std::uint64_t>(h & 7), rules, h & 3);
    sink += d.hands[0] ^ d.hands[3];
  }
  const double deal = (cpu_seconds() - t0) / static_cast<double>(hands);

  // Legal sets as random play meets them: 1-3 cards, bids and pass, answers (docs/actions.md ids).
  std::array<ActionMask, 8> sets{};
  sets[0].w[0] = 0x0000000100020004ULL;  // three cards
  sets[1].w[0] = 0x0000000000020004ULL;  // two cards
  sets[2].w[0] = 0x0000000000000004ULL;  // one card
  sets[3].w[0] = 0x0000000000000104ULL, sets[3].w[2] = 0x06;  // two cards, two bids
  sets[4].w[2] = 0x0000000000000206ULL;  // two bids or pass
  sets[5].w[2] = 0x00000000000001C0ULL;  // good, hold, three
  sets[6].w[2] = 0x00000000000000C0ULL;  // good, hold
  sets[7].w[2] = 0x0000000000000240ULL;  // good or pass
  SplitMix64 gen(42);
  constexpr int kDecisions = 65;  // 32.5 a hand: 65 a pair of hands
  int at = 0;
  t0 = cpu_seconds();
  for (long h = 0; h < hands / 2; ++h) {
    for (int d = 0; d < kDecisions; ++d) {
      const ActionMask& legal = sets[static_cast<std::size_t>(at)];
      const int a = legal.nth(static_cast<int>(gen.bounded(static_cast<std::uint32_t>(legal.size()))));
      sink += static_cast<std::uint64_t>(a);
      at = (a + d) & 7;  // the next legal set depends on this action
    }
  }
  const double decide = (cpu_seconds() - t0) / static_cast<double>(hands / 2 * 2);

  std::array<CardSet, kMaxPlayers> cards{};
  t0 = cpu_seconds();
  for (long h = 0; h < hands; ++h) {
    const Dealt d = deal_hand(static_cast<std::uint64_t>(h) * 7919, 0, rules, 0);
    for (int p = 0; p < kMaxPlayers; ++p) cards[static_cast<std::size_t>(p)] = d.hands[static_cast<std::size_t>(p)];
    const Winners w = evaluate_natural(cards.data(), rules, true);
    sink += static_cast<std::uint64_t>(w[0] + w[3]);
  }
  const double evaluate = (cpu_seconds() - t0) / static_cast<double>(hands) - deal;

  const double floor = deal + decide + evaluate;
  std::printf("ns a hand: deal %.1f, 32.5 random decisions %.1f, figure evaluation %.1f; floor %.1f ns = %.2f M hands/s (%llu)\n",
              deal * 1e9, decide * 1e9, evaluate * 1e9, floor * 1e9, 1e-6 / floor, static_cast<unsigned long long>(sink & 1));
  return 0;
}
