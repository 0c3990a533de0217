"""Property tests (hypothesis) of the engine's invariants, as the engine issue asks: suppression stays within its
caps, counts are never negative, ammunition never goes below zero, units never move through squares their
mobility class cannot enter, the victory bands are total, and every game terminates.

The formulas are tested on drawn inputs under both ruleset profiles (BATTLEGROUP: the western packs, KAMPFGRUPPE:
the eastern ones); the invariants of whole games on games played from the fixture scenarios (and the bundled ones,
whose Western map has a river) with drawn seeds, handicaps, lengths and players, some with a river drawn across
the map so that trucks meet squares they cannot enter. Every test is derandomised and keeps no example database,
so a run is repeatable and writes nothing into the work tree; the whole file takes about 15 s.
"""

from __future__ import annotations

import dataclasses
import heapq
import math
import os
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacforge.engine.ai import ComputerPlayer, PassivePlayer
from tacforge.engine.model import Map
from tacforge.engine.packs import load_packs
from tacforge.engine.rules import fire as rf
from tacforge.engine.rules import suppression as rs
from tacforge.engine.rules.terrain_grid import TerrainGrid
from tacforge.engine.sim import events as ev
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.pathing import NEIGHBOURS, MovementField
from tacforge.engine.sim.state import GameState
from tacforge.engine.sim.victory import round_half_up_2, score

# Hypothesis caches what it reads from the source in .hypothesis/; keep that out of the work tree.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "tacforge-hypothesis"))
FIXTURES = Path(__file__).resolve().parent / "data" / "fixtures"
PROFILES = ("western_fixtures", "eastern_fixtures")  # BATTLEGROUP and KAMPFGRUPPE
BUNDLED = ("western", "eastern")
RIVER, BRIDGE, FORD = 19, 25, 27  # interchange codes (content/terrain.yaml): trucks cannot enter a river
LEVELS = {"draw": 0, "marginal": 1, "substantive": 2, "decisive": 3}


def props(examples: int):
    return settings(
        derandomize=True,
        database=None,
        deadline=None,
        max_examples=examples,
        suppress_health_check=[HealthCheck.too_slow],
    )


@lru_cache(maxsize=1)
def packs():
    """Loaded on first use inside a test, after conftest has pointed the cache at a temporary folder."""
    return load_packs([str(FIXTURES)], env={}, include_user_dir=False)


def content(pack: str):
    return packs().content(pack)


def passable(content, game_map: Map, square, mobility: str) -> bool:
    """From the terrain tables themselves, not from MovementField's cost array: a cost of None prohibits entry."""
    code = content.terrain_codes[game_map.code_at(*square)]
    terrain = content.terrain_type(code.type)
    return terrain is not None and terrain.cost(mobility) is not None


def mobility_of(content, weapon) -> str:
    return content.unit_classes[weapon.unit_class].mobility or "foot"


# -- suppression ----------------------------------------------------------------------------------------------------
number = st.fractions(min_value=0, max_value=5000, max_denominator=64)


@props(300)
@given(
    pack=st.sampled_from(PROFILES),
    armoured=st.booleans(),
    exact=st.booleans(),
    start=st.floats(0, 200),
    attacks=st.lists(st.tuples(st.integers(0, 20), number, st.integers(0, 255), st.booleans()), max_size=10),
)
def test_suppression_stays_within_its_cap(pack, armoured, exact, start, attacks):
    """Whatever hits a unit takes, its suppression stays in 0..200 (0..50 for armour) (6.7), adding never lowers
    it, halving halves it and so never makes it negative (6.1), armour is never pinned, and the firer's
    effectiveness and the chance to fail a search stay probabilities (6.2, A11). Exact (Fraction) and float alike."""
    params = content(pack).parameters
    cap = rs.suppression_cap(armoured, params)
    assert cap == (50 if armoured else 200)
    level = min(Fraction(start).limit_denominator(100) if exact else start, cap)
    for ss, accuracy, n, halve in attacks:
        added = rs.suppression_added(ss, accuracy if exact else float(accuracy), n, params)
        assert added >= 0
        new = rs.add_suppression(level, added, armoured=armoured, params=params)
        assert level <= new <= cap
        assert isinstance(new, Fraction) == exact
        level = new
        if halve:
            level = rs.halve_suppression(level)
            assert 0 <= level <= new and level * 2 == new
        assert 0 <= rs.fire_effectiveness(level, params) <= 1
        assert 0 <= rs.search_failure_chance(level, params) <= 1
        assert not (armoured and rs.is_pinned(level, params))


