// The registry (csrc/games/registry.hpp) as bieten._core.GAMES: what each registered game's descriptor
// says of it (core/descriptor.hpp), read by python/bieten's registry of families and, through it, by
// every front end.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "games/registry.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

template <std::size_t N>
py::tuple names(const std::array<std::string_view, N>& list) {
  py::tuple out(N);
  for (std::size_t i = 0; i < N; ++i) out[i] = py::str(list[i].data(), list[i].size());
  return out;
}

py::str text(std::string_view s) { return py::str(s.data(), s.size()); }

template <typename D>
py::dict describe() {
  using G = typename D::Game;
  py::dict out;
  out["name"] = text(D::kName);
  out["title"] = text(D::kTitle);
  out["class_prefix"] = text(D::kClassPrefix);
  out["rule_prefix"] = text(D::kRulePrefix);
  out["seat_rule"] = text(D::kSeatRule);
  out["action_rule"] = text(D::kActionRule);
  out["rules_rule"] = text(D::Record::kKnobRule);
  out["secrecy_rule"] = text(D::kSecrecyRule);
  out["game_over_rule"] = text(D::kGameOverRule);
  out["record_format"] = text(D::Record::kFormat);
  out["presets"] = names(D::kPresets);
  out["policies"] = names(D::kPolicies);
  out["policy_tag"] = D::kPolicyTag;
  out["num_actions"] = G::kNumActions;
  out["observation_size"] = kObservationSizeOf<G>;
  out["max_players"] = G::kMaxPlayers;
  py::list knob_rows;  // (name, type, rule) in the table's order (Rules.to_dict()'s)
  for (const auto& k : D::kKnobs) knob_rows.append(py::make_tuple(text(k.name), text(knobs::type_name(k.type)), text(k.rule)));
  out["knobs"] = py::tuple(knob_rows);
  return out;
}

}  // namespace

void register_registry(py::module_& m) {
  py::list games;
  games::Registered::for_each([&]<typename D>() { games.append(describe<D>()); });
  m.attr("GAMES") = py::tuple(games);
}

}  // namespace bieten::py_bindings
