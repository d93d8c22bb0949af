"""The training run (docs/agents.md, "How it learns"): clone a teacher, then PPO against a league of the
built-in agents, on one thread. Imports PyTorch."""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt

try:
    import torch  # type: ignore[import-not-found,unused-ignore]
    from torch import nn  # type: ignore[import-not-found,unused-ignore]
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(
        "bieten.train needs PyTorch, for the CPU: pip install torch --index-url "
        "https://download.pytorch.org/whl/cpu, then pip install 'bieten[train]' (docs/agents.md)"
    ) from error

import bieten
from bieten._core import BietenError
from bieten._families import Family, kind_family
from bieten.policies import pack
from bieten.train._config import TrainConfig, TrainResult, check_arguments


def _family(game: str) -> Family:
    """The family whose core ships a policy named ``game`` (a kind of it, ``bieten._core.GAMES``)."""
    return kind_family(game)


def _new_game(game: str, seed: int) -> Any:
    """A game of the rules ``VectorEnv(game)`` plays (the kind's), without a record."""
    family = _family(game)
    return family.game(family.rules_for(game), seed, record=False)


class Policy(nn.Module):  # type: ignore[misc,unused-ignore]  # (Any without PyTorch installed)
    """The shipped network: observation -> relu layers -> one output per action id."""

    def __init__(self, inputs: int, hidden: tuple[int, ...], actions: int) -> None:
        super().__init__()
        sizes = [inputs, *hidden, actions]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for k, layer in enumerate(self.layers):
            x = layer(x)
            if k + 1 < len(self.layers):
                x = torch.relu(x)
        return x

    def blob(self, game: str) -> bytes:
        linear = [cast(nn.Linear, m) for m in self.layers]
        return pack(
            _family(game).name,
            [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy()) for m in linear],
        )


def _masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~mask, -1e9)


def _smoothed_loss(
    logits: torch.Tensor, mask: torch.Tensor, target: torch.Tensor, eps: float
) -> torch.Tensor:
    """Cross-entropy against the teacher's action with ``eps`` of the mass spread over the legal actions
    (never over illegal ones): a clone fitted to one-hot targets saturates its logits, and PPO's
    gradients through a saturated softmax vanish."""
    logp = torch.log_softmax(_masked(logits, mask), dim=1)
    legal = mask.float()
    soft = eps * legal / legal.sum(dim=1, keepdim=True)
    soft[torch.arange(len(target)), target] += 1.0 - eps
    return -(soft * logp).sum(dim=1).mean()


class _Bar:
    """A progress bar on stderr: the share of the time budget spent, and what runs. On a terminal one
    line redrawn in place; elsewhere (a log file, a pipe) a plain line a minute and at each phase,
    never a carriage return."""

    def __init__(self, total: float, enabled: bool) -> None:
        self.total, self.enabled, self.last = total, enabled, 0.0
        self.terminal = sys.stderr.isatty()
        self.open = False  # a redrawn line is on the terminal without its newline

    def show(self, spent: float, what: str, force: bool = False) -> None:
        now = time.monotonic()
        every = 0.5 if self.terminal else 60.0
        if not self.enabled or (not force and now - self.last < every):
            return
        self.last = now
        share = min(1.0, spent / self.total)
        filled = int(30 * share)
        line = f"[{'#' * filled}{'.' * (30 - filled)}] {100 * share:5.1f}% {what[:60]}"
        if self.terminal:
            sys.stderr.write(f"\r{line:<98}")
            self.open = True
            if force:
                self.close()
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    def close(self) -> None:
        """Ends the redrawn line, so that what follows (``interrupted``) is on a line of its own."""
        if self.open:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self.open = False


def evaluate(game: str, policy: Policy, opponent: str, games: int, seed: int) -> float:
    """The share of ``games`` games (one each of ``games`` envs, seats rotated) that the greedy policy
    wins against ``opponent`` in every other seat."""
    env = bieten.VectorEnv(
        game,
        None,
        num_envs=games,
        seed=seed,
        opponents=opponent,
        learner_seat="rotate",
        reward="win",
        observation_dtype="uint8",
    )
    divisors = torch.from_numpy(env.observation_divisors.copy())
    obs, masks, _ = env.reset()
    done = np.zeros(games, dtype=bool)
    wins = np.zeros(games, dtype=bool)
    with torch.no_grad():
        while not done.all():
            x = torch.from_numpy(obs.astype(np.float32)) / divisors
            logits = _masked(policy(x), torch.from_numpy(masks.copy()))
            obs, masks, _, _, terminated = env.step(logits.argmax(dim=1).numpy())
            fresh = terminated & ~done
            for i in np.flatnonzero(fresh):
                wins[i] = bool(env.final_winners[i, env.final_seats[i]])
            done |= terminated
    return float(wins.mean())


