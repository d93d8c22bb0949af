// Agent names of the ISMCTS agent (ismcts_options.hpp, docs/agents.md).
#include "core/ismcts_options.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <string_view>
#include <string>

#include "core/errors.hpp"

namespace bieten {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

[[noreturn]] void bad(std::string_view name, std::string_view why) {
  throw Error("bad agent '" + std::string(name) + "': " + std::string(why) +
              " (expected ismcts, ismcts:<iterations>, ismcts:<ms>ms, with optional :c=<x>, "
              ":rollout=random|heuristic|policy, :model=random|heuristic|policy, :policy, :prior=policy, :tau=<x>, "
              ":others=policy|uct, "
              ":answers=heuristic|search, :cards=heuristic|search)");
}

// A plain decimal number ("8", "1.5", ".25", "1e+06" as %g writes it): no sign, no locale. The knobs
// need no more, and std::from_chars for double is missing from older C++ libraries (macOS before 26).
bool parse_decimal(std::string_view text, double& out) {
  double value = 0, scale = 1;
  bool digits = false, point = false;
  std::size_t k = 0;
  for (; k < text.size() && text[k] != 'e'; ++k) {
    const char c = text[k];
    if (c == '.' && !point) {
      point = true;
    } else if (c >= '0' && c <= '9') {
      digits = true;
      if (point) {
        scale /= 10;
        value += (c - '0') * scale;
      } else {
        value = value * 10 + (c - '0');
      }
    } else {
      return false;
    }
  }
  if (k < text.size()) {  // an exponent: e, an optional sign, one to three digits
    ++k;
    const bool negative = k < text.size() && text[k] == '-';
    if (k < text.size() && (text[k] == '-' || text[k] == '+')) ++k;
    if (k == text.size() || text.size() - k > 3) return false;
    int exponent = 0;
    for (; k < text.size(); ++k) {
      if (text[k] < '0' || text[k] > '9') return false;
      exponent = exponent * 10 + (text[k] - '0');
    }
    for (int e = 0; e < exponent; ++e) value = negative ? value / 10 : value * 10;
  }
  out = value;
  return digits;
}

// "random", "heuristic" or "policy" after a knob's "=": the player it names; false for anything else.
bool parse_player(std::string_view text, Rollout& out) {
  if (text == "random") out = Rollout::kRandom;
  else if (text == "heuristic") out = Rollout::kHeuristic;
  else if (text == "policy") out = Rollout::kPolicy;
  else return false;
  return true;
}

const char* player_name(Rollout r) {
  return r == Rollout::kRandom ? "random" : r == Rollout::kPolicy ? "policy" : "heuristic";
}

[[noreturn]] void bad_expert(std::string_view name, std::string_view why) {
  throw Error("bad agent '" + std::string(name) + "': " + std::string(why) +
              " (expected expert, expert:<worlds>, expert:<ms>ms, with optional :rollout=random|heuristic|policy, "
              ":open=tree|worlds, :c=<x> with the tree)");
}

}  // namespace

bool is_expert_name(std::string_view name) {
  const std::string l = lower(name);
  return l == "expert" || l.rfind("expert:", 0) == 0;
}

IsmctsOptions parse_expert(std::string_view name) {
  const std::string l = lower(name);
  if (!is_expert_name(l)) bad_expert(name, "not an expert agent");
  IsmctsOptions o;
  std::size_t pos = 6;
  while (pos < l.size()) {
    const std::size_t end = std::min(l.find(':', pos + 1), l.size());
    const std::string part = l.substr(pos + 1, end - pos - 1);
    pos = end;
    if (part.empty()) bad_expert(name, "empty part");
    if (part.rfind("rollout=", 0) == 0) {
      if (!parse_player(std::string_view(part).substr(8), o.rollout)) {
        bad_expert(name, "the rollout must be random, heuristic or policy");
      }
      o.rollout_set = true;
    } else if (part.rfind("open=", 0) == 0) {
      if (part != "open=tree" && part != "open=worlds") bad_expert(name, "open must be tree or worlds");
      o.open_tree = part == "open=tree" ? 1 : 0;
    } else if (part.rfind("others=", 0) == 0) {
      if (part != "others=trumps" && part != "others=uct") bad_expert(name, "others must be trumps or uct");
      o.split_others = part == "others=trumps" ? 1 : 0;
    } else if (part.rfind("c=", 0) == 0) {
      double c = 0;
      if (!parse_decimal(part.substr(2), c) || c > 1e6) {
        bad_expert(name, "the exploration constant must be a number >= 0");
      }
      o.exploration = c;
    } else if (part.size() > 2 && part.compare(part.size() - 2, 2, "ms") == 0) {
      double ms = 0;
      if (!parse_decimal(part.substr(0, part.size() - 2), ms) || !(ms > 0) || ms > 3.6e6) {
        bad_expert(name, "the time budget must be a positive number of ms");
      }
      o.time_ms = ms;
      o.iterations = 0;
    } else {
      int n = 0;
      const auto r = std::from_chars(part.data(), part.data() + part.size(), n);
      if (r.ec != std::errc() || r.ptr != part.data() + part.size() || n < 1 || n > 1'000'000) {
        bad_expert(name, "the worlds must be an integer from 1 to 1000000");
      }
      o.iterations = n;
      o.time_ms = 0;
    }
  }
  if (o.open_tree == 0 && o.exploration >= 0) {
    bad_expert(name, "c is the tree's exploration constant; open=worlds has no tree");
  }
  if (o.open_tree == 0 && o.split_others >= 0) {
    bad_expert(name, "others= chooses how the tree keeps the other seat's statistics; open=worlds has no tree");
  }
  return o;
}

