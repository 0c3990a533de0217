"""tacforge engine: the Qt-free core (content model, packs, validation, rules, simulation, CLI)."""


def __getattr__(name: str) -> str:
    # `__version__` is looked up on first use, not at import: even from the cache of engine/distributions.py it reads a
    # file, and --help never shows the version.
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .distributions import installed

    # the installed distribution's version, so that `tacforge --version` and pyproject.toml cannot disagree
    found = installed().version or "unknown (not installed)"  # None: imported from a checkout never installed
    globals()["__version__"] = found
    return found
