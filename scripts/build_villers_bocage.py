"""Villers-Bocage, 13 June 1944, built in the editor as a designer builds it: the real windows, offscreen, driven
through their menus, docks, map tools and dialogs (the way tests/test_issue27_walkthrough.py drives them), every
designer action counted (a click, a typed field, a key, a drag) and the whole run timed. Nothing here writes YAML:
the two files (the map and the scenario) are what the editor's File > Save wrote, copied into the Western pack.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_villers_bocage.py          # writes into the pack
    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_villers_bocage.py --out DIR  # writes into DIR

The editor runs on a temporary copy of the Western pack (its own settings and recovery folder), so a run never
leaves the repository half-edited; the saved files are copied over the pack's own at the end. The map is drawn by
hand from what is known of the ground (the real-ground importer needs OpenStreetMap and elevation data this machine
cannot fetch): the header and description say so. The ground, the forces and their sources: the scenario's notes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import villers_bocage_data  # noqa: E402 (the script's folder first)
from scenario_build import build_in_editor  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "plugins/western/tacforge_western/pack"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=PACK, help="the pack folder the two saved files are copied to")
    args = parser.parse_args(argv)
    return build_in_editor(villers_bocage_data, "western", ("allied", "german"), "Villers-Bocage", args.out)


if __name__ == "__main__":
    sys.exit(main())
