// A value of an observation row in either of its forms (docs/observation.md): float32, the documented
// default, or the compact uint8 row of VectorEnv(observation_dtype="uint8"), where a fraction is kept
// as its numerator and the env's observation_divisors give back the float exactly. Both games write
// their rows once, over the element type, with this.
#pragma once

#include <algorithm>
#include <type_traits>

namespace bieten {

// A fraction num / den: as a float, or (the compact form) its numerator clamped to 0..255.
template <typename Out>
constexpr Out observation_ratio(int num, int den) {
  if constexpr (std::is_same_v<Out, float>) {
    return static_cast<float>(num) / static_cast<float>(den);
  } else {
    return static_cast<Out>(std::clamp(num, 0, 255));
  }
}

}  // namespace bieten
