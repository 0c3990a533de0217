"""Small real-ground inputs made on the fly (no network): an OpenStreetMap extract written by pyosmium (XML or PBF)
and a GeoTIFF elevation model written by rasterio, both laid out in the squares of a north-up map so that a test
knows where each feature must land.

The ground, on a north-up 40 x 30 map centred on 49.0 N, 2.0 E (squares of 200 yards):

* a river flowing north-south through column 10, edge to edge; a primary road east-west along row 15 crossing it;
* a motorway east-west along row 5 (modern: the front packs drop it), crossing nothing;
* a wood (a multipolygon relation) over columns 20-25, rows 3-7; a village (landuse=residential) over columns
  28-32, rows 20-24, with its place=village node "Foy" at (30, 22); a lake (natural=water) over columns 2-5, rows
  24-27; scrub (broken ground) over columns 14-16, rows 24-26;
* heights: a 50 m plain falling to 40 m at the river, and a hill rising to 130 m round square (33, 9).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tacforge.engine.mapping.georef import MapProjection
from tacforge.engine.model import Georef

CENTRE = Georef(49.0, 2.0, 0.0)
WIDTH, HEIGHT = 40, 30
SQUARE = 200 * 0.9144
NORTH_UP = MapProjection(CENTRE, WIDTH, HEIGHT, SQUARE)
MARGIN = 6  # squares of extract beyond each map edge

RIVER_COLUMN, ROAD_ROW, MOTORWAY_ROW = 10, 15, 5
WOOD = (20, 3, 25, 7)  # x0, y0, x1, y1 inclusive squares
VILLAGE = (28, 20, 32, 24)
LAKE = (2, 24, 5, 27)
SCRUB = (14, 24, 16, 26)
FOY = (30, 22)
HILL = (33, 9)


@dataclass
class Extract:
    """OSM objects in square coordinates of NORTH_UP, written out in lon/lat."""

    nodes: list[tuple[int, float, float, dict]] = field(default_factory=list)
    ways: list[tuple[int, list[int], dict]] = field(default_factory=list)
    relations: list[tuple[int, list[tuple[str, int, str]], dict]] = field(default_factory=list)

    def node(self, x: float, y: float, tags: dict | None = None) -> int:
        lat, lon = NORTH_UP.lat_lon_of(x, y)
        ident = len(self.nodes) + 1
        self.nodes.append((ident, float(lon), float(lat), tags or {}))
        return ident

    def way(self, points, tags: dict | None = None, closed: bool = False) -> int:
        """A way through `points`, with a node every two squares between them (as mapped ways have)."""
        dense = [points[0]]
        for (x0, y0), (x1, y1) in zip(points[:-1], points[1:], strict=False):
            steps = max(1, math.ceil(max(abs(x1 - x0), abs(y1 - y0)) / 2))
            dense += [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(1, steps + 1)]
        refs = [self.node(x, y) for x, y in dense]
        if closed:
            refs.append(refs[0])
        ident = len(self.ways) + 1
        self.ways.append((ident, refs, tags or {}))
        return ident

    def box(self, squares, tags: dict | None = None) -> int:
        """A closed way round the squares x0..x1, y0..y1 (their outer edges, a little inside)."""
        x0, y0, x1, y1 = squares
        return self.way(
            [(x0 + 0.1, y0 + 0.1), (x1 + 0.9, y0 + 0.1), (x1 + 0.9, y1 + 0.9), (x0 + 0.1, y1 + 0.9)], tags, True
        )

    def write(self, path: Path, boxed: bool = False) -> Path:
        """The extract as .osm or .osm.pbf; `boxed`: saying in its header the area its nodes span, as a regional
        extract does (the importer then reads it in passes that keep the area's nodes only, osm_bounded)."""
        import osmium
        from osmium.osm.mutable import Node, Relation, Way

        if path.exists():
            path.unlink()
        header = osmium.io.Header()
        if boxed:
            lons, lats = [lon for _, lon, _, _ in self.nodes], [lat for _, _, lat, _ in self.nodes]
            corners = osmium.osm.Location(min(lons), min(lats)), osmium.osm.Location(max(lons), max(lats))
            header.add_box(osmium.osm.Box(*corners))
        writer = osmium.SimpleWriter(str(path), header=header)
        try:
            for ident, lon, lat, tags in self.nodes:
                writer.add_node(Node(id=ident, location=(lon, lat), tags=tags, version=1))
            for ident, refs, tags in self.ways:
                writer.add_way(Way(id=ident, nodes=refs, tags=tags, version=1))
            for ident, members, tags in self.relations:
                writer.add_relation(Relation(id=ident, members=members, tags=tags, version=1))
        finally:
            writer.close()
        return path


def ground() -> Extract:
    out = Extract()
    top, bottom = -MARGIN, HEIGHT + MARGIN
    left, right = -MARGIN, WIDTH + MARGIN
    for x, y in ((left, top), (right, top), (right, bottom), (left, bottom)):
        out.node(x, y)  # the extract's corners: it covers the map and a margin round it
    out.way([(RIVER_COLUMN + 0.5, top + 1), (RIVER_COLUMN + 0.5, bottom - 1)], {"waterway": "river", "name": "Lesse"})
    out.way([(left + 1, ROAD_ROW + 0.5), (right - 1, ROAD_ROW + 0.5)], {"highway": "primary"})
    out.way([(left + 1, MOTORWAY_ROW + 0.5), (right - 1, MOTORWAY_ROW + 0.5)], {"highway": "motorway"})
    outer = out.box(WOOD)
    out.ways[outer - 1] = (outer, out.ways[outer - 1][1], {})  # the relation carries the tags
    out.relations.append((1, [("w", outer, "outer")], {"type": "multipolygon", "landuse": "forest"}))
    out.box(VILLAGE, {"landuse": "residential"})
    out.box(LAKE, {"natural": "water"})
    out.box(SCRUB, {"natural": "scrub"})
    out.node(FOY[0] + 0.5, FOY[1] + 0.5, {"place": "village", "name": "Foy"})
    return out


def height_at(x, y):
    """Metres at fractional square (x, y) of NORTH_UP."""
    plain = 50.0 - 10.0 * np.exp(-(((x - RIVER_COLUMN - 0.5) / 3.0) ** 2))
    hill = 80.0 * np.exp(-(((x - HILL[0] - 0.5) ** 2 + (y - HILL[1] - 0.5) ** 2) / (2 * 3.5**2)))
    return plain + hill


def write_dem(path: Path, crs: str = "EPSG:32631", pixel: float = 30.0, shrink: float = 0.0) -> Path:
    """A GeoTIFF of height_at in `crs` (default UTM 31N) covering the map and its margin, less `shrink` of its width
    on the east side."""
    import rasterio
    from affine import Affine
    from pyproj import Transformer

    to_crs = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
    corners = [NORTH_UP.lat_lon_of(x, y) for x in (-MARGIN, WIDTH + MARGIN) for y in (-MARGIN, HEIGHT + MARGIN)]
    xs, ys = to_crs.transform([lon for _, lon in corners], [lat for lat, _ in corners])
    west, east, south, north = min(xs), max(xs), min(ys), max(ys)
    east -= (east - west) * shrink
    cols, rows = math.ceil((east - west) / pixel), math.ceil((north - south) / pixel)
    transform = Affine(pixel, 0.0, west, 0.0, -pixel, north)
    cx = west + (np.arange(cols) + 0.5) * pixel
    cy = north - (np.arange(rows) + 0.5) * pixel
    gx, gy = np.meshgrid(cx, cy)
    lon, lat = Transformer.from_crs(crs, "EPSG:4326", always_xy=True).transform(gx, gy)
    sx, sy = NORTH_UP.square_of(lat, lon)
    heights = height_at(sx, sy).astype("float32")
    with rasterio.open(
        path,
        "w",
        driver="GTiff",
        width=cols,
        height=rows,
        count=1,
        dtype="float32",
        crs=crs,
        transform=transform,
        nodata=-9999.0,
    ) as out:
        out.write(heights, 1)
    return path
