# cython: language_level=3
# The native agent interface of bieten.h for Cython (docs/agents.md "Native agents").
#
#     from bieten cimport agent
#
#     cdef int choose(void* user, const agent.bieten_view* view) noexcept nogil:
#         cdef int ids[agent.BIETEN_NUM_ACTIONS]
#         cdef int n = agent.bieten_view_legal_actions(view, ids, agent.BIETEN_NUM_ACTIONS)
#         return ids[agent.bieten_view_random(view) % n]
#
#     def make():
#         import bieten
#         return bieten.NativeAgent(<size_t>&choose, 0, "mine")
#
# Compile the module with bieten.c_include_dir() on the C include path and bieten.cython_include_dir()
# on Cython's; it needs no library: the view's functions are static inline in bieten.h and reach the game
# through the view. The callback runs on simulate's threads, several at once, without the GIL: it must
# not touch Python objects, and must treat `user` as read-only.


from libc.stdint cimport int64_t, uint64_t


cdef extern from "bieten/bieten.h" nogil:
    enum:
        BIETEN_NUM_ACTIONS
        BIETEN_NUM_CARDS
        BIETEN_MAX_PLAYERS
        BIETEN_MAX_HAND
        BIETEN_OBSERVATION_SIZE
        BIETEN_SCHNAPSEN_NUM_ACTIONS
        BIETEN_SCHNAPSEN_MAX_PLAYERS
        BIETEN_SCHNAPSEN_MAX_HAND
        BIETEN_SCHNAPSEN_OBSERVATION_SIZE
        BIETEN_GAME_BIETEN
        BIETEN_GAME_SCHNAPSEN
        BIETEN_OK
        BIETEN_E_NULL
        BIETEN_E_BUFFER

    # A seat's view of a game for one decision (read the fields, or call the functions below).
    ctypedef struct bieten_view:
        int game              # the game's BIETEN_GAME_* constant
        int seat              # the seat to act
        int players
        int num_actions       # the size of the game's action space
        int observation_size  # the floats of bieten_view_observation
        int max_hand          # the most cards a seat holds
        int64_t hand_number   # the current hand (deal), from 0

    # The callback: a legal action id of the view's game, or a negative number to stop the run.
    ctypedef int (*bieten_agent_fn)(void* user, const bieten_view* view) noexcept nogil

    # The legal ids, ascending, into out (cap ints; view.num_actions always fit); returns their number.
    int bieten_view_legal_actions(const bieten_view* view, int* out, size_t cap)
    # 1 if the id is legal now, else 0.
    int bieten_view_is_legal(const bieten_view* view, int action)
    # The seat's observation (view.observation_size floats) into out; returns its size.
    int bieten_view_observation(const bieten_view* view, float* out, size_t cap)
    # The card ids the seat holds now, ascending; returns their number.
    int bieten_view_hand(const bieten_view* view, int* out, size_t cap)
    # Each seat's total; returns players.
    int bieten_view_scores(const bieten_view* view, int* out, size_t cap)
    # 64 random bits from the seat's reproducible stream for this decision.
    uint64_t bieten_view_random(const bieten_view* view)