def _collect(
    game: str,
    teacher: str,
    seconds: float,
    seed: int,
    limit: int,
    divisors: npt.NDArray[np.float32],
    tick: Callable[[str], None],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """The teacher's decisions with more than one legal action at every seat of self-play games, for
    ``seconds`` or until ``limit`` are kept: (compact observations, legal masks, actions)."""
    size = divisors.shape[0]
    obs = np.zeros((limit, size), dtype=np.uint8)
    masks: list[npt.NDArray[np.bool_]] = []
    acts: list[int] = []
    end = time.monotonic() + seconds
    number = 0
    while time.monotonic() < end and len(acts) < limit:
        g = _new_game(game, seed * 1_000_003 + number)
        agents = [bieten.Agent(teacher, seed=(seed << 20) + number * 8 + s) for s in range(g.rules.players)]
        number += 1
        while not g.is_over and time.monotonic() < end and len(acts) < limit:
            seat = g.current_player
            mask = np.asarray(g.legal_action_mask(), dtype=bool)
            a = agents[seat].act(g)
            if mask.sum() > 1:
                obs[len(acts)] = np.rint(np.asarray(g.observation(seat)) * divisors)
                masks.append(mask)
                acts.append(a)
                if len(acts) % 256 == 0:
                    tick(f"clone: {len(acts):,} decisions of {teacher}")
            g.apply_id(a)
    return obs[: len(acts)], np.stack(masks), np.asarray(acts, dtype=np.int64)


def run(
    game: str, minutes: float, seed: int, out: str, *, progress: bool, config: TrainConfig
) -> TrainResult:
    check_arguments(game, minutes, seed, out)
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    checkpoint = folder / "checkpoint.pt"
    probe = bieten.VectorEnv(game, None, num_envs=1, observation_dtype="uint8")
    divisors = torch.from_numpy(probe.observation_divisors.copy())
    inputs, actions = probe.observation_size, probe.num_actions
    policy = Policy(inputs, config.hidden, actions)
    value = nn.Sequential(nn.Linear(inputs, 128), nn.ReLU(), nn.Linear(128, 1))
    state: dict[str, Any] = {"phase": "clone", "spent": 0.0, "curve": [], "updates": 0}
    if checkpoint.exists():
        state = _resume(checkpoint, game, policy, value)
    state["game"] = game
    budget = 60.0 * minutes
    bar = _Bar(budget, progress)
    try:
        return _phases(game, seed, folder, config, policy, value, state, budget, bar, divisors)
    finally:
        bar.close()  # an interrupted run's message, or the caller's next line, starts a line of its own


def _resume(checkpoint: Path, game: str, policy: Policy, value: Any) -> dict[str, Any]:
    """The state of the run ``checkpoint`` holds, its networks loaded; a file that is not a checkpoint
    of a run of ``game`` is one line (BietenError) naming it and what to do."""
    what = f"train: {checkpoint} is not a checkpoint of a {game} run"
    todo = "remove it to start afresh, or give another --out"
    try:
        saved = torch.load(checkpoint, weights_only=False)
    except Exception as err:
        why = (str(err).strip().splitlines() or [type(err).__name__])[0][:120]
        raise BietenError(f"{what} (it cannot be read: {why}); {todo}") from None
    if not isinstance(saved, dict) or not {"policy", "value", "state"} <= set(saved):
        raise BietenError(f"{what} (not a training checkpoint); {todo}")
    made_for = saved["state"].get("game", game) if isinstance(saved["state"], dict) else game
    if made_for != game:
        raise BietenError(f"train: {checkpoint} is a checkpoint of a {made_for} run, not {game}; {todo}")
    try:
        policy.load_state_dict(saved["policy"])
        value.load_state_dict(saved["value"])
    except Exception:
        raise BietenError(f"{what} (its networks are of another game or shape); {todo}") from None
    return dict(saved["state"])


def _phases(
    game: str,
    seed: int,
    folder: Path,
    config: TrainConfig,
    policy: Policy,
    value: Any,
    state: dict[str, Any],
    budget: float,
    bar: _Bar,
    divisors: Any,
) -> TrainResult:
    checkpoint = folder / "checkpoint.pt"
    started = time.monotonic() - state["spent"]

    def spent() -> float:
        return float(time.monotonic() - started)

    def save() -> None:
        state["spent"] = spent()
        torch.save({"policy": policy.state_dict(), "value": value.state_dict(), "state": state}, checkpoint)
        (folder / f"{game}.bin").write_bytes(policy.blob(game))

    def point(label: str) -> None:
        bar.show(spent(), f"evaluating ({label})", force=True)
        row = {
            "minutes": round(spent() / 60.0, 2),
            "heuristic": evaluate(game, policy, "heuristic", config.eval_games, seed + 7),
            "ismcts": evaluate(game, policy, config.eval_ismcts, config.eval_ismcts_games, seed + 11),
        }
        state["curve"].append(row)
        _plot(game, state["curve"], folder, config)
        save()

    if state["phase"] == "clone":
        collect = config.clone_share * budget * 0.55
        x, m, a = _collect(
            game,
            config.teacher,
            collect,
            seed,
            config.clone_limit,
            divisors.numpy(),
            lambda what: bar.show(spent(), what),
        )
        xs, ms, ys = torch.from_numpy(x), torch.from_numpy(m), torch.from_numpy(a)
        opt = torch.optim.Adam(policy.parameters(), lr=config.lr_clone)
        end = config.clone_share * budget
        epoch = 0
        while spent() < end:
            order = torch.randperm(len(ys))
            for k in range(0, len(ys), 512):
                idx = order[k : k + 512]
                batch = xs[idx].float() / divisors
                loss = _smoothed_loss(policy(batch), ms[idx], ys[idx], config.clone_smoothing)
                opt.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call,unused-ignore]
                opt.step()
                bar.show(spent(), f"clone: epoch {epoch}, loss {loss.item():.3f}, {len(ys):,} decisions")
                if spent() >= end:
                    break
            epoch += 1
        state["phase"] = "ppo"
        point("after cloning")
    _ppo(game, policy, value, config, seed, divisors, budget, spent, bar, state, save)
    if not state["curve"] or state["curve"][-1]["minutes"] < round(spent() / 60.0, 2):
        point("final")
    bar.show(spent(), "done", force=True)
    return TrainResult(game, str(folder), str(folder / f"{game}.bin"), list(state["curve"]))


