// The C ABI's one opaque handle, `bieten_game`, for a game of any registered game
// (csrc/games/registry.hpp), and the bodies of the functions every game shares, written once over the
// game's descriptor (core/descriptor.hpp). bindings/c_abi/games.cpp exports them under their own
// names; a game's folder may export more under its own (csrc/games/<game>/c_abi.cpp): each call passes
// `function`, the export's name, for its messages.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "bieten/bieten.h"
#include "common.hpp"
#include "core/agent_spec.hpp"
#include "core/knobs.hpp"
#include "core/record.hpp"
#include "core/rng.hpp"
#include "games/registry.hpp"
#include "native_agent.hpp"

// A game of any registered game. A game's own handle type (a deprecated one of ABI version 1, in the
// game's folder) derives from it, so that one destructor frees either.
struct bieten_game {
  template <typename G>
  explicit bieten_game(G g) : game(std::in_place_type<G>, std::move(g)) {}
  bieten_game(const bieten_game&) = default;
  bieten_game& operator=(const bieten_game&) = delete;
  virtual ~bieten_game() = default;
  bieten::games::Registered::AnyGame game;
};

namespace bieten::c_abi {

// f.template operator()<D>(game) with the handle's game and its descriptor D.
template <typename H, typename F>
decltype(auto) with_game(H& handle, F&& f) {
  return std::visit(
      [&](auto& g) -> decltype(auto) {
        using D = games::DescriptorFor<std::remove_cvref_t<decltype(g)>>;
        return f.template operator()<D>(g);
      },
      handle.game);
}

template <GameDescriptor D>
void check_seat_of(const typename D::Game& g, int seat, const char* function) {
  if (seat < 0 || seat >= g.players()) {
    throw SeatError(std::string(function) + ": " + std::string(D::kSeatRule) + ": seat must be 0 to " +
                    std::to_string(g.players() - 1) + ", not " + std::to_string(seat));
  }
}

template <GameDescriptor D>
std::string rules_json_of(const typename D::Rules& r) {
  std::string out;
  json::Writer w(out);
  knobs::write(w, r, D::kKnobs);
  return out;
}

// Rules of D from a JSON object of knobs: with "preset" (a name of D's presets), the knobs change that
// preset's values; without, missing knobs take the values the game's record reader gives them.
template <GameDescriptor D>
typename D::Rules rules_from_knobs(const json::Value& knobs) {
  const json::Value* preset = knobs.is_object() ? json::find(knobs, "preset") : nullptr;
  if (preset == nullptr) return record::rules_from<typename D::Record>(knobs);
  if (!preset->is_string()) {
    throw RulesError(std::string(D::Record::kKnobRule) + ": preset must be a preset's name, not " + json::show(*preset));
  }
  json::Value rest = knobs;
  rest.erase("preset");
  return knobs::read(rest, D::preset(preset->template get<std::string>()), D::kKnobs, D::Record::kKnobRule);
}

// The game named `name`, made by f.template operator()<D>(); Error naming the registered games otherwise.
template <typename F>
bieten_game* new_game_named(const char* name, const char* function, F&& f) {
  need(name, function, "name");
  bieten_game* out = nullptr;
  const bool found = games::Registered::visit(name, [&]<typename D>() { out = f.template operator()<D>(); });
  if (!found) {
    throw Error(std::string(function) + ": the game must be " + games::registered_names() + ", not '" + name + "'");
  }
  return out;
}

// ---- The bodies of the shared exports (each takes its export's name) ----------------------------

template <typename H>
int players(const H* game, const char* function) {
  return guarded(nullptr, 0, [&] { return with_game(need(game, function), [&]<typename D>(const auto& g) { return g.players(); }); });
}

template <typename H>
int seed(const H* game, std::uint64_t* out, const char* function) {
  return guarded(nullptr, 0, [&] {
    const std::uint64_t s = with_game(need(game, function), [&]<typename D>(const auto& g) { return g.seed(); });
    need(out, function, "out") = s;
    return BIETEN_OK;
  });
}

template <typename H>
std::int64_t hand_number(const H* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return with_game(*game, [&]<typename D>(const auto& g) {
    return static_cast<std::int64_t>(std::min<std::uint64_t>(g.hand_number(), INT64_MAX));
  });
}

template <typename H>
int dealer(const H* game, const char* function) {
  return guarded(nullptr, 0, [&] { return with_game(need(game, function), [&]<typename D>(const auto& g) { return g.dealer(); }); });
}

template <typename H>
int current_player(const H* game, const char* function) {
  return guarded(nullptr, 0, [&] {
    const int p = with_game(need(game, function), [&]<typename D>(const auto& g) { return g.current_player(); });
    return p < 0 ? BIETEN_NO_SEAT : p;
  });
}

template <typename H>
int is_over(const H* game, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) { return g.is_over() ? 1 : 0; });
  });
}

template <typename H>
int scores(const H* game, int* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      const int n = g.players();
      need(out, function, "out");
      if (cap < static_cast<std::size_t>(n)) throw BufferError(std::string(function) + ": buffer too small");
      for (int p = 0; p < n; ++p) out[p] = g.scores()[p];
      return n;
    });
  });
}

// The seats of the winners' or the Bummerl's bitmask (GameType's winners(), bummerl()), ascending.
template <typename H>
int winners(const H* game, int* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      return write_seats(g.winners(), g.players(), out, cap, function);
    });
  });
}

template <typename H>
int bummerl(const H* game, int* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      return write_seats(g.bummerl(), g.players(), out, cap, function);
    });
  });
}

