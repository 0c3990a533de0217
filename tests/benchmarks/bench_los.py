"""Benchmark: a viewshed (every square visible from one square, visibility 20, exact rules) against python-tcod's
`compute_fov` with FOV_SYMMETRIC_SHADOWCAST on the same 60x60 map (docs/architecture.md 8: within 2x of tcod, same run).

The viewshed runs cold: its result cache is cleared before every call, while the path tables and the per-map
encodings (the codes, and the limits per operator and origin level) stay warm, as they do in a game. Each call is timed
on its own, in blocks of 100 calls of one function and then the next, 20 rounds, so that a busy machine slows all alike;
the medians are compared. The map is the first bundled 60x60 western map (a generated hilly, wooded one if there is
none); the origin is its centre square.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tacforge.engine.model import Map  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402
from tacforge.engine.rules import los  # noqa: E402
from tacforge.engine.rules.terrain_grid import LOS_TOWN, LOS_WOODS, TerrainGrid  # noqa: E402

VISIBILITY = 20
BUDGET_FACTOR = 2.0  # docs/architecture.md 8 and issue 17: within 2x of tcod
ROUNDS, BLOCK = 20, 100


def generated_map(size: int = 60, seed: int = 5) -> Map:
    """Plateaus 1/3/5 with slopes between them, about 15% woods, some towns and broken ground."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:size, 0:size]
    bumps = np.sin(xx / 7.0) + np.cos(yy / 9.0) + 0.25 * rng.standard_normal((size, size))
    level = np.clip(np.round(bumps * 1.5 + 2.5), 1, 5).astype(int)
    codes = np.choose(level - 1, [0, 11, 29, 40, 48])
    roll = rng.random((size, size))
    for lv, woods, town, broken in ((1, 9, 8, 59), (3, 38, 37, 60), (5, 57, 56, 61)):
        codes[(level == lv) & (roll < 0.15)] = woods
        codes[(level == lv) & (roll >= 0.15) & (roll < 0.18)] = town
        codes[(level == lv) & (roll >= 0.18) & (roll < 0.22)] = broken
    return Map("generated", "Generated hills", size, size, codes.astype(np.uint8).tobytes())


def bench_map():
    content = load_packs(env={}, include_user_dir=False).content("western")
    maps = [m for m in content.maps.values() if (m.width, m.height) == (60, 60)]
    game_map = maps[0] if maps else generated_map()
    return TerrainGrid.from_map(game_map, content), game_map.id


def run() -> list[tuple[str, float, float | None, str]]:
    import tcod.constants
    import tcod.map

    grid, map_id = bench_map()
    ox, oy = grid.width // 2, grid.height // 2
    # tcod sees through everything but towns, woods and ground above the viewer's level
    transparent = np.ascontiguousarray(
        (grid.los_kind != LOS_TOWN) & (grid.los_kind != LOS_WOODS) & (grid.level <= grid.level[oy, ox])
    )

    def fov():
        return tcod.map.compute_fov(
            transparent, (oy, ox), radius=VISIBILITY, algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST
        )

    def none():
        pass

    # (name, what to time, what to do untimed before it): the result cache is cleared before each cold call;
    # "first" also drops the grid's encodings, as for a map seen for the first time
    calls = (
        ("tcod", fov, none),
        (">=", lambda: los.viewshed(grid, (ox, oy), ">=", VISIBILITY), los.clear_viewshed_cache),
        (">", lambda: los.viewshed(grid, (ox, oy), ">", VISIBILITY), los.clear_viewshed_cache),
        ("cached", lambda: los.viewshed(grid, (ox, oy), ">", VISIBILITY), none),
    )
    first = (
        lambda: los.viewshed(grid, (ox, oy), ">=", VISIBILITY),
        lambda: (los.clear_viewshed_cache(), grid.clear_derived()),
    )
    samples = {name: [] for name, _, _ in calls}
    samples["first"] = []
    clock = time.perf_counter
    for round_ in range(-1, ROUNDS):  # blocks of calls, each function in turn; round -1 warms up
        for name, call, prepare in calls:
            for _ in range(BLOCK):
                prepare()
                start = clock()
                call()
                if round_ >= 0:
                    samples[name].append((clock() - start) * 1000)
        first[1]()
        start = clock()
        first[0]()
        if round_ >= 0:
            samples["first"].append((clock() - start) * 1000)
    med = {name: statistics.median(values) for name, values in samples.items()}
    budget = BUDGET_FACTOR * med["tcod"]
    where = f"{map_id}, origin ({ox}, {oy}), visibility {VISIBILITY}"

    def ratio(name: str) -> str:
        note = f"{med[name] / med['tcod']:.1f}x tcod; budget 2x tcod"
        if med[name] > budget:
            note += "; the compiled loop (engine/rules/_los_core.c) is " + (
                "built: see docs/architecture.md 8.1" if los.USE_COMPILED and los._viewshed_core else "NOT built"
            )
        return note

    return [
        ("LOS: tcod compute_fov, symmetric shadowcast", med["tcod"], None, where),
        ("LOS: viewshed, BG rules (>=), result cache cold", med[">="], budget, ratio(">=")),
        ("LOS: viewshed, KG rules (>), result cache cold", med[">"], budget, ratio(">")),
        ("LOS: viewshed, first on a map (encodings built)", med["first"], None, "once per map and visibility"),
        ("LOS: viewshed, cached", med["cached"], None, ""),
    ]


if __name__ == "__main__":
    rows = run()
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  {'median ms':>10}  {'budget ms':>10}  within")
    for label, value, budget, note in rows:
        verdict = "" if budget is None else ("yes" if value <= budget else "NO")
        shown = "-" if budget is None else f"{budget:.3f}"
        print(f"{label:<{width}}  {value:>10.4f}  {shown:>10}  {verdict:<6}" + (f"   ({note})" if note else ""))
