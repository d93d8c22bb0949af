// The C ABI (csrc/include/bieten/bieten.h): an extern "C" layer over bieten::Game.
//
// Every exported function catches every exception and turns it into a status code and a message:
// no C++ exception crosses the boundary. Rules, events and records are written by the core
// (csrc/games/bieten/record.hpp) to the JSON writer, as the pybind11 module writes them to Python
// dicts, so the JSON here is json.dumps of Python's data by construction; records and rules are read
// by the core's reader, the one Python's Game.from_json calls.
#include "bieten/bieten.h"
#include "common.hpp"
#include "native_agent.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/bieten/actions.hpp"
#include "games/bieten/cards.hpp"
#include "core/errors.hpp"
#include "games/bieten/events.hpp"
#include "games/bieten/game.hpp"
#include "core/json.hpp"
#include "games/bieten/record.hpp"
#include "games/bieten/rules.hpp"
#include "games/bieten/simulate.hpp"

#ifndef BIETEN_VERSION_STRING
#define BIETEN_VERSION_STRING "unknown"
#endif

static_assert(BIETEN_NUM_ACTIONS == bieten::kNumActions, "bieten.h and the core disagree on the action space");
static_assert(BIETEN_NUM_CARDS == bieten::kDeckSize, "bieten.h and the core disagree on the deck");
static_assert(BIETEN_MAX_PLAYERS == bieten::kMaxPlayers, "bieten.h and the core disagree on the players");

struct bieten_game {
  explicit bieten_game(bieten::Game g) : game(std::move(g)) {}
  bieten::Game game;
};

namespace bieten::c_abi {

namespace {

void check_seat(const Game& g, int seat, const char* function) {
  if (seat < 0 || seat >= g.rules().players) {
    throw SeatError(std::string(function) + ": R2.1: seat must be 0 to " + std::to_string(g.rules().players - 1) +
                    ", not " + std::to_string(seat));
  }
}

// The events from index `start` as seen by `seat` (-1: all), as a JSON array or JSON Lines.
std::string events_text(const Game& g, int seat, std::size_t start, bool lines) {
  return events_json(start, g.events().size(), lines, [&](json::Writer& w, std::size_t i) {
    Event e = g.events()[i];
    if (seat >= 0 && !redact_for(e, seat)) return false;
    write_event(w, e, g.rules().players, seat);
    return true;
  });
}

std::string rules_text(const Rules& r) {
  std::string out;
  json::Writer w(out);
  write_rules(w, r);
  return out;
}

}  // namespace

}  // namespace bieten::c_abi

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): this file's own helpers
using bieten::Game;

extern "C" {

BIETEN_API int bieten_abi_version(void) { return BIETEN_ABI_VERSION; }

BIETEN_API const char* bieten_version(void) { return BIETEN_VERSION_STRING; }

BIETEN_API const char* bieten_status_name(int status) {
  switch (status) {
    case BIETEN_OK: return "BIETEN_OK";
    case BIETEN_NO_SEAT: return "BIETEN_NO_SEAT";
    case BIETEN_E_NULL: return "BIETEN_E_NULL";
    case BIETEN_E_ARGUMENT: return "BIETEN_E_ARGUMENT";
    case BIETEN_E_JSON: return "BIETEN_E_JSON";
    case BIETEN_E_RULES: return "BIETEN_E_RULES";
    case BIETEN_E_RECORD: return "BIETEN_E_RECORD";
    case BIETEN_E_ILLEGAL: return "BIETEN_E_ILLEGAL";
    case BIETEN_E_ACTION: return "BIETEN_E_ACTION";
    case BIETEN_E_BUFFER: return "BIETEN_E_BUFFER";
    case BIETEN_E_MEMORY: return "BIETEN_E_MEMORY";
    case BIETEN_E_INTERNAL: return "BIETEN_E_INTERNAL";
    case BIETEN_E_AGENT: return "BIETEN_E_AGENT";
    default: return "BIETEN_E_UNKNOWN";
  }
}

BIETEN_API bieten_game* bieten_game_new(const char* rules_json, uint64_t seed, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    if (rules_json == nullptr) throw NullError("bieten_game_new: rules_json is NULL");
    const bieten::json::Value knobs = parse_argument(rules_json, "bieten_game_new", "rules_json");
    return new bieten_game(Game(bieten::rules_from_json(knobs), seed, 0, {}, true));
  });
}

BIETEN_API bieten_game* bieten_game_clone(const bieten_game* game) { return clone_game(game, "bieten_game_clone"); }

BIETEN_API void bieten_game_free(bieten_game* game) { delete game; }

BIETEN_API char* bieten_rules_json(const bieten_game* game) {
  return game_text(game, "bieten_rules_json", [](const Game& g) { return rules_text(g.rules()); });
}

BIETEN_API char* bieten_preset_json(const char* name, char* err, size_t err_len) {
  return guarded_ptr<char>(err, err_len, [&] {
    if (name == nullptr) throw NullError("bieten_preset_json: name is NULL");
    return c_string(rules_text(bieten::preset(name)));
  });
}

BIETEN_API int bieten_players(const bieten_game* game) {
  return game_int(game, "bieten_players", [](const Game& g) { return g.players(); });
}

BIETEN_API int bieten_seed(const bieten_game* game, uint64_t* out) { return game_seed(game, out, "bieten_seed"); }

BIETEN_API int64_t bieten_hand_number(const bieten_game* game) { return game_hand_number(game); }

BIETEN_API int bieten_dealer(const bieten_game* game) {
  return game_int(game, "bieten_dealer", [](const Game& g) { return g.dealer(); });
}

BIETEN_API int bieten_current_player(const bieten_game* game) {
  return game_current_player(game, "bieten_current_player");
}