def _ppo(
    game: str,
    policy: Policy,
    value: nn.Module,
    config: TrainConfig,
    seed: int,
    divisors: torch.Tensor,
    budget: float,
    spent: Callable[[], float],
    bar: _Bar,
    state: dict[str, Any],
    save: Callable[[], None],
) -> None:
    """PPO in the single-agent view: one VectorEnv per league member, stepped in turn; the reward is
    the learner's points minus the mean of the others' in each step, plus 2 for a won game."""
    n = config.num_envs
    envs = [
        bieten.VectorEnv(
            game,
            None,
            num_envs=n,
            seed=seed * 7919 + 101 * k + state["updates"],
            opponents=opp,
            learner_seat="rotate",
            reward="points",
            observation_dtype="uint8",
        )
        for k, opp in enumerate(config.league)
    ]
    current = [env.reset() for env in envs]
    params = list(policy.parameters()) + list(value.parameters())
    opt = torch.optim.Adam(params, lr=config.lr_ppo)
    reserve = 0.08 * budget  # the final evaluation
    last_save = spent()
    while spent() < budget - reserve:
        k = state["updates"] % len(envs)
        env = envs[k]
        obs, masks, _ = current[k]
        xs, ms, acts, logps, vals, rews, dones = [], [], [], [], [], [], []
        with torch.no_grad():
            for _ in range(config.rollout_steps):
                x = torch.from_numpy(obs.astype(np.float32)) / divisors
                mk = torch.from_numpy(masks.copy())
                dist = torch.distributions.Categorical(logits=_masked(policy(x), mk))
                act = dist.sample()  # type: ignore[no-untyped-call,unused-ignore]
                xs.append(x)
                ms.append(mk)
                acts.append(act)
                logps.append(dist.log_prob(act))  # type: ignore[no-untyped-call,unused-ignore]
                vals.append(value(x).squeeze(1))
                obs, masks, _, rewards, terminated = env.step(act.numpy())
                seats = np.where(terminated, env.final_seats, env.learner_seats)
                own = rewards[np.arange(n), seats]
                others = (rewards.sum(axis=1) - own) / max(1, env.players - 1)
                bonus = np.where(terminated, 2.0 * env.final_winners[np.arange(n), seats], 0.0)
                rews.append(torch.from_numpy((own - others + bonus).astype(np.float32)))
                dones.append(torch.from_numpy(terminated.copy()))
            last_value = value(torch.from_numpy(obs.astype(np.float32)) / divisors).squeeze(1)
        current[k] = (obs, masks, current[k][2])
        advantages = torch.zeros(config.rollout_steps, n)
        running = torch.zeros(n)
        for t in reversed(range(config.rollout_steps)):
            next_value = last_value if t + 1 == config.rollout_steps else vals[t + 1]
            live = (~dones[t]).float()
            delta = rews[t] + config.gamma * next_value * live - vals[t]
            running = delta + config.gamma * config.lam * live * running
            advantages[t] = running
        returns = advantages + torch.stack(vals)
        bx, bm, ba = torch.cat(xs), torch.cat(ms), torch.cat(acts)
        blp, badv, bret = torch.cat(logps), advantages.flatten(), returns.flatten()
        badv = (badv - badv.mean()) / (badv.std() + 1e-8)
        for _ in range(config.epochs):
            order = torch.randperm(len(ba))
            for s in range(0, len(ba), config.minibatch):
                idx = order[s : s + config.minibatch]
                dist = torch.distributions.Categorical(logits=_masked(policy(bx[idx]), bm[idx]))
                ratio = torch.exp(dist.log_prob(ba[idx]) - blp[idx])  # type: ignore[no-untyped-call,unused-ignore]
                pg = -torch.min(
                    ratio * badv[idx], ratio.clamp(1 - config.clip, 1 + config.clip) * badv[idx]
                ).mean()
                vloss = ((value(bx[idx]).squeeze(1) - bret[idx]) ** 2).mean()
                entropy = dist.entropy().mean()  # type: ignore[no-untyped-call,unused-ignore]
                if state["updates"] < config.value_warmup:
                    loss = 0.5 * vloss  # a fresh value's advantages would only drag the clone around
                else:
                    loss = pg + 0.5 * vloss - config.entropy * entropy
                opt.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call,unused-ignore]
                nn.utils.clip_grad_norm_(params, 0.5)
                opt.step()
        state["updates"] += 1
        bar.show(spent(), f"ppo: update {state['updates']} vs {config.league[k]}")
        if spent() - last_save > 120:
            save()
            last_save = spent()
    save()


def _plot(game: str, curve: list[dict[str, float]], folder: Path, config: TrainConfig) -> None:
    (folder / "curve.json").write_text(json.dumps(curve, indent=1) + "\n")
    import matplotlib  # type: ignore[import-not-found,unused-ignore]

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # type: ignore[import-not-found,unused-ignore]

    # A seat's fair share of the wins: one winner a game among the players, or one of two sides.
    family = _family(game)
    fair = 1 / family.rules_for(game).players if family.simulation.one_winner else 0.5
    fig, ax = plt.subplots(figsize=(6, 3.5))
    xs = [row["minutes"] for row in curve]
    ax.plot(
        xs, [row["heuristic"] for row in curve], "o-", label=f"against heuristic ({config.eval_games} games)"
    )
    ax.plot(
        xs,
        [row["ismcts"] for row in curve],
        "s-",
        label=f"against {config.eval_ismcts} ({config.eval_ismcts_games} games)",
    )
    ax.axhline(fair, color="grey", linestyle=":", label="fair share")
    ax.set_xlabel("minutes of training (one thread)")
    ax.set_ylabel("games won")
    ax.set_ylim(0, 1)
    ax.set_title(f"policy, {game}")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(folder / "curve.png", dpi=90)
    plt.close(fig)
