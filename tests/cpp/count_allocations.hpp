// Counts every allocation of the test executable that includes this header (once, in one of its
// files): a replacement of the global operator new and delete, for the checks that a hot path
// allocates nothing once warm. doctest allocates too, so a check counts only across the calls it
// measures: read g_allocations before and after them.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

std::atomic<long> g_allocations{0};

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// GCC sees the free() of what `new` returned, not that this `new` is malloc.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
