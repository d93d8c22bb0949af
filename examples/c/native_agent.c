/* Batch self-play from C with an agent of your own (docs/c_abi.md "Native agents"): seat 0 plays the
 * strongest legal card (else the first legal action), the other seats are built-in agents. Prints the
 * win rate of each seat, then runs a cheating agent to show how an illegal choice stops the run.
 *
 *   cc -std=c99 -O2 -o native_agent examples/c/native_agent.c -I"$INC" "$LIB" -Wl,-rpath,"$(dirname "$LIB")"
 *   ./native_agent 10000 2
 */
#include <bieten/bieten.h>

#include <stdio.h>
#include <stdlib.h>

/* Called for each decision of its seat, on simulate's threads: only the view, no shared state. */
static int strongest_card(void* user, const bieten_view* view) {
  int ids[BIETEN_NUM_ACTIONS];
  const int n = bieten_view_legal_actions(view, ids, BIETEN_NUM_ACTIONS);
  int best = ids[0], best_rank = 99;
  (void)user;
  for (int i = 0; i < n; ++i) {
    const int a = ids[i];
    if (a < 33) {                       /* play <card>: card id a, rank a % 8 (A K O U 10 9 8 7), the Weli 32 */
      const int rank = a == 32 ? -1 : a % 8;
      if (rank < best_rank) best = a, best_rank = rank;
    }
  }
  return best;
}

static int cheater(void* user, const bieten_view* view) {
  (void)user;
  for (int a = 0; a < view->num_actions; ++a) {
    if (!bieten_view_is_legal(view, a)) return a;
  }
  return -1;
}

int main(int argc, char** argv) {
  const uint64_t games = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000;
  const int threads = argc > 2 ? atoi(argv[2]) : 0;
  const bieten_agent agents[4] = {
      {"strongest_card", strongest_card, NULL}, {"heuristic", NULL, NULL}, {"random", NULL, NULL},
      {"random", NULL, NULL}};
  int* winner = malloc(games * sizeof(int));
  char err[512];
  if (winner == NULL) return 1;
  int status = bieten_simulate("{\"players\": 4}", agents, 4, 42, games, threads, winner, NULL, NULL, err, sizeof err);
  if (status != BIETEN_OK) {
    fprintf(stderr, "%s: %s\n", bieten_status_name(status), err);
    return 1;
  }
  int wins[4] = {0, 0, 0, 0};
  for (uint64_t i = 0; i < games; ++i) wins[winner[i]] += 1;
  for (int p = 0; p < 4; ++p) printf("seat %d (%s): %.3f\n", p, agents[p].name, (double)wins[p] / (double)games);

  const bieten_agent cheating[2] = {{"cheater", cheater, NULL}, {"random", NULL, NULL}};
  status = bieten_simulate("{\"players\": 2}", cheating, 2, 42, 10, threads, NULL, NULL, NULL, err, sizeof err);
  printf("%s: %s\n", bieten_status_name(status), err); /* BIETEN_E_AGENT: the agent 'cheater' of seat 0 chose ... */
  free(winner);
  return status == BIETEN_E_AGENT ? 0 : 1;
}
