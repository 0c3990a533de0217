"""The Eastern Front (KAMPFGRUPPE, 1941-45) content pack for tacforge.

The package holds data only. tacforge finds the pack folder through the `tacforge.packs` entry point, which names
PACK_DIR; nothing else here runs.
"""

from pathlib import Path

PACK_DIR = Path(__file__).parent / "pack"
