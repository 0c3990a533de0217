"""Benchmark: `tacforge map import` of a 60 x 60 map (11 x 11 km) from a regional OpenStreetMap extract of some tens
of MB (generated here: a 100 x 100 km countryside of roads every 500 m, a node every 20 m, rivers, woods, villages and
buildings) plus one DEM tile (docs/architecture.md 8: a few seconds; memory grows with the area read, not with the
extract).

Each import runs in a fresh process, which reports its own time and peak resident memory; the same import from an
extract holding only the map's own area shows what the size of the file adds to the memory. The memory counts as
bounded by the area when the regional extract adds less than MEMORY_BOUND_MB, half of what a cache of every node's
location would cost alone (16 bytes a node, 39 MB for this extract's 2.6 million): a reading whose memory grew with
the file could not pass. What osm_bounded keeps beyond the area-only import is the whole length of the ways that
cross the map (here 100 km roads: 340,000 nodes, 8 MB) and one block of the file at a time; the elevation model's
reading adds up to 8 MB more or less from run to run (GDAL's own buffers), and the peak of the three runs is shown."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

CENTRE = (49.0, 2.0)
REGION_KM = 100.0  # the regional extract
LOCAL_KM = 18.0  # an extract of the map's area and a margin
ROAD_SPACING_M, NODE_SPACING_M = 500.0, 20.0
BUILDINGS_PER_VILLAGE, VILLAGE_SPACING_M = 60, 2500.0
BUDGET_MS = 5000.0  # "a few seconds"
MEMORY_BOUND_MB = 20.0
REPEAT = 3

IMPORT = """
import json, resource, sys, time
from pathlib import Path
from tacforge.engine.mapping.real_ground import import_map
from tacforge.engine.model import Georef
from tacforge.engine.packs import load_packs
content = load_packs(env={}, include_user_dir=False).content("western")
start, cpu = time.perf_counter(), time.process_time()
result = import_map(content, osm=Path(sys.argv[1]), dem=Path(sys.argv[2]), georef=Georef(49.0, 2.0, 30.0),
                    width=60, height=60)
ms = (time.perf_counter() - start) * 1000
cpu_ms = (time.process_time() - cpu) * 1000
# the high-water mark of this process's own memory: Linux carries ru_maxrss over an exec, so that it would never be
# below the memory of the benchmark process that started this one
status = Path("/proc/self/status")
peak = [line for line in status.read_text().splitlines() if line.startswith("VmHWM:")] if status.exists() else []
peak_mb = int(peak[0].split()[1]) / 1024 if peak else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"ms": ms, "cpu_ms": cpu_ms, "peak_mb": peak_mb, "nodes_read": result.area.nodes_read,
                  "fetched": result.area.nodes_fetched}))
"""


def _degrees(east_m: np.ndarray, north_m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lon, lat) of points metres east and north of CENTRE (an equirectangular approximation is enough here)."""
    lat = CENTRE[0] + north_m / 111_320.0
    lon = CENTRE[1] + east_m / (111_320.0 * math.cos(math.radians(CENTRE[0])))
    return lon, lat


