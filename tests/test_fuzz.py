"""Runs every fuzz harness (fuzz/fuzz_*.py, atheris/libFuzzer; fuzz/README.md) for a bounded time.

Each harness runs in its own process, as libFuzzer ends the process it runs in; all of them start at
once, and each test waits for its own. A harness replays its seed corpus (fuzz/corpus/<harness>/)
and then fuzzes with a fixed seed for at most BIETEN_FUZZ_RUNS inputs (default 4000) or
BIETEN_FUZZ_TIME seconds (default 6). The test fails if the harness finds a crash: an exception other
than the documented errors, a broken invariant, a signal, a hang. The failing input is printed
(base64) so that it can be replayed with ``python fuzz/fuzz_<harness>.py <file>``.

The long run is opt-in: BIETEN_FUZZ_SECONDS=600 python -m pytest tests/test_fuzz.py -k long
fuzzes each harness for that many seconds (test_fuzz_long, marked slow).
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("atheris")  # the test extra installs it; it has wheels for Linux and macOS

ROOT = Path(__file__).resolve().parents[1]
FUZZ = ROOT / "fuzz"
HARNESSES = ("cards", "actions", "rules", "game_json", "game_bytes", "c_abi")
RUNS = int(os.environ.get("BIETEN_FUZZ_RUNS", "4000"))
TIME = int(os.environ.get("BIETEN_FUZZ_TIME", "6"))
LONG = int(os.environ.get("BIETEN_FUZZ_SECONDS", "0"))


def c_abi_available() -> bool:
    try:
        from bieten._capi import c_library_path

        return os.path.isfile(c_library_path())
    except (ImportError, OSError):
        return False


@dataclass
class Run:
    name: str
    work: Path
    process: subprocess.Popen[str]
    limit: int

    def result(self) -> tuple[int, str]:
        try:
            out, _ = self.process.communicate(timeout=self.limit + 300)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
            return -1, out + "\n(the harness did not stop in time)"
        return self.process.returncode, out


def start(name: str, work: Path, seconds: int, runs: int | None) -> Run:
    """Starts a harness on a scratch corpus (new inputs go there) and the seed corpus (read only)."""
    corpus = work / "corpus"
    corpus.mkdir(parents=True)
    args = [
        sys.executable,
        str(FUZZ / f"fuzz_{name}.py"),
        f"-max_total_time={seconds}",
        "-timeout=60",
        "-rss_limit_mb=4096",
        f"-artifact_prefix={work}{os.sep}",
        "-print_final_stats=1",
    ]
    if runs is not None:
        args += [f"-runs={runs}", f"-seed={os.environ.get('BIETEN_FUZZ_SEED', '1')}"]
    args.append(str(corpus))
    seeds = FUZZ / "corpus" / name
    if seeds.is_dir():
        args.append(str(seeds))
    process = subprocess.Popen(
        args, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace"
    )
    return Run(name, work, process, seconds)


def check(run: Run) -> None:
    code, out = run.result()
    crashes = (
        sorted(run.work.glob("crash-*")) + sorted(run.work.glob("timeout-*")) + sorted(run.work.glob("oom-*"))
    )
    if code == 0 and not crashes:
        assert "Done" in out, out[-3000:]
        return
    lines = [line for line in out.splitlines() if not line.startswith("INFO: Instrumenting")]
    found = "\n".join(f"{path.name}: {base64.b64encode(path.read_bytes()).decode()}" for path in crashes)
    pytest.fail(
        f"fuzz/fuzz_{run.name}.py exited with {code}:\n"
        + "\n".join(lines[-80:])
        + f"\n\ninputs (base64):\n{found}",
        pytrace=False,
    )


@pytest.fixture(scope="module")
def bounded_runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Run]]:
    runs: dict[str, Run] = {}
    for name in HARNESSES:
        if name == "c_abi" and not c_abi_available():
            continue
        runs[name] = start(name, tmp_path_factory.mktemp(f"fuzz_{name}"), TIME, RUNS)
    yield runs
    for run in runs.values():
        if run.process.poll() is None:
            run.process.kill()
            run.process.communicate()


@pytest.mark.parametrize("name", HARNESSES)
def test_fuzz_bounded(name: str, bounded_runs: dict[str, Run]) -> None:
    if name not in bounded_runs:
        pytest.skip("the C ABI library is not built")
    check(bounded_runs[name])


@pytest.mark.slow
@pytest.mark.skipif(not LONG, reason="opt-in: set BIETEN_FUZZ_SECONDS to fuzz each harness that long")
@pytest.mark.parametrize("name", HARNESSES)
def test_fuzz_long(name: str, tmp_path: Path) -> None:
    if name == "c_abi" and not c_abi_available():
        pytest.skip("the C ABI library is not built")
    check(start(name, tmp_path, LONG, None))


def test_every_harness_is_run() -> None:
    assert sorted(p.stem.removeprefix("fuzz_") for p in FUZZ.glob("fuzz_*.py")) == sorted(HARNESSES)
