"""The built-in agents by name (docs/agents.md), for either game: the names, their check, and
``Agent`` for step-by-step Python loops. Light: no NumPy (the engine protocol and the terminal use
it before any batch is run)."""

from __future__ import annotations

from typing import Any

from bieten._core import AgentError
from bieten._families import FAMILIES, type_family
from bieten._seeds import check_u64

#: The names of the built-in agents. ``"ismcts"`` also takes knobs: ``"ismcts:400"`` (iterations per
#: decision), ``"ismcts:8ms"`` (a time budget), ``":c=1.5"``, ``":rollout=random"`` (docs/agents.md);
#: ``"policy"`` is the network learned from self-play that ships with the engine, and
#: ``"policy:PATH"`` a network read from a file (what ``bieten train`` writes, ``DIR/<game>.bin``);
#: ``"expert"`` searches the worlds it draws as a tree and solves each exactly where its game has a
#: solver, ``"expert:64"`` (worlds), ``"expert:20ms"``, ``":rollout=policy"``, ``":open=worlds"``,
#: ``":c=1.5"``, ``":others=uct"`` (docs/agents.md, "expert").
AGENTS = ("random", "heuristic", "ismcts", "policy", "expert")

#: How the names of agents are listed in messages: the built-in ones and the two that take more.
AGENT_NAMES = "random, heuristic, ismcts[:knobs], expert[:knobs], policy or policy:FILE"


def is_builtin_agent(name: str) -> bool:
    """Whether ``name`` names a built-in agent: one of ``AGENTS`` in any case (``Random``), as the
    core's agent parser reads them, ``"ismcts:<knobs>"`` or ``"expert:<knobs>"`` (their knobs are
    checked when the agent is made) or ``"policy:<file>"`` (the file is read and checked when the agent
    is made).

    >>> [is_builtin_agent(n) for n in ("Heuristic", "ismcts:400", "policy:runs/bieten.bin", "policy:", "x")]
    [True, True, True, False, False]
    >>> [is_builtin_agent(n) for n in ("expert", "Expert:64", "expert:rollout=policy")]
    [True, True, True]
    """
    if not isinstance(name, str):
        return False
    base, colon, rest = name.partition(":")
    base = base.lower()
    return base in AGENTS and (not colon or base in ("ismcts", "expert") or (base == "policy" and bool(rest)))


class Agent:
    """A built-in agent (``"random"``, ``"heuristic"``, ``"ismcts[:knobs]"``, ``"expert[:knobs]"``,
    ``"policy"`` or ``"policy:FILE"``, docs/agents.md) for
    step-by-step Python loops, in any game: it plays the game it is given (the registry's
    family of the game) with its own seed.

    >>> import bieten
    >>> bots = [Agent("heuristic", seed=1), Agent("random", seed=2)]
    >>> ends = []
    >>> for name in bieten.games():  # every registered game, each to its end
    ...     game = bieten.make(name, seed=3)
    ...     while not game.is_over:
    ...         game.apply_id(bots[game.current_player % 2].act(game))
    ...     ends.append(game.is_over and len(game.winners) > 0)
    >>> all(ends), len(ends) == len(bieten.games())
    (True, True)
    """

    __slots__ = ("_cores", "_name", "_seed")

    def __init__(self, name: str, seed: int = 0) -> None:
        if not is_builtin_agent(name):
            raise AgentError(f"unknown agent {name!r}; the agents are {AGENT_NAMES}")
        self._name = name
        self._seed = check_u64(seed)
        self._cores: dict[type, Any] = {}
        base, _, path = name.partition(":")
        if base.lower() == "policy" and path:  # a policy file: read and checked now, for its own game
            from bieten.policies import game_of_file  # (NumPy: only for a policy file)

            game = game_of_file(path)
            self._core_for(next(f for f in FAMILIES if f.name == game).game)
        else:
            self._core_for(FAMILIES[0].game)  # checks the knobs of "ismcts:..." and "expert:..." now

    def _core_for(self, kind: type) -> Any:
        core = self._cores.get(kind)
        if core is None:
            family = type_family(kind)
            if family is None:
                # each family's Game, as its repr names it (bieten.Game, bieten.<game>.Game)
                games = " or ".join(f"a bieten.{f.rules._REPR.removesuffix('Rules')}Game" for f in FAMILIES)
                raise TypeError(f"an agent plays {games}, not {kind.__name__}")
            core = self._cores[kind] = family.core_agent(self._name, self._seed)
        return core

    @property
    def name(self) -> str:
        return str(next(iter(self._cores.values())).name)  # the core made first, for its game

    def act(self, game: Any) -> int:
        """The action id this agent chooses for the seat to act."""
        core = self._cores.get(type(game)) or self._core_for(type(game))
        return int(core.act(game))

    def __repr__(self) -> str:
        return f"Agent({self.name!r})"
