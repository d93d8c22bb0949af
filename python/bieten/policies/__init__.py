"""The learned policies that ship with the engine (docs/agents.md, "policy"), and their file format.

Each game's package holds its shipped policies, ``policies/<name>.bin`` (the names its descriptor
lists, ``bieten._core.GAMES``' ``policies``): each a small network over the game's observation,
compiled into the engine as well, which plays it as the built-in agent ``"policy"`` without Python.
``pack`` writes the format (a versioned little-endian blob with a checksum, csrc/core/policy.hpp)
from NumPy arrays, ``unpack`` reads it back; neither needs PyTorch.

>>> import numpy as np
>>> from bieten import _core
>>> game = _core.GAMES[-1]
>>> inputs, outputs = game["observation_size"], game["num_actions"]
>>> w = np.zeros((inputs, outputs), np.float32); w[0, 5] = 2.0   # one layer: output 5 is 2 * observation[0]
>>> blob = pack(game["name"], [(w, np.ones(outputs, np.float32))])
>>> obs = np.zeros(inputs, np.float32); obs[0] = 1.5
>>> _core.policy_outputs(blob, game["name"], obs)[[0, 5]].tolist()
[1.0, 4.0]
>>> [a.shape for a in unpack(blob)[0][0]] == [(inputs, outputs), (outputs,)], unpack(blob)[1] == game["name"]
(True, True)
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bieten import _core
from bieten._core import BietenError
from bieten._families import FAMILIES

__all__ = ["FORMAT_VERSION", "NAMES", "game_of_file", "pack", "path", "unpack"]

#: The blob format this engine reads (csrc/core/policy.hpp).
FORMAT_VERSION = 1
#: The game of each shipped policy, by the policy's name: each game's policies (its descriptor's
#: ``kPolicies``, e.g. one per table size), in the registry's order.
_GAME_OF: dict[str, str] = {str(p): str(g["name"]) for g in _core.GAMES for p in g["policies"]}
#: The shipped policies, game by game.
NAMES: tuple[str, ...] = tuple(_GAME_OF)
#: The blob's game tag of each game (its descriptor's ``kPolicyTag``; ``Family.policy_tag``).
_TAGS: dict[str, int] = {family.name: family.policy_tag for family in FAMILIES}
_MAGIC = b"BTPN"
_MAX_LAYERS = 8
_MAX_WIDTH = 1024

Layer = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]


def path(name: str) -> Path:
    """The package file of the shipped policy ``name`` (one of ``NAMES``): in its game's package,
    ``bieten/<game>/policies/<name>.bin``."""
    if name not in NAMES:
        raise BietenError(f"policy: no shipped policy {name!r}; they are {', '.join(NAMES)}")
    return Path(__file__).parent.parent / _GAME_OF[name] / "policies" / f"{name}.bin"


def _fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def pack(game: str, layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]]) -> bytes:
    """The blob of a network for ``game`` (a registered game's name): ``layers`` is a list of
    ``(W, b)`` with ``W`` of shape ``(inputs, outputs)`` (input-major) and ``b`` of ``(outputs,)``;
    relu between layers, none after the last."""
    if game not in _TAGS:
        quoted = [repr(name) for name in _TAGS]  # 'a', 'b' or 'c', as the engine lists names
        raise BietenError(f"policy: game must be {', '.join(quoted[:-1])} or {quoted[-1]}, not {game!r}")
    if not 1 <= len(layers) <= _MAX_LAYERS:
        raise BietenError(f"policy: 1 to {_MAX_LAYERS} layers, not {len(layers)}")
    arrays = [(np.asarray(w, dtype="<f4"), np.asarray(b, dtype="<f4")) for w, b in layers]
    sizes = [arrays[0][0].shape[0]] + [w.shape[1] for w, _ in arrays]
    for k, (w, b) in enumerate(arrays):
        if w.ndim != 2 or b.shape != (w.shape[1],) or w.shape[0] != sizes[k]:
            raise BietenError(f"policy: layer {k} has W {w.shape} and b {b.shape}, which do not chain")
    if not all(1 <= s <= _MAX_WIDTH for s in sizes):
        raise BietenError(f"policy: widths must be 1 to {_MAX_WIDTH}, not {sizes}")
    head = _MAGIC + struct.pack(f"<{4 + len(sizes) - 1}I", FORMAT_VERSION, _TAGS[game], len(arrays), *sizes)
    body = b"".join(w.tobytes() + b.tobytes() for w, b in arrays)
    data = head + body
    return data + struct.pack("<Q", _fnv1a64(data))


def unpack(blob: bytes) -> tuple[list[Layer], str]:
    """The layers ``[(W, b), ...]`` and the game of a blob; ``BietenError`` if it is not one."""
    if len(blob) < 16 or blob[:4] != _MAGIC:
        raise BietenError("policy: not a policy blob (no BTPN magic)")
    version, tag, count = struct.unpack_from("<3I", blob, 4)
    if version != FORMAT_VERSION or tag not in _TAGS.values() or not 1 <= count <= _MAX_LAYERS:
        raise BietenError(
            f"policy: version {version}, game tag {tag}, {count} layers: not a blob this engine reads"
        )
    sizes = struct.unpack_from(f"<{count + 1}I", blob, 16)
    if struct.unpack_from("<Q", blob, len(blob) - 8)[0] != _fnv1a64(blob[:-8]):
        raise BietenError("policy: checksum mismatch (the weights are corrupted)")
    at = 16 + 4 * (count + 1)
    layers: list[Layer] = []
    for n_in, n_out in itertools.pairwise(sizes):
        w = np.frombuffer(blob, dtype="<f4", count=n_in * n_out, offset=at).reshape(n_in, n_out)
        at += 4 * n_in * n_out
        b = np.frombuffer(blob, dtype="<f4", count=n_out, offset=at)
        at += 4 * n_out
        layers.append((w.astype(np.float32), b.astype(np.float32)))
    game = next(name for name, t in _TAGS.items() if t == tag)
    return layers, game


#: The largest policy file read (the largest network the format allows is 32 MiB; csrc/core/agent_spec.hpp).
MAX_FILE = 40 * 2**20


def game_of_file(file: str | Path, game: str | None = None) -> str:
    """The game of the policy file ``file`` (what ``bieten train`` writes, ``DIR/<game>.bin``), read
    and checked whole; ``BietenError`` in one line naming the file and its fault otherwise: it cannot
    be read, is empty, is not a policy, is corrupted, or (with ``game``) is another game's.

    >>> game_of_file(path(NAMES[0])) == _GAME_OF[NAMES[0]]
    True
    >>> game_of_file("/nonexistent/bieten.bin")
    Traceback (most recent call last):
    bieten._core.BietenError: policy:/nonexistent/bieten.bin: cannot read it: No such file or directory
    """
    where = f"policy:{file}"
    try:
        with open(file, "rb") as stream:
            blob = stream.read(MAX_FILE + 1)
    except OSError as err:
        raise BietenError(f"{where}: cannot read it: {err.strerror or err}") from None
    if not blob:
        raise BietenError(f"{where}: not a policy file: it is empty (bieten train writes DIR/<game>.bin)")
    if len(blob) > MAX_FILE:
        raise BietenError(f"{where}: not a policy file: larger than {MAX_FILE // 2**20} MiB")
    if blob[:4] != _MAGIC:
        raise BietenError(f"{where}: not a policy file (no BTPN magic; bieten train writes DIR/<game>.bin)")
    try:
        _, made_for = unpack(blob)
    except (BietenError, ValueError, struct.error) as err:
        why = str(err).removeprefix("policy: ") if isinstance(err, BietenError) else "truncated"
        raise BietenError(f"{where}: {why}") from None
    if game is not None and made_for != game:
        raise BietenError(
            f"{where}: a policy of {made_for}, not of {game}; train one with bieten train --game {game}"
        )
    return made_for
