"""File ▸ Import real ground… without widgets: the designer's choices, the preview of the area over the features
read from the extract, and the map file written into a pack (then opened as any map: undo, save, validate).
The engine does the work (engine/mapping/real_ground.py, docs/real-ground.md); this module only frames it."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.mapping.autotile import TYPES
from tacforge.engine.mapping.georef import MapProjection, square_metres
from tacforge.engine.model import Georef

PREVIEW_MARGIN = 5  # squares of the area shown round the map in the preview

# the preview's colours, by autotile type (RGB); the map frame is drawn over them
PREVIEW_COLOURS = {
    "clear": (232, 226, 196),
    "road": (150, 60, 40),
    "town": (200, 90, 90),
    "woods": (70, 130, 60),
    "broken": (160, 140, 100),
    "river": (70, 120, 200),
    "bridge": (40, 40, 40),
    "ford": (110, 150, 210),
}


@dataclass(frozen=True)
class ImportChoices:
    osm: Path
    dem: Path | None
    lat: float
    lon: float
    width: int = 60
    height: int = 60
    rotation: float = 0.0
    map_id: str = "real_ground"
    name: str = ""
    profile: Path | None = None  # an import profile file instead of the pack's (the command's --profile)
    # ("metres" or "quantiles", the two plateau thresholds) instead of the profile's (--heights, --quantiles)
    thresholds: tuple[str, tuple[float, float]] | None = None

    @property
    def georef(self) -> Georef:
        return Georef(self.lat, self.lon, self.rotation)


@dataclass(frozen=True)
class Preview:
    """The area read (the map and PREVIEW_MARGIN squares round it), one RGB pixel a square, and where the map is."""

    rgb: np.ndarray  # (height, width, 3) uint8
    frame: tuple[int, int, int, int]  # x0, y0, x1, y1 (exclusive) of the map inside the picture
    features: int
    labels: tuple[tuple[str, int, int], ...]


def chosen_profile(content, choices: ImportChoices):
    """The import profile the choices name (a file, else the pack's), with their thresholds; the command's own
    reading of a profile file (CommandError naming the file, line and problem), or GroundImportError."""
    from tacforge.engine.cli.map_cmd import read_profile
    from tacforge.engine.mapping.real_ground import GroundImportError, with_elevation

    profile = read_profile(choices.profile) if choices.profile is not None else content.import_profile
    if profile is None:
        raise GroundImportError(f"pack '{content.pack_id}' has no import_profile.yaml; choose a profile file")
    if choices.thresholds is not None:
        method, values = choices.thresholds
        profile = with_elevation(profile, method, values)
    return profile


def preview(content, choices: ImportChoices) -> Preview:
    """The features of the extract round the map, painted by the chosen profile, before any map is made.
    Raises the engine's clear errors (GisMissing, OsmReadError, GroundImportError, CommandError) on bad choices."""
    from tacforge.engine.mapping.real_ground import check_centre, check_size, paint, place_labels, read_osm

    check_size(choices.width, choices.height)
    check_centre(choices.lat, choices.lon)
    profile = chosen_profile(content, choices)
    m = PREVIEW_MARGIN
    wide = MapProjection(choices.georef, choices.width + 2 * m, choices.height + 2 * m, square_metres(content))
    exact = MapProjection(choices.georef, choices.width, choices.height, square_metres(content))
    area = read_osm(choices.osm, exact, profile)
    painted = paint(area, wide, profile)
    table = np.array([PREVIEW_COLOURS.get(name, (200, 200, 200)) for name in TYPES], np.uint8)
    return Preview(
        table[painted.types],
        (m, m, m + choices.width, m + choices.height),
        len(area.features),
        place_labels(area, exact),
    )


def write_imported_map(pack_folder: Path, content, choices: ImportChoices) -> tuple[Path, tuple[str, ...]]:
    """The imported map written to the pack's maps/ID.yaml (never over an existing file); its path and the
    importer's notes."""
    from tacforge.engine.atomic_files import atomic_write_text
    from tacforge.engine.battlegen.scenario_writer import map_document, render
    from tacforge.engine.mapping.real_ground import import_map
    from tacforge.engine.validation.schema_files import write_pack_schemas

    target = Path(pack_folder) / "maps" / f"{choices.map_id}.yaml"
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    ground = import_map(
        content,
        osm=choices.osm,
        dem=choices.dem,
        georef=choices.georef,
        width=choices.width,
        height=choices.height,
        profile=chosen_profile(content, choices),
        map_id=choices.map_id,
        name=choices.name or None,
    )
    write_pack_schemas(pack_folder)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, render("map", map_document(content, ground.game_map), target, Path(pack_folder)))
    return target, ground.notes
