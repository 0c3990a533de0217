"""The Eastern Front (KAMPFGRUPPE, 1941-45) content pack for tacforge.

The package holds data only. Its `tacforge.packs` entry point, `tacforge_eastern:pack`, names the folder `pack` inside
this package; tacforge finds it from the package's location without importing this module.
"""
