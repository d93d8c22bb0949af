// The exact solver of a two-player Schnapsen deal once it is a game of perfect information (docs/solve.md):
// the stock exhausted (S6.4) or closed (S6.7), both hands known. A value is the game points the seat to
// move scores from this deal minus the opponent's (S7, S8), with both seats playing best; nothing else of
// the game (the scores so far, the target) enters it.
//
// Alpha-beta (negamax; a seat that melds moves again) over a small copy of the deal's state in 20-bit card
// masks, with a transposition table of bounds allocated once per Solver and move ordering (the table's
// best move, a correct claim, marriages, then cards high first). There is no equivalent-card pruning: no two
// ranks of the pack score the same (S1.2), so two cards adjacent in strength never have the same value.
// No allocation per node or per solve.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/schnapsen/game.hpp"

namespace bieten::schnapsen {

// Why `game` cannot be solved now, citing the rule (S2.1 four players, S6.4/S6.7 the stock still open,
// S8.6 the game over, the phase); empty if it can.
std::string solve_refusal(const Game& game);

class Solver {
 public:
  // A transposition table of 2^log2_entries entries (16 bytes each), allocated here once.
  explicit Solver(int log2_entries = 16);

  // The value of each legal action of the seat to move (values[a] for each bit a of the returned mask, the
  // game's legal_mask()); throws Error with solve_refusal's text where the game cannot be solved.
  ActionMask solve(const Game& game, std::array<int, kNumActions>& values);

  // The value of the position for the seat to move, its hands replaced by `hands` (a world of the seat's
  // view, sampler.hpp; the game's own hands for the true state). The caller checks solve_refusal.
  int value(const Game& game, const std::array<CardSet, 2>& hands);
  // The value of each legal action in that world, as solve; legal_mask is the actions to value (the
  // world's legal actions of the seat to move: its hand decides which cards).
  ActionMask solve_world(const Game& game, const std::array<CardSet, 2>& hands, std::array<int, kNumActions>& values);

  std::uint64_t nodes() const { return nodes_; }  // positions searched since construction

  // The solver's own state of a deal (public for the solver's tests and tools; seat-indexed).
  struct Pos {
    std::array<std::uint32_t, 2> hand{};  // pack bits (cards.hpp)
    std::array<std::uint8_t, 2> points{};   // card points and credited marriages (S2.4, S6.6)
    std::array<std::uint8_t, 2> pending{};  // marriages waiting for the seat's first trick (S6.6)
    std::array<std::uint8_t, 2> tricks{};   // 1 once the seat has won a trick
    std::int8_t led = -1;        // pack index of the card led to the trick in progress, or -1
    std::int8_t lead_meld = -1;  // the suit melded at this lead (S6.6), or -1
    std::uint8_t to_move = 0;
  };
  // What stays fixed in a search: the trump, the close and the opponent's state then (S8.3), the rules.
  struct Context {
    int trump = 0;
    int closer = -1;
    int closer_claim = 0;  // S8.3/S8.1 the closer's correct claim: 3, 2 or 1 by the state at closing
    int close_failed = 0;  // S8.3 the opponent's score when the close fails: 3 or 2
    bool explicit_claims = true;  // S7.1 (else S7.2 automatic)
    bool head = false;            // S6.3 must_head applies
    int one_point_from = 34;      // S8.1
    std::uint64_t key = 0;        // the fields above, folded into the table's keys
  };

 private:
  struct Entry {
    std::uint64_t k1 = 0;
    std::uint32_t k2 = 0;
    std::int8_t lo = 0, hi = 0;
    std::uint8_t best = 0xFF;
    std::uint8_t used = 0;
  };
  Context context(const Game& game) const;
  Pos position(const Game& game, const std::array<CardSet, 2>& hands) const;
  int search(const Pos& p, int alpha, int beta);
  // Applies move m (an action id) to p: returns true and sets value (for the seat that moved) if the deal
  // ends, else fills next.
  bool play(const Pos& p, int m, Pos& next, int& value) const;
  int moves(const Pos& p, std::uint8_t* out) const;
  int end_claim(int seat, bool correct, const Pos& p) const;
  ActionMask solve_pos(const Game& game, const Pos& root, std::array<int, kNumActions>& values);

  Context ctx_{};
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint64_t nodes_ = 0;
};

}  // namespace bieten::schnapsen
