"""tacforge engine: the Qt-free core (content model, packs, validation, rules, simulation, CLI)."""

from importlib.metadata import PackageNotFoundError, version

try:
    # the installed distribution's version, so that `tacforge --version` and pyproject.toml cannot disagree
    __version__ = version("tacforge")
except PackageNotFoundError:  # imported from a checkout that was never installed
    __version__ = "unknown (not installed)"
