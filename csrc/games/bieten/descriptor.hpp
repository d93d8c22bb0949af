// Bieten (docs/rules/bieten.md, R1-R11) as the registry sees it (core/descriptor.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/descriptor.hpp"
#include "games/bieten/actions.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/observation.hpp"
#include "games/bieten/rules.hpp"

namespace bieten {

struct Descriptor {
  using Rules = bieten::Rules;
  static constexpr const auto& kKnobs = bieten::kKnobs;  // its rules knobs (rules.hpp)
  using Game = bieten::Game;
  static constexpr std::string_view kName = "bieten";
  static constexpr std::string_view kTitle = "Bieten";
  static constexpr std::string_view kClassPrefix = "Bieten";
  static constexpr std::string_view kRulePrefix = "R";
  static constexpr std::string_view kSeatRule = "R2.1";
  static constexpr std::string_view kActionRule = "R11";
  static constexpr std::array<std::string_view, 5> kPresets = {"tyrol", "bavaria", "welibieten", "spitzbieten",
                                                               "south_tyrol"};  // R10
  static constexpr std::array<std::string_view, 1> kPolicies = {"bieten"};
  static constexpr std::uint32_t kPolicyTag = 1;
  // Its classes in the pybind11 module bieten._core (python/module.cpp, compiled into that module only).
  static void register_python(pybind11::module_& core);
  static const std::uint64_t* mask_words(const ActionMask& mask) { return mask.w; }
};
static_assert(GameDescriptor<Descriptor>);

}  // namespace bieten