def write_extract(path: Path, half_km: float) -> Path:
    import osmium
    from osmium.osm.mutable import Node, Way

    rng = np.random.default_rng(25)
    half = half_km * 1000
    next_node = [1]
    next_way = [1]
    header = osmium.io.Header()  # a regional extract says in its header what area it covers
    (west, south), (east, north) = (_degrees(np.array([v]), np.array([v])) for v in (-half, half))
    header.add_box(osmium.osm.Box(osmium.osm.Location(west[0], south[0]), osmium.osm.Location(east[0], north[0])))
    writer = osmium.SimpleWriter(str(path), header=header)
    ways: list[tuple[list[int], dict]] = []

    def line(east: np.ndarray, north: np.ndarray, tags: dict) -> None:
        # jitter of a few metres, as surveyed ways have: a grid too regular would pack far smaller than real data
        lon, lat = _degrees(east + rng.normal(0, 4, east.shape), north + rng.normal(0, 4, north.shape))
        refs = []
        for x, y in zip(lon.tolist(), lat.tolist(), strict=True):
            writer.add_node(Node(id=next_node[0], location=(x, y), version=1))
            refs.append(next_node[0])
            next_node[0] += 1
        ways.append((refs, tags))

    along = np.arange(-half, half + NODE_SPACING_M, NODE_SPACING_M)
    kinds = ["track", "unclassified", "tertiary", "track", "residential", "secondary"]
    for i, offset in enumerate(np.arange(-half, half, ROAD_SPACING_M)):
        wobble = 40 * np.sin(along / 700 + i)
        line(along, offset + wobble, {"highway": kinds[i % len(kinds)]})
        line(offset + wobble, along, {"highway": kinds[(i + 3) % len(kinds)]})
    for k in range(12):  # rivers, meandering north-south
        x0 = -half + (k + 0.5) * (2 * half / 12)
        line(x0 + 300 * np.sin(along / 2000 + k), along, {"waterway": "river" if k % 3 == 0 else "stream"})
    villages = np.arange(-half + VILLAGE_SPACING_M / 2, half, VILLAGE_SPACING_M)
    for vx in villages:
        for vy in villages:
            for _ in range(BUILDINGS_PER_VILLAGE):
                bx, by = vx + rng.normal(0, 150), vy + rng.normal(0, 150)
                square = np.array([[0, 0], [12, 0], [12, 9], [0, 9], [0, 0]], float)
                line(bx + square[:, 0], by + square[:, 1], {"building": "house"})
                ways[-1][0][-1] = ways[-1][0][0]
            ring = np.linspace(0, 2 * np.pi, 24)
            line(vx + 700 * np.cos(ring) + 1100, vy + 500 * np.sin(ring), {"landuse": "forest"})
            ways[-1][0][-1] = ways[-1][0][0]
            lon, lat = _degrees(np.array([vx]), np.array([vy]))
            writer.add_node(
                Node(
                    id=next_node[0],
                    location=(float(lon[0]), float(lat[0])),
                    tags={"place": "village", "name": f"V{int(vx)}_{int(vy)}"},
                    version=1,
                )
            )
            next_node[0] += 1
    for refs, tags in ways:
        writer.add_way(Way(id=next_way[0], nodes=refs, tags=tags, version=1))
        next_way[0] += 1
    writer.close()
    return path


def write_dem(path: Path) -> Path:
    """One tile of 1 arc-second pixels (as SRTM), 0.3 x 0.3 degrees round the centre, rolling hills."""
    import rasterio
    from affine import Affine

    pixel = 1 / 3600
    size = int(0.3 / pixel)
    west, north = CENTRE[1] - 0.15, CENTRE[0] + 0.15
    yy, xx = np.mgrid[0:size, 0:size] * pixel
    heights = (60 + 40 * np.sin(xx * 90) * np.cos(yy * 70) + 25 * np.sin(yy * 200)).astype("float32")
    with rasterio.open(
        path,
        "w",
        driver="GTiff",
        width=size,
        height=size,
        count=1,
        dtype="float32",
        crs="EPSG:4326",
        transform=Affine(pixel, 0.0, west, 0.0, -pixel, north),
    ) as out:
        out.write(heights, 1)
    return path


def measure(osm: Path, dem: Path) -> dict:
    runs = []
    for _ in range(REPEAT):
        done = subprocess.run(
            [sys.executable, "-c", IMPORT, str(osm), str(dem)], capture_output=True, text=True, check=True
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {
        "ms": statistics.median(r["ms"] for r in runs),
        "cpu_ms": statistics.median(r["cpu_ms"] for r in runs),
        "peak_mb": max(r["peak_mb"] for r in runs),
        "nodes_read": runs[0]["nodes_read"],
        "fetched": runs[0]["fetched"],
    }


def run() -> list[tuple[str, float, float | None, str]]:
    folder = Path(tempfile.mkdtemp(prefix="tacforge-bench-ground-"))
    region = write_extract(folder / "region.osm.pbf", REGION_KM / 2)
    local = write_extract(folder / "local.osm.pbf", LOCAL_KM / 2)
    dem = write_dem(folder / "tile.tif")
    big, small = measure(region, dem), measure(local, dem)
    mb = region.stat().st_size / 1e6
    added = big["peak_mb"] - small["peak_mb"]
    return [
        (
            f"import a 60x60 map from a {mb:.0f} MB OSM extract + DEM",
            big["ms"],
            BUDGET_MS,
            f"CPU {big['cpu_ms'] / 1000:.1f} s; peak memory {big['peak_mb']:.0f} MB; {big['nodes_read']:,} points of "
            f"the map's area kept, {big['fetched']:,} nodes fetched outside it for the ways crossing its edge",
        ),
        (
            f"import the same map from an extract of its area ({local.stat().st_size / 1e6:.1f} MB)",
            small["ms"],
            None,
            f"CPU {small['cpu_ms'] / 1000:.1f} s; peak memory {small['peak_mb']:.0f} MB: the {mb:.0f} MB extract adds "
            f"{added:.0f} MB; memory bounded by the area (adds < {MEMORY_BOUND_MB:.0f} MB): "
            + ("yes" if added < MEMORY_BOUND_MB else "NO"),
        ),
    ]


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.1f} ms (budget {'-' if budget is None else f'{budget:.0f} ms'}) {note}")
