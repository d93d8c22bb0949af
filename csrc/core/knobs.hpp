// A game's rules knobs as one descriptor table (name, type, the rule that defines it, where it lives
// in the game's Rules), so that adding a knob is a field of Rules and a row of its table
// (csrc/games/*/rules.hpp kKnobs). Everything else iterates the table: writing rules as data
// (Rules.to_dict(), the C ABI's rules JSON, records), reading them from JSON (the C ABI, records),
// building them from Python keywords (bindings), and Python's list of knobs and their types.
// Each knob's default is the value of a default-constructed Rules.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
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

// Rules from a JSON object of knobs over `base` (a preset): unknown knobs first, then each given knob's
// type in table order, then the names (which name the choices), then Rules::validate's combinations.
// `rule` names the rules knobs in messages ("R10", "S10").
template <typename Rules, typename Table>
Rules read(const json::Value& v, Rules r, const Table& table, std::string_view rule) {
  const std::string prefix = std::string(rule) + ": ";
  if (!v.is_object()) throw RulesError(prefix + "rules must be an object of knobs, not " + json::show(v));
  std::vector<std::string> unknown;
  for (const auto& [name, value] : v.items()) {
    const bool known = std::any_of(table.begin(), table.end(), [&](const Knob<Rules>& k) { return k.name == name; });
    if (!known) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    std::vector<std::string> names;
    for (const Knob<Rules>& k : table) names.emplace_back(k.name);
    throw RulesError(prefix + "unknown rules knob(s): " + join_names(unknown) + " (known: " + join_names(names) + ")");
  }
  for (const Knob<Rules>& k : table) {
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
        r.*k.integer = x->get<int>();
        break;
      case Type::kBool:
        if (!x->is_boolean()) throw RulesError(must());
        r.*k.flag = x->get<bool>();
        break;
      case Type::kName:
        if (!x->is_string()) throw RulesError(must());
        break;
    }
  }
  // The names are parsed after every type check, so that a wrong type is named before an unknown name.
  for (const Knob<Rules>& k : table) {
    const json::Value* x = json::find(v, k.name);
    if (x != nullptr && k.type == Type::kName) k.set_name(r, x->get_ref<const std::string&>());
  }
  r.validate();
  return r;
}

}  // namespace bieten::knobs
