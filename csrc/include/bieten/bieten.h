/*
 * bieten.h: the C ABI of the Bieten rules engine (docs/rules/bieten.md R1-R11), for apps in C, C#, Rust, Go,
 * Swift, or JavaScript via WebAssembly. Plain C99; no C++ exception ever crosses it.
 *
 * A game is an opaque handle (bieten_game*), for a game of any game the engine registers
 * (bieten_games_json() lists them: Bieten and its cousin from the same tables and pack; each game's
 * rulebook is in docs/rules/). Everything the Python API offers for playing a game is here: create it
 * by the game's name from rules JSON and a seed (bieten_game_create; bieten_game_new for Bieten), ask
 * whose turn it is and which action ids are legal, apply an action by id or by its text, read the
 * events as JSON (all of them or one seat's view), save the game as a JSON record and restore it.
 * Records and events are the same JSON as Python's Game.to_json() and
 * [e.to_dict() for e in game.events_for(seat)] of that game. The functions taking a bieten_game*
 * answer for a game of any registered game, unless they say otherwise.
 *
 * ABI version 1's bieten_schnapsen_* functions, with their own handle (bieten_schnapsen_game*), are
 * at the end of this header: deprecated, kept for this release as wrappers over the functions above.
 *
 * Conventions (docs/c_abi.md has the whole story):
 *   - Functions returning int return a value >= 0 (or -1 = BIETEN_NO_SEAT where documented) on
 *     success and a negative bieten_status code (<= -2) on failure.
 *   - Functions taking `char* err, size_t err_len` write a NUL-terminated message there on failure
 *     (cut to err_len - 1 bytes at a UTF-8 boundary) and an empty string on success; err may be
 *     NULL. Rule errors quote the rule id, e.g. "R7.2: seat 2 holds no gleich and cannot hold".
 *   - Strings returned as `char*` are owned by the caller and must be released with
 *     bieten_string_free(); `const char*` results are static and must not be freed.
 *   - A handle may be used from any thread, but not from two threads at once (const functions may
 *     run concurrently with each other). Distinct handles are independent.
 *   - Action ids are 0 .. BIETEN_NUM_ACTIONS - 1 (docs/actions.md); card ids 0 .. 32 (R1.4).
 */
#ifndef BIETEN_BIETEN_H
#define BIETEN_BIETEN_H

#include <stddef.h>
#include <stdint.h>

/* The ABI version of this header. Compare with bieten_abi_version() at run time: a library with a
 * different value is not compatible with this header. */
#define BIETEN_ABI_VERSION 2

/* The size of the fixed action space: a buffer of this many ints holds any set of legal actions. */
#define BIETEN_NUM_ACTIONS 140
/* The number of card ids (R1.4): 32 natural cards and the Weli (id 32). */
#define BIETEN_NUM_CARDS 33
/* The most players a game has (R2.1): a buffer of this many ints holds any scores or hand. */
#define BIETEN_MAX_PLAYERS 5
/* The most cards one seat holds in a hand (R3.6/R3.7: four-card variant). */
#define BIETEN_MAX_HAND 4
/* The number of floats of bieten_observation (Python's bieten.OBSERVATION_SIZE). */
#define BIETEN_OBSERVATION_SIZE 663

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(BIETEN_C_BUILDING)
#    define BIETEN_API __declspec(dllexport)
#  else
#    define BIETEN_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define BIETEN_API __attribute__((visibility("default")))
#else
#  define BIETEN_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. BIETEN_NO_SEAT is not an error: "no seat" where a seat is returned. */
typedef enum bieten_status {
  BIETEN_OK = 0,
  BIETEN_NO_SEAT = -1,      /* current_player once the game is over; winner before it is over */
  BIETEN_E_NULL = -2,       /* a required pointer (the game handle, a text, a buffer) is NULL */
  BIETEN_E_ARGUMENT = -3,   /* an argument out of range, e.g. a seat not in 0 .. players - 1 */
  BIETEN_E_JSON = -4,       /* text that is not strict JSON (RFC 8259) */
  BIETEN_E_RULES = -5,      /* rules refused (R10): unknown knob, bad value, bad combination */
  BIETEN_E_RECORD = -6,     /* a game record that is malformed, tampered with or inconsistent */
  BIETEN_E_ILLEGAL = -7,    /* an action refused by the rules (R9); the game is unchanged */
  BIETEN_E_ACTION = -8,     /* text that is no action at all (R11); the game is unchanged */
  BIETEN_E_BUFFER = -9,     /* the caller's buffer is too small; nothing was written */
  BIETEN_E_MEMORY = -10,    /* out of memory */
  BIETEN_E_INTERNAL = -11,  /* an unexpected internal error (a bug: please report it) */
  BIETEN_E_AGENT = -12      /* a self-play agent stopped the run or chose an illegal action */
} bieten_status;

