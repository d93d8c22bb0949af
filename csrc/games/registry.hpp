// The registry: every game the engine plays, one line each. Every front end (the pybind11 module, the
// C ABI, VectorEnv's and simulate's bindings, the policy loader) loops over `Registered` rather than
// naming a game; a game is its folder (csrc/games/<game>/, with its descriptor.hpp) plus its line here
// and its folder's name in CMakeLists.txt's BIETEN_GAMES.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

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
  // The place of descriptor E in the list (a compile error if E is not registered).
  template <typename E>
  static constexpr std::size_t index_of = [] {
    std::size_t i = 0;
    const bool found = ((std::is_same_v<E, D> ? true : (++i, false)) || ...);
    return found ? i : throw "not a registered game";
  }();
  // Any one registered game's state (the C ABI's handle holds one).
  using AnyGame = std::variant<typename D::Game...>;
  // f.template operator()<D>() for the game named `name`; false if no game has that name.
  template <typename F>
  static bool visit(std::string_view name, F&& f) {
    return ((D::kName == name ? (f.template operator()<D>(), true) : false) || ...);
  }
};

using Registered = GameList<bieten::Descriptor, schnapsen::Descriptor>;

// The descriptor of the registered game whose state is G.
template <typename G, typename List = Registered>
struct DescriptorOf;
template <typename G, GameDescriptor First, GameDescriptor... Rest>
struct DescriptorOf<G, GameList<First, Rest...>> {
  using type = std::conditional_t<std::is_same_v<G, typename First::Game>, First,
                                  typename DescriptorOf<G, GameList<Rest...>>::type>;
};
template <typename G>
struct DescriptorOf<G, GameList<>> {
  using type = void;
};
template <typename G>
using DescriptorFor = typename DescriptorOf<G>::type;

// The registered names for messages: each quoted, the last after "or" ("'a', 'b' or 'c'").
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
