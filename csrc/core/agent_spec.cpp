#include "core/agent_spec.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/errors.hpp"

namespace bieten {

AgentKind parse_agent(std::string_view name) { return parse_agent_spec(name).kind; }

namespace {

// The network of "policy:PATH": the file read whole (at most kMaxPolicyFile bytes) and checked as a policy
// blob of whichever game its header names (check_policy_for then checks it against the game played).
AgentSpec policy_file_spec(const std::string& path) {
  const std::string what = "policy:" + path;
  if (path.empty()) throw Error("policy: needs a file after the colon, e.g. policy:runs/bieten.bin");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) throw Error(what + ": cannot read it: " + std::strerror(errno));
  std::vector<std::uint8_t> data;
  std::uint8_t chunk[65536];
  std::size_t got = 0;
  bool failed = false;
  while ((got = std::fread(chunk, 1, sizeof chunk, file)) > 0) {
    data.insert(data.end(), chunk, chunk + got);
    if (data.size() > kMaxPolicyFile) break;
  }
  failed = std::ferror(file) != 0;
  const int error = errno;
  std::fclose(file);
  if (failed) throw Error(what + ": cannot read it: " + std::strerror(error));
  if (data.size() > kMaxPolicyFile) {
    throw Error(what + ": not a policy file: larger than " + std::to_string(kMaxPolicyFile >> 20) + " MiB");
  }
  if (data.empty()) throw Error(what + ": not a policy file: it is empty (bieten train writes DIR/<game>.bin)");
  if (data.size() < 16 || std::memcmp(data.data(), "BTPN", 4) != 0) {
    throw Error(what + ": not a policy file (no BTPN magic; bieten train writes DIR/<game>.bin)");
  }
  auto u32 = [&](std::size_t at) {
    return static_cast<std::uint32_t>(data[at]) | static_cast<std::uint32_t>(data[at + 1]) << 8 |
           static_cast<std::uint32_t>(data[at + 2]) << 16 | static_cast<std::uint32_t>(data[at + 3]) << 24;
  };
  const std::uint32_t tag = u32(8), layers = u32(12);
  int inputs = 0, outputs = 0;
  if (layers >= 1 && layers <= static_cast<std::uint32_t>(kPolicyMaxLayers) && data.size() >= 16 + 4 * (layers + 1)) {
    inputs = static_cast<int>(u32(16));
    outputs = static_cast<int>(u32(16 + 4 * layers));
  }
  try {
    AgentSpec spec{AgentKind::kPolicy, {}, nullptr, path};
    spec.policy = std::make_shared<const PolicyNet>(load_policy(data.data(), data.size(), tag, inputs, outputs, path));
    return spec;
  } catch (const Error& e) {
    // load_policy says "policy PATH: <fault>"; one prefix for every fault of the file
    std::string message = e.what();
    const std::string plain = "policy " + path + ": ";
    if (message.rfind(plain, 0) == 0) message = message.substr(plain.size());
    throw Error(what + ": " + message);
  }
}

}  // namespace

AgentSpec parse_agent_spec(std::string_view name) {
  if (is_ismcts_name(name)) return AgentSpec{AgentKind::kIsmcts, parse_ismcts(name)};
  if (is_expert_name(name)) return AgentSpec{AgentKind::kExpert, parse_expert(name)};
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "random") return AgentSpec{AgentKind::kRandom, {}};
  if (lower == "heuristic") return AgentSpec{AgentKind::kHeuristic, {}};
  if (lower == "policy") return AgentSpec{AgentKind::kPolicy, {}};
  if (lower.rfind("policy:", 0) == 0) return policy_file_spec(std::string(name.substr(7)));
  if (lower == "external") return AgentSpec{AgentKind::kExternal, {}};
  throw Error("unknown agent '" + std::string(name) +
              "': expected random, heuristic, ismcts, expert, policy or policy:FILE");
}

AgentSpec builtin_agent_spec(std::string_view name) {
  const AgentSpec spec = parse_agent_spec(name);
  if (spec.kind == AgentKind::kExternal) throw Error("'" + std::string(name) + "' is not a built-in agent");
  return spec;
}

std::string agent_spec_name(const AgentSpec& spec) {
  if (spec.kind == AgentKind::kPolicy && spec.policy) return "policy:" + spec.policy_file;
  if (spec.kind == AgentKind::kExpert) return expert_name(spec.ismcts);
  return spec.kind == AgentKind::kIsmcts ? ismcts_name(spec.ismcts) : std::string(agent_name(spec.kind));
}

std::string_view agent_name(AgentKind kind) {
  switch (kind) {
    case AgentKind::kRandom: return "random";
    case AgentKind::kHeuristic: return "heuristic";
    case AgentKind::kIsmcts: return "ismcts";
    case AgentKind::kPolicy: return "policy";
    case AgentKind::kExpert: return "expert";
    case AgentKind::kExternal: return "external";
  }
  return "external";
}

}  // namespace bieten
