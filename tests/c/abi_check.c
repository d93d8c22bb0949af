/*
 * abi_check.c: drives every function and every error path of the C ABI (bieten/bieten.h) from C.
 * tests/test_c_abi.py builds it with the system C compiler and runs it, also under valgrind (every
 * error path must free what it allocates: an exception thrown and caught inside the library, a
 * refused record, a short buffer). Prints "abi_check: N checks passed" and exits 0, or names the
 * first failing check and exits 1.
 */
#include <bieten/bieten.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0;

#define CHECK(cond)                                                             \
  do {                                                                          \
    ++checks;                                                                   \
    if (!(cond)) {                                                              \
      fprintf(stderr, "abi_check.c:%d: check failed: %s\n", __LINE__, #cond); \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

/* err starts with prefix. */
static int starts(const char* err, const char* prefix) { return strncmp(err, prefix, strlen(prefix)) == 0; }

/* A game must not be created from these rules; err must start with prefix. */
static void refused_rules(const char* rules, const char* prefix) {
  char err[256];
  bieten_game* g = bieten_game_new(rules, 1, err, sizeof err);
  if (g != NULL || !starts(err, prefix)) {
    fprintf(stderr, "rules %s: expected '%s...', got '%s'\n", rules, prefix, err);
  }
  CHECK(g == NULL);
  CHECK(starts(err, prefix));
}

/* A record must be refused; err must start with prefix. */
static void refused_record(const char* record, const char* prefix) {
  char err[512];
  bieten_game* g = bieten_from_json(record, err, sizeof err);
  if (g != NULL || !starts(err, prefix)) {
    fprintf(stderr, "record %.80s: expected '%s...', got '%s'\n", record, prefix, err);
  }
  CHECK(g == NULL);
  CHECK(starts(err, prefix));
}

/* Plays random legal actions (SplitMix64 picks) until the game is over or `limit` actions. */
static void play(bieten_game* g, uint64_t state, int limit) {
  int ids[BIETEN_NUM_ACTIONS];
  char err[256];
  for (int i = 0; i < limit && !bieten_is_over(g); ++i) {
    const int n = bieten_legal_actions(g, ids, BIETEN_NUM_ACTIONS);
    CHECK(n > 0);
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    CHECK(bieten_apply_id(g, ids[z % (uint64_t)n], err, sizeof err) == BIETEN_OK);
    CHECK(err[0] == '\0');
  }
}

static void check_null_handles(void) {
  int buf[BIETEN_NUM_ACTIONS];
  uint64_t seed = 0;
  char err[128];
  CHECK(bieten_players(NULL) == BIETEN_E_NULL);
  CHECK(bieten_seed(NULL, &seed) == BIETEN_E_NULL);
  CHECK(bieten_hand_number(NULL) == BIETEN_E_NULL);
  CHECK(bieten_dealer(NULL) == BIETEN_E_NULL);
  CHECK(bieten_current_player(NULL) == BIETEN_E_NULL);
  CHECK(bieten_is_over(NULL) == BIETEN_E_NULL);
  CHECK(bieten_winner(NULL) == BIETEN_E_NULL);
  CHECK(bieten_scores(NULL, buf, 5) == BIETEN_E_NULL);
  CHECK(bieten_bummerl(NULL, buf, 5) == BIETEN_E_NULL);
  CHECK(bieten_hand(NULL, 0, 0, buf, 5) == BIETEN_E_NULL);
  CHECK(bieten_legal_actions(NULL, buf, BIETEN_NUM_ACTIONS) == BIETEN_E_NULL);
  CHECK(bieten_is_legal(NULL, 0) == BIETEN_E_NULL);
  CHECK(bieten_apply_id(NULL, 0, err, sizeof err) == BIETEN_E_NULL);
  CHECK(strcmp(err, "bieten_apply_id: game is NULL") == 0);
  CHECK(bieten_apply_text(NULL, "good", err, sizeof err) == BIETEN_E_NULL);
  CHECK(bieten_event_count(NULL) == BIETEN_E_NULL);
  CHECK(bieten_events_json(NULL, -1) == NULL);
  CHECK(bieten_events_jsonl(NULL, -1, 0) == NULL);
  CHECK(bieten_to_json(NULL) == NULL);
  CHECK(bieten_rules_json(NULL) == NULL);
  CHECK(bieten_game_clone(NULL) == NULL);
  CHECK(bieten_from_json(NULL, err, sizeof err) == NULL);
  CHECK(starts(err, "bieten_from_json: json is NULL"));
  CHECK(bieten_game_new(NULL, 1, err, sizeof err) == NULL);
  CHECK(starts(err, "bieten_game_new: rules_json is NULL"));
  CHECK(bieten_parse_action(NULL) == BIETEN_E_NULL);
  CHECK(bieten_preset_json(NULL, err, sizeof err) == NULL);
  bieten_game_free(NULL);
  bieten_string_free(NULL);
}

static void check_rules(void) {
  refused_rules("", "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 1: ");
  refused_rules("{",
                "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 2: syntax error while parsing object key - unexpected end of input; expected string literal");
  refused_rules("{\"players\": 3,}",
                "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 15: syntax error while parsing object key - unexpected '}'; expected string literal");
  refused_rules("{\"players\": 03}",
                "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 14: syntax error while parsing object - unexpected number literal; expected '}'");
  refused_rules("{\"players\": 3} x",
                "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 16: syntax error while parsing value - invalid literal");
  refused_rules("{'players': 3}", "bieten_game_new: rules_json is not JSON text");
  refused_rules("{\"players\": NaN}", "bieten_game_new: rules_json is not JSON text");
  refused_rules("{\"wild\": \"\xff\"}",
                "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 11: syntax error while parsing value - invalid string:");
  refused_rules("{\"wild\": \"\\ud800\"}",
                "bieten_game_new: rules_json is not JSON text: parse error at line 1, column 17: syntax error while parsing value - invalid string:");
  refused_rules("{\"players\": 3, \"players\": 4}",
                "bieten_game_new: rules_json is not JSON text: duplicate key \"players\" in an object");
  refused_rules("[]",
                "R10: rules must be an object of knobs, not []");
  refused_rules("{\"players\": 3, \"jokers\": true}", "R10: unknown rules knob(s): jokers (known: players,");
  refused_rules("{\"players\": \"3\"}",
                "R10: players must be an int, not \"3\"");
  refused_rules("{\"players\": 3.0}", "R10: players must be an int, not 3.0");
  refused_rules("{\"players\": true}",
                "R10: players must be an int, not true");
  refused_rules("{\"players\": 99999999999999999999999}",
                "R10: players must be an int, not 9.999999999999999e+22");
  refused_rules("{\"players\": 9}", "R10/R2.1: players must be 2 to 5, not 9");
  refused_rules("{\"reraise\": 1}", "R10: reraise must be a bool, not 1");
  refused_rules("{\"wild\": null}",
                "R10: wild must be a str, not null");
  refused_rules("{\"wild\": \"jokers\"}", "R10: wild must be one of none, weli, spitzen, not 'jokers'");
  refused_rules("{\"wild\": \"weli\"}", "R6.6: weli_point is refused with a wild Weli");

  /* Deep nesting is refused, not a stack overflow. */
  char* deep = malloc(100002);
  CHECK(deep != NULL);
  memset(deep, '[', 100001);
  deep[100001] = '\0';
  refused_rules(deep, "bieten_game_new: rules_json is not JSON text: more than 256 arrays and objects nested");
  free(deep);

  /* Messages are cut to the buffer, NUL-terminated; a NULL or empty buffer is allowed. */
  char small[8];
  memset(small, 'x', sizeof small);
  CHECK(bieten_game_new("{\"players\": 9}", 1, small, sizeof small) == NULL);
  CHECK(strcmp(small, "R10/R2.") == 0);
  CHECK(bieten_game_new("{\"players\": 9}", 1, NULL, 0) == NULL);
  CHECK(bieten_game_new("{\"players\": 9}", 1, small, 0) == NULL);

  char err[256];
  char* tyrol = bieten_preset_json("tyrol", err, sizeof err);
  CHECK(tyrol != NULL);
  CHECK(strcmp(tyrol, "{\"players\": 4, \"hand_size\": 3, \"target\": 11, \"wild\": \"none\", \"weli_point\": true, "
                      "\"ties\": \"suit_priority\", \"overbid\": \"strict\", \"cut_steal\": false, "
                      "\"show_top_card\": false, \"reraise\": true}") == 0);
  bieten_string_free(tyrol);
  CHECK(bieten_preset_json("texas", err, sizeof err) == NULL);
  CHECK(starts(err, "R10: unknown preset 'texas'"));
  char* south = bieten_preset_json("south_tyrol", err, sizeof err);
  CHECK(south != NULL);
  bieten_game* g = bieten_game_new(south, UINT64_MAX, err, sizeof err);
  CHECK(g != NULL);
  uint64_t seed = 0;
  CHECK(bieten_seed(g, &seed) == BIETEN_OK && seed == UINT64_MAX);
  CHECK(bieten_seed(g, NULL) == BIETEN_E_NULL);
  char* rules = bieten_rules_json(g);
  CHECK(rules != NULL && strcmp(rules, south) == 0);
  bieten_string_free(rules);
  bieten_string_free(south);
  play(g, 3, 1000000);
  CHECK(bieten_is_over(g) == 1);
  bieten_game_free(g);
}

static void check_game(void) {
  char err[256];
  int ids[BIETEN_NUM_ACTIONS];
  bieten_game* g = bieten_game_new("{\"players\": 2}", 7, err, sizeof err);
  CHECK(g != NULL);
  CHECK(err[0] == '\0');
  CHECK(bieten_players(g) == 2);
  CHECK(bieten_dealer(g) == 0);
  CHECK(bieten_hand_number(g) == 0);
  CHECK(bieten_current_player(g) == 1);
  CHECK(bieten_is_over(g) == 0);
  CHECK(bieten_winner(g) == BIETEN_NO_SEAT);

  /* Legal actions (the README's game: play H10, play H7, play EO, bid red, bid spiel). */
  const int n = bieten_legal_actions(g, ids, BIETEN_NUM_ACTIONS);
  CHECK(n == 5);
  CHECK(strcmp(bieten_action_text(ids[0]), "play H10") == 0);
  CHECK(strcmp(bieten_action_text(ids[3]), "bid red") == 0);
  CHECK(bieten_legal_actions(g, NULL, 0) == 5);
  CHECK(bieten_legal_actions(g, NULL, 5) == BIETEN_E_NULL);
  int short_buf[4] = {-7, -7, -7, -7};
  CHECK(bieten_legal_actions(g, short_buf, 4) == BIETEN_E_BUFFER);
  CHECK(short_buf[0] == -7 && short_buf[3] == -7); /* nothing written */
  CHECK(bieten_is_legal(g, ids[0]) == 1);
  CHECK(bieten_is_legal(g, 134) == 0);
  CHECK(bieten_is_legal(g, -1) == 0 && bieten_is_legal(g, 1000) == 0);

  /* Hands: seat 1 holds H10 H7 EO. */
  int hand[BIETEN_MAX_HAND];
  CHECK(bieten_hand(g, 1, 0, hand, BIETEN_MAX_HAND) == 3);
  CHECK(strcmp(bieten_card_text(hand[0]), "H10") == 0 && strcmp(bieten_card_text(hand[2]), "EO") == 0);
  CHECK(bieten_hand(g, 1, 1, hand, 2) == BIETEN_E_BUFFER);
  CHECK(bieten_hand(g, 2, 0, hand, BIETEN_MAX_HAND) == BIETEN_E_ARGUMENT);
  CHECK(bieten_hand(g, -1, 0, hand, BIETEN_MAX_HAND) == BIETEN_E_ARGUMENT);
  CHECK(bieten_hand(g, 0, 0, NULL, BIETEN_MAX_HAND) == BIETEN_E_NULL);
  CHECK(bieten_card_text(32) != NULL && strcmp(bieten_card_text(32), "S6") == 0);
  CHECK(bieten_card_text(33) == NULL && bieten_card_text(-1) == NULL);

  /* Scores. */
  int scores[BIETEN_MAX_PLAYERS];
  CHECK(bieten_scores(g, scores, BIETEN_MAX_PLAYERS) == 2);
  CHECK(bieten_scores(g, scores, 1) == BIETEN_E_BUFFER);
  CHECK(bieten_scores(g, NULL, 5) == BIETEN_E_NULL);
  CHECK(bieten_bummerl(g, scores, BIETEN_MAX_PLAYERS) == 0);

  /* Actions by text, refused actions, and text that is no action. */
  CHECK(bieten_apply_text(g, "BID  Red", err, sizeof err) == BIETEN_OK);
  CHECK(bieten_apply_text(g, "play HK", err, sizeof err) == BIETEN_E_ILLEGAL);
  CHECK(strcmp(err, "R7.4: seat 0 must answer the bid on red (good, hold or three), not 'play HK'") == 0);
  CHECK(bieten_apply_text(g, "jump", err, sizeof err) == BIETEN_E_ACTION);
  CHECK(starts(err, "R11: "));
  CHECK(bieten_apply_text(g, NULL, err, sizeof err) == BIETEN_E_NULL);
  CHECK(bieten_apply_id(g, 140, err, sizeof err) == BIETEN_E_ILLEGAL);
  CHECK(strcmp(err, "R11: action id 140 is not in 0..139") == 0);
  CHECK(bieten_apply_id(g, -5, err, sizeof err) == BIETEN_E_ILLEGAL);
  CHECK(bieten_apply_id(g, 0, err, sizeof err) == BIETEN_E_ILLEGAL);
  CHECK(bieten_parse_action("three") == 136);
  CHECK(bieten_parse_action("play S6 as HK") == 34);
  CHECK(bieten_parse_action("nonsense") == BIETEN_E_ACTION);
  CHECK(bieten_action_text(140) == NULL && bieten_action_text(-1) == NULL);
  CHECK(bieten_apply_text(g, "three", err, sizeof err) == BIETEN_OK);
  CHECK(bieten_apply_id(g, 134, err, sizeof err) == BIETEN_OK); /* good */

  /* Events. */
  CHECK(bieten_event_count(g) == 5);
  char* all = bieten_events_json(g, -1);
  CHECK(all != NULL && all[0] == '[');
  CHECK(strstr(all, "{\"type\": \"bid_settled\", \"seq\": 4, \"hand\": 0, \"figure\": \"red\", \"outcome\": "
                    "\"raise_conceded\", \"stake\": 2, \"bidder\": 1, \"by\": 0}]") != NULL);
  bieten_string_free(all);
  char* mine = bieten_events_json(g, 0);
  CHECK(mine != NULL && strstr(mine, "\"hands\": [[\"HK\", \"L9\", \"EU\"], null]") != NULL);
  bieten_string_free(mine);
  CHECK(bieten_events_json(g, 2) == NULL);
  CHECK(bieten_events_json(g, -2) == NULL);
  char* tail = bieten_events_jsonl(g, 1, 4);
  CHECK(tail != NULL && strchr(tail, '\n') == tail + strlen(tail) - 1);
  bieten_string_free(tail);
  char* none = bieten_events_jsonl(g, -1, 1000);
  CHECK(none != NULL && none[0] == '\0');
  bieten_string_free(none);
  CHECK(bieten_events_jsonl(g, 7, 0) == NULL);

  /* A clone is independent. */
  bieten_game* copy = bieten_game_clone(g);
  CHECK(copy != NULL);
  play(copy, 11, 1000000);
  CHECK(bieten_is_over(copy) == 1 && bieten_is_over(g) == 0);
  CHECK(bieten_current_player(copy) == BIETEN_NO_SEAT);
  CHECK(bieten_winner(copy) >= 0);
  CHECK(bieten_legal_actions(copy, ids, 0) == 0);
  CHECK(bieten_apply_text(copy, "good", err, sizeof err) == BIETEN_E_ILLEGAL);
  CHECK(starts(err, "R8.2: the game is over"));
  CHECK(bieten_bummerl(copy, scores, BIETEN_MAX_PLAYERS) >= 1);
  CHECK(bieten_bummerl(copy, scores, 0) == BIETEN_E_BUFFER);

  /* Records: a round trip, and the restored game continues identically. */
  char* record = bieten_to_json(g);
  CHECK(record != NULL);
  bieten_game* back = bieten_from_json(record, err, sizeof err);
  CHECK(back != NULL && err[0] == '\0');
  play(g, 99, 1000000);
  play(back, 99, 1000000);
  char* a = bieten_to_json(g);
  char* b = bieten_to_json(back);
  CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
  bieten_string_free(a);
  bieten_string_free(b);
  bieten_string_free(record);
  bieten_game_free(back);
  bieten_game_free(copy);
  bieten_game_free(g);
}

static void check_records(void) {
  refused_record("", "from_json: not JSON text: parse error at line 1, column 1: attempting to parse an empty input; "
                     "check that your input string or stream contains the expected JSON");
  refused_record("{\"format\": \"bieten-game\",\n \"version\": 1,,}",
                 "from_json: not JSON text: parse error at line 2, column 15: syntax error while parsing object key - unexpected ','; expected string literal");
  refused_record("[1, 2]", "from_json: a game record is a JSON object");
  refused_record("{\"format\": \"chess\", \"version\": 1}",
                 "from_json: expected format \"bieten-game\" version 1, got \"chess\" version 1");
  refused_record("{\"format\": \"bieten-game\"}",
                 "from_json: expected format \"bieten-game\" version 1, got \"bieten-game\" version (none)");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {}}",
                 "from_json: the record lacks seed, dealer, actions");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {}, \"seed\": 1, \"dealer\": 0, "
                 "\"actions\": [], \"zebra\": 1, \"apple\": 2}",
                 "from_json: unknown field(s) apple, zebra");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {}, \"seed\": 1, \"dealer\": 0, "
                 "\"actions\": [1]}",
                 "from_json: actions must be a list of R11 texts");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {}, \"seed\": -1, \"dealer\": 0, "
                 "\"actions\": []}",
                 "from_json: R3.2: seed must be an integer 0 <= seed < 2**64, not -1");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {}, \"seed\": 18446744073709551616, "
                 "\"dealer\": 0, \"actions\": []}",
                 "from_json: R3.2: seed must be an integer 0 <= seed < 2**64, not 1.8446744073709552e+19");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 1}, \"seed\": 1, "
                 "\"dealer\": 0, \"actions\": []}",
                 "from_json: R10/R2.1: players must be 2 to 5, not 1");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {}, \"seed\": 1, \"dealer\": 4, "
                 "\"actions\": []}",
                 "from_json: R2.2: dealer must be a seat from 0 to 3, not 4");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 1, "
                 "\"dealer\": 0, \"deal\": [[\"HA\", \"HK\", \"HX\"], [\"LA\", \"LK\", \"LO\"]], \"actions\": []}",
                 "from_json: R1.5: 'HX' is not a card");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 1, "
                 "\"dealer\": 0, \"deal\": [[\"HA\", \"HK\", \"HA\"], [\"LA\", \"LK\", \"LO\"]], \"actions\": []}",
                 "from_json: R1.4: seat 0 lists HA twice");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 1, "
                 "\"dealer\": 0, \"top_card\": \"EA\", \"actions\": []}",
                 "from_json: R3.8: top_card is only given together with a deal");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 1, "
                 "\"dealer\": 0, \"actions\": [\"bid red\", \"jump\"]}",
                 "from_json: action 1 'jump' is refused: R11: 'jump' is not an action: actions are play, bid, good, hold, three, pass, steal and leave");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 7, "
                 "\"dealer\": 0, \"actions\": [\"bid red\"], \"scores\": [0, 5]}",
                 "from_json: the record says scores [0,5], but its actions give [0,0]");
  refused_record("{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 7, "
                 "\"dealer\": 0, \"actions\": [], \"hand_number\": 3}",
                 "from_json: the record says hand_number 3, but its actions give 0");

  /* A record written by hand: a given first deal, dealer 1 (forehand is seat 0). */
  char err[256];
  bieten_game* g = bieten_from_json(
      "{\"format\": \"bieten-game\", \"version\": 1, \"rules\": {\"players\": 2}, \"seed\": 5, \"dealer\": 1, "
      "\"deal\": [[\"HA\", \"HK\", \"E7\"], [\"LA\", \"SA\", \"W\"]], \"actions\": [], \"hand_number\": 0.0}",
      err, sizeof err);
  CHECK(g != NULL);
  CHECK(bieten_current_player(g) == 0);
  int hand[BIETEN_MAX_HAND];
  CHECK(bieten_hand(g, 1, 0, hand, BIETEN_MAX_HAND) == 3);
  CHECK(strcmp(bieten_card_text(hand[2]), "S6") == 0);
  char* record = bieten_to_json(g);
  CHECK(record != NULL && strstr(record, "\"deal\": [[\"HA\", \"HK\", \"E7\"], [\"LA\", \"SA\", \"S6\"]]") != NULL);
  bieten_string_free(record);
  bieten_game_free(g);
}

int main(void) {
  CHECK(bieten_abi_version() == BIETEN_ABI_VERSION);
  CHECK(bieten_version() != NULL && bieten_version()[0] != '\0');
  CHECK(strcmp(bieten_status_name(BIETEN_E_ILLEGAL), "BIETEN_E_ILLEGAL") == 0);
  CHECK(strcmp(bieten_status_name(12345), "BIETEN_E_UNKNOWN") == 0);
  check_null_handles();
  check_rules();
  check_game();
  check_records();
  printf("abi_check: %d checks passed\n", checks);
  return 0;
}
