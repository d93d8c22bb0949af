"""REINFORCE on bieten.VectorEnv with NumPy only: a linear softmax policy over the observation,
restricted to the legal actions by the mask, learns to beat the random agent (docs/vector_env.md).

    python examples/reinforce_vector_env.py                 # Schnapsen (2 players) to 3 points
    python examples/reinforce_vector_env.py --game bieten   # Bieten, 2 players, to 3 points
    python examples/reinforce_vector_env.py --plot win_rate.png

Each iteration steps ``--envs`` games for ``--steps`` steps in the single-agent view (the learner in
a rotating seat, ``opponents="random"`` in the others), with reward "win" (1 for a won game, else 0).
Every step of each game that ended inside the rollout is credited with that game's result minus a
running baseline; one Adam step follows. The win rate printed is that of the games finished in the
iteration, and a PNG of it is written with matplotlib when it is installed (else by a minimal PNG
writer below).
"""

from __future__ import annotations

import argparse
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

import bieten
from bieten import schnapsen

Array = npt.NDArray[np.float64]


@dataclass
class Policy:
    """logits = obs @ w + b over all actions; illegal ones masked out."""

    w: Array
    b: Array
    moments: list[tuple[Array, Array]] = field(default_factory=list)
    t: int = 0

    @classmethod
    def zeros(cls, observation_size: int, num_actions: int) -> Policy:
        return cls(np.zeros((observation_size, num_actions)), np.zeros(num_actions))

    def probabilities(self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Array:
        logits = obs @ self.w + self.b
        logits = np.where(masks, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]

    def adam(self, grads: list[Array], lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        """Gradient ascent with Adam on (w, b)."""
        if not self.moments:
            self.moments = [(np.zeros_like(g), np.zeros_like(g)) for g in grads]
        self.t += 1
        for k, (param, g) in enumerate(zip((self.w, self.b), grads, strict=True)):
            m, v = self.moments[k]
            m[:] = beta1 * m + (1 - beta1) * g
            v[:] = beta2 * v + (1 - beta2) * g * g
            m_hat = m / (1 - beta1**self.t)
            v_hat = v / (1 - beta2**self.t)
            param += lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def sample(p: Array, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One action per row of probabilities."""
    u = rng.random((p.shape[0], 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int64)


def make_env(game: str, envs: int, seed: int, threads: int = 1) -> bieten.VectorEnv:
    if game == "bieten":
        rules: bieten.Rules | schnapsen.Rules = bieten.Rules(players=2, target=3)
    else:
        rules = schnapsen.Rules.preset("schnapsen", target=3)
    return bieten.VectorEnv(
        game,
        rules,
        num_envs=envs,
        seed=seed,
        threads=threads,
        opponents="random",
        learner_seat="rotate",
        reward="win",
    )


def train(
    game: str = "schnapsen",
    iterations: int = 30,
    envs: int = 128,
    steps: int = 64,
    lr: float = 0.03,
    seed: int = 1,
    threads: int = 1,
    verbose: bool = True,
) -> list[float]:
    """Trains a policy; returns the win rate against random in each iteration."""
    env = make_env(game, envs, seed, threads)
    rng = np.random.default_rng(seed)
    policy = Policy.zeros(env.observation_size, env.num_actions)
    baseline = 0.5
    rates: list[float] = []
    obs, masks, _ = env.reset()
    for it in range(iterations):
        o_buf = np.empty((steps, envs, env.observation_size), np.float32)
        p_buf = np.empty((steps, envs, env.num_actions))
        a_buf = np.empty((steps, envs), np.int64)
        start = np.zeros(envs, np.int64)  # first step of each env's current game in the buffer
        credit = np.zeros((steps, envs))  # advantage of each step whose game ended in the rollout
        used = np.zeros((steps, envs), bool)
        wins: list[float] = []
        for t in range(steps):
            p = policy.probabilities(obs, masks)
            actions = sample(p, rng)
            o_buf[t], p_buf[t], a_buf[t] = obs, p, actions
            obs, masks, _, _, terminated = env.step(actions)
            for i in np.flatnonzero(terminated):
                result = float(env.learner_rewards[i])  # 1 for a win
                wins.append(result)
                credit[start[i] : t + 1, i] = result - baseline
                used[start[i] : t + 1, i] = True
                start[i] = t + 1
        if wins:
            baseline = 0.9 * baseline + 0.1 * float(np.mean(wins))
        rates.append(float(np.mean(wins)) if wins else float("nan"))
        if used.any():
            o, p, a, adv = o_buf[used], p_buf[used], a_buf[used], credit[used]
            g_logits = -p * adv[:, None]
            g_logits[np.arange(len(a)), a] += adv
            count = float(len(a))
            policy.adam([o.T.astype(np.float64) @ g_logits / count, g_logits.sum(axis=0) / count], lr)
        if verbose:
            print(f"iteration {it:3d}: win rate against random {rates[-1]:.3f} ({len(wins)} games)")
    return rates


def write_png(path: Path, rates: list[float], title: str = "REINFORCE on bieten.VectorEnv") -> None:
    """The win-rate curve as a PNG: matplotlib when installed, else a plain line drawn here."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        _write_png_by_hand(path, rates)
        return
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(range(len(rates)), rates, marker="o", markersize=3)
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("iteration")
    ax.set_ylabel("win rate against random")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _write_png_by_hand(path: Path, rates: list[float], width: int = 400, height: int = 200) -> None:
    image = np.full((height, width), 255, np.uint8)
    image[height // 2, :] = 200  # 0.5
    xs = np.linspace(0, width - 1, num=max(len(rates), 2)).astype(int)
    ys = [(height - 1) - round(r * (height - 1)) for r in rates]
    for (x0, y0), (x1, y1) in zip(zip(xs, ys, strict=False), zip(xs[1:], ys[1:], strict=False), strict=False):
        for s in np.linspace(0, 1, num=max(abs(x1 - x0), abs(y1 - y0), 1) + 1):
            image[round(y0 + s * (y1 - y0)), round(x0 + s * (x1 - x0))] = 0
    raw = b"".join(b"\x00" + row.tobytes() for row in image)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )
    path.write_bytes(png)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=["bieten", "schnapsen"], default="schnapsen")
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--envs", type=int, default=128)
    parser.add_argument("--steps", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--plot", type=Path, default=Path("reinforce_win_rate.png"))
    args = parser.parse_args()
    rates = train(args.game, args.iterations, args.envs, args.steps, args.lr, args.seed, args.threads)
    write_png(args.plot, rates, f"REINFORCE on bieten.VectorEnv ({args.game}, 2 players, to 3)")
    print(
        f"win rate: first iteration {rates[0]:.3f}, last five {np.nanmean(rates[-5:]):.3f}; plot: {args.plot}"
    )


if __name__ == "__main__":
    main()