# -- fire and kills -------------------------------------------------------------------------------------------------
@st.composite
def attacks(draw):
    """A pack and a real firer and target from its weapon tables, in a drawn situation the rules allow."""
    pack = draw(st.sampled_from(PROFILES))
    c = content(pack)
    weapons = sorted(c.weapons.values(), key=lambda w: w.id)
    cls = c.unit_classes
    on_map = [w for w in weapons if w.unit_class not in ("siw", "offmap_artillery", "aircraft")]
    kind = draw(st.sampled_from(("direct", "indirect", "siw")))
    if kind == "direct":
        firer = draw(st.sampled_from([w for w in on_map if w.mr > 0]))
        targets = on_map
    elif kind == "indirect":
        firer = draw(st.sampled_from([w for w in weapons if cls[w.unit_class].bombard]))
        targets = on_map
    else:
        firer = draw(st.sampled_from([w for w in weapons if w.unit_class == "siw"]))
        targets = [w for w in on_map if cls[w.unit_class].armoured]
    target = draw(st.sampled_from(targets))
    t_cap = int(rs.suppression_cap(cls[target.unit_class].armoured, c.parameters))
    situation = dict(
        count=draw(st.integers(1, 255)),
        target_count=draw(st.integers(0, 255)),
        range_=draw(st.integers(0, firer.mr)),
        pulses=draw(st.integers(0, 8)),
        front_arc=draw(st.booleans()),
        firer_moving=draw(st.booleans()),
        firer_suppression=draw(st.integers(0, 200)),
        target_suppression=draw(st.integers(0, t_cap)),
        in_cover=draw(st.booleans()),
        speed=draw(st.integers(0, 10)),
        target_moving=draw(st.booleans()),
        u=draw(st.floats(0, 1, exclude_max=True)),
    )
    return pack, kind, firer.id, target.id, situation


@props(400)
@given(case=attacks())
def test_fire_gives_kills_between_zero_and_the_count(case):
    """Any attack of a real weapon at a real target (direct, indirect, SIW) gives expected kills >= 0 and
    suppression within the target's cap; resolved to whole kills (13 U15) they are floor(K) or one more, never more
    than the target has, so the count left is never negative."""
    pack, kind, firer_id, target_id, s = case
    c = content(pack)
    params, flags = c.parameters, c.ruleset.flags
    fw, tw = c.weapons[firer_id], c.weapons[target_id]
    t_cls = c.unit_classes[tw.unit_class]
    firer = rf.Firer.from_weapon(
        fw, c.unit_classes[fw.unit_class], s["count"], moving=s["firer_moving"], suppression=s["firer_suppression"]
    )
    target = rf.Target.from_weapon(
        tw,
        t_cls,
        in_cover=s["in_cover"],
        speed_setting=s["speed"],
        moving=s["target_moving"],
        suppression=s["target_suppression"],
    )
    if kind == "direct":
        result = rf.direct_fire(
            firer,
            target,
            range_=s["range_"],
            pulses=s["pulses"],
            front_arc=s["front_arc"],
            params=params,
            flags=flags,
            reports=c.ruleset.reports,
        )
    elif kind == "indirect":
        result = rf.indirect_fire(firer, target, pulses=s["pulses"], params=params, flags=flags)
    else:
        result = rf.siw_attack(firer, target, men=s["count"], pulses=s["pulses"], params=params, flags=flags)
    assert 0 <= result.effectiveness <= 1
    assert result.kills >= 0 and all(a.kills >= 0 for a in result.attacks)
    assert 0 <= result.suppression <= rs.suppression_cap(t_cls.armoured, params)
    expected, available = float(result.kills), s["target_count"]
    kills = rs.resolve_kills(expected, s["u"], available)
    assert 0 <= kills <= available
    assert kills in (min(available, math.floor(expected)), min(available, math.floor(expected) + 1))
    assert available - kills >= 0


