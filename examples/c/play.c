/*
 * play.c: plays one whole game of Bieten through the C ABI (bieten/bieten.h), every seat choosing
 * a random legal action, and prints the winner.
 *
 * Build and run (docs/c_abi.md):
 *
 *   INC=$(python -c 'import bieten; print(bieten.c_include_dir())')
 *   LIB=$(python -c 'import bieten; print(bieten.c_library_path())')
 *   cc -std=c99 -Wall -Wextra -o play examples/c/play.c -I"$INC" "$LIB" -Wl,-rpath,"$(dirname "$LIB")"
 *   ./play                       # seed 7, the tyrol preset
 *   ./play 42 '{"players": 3, "wild": "weli", "weli_point": false}'
 *   ./play --verbose --record 42  # every action, then the game record as JSON
 */
#include <bieten/bieten.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SplitMix64 (RULES R3.1), here only to pick random actions. */
static uint64_t next_random(uint64_t* state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static int fail(const char* what, const char* message) {
  fprintf(stderr, "play: %s: %s\n", what, message);
  return 1;
}

int main(int argc, char** argv) {
  int verbose = 0, print_record = 0;
  uint64_t seed = 7;
  const char* rules = "{}"; /* every knob at the tyrol preset's value */
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--verbose") == 0) {
      verbose = 1;
    } else if (strcmp(argv[i], "--record") == 0) {
      print_record = 1;
    } else if (positional == 0) {
      char* end = NULL;
      seed = strtoull(argv[i], &end, 10);
      if (end == argv[i] || *end != '\0') return fail("seed", "expected an integer 0 .. 2^64 - 1");
      ++positional;
    } else if (positional == 1) {
      rules = argv[i];
      ++positional;
    } else {
      return fail("usage", "play [--verbose] [--record] [seed] [rules-json]");
    }
  }

  if (bieten_abi_version() != BIETEN_ABI_VERSION) return fail("library", "ABI version differs from bieten.h");

  char err[512];
  bieten_game* game = bieten_game_new(rules, seed, err, sizeof err);
  if (game == NULL) return fail("rules", err);

  int ids[BIETEN_NUM_ACTIONS];
  uint64_t random_state = seed ^ 0x5DEECE66Dull;
  long actions = 0;
  while (!bieten_is_over(game)) {
    const int seat = bieten_current_player(game);
    const int n = bieten_legal_actions(game, ids, BIETEN_NUM_ACTIONS);
    if (n <= 0) {
      bieten_game_free(game);
      return fail("legal actions", bieten_status_name(n));
    }
    const int id = ids[next_random(&random_state) % (uint64_t)n];
    if (verbose) printf("hand %" PRId64 ", seat %d: %s\n", bieten_hand_number(game), seat, bieten_action_text(id));
    const int status = bieten_apply_id(game, id, err, sizeof err);
    if (status != BIETEN_OK) {
      bieten_game_free(game);
      return fail(bieten_status_name(status), err);
    }
    ++actions;
  }

  int scores[BIETEN_MAX_PLAYERS];
  const int players = bieten_scores(game, scores, BIETEN_MAX_PLAYERS);
  printf("winner: seat %d\n", bieten_winner(game));
  printf("scores:");
  for (int p = 0; p < players; ++p) printf(" %d", scores[p]);
  printf("\n");
  int bummerl[BIETEN_MAX_PLAYERS];
  const int losers = bieten_bummerl(game, bummerl, BIETEN_MAX_PLAYERS);
  printf("bummerl:");
  for (int i = 0; i < losers; ++i) printf(" %d", bummerl[i]);
  printf("\n");
  printf("hands: %" PRId64 "\n", bieten_hand_number(game) + 1);
  printf("actions: %ld\n", actions);
  printf("events: %" PRId64 "\n", bieten_event_count(game));

  /* The record restores a game that is the same game: its own record is identical. */
  char* record = bieten_to_json(game);
  bieten_game* restored = record ? bieten_from_json(record, err, sizeof err) : NULL;
  char* again = restored ? bieten_to_json(restored) : NULL;
  const int same = record != NULL && again != NULL && strcmp(record, again) == 0;
  printf("record round trip: %s\n", same ? "ok" : "FAILED");
  if (print_record && record != NULL) printf("record: %s\n", record);

  bieten_string_free(again);
  bieten_string_free(record);
  bieten_game_free(restored);
  bieten_game_free(game);
  return same ? 0 : 1;
}
