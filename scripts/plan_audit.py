"""List the AI plan faults of issue 28 in historical scenarios (engine/validation/plan_release.py): units in no
group (headquarters marked) and groups handed to the doctrine after a last move onto their own side's ground.
Read-only:

    .venv/bin/python scripts/plan_audit.py western:kasserine eastern:bryansk ...
"""

from __future__ import annotations

import argparse

from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.validation.plan_release import plan_faults


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="+", help="PACK:ID")
    args = parser.parse_args()
    for ref in args.scenarios:
        _, scenario = find_scenario(ref, [])
        faults = plan_faults(scenario)
        print(f"{ref}: {len(faults)} finding(s)")
        for f in faults:
            if f.kind == "ungrouped":
                print(f"  {f.side:8} {f.plan:28} ungrouped {f.what}{' (HQ)' if f.hq else ''}")
            else:
                print(f"  {f.side:8} {f.plan:28} released at home: [{f.what}] at {f.square}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
