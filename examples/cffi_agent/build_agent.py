"""A native agent with cffi in API mode (docs/agents.md "Native agents"): the agent is C source that
cffi compiles into an extension module together with bieten.h, and bieten.simulate calls it on the
run's threads without the GIL.

    python examples/cffi_agent/build_agent.py        # builds _parity_cffi here, then:
    python -c "import _parity_cffi, bieten; from build_agent import native_agent;
               print(bieten.simulate(bieten.Rules(players=2), [native_agent(_parity_cffi, 'parity'),
               'heuristic'], games=1000).summary())"

``parity`` is the agent of examples/cython_agent/example_agents.pyx written in C: among the legal actions,
the one at index (nonzero entries of the observation) mod (number of legal actions). ``cheater``
chooses an action that is not legal; ``checker`` checks the view's functions against each other and
picks uniformly with the view's random stream; ``nth`` takes a parameter through its ``user`` pointer;
``quitter`` stops the run. tests/test_native_agents.py builds the module into a temporary
folder with ``build(folder)``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import cffi

import bieten

HERE = Path(__file__).resolve().parent

# What Python needs to see: the view only as an opaque pointer, and the two callbacks.
CDEF = """
typedef struct bieten_view bieten_view;
int parity(void* user, const bieten_view* view);
int cheater(void* user, const bieten_view* view);
int checker(void* user, const bieten_view* view);
int nth(void* user, const bieten_view* view);
int quitter(void* user, const bieten_view* view);
"""

SOURCE = r"""
#include <bieten/bieten.h>

int parity(void* user, const bieten_view* view) {
  float obs[BIETEN_OBSERVATION_SIZE];  /* the larger of the two games' observations */
  int ids[BIETEN_NUM_ACTIONS];
  const int n = bieten_view_legal_actions(view, ids, BIETEN_NUM_ACTIONS);
  const int size = bieten_view_observation(view, obs, BIETEN_OBSERVATION_SIZE);
  int nonzero = 0;
  (void)user;
  if (n <= 0 || size < 0) return -1;
  for (int i = 0; i < size; ++i) nonzero += obs[i] != 0.0f;
  return ids[nonzero % n];
}

/* Checks what the view tells against itself (stopping the run if anything is off), then picks a legal
 * action uniformly with the view's reproducible random stream. */
int checker(void* user, const bieten_view* view) {
  float obs[BIETEN_OBSERVATION_SIZE];
  int ids[BIETEN_NUM_ACTIONS], hand[BIETEN_SCHNAPSEN_MAX_HAND + 1], scores[BIETEN_MAX_PLAYERS];
  const int bieten = view->game == BIETEN_GAME_BIETEN;
  (void)user;
  if (view->num_actions != (bieten ? BIETEN_NUM_ACTIONS : BIETEN_SCHNAPSEN_NUM_ACTIONS)) return -1;
  const int size = bieten ? BIETEN_OBSERVATION_SIZE : BIETEN_SCHNAPSEN_OBSERVATION_SIZE;
  if (view->observation_size != size) return -1;
  if (view->seat < 0 || view->seat >= view->players || view->hand_number < 0) return -1;
  const int n = bieten_view_legal_actions(view, ids, BIETEN_NUM_ACTIONS);
  if (n <= 0 || bieten_view_legal_actions(view, NULL, 0) != n) return -1;
  if (n > 1 && bieten_view_legal_actions(view, ids, 1) != BIETEN_E_BUFFER) return -1;
  for (int i = 0; i < n; ++i) {
    if (!bieten_view_is_legal(view, ids[i])) return -1;
  }
  if (bieten_view_is_legal(view, -1) || bieten_view_is_legal(view, view->num_actions)) return -1;
  if (bieten_view_observation(view, obs, BIETEN_OBSERVATION_SIZE) != view->observation_size) return -1;
  const int cards = bieten_view_hand(view, hand, BIETEN_SCHNAPSEN_MAX_HAND + 1);
  if (cards < 0 || cards > view->max_hand) return -1;
  if (bieten) { /* the observation's first block is the seat's unplayed cards (docs/observation.md) */
    int held = 0;
    for (int c = 0; c < BIETEN_NUM_CARDS; ++c) held += obs[c] != 0.0f;
    if (held != cards) return -1;
    for (int i = 0; i < cards; ++i) {
      if (obs[hand[i]] != 1.0f) return -1;
    }
  }
  if (bieten_view_scores(view, scores, BIETEN_MAX_PLAYERS) != view->players) return -1;
  return ids[bieten_view_random(view) % (uint64_t)n];
}

/* The legal action at index k mod (number of legal actions), k the int `user` points to: a parameter
 * shared read-only by every thread. */
int nth(void* user, const bieten_view* view) {
  int ids[BIETEN_NUM_ACTIONS];
  const int n = bieten_view_legal_actions(view, ids, BIETEN_NUM_ACTIONS);
  return n > 0 ? ids[*(const int*)user % n] : -1;
}

/* Stops the run at its first decision. */
int quitter(void* user, const bieten_view* view) {
  (void)user;
  (void)view;
  return -1;
}

int cheater(void* user, const bieten_view* view) {
  (void)user;
  for (int a = 0; a < view->num_actions; ++a) {
    if (!bieten_view_is_legal(view, a)) return a;
  }
  return -1;
}
"""


def build(target: Path, name: str = "_parity_cffi") -> ModuleType:
    """Compiles the agents into ``target`` (cffi API mode) and imports the module."""
    target.mkdir(parents=True, exist_ok=True)
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.set_source(
        name, SOURCE, include_dirs=[bieten.c_include_dir()], extra_compile_args=["-O2", "-std=c99"]
    )
    built = ffi.compile(tmpdir=str(target))
    spec = importlib.util.spec_from_file_location(name, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def native_agent(module: Any, function: str, name: str | None = None, user: Any = None) -> bieten.NativeAgent:
    """A NativeAgent for bieten.simulate from a callback of the compiled module; ``user`` is a cdata
    pointer (e.g. ``module.ffi.new("int*", 3)``) that the caller keeps alive for the run."""
    ffi = module.ffi
    address = int(ffi.cast("uintptr_t", ffi.addressof(module.lib, function)))
    pointer = 0 if user is None else int(ffi.cast("uintptr_t", user))
    return bieten.NativeAgent(address, pointer, name or function)


if __name__ == "__main__":
    build(HERE)
