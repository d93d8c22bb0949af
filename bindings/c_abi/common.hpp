// What the C ABI's two games share (bindings/c_abi/bieten.cpp for Bieten, bindings/c_abi/schnapsen.cpp
// for Bauernschnapsen and Schnapsen): the error classes that map to status codes, the err buffer, the
// exception guard every exported function runs in, and library-owned strings. Reading rules and records
// is the core's (csrc/games/*/record.cpp), the same code Python's Game.from_json calls.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bieten/bieten.h"
#include "games/bieten/cards.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "core/record.hpp"

namespace bieten::c_abi {

// A NULL pointer where one is required.
class NullError : public Error {
 public:
  using Error::Error;
};

// A caller's buffer that is too small.
class BufferError : public Error {
 public:
  using Error::Error;
};

// ---- Messages and status codes ----------------------------------------------------------------

inline void write_message(char* err, std::size_t err_len, std::string_view msg) noexcept {
  if (err == nullptr || err_len == 0) return;
  std::size_t n = std::min(msg.size(), err_len - 1);
  if (n < msg.size()) {
    while (n > 0 && (static_cast<unsigned char>(msg[n]) & 0xC0) == 0x80) --n;  // cut at a UTF-8 boundary
  }
  std::memcpy(err, msg.data(), n);
  err[n] = '\0';
}

// Runs f (returning a status >= BIETEN_NO_SEAT or a value) and turns exceptions into statuses.
template <typename F>
int guarded(char* err, std::size_t err_len, F&& f) noexcept {
  write_message(err, err_len, "");
  int code = BIETEN_E_INTERNAL;
  try {
    return f();
  } catch (const NullError& e) {
    code = BIETEN_E_NULL, write_message(err, err_len, e.what());
  } catch (const BufferError& e) {
    code = BIETEN_E_BUFFER, write_message(err, err_len, e.what());
  } catch (const RecordError& e) {
    code = BIETEN_E_RECORD, write_message(err, err_len, e.what());
  } catch (const json::ParseError& e) {
    code = BIETEN_E_JSON, write_message(err, err_len, e.what());
  } catch (const RulesError& e) {
    code = BIETEN_E_RULES, write_message(err, err_len, e.what());
  } catch (const IllegalActionError& e) {
    code = BIETEN_E_ILLEGAL, write_message(err, err_len, e.what());
  } catch (const ActionError& e) {
    code = BIETEN_E_ACTION, write_message(err, err_len, e.what());
  } catch (const AgentError& e) {  // a self-play agent stopped the run or chose an illegal action
    code = BIETEN_E_AGENT, write_message(err, err_len, e.what());
  } catch (const Error& e) {  // seats, cards, hands, seeds, agent names
    code = BIETEN_E_ARGUMENT, write_message(err, err_len, e.what());
  } catch (const std::bad_alloc&) {
    code = BIETEN_E_MEMORY, write_message(err, err_len, "out of memory");
  } catch (const std::exception& e) {
    code = BIETEN_E_INTERNAL, write_message(err, err_len, std::string("internal error: ") + e.what());
  } catch (...) {
    code = BIETEN_E_INTERNAL, write_message(err, err_len, "internal error: an unknown exception");
  }
  return code;
}

// As guarded, for functions returning a pointer (nullptr on failure).
template <typename T, typename F>
T* guarded_ptr(char* err, std::size_t err_len, F&& f) noexcept {
  T* out = nullptr;
  guarded(err, err_len, [&] {
    out = f();
    return BIETEN_OK;
  });
  return out;
}

// *p, or NullError naming the function and the argument.
template <typename T>
T& need(T* p, const char* function, const char* what = "game") {
  if (p == nullptr) throw NullError(std::string(function) + ": " + what + " is NULL");
  return *p;
}

// A copy of text in memory the caller frees with bieten_string_free.
inline char* c_string(const std::string& text) {
  auto* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out == nullptr) throw std::bad_alloc();
  std::memcpy(out, text.data(), text.size());
  out[text.size()] = '\0';
  return out;
}

// Parses text given to `function` as `what`, e.g. "bieten_game_new: rules_json is not JSON text: ...".
inline json::Value parse_argument(const char* text, const char* function, const char* what) {
  try {
    return json::parse(text);
  } catch (const json::ParseError& e) {
    throw json::ParseError(std::string(function) + ": " + what + " is not JSON text: " + e.what());
  }
}

// Writes the ids of a card set, ascending, to out (cap ints); returns their number.
inline int write_set(CardSet s, int* out, std::size_t cap, const char* function) {
  const int n = count(s);
  if (out == nullptr) throw NullError(std::string(function) + ": out is NULL");
  if (cap < static_cast<std::size_t>(n)) {
    throw BufferError(std::string(function) + ": the buffer holds " + std::to_string(cap) + ", " + std::to_string(n) +
                      " needed");
  }
  int i = 0;
  for (; s; s &= s - 1) out[i++] = lowest(s);
  return n;
}

// Writes the seats of a bitmask, ascending, to out (cap ints); returns their number.
inline int write_seats(unsigned mask, int players, int* out, std::size_t cap, const char* function) {
  std::vector<int> seats;
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) seats.push_back(p);
  }
  if (out == nullptr) throw NullError(std::string(function) + ": out is NULL");
  if (cap < seats.size()) {
    throw BufferError(std::string(function) + ": the buffer holds " + std::to_string(cap) + ", " +
                      std::to_string(seats.size()) + " needed");
  }
  std::copy(seats.begin(), seats.end(), out);
  return static_cast<int>(seats.size());
}

// Events from index `start` to `end` as a JSON array, or as JSON Lines (each object and "\n").
// write(w, i) writes event i to w, or returns false having written nothing (an event a seat may not see).
template <typename Write>
std::string events_json(std::size_t start, std::size_t end, bool lines, Write&& write) {
  std::string out;
  if (lines) {
    for (std::size_t i = start; i < end; ++i) {
      json::Writer w(out);
      if (write(w, i)) out += '\n';
    }
    return out;
  }
  json::Writer w(out);
  w.begin_array();
  for (std::size_t i = start; i < end; ++i) write(w, i);
  w.end_array();
  return out;
}

// ---- The bodies of the exports every game has ----------------------------------------------------
// Each game's exports (bieten.cpp, schnapsen.cpp) keep their own C names and handle types, as bieten.h
// declares them, and call these: H is the game's handle (a struct holding `game`, a core game, csrc/core/
// game.hpp's GameType) and `function` the export's name, for the messages.

template <typename H>
using GameOf = std::remove_cvref_t<decltype(std::declval<H&>().game)>;

template <typename H>
H* clone_game(const H* game, const char* function) {
  return guarded_ptr<H>(nullptr, 0, [&] { return new H(need(game, function).game); });
}

// A text the game writes (e.g. its rules as JSON), in memory the caller frees with bieten_string_free.
template <typename H, typename F>
char* game_text(const H* game, const char* function, F&& f) {
  return guarded_ptr<char>(nullptr, 0, [&] { return c_string(f(need(game, function).game)); });
}

template <typename H>
int game_seed(const H* game, std::uint64_t* out, const char* function) {
  return guarded(nullptr, 0, [&] {
    const GameOf<H>& g = need(game, function).game;
    need(out, function, "out") = g.seed();
    return BIETEN_OK;
  });
}

template <typename H>
std::int64_t game_hand_number(const H* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return static_cast<std::int64_t>(std::min<std::uint64_t>(game->game.hand_number(), INT64_MAX));
}

// An int the game answers at once: players, dealer, ...
template <typename H, typename F>
int game_int(const H* game, const char* function, F&& f) {
  return guarded(nullptr, 0, [&] { return static_cast<int>(f(need(game, function).game)); });
}

