// The policies shipped with the engine (python/bieten/policies/<name>.bin), compiled into the core as
// byte arrays (CMakeLists.txt generates policy_blobs.cpp from the files), so that every front end, the
// C ABI included, plays `policy` without Python and without reading a file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace bieten {

struct PolicyBlob {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;  // 0: no weights for that name in this build
};

// The weights shipped under `name` (a name of a descriptor's kPolicies, core/descriptor.hpp); an empty
// blob for any other name.
PolicyBlob embedded_policy(std::string_view name);

}  // namespace bieten
