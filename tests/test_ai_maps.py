"""The computer player's maps and choices, worked out the cheap way (issue 17), against the plain way, value for
value: distance and field-of-vision maps cut from one window of offsets, the kills maps added up over the pairs of
enemy and square where an enemy searches (and kept from one orders phase to the next), the distance to the suspect
squares grown in a box round the objective only, the danger on the way summed from one gather, and the worst threat
to every unit found for the whole side at once. On both sides of the largest bundled scenario."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

from tacforge.engine.ai import ComputerPlayer, threat_maps
from tacforge.engine.ai.attack import anchor_squares, apart, apart_columns
from tacforge.engine.ai.knowledge import Picture
from tacforge.engine.ai.rates import rate_table_one
from tacforge.engine.ai.strike import path_risk
from tacforge.engine.ai.suspects import suspect_distance
from tacforge.engine.ai.terrain import AREA_RADIUS, objective
from tacforge.engine.ai.threat_maps import KillsMaps, geometry_on_region
from tacforge.engine.packs import load_packs
from tacforge.engine.rules.los import FACING_VECTORS
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.command import position

FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@pytest.mark.parametrize("width, height", [(1, 1), (7, 3), (4, 9)])
def test_distance_and_field_of_vision_maps_are_the_plain_ones(width, height):
    ys, xs = np.indices((height, width))
    for pos in itertools.product(range(width), range(height)):
        pic = SimpleNamespace(width=width, height=height, _dist={}, _fov={})
        assert np.array_equal(Picture.dist(pic, pos), np.maximum(np.abs(xs - pos[0]), np.abs(ys - pos[1])))
        for facing, (fx, fy) in zip(FACINGS, FACING_VECTORS, strict=True):
            assert np.array_equal(Picture.fov(pic, pos, facing), (fx * (xs - pos[0]) + fy * (ys - pos[1])) >= 0)


def plain_facing(dx: int, dy: int) -> str:
    """The facing whose vector has the greatest projection of the offset over its length, the first of those equal."""
    if dx == 0 and dy == 0:
        return "N"
    best = max(
        range(8),
        key=lambda i: (
            (FACING_VECTORS[i][0] * dx + FACING_VECTORS[i][1] * dy)
            / (abs(FACING_VECTORS[i][0]) + abs(FACING_VECTORS[i][1])) ** 0.5,
            -i,
        ),
    )
    return FACINGS[best]


@pytest.mark.parametrize("width, height", [(1, 1), (7, 3), (23, 31)])
def test_facing_towards_is_the_plain_one_for_every_pair_of_squares(width, height):
    pic = SimpleNamespace(width=width, height=height, _facings=None)
    squares = list(itertools.product(range(width), range(height)))
    for here, there in itertools.product(squares[::3] + squares[-1:], squares):
        assert Picture.facing_towards(pic, here, there) == plain_facing(there[0] - here[0], there[1] - here[1])


@pytest.fixture(scope="module")
def pictures():
    """Each side's picture at the start of turns 1-12 of Stalingrad Relief, the attacker's focused on the
    objective as its orders phase does, with the combat reports of a game the computer plays."""
    packs = load_packs(env={}, include_user_dir=False)
    content = packs.content("eastern")
    scenario = next(s for s in packs.packs["eastern"].docs.scenarios if s.id.endswith("stalingrad_relief"))
    battle = Battle(content, scenario, seed=5, turns=12)
    player, found = ComputerPlayer(), []
    while not battle.over:
        battle.start()
        for side in battle.state.sides:
            pic = Picture(battle, side)
            if side in battle.state.attackers:
                pic.focus(objective(battle), AREA_RADIUS)
            ours = [u for u in battle.state.side_units(side) if u.on_map and not u.routed]
            # worked out now, both ways, before the battle moves on
            maps = {
                u.uid: (
                    pic.maps.kills_map(u, False),
                    stacked_kills(pic, u, False),
                    pic.maps.kills_map(u, True),
                    stacked_kills(pic, u, True),
                    *numpy_path_kills(pic, u),
                )
                for u in ours
            }
            worst = {u.uid: (pic.worst_in_reach(u), plain_worst_in_reach(pic, u)) for u in ours}
            found.append((battle.state.turn, pic, maps, (suspect_distance(pic), plain_suspect_distance(pic)), worst))
        battle.orders_phase({side: player.orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    return found


def numpy_path_kills(pic: Picture, unit) -> tuple[np.ndarray, np.ndarray]:
    """The unit's kills maps, stationary and moving, through the NumPy path where the compiled loop
    (_kills_core.c) adds the free enemies' part, from maps of the region worked out anew."""
    assert threat_maps._free_kills is not None, "engine/ai/_kills_core.c is not built: run `make setup`"
    kept = pic.maps
    threat_maps.USE_COMPILED = False
    try:
        pic.maps = KillsMaps(pic)
        return pic.maps.kills_map(unit, False), pic.maps.kills_map(unit, True)
    finally:
        threat_maps.USE_COMPILED = True
        pic.maps = kept


