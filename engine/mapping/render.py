"""A PNG of a map for looking at it (tests, docs, the generator's eyeball checks); NumPy + zlib only.

Colours by terrain type, shaded by level: the plain light green, hills tan (level 3) and light brown (level 5),
slopes a darker band between; towns red, woods dark green, broken grey-brown, entrenchments dark brown, rivers blue.
Roads, bridges and fords are drawn as brown lines joining their neighbours, on top of the square's ground.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

from ..model import Map
from .autotile import (
    BRIDGE,
    BROKEN,
    DIRS,
    ENTRENCHMENT,
    FORD,
    RIVER,
    ROAD_SLOPE,
    ROADLIKE,
    SLOPE,
    TOWN,
    WOODS,
    E,
    N,
    S,
    W,
    connections,
    layers_from_codes,
    neighbour_mask,
)

GROUND = {
    1: (190, 212, 148),
    2: (170, 160, 110),
    3: (222, 206, 150),
    4: (178, 148, 98),
    5: (212, 176, 122),
    0: (70, 120, 200),
}
COLOURS = {
    TOWN: (200, 50, 45),
    WOODS: (38, 100, 45),
    BROKEN: (150, 135, 112),
    ENTRENCHMENT: (110, 80, 50),
    RIVER: (60, 110, 205),
    FORD: (110, 160, 220),
    BRIDGE: (60, 110, 205),
}
ROAD_COLOUR = (120, 72, 30)
STREET_COLOUR = (215, 120, 110)
LEVEL_SHADE = {0: 1.0, 1: 1.0, 2: 0.93, 3: 0.86, 4: 0.8, 5: 0.74}


def image(game_map: Map, content, scale: int = 8) -> np.ndarray:
    """The (height*scale, width*scale, 3) uint8 picture of the map."""
    types, levels = layers_from_codes(game_map.codes, content)
    rgb = np.zeros(types.shape + (3,), float)
    for level, colour in GROUND.items():
        rgb[levels == level] = colour
    shade = np.array([LEVEL_SHADE.get(lv, 0.7) for lv in range(256)])[levels.astype(np.uint8)]
    for t, colour in COLOURS.items():
        sel = types == t
        factor = shade[sel, None] if t in (TOWN, WOODS, BROKEN, ENTRENCHMENT) else 1.0
        rgb[sel] = np.array(colour, float) * factor
    big = np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)
    if scale >= 4:
        _slope_hatching(big, types, scale)
        _roads(big, types, scale)
    return np.clip(big, 0, 255).astype(np.uint8)


def _slope_hatching(big: np.ndarray, types: np.ndarray, scale: int) -> None:
    yy, xx = np.mgrid[0:scale, 0:scale]
    hatch = (xx + yy) % 4 == 0
    for y, x in np.argwhere(np.isin(types, (SLOPE, ROAD_SLOPE))):
        big[y * scale : (y + 1) * scale, x * scale : (x + 1) * scale][hatch] *= 0.8


def _roads(big: np.ndarray, types: np.ndarray, scale: int) -> None:
    """Brown lines from each road square's centre towards the road squares it joins."""
    roads = np.isin(types, ROADLIKE)
    mask = neighbour_mask(roads)
    wd = max(2, scale // 4)
    c0 = (scale - wd) // 2
    streets = _count(types == TOWN) >= 3  # a road between houses: draw the town around it
    for y, x in np.argwhere(roads):
        cell = big[y * scale : (y + 1) * scale, x * scale : (x + 1) * scale]
        if streets[y, x] and types[y, x] not in (BRIDGE, FORD):
            cell[:] = STREET_COLOUR
        cell[c0 : c0 + wd, c0 : c0 + wd] = ROAD_COLOUR
        arms = connections(int(mask[y, x]))
        for bit, (dx, dy) in enumerate(DIRS):
            if arms >> bit & 1:
                for k in range(1, scale // 2 + 2):
                    px, py = c0 + dx * k, c0 + dy * k
                    cell[max(0, py) : max(0, min(scale, py + wd)), max(0, px) : max(0, min(scale, px + wd))] = (
                        ROAD_COLOUR
                    )
        if types[y, x] in (BRIDGE, FORD):  # parapets / stepping stones: a darker outline across the water
            edge = (60, 45, 30) if types[y, x] == BRIDGE else (140, 110, 80)
            axis_ew = bool(arms & (E | W)) or not arms & (N | S)
            if axis_ew:
                cell[max(0, c0 - 1), :] = edge
                cell[min(scale - 1, c0 + wd), :] = edge
            else:
                cell[:, max(0, c0 - 1)] = edge
                cell[:, min(scale - 1, c0 + wd)] = edge


def _count(mask: np.ndarray) -> np.ndarray:
    """How many of the 8 neighbours are true."""
    bits = neighbour_mask(mask)
    return np.unpackbits(bits[..., None], axis=-1).sum(axis=-1)


def write_png(path, rgb: np.ndarray) -> Path:
    """Write an RGB uint8 array as an 8-bit truecolour PNG."""
    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w, _ = rgb.shape
    raw = np.concatenate([np.zeros((h, 1), np.uint8), rgb.reshape(h, w * 3)], axis=1).tobytes()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )
    path = Path(path)
    path.write_bytes(png)
    return path


def render_png(game_map: Map, content, path, scale: int = 8) -> Path:
    """Render `game_map` to a PNG file at `path`, `scale` pixels per square; returns the path."""
    return write_png(path, image(game_map, content, scale))


__all__ = ["render_png", "image", "write_png"]
