// A learned policy (docs/agents.md, "policy"): a small multilayer perceptron over a game's observation
// vector, read from a versioned little-endian blob, whose highest-scoring legal action is the agent's
// choice. Written once for every game: a game gives its observation, its legal mask's 64-bit words and
// its blob (games/<game>/agents.cpp).
//
// The blob (all integers unsigned 32-bit little-endian, all weights IEEE float32 little-endian):
//
//   "BTPN"                      4 bytes, the magic
//   version                     kPolicyFormatVersion
//   game                        the game's tag (its descriptor's kPolicyTag, core/descriptor.hpp)
//   layers                      L, 1 to kPolicyMaxLayers
//   sizes[L + 1]                inputs, hidden widths, outputs (each 1 to kPolicyMaxWidth)
//   for each layer l:           W_l, sizes[l] rows of sizes[l + 1] floats (input-major), then b_l
//   checksum                    FNV-1a (64-bit) of every byte before it, as two u32 (low word first)
//
// The forward pass: a_0 = observation; a_{l+1} = relu(a_l W_l + b_l), no relu after the last layer;
// the answer is the legal action with the highest output (ties: the lowest id). It reads only the
// non-zero inputs of each layer's rows (an observation is mostly zeros, a relu layer half), allocates
// nothing (the caller's PolicyWorkspace), and draws no random number: the same game gives the same
// action on any machine and thread count.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bieten {

inline constexpr std::uint32_t kPolicyFormatVersion = 1;
inline constexpr int kPolicyMaxLayers = 8;
inline constexpr int kPolicyMaxWidth = 1024;

struct PolicyNet {
  std::uint32_t game = 0;
  std::vector<int> sizes;               // inputs, hidden..., outputs
  std::vector<std::size_t> offsets;     // where each layer's W starts in params (its b follows W)
  std::vector<float> params;
  int inputs() const { return sizes.front(); }
  int outputs() const { return sizes.back(); }
  int layers() const { return static_cast<int>(sizes.size()) - 1; }
};

// Reads a blob; throws Error naming `what` and the fault (bad magic, version, game, sizes, length or
// checksum) when it is not a policy of `game` over `inputs` inputs and `outputs` actions.
PolicyNet load_policy(const std::uint8_t* data, std::size_t size, std::uint32_t game, int inputs, int outputs,
                      std::string_view what);

// The storage of one forward pass (two layers' activations), owned by the caller.
struct PolicyWorkspace {
  std::array<float, kPolicyMaxWidth> a{};
  std::array<float, kPolicyMaxWidth> b{};
};

// What an agent that asks the network many times reuses from call to call (the search's play-outs,
// ismcts `rollout=policy`): the observation and the forward pass's storage, so that a call allocates and
// clears nothing.
struct PolicyScratch {
  std::array<float, kPolicyMaxWidth> input;
  PolicyWorkspace workspace;
};

// The outputs for `input` (net.inputs() floats): net.outputs() floats in the workspace.
const float* policy_outputs(const PolicyNet& net, const float* input, PolicyWorkspace& workspace);

// The legal action (bit a of legal_words[a / 64]) with the highest output; ties to the lowest id;
// -1 if no action is legal.
int policy_choice(const PolicyNet& net, const float* input, const std::uint64_t* legal_words,
                  PolicyWorkspace& workspace);

// FNV-1a, 64-bit: the blob's checksum.
std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size);

}  // namespace bieten
