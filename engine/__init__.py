"""tacforge engine: the Qt-free core (content model, packs, validation, rules, simulation, CLI)."""

__version__ = "0.1.0"
