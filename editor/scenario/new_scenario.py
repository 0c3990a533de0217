"""File ▸ New scenario without widgets: what the designer chose, and writing it with the engine's battle builder
(engine/battlegen: the map `tacforge new` generates, forces auto-selected and auto-deployed) and scenario writer.
The dialog (shell/new_scenario_dialog.py) only gathers a `NewScenario` and calls `create_scenario`.

Where it goes: into a pack folder the designer owns (the dialog never offers an installed plugin's folder without
asking; see shell/pack_places.py) that requires the front pack, or into a new pack folder, which the writer makes
with a pack.yaml requiring the front pack and what it requires.
"""

from __future__ import annotations

from datetime import date as Date
from pathlib import Path

from tacforge.engine.battlegen import BattleChoices
from tacforge.engine.battlegen.battle import build_battle
from tacforge.engine.battlegen.plan import BuildError, map_size
from tacforge.engine.battlegen.scenario_writer import WrittenBattle, pack_requirements, write_battle
from tacforge.engine.cached_dataclass import dataclass

from ..grid.model import MapModel

MAP_SOURCES = ("generated", "blank", "existing")
MAP_COMMENTS = {  # what heads a new map's file: how it was made, truly (a blank map is painted by hand)
    "generated": "Random map of the battle '{sid}' (the editor's New Scenario).",
    "blank": "Map of the battle '{sid}', drawn by hand in the editor (begun blank), not imported from the real ground.",
    "existing": "",
}


@dataclass(frozen=True)
class NewScenario:
    front: str  # the ruleset pack it is played with (western, eastern)
    folder: Path  # a pack folder to add to, or a new pack's folder (no pack.yaml yet)
    scenario_id: str
    name: str
    choices: BattleChoices  # battle type, period, size, points, handicap, visibility, turns, river, cover, seed
    date: Date | None = None
    map_source: str = "generated"  # one of MAP_SOURCES
    existing_map: str | None = None  # with "existing": a map id of the pack at `folder`
    force_types: tuple[tuple[str, str], ...] = ()  # (side, force type); a side left out gets one chosen for it
    auto_select: bool = True  # buy the forces as the computer does; else each side has its command HQ only
    auto_deploy: bool = True  # place them as the computer does; else they wait behind the start line
    blank_size: tuple[int, int] | None = None  # with "blank": width and height (None: the battle type's size)
    modules: tuple[str, ...] = ()  # optional ruleset modules to turn on, as `tacforge new --modules` (rules 16)


def create_scenario(packset, request: NewScenario) -> WrittenBattle:
    """Build and write the scenario (and its map, unless an existing one); BuildError says what to change."""
    if request.map_source not in MAP_SOURCES:
        raise BuildError(f"the map must be one of {', '.join(MAP_SOURCES)}, not '{request.map_source}'")
    pack_id = next(
        (p.id for p in packset.all if p.location.folder == Path(request.folder).resolve() and p.id in packset.packs),
        None,
    )
    front = request.front
    if pack_id is not None and front not in packset.requirements(pack_id) and packset.packs[pack_id].manifest.ruleset:
        front = pack_id  # a front pack of its own (a copy of western, say): its battles are played by its rules
    content = packset.content(pack_id if pack_id else front)
    if content is None or content.ruleset is None:
        raise BuildError(f"pack '{pack_id or request.front}' cannot be loaded with a ruleset; fix its issues first")
    game_map = None
    if request.map_source == "existing":
        game_map = content.map(request.existing_map or "")
        if game_map is None:
            raise BuildError(f"the pack has no map '{request.existing_map}'")
    elif request.map_source == "blank":
        width, height = request.blank_size or map_size(
            content, content.ruleset.battle_type(request.choices.battle_type)
        )
        game_map = MapModel.blank(content, width, height, map_id=request.scenario_id, name=request.name).to_map()
    sides = content.ruleset.side_ids()
    battle = build_battle(
        content,
        request.choices,
        scenario_id=request.scenario_id,
        name=request.name,
        auto_select_sides=sides if request.auto_select else (),
        auto_deploy_sides=sides if request.auto_deploy else (),
        force_types=dict(request.force_types),
        game_map=game_map,
        modules=request.modules,
    )
    battle.date = request.date
    return write_battle(
        battle,
        content,
        Path(request.folder),
        requires=pack_requirements(packset, front),
        ruleset=content.ruleset.id,
        taken_ids=set(packset.packs),
        front=front,
        new_map=request.map_source != "existing",
        comments=[f"Made with the editor's New Scenario (seed {request.choices.seed})."],
        map_comment=MAP_COMMENTS[request.map_source],
    )