# -- whole games ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game:
    pack: str
    scenario: str
    seed: int
    handicap: int
    turns: int | None
    players: tuple[str, str]
    river: tuple[int, int | None, int] | None = None  # (column choice, crossing row or None, crossing code)

    def battle(self) -> Battle:
        c = content(self.pack)
        battle = Battle(c, c.scenario(self.scenario), seed=self.seed, handicap=self.handicap, turns=self.turns)
        if self.river is not None:
            draw_river(battle, *self.river)
        return battle

    def player_for(self, battle: Battle) -> dict:
        kinds = {"computer": ComputerPlayer, "passive": PassivePlayer}
        return {side: kinds[kind]() for side, kind in zip(battle.state.sides, self.players, strict=True)}


def draw_river(battle: Battle, choice: int, crossing: int | None, code: int) -> None:
    """A river down a column no unit is deployed in, with one bridge or ford (or none): trucks must go round or
    stay. The battle has not started, so replacing its map and terrain grid before the first phase is safe."""
    game_map = battle.map
    taken = {u.pos[0] for u in battle.state.units.values() if u.pos is not None}
    free = [x for x in range(1, game_map.width - 1) if x not in taken]
    x = free[choice % len(free)]
    cells = bytearray(game_map.cells)
    for y in range(game_map.height):
        cells[y * game_map.width + x] = code if crossing is not None and y == crossing % game_map.height else RIVER
    battle.map = dataclasses.replace(game_map, cells=bytes(cells))
    battle.grid = TerrainGrid.from_map(battle.map, battle.content)
    battle.los_known.clear()
    battle._fields.clear()


def scenario_ids(pack: str) -> list[str]:
    return sorted(s.id.split(":")[-1] for s in packs().packs[pack].docs.scenarios)


PAIRINGS = (("computer", "computer"), ("computer", "passive"), ("passive", "computer"), ("passive", "passive"))


@st.composite
def games(draw, rivers: bool = False, fighting: bool = False):
    """A game to play. `fighting`: long enough for contact (fixture games of 4 turns to their full 12) and at least
    one computer player; otherwise as short as one turn and any players."""
    pack = draw(st.sampled_from(PROFILES + BUNDLED))
    if pack in BUNDLED:  # 20-turn games on 60x60 maps with bigger forces: kept short
        turns = draw(st.integers(2 if fighting else 1, 5))
    else:
        turns = draw(st.none() | st.integers(4 if fighting else 1, 12))
    river = None
    if rivers:
        river = draw(
            st.none() | st.tuples(st.integers(0, 60), st.none() | st.integers(0, 60), st.sampled_from((BRIDGE, FORD)))
        )
    players = draw(st.sampled_from(PAIRINGS[:3] if fighting else PAIRINGS))
    return Game(
        pack,
        draw(st.sampled_from(scenario_ids(pack))),
        draw(st.integers(0, 2**16)),
        draw(st.integers(1, 5)),
        turns,
        players,
        river,
    )


class TracingField(MovementField):
    """The engine's movement field, noting every square it tells a unit to enter next."""

    def __init__(self, *args):
        super().__init__(*args)
        self.steps: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def next_step(self, pos, goal, blocked=frozenset()):
        nxt = super().next_step(pos, goal, blocked)
        if nxt is not None:
            self.steps.append((pos, nxt))
        return nxt


def play_turn(battle: Battle, players: dict) -> None:
    battle.orders_phase({side: players[side].orders(battle, side) for side in battle.state.sides})
    battle.combat_phase()


