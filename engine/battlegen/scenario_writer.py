"""Writing a built battle as YAML, in the style of the shipped scenarios and maps (docs/pack-format.md).

A scenario names its map by id, and the map must be in the same pack, so a battle is always written into a pack:

* `-o DIR`, where DIR has no pack.yaml: DIR becomes a new pack (pack.yaml requiring core and the front pack, with
  the front's ruleset), holding maps/ID.yaml and scenarios/ID.yaml;
* `-o DIR` where DIR is a pack, or `-o PACK/scenarios/NAME.yaml` inside one: the battle is added to that pack
  (it must require the front pack, and the files must match its file patterns);
* `-o NAME.yaml` outside any pack: a new pack folder NAME/ next to where NAME.yaml would be, with
  scenarios/NAME.yaml and maps/NAME.yaml.

Play it with `tacforge --pack-path PACKDIR play ID`. The pack is written whole into a staging copy beside it, which
then takes its place in one step (engine/atomic_files.py `replaced_folder`), so a failure or a kill never leaves a
half-made pack, nor an old scenario on a new map; an existing scenario or map file is never replaced unless `force`
is set.
Each file starts with a `# yaml-language-server: $schema=` line naming its schema in the pack's own schemas/ folder,
which is written (or brought up to date) with the battle (engine/validation/schema_files.py).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString, SingleQuotedScalarString

from tacforge.engine.cached_dataclass import dataclass

from ..atomic_files import atomic_write_text, replaced_folder
from ..mapping.legend import legend_for, rows_of
from ..model import Arrival, Georef, Map, Objective
from ..model.content import Content
from ..packs.discovery import MANIFEST, pack_folder_of
from ..packs.manifest import read_manifest
from ..validation.schema_files import schema_line, write_pack_schemas
from ..yamlio import dump_roundtrip
from .battle import GeneratedBattle
from .plan import BuildError


def _flow_map(pairs) -> CommentedMap:
    out = CommentedMap(pairs)
    out.fa.set_flow_style()
    return out


def _flow_seq(items) -> CommentedSeq:
    out = CommentedSeq(items)
    out.fa.set_flow_style()
    return out


def slug(text: str, fallback: str = "battle") -> str:
    """An id from free text: lower case, [a-z0-9_-], starting with a letter or digit."""
    out = re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-_")
    return out or fallback


def map_document(content: Content, game_map: Map) -> CommentedMap:
    """A map as readable rows of glyphs with a legend (the terrain codes' own glyphs where they have one)."""
    legend = legend_for(set(game_map.cells), content, game_map.legend)
    doc = CommentedMap()
    doc["id"] = game_map.id.split(":")[-1]
    doc["name"] = game_map.name
    if game_map.description:
        doc["description"] = game_map.description
    doc["width"], doc["height"] = game_map.width, game_map.height
    doc["legend"] = _flow_map((DoubleQuotedScalarString(g), c) for g, c in legend.items())
    doc["rows"] = [SingleQuotedScalarString(row) for row in rows_of(game_map.codes, legend)]
    if game_map.labels:
        doc["labels"] = [CommentedMap([("text", text), ("at", _flow_seq([x, y]))]) for text, x, y in game_map.labels]
    if game_map.georef is not None:
        doc["georef"] = georef_node(game_map.georef)
    return doc


def georef_node(georef: Georef) -> CommentedMap:
    """`georef: {lat: ..., lon: ..., rotation: ...}`, degrees rounded to about a centimetre on the ground."""
    return _flow_map([("lat", round(georef.lat, 7)), ("lon", round(georef.lon, 7)), ("rotation", georef.rotation)])


def unit_document(unit) -> CommentedMap:
    pairs = [("index", unit.index), ("weapon", unit.weapon.local_id), ("count", unit.count)]
    if unit.name:
        pairs.append(("name", unit.name))
    if unit.at is not None:
        pairs.append(("at", _flow_seq(list(unit.at))))
    if unit.facing:
        pairs.append(("facing", unit.facing))
    if unit.siw:
        pairs.append(("siw", unit.siw))
    if unit.carrier:
        pairs.append(("carrier", unit.carrier))
    if unit.suppression:
        pairs.append(("suppression", unit.suppression))
    return _flow_map(pairs)


def arrival_document(arrival: Arrival) -> CommentedMap:
    pairs: list[tuple[str, object]] = [("turn", arrival.turn), ("last_turn", arrival.last_turn)]
    if arrival.squares:
        pairs.append(("squares", [_flow_seq(list(sq)) for sq in arrival.squares]))
    return CommentedMap(pairs)


def objective_document(objective: Objective) -> CommentedMap:
    pairs: list[tuple[str, object]] = [("id", objective.id), ("name", objective.name), ("kind", objective.kind)]
    pairs += [("side", objective.side), ("points", objective.points), ("at", _flow_seq(list(objective.square)))]
    return _flow_map(pairs)


def scenario_document(battle: GeneratedBattle) -> CommentedMap:
    plan, c = battle.plan, battle.plan.choices
    doc = CommentedMap()
    doc["id"] = battle.scenario_id
    doc["name"] = battle.name
    if battle.date is not None:
        doc["date"] = DoubleQuotedScalarString(battle.date.isoformat())
    doc["historical"] = False
    doc["map"] = battle.game_map.id.split(":")[-1]
    doc["period"] = c.period
    doc["battle_type"] = plan.battle.id
    if plan.points is None:
        doc["size"] = c.size
    else:  # a tabletop game size (16.4): both sides' budgets in points; no selection points are left to score
        doc["game_size"] = c.size
    doc["turns"] = plan.turns
    doc["visibility"] = c.visibility
    doc["handicap"] = c.handicap
    if battle.modules:
        doc["modules"] = _flow_seq(list(battle.modules))
    if battle.weather != "clear":
        doc["weather"] = battle.weather
    doc["objective"] = _flow_map([("center", _flow_seq(list(plan.objective)))])
    doc["start_lines"] = _flow_map((s, plan.start_lines[s]) for s in plan.sides)
    doc["starting_vp"] = _flow_map((s, 0) for s in plan.sides)
    if plan.points is None:
        doc["unused_selection_points"] = _flow_map((s, battle.forces[s].unused) for s in plan.sides)
    else:
        doc["points"] = _flow_map((s, battle.forces[s].budget) for s in plan.sides)
    if battle.entrenchments:
        doc["entrenchments"] = CommentedMap(
            (s, [_flow_seq(list(sq)) for sq in squares]) for s, squares in battle.entrenchments.items()
        )
    if battle.objectives:
        doc["objectives"] = [objective_document(o) for o in battle.objectives]
    batteries = {s: f.batteries for s, f in battle.forces.items() if f.batteries}
    if batteries:
        doc["offmap_artillery"] = CommentedMap(
            (s, [_flow_map([("weapon", b.weapon.local_id), ("count", b.count), ("name", b.name)]) for b in items])
            for s, items in batteries.items()
        )
    if battle.air_support:  # the air_support module (docs/rules.md 16.6)
        doc["air_support"] = CommentedMap(
            (s, [_flow_map([("aircraft", a.aircraft), ("sorties", a.sorties), ("arrival", a.arrival)])])
            for s in plan.sides
            for a in battle.air_support
            if a.side == s
        )
    forces = CommentedMap()
    for side in plan.sides:
        force = battle.forces[side]
        body = CommentedMap([("force_type", force.force_type), ("name", force.name)])
        body["formations"] = []
        for f in force.formations:
            entry = CommentedMap([("letter", f.letter), ("name", f.name)])
            if f.template:
                entry["template"] = f.template.split(":")[-1]
            if f.arrives is not None:
                entry["arrives"] = arrival_document(f.arrives)
            entry["units"] = [unit_document(u) for u in sorted(f.units, key=lambda u: u.index)]
            body["formations"].append(entry)
        forces[side] = body
    doc["forces"] = forces
    if battle.briefing:
        doc["briefing"] = LiteralScalarString(battle.briefing)
    if battle.notes:
        doc["notes"] = LiteralScalarString(battle.notes)
    return doc


def render(kind: str, doc, path: Path, pack_dir: Path, comments: Sequence[str] = ()) -> str:
    head = [schema_line(kind, path, pack_dir)] + [f"# {line}" if line else "#" for line in comments]
    return "\n".join(head) + "\n" + dump_roundtrip(doc)


@dataclass(frozen=True)
class WrittenBattle:
    pack_dir: Path
    pack_id: str
    scenario_id: str
    scenario_path: Path
    map_path: Path
    manifest_path: Path | None  # None when the battle was added to an existing pack


def _matches(pack_dir: Path, path: Path, patterns) -> bool:
    rel = path.resolve().relative_to(pack_dir.resolve()).as_posix()
    return any(fnmatch.fnmatchcase(rel, pattern) for pattern in patterns)


def plan_output(
    out: Path, scenario_id: str | None, front: str, taken_ids=(), default_id: str = "battle"
) -> tuple[Path, str, Path, Path, bool, str]:
    """(pack folder, pack id, scenario path, map path, whether the pack is new, scenario id) for an -o argument.
    The scenario id is `scenario_id`, else the stem of a NAME.yaml output, else `default_id`."""
    out = Path(out).expanduser()
    is_file = out.suffix in (".yaml", ".yml")
    sid = slug(scenario_id or (out.stem if is_file else default_id))
    existing = pack_folder_of(out.parent if is_file else out)
    if existing is not None:
        manifest, _, issues = read_manifest(existing)
        if manifest is None:
            raise BuildError(f"{existing / MANIFEST} cannot be read; fix it or write elsewhere")
        if manifest.id != front and front not in dict(manifest.requires):
            raise BuildError(f"the pack at {existing} does not require '{front}'; add it to requires in its pack.yaml")
        scenario = out if is_file else existing / "scenarios" / f"{sid}.yaml"
        game_map = existing / "maps" / f"{sid}.yaml"
        if not (
            _matches(existing, scenario, manifest.files["scenarios"])
            and _matches(existing, game_map, manifest.files["maps"])
        ):
            raise BuildError(
                f"the pack at {existing} would not load {scenario.name} or maps/{game_map.name} "
                f"(see 'files:' in its pack.yaml); write to {existing / 'scenarios'}"
            )
        return existing, manifest.id, scenario, game_map, False, sid
    folder = out.with_suffix("") if is_file else out
    pack_id = slug(folder.resolve().name, "battles").replace("-", "_")
    if pack_id in taken_ids:
        pack_id = f"{pack_id}_battles"
    return folder, pack_id, folder / "scenarios" / f"{sid}.yaml", folder / "maps" / f"{sid}.yaml", True, sid


def pack_requirements(packset, pack_id: str) -> dict[str, str]:
    """What a new pack needs in `requires` to build on `pack_id`: it and the packs it requires, each at its major
    version."""
    out = {}
    for pid in packset.requirements(pack_id):
        version = packset.packs[pid].manifest.version
        out[pid] = f">={version.major}.{version.minor},<{version.major + 1}"
    return out


def write_battle(
    battle: GeneratedBattle,
    content: Content,
    out: Path,
    *,
    requires: dict[str, str],
    ruleset: str,
    force: bool = False,
    comments: Sequence[str] = (),
    taken_ids=(),
    front: str | None = None,
    new_map: bool = True,
    map_comment: str = "Random map of the battle '{sid}' (tacforge new).",
) -> WrittenBattle:
    """Write the battle into a pack (see the module docstring) and say where it went. `front` is the pack the
    output pack must require (default: the content's own pack). With `new_map` False the battle is fought on a map
    the pack already has (battle.game_map, loaded from it), which is left as it is. `map_comment` heads a new map's
    file ({sid}: the scenario's id); it says how the map was made. No written file names an absolute path: the
    files travel with their pack."""
    pack_dir, pack_id, scenario_path, map_path, new_pack, sid = plan_output(
        out, battle.scenario_id, front or content.pack_id, taken_ids
    )
    clashes = [p for p in ((scenario_path, map_path) if new_map else (scenario_path,)) if p.exists()]
    if clashes and not force:
        raise BuildError(
            f"{', '.join(map(str, clashes))} already exist{'s' if len(clashes) == 1 else ''}; "
            "use --force to replace, or choose another -o"
        )
    battle.scenario_id = sid
    m = battle.game_map
    if new_map:
        battle.game_map = Map(
            sid, m.name, m.width, m.height, m.cells, m.legend, m.labels, m.description, georef=m.georef
        )
        map_text = render(
            "map",
            map_document(content, battle.game_map),
            map_path,
            pack_dir,
            [map_comment.format(sid=sid)],
        )
    else:
        if m.source.file is None:
            raise BuildError(f"map '{m.id}' was not read from a file of the pack")
        map_path = m.source.file
    scenario_text = render("scenario", scenario_document(battle), scenario_path, pack_dir, list(comments))
    manifest_path = pack_dir / MANIFEST if new_pack else None
    try:
        with replaced_folder(pack_dir) as staging:

            def staged(path: Path) -> Path:
                return staging / path.resolve().relative_to(pack_dir.resolve())

            if new_map:
                staged(map_path).parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(staged(map_path), map_text)
            staged(scenario_path).parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(staged(scenario_path), scenario_text)
            write_pack_schemas(staging)
            if manifest_path is not None:
                manifest_text = render(
                    "pack",
                    _manifest(pack_id, requires, ruleset),
                    manifest_path,
                    pack_dir,
                    [
                        "Battles built with tacforge. Play one, from the folder that holds this file, with:",
                        f"  tacforge --pack-path . play {pack_id}:{sid}",
                    ],
                )
                atomic_write_text(staging / MANIFEST, manifest_text)
    except OSError as exc:
        raise BuildError(f"cannot write the battle: {exc.strerror or exc} ({exc.filename or pack_dir})") from None
    return WrittenBattle(pack_dir, pack_id, sid, scenario_path, map_path, manifest_path)


def _manifest(pack_id: str, requires: dict[str, str], ruleset: str) -> CommentedMap:
    doc = CommentedMap()
    doc["id"] = pack_id
    doc["name"] = f"Battles: {pack_id}"
    doc["version"] = "0.1.0"
    doc["schema_version"] = 1
    doc["requires"] = CommentedMap((k, DoubleQuotedScalarString(v)) for k, v in requires.items())
    doc["ruleset"] = ruleset
    # true of every pack made here, whatever its maps (random, blank, traced) and forces (bought or by hand)
    doc["description"] = "Scenarios built with tacforge; each scenario's file says how it was made."
    return doc
