"""Saved games: a JSON file a person can read, holding the state after a combat phase and the events so far.

Loading checks the format version, the pack and scenario, and a fingerprint of the rules data, so that a save made
with other weapon tables is refused with a clear message rather than replayed wrongly.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, fields
from pathlib import Path

from ..atomic_files import atomic_write_text
from ..issues import Severity
from ..model import Arrival, Scenario
from ..model.content import Content
from .battle import Battle
from .events import Event
from .state import AircraftStatus, GameState, Mission, PlanProgress, UnitState

FORMAT = "tacforge-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be loaded; the message says why and what to do."""


def content_fingerprint(content: Content) -> str:
    digest = hashlib.sha256()
    for weapon in sorted(content.weapons.values(), key=lambda w: w.id):
        digest.update(
            repr(
                (
                    weapon.id,
                    weapon.mr,
                    weapon.mp,
                    weapon.ss,
                    weapon.ac,
                    weapon.sp,
                    weapon.mg,
                    weapon.fa,
                    weapon.ba,
                    weapon.df,
                    weapon.sl,
                    weapon.periods,
                    *((weapon.hits, weapon.passes, weapon.bombs, weapon.dive_bomber) if weapon.hits else ()),
                    *((weapon.aa_rolls,) if weapon.aa_rolls else ()),
                )
            ).encode()
        )
    digest.update(repr(sorted(content.parameters.flat().items())).encode())
    digest.update(repr(content.ruleset).encode())
    return digest.hexdigest()[:16]


_UNIT_SKIP = {"weapon", "siw", "mission", "seen_by", "passengers", "objectives", "embark_queue", "arrival"}


def _unit_to_dict(unit: UnitState) -> dict:
    body = {f.name: getattr(unit, f.name) for f in fields(unit) if f.name not in _UNIT_SKIP}
    body["weapon"] = unit.weapon.id
    body["siw"] = unit.siw.id if unit.siw else None
    body["mission"] = vars(unit.mission) if unit.mission else None
    body["passengers"] = list(unit.passengers)
    body["objectives"] = [list(sq) for sq in unit.objectives]
    body["embark_queue"] = list(unit.embark_queue)
    if unit.arrival is not None:  # a reinforcement still to come
        a = unit.arrival
        body["arrival"] = {
            "turn": a.turn,
            "last_turn": a.last_turn,
            "chance": a.chance,
            "edge": a.edge,
            "squares": [list(sq) for sq in a.squares],
        }
    for key in ("pos", "start_pos"):
        if getattr(unit, key) is not None:
            body[key] = list(getattr(unit, key))
    return body


def _unit_from_dict(body: dict, content: Content) -> UnitState:
    data = dict(body)
    weapon = content.weapons.get(data.pop("weapon"))
    if weapon is None:
        raise SaveError(f"the save names weapon '{body['weapon']}', which the loaded packs do not have")
    siw = data.pop("siw")
    mission = data.pop("mission")
    arrival = data.pop("arrival", None)
    unit = UnitState(weapon=weapon, **{k: v for k, v in data.items() if k in {f.name for f in fields(UnitState)}})
    unit.siw = content.weapons.get(siw) if siw else None
    unit.mission = (
        Mission(tuple(mission["square"]), mission["spotter"], mission["starts_in"], mission["pulses_left"])
        if mission
        else None
    )
    unit.pos = (unit.pos[0], unit.pos[1]) if unit.pos is not None else None  # JSON gives lists
    unit.start_pos = (unit.start_pos[0], unit.start_pos[1]) if unit.start_pos is not None else None
    unit.objectives = [(sq[0], sq[1]) for sq in unit.objectives]
    if arrival is not None:
        unit.arrival = Arrival(
            arrival["turn"],
            arrival["last_turn"],
            arrival["chance"],
            arrival["edge"],
            tuple((sq[0], sq[1]) for sq in arrival["squares"]),
        )
    return unit