@props(40)
@given(game=games(rivers=True, fighting=True))
def test_played_games_keep_counts_ammunition_suppression_and_movement_legal(game):
    """After every turn of a played game: no count below zero or above its start, no ammunition below zero or
    above its start, every unit's suppression within its cap, no negative movement points or delay; no Killed
    event leaves a negative count; every square a unit entered (each Moved event's end and every step the movement
    field chose on the way) is one its mobility class may enter (6.10, 13 U21), and every unit on the map stands
    on such a square."""
    battle = game.battle()
    c, state = battle.content, battle.state
    fields = {}
    for cls in c.unit_classes.values():  # filled before the first move: Battle.field() hands these out
        mobility = cls.mobility or "foot"
        fields.setdefault(mobility, TracingField(battle.map, c, mobility))
    battle._fields.update(fields)
    bad: list[str] = []

    def listen(event):
        if isinstance(event, ev.Moved):
            unit = state.units[event.unit]
            if not passable(c, battle.map, event.to, mobility_of(c, unit.weapon)):
                bad.append(f"{event.unit} moved into {event.to}")
            if max(abs(event.to[0] - event.frm[0]), abs(event.to[1] - event.frm[1])) < 1 or event.cost <= 0:
                bad.append(f"empty move {event}")
        elif isinstance(event, ev.Killed) and (event.remaining < 0 or event.count <= 0):
            bad.append(f"bad kill {event}")

    battle.listeners.append(listen)
    ammo = {uid: u.ammo for uid, u in state.units.items()}
    players = game.player_for(battle)
    for _ in range(state.last_turn):
        if battle.over:
            break
        play_turn(battle, players)
        for unit in state.units.values():
            cap = rs.suppression_cap(battle.unit_class(unit).armoured, battle.params)
            assert 0 <= unit.count <= unit.initial_count, (unit.uid, unit.count, unit.initial_count)
            assert 0 <= unit.ammo <= ammo[unit.uid], (unit.uid, unit.ammo, ammo[unit.uid])
            assert 0 <= unit.suppression <= cap, (unit.uid, unit.suppression, cap)
            assert unit.mp >= 0 and unit.delay >= 0, (unit.uid, unit.mp, unit.delay)
            if unit.on_map:
                assert passable(c, battle.map, unit.pos, mobility_of(c, unit.weapon)), (unit.uid, unit.pos)
        assert all(vp >= 0 for vp in state.kill_vp.values())
        assert not bad, bad
    for mobility, field in fields.items():
        for pos, nxt in field.steps:
            assert max(abs(nxt[0] - pos[0]), abs(nxt[1] - pos[1])) == 1
            assert passable(c, battle.map, nxt, mobility), (mobility, pos, nxt)
    assert battle.over


def cheapest(content, game_map: Map, mobility: str, start, goal) -> int | None:
    """Reference: Dijkstra over the eight neighbours, paying the cost to enter each square, None if unreachable."""
    costs = {}
    for y in range(game_map.height):
        for x in range(game_map.width):
            if passable(content, game_map, (x, y), mobility):
                terrain = content.terrain_type(content.terrain_codes[game_map.code_at(x, y)].type)
                costs[(x, y)] = terrain.cost(mobility)
    best, queue = {start: 0}, [(0, start)]
    while queue:
        d, (x, y) = heapq.heappop(queue)
        if (x, y) == goal:
            return d
        if d > best[(x, y)]:
            continue
        for dx, dy in NEIGHBOURS:
            n = (x + dx, y + dy)
            if n in costs and d + costs[n] < best.get(n, math.inf):
                best[n] = d + costs[n]
                heapq.heappush(queue, (best[n], n))
    return None


@st.composite
def small_maps(draw):
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    palette = st.sampled_from((0, 1, 8, 9, 59, RIVER, RIVER, RIVER, BRIDGE, FORD))  # clear road town woods broken ...
    cells = bytes(draw(st.lists(palette, min_size=width * height, max_size=width * height)))
    square = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    blocked = frozenset(draw(st.lists(square, max_size=4)))
    return (
        Map("prop", "property map", width, height, cells),
        draw(st.sampled_from(("armoured", "truck", "foot"))),
        draw(square),
        draw(square),
        blocked,
    )


@props(300)
@given(case=small_maps())
def test_movement_field_never_paths_through_impassable_squares(case):
    """On any small map: following MovementField.next_step from start to goal enters only squares the mobility
    class may enter, one neighbour at a time, reaches the goal exactly when a reference Dijkstra says it is
    reachable, at the least total cost, which distance_to reports too; a step never enters a blocked square."""
    game_map, mobility, start, goal, blocked = case
    c = content("western_fixtures")
    field = MovementField(game_map, c, mobility)
    best = cheapest(c, game_map, mobility, start, goal)
    reported = int(field.distance_to(goal)[start[1], start[0]])
    assert (reported == best) if best is not None else reported >= 1 << 40
    pos, spent = start, 0
    for _ in range(game_map.width * game_map.height):
        nxt = field.next_step(pos, goal)
        if nxt is None:
            break
        assert max(abs(nxt[0] - pos[0]), abs(nxt[1] - pos[1])) == 1
        assert passable(c, game_map, nxt, mobility), (pos, nxt)
        spent += field.cost(nxt)
        pos = nxt
    assert (pos == goal) == (best is not None)
    if best is not None:
        assert spent == best
    detour = field.next_step(start, goal, blocked)
    if detour is not None:
        assert detour not in blocked and passable(c, game_map, detour, mobility)