/* An opaque game: the state of one game, of any registered game, to its target (R8, S8.6). */
typedef struct bieten_game bieten_game;

/* ---- The library ---------------------------------------------------------------------------- */

/* The library's ABI version (BIETEN_ABI_VERSION of the header it was built with). */
BIETEN_API int bieten_abi_version(void);
/* The engine's version, e.g. "0.1.0" (static). */
BIETEN_API const char* bieten_version(void);
/* The name of a status code, e.g. "BIETEN_E_ILLEGAL" (static; "BIETEN_E_UNKNOWN" for others). */
BIETEN_API const char* bieten_status_name(int status);

/* ---- The registered games ------------------------------------------------------------------ */

/* The registered games as a JSON array, in registry order, each an object: "name" (what
 * bieten_game_create takes), "title", "rule_prefix" (its rule ids' letter), "presets", "knobs" (each
 * {"name", "type" ("int", "bool" or "str"), "rule"}), "num_actions", "observation_size",
 * "max_players" and "record_format" (its records' "format"). Free with bieten_string_free; NULL only
 * when memory runs out. */
BIETEN_API char* bieten_games_json(void);
/* A new game of the registered game `name` with the first dealer at seat 0.
 * rules_json: NULL (the game's default rules) or a JSON object of its knobs as Python's
 *   Rules.to_dict() writes them; with a "preset" member (one of the game's presets), the knobs change
 *   that preset's values, as Python's Rules.preset(preset, **knobs). Refusals name the knob and the
 *   game's rule (BIETEN_E_RULES), as for Python.
 * seed: the game seed, any 64-bit value. BIETEN_E_ARGUMENT for a name no game has (the message lists
 * the registered names). Returns NULL on failure with the message in err; free with bieten_game_free. */
BIETEN_API bieten_game* bieten_game_create(const char* name, const char* rules_json, uint64_t seed, char* err,
                                           size_t err_len);
/* The registered name of the game's game, e.g. "bieten" (static), or NULL for NULL. */
BIETEN_API const char* bieten_game_name(const bieten_game* game);
/* The size of the game's action space: a buffer of this many ints holds any legal set. */
BIETEN_API int bieten_game_num_actions(const bieten_game* game);
/* The number of floats bieten_observation writes for the game. */
BIETEN_API int bieten_game_observation_size(const bieten_game* game);
/* The canonical text of an action id of the game's action space (static), or NULL out of range. */
BIETEN_API const char* bieten_game_action_text(const bieten_game* game, int action);
/* The id of an action's text in the game's notation, BIETEN_E_ACTION if it is none, BIETEN_E_NULL. */
BIETEN_API int bieten_game_parse_action(const bieten_game* game, const char* text);
/* Restores a game of any registered game from its JSON record (its "format" names the game); as
 * bieten_from_json, with a "from_json: format must be ..." refusal for a format no game writes. */
BIETEN_API bieten_game* bieten_game_from_json(const char* json, char* err, size_t err_len);
/* Restores a game of any registered game from its binary record (its game byte names the game); as
 * bieten_from_bytes otherwise. */
BIETEN_API bieten_game* bieten_game_from_bytes(const uint8_t* data, size_t len, char* err, size_t err_len);
/* Writes the seats that won (R8.1, S8.6; empty until the game is over), ascending, to out; returns
 * their number. BIETEN_E_BUFFER if cap is too small. */
BIETEN_API int bieten_winners(const bieten_game* game, int* out, size_t cap);
/* The action a built-in agent ("random", "heuristic", "ismcts[:...]", "policy"; docs/agents.md) chooses
 * for the seat to act, drawing from the generator state *state (advanced, for the next call; seed it
 * with bieten_agent_state). BIETEN_E_ARGUMENT for an unknown agent, BIETEN_E_ILLEGAL once the game is
 * over. */
BIETEN_API int bieten_agent_action(const bieten_game* game, const char* agent, uint64_t* state, char* err,
                                   size_t err_len);
/* The initial generator state of seat `seat`'s agent in a game with seed game_seed, as Python's
 * bieten.simulate seeds it (0 <= seat < 64). */
BIETEN_API int bieten_agent_state(uint64_t game_seed, int seat, uint64_t* out);

/* ---- Games ---------------------------------------------------------------------------------- */

/* A new game (R2-R8) with the first dealer at seat 0.
 * rules_json: a JSON object of rules knobs as Python's Rules.to_dict() writes it, e.g.
 *   {"players": 3, "wild": "weli", "weli_point": false}; missing knobs take the tyrol preset's
 *   values, so "{}" is the tyrol preset. Unknown knobs and bad values are refused with the core's
 *   message, naming the knob and its rule (R10; the one Game.from_json gives for a record's rules).
 * seed: the game seed, any 64-bit value (R3.2); the deal of every hand follows from it.
 * Returns NULL on failure (bad JSON, refused rules, NULL rules_json, no memory) with the message
 * in err. Free the game with bieten_game_free(). */
