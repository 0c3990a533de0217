"""Legality of a map's terrain (what the generator guarantees and the editor can warn about).

* every code is defined by the content;
* no square touches (8-way) a square two or more levels away: slopes lie between plateaus 1/3/5;
* no floating slope: every slope square touches the plateau below and the plateau above it;
* water (river, ford, bridge) is one 4-connected course from one map edge to the opposite one;
* roads (road, road/slope, bridge, ford) form one 8-connected network that reaches at least two map edges;
* every bridge and ford carries a road across water: road squares on both ends, water on both sides.
"""

from __future__ import annotations

import numpy as np

from ..model import Map
from .autotile import (
    BRIDGE,
    FORD,
    ROADLIKE,
    WATER,
    E,
    N,
    S,
    W,
    floating_slopes,
    layers_from_codes,
    neighbour_mask,
    steep_squares,
)
from .grid import components


def edges_touched(mask: np.ndarray) -> set[str]:
    """Which map edges ("N", "E", "S", "W") the true squares reach."""
    found = set()
    for name, line in (("N", mask[0, :]), ("S", mask[-1, :]), ("W", mask[:, 0]), ("E", mask[:, -1])):
        if line.any():
            found.add(name)
    return found


def river_problems(types: np.ndarray) -> list[str]:
    water = np.isin(types, WATER)
    if not water.any():
        return []
    labels, n = components(water, diagonal=False)
    if n != 1:
        return [f"the water is in {n} separate pieces (a river must be one continuous course)"]
    edges = edges_touched(water)
    if not ({"N", "S"} <= edges or {"W", "E"} <= edges):
        return [f"the river does not run from edge to edge (it reaches only {''.join(sorted(edges)) or 'no edge'})"]
    return []


def road_problems(types: np.ndarray, min_edges: int = 2) -> list[str]:
    roads = np.isin(types, ROADLIKE)
    if not roads.any():
        return []
    out = []
    _, n = components(roads, diagonal=True)
    if n != 1:
        out.append(f"the roads form {n} separate networks")
    if len(edges_touched(roads)) < min_edges:
        out.append(f"the roads reach {len(edges_touched(roads))} map edge(s), fewer than {min_edges}")
    return out


def crossing_problems(types: np.ndarray) -> list[str]:
    road = neighbour_mask(np.isin(types, ROADLIKE))
    water = neighbour_mask(np.isin(types, WATER), edge=True)
    out = []
    for y, x in np.argwhere(np.isin(types, (BRIDGE, FORD))):
        r, wt = int(road[y, x]), int(water[y, x])
        ok = (r & E and r & W and wt & N and wt & S) or (r & N and r & S and wt & E and wt & W)
        if not ok:
            out.append(
                f"the {'bridge' if types[y, x] == BRIDGE else 'ford'} at ({x}, {y}) does not carry a road "
                "straight across the river"
            )
    return out


def level_problems(levels: np.ndarray) -> list[str]:
    out = []
    steep = np.argwhere(steep_squares(levels))
    if len(steep):
        y, x = steep[0]
        out.append(f"{len(steep)} squares touch a square two or more levels away, e.g. ({x}, {y})")
    floating = np.argwhere(floating_slopes(levels))
    if len(floating):
        y, x = floating[0]
        out.append(f"{len(floating)} slope squares do not touch both the plateau below and above, e.g. ({x}, {y})")
    return out


def map_problems(game_map: Map, content, *, min_road_edges: int = 2) -> list[str]:
    """Everything that makes `game_map` illegal under `content` (empty when the map is legal)."""
    codes = game_map.codes
    unknown = sorted({int(c) for c in np.unique(codes)} - set(content.terrain_codes))
    if unknown:
        return [f"terrain codes not defined by the content: {unknown}"]
    types, levels = layers_from_codes(codes, content)
    return (
        level_problems(levels) + river_problems(types) + road_problems(types, min_road_edges) + crossing_problems(types)
    )
