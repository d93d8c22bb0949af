// The value of a deal's result for the game (S8.6), the expert's reward (expert.cpp, docs/agents.md
// "expert"): not the deal's game points themselves but how they change the chance of winning the game
// from its score. Built at compile time; no state.
#pragma once

#include <algorithm>
#include <array>

#include "games/schnapsen/game.hpp"

namespace bieten::schnapsen {

// The chance of winning the game (S8.6) for a side that still needs `a` points against one that needs
// `b`, for a, b up to kEquityNeeds: each deal won by either side with even chances, with 1, 2 or 3 game
// points in the shares measured in expert self-play of `schnapsen` (docs/agents.md "expert": 0.29, 0.42,
// 0.29).
inline constexpr int kEquityNeeds = 32;
using EquityTable = std::array<std::array<double, kEquityNeeds + 1>, kEquityNeeds + 1>;
constexpr EquityTable make_equity() {
  constexpr double kDealPoints[3] = {0.29, 0.42, 0.29};
  EquityTable e{};
  for (int a = 0; a <= kEquityNeeds; ++a) {
    for (int b = 0; b <= kEquityNeeds; ++b) {
      if (a == 0) {
        e[a][b] = b == 0 ? 0.5 : 1.0;
        continue;
      }
      if (b == 0) {
        e[a][b] = 0.0;
        continue;
      }
      double v = 0;
      for (int k = 1; k <= 3; ++k) v += 0.5 * kDealPoints[k - 1] * (e[std::max(a - k, 0)][b] + e[a][std::max(b - k, 0)]);
      e[a][b] = v;
    }
  }
  return e;
}
inline constexpr EquityTable kEquity = make_equity();

// A deal's result for the seat, `v` = its game points from the deal minus the other's (exactly one side
// scores, S8), valued for the game (S8.6): the change in the seat's chance of winning the game, in units of
// half the step from losing one point to winning one, so that where the game is long the value is the
// deal's points themselves (and beyond kEquityNeeds it is exactly those); in a game to one point, 1 for
// a deal won and -1 for one lost. Never decreasing in v (equal only where both results decide the game),
// so the solver's best play for the points is best for the game too.
class GameValue {
 public:
  // The seat needs `need` more points to win the game, the other seat `other_need`.
  GameValue(int need, int other_need) : need_(need), other_(other_need) {
    linear_ = need_ < 1 || other_ < 1 || need_ > kEquityNeeds || other_ > kEquityNeeds;
    if (!linear_) {
      now_ = kEquity[need_][other_];
      unit_ = (kEquity[need_ - 1][other_] - kEquity[need_][other_ - 1]) / 2;
    }
  }
  // At `root`, for `seat` of a two-player game: the needs are the target less each seat's score.
  GameValue(const Game& root, int seat)
      : GameValue(root.rules().target - root.scores()[seat], root.rules().target - root.scores()[1 - seat]) {}

  double operator()(int v) const {
    if (linear_ || v == 0) return linear_ ? v : 0.0;
    const double after = v > 0 ? kEquity[std::max(need_ - v, 0)][other_] : kEquity[need_][std::max(other_ + v, 0)];
    return (after - now_) / unit_;
  }

 private:
  int need_, other_;
  bool linear_ = true;
  double now_ = 0, unit_ = 1;
};

}  // namespace bieten::schnapsen
