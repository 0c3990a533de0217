"""`tacforge packs`: the installed packs, their versions, where they come from and any problem."""

from __future__ import annotations

import json
from typing import Any


def register(sub) -> None:
    p = sub.add_parser("packs", description="List packs, versions, origin and problems.")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..packs import load_packs

    packset = load_packs(args.pack_path)
    rows: list[dict[str, Any]] = []
    for pack in sorted(packset.all, key=lambda p: (p.id, str(p.location.folder))):
        m = pack.manifest
        rows.append(
            {
                "id": pack.id,
                "name": m.name if m else "",
                "version": str(m.version) if m else "",
                "origin": pack.location.origin,
                "folder": str(pack.location.folder),
                "requires": {dep: str(spec) for dep, spec in m.requires} if m else {},
                "status": "ok" if pack.usable else "skipped",
                "problem": pack.problem,
                "errors": sum(1 for i in pack.issues.items if i.is_error),
            }
        )
    failures = [i for i in packset.issues.items if i.is_error]
    if args.format == "json":
        print(json.dumps({"packs": rows, "problems": [i.to_json() for i in packset.issues.items]}, indent=2))
    else:
        width = max([len(r["id"]) for r in rows] + [2])
        for r in rows:
            status = "" if r["status"] == "ok" else f"  SKIPPED: {r['problem']}"
            print(f"{r['id']:<{width}}  {r['version']:<8} {r['name']}  [{r['origin']}]{status}")
        for issue in packset.issues.items:
            print(issue.format())
        if not rows:
            print("no packs found")
    return 1 if failures or any(r["status"] != "ok" for r in rows) else 0
