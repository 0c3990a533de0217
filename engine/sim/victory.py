"""Victory points and the victory level (docs/rules.md 9, 12.4 A15-A17, A22)."""

from __future__ import annotations

import math
from fractions import Fraction

from tacforge.engine.cached_dataclass import dataclass

from ..model import Weapon
from ..model.content import Content
from .objectives import ObjectiveScore, objective_scores
from .state import GameState, UnitState


@dataclass(frozen=True)
class SideScore:
    side: str
    kills: int
    objective: int
    bonus: int  # unused selection points x 20 (capped) plus starting VP
    doubled: bool
    total: int
    typed_objectives: int = 0  # points from the scenario's typed objectives, as designed (never doubled)


@dataclass(frozen=True)
class VictoryResult:
    scores: dict[str, SideScore]
    ratio: Fraction | None  # None when both sides have 0
    rounded_ratio: Fraction | None
    result: str  # decisive | substantive | marginal | draw
    winner: str | None
    label: str
    objectives: tuple[ObjectiveScore, ...] = ()  # the typed objectives, each with what it has earned


def kill_vp(weapon: Weapon, content: Content) -> int:
    """VP the enemy scores for each weapon of this type destroyed."""
    cls = content.unit_classes[weapon.unit_class]
    base = weapon.kill_vp if weapon.kill_vp is not None else cls.kill_vp
    return base + (weapon.fa if cls.kill_vp_plus_front_armour else 0)


def in_objective_area(pos: tuple[int, int] | None, center: tuple[int, int] | None, size: int) -> bool:
    if pos is None or center is None:
        return False
    radius = size // 2
    return max(abs(pos[0] - center[0]), abs(pos[1] - center[1])) <= radius


def objective_vp(unit: UnitState, state: GameState, content: Content) -> int:
    if not unit.alive or unit.offmap:
        return 0
    pos = state.units[unit.carrier].pos if unit.carrier else unit.pos
    if not in_objective_area(pos, state.objective_center, content.parameters.time_space.objective_area_size):
        return 0
    return content.unit_classes[unit.weapon.unit_class].objective_vp * unit.count


def round_half_up_2(ratio: Fraction) -> Fraction:
    return Fraction(math.floor(ratio * 100 + Fraction(1, 2)), 100)


def score(state: GameState, content: Content) -> VictoryResult:
    p, profile = content.parameters, content.known_ruleset
    meeting = len(state.attackers) > 1
    scores = {}
    typed = objective_scores(state)
    for side in state.sides:
        attacker = side in state.attackers
        objective = sum(objective_vp(u, state, content) for u in state.side_units(side)) if attacker else 0
        unused = min(state.unused_sp.get(side, 0) * p.victory.unused_sp_vp, p.victory.unused_sp_vp_cap)
        bonus = unused + state.starting_vp.get(side, 0)
        kills = state.kill_vp.get(side, 0)
        doubled = not attacker and not meeting
        if doubled:
            multiplier = p.victory.defender_multiplier
            total = (kills + objective) * multiplier + min(bonus * multiplier, p.victory.defender_unused_sp_cap)
        else:
            total = kills + objective + bonus
        extra = sum(o.earned for o in typed if o.side == side)
        scores[side] = SideScore(side, kills, objective, bonus, doubled, total + extra, extra)
    numerator = profile.ratio_numerator
    other = state.enemy_of(numerator)
    top, bottom = scores[numerator].total, scores[other].total
    if state.withdrew is not None:  # the battle_rating module: the side that withdrew has lost (docs/rules.md 16.3)
        return _withdrawal(state, content, scores, top, bottom, typed)
    if top == 0 and bottom == 0:
        return VictoryResult(scores, None, None, "draw", None, "Draw", typed)
    if bottom == 0:
        ratio = rounded = None
        band = content.victory_bands[0]
    else:
        ratio = Fraction(top, bottom)
        rounded = round_half_up_2(ratio)
        band = next(b for b in content.victory_bands if rounded >= Fraction(str(b.min_ratio)))
    if band.result == "draw" or band.favours is None:
        return VictoryResult(scores, ratio, rounded, "draw", None, "Draw", typed)
    winner = numerator if band.favours == "numerator" else other
    label = f"{profile.known_side(winner).name} {band.result.capitalize()}"
    return VictoryResult(scores, ratio, rounded, band.result, winner, label, typed)


def _withdrawal(state: GameState, content: Content, scores, top: int, bottom: int, typed) -> VictoryResult:
    """A decisive victory for the side that stayed, whatever the points (16.3); the ratio is reported as usual."""
    loser = state.withdrew
    assert loser is not None  # the caller's test
    winner = state.enemy_of(loser)
    profile = content.known_ruleset
    ratio = Fraction(top, bottom) if bottom else None
    rounded = round_half_up_2(ratio) if ratio is not None else None
    label = f"{profile.known_side(winner).name} Decisive ({profile.known_side(loser).name} withdrew)"
    return VictoryResult(scores, ratio, rounded, "decisive", winner, label, typed)
