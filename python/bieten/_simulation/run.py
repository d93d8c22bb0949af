"""A run of the core: the checked arguments of a run (``Run``, made by ``checks.start_run``) and the
core called chunk by chunk on threads with the GIL released, with a progress bar and Ctrl-C
answered within a chunk (``RunInterrupted``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np

from bieten._core import AgentError

#: A chunk of a run grows (doubles) while it takes less than this, up to ``MAX_CHUNK`` games; and
#: while it has fewer than ``GAMES_PER_THREAD`` games a thread and takes less than
#: ``SLOW_CHUNK_SECONDS`` (slow agents such as ismcts: so that threads do not wait long for the
#: chunk's last game, while Ctrl-C is still answered within seconds).
CHUNK_SECONDS = 0.2
SLOW_CHUNK_SECONDS = 2.0
GAMES_PER_THREAD = 8
MAX_CHUNK = 1 << 20


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: ``done`` of its ``total`` games had been played (and are dropped)."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped after {done:,} of {total:,} games")
        self.done = done
        self.total = total


def played(last: int, k: int, big_k: int) -> int:
    """How many of the games of shard ``(k, K)`` have index below ``last``.

    >>> played(10, 1, 3), played(1, 1, 3), played(2, 1, 3)
    (3, 0, 1)
    """
    return 0 if last <= k else (last - k + big_k - 1) // big_k


class Progress:
    """A one-line progress bar on a stream: on a terminal redrawn in place at most ten times a second;
    elsewhere (a log file, a pipe) a plain line every ten seconds and at the end, no carriage return."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.start, self.last = total, stream, time.perf_counter(), 0.0
        self.drawn = False
        self.shown = -1  # the count of games the last line showed
        isatty = getattr(stream, "isatty", None)
        self.terminal = bool(isatty and isatty())
        if not self.terminal:  # the first plain line after ten seconds (a short run: its last only)
            self.last = self.start

    def update(self, done: int, hands: int) -> None:
        now = time.perf_counter()
        if now - self.last < (0.1 if self.terminal else 10.0) and done < self.total:
            return
        if not self.terminal and self.shown == done:
            return
        self.last = now
        self.drawn = True
        elapsed = now - self.start
        fraction = done / self.total if self.total else 1.0
        bar = "#" * int(30 * fraction)
        rate = hands / elapsed if elapsed > 0 else 0.0
        eta = elapsed * (1 - fraction) / fraction if fraction > 0 else 0.0
        line = f"[{bar:<30}] {done:,}/{self.total:,} games  {rate:,.0f} hands/s  ETA {eta:.0f}s"
        self.shown = done
        if not self.terminal:
            self.stream.write(line + "\n")
            self.stream.flush()
            return
        self.stream.write(f"\r{line} ")
        self.stream.flush()

    def close(self) -> None:
        if self.drawn and self.terminal:  # the bar's line ends; a run that failed first leaves no blank line
            self.stream.write("\n")
            self.stream.flush()


@dataclass
class Run:
    """The checked arguments of a run, the same for every game (``checks.start_run`` makes one): each
    seat's agent name for the core and its callable (None for a built-in agent), the failures of
    Python agents, the seats' labels, and the run's games; ``play`` runs the core in chunks."""

    names: list[str]
    callables: list[object]
    failures: list[tuple[int, BaseException]]
    labels: list[str]
    seed: int
    games: int
    threads: int
    shard: tuple[int, int]

    @property
    def display(self) -> tuple[str, ...]:
        return tuple(self.labels)

    @property
    def count(self) -> int:
        """How many games the run's shard plays."""
        return played(self.games, *self.shard)

    def play(
        self,
        core: Callable[..., dict[str, Any]],
        progress: bool | TextIO,
        sink: Callable[[dict[str, Any]], None],
    ) -> float:
        """Runs the core chunk by chunk, giving each chunk's result dict to ``sink``; returns the
        seconds. Chunks grow from one game a thread while they take under ``CHUNK_SECONDS``, so that
        the progress bar moves, memory does not grow with the run and Ctrl-C is answered within a
        chunk (as ``RunInterrupted``, with the games played): every game's result depends on its
        index alone, so the chunks do not change it."""
        k, big_k = self.shard
        games = self.games
        stream: TextIO | None = None
        if progress is True:
            stream = sys.stderr
        elif progress:
            stream = progress
        total = self.count
        bar = Progress(total, stream) if stream is not None else None
        chunk = self.threads * big_k
        start = time.perf_counter()
        hands = 0
        first = 0
        try:
            while True:
                last = min(games, first + chunk)
                began = time.perf_counter()
                try:
                    part = core(
                        self.names, self.callables, self.seed, games, first, last, k, big_k, self.threads
                    )
                except AgentError as err:
                    if self.failures:
                        seat, cause = self.failures[0]
                        raise AgentError(
                            f"the agent of seat {seat} raised {type(cause).__name__}: {cause}"
                        ) from cause
                    raise AgentError(str(err)) from None
                sink(part)
                hands += int(part["hands"].sum(dtype=np.uint64))
                if bar is not None:
                    bar.update(played(last, k, big_k), hands)
                first = last
                if first >= games:
                    break
                took = time.perf_counter() - began
                few = chunk < GAMES_PER_THREAD * self.threads * big_k  # threads idle at its end
                if chunk < MAX_CHUNK and (took < CHUNK_SECONDS or (few and took < SLOW_CHUNK_SECONDS)):
                    chunk *= 2
        except KeyboardInterrupt:
            raise RunInterrupted(played(first, k, big_k), total) from None
        finally:
            if bar is not None:
                bar.close()
        return time.perf_counter() - start
