// Self-play inside the WebAssembly module, with no JavaScript per step (engine.simulate in the wrapper):
// games 0 .. games-1 of a registered game, one built-in agent per seat, on one thread. Written once over
// the registry: the core's simulate_games (core/simulate.hpp) for whichever game is named, seeded exactly
// as Python's bieten.simulate seeds it (R3.2: game i has game seed batch_game_seed(seed, i), each seat's
// generator agent_generator(game seed, seat)), so each game's result is Python's, game for game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/agent_spec.hpp"
#include "core/json.hpp"
#include "core/simulate.hpp"
#include "games.hpp"

using bieten::c_abi::guarded;
using bieten::c_abi::need;

extern "C" {

// name: the game; rules_json: knobs as engine.rules takes them (with "preset"); agents_json: a JSON array of
// agent names, one per seat. Outputs, row per game: winners[games] (bitmask of seats), scores[games *
// players], hands[games] (hands or deals played). Returns BIETEN_OK or a status with the message in err.
__attribute__((visibility("default"))) int bieten_wasm_simulate(const char* name, const char* rules_json,
                                                                const char* agents_json, std::uint64_t seed,
                                                                std::uint64_t games, int* winners, int* scores,
                                                                int* hands, char* err, std::size_t err_len) {
  return guarded(err, err_len, [&] {
    const char* function = "simulate";
    need(name, function, "name");
    need(rules_json, function, "rules_json");
    need(agents_json, function, "agents_json");
    const bieten::json::Value knobs = bieten::json::parse(rules_json);
    const bieten::json::Value names = bieten::json::parse(agents_json);
    const bool found = bieten::games::Registered::visit(name, [&]<typename D>() {
      using G = typename D::Game;
      bieten::SimulationConfigOf<G> config{};
      config.rules = bieten::c_abi::rules_from_knobs<D>(knobs);
      config.rules.validate();
      const int players = config.rules.players;
      if (!names.is_array() || names.size() != static_cast<std::size_t>(players)) {
        throw bieten::Error(std::string(function) + ": one agent per seat: " + std::to_string(players) + " names, not " +
                            bieten::json::show(names));
      }
      for (int p = 0; p < players; ++p) {
        const bieten::json::Value& n = names[static_cast<std::size_t>(p)];
        if (!n.is_string()) throw bieten::Error(std::string(function) + ": an agent's name, not " + bieten::json::show(n));
        const bieten::AgentSpec spec = bieten::builtin_agent_spec(n.template get<std::string>());
        bieten::native::check_policy_agent<G>(spec);
        config.agents[static_cast<std::size_t>(p)] = spec.kind;
        config.ismcts[static_cast<std::size_t>(p)] = spec.ismcts;
        config.policies[static_cast<std::size_t>(p)] = spec.policy;
      }
      config.base_seed = seed;
      config.games = games;
      config.threads = 1;
      const auto r = bieten::simulate_games<G>(config, 0, games);
      for (std::size_t i = 0; i < r.winners.size(); ++i) {
        if (winners != nullptr) winners[i] = r.winners[i];
        if (hands != nullptr) hands[i] = static_cast<int>(r.hands[i]);
        for (int p = 0; p < players && scores != nullptr; ++p) {
          scores[i * static_cast<std::size_t>(players) + static_cast<std::size_t>(p)] =
              r.scores[i * static_cast<std::size_t>(players) + static_cast<std::size_t>(p)];
        }
      }
    });
    if (!found) {
      throw bieten::Error(std::string(function) + ": the game must be " + bieten::games::registered_names() + ", not '" +
                          name + "'");
    }
    return BIETEN_OK;
  });
}

}  // extern "C"
