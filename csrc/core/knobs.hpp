// A game's rules knobs as one descriptor table (name, type, the rule that defines it, where it lives
// in the game's Rules), so that adding a knob is a field of Rules and a row of its table
// (csrc/games/*/rules.hpp kKnobs). Everything else iterates the table: writing rules as data
// (Rules.to_dict(), the C ABI's rules JSON, records), reading them from JSON (the C ABI, records),
// building them from Python keywords (bindings), and Python's list of knobs and their types.
// Each knob's default is the value of a default-constructed Rules.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/json.hpp"

namespace bieten::knobs {

enum class Type : std::uint8_t { kInt, kBool, kName };

inline constexpr std::string_view type_name(Type t) {
  return t == Type::kInt ? "int" : t == Type::kBool ? "bool" : "str";
}

template <typename Rules>
struct Knob {
  std::string_view name;
  Type type;
  std::string_view rule;                   // where the rules text defines it, e.g. "R2.1", "S6.3"
  int Rules::*integer = nullptr;           // kInt
  bool Rules::*flag = nullptr;             // kBool
  std::string_view (*name_of)(const Rules&) = nullptr;          // kName: the value's name
  void (*set_name)(Rules&, std::string_view name) = nullptr;  // kName: throws RulesError naming the choices
};

// Rules.to_dict(): every knob in table order.
template <json::DataSink S, typename Rules, typename Table>
void write(S& s, const Rules& r, const Table& table) {
  s.begin_object();
  for (const Knob<Rules>& k : table) {
    s.key(k.name);
    switch (k.type) {
      case Type::kInt: s.integer(r.*k.integer); break;
      case Type::kBool: s.boolean(r.*k.flag); break;
      case Type::kName: s.string(k.name_of(r)); break;
    }
  }
  s.end_object();
}

inline std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + names[i];
  return out;
}

// A name knob's choices: each name with its value (a game's rules chapter of knobs: R10, S10).
template <typename Enum, std::size_t N>
using Choices = std::array<std::pair<std::string_view, Enum>, N>;

// The refusal of a name that is no choice (out of line: a cold path, and GCC 12's link-time inliner
// warns falsely of string copies when it is inlined into its callers).
[[noreturn]] [[gnu::noinline]] inline void throw_unknown_choice(std::string_view rule, std::string_view knob,
                                                               const std::vector<std::string>& names,
                                                               std::string_view text) {
  std::string allowed;
  for (const std::string& name : names) allowed += (allowed.empty() ? "" : ", ") + name;
  throw RulesError(std::string(rule) + ": " + std::string(knob) + " must be one of " + allowed + ", not '" +
                   std::string(text) + "'");
}

// The value a choice's name stands for; RulesError "<rule>: <knob> must be one of <names>, not '<text>'".
template <typename Enum, std::size_t N>
Enum parse_choice(std::string_view rule, std::string_view knob, std::string_view text, const Choices<Enum, N>& choices) {
  for (const auto& [name, value] : choices) {
    if (name == text) return value;
  }
  std::vector<std::string> names;
  for (const auto& [name, value] : choices) names.emplace_back(name);
  throw_unknown_choice(rule, knob, names, text);
}

// The name of a choice's value ("?" for a value with no name).
template <typename Enum, std::size_t N>
std::string_view choice_name(Enum value, const Choices<Enum, N>& choices) {
  for (const auto& [name, v] : choices) {
    if (v == value) return name;
  }
  return "?";
}

// The knobs given, by table row, with their types already checked: what `read` takes from a JSON
// object, and what a record's scan (core/record_scan.hpp) takes from the parser's events.
template <std::size_t N>
struct Settings {
  static_assert(N <= 32, "a bit of `given` per knob");
  std::uint32_t given = 0;                 // bit k: row k is given
  std::array<std::int64_t, N> number{};    // kInt (in int's range), kBool (0 or 1)
  std::array<std::string, N> name{};       // kName
};

// `base` with the settings: integers and flags, then the names in table order (a name's parser
// throws RulesError naming the choices), then Rules::validate's combinations.
template <typename Rules, typename Table, std::size_t N>
Rules apply(Rules r, const Table& table, const Settings<N>& settings) {
  static_assert(std::tuple_size_v<Table> == N);
  for (std::size_t i = 0; i < N; ++i) {
    if (!(settings.given >> i & 1)) continue;
    const Knob<Rules>& k = table[i];
    if (k.type == Type::kInt) r.*k.integer = static_cast<int>(settings.number[i]);
    if (k.type == Type::kBool) r.*k.flag = settings.number[i] != 0;
  }
  for (std::size_t i = 0; i < N; ++i) {
    if (settings.given >> i & 1 && table[i].type == Type::kName) table[i].set_name(r, settings.name[i]);
  }
  r.validate();
  return r;
}

// Rules from a JSON object of knobs over `base` (a preset): unknown knobs first, then each given knob's
// type in table order, then `apply`. `rule` names the rules knobs in messages ("R10", "S10").
template <typename Rules, typename Table>
Rules read(const json::Value& v, Rules base, const Table& table, std::string_view rule) {
  const std::string prefix = std::string(rule) + ": ";
  if (!v.is_object()) throw RulesError(prefix + "rules must be an object of knobs, not " + json::show(v));
  std::vector<std::string> unknown;
  for (const auto& item : v.items()) {
    const std::string& name = item.key();  // not a structured binding: clang 14 (emscripten) lets no lambda capture one
    const bool known = std::any_of(table.begin(), table.end(), [&](const Knob<Rules>& k) { return k.name == name; });
    if (!known) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    std::vector<std::string> names;
    for (const Knob<Rules>& k : table) names.emplace_back(k.name);
    throw RulesError(prefix + "unknown rules knob(s): " + join_names(unknown) + " (known: " + join_names(names) + ")");
  }
  Settings<std::tuple_size_v<Table>> settings;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Knob<Rules>& k = table[i];
    const json::Value* x = json::find(v, k.name);
    if (x == nullptr) continue;
    // Only built for a refusal: json::show of every knob costs more than reading the whole rules object.
    const auto must = [&] {
      return prefix + std::string(k.name) + " must be a" + (k.type == Type::kInt ? "n " : " ") +
             std::string(type_name(k.type)) + ", not " + json::show(*x);
    };
    switch (k.type) {
      case Type::kInt:
        if (!x->is_number_integer()) throw RulesError(must());
        if (!json::integer_in(*x, std::numeric_limits<int>::min(), std::numeric_limits<int>::max())) {
          throw RulesError(prefix + std::string(k.name) + " is out of range: " + json::show(*x));
        }
        settings.number[i] = x->get<int>();
        break;
      case Type::kBool:
        if (!x->is_boolean()) throw RulesError(must());
        settings.number[i] = x->get<bool>() ? 1 : 0;
        break;
      case Type::kName:
        if (!x->is_string()) throw RulesError(must());
        settings.name[i] = x->get_ref<const std::string&>();
        break;
    }
    settings.given |= std::uint32_t{1} << i;
  }
  return apply(std::move(base), table, settings);
}

}  // namespace bieten::knobs