BIETEN_API bieten_game* bieten_game_new(const char* rules_json, uint64_t seed, char* err, size_t err_len);
/* An independent copy of a game (for search); NULL if game is NULL or memory runs out. */
BIETEN_API bieten_game* bieten_game_clone(const bieten_game* game);
/* Frees a game; NULL is allowed and does nothing. */
BIETEN_API void bieten_game_free(bieten_game* game);

/* The rules of a game as JSON, every knob, as Python's Rules.to_dict() (free with
 * bieten_string_free); NULL if game is NULL or memory runs out. */
BIETEN_API char* bieten_rules_json(const bieten_game* game);
/* The rules knobs of a preset (tyrol, bavaria, welibieten, spitzbieten, south_tyrol) as JSON, for
 * bieten_game_new (free with bieten_string_free); NULL with a message in err for an unknown name. */
BIETEN_API char* bieten_preset_json(const char* name, char* err, size_t err_len);

/* The number of players (2..5), or BIETEN_E_NULL. */
BIETEN_API int bieten_players(const bieten_game* game);
/* The game seed (R3.2) into *out; returns BIETEN_OK or BIETEN_E_NULL. */
BIETEN_API int bieten_seed(const bieten_game* game, uint64_t* out);
/* The current hand's number, counting from 0, or BIETEN_E_NULL. */
BIETEN_API int64_t bieten_hand_number(const bieten_game* game);
/* The current hand's dealer (R2.2), or BIETEN_E_NULL. */
BIETEN_API int bieten_dealer(const bieten_game* game);
/* The seat to act, BIETEN_NO_SEAT (-1) once the game is over, or BIETEN_E_NULL. */
BIETEN_API int bieten_current_player(const bieten_game* game);
/* 1 once the game is over (R8.2), 0 before, or BIETEN_E_NULL. */
BIETEN_API int bieten_is_over(const bieten_game* game);
/* Bieten's one winner (R8.1): the winner's seat once the game is over, BIETEN_NO_SEAT (-1) before, or
 * BIETEN_E_NULL; BIETEN_E_ARGUMENT for another game's handle (use bieten_winners). */
BIETEN_API int bieten_winner(const bieten_game* game);
/* Schnapsen's exact solver (docs/solve.md): for a two-player game whose stock is exhausted or closed
 * (S6.4, S6.7), writes each legal action id of the seat to act, ascending, to actions and its value (that
 * seat's game points from this deal minus the opponent's, both playing best, S7, S8) to values; returns
 * their number. BIETEN_E_ARGUMENT (naming the rule) for another game's handle, four players or a stock
 * still open; BIETEN_E_BUFFER if cap is too small (BIETEN_SCHNAPSEN_NUM_ACTIONS always fits). */
BIETEN_API int bieten_solve(const bieten_game* game, int* actions, int* values, size_t cap, char* err, size_t err_len);

/* Writes each seat's total (R8) to out[0 .. players - 1]; returns players.
 * BIETEN_E_BUFFER (writing nothing) if cap < players; BIETEN_E_NULL if game or out is NULL. */
BIETEN_API int bieten_scores(const bieten_game* game, int* out, size_t cap);
/* Writes the seats that got the Bummerl (R8.3; empty until the game is over), ascending, to out;
 * returns their number. BIETEN_E_BUFFER if cap is too small (BIETEN_MAX_PLAYERS always fits). */
BIETEN_API int bieten_bummerl(const bieten_game* game, int* out, size_t cap);
/* Writes the card ids of `seat`'s cards in the current hand, ascending, to out; returns their
 * number. unplayed_only = 0: every card dealt to the seat (played or not, as Python's game.hands);
 * nonzero: only those still in the hand. BIETEN_E_ARGUMENT for a bad seat, BIETEN_E_BUFFER if cap
 * is too small (BIETEN_MAX_HAND always fits). Apps must show a player only his own cards. */
BIETEN_API int bieten_hand(const bieten_game* game, int seat, int unplayed_only, int* out, size_t cap);

/* ---- Actions -------------------------------------------------------------------------------- */

/* Writes the legal action ids, ascending, to out; returns their number (0 once the game is over).
 * If cap is smaller than that number, returns BIETEN_E_BUFFER and writes nothing; a buffer of
 * BIETEN_NUM_ACTIONS ints always fits. out == NULL with cap == 0 just returns the number.
 * BIETEN_E_NULL if game is NULL (or out is NULL with cap > 0). */
