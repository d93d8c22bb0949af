// A game's record as JSON text (python/bieten/_game.py to_json, bieten_to_json of the C ABI): the
// rules, seed, first dealer and given deal, every action in R11 text, and the state to check a
// replay by. The bytes are Python's json.dumps of Game.to_record(), so that Python and the C ABI
// write the same record (tests/test_c_abi.py).
#pragma once

#include <string>
#include <string_view>

#include "games/bieten/cards.hpp"
#include "games/bieten/game.hpp"
#include "core/json.hpp"
#include "games/bieten/rules.hpp"

namespace bieten {

inline constexpr std::string_view kRecordFormat = "bieten-game";  // python/bieten/_game.py JSON_FORMAT
inline constexpr int kRecordVersion = 1;                           // JSON_VERSION

// The record of a game that records its actions (Game(..., record_events=true)).
std::string record_json(const Game& g);

// Pieces of it, shared with the C ABI's event and rules JSON.
void write_rules(json::Writer& w, const Rules& r);      // Rules.to_dict()
void write_cards(json::Writer& w, CardSet s);           // ascending card id, as texts
void write_card_or_null(json::Writer& w, Card c);       // kNoCard as null

}  // namespace bieten
