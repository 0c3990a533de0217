"""Prokhorovka, 12 July 1943, built in the editor as a designer builds it: the Eastern pack's copy in the real
windows, offscreen, driven through their menus, docks, map tools and dialogs by scripts/editor_driver.py (as
scripts/build_villers_bocage.py builds the Western pack's Villers-Bocage), every designer action counted and the
whole run timed. Nothing here writes YAML: the two files are what the editor's File > Save wrote.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_prokhorovka.py          # writes into the pack
    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_prokhorovka.py --out DIR  # writes into DIR

The map is drawn by hand (the real-ground importer needs data this machine cannot fetch): its description and
the scenario's notes say so and name the sources. The designer's data: scripts/prokhorovka_data.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import prokhorovka_data  # noqa: E402 (the script's folder first)
from scenario_build import build_in_editor  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "plugins/eastern/tacforge_eastern/pack"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=PACK, help="the pack folder the two saved files are copied to")
    args = parser.parse_args(argv)
    return build_in_editor(prokhorovka_data, "eastern", ("soviet", "german"), "Prokhorovka", args.out)


if __name__ == "__main__":
    sys.exit(main())
