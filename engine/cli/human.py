"""A human player at the terminal: the orders phase as prompts (docs/rules.md 5.2, in words instead of keys)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..sim import events as ev
from ..sim import orders as o
from ..sim.battle import Battle
from ..sim.command import position
from .turn_text import objective_lines, side_briefing_text

HELP = """orders (units by letter and index, e.g. B3; squares as x y, x from the west edge, y from the north):
  units | enemy                    list your units / the enemy units your side has seen
  objectives                       the scenario's objectives your side knows of, and the points earned so far
  move B3 30 12 [speed]            movement objective (a third replaces the second)
  advance B 30 12 [speed]          all-units mode: the HQ goes there, the others keep formation
  speed B3 8 | range B3 4 | face B3 NE   (B* instead of B3: every unit of formation B)
  bombard A5 B3 40 12              artillery A5 fires at 40 12, B3 spots
  bombard AIR1 B0 40 12            (air_support module) aircraft AIR1 attacks 40 12, B0 calls it
  target B3 C2                     make enemy unit C2 B3's priority target
  embark B7 B3 | embark B7 B*      carrier B7 loads B3 / the whole formation B
  disembark B7 | cancel B3
  done                             end the orders phase
  end                              propose to end the game now (both players must agree)"""


# What each order takes, as the help shows it: the words of a refusal.
USAGE = {
    "move": "move B3 30 12 [speed]",
    "advance": "advance B 30 12 [speed]",
    "speed": "speed B3 8",
    "range": "range B3 4",
    "face": "face B3 NE",
    "bombard": "bombard A5 B3 40 12",
    "target": "target B3 C2",
    "embark": "embark B7 B3",
    "disembark": "disembark B7",
    "cancel": "cancel B3",
}


class NotUnderstood(Exception):
    """A line at the prompt that is no order; the message says why in the words of the help."""


class HumanPlayer:
    def __init__(self, read: Callable[[str], str] = input, out: TextIO | None = None):
        self.read, self.out = read, out
        self.wants_end = False
        self.briefed = False  # its side's own briefing is shown before its first orders
        self.given: list[tuple[int, str, o.Order]] = []  # (turn, side, order) for the game record
        self.proposed: list[tuple[int, str]] = []  # (turn, side) when this player proposed to end the game

    def agrees_to_end(self) -> bool:
        return self.wants_end

    def wants_to_continue(self, battle: Battle) -> bool:
        extra = battle.ruleset.after_end_extra_turns
        more = f"{extra} more turns" if extra is not None else "with no further end: end it yourself with 'end'"
        try:
            return self.read(f"The game is over. Continue ({more})? [y/N] ").strip().lower().startswith("y")
        except EOFError:
            return False

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def orders(self, battle: Battle, side: str) -> list:
        name = battle.ruleset.known_side(side).name
        if not self.briefed:
            self.briefed = True
            briefing = side_briefing_text(battle.scenario, battle.ruleset, side)
            if briefing:
                self.say(briefing)
        self.say(f"--- {name} orders, turn {battle.state.turn} (type 'help') ---")
        state = battle.state
        came = [
            f"{state.units[e.unit].label} at {e.at[0]},{e.at[1]}"
            for e in battle.events
            if isinstance(e, ev.Arrived) and e.turn == state.turn and state.units[e.unit].side == side
        ]
        if came:
            self.say(f"reinforcements arrived: {', '.join(came)}")
        while True:
            try:
                line = self.read(f"{name}> ").strip()
            except EOFError:
                return []
            if not line:
                continue
            words = line.split()
            verb = words[0].lower()
            if verb in ("done", "x"):
                return []
            if verb == "end":
                self.wants_end = True
                self.proposed.append((battle.state.turn, side))
                self.say("you propose to end the game now")
                return []
            try:
                if verb == "help":
                    self.say(HELP)
                elif verb == "units":
                    self._units(battle, side)
                elif verb == "enemy":
                    self._enemy(battle, side)
                elif verb == "objectives":
                    self.say(
                        "\n".join(objective_lines(battle, battle.result().objectives, side))
                        or "no typed objectives in this scenario"
                    )
                else:
                    order = self._parse(battle, side, verb, words[1:])
                    self.given.append((battle.state.turn, side, order))
                    refused = battle.orders_phase({side: [order]})
                    self.say(refused[0] if refused else self._echo(battle))
            except NotUnderstood as exc:
                self.say(f"?? {exc}; type 'help'")

    def _echo(self, battle: Battle) -> str:
        event = battle.events[-1] if battle.events else None
        if event is None:
            return "ok"
        detail = getattr(event, "detail", "") or getattr(event, "carrier", "")
        delay = getattr(event, "delay", 0)
        return f"ok: {event.kind} {getattr(event, 'unit', '')} {detail}" + (f" (delay {delay} pulses)" if delay else "")

    def _uid(self, side: str, label: str) -> str:
        return f"{side}:{label.upper()}"

    def _parse(self, battle: Battle, side: str, verb: str, args: list[str]):
        """The order a line gives, or NotUnderstood saying what is wrong in the words of the help."""
        if verb not in USAGE:
            raise NotUnderstood(f"unknown order '{verb}'")
        usage = USAGE[verb]
        wanted = len(usage.split()) - 1 - usage.count("[")
        if len(args) < wanted:
            raise NotUnderstood(f"'{verb}' needs {wanted} word{'s' if wanted != 1 else ''} after it: {usage}")

        def number(i: int, what: str) -> int:
            try:
                return int(args[i])
            except ValueError:
                raise NotUnderstood(f"the {what} must be a whole number, not '{args[i]}' ({usage})") from None

        def square(i: int) -> tuple[int, int]:
            return number(i, "x of the square"), number(i + 1, "y of the square")

        def speed(i: int) -> int | None:
            return number(i, "speed") if len(args) > i else None

        u = lambda: self._uid(side, args[0])  # noqa: E731
        if verb == "move":
            return o.Move(u(), square(1), speed(3))
        if verb == "advance":
            return o.Advance(side, args[0].upper(), square(1), speed(3))
        if verb in ("speed", "range", "face", "cancel") and args[0].endswith("*"):
            value = None if verb == "cancel" else (args[1].upper() if verb == "face" else number(1, verb))
            return o.AllUnits(side, args[0][0].upper(), verb, value)
        if verb == "speed":
            return o.SetSpeed(u(), number(1, "speed"))
        if verb == "range":
            return o.SetRange(u(), number(1, "range"))
        if verb == "face":
            return o.Face(u(), args[1].upper())
        if verb == "bombard":
            return o.Bombard(u(), self._uid(side, args[1]), square(2))
        if verb == "target":
            return o.Priority(u(), f"{battle.state.enemy_of(side)}:{args[1].upper()}")
        if verb == "embark":
            passenger = args[1].upper()
            return o.Embark(u(), f"{side}:{passenger}" if passenger.endswith("*") else self._uid(side, passenger))
        if verb == "disembark":
            return o.Disembark(u())
        return o.Cancel(u())

    def _units(self, battle: Battle, side: str) -> None:
        state = battle.state
        for unit in sorted(state.side_units(side), key=lambda x: (x.letter, x.index)):
            if not unit.alive:
                continue
            if unit.arrival is not None:
                self.say(
                    f"{unit.label:<4} {unit.count:>3} x {unit.weapon.name:<22} reinforcement, due from turn "
                    f"{unit.arrival.turn}"
                )
                continue
            if unit.exited:
                self.say(f"{unit.label:<4} {unit.count:>3} x {unit.weapon.name:<22} has left the map")
                continue
            pos = position(unit, state)
            flags = "".join(
                f for f, on in (("L", bool(unit.carrier)), ("R", unit.routed), ("*", unit.suppression > 50)) if on
            )
            self.say(
                f"{unit.label:<4} {unit.count:>3} x {unit.weapon.name:<22} at {pos}  facing {unit.facing:<2} "
                f"speed {unit.speed:>2} range {unit.range_limit:>2} ammo {unit.ammo:>2} "
                f"supp {unit.suppression:>5.1f} obj {unit.objectives} {flags}"
            )

    def _enemy(self, battle: Battle, side: str) -> None:
        state = battle.state
        seen = [state.units[uid] for uid in sorted(battle.seen_by_side[side]) if state.units[uid].on_map]
        if not seen:
            self.say("no enemy units seen")
        for unit in seen:
            self.say(f"{unit.label:<4} {unit.count:>3} x {unit.weapon.name:<22} at {position(unit, state)}")