def _rating_to_dict(state: GameState) -> dict:
    """The battle_rating module's state (engine/sim/battle_rating.py); saved only when the module is on."""
    return {"counters": state.battle_counters, "area_holder": state.area_holder, "withdrew": state.withdrew}


def _rating_from_dict(body: dict) -> dict:
    return {
        "battle_counters": dict(body.get("counters", {})),
        "area_holder": body.get("area_holder"),
        "withdrew": body.get("withdrew"),
    }


def _air_to_dict(state: GameState) -> dict:
    """The air_support module's state (engine/sim/air_support.py); saved only when the module is on."""
    return {"aircraft": {uid: asdict(a) for uid, a in state.aircraft.items()}, "attacked": state.air_attacked}


def _air_from_dict(body: dict) -> dict:
    return {
        "aircraft": {
            uid: AircraftStatus(**{**a, "aimed_at": tuple(a["aimed_at"]) if a.get("aimed_at") else None})
            for uid, a in body.get("aircraft", {}).items()
        },
        "air_attacked": list(body.get("attacked", [])),
    }


def save(battle: Battle, path: Path) -> None:
    state = battle.state
    rng_state = state.rng.getstate()
    body = {
        "format": FORMAT,
        "version": VERSION,
        "pack": state.pack,
        "scenario": state.scenario,
        "rules_fingerprint": content_fingerprint(battle.content),
        "seed": state.seed,
        "turn": state.turn,
        "pulse": state.pulse,
        "last_turn": state.last_turn,
        "visibility": state.visibility,
        "over": state.over,
        "sides": list(state.sides),
        "attackers": list(state.attackers),
        "delays": {k: list(v) for k, v in state.delays.items()},
        "objective_center": list(state.objective_center) if state.objective_center else None,
        "start_lines": state.start_lines,
        "starting_vp": state.starting_vp,
        "unused_sp": state.unused_sp,
        "kill_vp": state.kill_vp,
        "entrenchments": sorted(list(sq) for sq in state.entrenchments),
        "seen_by_side": {k: sorted(v) for k, v in battle.seen_by_side.items()},
        "captured": sorted(state.captured),
        "held_turns": state.held_turns,
        "exits": state.exits,
        **({"plans": {side: asdict(progress) for side, progress in state.plans.items()}} if state.plans else {}),
        **({"battle_rating": _rating_to_dict(state)} if battle.rating is not None else {}),
        **({"air_support": _air_to_dict(state)} if battle.air is not None else {}),
        "rng": [rng_state[0], list(rng_state[1]), rng_state[2]],
        "units": [_unit_to_dict(u) for u in state.units.values()],
        "events": [e.to_dict() for e in battle.events],
    }
    atomic_write_text(Path(path), json.dumps(body, indent=1) + "\n")


def schema_problem(kind: str, body: object, path: Path) -> str | None:
    """What is wrong with a save ('save') or a replay header ('replay') by its schema, naming the file and the
    field (a turn of -5, a count that is not a number, a handicap of 9: such a file would play something no game
    can reach); None when it is valid."""
    from ..validation.schemas import validate

    issues = [i for i in validate(kind, body, path) if i.severity is Severity.ERROR]
    if not issues:
        return None
    first = issues[0]
    more = f" (and {len(issues) - 1} more problems)" if len(issues) > 1 else ""
    return f"{path}: {first.json_path}: {first.message}{more}"


# The scalars of a save's header and their exact types (bool is not an int here: a turn of 'true' is damage).
_HEADER_TYPES = {"seed": int, "turn": int, "pulse": int, "last_turn": int, "visibility": int, "over": bool}


