"""tacforge engine: the Qt-free core (content model, packs, validation, rules, simulation, CLI)."""


def __getattr__(name: str) -> str:
    # `__version__` is looked up on first use, not at import: importlib.metadata costs tens of milliseconds, more than
    # half of what `tacforge --help` may take (docs/architecture.md 8), and --help never shows the version.
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        # the installed distribution's version, so that `tacforge --version` and pyproject.toml cannot disagree
        found = version("tacforge")
    except PackageNotFoundError:  # imported from a checkout that was never installed
        found = "unknown (not installed)"
    globals()["__version__"] = found
    return found