def stacked_kills(pic: Picture, unit, moving: bool) -> np.ndarray:
    """The shared kills map the plain way: every free enemy's map of kills where it would sight the unit (0.0
    elsewhere) stacked and summed (numpy adds map after map along axis 0), plus the busy ones in their square."""
    battle, maps = pic.battle, pic.maps
    armoured = battle.unit_class(unit).armoured
    total = np.zeros((pic.height, pic.width))
    part = total[pic.region]
    enemies = [e for e in maps.free() if pic.dangerous_to(e, armoured)]
    if enemies:
        layers = []
        for enemy in enemies:
            dd, _fire, search, index = maps.laid_out(enemy)
            reach = min(enemy.weapon.mr, pic.vis)
            table = rate_table_one(battle, enemy, unit.weapon, reach, 2, armoured, moving).ravel()
            seeing = search & (dd <= pic.sight(unit.weapon.sl, moving)[pic.region])
            layers.append(np.where(seeing, table[index] * float(enemy.count), 0.0))
        part += np.stack(layers).sum(axis=0)
    for enemy in maps.busy_inside():
        if pic.dangerous_to(enemy, armoured):
            reach = min(enemy.weapon.mr, pic.vis)
            cover = int(pic.cover[enemy.pos[1], enemy.pos[0]])
            total[enemy.pos[1], enemy.pos[0]] += rate_table_one(battle, enemy, unit.weapon, reach, 4, armoured, moving)[
                cover, 0
            ] * float(enemy.count)
    return total


def plain_suspect_distance(pic: Picture) -> np.ndarray:
    """The Chebyshev distance, up to 10 (else 99), from every square of the map to the nearest cover square within
    11 of the objective that holds no known enemy and that none of our units stands on or next to."""
    cx, cy = objective(pic.battle)
    ours = [position(u, pic.state) for u in pic.state.side_units(pic.side) if u.alive and not u.offmap]
    enemies = {e.pos for e in pic.known}
    suspects = [
        (x, y)
        for y in range(pic.height)
        for x in range(pic.width)
        if pic.cover[y, x]
        and max(abs(x - cx), abs(y - cy)) <= 11
        and (x, y) not in enemies
        and not any(p is not None and max(abs(x - p[0]), abs(y - p[1])) <= 1 for p in ours)
    ]
    ys, xs = np.indices((pic.height, pic.width))
    nearest = np.full((pic.height, pic.width), 99, dtype=np.int64)
    for sx, sy in suspects:
        nearest = np.minimum(nearest, np.maximum(np.abs(xs - sx), np.abs(ys - sy)))
    return np.where(nearest <= 10, nearest, 99)


def plain_worst_in_reach(pic: Picture, unit):
    """Of the known enemies dangerous to the unit whose reach covers its square from another square, those firing
    at it if any, the nearest, then the first in uid order."""
    armoured = pic.battle.unit_class(unit).armoured
    firing = pic.rows_firing_at.get(unit.uid, [])
    around = [(max(abs(e.pos[0] - unit.pos[0]), abs(e.pos[1] - unit.pos[1])), i, e) for i, e in enumerate(pic.known)]
    threats = [(d, i, e) for d, i, e in around if 0 < d <= min(e.weapon.mr, pic.vis) and pic.dangerous_to(e, armoured)]
    at_me = [(d, i, e) for d, i, e in threats if i in firing]
    return min(at_me or threats, key=lambda t: t[:2])[2] if threats else None


def test_worst_threat_is_the_plain_one_for_every_unit(pictures):
    found = 0
    for turn, pic, _maps, _suspects, worst in pictures:
        for uid, (enemy, plain) in worst.items():
            assert enemy is plain, (turn, pic.side, uid)
            found += enemy is not None
    assert found > 100


def test_kills_maps_are_the_stacked_sums_bit_for_bit(pictures):
    compared = 0
    for turn, pic, maps, _suspects, _worst in pictures:
        for uid, (kills, plain, kills_moving, plain_moving, *_numpy_path) in maps.items():
            if uid in pic.engaged_on:
                continue  # its own map adds the fire of the enemies firing at it to the shared one
            assert np.array_equal(kills, plain), (turn, pic.side, uid)
            assert np.array_equal(kills_moving, plain_moving), (turn, pic.side, uid)
            compared += int(kills.any())
    assert compared > 50  # maps with some danger on them, not only empty ones


