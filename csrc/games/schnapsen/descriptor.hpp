// Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md, S1-S12) as the registry sees them
// (core/descriptor.hpp): one game of four presets.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/descriptor.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/record.hpp"
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
  static constexpr std::string_view kSecrecyRule = "S12";  // what a seat may see of the others
  static constexpr std::array<std::string_view, 4> kPresets = {"bauernschnapsen", "bauernschnapsen_called",
                                                               "bauernschnapsen_2", "schnapsen"};  // S10
  // One network per table size: the 4-player game and the 2-player one (agents.cpp picks by players).
  static constexpr std::array<std::string_view, 2> kPolicies = {"bauernschnapsen", "schnapsen"};
  static constexpr int kMaxHand = kHandSize;  // the most cards a seat holds (S3.4, S3.5)
  static constexpr std::uint32_t kPolicyTag = 2;
  // The mask is one word, held by the caller (a legal_mask() bound to a const reference).
  // Its classes in the pybind11 module bieten._core (python/module.cpp, compiled into that module only).
  static void register_python(pybind11::module_& core);
  static const std::uint64_t* mask_words(const ActionMask& mask) { return &mask; }

  // What the C ABI's game-neutral functions need (bindings/c_abi): its record's format (record.hpp), the
  // rule that ends the game, presets by name, a seat's cards, an event as a seat sees it, and records read.
  using Record = RecordFormat;
  static constexpr std::string_view kGameOverRule = "S8.6";
  static Rules preset(std::string_view name) { return schnapsen::preset(name); }
  // S11 text to an id; a card outside the 20-card pack (S1.1) is no action at all (ActionError).
  static ActionId parse_action(std::string_view text) {
    try {
      return schnapsen::parse_action(text);
    } catch (const CardError& e) {
      throw ActionError(e.what());
    }
  }
  // S12: the cards in the seat's hand now (dealt and drawn, not played), however asked.
  static CardSet hand_mask(const Game& g, int seat, bool /*unplayed_only*/) { return g.hand(seat); }
  // Event i as `viewer` may see it (-1: all; S12 hides the other seats' cards).
  template <json::DataSink S>
  static bool write_event(S& s, const Game& g, std::size_t i, int viewer) {
    Event e = g.events()[i];
    if (viewer >= 0) redact_for(e, viewer);
    schnapsen::write_event(s, e, g.players());
    return true;
  }
  static Game from_record(std::string_view text) { return game_from_record(text); }
  static Game from_bytes(std::string_view data) { return game_from_bytes(data); }
};
static_assert(GameDescriptor<Descriptor>);

}  // namespace bieten::schnapsen
