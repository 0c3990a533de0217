"""Players give orders each turn. The computer player follows the manuals' strategy notes (docs/rules.md 15,
13 U13); docs/engine.md, "The computer player", describes the doctrine:

* attack (attackers, and both sides of a meeting engagement): attack.py
* defence, with the armour as a mobile reserve: defend.py; a raid by that armour when no attack comes: raid.py
* where the armour fires from to take a known enemy (the counter-attack's and the raid's strike): strike.py
* fire support by batteries and mortars: support.py
* the scenario's typed objectives (capture, hold, destroy): objectives.py
* the designer's AI plan for the side, a layer above all of these (docs/rules.md 15.9): plans.py
* what the side knows and how dangerous each square is: knowledge.py; drills shared by all: tactics.py

The player keeps no state between turns: everything it decides follows from the saved battle state (an AI
plan's progress is part of it) (who fires
at whom, as the last turn's combat reports showed, it reads from the units' targets), so a saved game continues
exactly as it would have. It decides only from what its side can see, iterates in sorted order and uses no
randomness.
"""

from __future__ import annotations

from typing import Protocol

from ..sim.battle import Battle
from ..sim.state import GameState, UnitState
from .attack import Claims, attack_formation, formation_anchor, staging_point, time_to_go
from .defend import defend_orders
from .knowledge import Picture
from .objectives import destroy_orders, detachment_orders, detachments
from .plans import plan_units, side_plan
from .raid import raid_due, raid_orders, raiders
from .support import fire_support
from .terrain import AREA_RADIUS, objective


class Player(Protocol):
    def orders(self, battle: Battle, side: str) -> list: ...


class PassivePlayer:
    """Never gives an order: its units stay where they were deployed."""

    def orders(self, battle: Battle, side: str) -> list:
        return []


def play_out(battle: Battle, players: dict) -> Battle:
    """Play the battle to its end, each side's orders from its player."""
    while not battle.over:
        battle.start()  # turn 1 begins (and its reinforcements arrive) before anyone gives orders
        battle.orders_phase({side: players[side].orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    return battle


class ComputerPlayer:
    def orders(self, battle: Battle, side: str) -> list:
        state = battle.state
        pic = Picture(battle, side)
        out: list = []
        formations = formations_of(state, side)
        units = [u for _, members in formations for u in members]
        plan = side_plan(battle, side)
        if plan is not None:  # the designer's plan first; the doctrine plays the units it leaves (15.9)
            out, following = plan_units(pic, plan, state.plans[side])
            formations = without(formations, following)
        # to the side's typed objectives; the formations plan without them
        sent = detachments(pic, [u for _, members in formations for u in members])
        if sent:
            formations = without(formations, {unit.uid for unit, _ in sent})
        if side in state.attackers:
            pic.focus(objective(battle), AREA_RADIUS)  # an attacker weighs danger only in the area
            taken: list = []
            claimed = Claims(pic)
            meeting = len(state.attackers) > 1
            for _letter, members in formations:
                anchor = formation_anchor(pic, members, taken, meeting)
                taken.append(anchor)
                stage = None if meeting else staging_point(pic, members, anchor)
                if stage is not None and time_to_go(pic, members, anchor, stage):
                    stage = None
                out += attack_formation(pic, members, anchor, stage, claimed)
        else:
            raid_letters = set(raiders(pic, formations))
            raid_units = [
                u
                for letter, members in formations
                if letter in raid_letters
                for u in members
                if u.carrier is None and u.weapon.sp > 0 and u.pos is not None and battle.unit_class(u).vehicle
            ]  # the infantry holds the objective
            raiding = raid_due(pic, raid_units)
            holding = [u for _, members in formations for u in members if not (raiding and u in raid_units)]
            out += defend_orders(pic, holding)
            if raiding:
                out += raid_orders(pic, raid_units)
        out += detachment_orders(pic, sent)
        out += destroy_orders(pic, units)
        out += fire_support(pic)
        return out


def formations_of(state: GameState, side: str) -> list[tuple[str, list[UnitState]]]:
    # reinforcements join their formation's plan (or bring their own) on the turn they arrive
    by_letter: dict[str, list[UnitState]] = {}
    for u in state.side_units(side):
        if u.alive and not u.offmap and u.present:
            by_letter.setdefault(u.letter, []).append(u)
    return [(letter, sorted(by_letter[letter], key=lambda u: u.index)) for letter in sorted(by_letter)]


def without(formations: list[tuple[str, list[UnitState]]], away: set[str]) -> list[tuple[str, list[UnitState]]]:
    """The formations less the units in `away`; a formation left with no unit that moves itself is dropped."""
    out = []
    for letter, members in formations:
        kept = [u for u in members if u.uid not in away]
        if any(u.pos is not None and u.carrier is None for u in kept):
            out.append((letter, kept))
    return out
