// The C ABI of the second game, Bauernschnapsen and Schnapsen (csrc/include/bieten/bieten.h, the
// bieten_schnapsen_* functions; docs/rules/schnapsen.md S1-S12): an extern "C" layer over bieten::schnapsen::Game.
//
// The conventions are Bieten's (bindings/c_abi/bieten.cpp, with the shared guard, err buffer and
// strings of bindings/c_abi/common.hpp): no exception crosses the boundary. Rules, events and records
// are written and read by the core (csrc/games/schnapsen/record.hpp), as for Python.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bieten/bieten.h"
#include "core/rng.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/deal.hpp"
#include "games/schnapsen/events.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/rules.hpp"
#include "games/schnapsen/record.hpp"
#include "games/schnapsen/simulate.hpp"
#include "common.hpp"
#include "native_agent.hpp"

namespace sn = bieten::schnapsen;

static_assert(BIETEN_SCHNAPSEN_NUM_ACTIONS == sn::kNumActions, "bieten.h and the core disagree on the actions");
static_assert(BIETEN_SCHNAPSEN_MAX_PLAYERS == sn::kMaxPlayers, "bieten.h and the core disagree on the players");
static_assert(BIETEN_SCHNAPSEN_MAX_HAND == sn::kHandSize, "bieten.h and the core disagree on the hand");
static_assert(BIETEN_SCHNAPSEN_OBSERVATION_SIZE == sn::kObservationSize,
              "bieten.h and the core disagree on the observation");

struct bieten_schnapsen_game {
  explicit bieten_schnapsen_game(sn::Game g) : game(std::move(g)) {}
  sn::Game game;
};

namespace bieten::c_abi {

namespace {

using json::Value;

void check_seat(const sn::Game& g, int seat, const char* function) {
  if (seat < 0 || seat >= g.players()) {
    throw SeatError(std::string(function) + ": S2.1: seat must be 0 to " + std::to_string(g.players() - 1) +
                    ", not " + std::to_string(seat));
  }
}

// The events from index `start` as seen by `seat` (-1: all, S12), as a JSON array or JSON Lines.
std::string events_text(const sn::Game& g, int seat, std::size_t start, bool lines) {
  return events_json(start, g.events().size(), lines, [&](json::Writer& w, std::size_t i) {
    sn::Event e = g.events()[i];
    if (seat >= 0) sn::redact_for(e, seat);
    sn::write_event(w, e, g.players());
    return true;
  });
}

std::string rules_text(const sn::Rules& r) {
  std::string out;
  json::Writer w(out);
  sn::write_rules(w, r);
  return out;
}

// ---- Actions ----------------------------------------------------------------------------------

// S11 text to an id; a card outside the pack (S1.1) is "no action" here, as BIETEN_E_ACTION.
sn::ActionId parse(const char* text) {
  try {
    return sn::parse_action(text);
  } catch (const CardError& e) {
    throw ActionError(e.what());
  }
}

}  // namespace

}  // namespace bieten::c_abi

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): this file's own helpers

extern "C" {

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_new(const char* preset, const char* knobs_json, uint64_t seed,
                                                       int dealer, char* err, size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    const bieten::json::Value knobs = knobs_json == nullptr
                                          ? bieten::json::Value::object()
                                          : parse_argument(knobs_json, "bieten_schnapsen_new", "knobs_json");
    const sn::Rules rules = preset != nullptr ? sn::rules_from_json(preset, knobs) : sn::rules_from_json(knobs);
    if (dealer < 0 || dealer >= rules.players) {
      throw bieten::SeatError("S2.1: dealer must be a seat from 0 to " + std::to_string(rules.players - 1) +
                              ", not " + std::to_string(dealer));
    }
    return new bieten_schnapsen_game(sn::Game(rules, seed, dealer, {}, true));
  });
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_clone(const bieten_schnapsen_game* game) {
  return clone_game(game, "bieten_schnapsen_clone");
}

BIETEN_API void bieten_schnapsen_free(bieten_schnapsen_game* game) { delete game; }

BIETEN_API char* bieten_schnapsen_rules_json(const bieten_schnapsen_game* game) {
  return game_text(game, "bieten_schnapsen_rules_json", [](const sn::Game& g) { return rules_text(g.rules()); });
}