BIETEN_API int bieten_legal_actions(const bieten_game* game, int* out, size_t cap);
/* 1 if the action id is legal now, 0 if not (also for ids out of range), or BIETEN_E_NULL. */
BIETEN_API int bieten_is_legal(const bieten_game* game, int action);
/* Applies an action by id. Returns BIETEN_OK, or BIETEN_E_ILLEGAL with the rule's message in err
 * (e.g. "R7.4: seat 0 must answer the bid on red (good, hold or three), not 'play HK'"); an
 * illegal action changes nothing (R9). BIETEN_E_NULL for a NULL game. */
BIETEN_API int bieten_apply_id(bieten_game* game, int action, char* err, size_t err_len);
/* Applies an action by its R11 text, e.g. "play S6 as HK", "bid gleich", "good" (case-insensitive).
 * BIETEN_E_ACTION for text that is no action, BIETEN_E_ILLEGAL for an action the rules refuse;
 * the game is unchanged either way. BIETEN_E_NULL for a NULL game or text. */
BIETEN_API int bieten_apply_text(bieten_game* game, const char* text, char* err, size_t err_len);
/* The canonical R11 text of an action id (static), or NULL for an id out of range. */
BIETEN_API const char* bieten_action_text(int action);
/* The id of an action's R11 text, BIETEN_E_ACTION if it is no action, BIETEN_E_NULL for NULL. */
BIETEN_API int bieten_parse_action(const char* text);
/* The canonical text of a card id 0..32 (R1.5), e.g. "HA", "S6" (static), or NULL. */
BIETEN_API const char* bieten_card_text(int card);

/* Writes what `seat` may see as BIETEN_OBSERVATION_SIZE floats (Python's game.observation(seat),
 * docs/observation.md); returns that size. BIETEN_E_ARGUMENT for a bad seat, BIETEN_E_BUFFER if cap is
 * too small, BIETEN_E_NULL for NULL. */
BIETEN_API int bieten_observation(const bieten_game* game, int seat, float* out, size_t cap);

/* ---- Events --------------------------------------------------------------------------------- */

/* The number of events so far, or BIETEN_E_NULL. */
BIETEN_API int64_t bieten_event_count(const bieten_game* game);
/* The events so far as a JSON array (docs/events.md; the schema is bieten/schema/events-v2.json).
 * seat = -1: every event, all cards shown (Python's game.events); seat 0 .. players - 1: what
 * that seat may see (Python's game.events_for(seat): other seats' unplayed cards are null).
 * The text equals Python's json.dumps([e.to_dict() for e in events]). Free with
 * bieten_string_free. NULL for a NULL game, a bad seat, or no memory. */
BIETEN_API char* bieten_events_json(const bieten_game* game, int seat);
/* The events from index `start` on (0 = all; use bieten_event_count to poll for new ones) as JSON
 * Lines: one event per line, each ending in "\n", each line equal to Python's
 * json.dumps(event.to_dict()). An empty string when start >= the event count. Seat as above. */
BIETEN_API char* bieten_events_jsonl(const bieten_game* game, int seat, size_t start);

/* ---- Records -------------------------------------------------------------------------------- */

/* The game record as JSON text, identical to Python's Game.to_json() (free with
 * bieten_string_free); NULL for a NULL game or no memory. */
BIETEN_API char* bieten_to_json(const bieten_game* game);
/* Restores a game from a record (written by bieten_to_json or Python's Game.to_json) by replaying
 * its actions; the restored game continues identically. A record may also be written by hand to
 * start a game with a given first deal, dealer and face-up card (docs/c_abi.md). Returns NULL on
 * failure with a "from_json: ..." message in err (malformed JSON, wrong format or version, missing
 * or unknown fields, refused rules, a refused action, or hand_number/scores/hands that disagree
 * with the actions): the core's reader and message, the same as Python's Game.from_json. */
BIETEN_API bieten_game* bieten_from_json(const char* json, char* err, size_t err_len);
/* The game record in binary, the bytes of Python's Game.to_bytes() (docs/records.md: versioned, with
 * its length and a CRC-32C, an action id a byte; several times smaller than the JSON), for storage and
 * datasets. Writes it to out and returns its size in bytes. If cap is smaller, returns BIETEN_E_BUFFER
 * and writes nothing; out == NULL with cap == 0 just returns the size. BIETEN_E_NULL for a NULL game
 * (or out NULL with cap > 0). */
BIETEN_API int64_t bieten_to_bytes(const bieten_game* game, uint8_t* out, size_t cap);
/* Restores a game from len bytes of a binary record (bieten_to_bytes's or Python's Game.to_bytes()) by
 * replaying its actions. Returns NULL on failure with a "from_bytes: ..." message in err
 * (BIETEN_E_RECORD: no magic, an unknown version, another game's record, truncated, trailing bytes, a
 * checksum mismatch, an action refused at ply k citing its rule, a hand_number its actions do not
 * reach), as Python's Game.from_bytes refuses them; NULL data is BIETEN_E_NULL. */
