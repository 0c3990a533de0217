"""The one place that locates tacforge's bundled schemas and the core pack.

From an installed wheel they live inside the package (engine/_bundled/, put there by the build); from a checkout,
including an editable install, they are the repository's top-level schemas/ and content/ folders.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
_BUNDLED = _PACKAGE_DIR / "_bundled"
_CHECKOUT = _PACKAGE_DIR.parent


def _locate(name: str) -> Path:
    bundled = _BUNDLED / name
    if bundled.is_dir():
        return bundled
    return _CHECKOUT / name


SCHEMA_DIR: Path = _locate("schemas")
CORE_PACK_DIR: Path = _locate("content")
