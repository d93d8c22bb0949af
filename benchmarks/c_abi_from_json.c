/*
 * c_abi_from_json.c: times the C ABI's record calls of a given libbieten_c (bieten_from_json,
 * bieten_to_json and their bieten_schnapsen_* twins) on a mid-game record of each game, so that two
 * builds of the library (e.g. before and after a change) can be compared in one session.
 *
 * The library is opened with dlopen(), so one binary times any build; only the functions present
 * since the C ABI's version 1 are used. Each game is played from a fixed seed through the C ABI,
 * choosing the first legal action (the lowest id), until its record is at least 800 bytes (Bieten in
 * its second hand, Bauernschnapsen in its fourth deal); with record files given, their texts instead. Each call is then
 * timed as the minimum over 200 batches of 200 calls, in ns per call.
 *
 * Build and run (benchmarks/RESULTS.md, issue 21: each library built with cmake alone, Release with LTO,
 * only the bieten_c target; the baseline from a worktree of c420bc2 at /work/wt/base21):
 *   cmake -S /work/wt/base21 -B /tmp/build-base21 -G Ninja -DCMAKE_BUILD_TYPE=Release -DBIETEN_LTO=ON
 *   cmake --build /tmp/build-base21 --target bieten_c
 *   cmake -S . -B /tmp/build-record -G Ninja -DCMAKE_BUILD_TYPE=Release -DBIETEN_LTO=ON -DBIETEN_WERROR=ON
 *   cmake --build /tmp/build-record --target bieten_c
 *   cc -O2 -o /tmp/c_abi_from_json benchmarks/c_abi_from_json.c -ldl
 *   for i in 1 2 3; do /tmp/c_abi_from_json /tmp/build-base21/libbieten_c.so;
 *                      /tmp/c_abi_from_json /tmp/build-record/libbieten_c.so; done
 * Optional further arguments: a Bieten record file and a Schnapsen record file to time instead.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { kBatches = 200, kCallsPerBatch = 200, kMinRecordBytes = 800, kMaxActions = 256 };

typedef void* (*new_bieten_fn)(const char*, uint64_t, char*, size_t);
typedef void* (*new_schnapsen_fn)(const char*, const char*, uint64_t, int, char*, size_t);
typedef int (*legal_fn)(const void*, int*, size_t);
typedef int (*apply_fn)(void*, int, char*, size_t);
typedef char* (*to_json_fn)(const void*);
typedef void* (*from_json_fn)(const char*, char*, size_t);
typedef void (*free_game_fn)(void*);
typedef void (*free_string_fn)(char*);

/* One game's functions in the library. */
struct game_api {
  const char* name;
  legal_fn legal_actions;
  apply_fn apply_id;
  to_json_fn to_json;
  from_json_fn from_json;
  free_game_fn free_game;
};

static free_string_fn string_free;

static void* need_symbol(void* lib, const char* name) {
  void* symbol = dlsym(lib, name);
  if (symbol == NULL) {
    fprintf(stderr, "%s: not in the library\n", name);
    exit(2);
  }
  return symbol;
}