BIETEN_API char* bieten_schnapsen_preset_json(const char* name, char* err, size_t err_len) {
  return guarded_ptr<char>(err, err_len, [&] {
    need(name, "bieten_schnapsen_preset_json", "name");
    return c_string(rules_text(sn::rules_from_json(name, bieten::json::Value::object())));
  });
}

BIETEN_API int bieten_schnapsen_players(const bieten_schnapsen_game* game) {
  return game_int(game, "bieten_schnapsen_players", [](const sn::Game& g) { return g.players(); });
}

BIETEN_API int bieten_schnapsen_seed(const bieten_schnapsen_game* game, uint64_t* out) {
  return game_seed(game, out, "bieten_schnapsen_seed");
}

BIETEN_API int64_t bieten_schnapsen_hand_number(const bieten_schnapsen_game* game) { return game_hand_number(game); }

BIETEN_API int bieten_schnapsen_dealer(const bieten_schnapsen_game* game) {
  return game_int(game, "bieten_schnapsen_dealer", [](const sn::Game& g) { return g.dealer(); });
}

BIETEN_API int bieten_schnapsen_current_player(const bieten_schnapsen_game* game) {
  return game_current_player(game, "bieten_schnapsen_current_player");
}

BIETEN_API int bieten_schnapsen_is_over(const bieten_schnapsen_game* game) {
  return game_int(game, "bieten_schnapsen_is_over", [](const sn::Game& g) { return g.is_over(); });
}

BIETEN_API int bieten_schnapsen_scores(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return game_scores(game, out, cap, "bieten_schnapsen_scores");
}

BIETEN_API int bieten_schnapsen_winners(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_winners").game;
    return write_seats(g.winners(), g.players(), out, cap, "bieten_schnapsen_winners");
  });
}

BIETEN_API int bieten_schnapsen_bummerl(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_bummerl").game;
    return write_seats(g.bummerl(), g.players(), out, cap, "bieten_schnapsen_bummerl");
  });
}

BIETEN_API int bieten_schnapsen_hand(const bieten_schnapsen_game* game, int seat, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_hand").game;
    check_seat(g, seat, "bieten_schnapsen_hand");
    return write_set(g.hand(seat), out, cap, "bieten_schnapsen_hand");
  });
}

BIETEN_API int bieten_schnapsen_legal_actions(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::ActionMask mask = need(game, "bieten_schnapsen_legal_actions").game.legal_mask();
    const int n = std::popcount(mask);
    if (out == nullptr) {
      if (cap == 0) return n;
      throw NullError("bieten_schnapsen_legal_actions: out is NULL");
    }
    if (cap < static_cast<std::size_t>(n)) throw BufferError("bieten_schnapsen_legal_actions: buffer too small");
    int i = 0;
    for (sn::ActionMask m = mask; m; m &= m - 1) out[i++] = std::countr_zero(m);
    return n;
  });
}

BIETEN_API int bieten_schnapsen_is_legal(const bieten_schnapsen_game* game, int action) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_schnapsen_is_legal").game.is_legal(action) ? 1 : 0; });
}

BIETEN_API int bieten_schnapsen_apply_id(bieten_schnapsen_game* game, int action, char* err, size_t err_len) {
  return game_apply_id(game, action, err, err_len, "bieten_schnapsen_apply_id");
}

BIETEN_API int bieten_schnapsen_apply_text(bieten_schnapsen_game* game, const char* text, char* err,
                                           size_t err_len) {
  return guarded(err, err_len, [&] {
    sn::Game& g = need(game, "bieten_schnapsen_apply_text").game;
    need(text, "bieten_schnapsen_apply_text", "text");
    g.apply(parse(text));
    return BIETEN_OK;
  });
}

BIETEN_API const char* bieten_schnapsen_action_text(int action) {
  return table_text<sn::kNumActions>(action, [](int a) { return sn::Game::action_text(static_cast<sn::ActionId>(a)); });
}

BIETEN_API int bieten_schnapsen_parse_action(const char* text) {
  return guarded(nullptr, 0, [&] {
    need(text, "bieten_schnapsen_parse_action", "text");
    return static_cast<int>(parse(text));
  });
}

BIETEN_API int64_t bieten_schnapsen_event_count(const bieten_schnapsen_game* game) { return game_event_count(game); }

