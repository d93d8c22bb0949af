// The shipped policies in the WebAssembly build (bindings/wasm): not compiled into the module, which
// stays small, but separate files (dist/policies/<name>.bin) that the JavaScript wrapper fetches only
// when the `policy` agent is asked for and hands over with bieten_wasm_set_policy. embedded_policy
// (core/policy_blobs.hpp) answers from them; before, it answers an empty blob, which the policy loader
// refuses with its own message, and loads again on the next use (games/<game>/agents.cpp).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/policy_blobs.hpp"

namespace bieten {
namespace {

std::map<std::string, std::vector<std::uint8_t>, std::less<>>& store() {
  static std::map<std::string, std::vector<std::uint8_t>, std::less<>> blobs;
  return blobs;
}

}  // namespace

PolicyBlob embedded_policy(std::string_view name) {
  const auto it = store().find(name);
  if (it == store().end()) return {};
  return {it->second.data(), it->second.size()};
}

}  // namespace bieten

// Keeps a copy of the weights of policy `name` (a name of a descriptor's kPolicies). Set once, before the
// first use of that policy: a network already read keeps its weights. Returns 0, or -2 for a NULL argument.
extern "C" __attribute__((visibility("default"))) int bieten_wasm_set_policy(const char* name, const std::uint8_t* data,
                                                                             std::size_t size) {
  if (name == nullptr || (data == nullptr && size != 0)) return -2;
  bieten::store()[name].assign(data, data + size);
  return 0;
}
