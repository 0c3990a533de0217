"""`tacforge map import`: a georeferenced map at the rules' scale from OpenStreetMap and elevation data
(docs/real-ground.md). Needs the optional `gis` extra (pyosmium, rasterio, pyproj, shapely)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from .common import CommandError, fail

EPILOG = """\
example:
  tacforge map import --osm normandy.osm.pbf --dem caen.tif --centre 49.1876,-0.3611 --size 60x60 \\
      --pack western -o my-pack/maps/caen_real.yaml

The map is laid in a projection centred on --centre, one square being the rules' square (200 yards), with its top
edge turned --rotation degrees clockwise from north. The pack's import_profile.yaml (or --profile FILE) says which
features become which terrain; --heights or --quantiles set the plateau thresholds instead of the profile's.
"""


def _pair(text: str, what: str) -> tuple[float, float]:
    parts = text.replace(" ", "").split(",")
    try:
        a, b = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} takes two numbers A,B, not {text!r}") from None
    return a, b


def centre(text: str) -> tuple[float, float]:
    return _pair(text, "--centre (LAT,LON)")


def size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    try:
        width, height = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--size takes WIDTHxHEIGHT in squares, such as 60x60, not {text!r}") from None
    return width, height


def register(sub) -> None:
    p = sub.add_parser("map", description="Make maps.")
    inner = p.add_subparsers(dest="map_command", metavar="SUBCOMMAND", required=True)
    imp = inner.add_parser(
        "import",
        help="a georeferenced map from OpenStreetMap and elevation data",
        description="Make a map at the rules' scale from an OpenStreetMap extract and an elevation model.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    imp.add_argument("--osm", required=True, type=Path, metavar="FILE", help="OpenStreetMap extract, .osm or .osm.pbf")
    imp.add_argument("--dem", type=Path, metavar="FILE.tif", help="elevation model, a GeoTIFF (default: flat ground)")
    imp.add_argument("--centre", required=True, type=centre, metavar="LAT,LON", help="the map's centre, WGS 84")
    imp.add_argument("--size", required=True, type=size, metavar="WxH", help="squares across and down, e.g. 60x60")
    imp.add_argument("--rotation", type=float, default=0.0, metavar="DEG", help="top edge, degrees clockwise of north")
    imp.add_argument("--pack", required=True, help="the pack whose terrain, scale and import profile to use")
    imp.add_argument("--profile", type=Path, metavar="FILE", help="an import profile instead of the pack's")
    levels = imp.add_mutually_exclusive_group()
    levels.add_argument("--heights", type=lambda t: _pair(t, "--heights"), metavar="A,B", help="plateaus at A and B m")
    levels.add_argument(
        "--quantiles", type=lambda t: _pair(t, "--quantiles"), metavar="A,B", help="plateaus at these fractions"
    )
    imp.add_argument("--id", dest="map_id", help="map id (default: the name of the output file)")
    imp.add_argument("--name", help="map name shown to players")
    imp.add_argument("-o", "--output", required=True, type=Path, metavar="MAP.yaml", help="the map file to write")
    imp.add_argument("--force", action="store_true", help="replace an existing map file")
    imp.set_defaults(run=run_import)


def run_import(args) -> int:
    try:
        return _import(args)
    except CommandError as exc:
        return fail(exc)


def _import(args) -> int:
    from ..mapping.dem_read import DemReadError
    from ..mapping.georef import GisMissing
    from ..mapping.osm_read import OsmReadError
    from ..mapping.real_ground import GroundImportError
    from ..model import Georef

    out: Path = args.output
    if out.suffix not in (".yaml", ".yml"):
        raise CommandError(f"-o {out}: a map file is NAME.yaml")
    if not out.parent.is_dir():
        raise CommandError(f"-o {out}: the folder {out.parent} does not exist")
    if out.exists() and not args.force:
        raise CommandError(f"{out} already exists; use --force to replace it, or choose another -o")
    if args.map_id is not None and not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", args.map_id):
        raise CommandError(f"--id {args.map_id!r} is not an id: use lower-case letters, digits, '_' and '-'")
    content, profile = _content_and_profile(args)
    lat, lon = args.centre
    width, height = args.size
    try:
        from ..battlegen.scenario_writer import slug
        from ..mapping.real_ground import import_map, with_elevation

        if args.heights:
            profile = with_elevation(profile, "metres", args.heights)
        elif args.quantiles:
            profile = with_elevation(profile, "quantiles", args.quantiles)
        ground = import_map(
            content,
            osm=args.osm,
            dem=args.dem,
            georef=Georef(lat, lon, args.rotation),
            width=width,
            height=height,
            profile=profile,
            map_id=args.map_id or slug(out.stem, "real_ground"),
            name=args.name,
        )
    except (GisMissing, GroundImportError, OsmReadError, DemReadError) as exc:
        raise CommandError(str(exc)) from None
    text = write_map(content, ground.game_map, out)
    print(summary(content, ground, out, text))
    return 0


def _content_and_profile(args):
    from ..issues import render_text
    from ..packs import load_packs

    packset = load_packs(args.pack_path)
    pack = packset.packs.get(args.pack)
    if pack is None:
        raise CommandError(f"no pack '{args.pack}' (found: {', '.join(sorted(packset.packs)) or 'none'})")
    if not pack.usable:
        issues = [i for i in packset.all_issues() if i.pack == pack.id and i.is_error]
        raise CommandError(f"pack '{pack.id}' has errors; fix them first:\n{render_text(issues)}", code=1)
    content = packset.content(pack.id)
    if args.profile is None:
        if content.import_profile is None:
            raise CommandError(f"pack '{pack.id}' has no import_profile.yaml; give one with --profile FILE")
        return content, content.import_profile
    return content, read_profile(args.profile)


def read_profile(path: Path):
    """An import profile file, schema-checked, as its model; CommandError naming the file, line and problem."""
    from ..issues import render_text
    from ..model import Source
    from ..packs import decode
    from ..source_locations import locate_issues
    from ..validation.schemas import validate
    from ..yamlio import YamlFileError, load_fast

    try:
        loaded = load_fast(path)
    except YamlFileError as exc:
        raise CommandError(render_text([exc.issue])) from None
    issues = validate("import_profile", loaded.data, path)
    if issues:
        raise CommandError(
            f"{path} is not an import profile:\n{render_text(locate_issues(issues, {path: loaded.text}))}"
        )
    return decode.import_profile(loaded.data, Source(path, (), ""))


def write_map(content, game_map, out: Path) -> str:
    """Write the map file atomically (with its schema line when it is inside a pack); its text."""
    from ..atomic_files import atomic_write_text
    from ..battlegen.scenario_writer import map_document, render
    from ..packs.discovery import pack_folder_of
    from ..yamlio import dump_roundtrip

    doc = map_document(content, game_map)
    pack_dir = pack_folder_of(out.parent)
    comment = "# Made by `tacforge map import` (docs/real-ground.md).\n"
    if pack_dir is not None:
        head, _, body = render("map", doc, out, pack_dir).partition("\n")
        text = head + "\n" + comment + body
    else:
        text = comment + dump_roundtrip(doc)
    atomic_write_text(out, text)
    return text


def summary(content, ground, out: Path, text: str) -> str:
    import numpy as np

    from ..mapping.autotile import TYPES, layers_from_codes, own_types
    from ..mapping.georef import square_metres

    game_map = ground.game_map
    georef = game_map.georef
    types = layers_from_codes(game_map.codes, content).types
    names = (*TYPES, *own_types(content))
    counts = {names[t]: int(n) for t, n in zip(*np.unique(types, return_counts=True), strict=True)}
    metres = square_metres(content)
    lines = [
        f"wrote {out}: {game_map.width} x {game_map.height} squares of {metres:.1f} m "
        f"({game_map.width * metres / 1000:.1f} x {game_map.height * metres / 1000:.1f} km), centre "
        f"{georef.lat:.5f}, {georef.lon:.5f}, top edge {georef.rotation:g} degrees from north",
        "squares: " + ", ".join(f"{name} {n}" for name, n in sorted(counts.items(), key=lambda kv: -kv[1])),
    ]
    if game_map.labels:
        lines.append("labels: " + ", ".join(f"{t} ({x},{y})" for t, x, y in game_map.labels))
    lines += [f"note: {note}" for note in ground.notes]
    return "\n".join(lines)
