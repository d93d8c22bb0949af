// A stable sort for a handful of items (seats), in place: std::stable_sort asks the heap for a
// temporary buffer even for two items, and the agents sort seats on every decision.
#pragma once

#include <utility>

namespace bieten {

// Insertion sort of [first, last) by `less`; equal items keep their order.
template <typename It, typename Less>
void small_stable_sort(It first, It last, Less less) {
  if (first == last) return;
  for (It i = first + 1; i != last; ++i) {
    auto item = std::move(*i);
    It j = i;
    for (; j != first && less(item, *(j - 1)); --j) *j = std::move(*(j - 1));
    *j = std::move(item);
  }
}

}  // namespace bieten
