#include "core/agent_spec.hpp"

#include <cctype>

#include "core/errors.hpp"

namespace bieten {

AgentKind parse_agent(std::string_view name) { return parse_agent_spec(name).kind; }

AgentSpec parse_agent_spec(std::string_view name) {
  if (is_ismcts_name(name)) return AgentSpec{AgentKind::kIsmcts, parse_ismcts(name)};
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "random") return AgentSpec{AgentKind::kRandom, {}};
  if (lower == "heuristic") return AgentSpec{AgentKind::kHeuristic, {}};
  if (lower == "policy") return AgentSpec{AgentKind::kPolicy, {}};
  if (lower == "external") return AgentSpec{AgentKind::kExternal, {}};
  throw Error("unknown agent '" + std::string(name) + "': expected random, heuristic, ismcts or policy");
}

AgentSpec builtin_agent_spec(std::string_view name) {
  const AgentSpec spec = parse_agent_spec(name);
  if (spec.kind == AgentKind::kExternal) throw Error("'" + std::string(name) + "' is not a built-in agent");
  return spec;
}

std::string agent_spec_name(const AgentSpec& spec) {
  return spec.kind == AgentKind::kIsmcts ? ismcts_name(spec.ismcts) : std::string(agent_name(spec.kind));
}

std::string_view agent_name(AgentKind kind) {
  switch (kind) {
    case AgentKind::kRandom: return "random";
    case AgentKind::kHeuristic: return "heuristic";
    case AgentKind::kIsmcts: return "ismcts";
    case AgentKind::kPolicy: return "policy";
    case AgentKind::kExternal: return "external";
  }
  return "external";
}

}  // namespace bieten