template <typename H>
int hand(const H* game, int seat, bool unplayed_only, int* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      check_seat_of<D>(g, seat, function);
      return write_set(D::hand_mask(g, seat, unplayed_only), out, cap, function);
    });
  });
}

// The legal ids, ascending; out == NULL with cap == 0 gives their number.
template <typename H>
int legal_actions(const H* game, int* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      const auto& mask = g.legal_mask();
      const std::uint64_t* words = D::mask_words(mask);
      int n = 0;
      for (int k = 0; k < kMaskWordsOf<D>; ++k) n += std::popcount(words[k]);
      if (out == nullptr) {
        if (cap == 0) return n;
        throw NullError(std::string(function) + ": out is NULL");
      }
      if (cap < static_cast<std::size_t>(n)) throw BufferError(std::string(function) + ": buffer too small");
      int i = 0;
      for (int k = 0; k < kMaskWordsOf<D>; ++k) {
        for (std::uint64_t w = words[k]; w; w &= w - 1) out[i++] = 64 * k + std::countr_zero(w);
      }
      return n;
    });
  });
}

template <typename H>
int is_legal(const H* game, int action, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      using G = typename D::Game;
      return action >= 0 && action < G::kNumActions && g.is_legal(static_cast<typename G::ActionId>(action)) ? 1 : 0;
    });
  });
}

// An id out of range is refused like any illegal action (as Python's apply_id refuses it).
template <typename H>
int apply_id(H* game, int action, char* err, std::size_t err_len, const char* function) {
  return guarded(err, err_len, [&] {
    with_game(need(game, function), [&]<typename D>(auto& g) {
      using G = typename D::Game;
      if (action < 0 || action >= G::kNumActions) throw IllegalActionError(g.why_illegal(action));
      g.apply(static_cast<typename G::ActionId>(action));
    });
    return BIETEN_OK;
  });
}

template <typename H>
int apply_text(H* game, const char* text, char* err, std::size_t err_len, const char* function) {
  return guarded(err, err_len, [&] {
    H& h = need(game, function);
    need(text, function, "text");
    with_game(h, [&]<typename D>(auto& g) { g.apply(D::parse_action(text)); });
    return BIETEN_OK;
  });
}

template <typename H>
std::int64_t event_count(const H* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return with_game(*game, [&]<typename D>(const auto& g) { return static_cast<std::int64_t>(g.events().size()); });
}

// The events from `start` as `seat` sees them (-1: all), as a JSON array or as JSON Lines.
template <typename H>
char* events(const H* game, int seat, std::size_t start, bool lines, const char* function) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      if (seat != -1) check_seat_of<D>(g, seat, function);
      return c_string(events_json(start, g.events().size(), lines,
                                  [&](json::Writer& w, std::size_t i) { return D::write_event(w, g, i, seat); }));
    });
  });
}

template <typename H>
int observation(const H* game, int seat, float* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) {
      constexpr int kSize = kObservationSizeOf<typename D::Game>;
      check_seat_of<D>(g, seat, function);
      need(out, function, "out");
      if (cap < static_cast<std::size_t>(kSize)) throw BufferError(std::string(function) + ": buffer too small");
      write_observation(g, seat, out);
      return kSize;
    });
  });
}

// A built-in agent's choice for the seat to act, drawn from the caller's generator state (advanced).
template <typename H>
int agent_action(const H* game, const char* agent, std::uint64_t* state, char* err, std::size_t err_len,
                 const char* function) {
  return guarded(err, err_len, [&] {
    const H& h = need(game, function);
    need(agent, function, "agent");
    std::uint64_t& s = need(state, function, "state");
    return with_game(h, [&]<typename D>(const auto& g) {
      const AgentSpec spec = builtin_agent_spec(agent);
      native::check_policy_agent<typename D::Game>(spec);
      if (g.is_over()) {
        throw IllegalActionError(std::string(D::kGameOverRule) + ": the game is over; there is no action to choose");
      }
      SplitMix64 rng(s);
      const auto a = builtin_action(spec, g, rng);
      s = rng.state();
      return static_cast<int>(a);
    });
  });
}

template <typename H>
char* rules_json(const H* game, const char* function) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) { return c_string(rules_json_of<D>(g.rules())); });
  });
}

template <typename H>
char* to_json(const H* game, const char* function) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    return with_game(need(game, function), [&]<typename D>(const auto& g) { return c_string(record_json(g)); });
  });
}

// The binary record into the caller's buffer; returns its size. out == NULL with cap == 0 just returns
// the size; a smaller cap is BIETEN_E_BUFFER, nothing written.
template <typename H>
std::int64_t to_bytes(const H* game, std::uint8_t* out, std::size_t cap, const char* function) {
  std::int64_t size = 0;
  const int status = guarded(nullptr, 0, [&] {
    const std::string data =
        with_game(need(game, function), [&]<typename D>(const auto& g) { return record_bytes(g); });
    size = static_cast<std::int64_t>(data.size());
    if (out == nullptr && cap == 0) return BIETEN_OK;
    need(out, function, "out");
    if (cap < data.size()) {
      throw BufferError(std::string(function) + ": the buffer holds " + std::to_string(cap) + " bytes, " +
                        std::to_string(data.size()) + " needed");
    }
    std::copy(data.begin(), data.end(), out);
    return BIETEN_OK;
  });
  return status < 0 ? status : size;
}

}  // namespace bieten::c_abi
