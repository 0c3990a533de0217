"""A battle: the state, the map and rules it is played with, the pulse loop and the turn structure.

    battle = Battle(content, scenario, seed=7)
    while not battle.over:
        battle.start()  # a new turn begins: reinforcements due arrive before the orders
        battle.orders_phase({side: player.orders(battle, side) for side, player in players.items()})
        battle.combat_phase()

Everything that happens is an event in battle.events (docs/architecture.md 5).
"""

from __future__ import annotations

from ..model import Map, Scenario
from ..model.content import Content
from ..model.modules import AIR_SUPPORT, BATTLE_RATING
from ..rules import suppression as rs
from ..rules.geometry import chebyshev
from ..rules.los import sees_pair
from ..rules.terrain_grid import TerrainGrid
from . import events as ev
from .air_support import AirSupportRule
from .battle_rating import BattleRatingRule
from .bombard import run_mission
from .combat import is_moving, sighting_range, unit_fires
from .command import in_command, position, square_of
from .initial_state import SetupError, build_state
from .move_resolution import count_stacks, step_unit
from .objectives import end_of_turn as objectives_end_of_turn
from .orders import Order, OrderError, apply_order, embark
from .pathing import MovementField
from .reinforcements import any_pending, bring_in
from .roster import ROSTER_SAFE, Roster, RosterMaker
from .state import GameState, PlanProgress, UnitState
from .victory import VictoryResult, score


def battle_map(game_map: Map, entrenchments, content: Content) -> Map:
    """The scenario's map with its entrenchments built: each becomes the entrenchment code of the square's level."""
    if not entrenchments:
        return game_map
    by_level = {
        c.level: c.code
        for c in content.terrain_codes.values()
        if (t := content.terrain_type(c.type)) is not None and t.id.endswith(":entrenchment")
    }
    cells = bytearray(game_map.cells)
    for x, y in entrenchments:
        code = content.terrain_codes.get(cells[y * game_map.width + x])
        if code is not None and code.level in by_level:
            cells[y * game_map.width + x] = by_level[code.level]
    return Map(
        game_map.id,
        game_map.name,
        game_map.width,
        game_map.height,
        bytes(cells),
        game_map.legend,
        game_map.labels,
        game_map.description,
        game_map.source,
    )