std::string expert_name(const IsmctsOptions& o) {
  std::string out = "expert";
  char buf[64];
  if (o.iterations > 0) {
    std::snprintf(buf, sizeof buf, ":%d", o.iterations);
    out += buf;
  } else if (o.time_ms > 0) {
    std::snprintf(buf, sizeof buf, ":%gms", o.time_ms);
    out += buf;
  }
  if (o.rollout_set) out += std::string(":rollout=") + player_name(o.rollout);
  if (o.open_tree >= 0) out += o.open_tree ? ":open=tree" : ":open=worlds";
  if (o.exploration >= 0) {
    std::snprintf(buf, sizeof buf, ":c=%g", o.exploration);
    out += buf;
  }
  if (o.split_others >= 0) out += o.split_others ? ":others=trumps" : ":others=uct";
  return out;
}

bool is_ismcts_name(std::string_view name) {
  const std::string l = lower(name);
  return l == "ismcts" || l.rfind("ismcts:", 0) == 0;
}

IsmctsOptions parse_ismcts(std::string_view name) {
  const std::string l = lower(name);
  if (!is_ismcts_name(l)) bad(name, "not an ismcts agent");
  IsmctsOptions o;
  std::size_t pos = 6;
  while (pos < l.size()) {
    const std::size_t end = std::min(l.find(':', pos + 1), l.size());
    const std::string part = l.substr(pos + 1, end - pos - 1);
    pos = end;
    if (part.empty()) bad(name, "empty part");
    if (part.rfind("c=", 0) == 0) {
      double c = 0;
      if (!parse_decimal(part.substr(2), c) || c > 1e6) {
        bad(name, "the exploration constant must be a number >= 0");
      }
      o.exploration = c;
    } else if (part.rfind("tau=", 0) == 0) {
      double t = 0;
      if (!parse_decimal(part.substr(4), t) || !(t >= 0.01) || t > 100) {
        bad(name, "the prior's temperature tau must be a number from 0.01 to 100");
      }
      o.prior_temperature = t;
    } else if (part.rfind("prior=", 0) == 0) {
      if (part != "prior=policy") bad(name, "the prior must be policy");
      o.prior = true;
    } else if (part == "cards=search" || part == "cards=heuristic") {
      o.search_cards = part == "cards=search" ? 1 : 0;
    } else if (part == "answers=search" || part == "answers=heuristic") {
      o.search_answers = part == "answers=search" ? 1 : 0;
    } else if (part == "others=policy" || part == "others=uct") {
      o.model_others = part == "others=policy" ? 1 : 0;
    } else if (part.rfind("rollout=", 0) == 0) {
      if (!parse_player(std::string_view(part).substr(8), o.rollout)) {
        bad(name, "the rollout must be random, heuristic or policy");
      }
      o.rollout_set = true;
    } else if (part.rfind("model=", 0) == 0) {
      if (!parse_player(std::string_view(part).substr(6), o.model)) {
        bad(name, "the model must be random, heuristic or policy");
      }
      o.model_set = true;
    } else if (part == "policy") {  // the policy network plays the rollouts and models the other seats
      o.rollout = o.model = Rollout::kPolicy;
      o.rollout_set = o.model_set = true;
    } else if (part.size() > 2 && part.compare(part.size() - 2, 2, "ms") == 0) {
      double ms = 0;
      if (!parse_decimal(part.substr(0, part.size() - 2), ms) || !(ms > 0) || ms > 3.6e6) {
        bad(name, "the time budget must be a positive number of ms");
      }
      o.time_ms = ms;
      o.iterations = 0;
    } else {
      int n = 0;
      const auto r = std::from_chars(part.data(), part.data() + part.size(), n);
      if (r.ec != std::errc() || r.ptr != part.data() + part.size() || n < 1 || n > 10'000'000) {
        bad(name, "the iterations must be an integer from 1 to 10000000");
      }
      o.iterations = n;
      o.time_ms = 0;
    }
  }
  if (o.prior_temperature >= 0 && !o.prior) bad(name, "tau=<x> needs prior=policy");
  return o;
}

std::string ismcts_name(const IsmctsOptions& o) {
  std::string out = "ismcts";
  char buf[64];
  if (o.iterations > 0) {
    std::snprintf(buf, sizeof buf, ":%d", o.iterations);
    out += buf;
  } else if (o.time_ms > 0) {
    std::snprintf(buf, sizeof buf, ":%gms", o.time_ms);
    out += buf;
  }
  if (o.exploration >= 0) {
    std::snprintf(buf, sizeof buf, ":c=%g", o.exploration);
    out += buf;
  }
  if (o.rollout_set && o.model_set && o.rollout == Rollout::kPolicy && o.model == Rollout::kPolicy) {
    out += ":policy";
  } else {
    if (o.rollout_set) out += std::string(":rollout=") + player_name(o.rollout);
    if (o.model_set) out += std::string(":model=") + player_name(o.model);
  }
  if (o.prior) out += ":prior=policy";
  if (o.prior_temperature >= 0) {
    std::snprintf(buf, sizeof buf, ":tau=%g", o.prior_temperature);
    out += buf;
  }
  if (o.model_others >= 0) out += o.model_others ? ":others=policy" : ":others=uct";
  if (o.search_answers >= 0) out += o.search_answers ? ":answers=search" : ":answers=heuristic";
  if (o.search_cards >= 0) out += o.search_cards ? ":cards=search" : ":cards=heuristic";
  return out;
}

}  // namespace bieten
