// Built-in agents of Bauernschnapsen and Schnapsen (docs/agents.md): each picks a legal action for the
// seat to act from what that seat may see (S12), with its own seeded generator (agent_generator).
#pragma once

#include <cstdint>
#include <string_view>

#include "bieten/rng.hpp"
#include "bieten/schnapsen/game.hpp"

namespace bieten::schnapsen {

enum class AgentKind : std::uint8_t { kRandom, kHeuristic, kExternal };

// "random", "heuristic"; throws Error for an unknown name.
AgentKind parse_agent(std::string_view name);
std::string_view agent_name(AgentKind kind);

// Uniform over the legal actions (chance actions too, in chance mode).
ActionId random_action(const Game& game, SplitMix64& rng);

// A card player's rules of thumb: cut, name the longest suit trump, pass the bidding, double
// contracts it defends, exchange and meld whenever it may, claim as soon as its known points reach
// 66, win tricks cheaply, give points to a partner who is winning and otherwise throw the least.
ActionId heuristic_action(const Game& game, SplitMix64& rng);

// The points of `seat`'s side as that seat knows them (S12): all of them where sides are known, only
// its own tricks and its own credited marriages while a called partner is still secret to it.
int known_side_points(const Game& game, int seat);

// Whether `other` is on `seat`'s side as far as `seat` knows (S2.3, S12).
bool known_partner(const Game& game, int seat, int other);

}  // namespace bieten::schnapsen