BIETEN_API int bieten_is_over(const bieten_game* game) {
  return game_int(game, "bieten_is_over", [](const Game& g) { return g.is_over(); });
}

BIETEN_API int bieten_winner(const bieten_game* game) {
  return guarded(nullptr, 0, [&] {
    const int w = need(game, "bieten_winner").game.winner();
    return w < 0 ? BIETEN_NO_SEAT : w;
  });
}

BIETEN_API int bieten_scores(const bieten_game* game, int* out, size_t cap) {
  return game_scores(game, out, cap, "bieten_scores");
}

BIETEN_API int bieten_bummerl(const bieten_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_bummerl").game;
    return write_set(g.bummerl(), out, cap, "bieten_bummerl");
  });
}

BIETEN_API int bieten_hand(const bieten_game* game, int seat, int unplayed_only, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_hand").game;
    check_seat(g, seat, "bieten_hand");
    return write_set(unplayed_only ? g.unplayed()[seat] : g.dealt()[seat], out, cap, "bieten_hand");
  });
}

BIETEN_API int bieten_legal_actions(const bieten_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const bieten::ActionMask& mask = need(game, "bieten_legal_actions").game.legal_mask();
    const int n = mask.size();
    if (out == nullptr) {
      if (cap == 0) return n;
      throw NullError("bieten_legal_actions: out is NULL");
    }
    if (cap < static_cast<std::size_t>(n)) throw BufferError("bieten_legal_actions: buffer too small");
    int i = 0;
    mask.for_each([&](int id) { out[i++] = id; });
    return n;
  });
}

BIETEN_API int bieten_is_legal(const bieten_game* game, int action) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_is_legal").game;
    return action >= 0 && action < bieten::kNumActions && g.is_legal(static_cast<bieten::ActionId>(action)) ? 1 : 0;
  });
}

BIETEN_API int bieten_apply_id(bieten_game* game, int action, char* err, size_t err_len) {
  return game_apply_id(game, action, err, err_len, "bieten_apply_id");
}

BIETEN_API int bieten_apply_text(bieten_game* game, const char* text, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    if (game == nullptr) throw NullError("bieten_apply_text: game is NULL");
    if (text == nullptr) throw NullError("bieten_apply_text: text is NULL");
    game->game.apply(bieten::parse_action(text));
    return BIETEN_OK;
  });
}

BIETEN_API const char* bieten_action_text(int action) {
  return table_text<bieten::kNumActions>(action,
                                         [](int a) { return Game::action_text(static_cast<bieten::ActionId>(a)); });
}

BIETEN_API int bieten_parse_action(const char* text) {
  return guarded(nullptr, 0, [&] {
    if (text == nullptr) throw NullError("bieten_parse_action: text is NULL");
    return static_cast<int>(bieten::parse_action(text));
  });
}

BIETEN_API const char* bieten_card_text(int card) {
  return table_text<bieten::kDeckSize>(card, [](int c) { return bieten::card_text(static_cast<bieten::Card>(c)); });
}

BIETEN_API int64_t bieten_event_count(const bieten_game* game) { return game_event_count(game); }

BIETEN_API char* bieten_events_json(const bieten_game* game, int seat) {
  return game_events(game, seat, 0, false, "bieten_events_json", check_seat, events_text);
}

BIETEN_API char* bieten_events_jsonl(const bieten_game* game, int seat, size_t start) {
  return game_events(game, seat, start, true, "bieten_events_jsonl", check_seat, events_text);
}

BIETEN_API char* bieten_to_json(const bieten_game* game) {
  return guarded_ptr<char>(nullptr, 0, [&] { return c_string(record_json(need(game, "bieten_to_json").game)); });
}

BIETEN_API bieten_game* bieten_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    if (json == nullptr) throw NullError("bieten_from_json: json is NULL");
    return new bieten_game(bieten::game_from_record(json));
  });
}

BIETEN_API int64_t bieten_to_bytes(const bieten_game* game, uint8_t* out, size_t cap) {
  return game_bytes(game, out, cap, "bieten_to_bytes", [](const Game& g) { return bieten::record_bytes(g); });
}

BIETEN_API bieten_game* bieten_from_bytes(const uint8_t* data, size_t len, char* err, size_t err_len) {
  return game_from_bytes<bieten_game>(data, len, err, err_len, "bieten_from_bytes",
                                      [](std::string_view d) { return bieten::game_from_bytes(d); });
}

BIETEN_API void bieten_string_free(char* text) { std::free(text); }

BIETEN_API int bieten_observation(const bieten_game* game, int seat, float* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_observation").game;
    check_seat(g, seat, "bieten_observation");
    need(out, "bieten_observation", "out");
    if (cap < static_cast<std::size_t>(bieten::kObservationSize)) throw BufferError("bieten_observation: buffer too small");
    bieten::write_observation(g, seat, out);
    return bieten::kObservationSize;
  });
}

BIETEN_API int bieten_simulate(const char* rules_json, const bieten_agent* agents, size_t n_agents, uint64_t seed,
                               uint64_t games, int threads, int* winner, int* scores, int* hands, char* err,
                               size_t err_len) {
  return guarded(err, err_len, [&] {
    bieten::SimulationConfig config;
    if (rules_json != nullptr) {
      config.rules = bieten::rules_from_json(parse_argument(rules_json, "bieten_simulate", "rules_json"));
    }
    config.rules.validate();
    const auto r = bieten::native::run_c<Game>(
        config, agents, n_agents, seed, games, threads, "bieten_simulate",
        [](const auto& c, auto first, auto last) { return bieten::simulate(c, first, last); });
    return bieten::native::write_results(r, r.winner, winner, scores, hands);
  });
}

}  // extern "C"
