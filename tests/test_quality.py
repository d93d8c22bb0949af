"""The Python package type-checks under mypy --strict and the repository is ruff-clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict_passes_on_the_package() -> None:
    result = run("mypy")  # files and strictness are configured in pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", "python", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr
