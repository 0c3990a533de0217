"""Settlements and the road network of a generated map: town sites, roads from edge to edge through the towns,
bridges where roads cross the river, fords on farm tracks, and the town squares along the roads."""

from __future__ import annotations

from dataclasses import field
from itertools import pairwise

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from .autotile import BRIDGE, FORD
from .grid import dilate, distance_to, route, smooth_noise

INF = float("inf")


@dataclass
class Network:
    road: np.ndarray  # bool: road squares (crossings not included)
    crossings: dict[tuple[int, int], int] = field(default_factory=dict)  # (x, y) water square -> BRIDGE / FORD


def town_sites(rng, levels: np.ndarray, water: np.ndarray, count: int) -> list[tuple[int, int]]:
    """Up to `count` village centres on open plateau ground (level 1 preferred), spread over the map."""
    h, w = levels.shape
    if count <= 0:
        return []
    slope = (levels % 2 == 0) & (levels > 0)
    ok = np.isin(levels, (1, 3)) & (distance_to(water) >= 3) & (distance_to(slope) >= 3)
    ok[:5, :] = ok[-5:, :] = False
    ok[:, :5] = ok[:, -5:] = False
    cells = np.argwhere(ok)
    if not len(cells):
        return []
    keys = rng.random(len(cells)) + 0.6 * (levels[ok] == 3)
    cells = cells[np.argsort(keys, kind="stable")]
    sep = int(0.3 * max(w, h))
    while sep >= 4:
        sites: list[tuple[int, int]] = []
        for y, x in cells:
            if all(max(abs(x - sx), abs(y - sy)) >= sep for sx, sy in sites):
                sites.append((int(x), int(y)))
                if len(sites) == count:
                    return sites
        sep -= 3
    return sites


def crossing_candidates(
    levels: np.ndarray, water: np.ndarray
) -> list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]:
    """(landing, water square, landing) triples where a road can cross a straight stretch of river at right angles."""
    h, w = water.shape
    out = []
    land = np.isin(levels, (1,)) & ~water
    for y, x in np.argwhere(water):
        for (ax, ay), (bx, by) in (((0, 1), (1, 0)), ((1, 0), (0, 1))):  # (river direction, crossing direction)
            along = all(
                0 <= y + k * ay < h and 0 <= x + k * ax < w and water[y + k * ay, x + k * ax] for k in (-2, -1, 1, 2)
            )
            across = all(
                0 <= y + k * by < h and 0 <= x + k * bx < w and land[y + k * by, x + k * bx] for k in (-2, -1, 1, 2)
            )
            if along and across:
                out.append(((int(x - bx), int(y - by)), (int(x), int(y)), (int(x + bx), int(y + by))))
    return out


def _edge_goal(shape, edge: str, passable: np.ndarray) -> np.ndarray:
    h, w = shape
    goal = np.zeros(shape, bool)
    if edge == "N":
        goal[0, 3 : w - 3] = True
    elif edge == "S":
        goal[h - 1, 3 : w - 3] = True
    elif edge == "W":
        goal[3 : h - 3, 0] = True
    else:
        goal[3 : h - 3, w - 1] = True
    return goal & passable


def _entry(shape, edge: str, near: int, passable: np.ndarray) -> tuple[int, int]:
    """The passable edge square nearest to coordinate `near` along that edge."""
    h, w = shape
    goal = _edge_goal(shape, edge, passable)
    cells = np.argwhere(goal)
    along = cells[:, 1] if edge in "NS" else cells[:, 0]
    y, x = cells[int(np.argmin(np.abs(along - near)))]
    return int(x), int(y)


def build_roads(
    rng, levels: np.ndarray, water: np.ndarray, river_axis: str | None, sites: list[tuple[int, int]]
) -> Network:
    """Roads from edge to edge through the towns, side roads, bridges and ford tracks."""
    h, w = levels.shape
    slope = (levels % 2 == 0) & (levels > 0)
    cost = 1.0 + 0.6 * smooth_noise(rng, (h, w), 4.0)
    cost[slope] = 4.0
    cost[levels == 5] += 0.6
    river_d = distance_to(water)
    cost[river_d == 1] += 1.5
    cost[river_d == 2] += 0.8
    for k, extra in ((0, 1.0), (1, 0.6), (2, 0.3)):  # keep roads off the map's rim
        cost[k, :] += extra
        cost[-1 - k, :] += extra
        cost[:, k] += extra
        cost[:, -1 - k] += extra
    cost[water] = INF
    passable = ~water & ~slope
    net = Network(np.zeros((h, w), bool))
    candidates = crossing_candidates(levels, water)

    def jumps(price: float, avoid: np.ndarray | None = None):
        out: dict = {}
        for a, r, b in candidates:
            if avoid is not None and avoid[r[1], r[0]]:
                continue
            out.setdefault(a, []).append((b[0], b[1], price, r))
            out.setdefault(b, []).append((a[0], a[1], price, r))
        return out

    def lay(path, kind=BRIDGE) -> None:
        for x, y, crossed in path:
            if crossed:
                net.crossings.setdefault((x, y), kind)
            else:
                net.road[y, x] = True
        cost[net.road] = np.minimum(cost[net.road], 0.3)

    def connect(start, goal, price=8.0, kind=BRIDGE) -> bool:
        path = route(cost, start, goal, crossings=jumps(price) if price < INF else None, turn_penalty=0.5)
        if path:
            lay(path, kind)
        return bool(path)

    # the main road crosses the map (and the river, on a bridge) through the towns nearest its middle
    across = "WE" if river_axis == "NS" or (river_axis is None and rng.random() < (0.8 if w > h else 0.6)) else "NS"
    axis_i = 0 if across == "WE" else 1  # coordinate that grows along the main road
    mid = (h if across == "WE" else w) / 2
    by_centre = sorted(sites, key=lambda s: abs(s[1 - axis_i] - mid))
    main = sorted(by_centre[: min(2, len(by_centre))], key=lambda s: s[axis_i])
    others = by_centre[len(main) :]
    first, last = main[0] if main else (w // 2, h // 2), main[-1] if main else (w // 2, h // 2)
    jitter = lambda: int(rng.integers(-8, 9))  # noqa: E731
    start = _entry((h, w), across[0], first[1 - axis_i] + jitter(), passable)
    end = _entry((h, w), across[1], last[1 - axis_i] + jitter(), passable)
    points = [start, *main, end]
    for a, b in pairwise(points):
        goal = np.zeros((h, w), bool)
        goal[b[1], b[0]] = True
        connect(a, goal, price=6.0)
    side_edges = "NS" if across == "WE" else "WE"
    # every other village joins the network; some send a road on to the nearest free edge
    for site in others:
        connect(site, net.road.copy(), price=14.0)
        if rng.random() < 0.5:
            edge = side_edges[0] if site[1 - axis_i] < mid else side_edges[1]
            connect(site, _edge_goal((h, w), edge, passable), price=14.0)
    # a cross road through one of the main-road towns
    if main and rng.random() < 0.8:
        hub = main[int(rng.integers(len(main)))]
        order = list(side_edges) if rng.random() < 0.5 else list(reversed(side_edges))
        for i, edge in enumerate(order):
            if i == 0 or rng.random() < 0.55:
                connect(hub, _edge_goal((h, w), edge, passable), price=14.0)
    if water.any():
        _fords(rng, net, water, candidates, cost, jumps)
    return net


def _fords(rng, net: Network, water: np.ndarray, candidates, cost, jumps) -> None:
    """One or two farm tracks that ford the river well away from the bridges."""
    h, w = water.shape
    wanted = 1 + int(rng.random() < (0.4 if max(h, w) * min(h, w) >= 3000 else 0.0))
    near_road = dilate(net.road, 3)
    for _ in range(wanted):
        taken = np.zeros((h, w), bool)
        for x, y in net.crossings:
            taken[y, x] = True
        far = distance_to(taken) >= 10
        options = [
            c
            for c in candidates
            if far[c[1][1], c[1][0]] and not near_road[c[0][1], c[0][0]] and not near_road[c[2][1], c[2][0]]
        ]
        if not options:
            return
        a, r, b = options[int(rng.integers(len(options)))]
        # one bank joins the road network; the other the network or, if nearer, a map edge (the track serves it)
        to_net = [path for p in (a, b) if (path := route(cost, p, net.road.copy(), turn_penalty=0.5))]
        if len(to_net) < 2:
            continue
        near = 0 if len(to_net[0]) <= len(to_net[1]) else 1
        goal = net.road.copy()
        goal[0, 3 : w - 3] = goal[-1, 3 : w - 3] = True
        goal[3 : h - 3, 0] = goal[3 : h - 3, -1] = True
        goal &= ~water
        far_leg = route(cost, (a, b)[1 - near], goal, turn_penalty=0.5)
        if not far_leg:
            continue
        legs = [to_net[near], far_leg]
        net.crossings[r] = FORD
        for leg in legs:
            for x, y, _ in leg:
                net.road[y, x] = True
        cost[net.road] = np.minimum(cost[net.road], 0.3)


def town_squares(rng, sites, levels: np.ndarray, water: np.ndarray, net: Network, big: int = 2) -> np.ndarray:
    """Clustered town squares around each site, lining the roads; the first `big` sites are larger."""
    h, w = levels.shape
    town = np.zeros((h, w), bool)
    crossing = np.zeros((h, w), bool)
    for x, y in net.crossings:
        crossing[y, x] = True
    beside_road = dilate(net.road) & ~net.road
    free = ~net.road & (distance_to(water) >= 2) & ~dilate(crossing, 2)
    yy, xx = np.mgrid[0:h, 0:w]
    for i, (sx, sy) in enumerate(sites):
        size = int(rng.integers(20, 35) if i < big else rng.integers(8, 16))
        dist = np.maximum(np.abs(xx - sx), np.abs(yy - sy))
        ok = free & (levels == levels[sy, sx]) & (dist <= 6) & ~town
        score = dist + 1.3 * ~beside_road + rng.uniform(0, 1.6, (h, w))
        score[~ok] = INF
        order = np.argsort(score, axis=None, kind="stable")[:size]
        chosen = np.zeros(h * w, bool)
        chosen[order] = np.isfinite(score.ravel()[order])
        town |= chosen.reshape(h, w)
    # a few farms: one to three buildings beside a road, away from the villages
    far_from_town = distance_to(town) >= 7
    spots = np.argwhere(beside_road & free & far_from_town & np.isin(levels, (1, 3, 5)))
    for _ in range(int(rng.integers(1, 5)) if len(spots) else 0):
        y, x = spots[int(rng.integers(len(spots)))]
        town[y, x] = True
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))[: int(rng.integers(0, 3))]:
            if 0 <= y + dy < h and 0 <= x + dx < w and free[y + dy, x + dx] and levels[y + dy, x + dx] == levels[y, x]:
                town[y + dy, x + dx] = True
    return town
