// CHECK for the standalone C++ tests (test_agents, test_ismcts, test_vector_env): a plain check that
// stays on under NDEBUG, counts itself (checks may run on several threads) and exits 1 on failure.
#pragma once

#include <atomic>
#include <cstdio>
#include <cstdlib>

inline std::atomic<long> g_checks{0};

#define CHECK(cond)                                                                 \
  do {                                                                              \
    ++g_checks;                                                                     \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      std::exit(1);                                                                 \
    }                                                                               \
  } while (0)