BIETEN_API char* bieten_schnapsen_events_json(const bieten_schnapsen_game* game, int seat) {
  return game_events(game, seat, 0, false, "bieten_schnapsen_events_json", check_seat, events_text);
}

BIETEN_API char* bieten_schnapsen_events_jsonl(const bieten_schnapsen_game* game, int seat, size_t start) {
  return game_events(game, seat, start, true, "bieten_schnapsen_events_jsonl", check_seat, events_text);
}

BIETEN_API int bieten_schnapsen_observation(const bieten_schnapsen_game* game, int seat, float* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_observation").game;
    check_seat(g, seat, "bieten_schnapsen_observation");
    need(out, "bieten_schnapsen_observation", "out");
    if (cap < static_cast<std::size_t>(sn::kObservationSize)) {
      throw BufferError("bieten_schnapsen_observation: buffer too small");
    }
    std::array<float, sn::kObservationSize> obs{};
    sn::write_observation(g, seat, obs.data());
    std::copy(obs.begin(), obs.end(), out);
    return sn::kObservationSize;
  });
}

BIETEN_API int bieten_schnapsen_agent_action(const bieten_schnapsen_game* game, const char* agent, uint64_t* state,
                                             char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_agent_action").game;
    need(agent, "bieten_schnapsen_agent_action", "agent");
    std::uint64_t& s = need(state, "bieten_schnapsen_agent_action", "state");
    const sn::AgentSpec spec = sn::builtin_agent_spec(agent);
    if (g.is_over()) throw bieten::IllegalActionError("S8.6: the game is over; there is no action to choose");
    bieten::SplitMix64 rng(s);
    const sn::ActionId a = sn::builtin_action(spec, g, rng);
    s = rng.state();
    return static_cast<int>(a);
  });
}

BIETEN_API int bieten_schnapsen_agent_state(uint64_t game_seed, int seat, uint64_t* out) {
  return guarded(nullptr, 0, [&] {
    std::uint64_t& o = need(out, "bieten_schnapsen_agent_state", "out");
    if (seat < 0 || seat >= sn::kMaxPlayers) {
      throw bieten::SeatError("S2.1: seat must be 0 to 3, not " + std::to_string(seat));
    }
    o = bieten::agent_generator(game_seed, seat).state();
    return BIETEN_OK;
  });
}

BIETEN_API char* bieten_schnapsen_to_json(const bieten_schnapsen_game* game) {
  return guarded_ptr<char>(nullptr, 0, [&] { return c_string(sn::record_json(need(game, "bieten_schnapsen_to_json").game)); });
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    need(json, "bieten_schnapsen_from_json", "json");
    return new bieten_schnapsen_game(sn::game_from_record(json));
  });
}

BIETEN_API int64_t bieten_schnapsen_to_bytes(const bieten_schnapsen_game* game, uint8_t* out, size_t cap) {
  return game_bytes(game, out, cap, "bieten_schnapsen_to_bytes", [](const sn::Game& g) { return sn::record_bytes(g); });
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_bytes(const uint8_t* data, size_t len, char* err,
                                                              size_t err_len) {
  return game_from_bytes<bieten_schnapsen_game>(data, len, err, err_len, "bieten_schnapsen_from_bytes",
                                                [](std::string_view d) { return sn::game_from_bytes(d); });
}

BIETEN_API int bieten_schnapsen_simulate(const char* preset, const char* knobs_json, const bieten_agent* agents,
                                         size_t n_agents, uint64_t seed, uint64_t games, int threads, int* winners,
                                         int* scores, int* hands, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    const bieten::json::Value knobs = knobs_json == nullptr
                                          ? bieten::json::Value::object()
                                          : parse_argument(knobs_json, "bieten_schnapsen_simulate", "knobs_json");
    sn::SimulationConfig config;
    config.rules = preset != nullptr ? sn::rules_from_json(preset, knobs) : sn::rules_from_json(knobs);
    const auto r = bieten::native::run_c<sn::Game>(
        config, agents, n_agents, seed, games, threads, "bieten_schnapsen_simulate",
        [](const auto& c, auto first, auto last) { return sn::simulate(c, first, last); });
    return bieten::native::write_results(r, r.winners, winners, scores, hands);
  });
}

}  // extern "C"
