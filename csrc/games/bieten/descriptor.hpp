// Bieten (docs/rules/bieten.md, R1-R11) as the registry sees it (core/descriptor.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/descriptor.hpp"
#include "games/bieten/actions.hpp"
#include "games/bieten/agents.hpp"
#include "games/bieten/game.hpp"
#include "games/bieten/observation.hpp"
#include "games/bieten/record.hpp"
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
  static constexpr std::string_view kSecrecyRule = "R3";  // what a seat may see of the others
  static constexpr std::array<std::string_view, 5> kPresets = {"tyrol", "bavaria", "welibieten", "spitzbieten",
                                                               "south_tyrol"};  // R10
  static constexpr std::array<std::string_view, 1> kPolicies = {"bieten"};
  static constexpr int kMaxHand = 4;  // the most cards a seat holds (R4.1: 3 or 4 cards)
  static constexpr std::uint32_t kPolicyTag = 1;
  // Its classes in the pybind11 module bieten._core (python/module.cpp, compiled into that module only).
  static void register_python(pybind11::module_& core);
  static const std::uint64_t* mask_words(const ActionMask& mask) { return mask.w; }

  // What the C ABI's game-neutral functions need (bindings/c_abi): its record's format (record.hpp), the
  // rule that ends the game, presets by name, a seat's cards, an event as a seat sees it, and records read.
  using Record = RecordFormat;
  static constexpr std::string_view kGameOverRule = "R8.2";
  static Rules preset(std::string_view name) { return bieten::preset(name); }
  static ActionId parse_action(std::string_view text) { return bieten::parse_action(text); }
  // R3: every card dealt to the seat this hand, or (unplayed_only) those it has not played yet.
  static CardSet hand_mask(const Game& g, int seat, bool unplayed_only) {
    return unplayed_only ? g.unplayed()[seat] : g.dealt()[seat];
  }
  // Event i as `viewer` may see it (-1: all); false, writing nothing, for an event that seat may not see.
  template <json::DataSink S>
  static bool write_event(S& s, const Game& g, std::size_t i, int viewer) {
    Event e = g.events()[i];
    if (viewer >= 0 && !redact_for(e, viewer)) return false;
    bieten::write_event(s, e, g.players(), viewer);
    return true;
  }
  static Game from_record(std::string_view text) { return game_from_record(text); }
  static Game from_bytes(std::string_view data) { return game_from_bytes(data); }
};
static_assert(GameDescriptor<Descriptor>);

}  // namespace bieten
