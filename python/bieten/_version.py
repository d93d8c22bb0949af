"""The package version, in one place: pyproject.toml reads it (scikit-build-core's regex provider),
CMakeLists.txt reads it for the C ABI's bieten_version(), and bieten.__version__ is it."""

__version__ = "0.1.0"
