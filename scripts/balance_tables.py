"""Write the balance tables of the pack READMEs from balance runs (issue 28):

    .venv/bin/tacforge batch western:kasserine --runs 200 --handicap 3 --format json > kasserine.json
    .venv/bin/python scripts/balance_tables.py kasserine.json [more.json ...] [--readme README.md]

Each report's scenario gets its rows (all games, then each AI plan) in the table between the balance-table markers
of its pack's README (plugins/<pack>/README.md, found from the pack's folder; --readme names another), with its
target from balance_targets.yaml beside that README; the rows of other scenarios stay. Every file is checked and
every table built before anything is written, so a bad report leaves every README as it was.
tests/test_balance_tables.py fails when a row's content hash or rules fingerprint no longer matches its scenario.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.balance.tables import TableError, check_report, rewrite
from tacforge.engine.balance.targets import FILE_NAME, TargetsError, read_targets
from tacforge.engine.packs.fingerprint import pack_fingerprints


def pack_readme(pack_id: str) -> Path:
    """The README of a pack in this checkout: the one two folders above the pack folder (plugins/<pack>/)."""
    found = pack_fingerprints([pack_id]).get(pack_id)
    if found is None:
        raise TableError(f"pack '{pack_id}' is not installed here; give its README with --readme")
    readme = Path(found.folder).parents[1] / "README.md"
    if not readme.is_file():
        raise TableError(f"pack '{pack_id}' (at {found.folder}) has no README at {readme}; give one with --readme")
    return readme


def _read_report(path: Path) -> dict:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TableError(f"{path}: cannot be read ({exc.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TableError(f"{path}: not JSON ({exc}); give the output of `tacforge batch --format json`") from None
    check_report(report, str(path))
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", type=Path, help="JSON files of `tacforge batch --format json`")
    parser.add_argument("--readme", type=Path, help="write the table of this README (default: the pack's own)")
    args = parser.parse_args(argv)
    try:
        by_readme: dict[Path, list[dict]] = {}
        for path in args.reports:
            report = _read_report(path)
            readme = args.readme or pack_readme(report["pack"])
            by_readme.setdefault(readme, []).append(report)
        texts = {}
        for readme, reports in by_readme.items():
            targets = read_targets(readme.parent / FILE_NAME)
            texts[readme] = rewrite(readme.read_text(encoding="utf-8"), reports, targets, str(readme))
    except (TableError, TargetsError) as exc:
        print(f"balance_tables: {exc}", file=sys.stderr)
        return 1
    for readme, text in texts.items():
        atomic_write_text(readme, text)
        names = ", ".join(r["scenario"] for r in by_readme[readme])
        print(f"{readme}: wrote the rows of {names}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
