// What a game tells every layer about itself, once: the concept GameDescriptor. A game's folder has a
// descriptor.hpp with one struct satisfying it; csrc/games/registry.hpp lists the descriptors, and the
// front ends (the pybind11 module, the C ABI, VectorEnv, simulate, the policy) loop over that list
// instead of naming a game. Nothing here names a game.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/game.hpp"
#include "core/knobs.hpp"

namespace pybind11 {
class module_;  // a descriptor's register_python takes the Python module (defined only in that module)
}  // namespace pybind11

namespace bieten {

// A descriptor D: the game's type, its names, the rule ids its shared messages cite, its action space's
// words and its tags in the shared binary formats.
template <typename D>
concept GameDescriptor = GameType<typename D::Game> && requires(const typename D::Game::ActionMask& mask) {
  requires std::same_as<typename D::Rules, typename D::Game::Rules>;
  // Its rules knobs (core/knobs.hpp): a table of Knob<Rules> that every layer iterates.
  { D::kKnobs[0] } -> std::convertible_to<const knobs::Knob<typename D::Rules>&>;
  // The registry's name of the game ("bieten"): Python's bieten.make(name), the C ABI's bieten_game_new.
  requires std::same_as<decltype(D::kName), const std::string_view>;
  requires std::same_as<decltype(D::kTitle), const std::string_view>;       // for people: "Bieten"
  requires std::same_as<decltype(D::kClassPrefix), const std::string_view>; // class names: "Bieten"VectorEnv
  requires std::same_as<decltype(D::kRulePrefix), const std::string_view>;  // its rule ids' letter: "R"
  requires std::same_as<decltype(D::kSeatRule), const std::string_view>;    // the rule a bad seat breaks
  requires std::same_as<decltype(D::kActionRule), const std::string_view>;  // the rule of its action space
  requires std::same_as<decltype(D::kSecrecyRule), const std::string_view>; // what a seat may see: "R3"
  requires std::same_as<decltype(D::kMaxHand), const int>;  // the most cards a seat holds (a native agent's view)
  requires std::same_as<decltype(D::kPresets), const std::array<std::string_view, D::kPresets.size()>>;
  // The shipped policies' names (its weights, core/policy_blobs.hpp) and its tag in a policy blob.
  requires std::same_as<decltype(D::kPolicies), const std::array<std::string_view, D::kPolicies.size()>>;
  requires std::same_as<decltype(D::kPolicyTag), const std::uint32_t>;
  // A legal mask's 64-bit words, lowest first ((kNumActions + 63) / 64 of them).
  { D::mask_words(mask) } -> std::same_as<const std::uint64_t*>;
};

// The length of a legal mask in 64-bit words.
template <GameDescriptor D>
inline constexpr int kMaskWordsOf = (D::Game::kNumActions + 63) / 64;

}  // namespace bieten
