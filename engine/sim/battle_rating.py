"""The battle_rating module (docs/rules.md 16): each side's battle rating, the counters it draws for what goes wrong,
and its withdrawal when they reach the rating.

Battle.emit hands every event to `note` once the module is on; the module only ever adds events (BattleCounter,
Withdrew) and draws from the battle's own generator, so a scenario without the module is not touched at all.
"""

from __future__ import annotations

from ..model import Weapon
from ..model.content import Content
from . import events as ev
from .battle_view import BattleView
from .state import GameState
from .victory import in_objective_area

UNIT_DESTROYED, HQ_DESTROYED, ROUT, OBJECTIVE_LOST = "unit_destroyed", "hq_destroyed", "rout", "objective_lost"
AIR_ATTACK, AIRCRAFT_LOST = "air_attack", "aircraft_lost"  # with the air_support module (16.8)


def side_ratings(battle: BattleView) -> dict[str, int]:
    """Each side's battle rating: the sum over its units of their class's rating, an HQ's extra on top (16.1).
    Off-map batteries and special infantry weapons count as their classes say (0 in the core pack)."""
    ratings = {side: 0 for side in battle.state.sides}
    for unit in battle.state.units.values():
        ratings[unit.side] += unit_rating(battle.content, unit.weapon, unit.is_hq and not unit.offmap)
    return ratings


def unit_rating(content: Content, weapon: Weapon, hq_on_map: bool) -> int:
    """What one unit adds to its side's battle rating: its class's rating, and an HQ's extra when it is on the map
    (16.1). The order-of-battle editor shows the same number."""
    extra = content.parameters.battle_rating.hq_extra_rating if hq_on_map else 0
    return content.unit_classes[weapon.unit_class].battle_rating + extra


class BattleRatingRule:
    """Keeps the counters of one battle. Made by Battle when its scenario turns the module on."""

    def __init__(self, battle: BattleView):
        self.battle = battle
        self.ratings = side_ratings(battle)
        state = battle.state
        for side in state.sides:
            state.battle_counters.setdefault(side, 0)
        if state.turn == 0:  # a new battle (a loaded one keeps its own)
            state.area_holder = _first_holder(state)

    def note(self, event: ev.Event) -> None:
        """Draw the counter an event calls for (16.2)."""
        if isinstance(event, ev.Killed) and event.destroyed:
            unit = self.battle.state.units[event.unit]
            self.draw(unit.side, HQ_DESTROYED if unit.is_hq else UNIT_DESTROYED)
        elif isinstance(event, ev.Routed):
            self.draw(self.battle.state.units[event.unit].side, ROUT)
        elif isinstance(event, ev.ObjectiveCaptured):
            self.draw(self.battle.state.enemy_of(event.side), OBJECTIVE_LOST)
        elif isinstance(event, ev.AirAttack) and event.attacked:  # the air_support module (docs/rules.md 16.8)
            side = self.battle.state.enemy_of(event.side)
            if side not in self.battle.state.air_attacked:
                self.battle.state.air_attacked.append(side)
                self.draw(side, AIR_ATTACK)
        elif isinstance(event, ev.AircraftLost):
            for _ in range(self.battle.content.parameters.air_support.aircraft_lost_counters):
                self.draw(event.side, AIRCRAFT_LOST)

    def end_of_turn(self) -> None:
        """The objective area changed hands (16.2): the side that held it alone at the end of the last turn, and now
        sees the enemy alone in it, draws a counter. At the start the defender holds it (in a meeting, nobody)."""
        state = self.battle.state
        if state.objective_center is None:
            return
        size = self.battle.content.parameters.time_space.objective_area_size
        now = holder_of_area(state, state.objective_center, size)
        if now is None:
            return
        before, state.area_holder = state.area_holder, now
        if before is not None and before != now:
            self.draw(before, OBJECTIVE_LOST)

    def draw(self, side: str, cause: str) -> None:
        """One counter for `side`, its value drawn from the battle's generator; once a side has withdrawn no more
        counters are drawn (16.3)."""
        state = self.battle.state
        if state.withdrew is not None:
            return
        p = self.battle.content.parameters.battle_rating
        value = state.rng.randint(p.counter_min, max(p.counter_min, p.counter_max))
        state.battle_counters[side] = state.battle_counters.get(side, 0) + value
        self.battle.emit(ev.BattleCounter(state.turn, state.pulse, side, value, cause))
        if state.battle_counters[side] >= self.ratings[side]:
            state.withdrew = side
            self.battle.emit(ev.Withdrew(state.turn, state.pulse, side))


def _first_holder(state: GameState) -> str | None:
    """Who holds the objective area before anyone has moved: the only defender, if the battle has one."""
    defenders = [s for s in state.sides if s not in state.attackers]
    return defenders[0] if len(defenders) == 1 else None


def holder_of_area(state: GameState, center: tuple[int, int], size: int) -> str | None:
    """The one side with units on the map inside the objective area, or None (nobody, or both sides)."""
    sides = {u.side for u in state.units.values() if u.on_map and in_objective_area(u.pos, center, size)}
    return sides.pop() if len(sides) == 1 else None
