"""Where the C ABI (docs/c_abi.md) is installed: its shared library and its header ``bieten/bieten.h``.

Apps in C, C#, Rust, Go or Swift link the library and include the header; Python can load the
library with cffi or ctypes. Both ship inside the ``bieten`` package.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bieten import _core

__all__ = ["c_include_dir", "c_library_path", "cython_include_dir"]


def _library_name() -> str:
    if sys.platform == "win32":
        return "bieten_c.dll"
    if sys.platform == "darwin":
        return "libbieten_c.dylib"
    return "libbieten_c.so"


def _package_dirs() -> list[Path]:
    """Where the package's files are: beside the compiled core (also in an editable install, whose
    build tree holds the compiled files), then beside this module."""
    dirs: list[Path] = []
    for path in (_core.__file__, __file__):
        if path is not None:
            folder = Path(path).resolve().parent
            if folder not in dirs:
                dirs.append(folder)
    return dirs


def c_library_path() -> str:
    """The path of the C ABI's shared library (``libbieten_c.so``, ``.dylib`` or ``bieten_c.dll``).

    Load it with ``cffi.FFI().dlopen(path)`` or ``ctypes.CDLL(path)``, or link a C program against it
    (``cc app.c -I<c_include_dir()> <path> -Wl,-rpath,<its folder>``).

    >>> import os
    >>> path = c_library_path()
    >>> os.path.isfile(path), "bieten_c" in os.path.basename(path)
    (True, True)
    """
    name = _library_name()
    for folder in _package_dirs():
        candidate = folder / name
        if candidate.is_file():
            return str(candidate)
    searched = ", ".join(str(d) for d in _package_dirs())
    raise FileNotFoundError(f"the C ABI library {name} is not installed (searched {searched})")


def c_include_dir() -> str:
    """The folder to put on the C compiler's include path, so that ``#include <bieten/bieten.h>`` works.

    >>> import os
    >>> os.path.isfile(os.path.join(c_include_dir(), "bieten", "bieten.h"))
    True
    """
    candidates = [folder / "include" for folder in _package_dirs()]
    # A source checkout (an editable install built without the install step): csrc/include.
    candidates.append(Path(__file__).resolve().parents[2] / "csrc" / "include")
    for folder in candidates:
        if (folder / "bieten" / "bieten.h").is_file():
            return str(folder)
    searched = ", ".join(str(d) for d in candidates)
    raise FileNotFoundError(f"the C ABI header bieten/bieten.h is not installed (searched {searched})")


def cython_include_dir() -> str:
    """The folder to put on Cython's include path, so that ``from bieten cimport agent`` finds
    ``bieten/agent.pxd`` (the native agent interface, docs/agents.md "Native agents"). Compile the
    generated C with ``c_include_dir()`` on the C include path too.

    >>> import os
    >>> os.path.isfile(os.path.join(cython_include_dir(), "bieten", "agent.pxd"))
    True
    """
    return str(Path(__file__).resolve().parent.parent)