template <typename H>
int game_current_player(const H* game, const char* function) {
  return game_int(game, function, [](const GameOf<H>& g) {
    const int p = g.current_player();
    return p < 0 ? BIETEN_NO_SEAT : p;
  });
}

template <typename H>
int game_scores(const H* game, int* out, std::size_t cap, const char* function) {
  return guarded(nullptr, 0, [&] {
    const GameOf<H>& g = need(game, function).game;
    const int n = g.players();
    need(out, function, "out");
    if (cap < static_cast<std::size_t>(n)) throw BufferError(std::string(function) + ": buffer too small");
    for (int p = 0; p < n; ++p) out[p] = g.scores()[p];
    return n;
  });
}

// An id out of range is refused like any illegal action (as Python's apply_id refuses it).
template <typename H>
int game_apply_id(H* game, int action, char* err, std::size_t err_len, const char* function) {
  return guarded(err, err_len, [&] {
    GameOf<H>& g = need(game, function).game;
    if (action < 0 || action >= GameOf<H>::kNumActions) throw IllegalActionError(g.why_illegal(action));
    g.apply(static_cast<typename GameOf<H>::ActionId>(action));
    return BIETEN_OK;
  });
}

template <typename H>
std::int64_t game_event_count(const H* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return static_cast<std::int64_t>(game->game.events().size());
}

// The game's binary record (core/record_bytes.hpp, written by `write`) into the caller's buffer; returns
// its size. out == NULL with cap == 0 just returns the size; a smaller cap is BIETEN_E_BUFFER, nothing
// written.
template <typename H, typename Write>
std::int64_t game_bytes(const H* game, std::uint8_t* out, std::size_t cap, const char* function, Write&& write) {
  std::int64_t size = 0;
  const int status = guarded(nullptr, 0, [&] {
    const std::string data = write(need(game, function).game);
    size = static_cast<std::int64_t>(data.size());
    if (out == nullptr && cap == 0) return BIETEN_OK;
    need(out, function, "out");
    if (cap < data.size()) {
      throw BufferError(std::string(function) + ": the buffer holds " + std::to_string(cap) + " bytes, " +
                        std::to_string(data.size()) + " needed");
    }
    std::memcpy(out, data.data(), data.size());
    return BIETEN_OK;
  });
  return status < 0 ? status : size;
}

// A game restored from its binary record by `read` (the core's reader, "from_bytes: ..." refusals).
template <typename H, typename Read>
H* game_from_bytes(const std::uint8_t* data, std::size_t len, char* err, std::size_t err_len, const char* function,
                   Read&& read) {
  return guarded_ptr<H>(err, err_len, [&] {
    need(data, function, "data");
    return new H(read(std::string_view(reinterpret_cast<const char*>(data), len)));
  });
}

// The events from `start` as seen by `seat` (-1: all), through the game's check_seat and events_text.
template <typename H, typename Check, typename Text>
char* game_events(const H* game, int seat, std::size_t start, bool lines, const char* function, Check&& check_seat,
                  Text&& events_text) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    const GameOf<H>& g = need(game, function).game;
    if (seat != -1) check_seat(g, seat, function);
    return c_string(events_text(g, seat, start, lines));
  });
}

// Text i of a table built once (action or card texts), or nullptr out of range or out of memory.
template <std::size_t N, typename Make>
const char* table_text(int i, Make&& make) noexcept {
  if (i < 0 || static_cast<std::size_t>(i) >= N) return nullptr;
  try {
    static const std::array<std::string, N> texts = [&] {
      std::array<std::string, N> out;
      for (std::size_t k = 0; k < N; ++k) out[k] = std::string(make(static_cast<int>(k)));
      return out;
    }();
    return texts[static_cast<std::size_t>(i)].c_str();
  } catch (...) {
    return nullptr;
  }
}

}  // namespace bieten::c_abi
