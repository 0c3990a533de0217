"""A map file's legend: which printable character stands for which terrain code in its rows. One rule for every
writer (the editor's saves, `tacforge new`, new blank maps): a file's own glyphs are kept, and a code without one
takes its terrain code's glyph if that is free, else the first free printable character."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

# quotes would have to be escaped inside a row string, and '#' starts a comment where a reader is careless
UNUSABLE = "'\"#"


def legend_for(codes: Iterable[int], content, keep: Iterable[tuple[str, int]] = ()) -> dict[str, int]:
    """glyph -> code for the codes used: `keep`'s entries first (in their order), then one per further code, in
    code order."""
    legend: dict[str, int] = {g: int(c) for g, c in keep}
    known = set(legend.values())
    for code in sorted({int(c) for c in codes} - known):
        tc = content.terrain_codes.get(code)
        glyph = (
            tc.glyph
            if tc is not None and tc.glyph and tc.glyph not in legend and tc.glyph not in UNUSABLE
            else next(chr(o) for o in range(0x21, 0x3000) if chr(o) not in legend and chr(o) not in UNUSABLE)
        )
        legend[glyph] = code
    return legend


def rows_of(codes: np.ndarray, legend: dict[str, int]) -> list[str]:
    """The rows of a (height, width) grid of codes as strings of glyphs; a code the legend lacks raises KeyError."""
    glyph_of = {code: glyph for glyph, code in legend.items()}
    table = np.zeros(256, np.uint32)
    for code, glyph in glyph_of.items():
        table[code] = ord(glyph)
    missing = set(np.unique(codes).tolist()) - set(glyph_of)
    if missing:
        raise KeyError(f"no glyph for terrain codes {sorted(missing)}")
    return ["".join(map(chr, table[row])) for row in codes]