@props(60)
@given(case=small_maps())
def test_distance_fields_are_the_least_cost_from_every_square(case):
    """The whole distance field toward a goal, square by square, is the reference Dijkstra's least cost from that
    square (2**40 where the goal cannot be reached)."""
    game_map, mobility, _, goal, _ = case
    c = content("western_fixtures")
    field = MovementField(game_map, c, mobility).distance_to(goal)
    for y in range(game_map.height):
        for x in range(game_map.width):
            best = cheapest(c, game_map, mobility, (x, y), goal)
            assert int(field[y, x]) == (best if best is not None else 1 << 40), ((x, y), goal)


@props(40)
@given(seed=st.integers(0, 2**32 - 1), mobility=st.sampled_from(("armoured", "truck", "foot")))
def test_steps_by_bounded_fields_are_the_steps_by_complete_ones(seed, mobility):
    """next_step works from distance fields bounded near the asking unit (pathing._field_reaching); on a bundled
    60 x 60 map, with units asking from anywhere, in any order and with squares blocked, every step is the one
    the complete field gives."""
    import random

    c = content("western")
    game_map = next(m for m in c.maps.values() if (m.width, m.height) == (60, 60))
    bounded, complete = MovementField(game_map, c, mobility), MovementField(game_map, c, mobility)
    rng = random.Random(seed)
    goals = [(rng.randrange(60), rng.randrange(60)) for _ in range(3)]
    for _ in range(60):
        goal = rng.choice(goals)
        if rng.random() < 0.5:  # near the goal, where the first field is bounded tightly
            pos = (min(max(goal[0] + rng.randint(-3, 3), 0), 59), min(max(goal[1] + rng.randint(-3, 3), 0), 59))
        else:
            pos = (rng.randrange(60), rng.randrange(60))
        blocked = frozenset((pos[0] + dx, pos[1] + dy) for dx, dy in NEIGHBOURS if rng.random() < 0.7)
        for wall in (frozenset(), blocked):
            expected = complete._cheapest_neighbour(complete.distance_to(goal), pos, goal, wall)
            want = expected[0] if pos != goal and expected[0] is not None and expected[1] < 1 << 40 else None
            assert bounded.next_step(pos, goal, wall) == want, (pos, goal, sorted(wall))


# -- victory --------------------------------------------------------------------------------------------------------
def vp_state(c, attackers, totals) -> GameState:
    sides = c.ruleset.side_ids()
    return GameState(
        pack=c.pack_id,
        scenario="property",
        seed=0,
        sides=tuple(sides),
        attackers=attackers,
        units={},
        visibility=10,
        delays={s: (2, 6) for s in sides},
        last_turn=1,
        rng=None,
        objective_center=(30, 30),
        kill_vp=dict(zip(sides, totals, strict=True)),
    )


def rank(result, numerator) -> int:
    """decisive against the numerator -3 ... draw 0 ... decisive for it +3."""
    level = LEVELS[result.result]
    return 0 if result.winner is None else (level if result.winner == numerator else -level)


def band_of(bands, ratio) -> list:
    """The bands whose interval [min_ratio, next higher min_ratio) holds the ratio (None: a zero denominator)."""
    ordered = sorted(bands, key=lambda b: Fraction(str(b.min_ratio)))
    found = []
    for i, band in enumerate(ordered):
        low = Fraction(str(band.min_ratio))
        high = Fraction(str(ordered[i + 1].min_ratio)) if i + 1 < len(ordered) else None
        if ratio is None:
            found += [band] if high is None else []
        elif low <= ratio and (high is None or ratio < high):
            found.append(band)
    return found


