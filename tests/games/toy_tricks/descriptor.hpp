// Toy Tricks (rules.md, T1-T8) as the registry sees it (core/descriptor.hpp): a game built only for
// the tests (-DBIETEN_TEST_GAMES=ON), one folder and one entry of CMakeLists.txt's list of test games.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/descriptor.hpp"
#include "games/toy_tricks/agents.hpp"
#include "games/toy_tricks/game.hpp"
#include "games/toy_tricks/record.hpp"

namespace bieten::toy_tricks {

struct Descriptor {
  using Rules = toy_tricks::Rules;
  static constexpr const auto& kKnobs = toy_tricks::kKnobs;
  using Game = toy_tricks::Game;
  static constexpr std::string_view kName = "toy_tricks";
  static constexpr std::string_view kTitle = "Toy Tricks";
  static constexpr std::string_view kClassPrefix = "ToyTricks";
  static constexpr std::string_view kRulePrefix = "T";
  static constexpr std::string_view kSeatRule = "T2.1";
  static constexpr std::string_view kActionRule = "T6";
  static constexpr std::string_view kSecrecyRule = "T8";  // what a seat may see of the others
  static constexpr std::array<std::string_view, 1> kPresets = {"toy_tricks"};  // T7.1
  static constexpr std::array<std::string_view, 0> kPolicies = {};               // no network shipped
  static constexpr std::uint32_t kPolicyTag = 3;
  static constexpr int kMaxHand = kHandSize;  // the most cards a seat holds (T3.2)
  static void register_python(pybind11::module_& core);  // python/module.cpp: bieten._core.toy_tricks
  static const std::uint64_t* mask_words(const ActionMask& mask) { return &mask; }

  // The C ABI's game-neutral functions (bindings/c_abi/games.hpp).
  using Record = RecordFormat;
  static constexpr std::string_view kGameOverRule = "T5.2";
  static Rules preset(std::string_view name) { return toy_tricks::preset(name); }
  static ActionId parse_action(std::string_view text) { return toy_tricks::parse_action(text); }
  static CardSet hand_mask(const Game& g, int seat, bool /*unplayed_only*/) { return g.hand(seat); }
  template <json::DataSink S>
  static bool write_event(S& s, const Game& g, std::size_t i, int viewer) {
    Event e = g.events()[i];
    if (viewer >= 0) redact_for(e, viewer);
    toy_tricks::write_event(s, e);
    return true;
  }
  static Game from_record(std::string_view text) { return game_from_record(text); }
  static Game from_bytes(std::string_view data) { return game_from_bytes(data); }
};
static_assert(GameDescriptor<Descriptor>);

}  // namespace bieten::toy_tricks
