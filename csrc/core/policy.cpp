#include "core/policy.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "core/errors.hpp"

namespace bieten {

std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (std::size_t i = 0; i < size; ++i) {
    h ^= data[i];
    h *= 0x100000001B3ULL;
  }
  return h;
}

namespace {

std::uint32_t read_u32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// out += x * row over n floats, four at a time in the compiler's vector type (SSE on any x86-64, NEON
// on ARM): each out[j] gets the same additions in the same order as the plain loop, so the result is
// the same bit for bit on every machine (no fused multiply-add: ISO C++ mode contracts nothing).
using Float4 = float __attribute__((vector_size(16)));
void add_scaled(float* __restrict out, const float* __restrict row, float x, int n) {
  const Float4 scale = {x, x, x, x};
  int j = 0;
  for (; j + 4 <= n; j += 4) {
    Float4 o, r;
    std::memcpy(&o, out + j, sizeof o);
    std::memcpy(&r, row + j, sizeof r);
    o += scale * r;
    std::memcpy(out + j, &o, sizeof o);
  }
  for (; j < n; ++j) out[j] += x * row[j];
}

}  // namespace

PolicyNet load_policy(const std::uint8_t* data, std::size_t size, std::uint32_t game, int inputs, int outputs,
                      std::string_view what) {
  auto fail = [&](const std::string& why) { return Error("policy " + std::string(what) + ": " + why); };
  if (size < 16 || data == nullptr) throw fail("no weights (" + std::to_string(size) + " bytes)");
  if (std::memcmp(data, "BTPN", 4) != 0) throw fail("not a policy blob (no BTPN magic)");
  if (const std::uint32_t v = read_u32(data + 4); v != kPolicyFormatVersion) {
    throw fail("format version " + std::to_string(v) + ", this engine reads " + std::to_string(kPolicyFormatVersion));
  }
  if (const std::uint32_t g = read_u32(data + 8); g != game) {
    throw fail("made for game tag " + std::to_string(g) + ", not " + std::to_string(game));
  }
  const std::uint32_t layers = read_u32(data + 12);
  if (layers < 1 || layers > kPolicyMaxLayers) throw fail("bad layer count " + std::to_string(layers));
  std::size_t at = 16;
  if (size < at + 4 * (layers + 1) + 8) throw fail("truncated header");
  PolicyNet net;
  net.game = game;
  for (std::uint32_t l = 0; l <= layers; ++l, at += 4) {
    const std::uint32_t w = read_u32(data + at);
    if (w < 1 || w > kPolicyMaxWidth) throw fail("bad layer width " + std::to_string(w));
    net.sizes.push_back(static_cast<int>(w));
  }
  if (net.inputs() != inputs || net.outputs() != outputs) {
    throw fail("shape " + std::to_string(net.inputs()) + " -> " + std::to_string(net.outputs()) + ", expected " +
               std::to_string(inputs) + " -> " + std::to_string(outputs));
  }
  std::size_t floats = 0;
  for (std::uint32_t l = 0; l < layers; ++l) {
    net.offsets.push_back(floats);
    floats += static_cast<std::size_t>(net.sizes[l] + 1) * static_cast<std::size_t>(net.sizes[l + 1]);
  }
  if (size != at + 4 * floats + 8) {
    throw fail(std::to_string(size) + " bytes, the header says " + std::to_string(at + 4 * floats + 8));
  }
  const std::uint64_t want = static_cast<std::uint64_t>(read_u32(data + size - 8)) |
                             static_cast<std::uint64_t>(read_u32(data + size - 4)) << 32;
  if (fnv1a64(data, size - 8) != want) throw fail("checksum mismatch (the weights are corrupted)");
  net.params.resize(floats);
  for (std::size_t i = 0; i < floats; ++i, at += 4) {
    // (memcpy, not std::bit_cast: emscripten's libc++ 14 has none)
    const std::uint32_t bits = read_u32(data + at);
    std::memcpy(&net.params[i], &bits, sizeof bits);
  }
  return net;
}

const float* policy_outputs(const PolicyNet& net, const float* input, PolicyWorkspace& workspace) {
  const float* in = input;
  float* out = workspace.a.data();
  for (int l = 0; l < net.layers(); ++l) {
    const int n_in = net.sizes[static_cast<std::size_t>(l)];
    const int n_out = net.sizes[static_cast<std::size_t>(l) + 1];
    const float* w = net.params.data() + net.offsets[static_cast<std::size_t>(l)];
    const float* b = w + static_cast<std::size_t>(n_in) * static_cast<std::size_t>(n_out);
    std::copy(b, b + n_out, out);
    for (int i = 0; i < n_in; ++i) {  // rows of zero inputs add nothing: most of an observation
      const float x = in[i];
      if (x == 0.0f) continue;
      add_scaled(out, w + static_cast<std::size_t>(i) * static_cast<std::size_t>(n_out), x, n_out);
    }
    if (l + 1 < net.layers()) {
      for (int j = 0; j < n_out; ++j) out[j] = std::max(out[j], 0.0f);
    }
    in = out;
    out = (out == workspace.a.data()) ? workspace.b.data() : workspace.a.data();
  }
  return in;
}

int policy_choice(const PolicyNet& net, const float* input, const std::uint64_t* legal_words,
                  PolicyWorkspace& workspace) {
  const float* y = policy_outputs(net, input, workspace);
  int best = -1;
  float best_value = -std::numeric_limits<float>::infinity();
  for (int a = 0; a < net.outputs(); ++a) {
    if (!(legal_words[a >> 6] >> (a & 63) & 1)) continue;
    if (best < 0 || y[a] > best_value) {
      best = a;
      best_value = y[a];
    }
  }
  return best;
}

}  // namespace bieten