def test_kills_maps_of_the_compiled_loop_are_the_numpy_paths_bit_for_bit(pictures):
    """Every unit's maps, those fired on by enemies we see as well, the same floats either way."""
    compared, fired_on = 0, 0
    for turn, pic, maps, _suspects, _worst in pictures:
        for uid, (kills, _plain, kills_moving, _plain_moving, numpy_kills, numpy_moving) in maps.items():
            assert np.array_equal(kills, numpy_kills), (turn, pic.side, uid)
            assert np.array_equal(kills_moving, numpy_moving), (turn, pic.side, uid)
            compared += int(kills.any())
            fired_on += int(uid in pic.engaged_on and kills.any())
    assert compared > 50 and fired_on > 10


def test_searched_squares_of_the_compiled_loop_are_the_numpy_ones(pictures):
    """A cut's squares (searched, and fired at) listed by _kills_core.box_pairs and by NumPy: the same arrays."""
    compared = 0
    for turn, pic, _maps, _suspects, _worst in pictures:
        for enemy in pic.known:
            cut = pic.maps.local(enemy)
            if cut is None:
                continue
            geometry, reach, _searched = cut
            for fired in (False, True):
                got = threat_maps.searched_in_region(pic, reach, geometry, fired)
                threat_maps.USE_COMPILED = False
                try:
                    want = threat_maps.searched_in_region(pic, reach, geometry, fired)
                finally:
                    threat_maps.USE_COMPILED = True
                for g, w in zip(got, want, strict=True):
                    assert g.dtype == w.dtype and np.array_equal(g, w), (turn, pic.side, enemy.uid, fired)
                compared += int(len(got[0]) > 0)
    assert compared > 100


def test_suspect_distance_is_the_plain_one(pictures):
    grown = 0
    for turn, pic, _maps, (near, plain), _worst in pictures:
        assert np.array_equal(near, plain), (turn, pic.side)
        grown += int((near < 99).any())
    assert grown > 10


def test_geometry_kept_in_the_reach_box_lays_out_as_the_whole_map_one(pictures):
    """Picture.geometry keeps an enemy's distance, fire and search squares in the box of its reach only; laid out
    on the region they are the whole-map arrays cut to it, square for square."""
    compared = 0
    for turn, pic, _maps, _suspects, _worst in pictures:
        for enemy in (e for e in pic.known if e.pos is not None):
            reach = min(enemy.weapon.mr, pic.vis)
            (bx0, by0, bx1, by1), *_arrays = pic.geometry(enemy)
            x0, y0, x1, y1 = pic.box
            if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
                continue  # KillsMaps.local asks only for enemies whose reach touches the region
            d = pic.dist(enemy.square)
            fire = (d <= reach) & pic.los(enemy.square)
            plain = (np.minimum(d, reach).astype(np.int16), fire, fire & pic.fov(enemy.square, enemy.facing))
            for got, want in zip(geometry_on_region(pic, reach, pic.geometry(enemy)), plain, strict=True):
                assert got.dtype == want.dtype and np.array_equal(got, want[pic.region]), (turn, pic.side, enemy.uid)
            compared += int(fire[pic.region].any())
    assert compared > 100


def test_taken_anchors_penalties_grow_by_a_column_as_stacked_anew(pictures):
    for _turn, pic, _maps, _suspects, _worst in pictures[:4]:
        ax, ay = anchor_squares(pic, 4)
        taken = [(int(ax[i]), int(ay[i])) for i in (0, len(ax) // 2, len(ax) - 1, len(ax) // 2)]
        for n in range(1, len(taken) + 1):
            stacked = np.column_stack([apart(pic, 4, t) for t in taken[:n]])
            assert np.array_equal(apart_columns(pic, 4, taken[:n]), stacked)


def test_path_risk_is_the_danger_summed_square_by_square_along_each_way():
    rng = np.random.default_rng(17)
    for width, height in ((1, 1), (9, 4), (23, 17)):
        threat = rng.random((height, width)) * rng.choice([0.0, 1.0, 1e-9, 1e9], size=(height, width))
        for _ in range(20):
            origin = (int(rng.integers(width)), int(rng.integers(height)))
            xs, ys = rng.integers(width, size=12), rng.integers(height, size=12)
            plain = []
            for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
                dx, dy = x - origin[0], y - origin[1]
                n, total = max(abs(dx), abs(dy)), 0.0
                for i in range(1, n):  # the ends left out; half to even, as round()
                    total += threat[origin[1] + round(dy * i / n), origin[0] + round(dx * i / n)]
                plain.append(total)
            assert path_risk(threat, origin, xs, ys).tolist() == plain
