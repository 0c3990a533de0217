"""One game of a balance run and its compact summary: result, points, losses by class, deciding units."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict

from tacforge.engine.cached_dataclass import dataclass

from ..ai import ComputerPlayer, play_out
from ..sim import events as ev
from ..sim.battle import Battle
from ..sim.victory import kill_vp, objective_vp

TOP_PER_SIDE = 3  # contributors kept per side and game
DECIDERS_PER_GAME = 3  # of those, how many count as having decided a game
LEVELS = ("decisive", "substantive", "marginal")


@dataclass(frozen=True)
class UnitContribution:
    """What one unit did for its side in one game. kill_vp: the VP its kills earned (the kill VP of every weapon
    it destroyed, riders included); objective_vp: the objective VP it held at the end (attackers only, as scored);
    vp: its share of its side's total, (kill_vp + objective_vp) x the side's multiplier (x2 for a doubled
    defender), so units of both sides compare on the scale the victory ratio uses."""

    uid: str
    side: str
    name: str
    unit_class: str
    kill_vp: int
    objective_vp: int
    vp: int


@dataclass(frozen=True)
class SideSummary:
    """One side's score and losses in one game. kills, objective, bonus, doubled, total are the SideScore of
    engine.sim.victory (bonus = unused selection points x 20, capped, + starting VP; the raw values, before a
    defender's doubling); multiplier is what kills and objective are multiplied by in the total (the rules'
    defender_multiplier when doubled, else 1). lost, lost_vp and strength are by unit class: units lost
    (initial count - count), the kill VP the enemy earned for them, and the count the side started with (after the
    handicap)."""

    side: str
    kills: int
    objective: int
    bonus: int
    doubled: bool
    multiplier: int
    total: int
    lost: dict[str, int]
    lost_vp: dict[str, int]
    strength: dict[str, int]
    top: tuple[UnitContribution, ...]  # this side's best contributors, vp > 0, best first (at most TOP_PER_SIDE)
    arrived: int = 0  # reinforcement units that entered the battle (scenario `arrives:`)
    typed_objectives: int = 0  # points from the scenario's typed objectives, in the total
    plan: str | None = None  # the AI plan the side followed (docs/rules.md 15.9); None: none, the doctrine

    def effective(self) -> tuple[int, int, int, int]:
        """(kills, objective, typed objectives, bonus) as they count in the total: the doubled part doubled, the
        typed objectives' points as designed (never doubled), the bonus as capped."""
        kills, objective = self.kills * self.multiplier, self.objective * self.multiplier
        return kills, objective, self.typed_objectives, self.total - kills - objective - self.typed_objectives


@dataclass(frozen=True)
class GameSummary:
    """The compact result of one game: what a worker sends back and what a CSV row shows.

    ratio is the exact victory ratio (numerator side's VP / the other's) as a float; None when the other side
    scored 0 (`ratio_note` "infinite") or nobody scored ("no points", a draw). first_contact is the turn of the
    first 'spotted' or 'fired' event, None if the sides never met."""

    index: int
    seed: int
    turns: int
    level: str  # decisive | substantive | marginal | draw
    label: str  # e.g. "Allied Substantive"
    winner: str | None
    ratio: float | None
    ratio_note: str
    first_contact: int | None
    sides: dict[str, SideSummary]
    # the battle_rating module (docs/rules.md 16), None when the scenario leaves it off: each side's counters and
    # rating at the end, and the side that withdrew (None: nobody)
    counters: dict[str, int] | None = None
    ratings: dict[str, int] | None = None
    withdrew: str | None = None

    @property
    def deciders(self) -> tuple[UnitContribution, ...]:
        """The units that decided this game: the winning side's best contributors; in a draw, both sides' best."""
        if self.winner is not None:
            pool = list(self.sides[self.winner].top)
        else:
            pool = [c for s in self.sides.values() for c in s.top]
        return tuple(sorted(pool, key=lambda c: (-c.vp, c.uid))[:DECIDERS_PER_GAME])

    def to_json(self) -> dict:
        body = asdict(self)
        if self.counters is None:  # a scenario without the module reports as it always has
            for key in ("counters", "ratings", "withdrew"):
                del body[key]
        body["deciders"] = [c.uid for c in self.deciders]
        return body


def play_game(
    content, scenario, index: int, seed: int, handicap: int | None = None, turns: int | None = None
) -> GameSummary:
    """Play one game computer against computer, as `tacforge play` does, and summarise it."""
    battle = Battle(content, scenario, seed=seed, handicap=handicap, turns=turns)
    sides = battle.state.sides
    play_out(battle, {side: ComputerPlayer() for side in sides})
    return summarise(battle, index, seed)


def summarise(battle: Battle, index: int, seed: int) -> GameSummary:
    state, content = battle.state, battle.content
    result = battle.result()
    vp_of: dict[str, int] = {}
    kill_credit: dict[str, int] = defaultdict(int)
    lost_vp: dict[str, dict[str, int]] = {side: defaultdict(int) for side in state.sides}
    first_contact = None
    arrived: dict[str, int] = defaultdict(int)
    for event in battle.events:
        if isinstance(event, ev.Arrived):
            arrived[state.units[event.unit].side] += 1
        elif first_contact is None and isinstance(event, (ev.Spotted, ev.Fired)):
            first_contact = event.turn
        elif isinstance(event, ev.Killed) and event.by:
            target = state.units[event.unit]
            weapon = target.weapon
            per = vp_of.get(weapon.id)
            if per is None:
                per = vp_of[weapon.id] = kill_vp(weapon, content)
            kill_credit[event.by] += per * event.count
            lost_vp[target.side][weapon.unit_class] += per * event.count
    sides = {}
    for side in state.sides:
        score = result.scores[side]
        attacker = side in state.attackers
        multiplier = content.parameters.victory.defender_multiplier if score.doubled else 1
        lost: dict[str, int] = defaultdict(int)
        strength: dict[str, int] = defaultdict(int)
        contributions = []
        for unit in state.side_units(side):
            cls = unit.weapon.unit_class
            strength[cls] += unit.initial_count
            lost[cls] += unit.initial_count - unit.count
            kills = kill_credit.get(unit.uid, 0)
            held = objective_vp(unit, state, content) if attacker else 0
            if kills or held:
                contributions.append(
                    UnitContribution(unit.uid, side, unit.name, cls, kills, held, (kills + held) * multiplier)
                )
        contributions.sort(key=lambda c: (-c.vp, c.uid))
        sides[side] = SideSummary(
            side,
            score.kills,
            score.objective,
            score.bonus,
            score.doubled,
            multiplier,
            score.total,
            dict(sorted(lost.items())),
            dict(sorted(lost_vp[side].items())),
            dict(sorted(strength.items())),
            tuple(contributions[:TOP_PER_SIDE]),
            arrived[side],
            score.typed_objectives,
            state.plans[side].plan if side in state.plans else None,
        )
    if result.ratio is not None:
        ratio, note = float(result.ratio), ""
    else:
        ratio, note = None, ("no points" if all(s.total == 0 for s in result.scores.values()) else "infinite")
    rating = battle.rating
    return GameSummary(
        index,
        seed,
        state.turn,
        result.result,
        result.label,
        result.winner,
        ratio,
        note,
        first_contact,
        sides,
        None if rating is None else {side: state.battle_counters.get(side, 0) for side in state.sides},
        None if rating is None else dict(rating.ratings),
        state.withdrew,
    )


# -- the worker processes ------------------------------------------------------------------------------------------
