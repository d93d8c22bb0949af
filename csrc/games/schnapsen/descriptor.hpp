// Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md, S1-S12) as the registry sees them
// (core/descriptor.hpp): one game of four presets.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/descriptor.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/rules.hpp"

namespace bieten::schnapsen {

struct Descriptor {
  using Rules = schnapsen::Rules;
  static constexpr const auto& kKnobs = schnapsen::kKnobs;  // its rules knobs (rules.hpp)
  using Game = schnapsen::Game;
  static constexpr std::string_view kName = "schnapsen";
  static constexpr std::string_view kTitle = "Schnapsen";
  static constexpr std::string_view kClassPrefix = "Schnapsen";
  static constexpr std::string_view kRulePrefix = "S";
  static constexpr std::string_view kSeatRule = "S2.1";
  static constexpr std::string_view kActionRule = "S11";
  static constexpr std::array<std::string_view, 4> kPresets = {"bauernschnapsen", "bauernschnapsen_called",
                                                               "bauernschnapsen_2", "schnapsen"};  // S10
  // One network per table size: the 4-player game and the 2-player one (agents.cpp picks by players).
  static constexpr std::array<std::string_view, 2> kPolicies = {"bauernschnapsen", "schnapsen"};
  static constexpr std::uint32_t kPolicyTag = 2;
  // The mask is one word, held by the caller (a legal_mask() bound to a const reference).
  // Its classes in the pybind11 module bieten._core (python/module.cpp, compiled into that module only).
  static void register_python(pybind11::module_& core);
  static const std::uint64_t* mask_words(const ActionMask& mask) { return &mask; }
};
static_assert(GameDescriptor<Descriptor>);

}  // namespace bieten::schnapsen
