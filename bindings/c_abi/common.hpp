// What every export of the C ABI uses (bindings/c_abi/games.cpp, and each game's own exports in its
// folder, csrc/games/<game>/c_abi.cpp): the error classes that map to status codes, the err buffer, the
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
#include "core/cards.hpp"
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