vp = st.integers(0, 20000)


@st.composite
def vp_pairs(draw):
    """Any pair of totals, or one just around a band's edge (ratio min_ratio x bottom, +- a few points)."""
    if draw(st.booleans()):
        return draw(vp), draw(vp)
    edge = draw(st.sampled_from((2, 1.5, 1.1, 0.92, 0.67, 0.51, 0.5, 1, 0)))
    bottom = draw(st.integers(1, 5000))
    return max(0, round(Fraction(str(edge)) * bottom) + draw(st.integers(-2, 2))), bottom


@props(300)
@given(pack=st.sampled_from(PROFILES), a=vp_pairs(), b=vp_pairs())
def test_victory_bands_are_total_and_monotone(pack, a, b):
    """For any totals the victory level is exactly one band: the one whose [min_ratio, next min_ratio) holds the
    ratio rounded half up to 2 decimals (9, A15), the top band when only the denominator is 0, a draw at 0:0. The
    bands leave no gap and overlap nowhere, and the result never gets worse for the numerator side as its ratio
    grows. Both profiles (their numerators differ)."""
    c = content(pack)
    numerator = c.ruleset.ratio_numerator
    sides = c.ruleset.side_ids()
    mins = [Fraction(str(band.min_ratio)) for band in c.victory_bands]
    assert mins == sorted(set(mins), reverse=True) and mins[-1] == 0  # no overlap, nothing below the lowest
    outcomes = []
    for top, bottom in (a, b):
        totals = (top, bottom) if sides[0] == numerator else (bottom, top)
        result = score(vp_state(c, tuple(sides), totals), c)  # a meeting: totals are the kill VP, nobody doubled
        assert result.scores[numerator].total == top
        if top == bottom == 0:
            assert result.result == "draw" and result.winner is None
            continue
        ratio = None if bottom == 0 else Fraction(top, bottom)
        rounded = None if ratio is None else round_half_up_2(ratio)
        assert result.ratio == ratio and result.rounded_ratio == rounded
        if ratio is not None:
            assert abs(rounded - ratio) <= Fraction(1, 200)
        found = band_of(c.victory_bands, rounded)
        assert len(found) == 1, (top, bottom, found)
        band = found[0]
        if band.result == "draw":
            assert result.result == "draw" and result.winner is None
        else:
            assert result.result == band.result
            assert result.winner == (numerator if band.favours == "numerator" else sides[1 - sides.index(numerator)])
        outcomes.append((math.inf if rounded is None else rounded, rank(result, numerator)))
    if len(outcomes) == 2:
        (r1, k1), (r2, k2) = sorted(outcomes)
        assert k1 <= k2 if r1 < r2 else k1 == k2


# -- termination ----------------------------------------------------------------------------------------------------
@props(30)
@given(game=games(), extra=st.integers(1, 3))
def test_every_game_terminates(game, extra):
    """Every game ends after exactly its number of turns, with exactly one final victory scoring; continued after
    the end (8.4), a BATTLEGROUP game ends again after the profile's extra turns, while a KAMPFGRUPPE game never
    ends by itself but ends at once when the players agree (end_now). The loops are capped, so a game that would
    run on fails the test instead of hanging it."""
    battle = game.battle()
    state, players = battle.state, game.player_for(battle)
    last = state.last_turn
    assert last == (game.turns or battle.scenario.turns or last) >= 1
    for _ in range(last + 1):
        if battle.over:
            break
        play_turn(battle, players)
    assert battle.over and state.turn == last
    finals = [e for e in battle.events if isinstance(e, ev.VictoryScored) and e.final]
    assert len(finals) == 1 and finals[0].turn == last
    more = battle.ruleset.after_end_extra_turns
    again = battle.continue_after_end()
    assert not battle.over
    limit = more if more is not None else extra
    for _ in range(limit + 1):
        if battle.over:
            break
        play_turn(battle, players)
    if more is not None:
        assert again == last + more and battle.over and state.turn == last + more
    else:
        assert again is None and not battle.over
        battle.end_now()
        assert battle.over
    finals = [e for e in battle.events if isinstance(e, ev.VictoryScored) and e.final]
    assert len(finals) == 2 and finals[-1].turn == state.turn
