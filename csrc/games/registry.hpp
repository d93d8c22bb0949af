// The registry: every game the engine plays, one line each. Every front end (the pybind11 module, the
// C ABI, VectorEnv's and simulate's bindings, the policy loader) loops over `Registered` rather than
// naming a game; a game is its folder (csrc/games/<game>/, with its descriptor.hpp) plus its line here
// and its folder's name in CMakeLists.txt's BIETEN_GAMES.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/descriptor.hpp"
#include "games/bieten/descriptor.hpp"
#include "games/schnapsen/descriptor.hpp"

namespace bieten::games {

template <GameDescriptor... D>
struct GameList {
  static constexpr std::size_t size = sizeof...(D);
  // f.template operator()<D>() for each game, in registry order.
  template <typename F>
  static void for_each(F&& f) {
    (f.template operator()<D>(), ...);
  }
  // f.template operator()<D>() for the game named `name`; false if no game has that name.
  template <typename F>
  static bool visit(std::string_view name, F&& f) {
    return ((D::kName == name ? (f.template operator()<D>(), true) : false) || ...);
  }
};

using Registered = GameList<bieten::Descriptor, schnapsen::Descriptor>;

// The registered names for messages: "'bieten' or 'schnapsen'" (quoted, the last after "or").
inline std::string registered_names() {
  std::string out;
  std::size_t i = 0;
  Registered::for_each([&]<typename D>() {
    if (i > 0) out += ++i == Registered::size ? " or " : ", ";
    else ++i;
    out += "'" + std::string(D::kName) + "'";
  });
  return out;
}

}  // namespace bieten::games