BIETEN_API bieten_game* bieten_from_bytes(const uint8_t* data, size_t len, char* err, size_t err_len);
/* Frees a string returned by this library; NULL is allowed. */
BIETEN_API void bieten_string_free(char* text);

/* ==== Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md, docs/schnapsen.md): deprecated ====================
 *
 * Deprecated since ABI version 2 and kept for this release only: a bieten_game of "schnapsen"
 * (bieten_game_create("schnapsen", "{\"preset\": \"schnapsen\"}", seed, ...)) answers every function
 * above, and each bieten_schnapsen_X below is the function bieten_X (bieten_game_X) above on it.
 *
 * A game of Bauernschnapsen (4 players) or Schnapsen (2 players) to the target (S8.6) is an opaque
 * bieten_schnapsen_game*, with the conventions above: status codes, err buffers, strings freed with
 * bieten_string_free, buffers with a capacity, one thread at a time per handle. Rule errors quote the
 * S rule, e.g. "S6.3: seat 2 holds a Hearts card and must follow". Action ids are
 * 0 .. BIETEN_SCHNAPSEN_NUM_ACTIONS - 1 (docs/schnapsen.md); cards are the Bieten card ids of the
 * 20-card pack (S1.1), so bieten_card_text names them. The JSON is Python's bieten.schnapsen: rules as
 * Rules.to_dict(), events as [e.to_dict() for e in game.events_for(seat)], records as Game.to_json(). */

/* The size of the Schnapsen action space (S11): a buffer of this many ints holds any legal set. */
#define BIETEN_SCHNAPSEN_NUM_ACTIONS 61
/* The most players of a Schnapsen game (S2.1: 4 or 2). */
#define BIETEN_SCHNAPSEN_MAX_PLAYERS 4
/* The most cards one seat holds (S3.4, S3.5). */
#define BIETEN_SCHNAPSEN_MAX_HAND 5
/* The number of floats of bieten_schnapsen_observation (Python's schnapsen.OBSERVATION_SIZE). */
#define BIETEN_SCHNAPSEN_OBSERVATION_SIZE 426

/* An opaque game of Bauernschnapsen or Schnapsen. */
typedef struct bieten_schnapsen_game bieten_schnapsen_game;

/* A new game (S2-S8).
 * preset: NULL, or a preset of S10 (bauernschnapsen, bauernschnapsen_called, bauernschnapsen_2,
 *   schnapsen). knobs_json: NULL (no knobs), or a JSON object of knobs as Python's Rules.to_dict()
 *   writes them, e.g. {"target": 11}. With a preset, the knobs change that preset's values, as
 *   Python's Rules.preset(preset, **knobs); without one, missing knobs take the values of
 *   bauernschnapsen (or of bauernschnapsen_2 when "players" is 2), as Python's Rules(**knobs).
 *   Unknown presets or knobs and bad values are refused with the S10 message (BIETEN_E_RULES).
 * seed: the game seed, any 64-bit value (S3.1). dealer: the first deal's dealer, 0 .. players - 1
 *   (S2.1; BIETEN_E_ARGUMENT otherwise).
 * Returns NULL on failure with the message in err. Free the game with bieten_schnapsen_free(). */
BIETEN_API bieten_schnapsen_game* bieten_schnapsen_new(const char* preset, const char* knobs_json, uint64_t seed,
                                                       int dealer, char* err, size_t err_len);
/* An independent copy of a game (for search); NULL if game is NULL or memory runs out. */
BIETEN_API bieten_schnapsen_game* bieten_schnapsen_clone(const bieten_schnapsen_game* game);
/* Frees a game; NULL is allowed and does nothing. */
BIETEN_API void bieten_schnapsen_free(bieten_schnapsen_game* game);

/* The rules of a game as JSON, every knob, as Python's Rules.to_dict() (free with bieten_string_free). */
BIETEN_API char* bieten_schnapsen_rules_json(const bieten_schnapsen_game* game);
/* The knobs of a preset of S10 as JSON (free with bieten_string_free); NULL with the S10 message in err
 * for an unknown name. */
BIETEN_API char* bieten_schnapsen_preset_json(const char* name, char* err, size_t err_len);

