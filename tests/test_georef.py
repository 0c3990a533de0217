"""engine/mapping/georef.py: squares <-> WGS 84 on a georeferenced map, at the rules' scale, north-up and turned;
the map file's optional `georef` read, written and schema-checked."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("pyproj", reason="the gis extra (make setup installs it)")

from tacforge.engine.mapping.georef import MapProjection, format_lat_lon, square_metres
from tacforge.engine.model import Georef

EARTH_METRES_PER_DEGREE_LAT = 111_200  # near 49 degrees north, to within 0.1%


def projection(rotation: float = 0.0, width: int = 60, height: int = 40) -> MapProjection:
    return MapProjection(Georef(49.1876, -0.3611, rotation), width, height, 182.88)


def test_the_square_is_the_rules_square(bundled):
    for front in ("western", "eastern"):
        assert square_metres(bundled.content(front)) == pytest.approx(200 * 0.9144)


def test_the_centre_of_the_map_is_the_georef():
    p = projection()
    assert p.square_of(49.1876, -0.3611) == pytest.approx((30.0, 20.0))
    assert p.lat_lon_of(30.0, 20.0) == pytest.approx((49.1876, -0.3611))


def test_north_up_the_top_edge_is_north_at_true_distance():
    p = projection()
    lat, lon = p.lat_lon_of(30.0, 0.0)  # the middle of the top edge: 20 squares north
    assert lon == pytest.approx(-0.3611, abs=1e-9)
    assert (lat - 49.1876) * EARTH_METRES_PER_DEGREE_LAT == pytest.approx(20 * 182.88, rel=2e-3)
    lat, lon = p.lat_lon_of(60.0, 20.0)  # the middle of the east edge
    assert lat == pytest.approx(49.1876, abs=1e-3) and lon > -0.3611


def test_a_quarter_turn_puts_east_at_the_top_and_north_on_the_left():
    p = projection(rotation=90)
    lat, lon = p.lat_lon_of(30.0, 0.0)
    assert lat == pytest.approx(49.1876, abs=1e-3) and lon > -0.3611 + 0.04  # 20 squares east
    north = projection().lat_lon_of(30.0, 10.0)  # 10 squares north of the centre
    x, y = p.square_of(*north)
    assert (x, y) == pytest.approx((20.0, 20.0), abs=1e-6)


@pytest.mark.parametrize("rotation", [0, 33.5, 90, -120])
def test_squares_and_latitudes_round_trip(rotation):
    p = projection(rotation)
    for x, y in ((0, 0), (59.5, 0.25), (12.3, 39.9), (30, 20)):
        assert p.square_of(*p.lat_lon_of(x, y)) == pytest.approx((x, y), abs=1e-6)


def test_distances_are_true_on_the_ground_across_the_map():
    from pyproj import Geod

    p = projection(rotation=33.5)
    (lat0, lon0), (lat1, lon1) = p.lat_lon_of(0, 0), p.lat_lon_of(60, 40)
    _, _, metres = Geod(ellps="WGS84").inv(lon0, lat0, lon1, lat1)
    assert metres == pytest.approx(math.hypot(60, 40) * 182.88, rel=1e-4)


def test_bounds_hold_a_turned_map():
    p = projection(rotation=45)
    west, south, east, north = p.bounds()
    for lat, lon in p.corners():
        assert west <= lon <= east and south <= lat <= north


def test_format_lat_lon():
    assert format_lat_lon(49.1876, -0.3611) == "49.18760° N, 0.36110° W"
    assert format_lat_lon(-33.5, 151.25) == "33.50000° S, 151.25000° E"