static struct game_api api_of(void* lib, const char* name, const char* prefix) {
  char symbol[96];
  struct game_api api;
  api.name = name;
#define BIND(field, type, suffix)                             \
  snprintf(symbol, sizeof symbol, "%s%s", prefix, suffix); \
  api.field = (type)need_symbol(lib, symbol)
  BIND(legal_actions, legal_fn, "legal_actions");
  BIND(apply_id, apply_fn, "apply_id");
  BIND(to_json, to_json_fn, "to_json");
  BIND(from_json, from_json_fn, "from_json");
  BIND(free_game, free_game_fn, strcmp(prefix, "bieten_") == 0 ? "game_free" : "free");
#undef BIND
  return api;
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Plays `game` until its record is kMinRecordBytes long; returns the record (malloc'd). */
static char* mid_game_record(const struct game_api* api, void* game) {
  int legal[512];
  for (int ply = 0; ply < kMaxActions; ++ply) {
    char* text = api->to_json(game);
    if (strlen(text) >= kMinRecordBytes) {
      char* copy = strdup(text);
      string_free(text);
      return copy;
    }
    string_free(text);
    const int count = api->legal_actions(game, legal, sizeof legal / sizeof legal[0]);
    char err[512] = "";
    if (count <= 0 || api->apply_id(game, legal[0], err, sizeof err) != 0) {
      fprintf(stderr, "%s: the game ended or refused an action at ply %d (%d legal) %s\n", api->name, ply, count, err);
      exit(2);
    }
  }
  fprintf(stderr, "%s: no record of %d bytes after %d actions\n", api->name, kMinRecordBytes, kMaxActions);
  exit(2);
}

static char* read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  const long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)size + 1);
  if (fread(text, 1, (size_t)size, f) != (size_t)size) exit(2);
  text[size] = '\0';
  fclose(f);
  return text;
}

/* Times from_json and to_json of `record`: minimum over the batches, ns per call. */
static void time_record(const struct game_api* api, const char* record) {
  char err[512];
  void* game = api->from_json(record, err, sizeof err);
  if (game == NULL) {
    fprintf(stderr, "%s: from_json refused the record: %s\n", api->name, err);
    exit(2);
  }
  double best_from = 1e30;
  double best_to = 1e30;
  for (int batch = 0; batch < kBatches; ++batch) {
    double start = now_ns();
    for (int i = 0; i < kCallsPerBatch; ++i) api->free_game(api->from_json(record, err, sizeof err));
    double per_call = (now_ns() - start) / kCallsPerBatch;
    if (per_call < best_from) best_from = per_call;
    start = now_ns();
    for (int i = 0; i < kCallsPerBatch; ++i) string_free(api->to_json(game));
    per_call = (now_ns() - start) / kCallsPerBatch;
    if (per_call < best_to) best_to = per_call;
  }
  api->free_game(game);
  printf("%-9s record %4zu bytes  from_json %7.0f ns  to_json %6.0f ns\n", api->name, strlen(record), best_from,
         best_to);
}

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) {
    fprintf(stderr, "usage: %s LIBBIETEN_C [BIETEN_RECORD_FILE SCHNAPSEN_RECORD_FILE]\n", argv[0]);
    return 2;
  }
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    fprintf(stderr, "%s\n", dlerror());
    return 2;
  }
  string_free = (free_string_fn)need_symbol(lib, "bieten_string_free");
  const struct game_api bieten = api_of(lib, "bieten", "bieten_");
  const struct game_api schnapsen = api_of(lib, "schnapsen", "bieten_schnapsen_");
  char err[512];
  char* bieten_record;
  char* schnapsen_record;
  if (argc == 4) {
    bieten_record = read_file(argv[2]);
    schnapsen_record = read_file(argv[3]);
  } else {
    const new_bieten_fn new_bieten = (new_bieten_fn)need_symbol(lib, "bieten_game_new");
    const new_schnapsen_fn new_schnapsen = (new_schnapsen_fn)need_symbol(lib, "bieten_schnapsen_new");
    void* game = new_bieten("{}", 20261202u, err, sizeof err);  // the tyrol preset, four players
    if (game == NULL) return fprintf(stderr, "bieten_game_new: %s\n", err), 2;
    bieten_record = mid_game_record(&bieten, game);
    bieten.free_game(game);
    game = new_schnapsen(NULL, NULL, 20261202u, 0, err, sizeof err);  // bauernschnapsen, four players
    if (game == NULL) return fprintf(stderr, "bieten_schnapsen_new: %s\n", err), 2;
    schnapsen_record = mid_game_record(&schnapsen, game);
    schnapsen.free_game(game);
  }
  time_record(&bieten, bieten_record);
  time_record(&schnapsen, schnapsen_record);
  free(bieten_record);
  free(schnapsen_record);
  return 0;
}
