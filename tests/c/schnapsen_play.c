/*
 * schnapsen_play.c: plays one whole game of Bauernschnapsen or Schnapsen through the C ABI
 * (the bieten_schnapsen_* functions of bieten/bieten.h), as an app in C would.
 *
 *   schnapsen_play PRESET SEED
 *
 * The seat to act is played by the built-in heuristic agent every other time and otherwise by a random
 * legal id (a SplitMix64 pick). Along the way it checks what an app relies on: an illegal action is
 * refused with its S rule and changes nothing, each seat's view and observation are there, a clone and
 * a record round trip continue identically. It prints "key: value" lines (checks, record, winners,
 * scores, deals, actions, events) that tests/test_c_abi_schnapsen.py compares with Python, and frees
 * everything (the test runs it under valgrind). Exit status 1 with a message on stderr on failure.
 */
#include <bieten/bieten.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...)                 \
  do {                            \
    fprintf(stderr, __VA_ARGS__); \
    fputc('\n', stderr);          \
    exit(1);                      \
  } while (0)

static uint64_t next(uint64_t* state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The record of a game as text the caller frees. */
static char* record_of(const bieten_schnapsen_game* g) {
  char* text = bieten_schnapsen_to_json(g);
  if (text == NULL) FAIL("bieten_schnapsen_to_json failed");
  return text;
}

int main(int argc, char** argv) {
  char err[512];
  if (argc != 3) FAIL("usage: schnapsen_play PRESET SEED");
  const uint64_t seed = strtoull(argv[2], NULL, 10);
  bieten_schnapsen_game* g = bieten_schnapsen_new(argv[1], NULL, seed, 0, err, sizeof err);
  if (g == NULL) FAIL("refused: %s", err);
  const int players = bieten_schnapsen_players(g);

  uint64_t pick = seed;
  uint64_t agents[BIETEN_SCHNAPSEN_MAX_PLAYERS];
  for (int p = 0; p < players; ++p) {
    if (bieten_schnapsen_agent_state(seed, p, &agents[p]) != BIETEN_OK) FAIL("agent_state failed");
  }
  int ids[BIETEN_SCHNAPSEN_NUM_ACTIONS];
  float obs[BIETEN_SCHNAPSEN_OBSERVATION_SIZE];
  int64_t turns = 0;
  while (!bieten_schnapsen_is_over(g)) {
    const int seat = bieten_schnapsen_current_player(g);
    const int n = bieten_schnapsen_legal_actions(g, ids, BIETEN_SCHNAPSEN_NUM_ACTIONS);
    if (seat < 0 || n <= 0) FAIL("no seat to act (%d) or no legal action (%d)", seat, n);

    /* An action that is not legal now is refused with its rule, and nothing changes. */
    int illegal = -1;
    for (int a = 0; a < BIETEN_SCHNAPSEN_NUM_ACTIONS && illegal < 0; ++a) {
      if (bieten_schnapsen_is_legal(g, a) == 0) illegal = a;
    }
    if (illegal >= 0 && turns % 5 == 0) {
      const int64_t events = bieten_schnapsen_event_count(g);
      if (bieten_schnapsen_apply_id(g, illegal, err, sizeof err) != BIETEN_E_ILLEGAL || err[0] != 'S')
        FAIL("illegal action %d was not refused with an S rule: %s", illegal, err);
      if (bieten_schnapsen_event_count(g) != events) FAIL("a refused action changed the game");
    }
    /* What this seat may see (S12). */
    if (bieten_schnapsen_observation(g, seat, obs, BIETEN_SCHNAPSEN_OBSERVATION_SIZE) !=
        BIETEN_SCHNAPSEN_OBSERVATION_SIZE)
      FAIL("observation failed");
    if (turns % 17 == 0) {
      char* view = bieten_schnapsen_events_json(g, seat);
      if (view == NULL || view[0] != '[') FAIL("events_json failed");
      bieten_string_free(view);
    }

    int action;
    if (turns % 2 == 0) {
      action = bieten_schnapsen_agent_action(g, "heuristic", &agents[seat], err, sizeof err);
      if (action < 0) FAIL("agent_action: %s", err);
    } else {
      action = ids[next(&pick) % (uint64_t)n];
    }
    if (turns % 3 == 0) {
      const char* text = bieten_schnapsen_action_text(action);
      if (text == NULL || bieten_schnapsen_apply_text(g, text, err, sizeof err) != BIETEN_OK)
        FAIL("apply_text '%s': %s", text ? text : "(null)", err);
    } else if (bieten_schnapsen_apply_id(g, action, err, sizeof err) != BIETEN_OK) {
      FAIL("apply_id %d: %s", action, err);
    }
    ++turns;

    /* Now and then: a clone and a restored record continue as the game does. */
    if (turns % 40 == 0 && !bieten_schnapsen_is_over(g)) {
      bieten_schnapsen_game* copy = bieten_schnapsen_clone(g);
      char* record = record_of(g);
      bieten_schnapsen_game* restored = bieten_schnapsen_from_json(record, err, sizeof err);
      if (copy == NULL || restored == NULL) FAIL("clone or from_json failed: %s", err);
      const int k = bieten_schnapsen_legal_actions(copy, ids, BIETEN_SCHNAPSEN_NUM_ACTIONS);
      if (k <= 0 || bieten_schnapsen_apply_id(copy, ids[0], err, sizeof err) != BIETEN_OK ||
          bieten_schnapsen_apply_id(restored, ids[0], err, sizeof err) != BIETEN_OK)
        FAIL("the copies do not continue: %s", err);
      char* a = record_of(copy);
      char* b = record_of(restored);
      if (strcmp(a, b) != 0) FAIL("a clone and a restored record differ");
      bieten_string_free(a);
      bieten_string_free(b);
      bieten_string_free(record);
      bieten_schnapsen_free(copy);
      bieten_schnapsen_free(restored);
    }
  }
  if (bieten_schnapsen_current_player(g) != BIETEN_NO_SEAT) FAIL("a seat to act after the game");
  if (bieten_schnapsen_legal_actions(g, NULL, 0) != 0) FAIL("legal actions after the game");

  char* record = record_of(g);
  bieten_schnapsen_game* restored = bieten_schnapsen_from_json(record, err, sizeof err);
  if (restored == NULL) FAIL("from_json: %s", err);
  char* again = record_of(restored);
  if (strcmp(record, again) != 0) FAIL("the record does not round-trip");
  bieten_string_free(again);
  bieten_schnapsen_free(restored);

  int seats[BIETEN_SCHNAPSEN_MAX_PLAYERS];
  printf("checks: ok\n");
  printf("record: %s\n", record);
  printf("winners:");
  const int w = bieten_schnapsen_winners(g, seats, BIETEN_SCHNAPSEN_MAX_PLAYERS);
  for (int i = 0; i < w; ++i) printf(" %d", seats[i]);
  printf("\nscores:");
  const int s = bieten_schnapsen_scores(g, seats, BIETEN_SCHNAPSEN_MAX_PLAYERS);
  for (int i = 0; i < s; ++i) printf(" %d", seats[i]);
  printf("\ndeals: %" PRId64 "\n", bieten_schnapsen_hand_number(g) + 1);
  printf("actions: %" PRId64 "\n", turns);
  printf("events: %" PRId64 "\n", bieten_schnapsen_event_count(g));
  bieten_string_free(record);
  bieten_schnapsen_free(g);
  return 0;
}
