"""``bieten train`` / ``bieten.train`` (docs/agents.md, "How it learns"): a short run learns to beat
``random``, writes its files, loads in the engine and resumes. Needs PyTorch (``bieten[train]``):
skipped cleanly without it; about two minutes with it.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("matplotlib")

from bieten import _core, cli  # noqa: E402
from bieten.policies import unpack  # noqa: E402
from bieten.train import TrainConfig, train  # noqa: E402
from bieten.train._ppo import Policy, evaluate  # noqa: E402

Z99 = 2.5758293035489


def wilson_low(wins: int, games: int) -> float:
    p = wins / games
    centre = p + Z99 * Z99 / (2 * games)
    half = Z99 * math.sqrt(p * (1 - p) / games + Z99 * Z99 / (4 * games * games))
    return (centre - half) / (1 + Z99 * Z99 / games)


def test_a_short_run_beats_random_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    stream = io.StringIO()
    status = cli.main(
        [
            "train",
            "--game",
            "schnapsen",
            "--minutes",
            "0.6",
            "--seed",
            "3",
            "--out",
            str(out),
            "--no-progress",
        ],
        stream,
    )
    assert status == 0
    assert {p.name for p in out.iterdir()} >= {"checkpoint.pt", "schnapsen.bin", "curve.png", "curve.json"}
    assert "weights: " in stream.getvalue()
    layers, game = unpack((out / "schnapsen.bin").read_bytes())
    assert game == "schnapsen" and [w.shape for w, _ in layers] == [(426, 256), (256, 256), (256, 61)]
    # The engine reads the exported network: its outputs are the trainer's.
    policy = Policy(426, (256, 256), 61)
    policy.load_state_dict(torch.load(out / "checkpoint.pt", weights_only=False)["policy"])
    obs = np.zeros(426, np.float32)
    obs[[3, 40, 200, 300]] = 1.0
    engine = _core.policy_outputs((out / "schnapsen.bin").read_bytes(), "schnapsen", obs)
    with torch.no_grad():
        torch_out = policy(torch.from_numpy(obs)).numpy()
    assert np.allclose(engine, torch_out, atol=1e-4)
    # It beats random (99% Wilson interval above 1/2), seats rotated.
    games = 200
    rate = evaluate("schnapsen", policy, "random", games, 99)
    assert wilson_low(round(rate * games), games) > 0.5
    # Resume: the same folder continues the run (its time and updates), and the curve grows.
    first = json.loads((out / "curve.json").read_text())
    before = torch.load(out / "checkpoint.pt", weights_only=False)["state"]
    result = train("schnapsen", 0.9, 3, str(out), progress=False, config=TrainConfig())
    after = torch.load(out / "checkpoint.pt", weights_only=False)["state"]
    assert after["updates"] > before["updates"] and after["spent"] > before["spent"]
    assert len(result.curve) > len(first) and result.curve[: len(first)] == first


def test_cloning_spreads_the_smoothing_over_the_legal_actions_only() -> None:
    from bieten.train._ppo import _smoothed_loss

    logits = torch.tensor([[2.0, 0.0, 0.0, 5.0]])
    mask = torch.tensor([[True, True, False, False]])
    target = torch.tensor([0])
    # log-softmax over the two legal outputs: -0.126928 and -2.126928; the target keeps 0.95 of the
    # mass and the other legal action gets 0.05, the illegal ones nothing (their 5.0 is ignored).
    loss = _smoothed_loss(logits, mask, target, 0.1)
    assert loss.item() == pytest.approx(0.95 * 0.126928 + 0.05 * 2.126928, abs=1e-5)
    # Without smoothing it is the masked cross-entropy of the teacher's action.
    plain = torch.nn.functional.cross_entropy(logits.masked_fill(~mask, -1e9), target)
    assert _smoothed_loss(logits, mask, target, 0.0).item() == pytest.approx(plain.item(), abs=1e-6)
