// Seats around the table, numbered 0..players-1 to the left (R2.1, S2.1): the deal and the play pass
// to the left; forehand is the dealer's left neighbour, the cutter his right one (R2.2, S2.1).
#pragma once

namespace bieten {

inline constexpr int forehand_of(int dealer, int players) { return (dealer + 1) % players; }
inline constexpr int cutter_of(int dealer, int players) { return (dealer + players - 1) % players; }

}  // namespace bieten
