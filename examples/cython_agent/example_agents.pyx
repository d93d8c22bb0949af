# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Native agents in Cython for bieten.simulate (docs/agents.md "Native agents").

``greedy`` plays the strongest legal card and otherwise prefers, among bids, answers and the other
actions, a fixed order (``score`` below, one table per game). ``python_greedy(game)`` is the same agent
as a Python callable: identical choices at Python's per-move cost (benchmarks/test_bench_native_agents.py
compares the two).

``parity`` picks, among the legal actions, the one at index (number of nonzero entries of the seat's
observation) mod (number of legal actions): a deterministic function of what the seat may see, so the
same agent as the Python callable ``python_parity`` below, which gives identical results, only slower.
It plays both games (the view says which). ``illegal`` returns an action that is not legal, to show
how a run stops with AgentError.

Build it (see build.py) with bieten.cython_include_dir() on Cython's include path and
bieten.c_include_dir() on the C compiler's; no library is linked.
"""

from bieten cimport agent

import bieten
import numpy as np

# The larger observation and action space of the two games (Bieten's; Schnapsen's are smaller).
cdef enum:
    MAX_OBSERVATION = agent.BIETEN_OBSERVATION_SIZE
    MAX_ACTIONS = agent.BIETEN_NUM_ACTIONS


cdef int parity(void* user, const agent.bieten_view* view) noexcept nogil:
    cdef float obs[MAX_OBSERVATION]
    cdef int ids[MAX_ACTIONS]
    cdef int n = agent.bieten_view_legal_actions(view, ids, MAX_ACTIONS)
    cdef int size = agent.bieten_view_observation(view, obs, MAX_OBSERVATION)
    if n <= 0 or size < 0:
        return -1  # stops the run (cannot happen: the seat to act always has a legal action)
    cdef int nonzero = 0
    cdef int i
    for i in range(size):
        if obs[i] != 0:
            nonzero += 1
    return ids[nonzero % n]


cdef int illegal(void* user, const agent.bieten_view* view) noexcept nogil:
    cdef int a
    for a in range(view.num_actions):
        if not agent.bieten_view_is_legal(view, a):
            return a
    return -1


def score(game: int, action: int) -> int:
    """How much ``greedy`` likes an action id of the game (0 Bieten, 1 Schnapsen); the highest legal
    one wins, the lowest id among equals."""
    if game == 0:  # Bieten (docs/actions.md): plays 0 .. 128, then bids, answers, pass, steal, leave
        if action < 129:
            card = action if action < 33 else (action - 33) % 32
            return 9 if card == 32 else 8 - card % 8  # the Weli, then A K O U 10 9 8 7
        return (1, 1, 1, 1, 1, 3, 2, 0, 4, 5, 0)[action - 129]
    if action >= 41:  # Schnapsen (docs/schnapsen.md): play <card>, ranks A K O U 10
        return (6, 4, 3, 2, 5)[(action - 41) % 5]
    return 8 if action in (34, 36, 37, 38, 39, 40) else 1  # exchange, meld, claim; then the rest


cdef int SCORE[2][MAX_ACTIONS]  # per game (view.game), per action id
for _a in range(agent.BIETEN_NUM_ACTIONS):
    SCORE[0][_a] = score(0, _a)
for _a in range(agent.BIETEN_SCHNAPSEN_NUM_ACTIONS):
    SCORE[1][_a] = score(1, _a)


cdef int greedy(void* user, const agent.bieten_view* view) noexcept nogil:
    cdef int ids[MAX_ACTIONS]
    cdef int n = agent.bieten_view_legal_actions(view, ids, MAX_ACTIONS)
    cdef const int* table = SCORE[1 if view.game == agent.BIETEN_GAME_SCHNAPSEN else 0]
    if n <= 0:
        return -1
    cdef int best = ids[0]
    cdef int i
    for i in range(1, n):
        if table[ids[i]] > table[best]:
            best = ids[i]
    return best


def greedy_agent() -> bieten.NativeAgent:
    """The Cython greedy agent, for bieten.simulate (either game)."""
    return bieten.NativeAgent(<size_t>&greedy, 0, "greedy")


def python_greedy(game: int):
    """The same agent as a Python callable, for game 0 (Bieten) or 1 (Schnapsen)."""
    table = [score(game, a) for a in range(agent.BIETEN_NUM_ACTIONS if game == 0 else agent.BIETEN_SCHNAPSEN_NUM_ACTIONS)]

    def choose(observation, legal):
        return max(legal, key=table.__getitem__)

    return choose


def parity_agent() -> bieten.NativeAgent:
    """The Cython parity agent, for bieten.simulate."""
    return bieten.NativeAgent(<size_t>&parity, 0, "parity")


def illegal_agent() -> bieten.NativeAgent:
    """An agent that always chooses an illegal action: its run stops with AgentError."""
    return bieten.NativeAgent(<size_t>&illegal, 0, "cheater")


def python_parity(observation, legal):
    """The same agent as a Python callable: identical choices, at Python's per-move cost."""
    return legal[int(np.count_nonzero(observation)) % len(legal)]