def load(path: Path, content: Content, expected: Scenario | None = None) -> tuple[Battle, list[dict]]:
    """The battle as saved, and the saved events (as dicts) for the log. `expected`: the scenario the user named,
    which the save must be of. The file is checked against schemas/save.schema.json first, as a pack file is."""
    try:
        body = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the save ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a tacforge save (not UTF-8 text)") from None
    except RecursionError:
        raise SaveError(f"{path}: not a tacforge save (nested too deeply)") from None
    except ValueError as exc:
        raise SaveError(f"{path}: not a tacforge save (broken JSON at line {getattr(exc, 'lineno', '?')})") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise SaveError(f"{path}: not a tacforge save")
    if body.get("version") != VERSION:
        raise SaveError(
            f"{path}: save format version {body.get('version')} is not one this tacforge reads "
            f"(it reads version {VERSION}); continue it with the tacforge that saved it"
        )
    problem = schema_problem("save", body, path)
    if problem is not None:
        raise SaveError(f"{problem}; the save is damaged or was edited: start the game again or load an earlier save")
    if expected is not None and str(body["scenario"]).split(":")[-1] != expected.id.split(":")[-1]:
        raise SaveError(
            f"{path}: the save is of scenario '{body['scenario']}', not '{expected.id}'; give that scenario to "
            f"--load it (tacforge play {body['scenario']} --load {path})"
        )
    if body.get("pack") != content.pack_id:
        raise SaveError(f"{path}: the save is of pack '{body.get('pack')}', not '{content.pack_id}'")
    scenario = content.scenario(str(body.get("scenario", "")).split(":")[-1])
    if scenario is None:
        raise SaveError(f"{path}: the scenario '{body.get('scenario')}' is not in the loaded packs")
    if body.get("rules_fingerprint") != content_fingerprint(content.for_scenario(scenario)):
        raise SaveError(
            f"{path}: the weapon tables or rules changed since this game was saved; "
            "load it with the pack version it was played with"
        )
    wrong = [key for key, kind in _HEADER_TYPES.items() if type(body.get(key)) is not kind]
    if wrong:
        raise SaveError(
            f"{path}: the save is damaged ({', '.join(wrong)} missing or of the wrong type); start the "
            "game again or load an earlier save"
        )
    try:
        rng = random.Random()
        seed_state = body["rng"]
        rng.setstate((seed_state[0], tuple(seed_state[1]), seed_state[2]))
        units = {u["uid"]: _unit_from_dict(u, content) for u in body["units"]}
        state = GameState(
            pack=body["pack"],
            scenario=body["scenario"],
            seed=body["seed"],
            sides=tuple(body["sides"]),
            attackers=tuple(body["attackers"]),
            units=units,
            visibility=body["visibility"],
            delays={k: tuple(v) for k, v in body["delays"].items()},
            last_turn=body["last_turn"],
            rng=rng,
            turn=body["turn"],
            pulse=body["pulse"],
            objective_center=tuple(body["objective_center"]) if body["objective_center"] else None,
            start_lines=body["start_lines"],
            starting_vp=body["starting_vp"],
            unused_sp=body["unused_sp"],
            kill_vp=body["kill_vp"],
            entrenchments={tuple(sq) for sq in body["entrenchments"]},
            over=body["over"],
            objectives=scenario.objectives,
            captured=set(body.get("captured", ())),
            held_turns=dict(body.get("held_turns", {})),
            exits=dict(body.get("exits", {})),
            plans={
                side: PlanProgress(p["plan"], list(p["steps"]), list(p["fired"]))
                for side, p in body.get("plans", {}).items()
            },
            modules=scenario.modules,
            **_rating_from_dict(body.get("battle_rating", {})),
            weather=scenario.weather,
            **_air_from_dict(body.get("air_support", {})),
        )
        battle = Battle(content, scenario, state=state)
        battle.seen_by_side = {k: set(v) for k, v in body.get("seen_by_side", {}).items()}
        events = list(body.get("events", []))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
        # a hand-edited or truncated save: any wrong shape surfaces as one of these while it is rebuilt
        raise SaveError(
            f"{path}: the save is damaged ({type(exc).__name__}: {exc}); start the game again or load an earlier save"
        ) from None
    return battle, events


def events_jsonl(events: list[Event] | list[dict]) -> str:
    rows = [e if isinstance(e, dict) else e.to_dict() for e in events]
    return "".join(json.dumps(r, sort_keys=False, separators=(",", ":")) + "\n" for r in rows)