/* The number of players (4 or 2), or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_players(const bieten_schnapsen_game* game);
/* The game seed into *out; returns BIETEN_OK or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_seed(const bieten_schnapsen_game* game, uint64_t* out);
/* The current deal's number, counting from 0, or BIETEN_E_NULL. */
BIETEN_API int64_t bieten_schnapsen_hand_number(const bieten_schnapsen_game* game);
/* The current deal's dealer (S2.1), or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_dealer(const bieten_schnapsen_game* game);
/* The seat to act, BIETEN_NO_SEAT (-1) once the game is over, or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_current_player(const bieten_schnapsen_game* game);
/* 1 once the game is over (S8.6), 0 before, or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_is_over(const bieten_schnapsen_game* game);

/* Writes each seat's total (S8.6) to out[0 .. players - 1]; returns players. BIETEN_E_BUFFER (writing
 * nothing) if cap < players; BIETEN_E_NULL if game or out is NULL. */
BIETEN_API int bieten_schnapsen_scores(const bieten_schnapsen_game* game, int* out, size_t cap);
/* Writes the winners (S8.6: the seats at or above the target; none until the game is over), ascending,
 * to out; returns their number. BIETEN_E_BUFFER if cap is too small (BIETEN_SCHNAPSEN_MAX_PLAYERS fits). */
BIETEN_API int bieten_schnapsen_winners(const bieten_schnapsen_game* game, int* out, size_t cap);
/* Writes the seats that got the Bummerl (S8.6; none until the game is over), ascending, as above. */
BIETEN_API int bieten_schnapsen_bummerl(const bieten_schnapsen_game* game, int* out, size_t cap);
/* Writes the card ids `seat` holds now (dealt so far and not played), ascending, to out; returns their
 * number (as Python's game.hands[seat]). BIETEN_E_ARGUMENT for a bad seat, BIETEN_E_BUFFER if cap is too
 * small (BIETEN_SCHNAPSEN_MAX_HAND always fits). Apps must show a player only his own cards (S12). */
BIETEN_API int bieten_schnapsen_hand(const bieten_schnapsen_game* game, int seat, int* out, size_t cap);

/* Writes the legal action ids, ascending, to out; returns their number (0 once the game is over).
 * BIETEN_E_BUFFER (writing nothing) if cap is too small; BIETEN_SCHNAPSEN_NUM_ACTIONS ints always fit.
 * out == NULL with cap == 0 just returns the number. */
BIETEN_API int bieten_schnapsen_legal_actions(const bieten_schnapsen_game* game, int* out, size_t cap);
/* 1 if the action id is legal now, 0 if not (also for ids out of range), or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_is_legal(const bieten_schnapsen_game* game, int action);
/* Applies an action by id. Returns BIETEN_OK, or BIETEN_E_ILLEGAL with the S rule's message in err
 * (e.g. "S7.1: no claim before the second trick"); an illegal action changes nothing (S9). */
BIETEN_API int bieten_schnapsen_apply_id(bieten_schnapsen_game* game, int action, char* err, size_t err_len);
/* Applies an action by its S11 text, e.g. "play HA", "trump L", "meld E", "call E10" (case-insensitive).
 * BIETEN_E_ACTION for text that is no action of this game (S11), a card outside the pack included
 * ("S1.1: S6 is not in the Schnapsen pack"); BIETEN_E_ILLEGAL for an action the rules refuse. The game is
 * unchanged either way. BIETEN_E_NULL for a NULL game or text. */
BIETEN_API int bieten_schnapsen_apply_text(bieten_schnapsen_game* game, const char* text, char* err, size_t err_len);
/* The canonical S11 text of an action id (static), or NULL for an id out of range. */
BIETEN_API const char* bieten_schnapsen_action_text(int action);
/* The id of an action's S11 text, BIETEN_E_ACTION if it is no action (or names a card outside the
 * pack), BIETEN_E_NULL for NULL. */
BIETEN_API int bieten_schnapsen_parse_action(const char* text);

/* The number of events so far, or BIETEN_E_NULL. */
BIETEN_API int64_t bieten_schnapsen_event_count(const bieten_schnapsen_game* game);
/* The events as a JSON array (docs/schnapsen.md). seat = -1: every event, every card shown (Python's
 * game.events); seat 0 .. players - 1: what that seat may see (S12, Python's game.events_for(seat):
 * other seats' cards and the stock are null, forehand's last two cards until he has chosen trump).
 * The text equals json.dumps([e.to_dict() for e in events]). NULL for a NULL game or a bad seat. */
BIETEN_API char* bieten_schnapsen_events_json(const bieten_schnapsen_game* game, int seat);
/* The events from index `start` on as JSON Lines (one json.dumps(e.to_dict()) and "\n" per event); an
 * empty string when start >= the event count. Seat as above. */
BIETEN_API char* bieten_schnapsen_events_jsonl(const bieten_schnapsen_game* game, int seat, size_t start);
/* Writes what `seat` knows (S12) as BIETEN_SCHNAPSEN_OBSERVATION_SIZE floats (Python's
 * game.observation(seat), layout schnapsen.OBSERVATION_LAYOUT); returns that size. BIETEN_E_ARGUMENT
 * for a bad seat, BIETEN_E_BUFFER if cap is too small, BIETEN_E_NULL for NULL. */
