"""Builds example_agents.pyx into an extension module with Cython and the system's C compiler.

    python examples/cython_agent/build.py            # builds it here, then:
    python -c "import example_agents, bieten; print(bieten.simulate(bieten.Rules(players=2),
               [example_agents.greedy_agent(), 'heuristic'], games=1000).summary())"

tests/test_native_agents.py and benchmarks/test_bench_native_agents.py build it into a temporary
folder with ``build(folder)``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def build(target: Path, name: str = "example_agents") -> ModuleType:
    """Compiles HERE/<name>.pyx into ``target`` and imports it."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    import bieten

    target.mkdir(parents=True, exist_ok=True)
    extension = Extension(
        name,
        [str(HERE / f"{name}.pyx")],
        include_dirs=[bieten.c_include_dir()],
        extra_compile_args=["-O2"] if sys.platform != "win32" else [],
    )
    modules = cythonize(
        [extension],
        include_path=[bieten.cython_include_dir()],
        build_dir=str(target / "cython"),
        quiet=True,
        compiler_directives={"language_level": 3},
    )
    dist = Distribution({"name": name, "ext_modules": modules})
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(target)
    command.build_temp = str(target / "build")
    command.ensure_finalized()
    command.run()
    built = next(target.glob(f"{name}.*.so"), None) or next(target.glob(f"{name}*.pyd"))
    spec = importlib.util.spec_from_file_location(name, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    build(HERE)
