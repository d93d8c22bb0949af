// How many games the C++ test sweeps play: set by doctest_main.cpp from `--quick` (CI's bounded
// sample and the sanitizer builds) or `--long` (ten times the default).
#pragma once

namespace bieten_test {

enum class Scale { kQuick, kNormal, kLong };
extern Scale g_scale;

inline bool quick() { return g_scale == Scale::kQuick; }
inline int long_factor() { return g_scale == Scale::kLong ? 10 : 1; }

}  // namespace bieten_test