BIETEN_API int bieten_schnapsen_observation(const bieten_schnapsen_game* game, int seat, float* out, size_t cap);

/* A built-in agent's choice for the seat to act (docs/agents.md): agent is "random", "heuristic" or "ismcts[:...]";
 * it sees only what that seat may see (S12). *state is the agent's generator (SplitMix64) state, read
 * and advanced: keep one per seat. Starting from state = s gives Python's
 * bieten._core.schnapsen.CoreAgent(agent, s); from bieten_schnapsen_agent_state(seed, seat) the choices
 * of the batch self-play. Returns the action id (not applied), or BIETEN_E_ARGUMENT for an unknown
 * agent, BIETEN_E_ILLEGAL once the game is over, BIETEN_E_NULL for NULL. */
BIETEN_API int bieten_schnapsen_agent_action(const bieten_schnapsen_game* game, const char* agent, uint64_t* state,
                                             char* err, size_t err_len);
/* The generator state of `seat`'s built-in agent (0 .. 3) in the game with `game_seed`, as the batch
 * self-play starts it (agent_generator), into *out. BIETEN_OK, BIETEN_E_ARGUMENT or BIETEN_E_NULL. */
BIETEN_API int bieten_schnapsen_agent_state(uint64_t game_seed, int seat, uint64_t* out);

/* The game record as JSON text, identical to Python's bieten.schnapsen.Game.to_json() (format
 * "bieten-schnapsen-game", version 1; free with bieten_string_free). */
BIETEN_API char* bieten_schnapsen_to_json(const bieten_schnapsen_game* game);
/* Restores a game from a record (bieten_schnapsen_to_json's or Python's) by replaying its actions; a
 * record written by hand may give the first deal ("deal" in schnapsen.deal()'s shape) and dealer.
 * Returns NULL with a "from_json: ..." message in err (BIETEN_E_RECORD's cases, as Python's
 * Game.from_json refuses them). */
BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_json(const char* json, char* err, size_t err_len);
/* The game record in binary, the bytes of Python's bieten.schnapsen.Game.to_bytes(), as bieten_to_bytes
 * (game 2 in its header): its size, BIETEN_E_BUFFER if cap is too small, out == NULL with cap == 0 asks
 * the size. */
BIETEN_API int64_t bieten_schnapsen_to_bytes(const bieten_schnapsen_game* game, uint8_t* out, size_t cap);
/* Restores a game from a binary record as bieten_from_bytes does: NULL with a "from_bytes: ..." message
 * (BIETEN_E_RECORD's cases) in err. */
BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_bytes(const uint8_t* data, size_t len, char* err,
                                                              size_t err_len);

/* ==== Native agents in batch self-play (docs/c_abi.md "Native agents") ===========================
 *
 * An agent written in C (or Cython, cffi, Rust, ...) that bieten_simulate, bieten_schnapsen_simulate and
 * Python's bieten.simulate call for every decision of its seat, on the run's threads, without Python.
 *
 * The callback does not get the game: it gets a bieten_view of it, valid only during the call, whose
 * functions tell exactly what the seat to act may see (R2.1 / S12): its legal actions, its observation
 * (Python's game.observation(seat)), its own cards, the totals, and a reproducible random stream. It
 * returns a legal action id of the view's game, or a negative number to stop the run. An illegal id or a
 * negative one stops the run with BIETEN_E_AGENT (Python: AgentError) naming the agent and its seat.
 *
 * Threads: with threads > 1 the callback runs on several threads at once, with the same `user`
 * pointer; it must treat `user` as read-only (or synchronise itself) and keep no state between calls
 * outside it. Each game's result then depends only on (rules, agents, seed, game index), identical for
 * any thread count, as long as the callback is a function of what it is shown (use the view's random
 * stream, never a shared generator). The callback must not throw (C++) or longjmp out, and must not call
 * back into a running simulation. */

typedef struct bieten_view bieten_view;

/* The game a view shows. */
#define BIETEN_GAME_BIETEN 0
#define BIETEN_GAME_SCHNAPSEN 1

/* A seat's view of a game for an agent's decision. The fields are filled by the library; read them, or
 * call the bieten_view_* functions below (static inline: they need no linking with the library). */
struct bieten_view {
  int game;             /* BIETEN_GAME_BIETEN or BIETEN_GAME_SCHNAPSEN */
  int seat;             /* the seat to act, whose agent is called */
  int players;          /* 2 .. 5 (Bieten), 4 or 2 (Schnapsen) */
  int num_actions;      /* BIETEN_NUM_ACTIONS or BIETEN_SCHNAPSEN_NUM_ACTIONS */
  int observation_size; /* BIETEN_OBSERVATION_SIZE or BIETEN_SCHNAPSEN_OBSERVATION_SIZE */
  int max_hand;         /* BIETEN_MAX_HAND or BIETEN_SCHNAPSEN_MAX_HAND */
  int64_t hand_number;  /* the current hand (deal), from 0 */
  uint64_t game_index;  /* the index of the game in the run (0 .. games - 1) */
  int (*legal_actions_)(const bieten_view* view, int* out, size_t cap);
  int (*is_legal_)(const bieten_view* view, int action);
  int (*observation_)(const bieten_view* view, float* out, size_t cap);
  int (*hand_)(const bieten_view* view, int* out, size_t cap);
  int (*scores_)(const bieten_view* view, int* out, size_t cap);
  uint64_t (*random_)(const bieten_view* view);
  void* internal_;      /* the library's: do not touch */
};

/* The callback of a native agent: the action id the seat view->seat chooses (not applied), or a
 * negative number to stop the run. `user` is the pointer given with it. */
typedef int (*bieten_agent_fn)(void* user, const bieten_view* view);

/* One seat's agent for bieten_simulate: a built-in agent (fn == NULL, name "random" or "heuristic")
 * or a callback (fn != NULL; name, which may be NULL, names it in messages). */
typedef struct bieten_agent {
  const char* name;
  bieten_agent_fn fn;
  void* user;
} bieten_agent;

/* The legal action ids, ascending, into out; returns their number (BIETEN_E_BUFFER if cap is too small,
 * view->num_actions always fits). */
static inline int bieten_view_legal_actions(const bieten_view* view, int* out, size_t cap) {
  return view->legal_actions_(view, out, cap);
}
/* 1 if the action id is legal now, 0 if not (also for ids out of range). */
static inline int bieten_view_is_legal(const bieten_view* view, int action) { return view->is_legal_(view, action); }
/* The seat's observation (view->observation_size floats, the layout of Python's game.observation) into
 * out; returns its size (BIETEN_E_BUFFER if cap is too small). */
static inline int bieten_view_observation(const bieten_view* view, float* out, size_t cap) {
  return view->observation_(view, out, cap);
}
/* The card ids the seat holds now (unplayed), ascending, into out; returns their number. */
static inline int bieten_view_hand(const bieten_view* view, int* out, size_t cap) { return view->hand_(view, out, cap); }
/* Each seat's total into out[0 .. players - 1]; returns players. */
static inline int bieten_view_scores(const bieten_view* view, int* out, size_t cap) {
  return view->scores_(view, out, cap);
}
/* The next 64 random bits of the seat's stream for this decision: SplitMix64 seeded from the game seed,
 * the seat and the number of actions so far, so the same in every run of the same game and for any
 * thread count. Each call advances the stream. */
static inline uint64_t bieten_view_random(const bieten_view* view) { return view->random_(view); }

/* Plays games 0 .. games - 1 of Bieten with the rules of rules_json (as bieten_game_new; NULL is the tyrol
 * preset) and one agent per seat (n_agents == players), on `threads` threads (0: one per CPU), the GIL
 * free: game i has game seed mix64(seed + (i+1)*gamma) (R3.2), exactly as Python's bieten.simulate, so the
 * results are identical for any thread count. Outputs (each may be NULL): winner[games] the winner's
 * seat, scores[games * players] the totals (row per game), hands[games] the hands played.
 * Returns BIETEN_OK, or BIETEN_E_AGENT ("the agent 'name' of seat 1 chose action 7 'bid red' in game 3,
 * which is illegal: ..."), BIETEN_E_RULES, BIETEN_E_JSON, BIETEN_E_ARGUMENT (a bad agent count or name),
 * BIETEN_E_NULL, with the message in err. Nothing useful is written to the outputs on failure. */
BIETEN_API int bieten_simulate(const char* rules_json, const bieten_agent* agents, size_t n_agents, uint64_t seed,
                               uint64_t games, int threads, int* winner, int* scores, int* hands, char* err,
                               size_t err_len);

/* As bieten_simulate, for Bauernschnapsen or Schnapsen with the rules of (preset, knobs_json) as
 * bieten_schnapsen_new takes them; the first dealer is seat 0, as in Python's bieten.simulate.
 * winners[games]: per game, a bitmask of the seats at or above the target (S8.6; bit p = seat p). */
BIETEN_API int bieten_schnapsen_simulate(const char* preset, const char* knobs_json, const bieten_agent* agents,
                                         size_t n_agents, uint64_t seed, uint64_t games, int threads, int* winners,
                                         int* scores, int* hands, char* err, size_t err_len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* BIETEN_BIETEN_H */