class Battle:
    def __init__(
        self,
        content: Content,
        scenario: Scenario,
        seed: int = 0,
        handicap: int | None = None,
        turns: int | None = None,
        state: GameState | None = None,
    ):
        content = content.for_scenario(scenario)  # the scenario's parameter overrides, for every rule below
        self.content, self.scenario = content, scenario
        ruleset = content.ruleset
        if ruleset is None:  # as build_state says, before anything reads the rules
            raise SetupError(f"pack '{content.pack_id}' has no ruleset")
        self.params, self.ruleset = content.parameters, ruleset
        self.flags, self.reports = self.ruleset.flags, self.ruleset.reports
        base = content.map(scenario.map)
        if base is None:
            raise SetupError(f"scenario '{scenario.id}' names unknown map '{scenario.map}'")
        self.state = state or build_state(scenario, content, seed, handicap, turns)
        self.map = battle_map(base, self.state.entrenchments, content)
        self.grid = TerrainGrid.from_map(self.map, content)
        self.events: list[ev.Event] = []
        self.listeners: list = []
        self.los_known: dict[tuple, bool] = {}
        # During a pulse's fire phase (no unit moves): each side's Roster of enemies, kept until an event that may
        # change who is on the map (see roster.ROSTER_SAFE); None otherwise.
        self._rosters: dict[str, Roster] | None = None
        self._roster_maker = RosterMaker(self.state.sides)
        self._squares: dict[tuple[int, int], list[UnitState]] | None = None  # units_at's index, in a fire phase
        # During the movement phase: how many units on the map stand on each square, per side (count_stacks),
        # kept up as they move and embark; None otherwise.
        self.stacks: dict[tuple, int] | None = None
        self._fields: dict[str, MovementField] = {}
        self.moving: set[str] = set()
        self.revealed: dict[str, set[str]] = {}
        self.seen_by_side: dict[str, set[str]] = {s: set() for s in self.state.sides}
        for unit in self.state.units.values():
            if not unit.nationality:
                unit.nationality = self._nationality(unit)
        # The optional modules (docs/rules.md 16): None when the scenario leaves them off, and then nothing below
        # changes what happens.
        self.rating = BattleRatingRule(self) if BATTLE_RATING in self.state.modules else None
        self.air = AirSupportRule(self) if AIR_SUPPORT in self.state.modules else None

    # -- helpers ------------------------------------------------------------------------------------------------
    def _nationality(self, unit: UnitState) -> str:
        nats = self.content.side_nationalities(unit.side)
        own = [n for n in unit.weapon.nationalities if n in nats]
        return own[0] if own else (nats[0] if nats else "")

    def emit(self, *events: ev.Event) -> None:
        for event in events:
            if self._rosters and not isinstance(event, ROSTER_SAFE):
                self._rosters = {}
            self.events.append(event)
            for listener in self.listeners:
                listener(event)
            if self.rating is not None:
                self.rating.note(event)

    def unit_class(self, unit: UnitState):
        return self.content.unit_classes[unit.weapon.unit_class]

    def sees(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        key = (a, b) if a <= b else (b, a)
        hit = self.los_known.get(key)
        if hit is None:
            hit = self.los_known[key] = sees_pair(self.grid, a, b, self.flags.los_operator)
        if not hit:
            return hit
        dx, dy = a[0] - b[0], a[1] - b[1]  # chebyshev(a, b) <= visibility, without the calls
        return (dx if dx >= 0 else -dx) <= self.state.visibility and (dy if dy >= 0 else -dy) <= self.state.visibility

    def sees_unit_from(self, origin: tuple[int, int], unit: UnitState) -> bool:
        pos = position(unit, self.state)
        return pos is not None and chebyshev(origin, pos) <= sighting_range(unit, self) and self.sees(origin, pos)

    def units_at(self, square: tuple[int, int]) -> list[UnitState]:
        """The units on the square, carried ones included, in the order of state.units, the dead among them: no
        unit changes square during the fire phase, so the index is made once per pulse (outside the fire phase,
        on every call)."""
        index = self._squares
        if index is None:
            index = {}
            units = self.state.units
            for u in units.values():
                if not u.offmap:
                    pos = u.pos if u.carrier is None else position(u, self.state)
                    if pos is not None:
                        index.setdefault(pos, []).append(u)
            if self._rosters is None:
                return index.get(square, [])
            self._squares = index
        return index.get(square, [])

    def enemies_on_map(self, side: str) -> list[UnitState]:
        return [u for u in self.state.units.values() if u.side != side and u.on_map]

    def roster(self, side: str) -> Roster:
        """The enemies of `side` on the map (as enemies_on_map) as a Roster; kept during the fire phase, where
        every side's is made at once (one pass over the units, one sighting range each)."""
        rosters = self._rosters
        hit = rosters.get(side) if rosters is not None else None
        if hit is None:
            made = self._make_rosters()
            if rosters is not None:
                rosters.update(made)
            hit = made[side]
        return hit

    def _make_rosters(self) -> dict[str, Roster]:
        return self._roster_maker.rosters(
            self.state.units.values(),
            self.moving,
            self.state.visibility,
            self.grid.cover,
            self.params.spotting,
            self.seen_by_side,
        )

    def note_spotted(self, unit: UnitState, enemy: UnitState) -> None:
        if enemy.uid not in self.seen_by_side[unit.side]:
            self.seen_by_side[unit.side].add(enemy.uid)
            self.emit(
                ev.Spotted(
                    self.state.turn,
                    self.state.pulse,
                    unit.uid,
                    enemy.uid,
                    chebyshev(unit.square, square_of(enemy, self.state)),
                )
            )

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def size(self) -> tuple[int, int]:
        return self.map.width, self.map.height

    def in_command(self, unit: UnitState) -> bool:
        return in_command(unit, self.state, self.content, self.sees)

    # -- phases -------------------------------------------------------------------------------------------------
    def start(self) -> None:
        if self.state.turn == 0:
            self._next_turn()

    def follow_plan(self, side: str, plan: str, groups: int) -> None:
        """The computer player follows the AI plan `plan` (of `groups` groups) for `side` (docs/rules.md 15.9)."""
        self.state.plans[side] = PlanProgress(plan, [-1] * groups)
        self.emit(ev.PlanChosen(self.state.turn, self.state.pulse, side, plan))

    def fire_trigger(self, side: str, trigger: str) -> None:
        self.state.plans[side].fired.append(trigger)
        self.emit(ev.TriggerFired(self.state.turn, self.state.pulse, side, trigger))

    def plan_step(self, side: str, group: int, step: int) -> None:
        """Group `group` of the side's plan is on its order `step` from now on."""
        self.state.plans[side].steps[group] = step

    def orders_phase(self, orders_by_side: dict[str, list[Order]]) -> list[str]:
        """Apply each side's orders; returns the messages of orders the rules refused."""
        self.start()
        refused = []
        for side in self.state.sides:
            for order in orders_by_side.get(side, []):
                try:
                    self.emit(*apply_order(order, self.state, self.content, self.sees, self.size))
                except OrderError as exc:
                    refused.append(f"{side}: {exc}")
        return refused

    def combat_phase(self) -> VictoryResult:
        self.start()
        state = self.state
        if self.flags.panic_rules:
            self._rally()
        for pulse in range(1, self.params.time_space.pulses_per_turn + 1):
            state.pulse = pulse
            self._pulse()
        if state.objectives:
            objectives_end_of_turn(self)
        if self.rating is not None:
            self.rating.end_of_turn()
        result = score(state, self.content)
        final = state.turn >= state.last_turn or state.withdrew is not None  # a withdrawal ends it (16.3)
        self.emit(
            ev.VictoryScored(
                state.turn,
                state.pulse,
                {s: r.total for s, r in result.scores.items()},
                float(result.rounded_ratio) if result.rounded_ratio is not None else -1.0,
                result.label,
                final,
            )
        )
        if final:
            state.over = True
        else:
            self._next_turn()
        return result

    def end_now(self) -> VictoryResult:
        """End the game at once, as both players agreed (5.9, key 0)."""
        state = self.state
        result = score(state, self.content)
        state.over = True
        self.emit(
            ev.VictoryScored(
                state.turn,
                state.pulse,
                {s: r.total for s, r in result.scores.items()},
                float(result.rounded_ratio) if result.rounded_ratio is not None else -1.0,
                result.label,
                True,
            )
        )
        return result

    def continue_after_end(self) -> int | None:
        """Play on after the end (8.4): BG ends after the profile's extra turns, KG never ends again (None)."""
        state = self.state
        if not state.over:
            return state.last_turn
        extra = self.ruleset.after_end_extra_turns
        state.last_turn = state.turn + extra if extra is not None else 1 << 30
        state.over = False
        self._next_turn()
        return None if extra is None else state.last_turn

    def _next_turn(self) -> None:
        """A new turn begins: the one place that starts a turn. Reinforcements due arrive before the orders."""
        self.state.turn += 1
        self.state.pulse = 0
        self.emit(ev.TurnStarted(self.state.turn, 0))
        if any_pending(self):
            bring_in(self)

    def _initiative(self) -> list[str]:
        a, b = self.state.sides
        da, db = self.state.delays[a][0], self.state.delays[b][0]
        p_a = 0.5 if da + db == 0 else db / (da + db)  # the lower delay is more likely to go first (13 U14)
        return [a, b] if self.state.rng.random() < p_a else [b, a]

    def _pulse(self) -> None:
        state = self.state
        order = self._initiative()
        self.emit(ev.PulseStarted(state.turn, state.pulse, order[0]))
        rank = {side: i for i, side in enumerate(order)}
        units = sorted(state.units.values(), key=lambda u: (rank[u.side], u.letter, u.index, u.uid))
        # u.on_map is written out in the loops over every unit below: a property call per unit and loop cost more
        # than the test (about 250,000 calls in the 288-unit battle).
        on_map = [u for u in units if u.count > 0 and not u.offmap and u.carrier is None and u.pos is not None]
        self.moving = {u.uid for u in on_map if is_moving(u, self)}
        for unit in units:
            unit.fired = False
        self._rosters = {}
        try:
            for unit in units:
                if unit.count <= 0:  # not unit.alive
                    continue
                if unit.mission is not None:
                    if self.air is not None and self.air.flies(unit):
                        self.air.run_sortie(unit)  # an aircraft's sortie (docs/rules.md 16.7)
                    else:
                        run_mission(unit, self)
                elif not unit.routed and not unit.offmap and unit.carrier is None and unit.pos is not None:
                    unit_fires(unit, self)  # (alive and on the map)
        finally:
            self._rosters = self._squares = None
        self.stacks = count_stacks(units)
        try:
            for unit in units:
                if unit.count > 0 and not unit.offmap and unit.carrier is None and unit.pos is not None:  # on_map
                    self._move(unit)
        finally:
            self.stacks = None
        for unit in units:
            if unit.delay > 0:
                unit.delay -= 1
            if unit.suppression:  # halving 0.0 gives 0.0
                unit.suppression = float(rs.halve_suppression(unit.suppression))
        self.revealed = {}

    def _move(self, unit: UnitState) -> None:
        step_unit(unit, self)

    def _rally(self) -> None:
        state, p = self.state, self.params
        for unit in sorted(state.units.values(), key=lambda u: u.uid):
            if not unit.routed or not unit.alive:
                continue
            delay = state.delays[unit.side][0]
            chance = p.panic.rally_numerator / (p.panic.rally_numerator + delay)
            hq = state.units.get(f"{unit.side}:{unit.letter}0")
            if hq is None or not hq.alive or hq.routed:
                chance /= p.panic.rally_hq_lost_divisor
            if state.rng.random() < chance:
                unit.routed = False
                unit.objectives.clear()
                unit.speed = 0
                self.emit(ev.Rallied(state.turn, 0, unit.uid))

    # -- convenience --------------------------------------------------------------------------------------------
    def result(self) -> VictoryResult:
        return score(self.state, self.content)

    def field(self, unit: UnitState) -> MovementField:
        mobility = self.unit_class(unit).mobility or "foot"
        found = self._fields.get(mobility)
        if found is None:
            found = self._fields[mobility] = MovementField(self.map, self.content, mobility)
        return found

    def embark(self, carrier: UnitState, passenger: UnitState) -> None:
        was_on_map = passenger.on_map
        events = embark(carrier, passenger, self.state, self.content)
        if self.stacks is not None and was_on_map and not passenger.on_map:
            self.stacks[(passenger.side, passenger.pos)] -= 1
        self.emit(*events)
