"""Benchmarks (`make bench`): medians on this machine, printed as a table and written to bench-results.json.

Budgets come from docs/architecture.md 8. Nothing here fails a build: the numbers are for people to read.

The machine is shared and its speed varies from minute to minute, so a fixed pure-Python loop (timing.python_loop_ms)
is timed before the first benchmark and after each one, and every row is also shown as a ratio to the median of those
loop timings ("x loop"): the ratio is what compares across runs and machines, the milliseconds only within one run.

A benchmark's run() returns rows (label, value, budget or None, note), the value and budget in milliseconds; a row
that measures something else adds its unit as a fifth element, e.g. "MB" for a peak memory, and has no "x loop".
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tacforge.engine.packs import load_packs  # noqa: E402
from tacforge.engine.yamlio import load_roundtrip  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import median_ms, python_loop_ms  # noqa: E402

RESULTS = REPO / "bench-results.json"


def bundled_files() -> list[Path]:
    packset = load_packs(env={}, include_user_dir=False)
    return sorted(packset.texts(), key=lambda p: p.stat().st_size)


def bench_load(use_cache: bool) -> float:
    return median_ms(lambda: load_packs(env={}, include_user_dir=False, use_cache=use_cache), repeat=15)


def bench_validate() -> float:
    return median_ms(lambda: load_packs(env={}, include_user_dir=False, use_cache=False).all_issues(), repeat=15)


def bench_roundtrip_largest() -> tuple[float, str]:
    largest = bundled_files()[-1]
    return median_ms(lambda: load_roundtrip(largest), repeat=9), str(largest.relative_to(REPO))


def chosen_benchmarks() -> list[Path]:
    """Every bench_*.py, or those named in TACFORGE_BENCH_ONLY (comma-separated stems, e.g. "bench_playtest")."""
    found = sorted(Path(__file__).parent.glob("bench_*.py"))
    only = {name.strip() for name in os.environ.get("TACFORGE_BENCH_ONLY", "").split(",") if name.strip()}
    unknown = only - {p.stem for p in found}
    if unknown:
        raise SystemExit(f"TACFORGE_BENCH_ONLY names no benchmark: {', '.join(sorted(unknown))}")
    return [p for p in found if not only or p.stem in only]


def number(ms: float) -> str:
    """Milliseconds to one decimal, or to four significant digits below 1 ms (a viewshed takes about 0.05)."""
    return f"{ms:.1f}" if ms >= 1 else f"{ms:.4g}"


def shown(value: float, unit: str) -> str:
    """A value as the table shows it: milliseconds bare (the column's unit), any other unit after the number."""
    return number(value) if unit == "ms" else f"{value:.0f} {unit}"


def verdict(value: float, budget: float | None) -> str:
    """ "yes", "NO 1.4x" (the median over the budget by that factor), or "" for a row without a budget."""
    if budget is None:
        return ""
    return "yes" if value <= budget else f"NO {value / budget:.1f}x"


def result(label: str, value: float, budget: float | None, note: str, unit: str, loop_ms: float) -> dict:
    """One row of bench-results.json: a time as median_ms and its ratios to the loop; another unit as value and
    unit, with no ratio."""
    timed = unit == "ms"
    return {
        "name": label,
        **({"median_ms": round(value, 2)} if timed else {"value": round(value, 2), "unit": unit}),
        "ratio_to_python_loop": round(value / loop_ms, 5) if timed else None,
        f"budget_{'ms' if timed else 'value'}": budget,
        "budget_ratio_to_python_loop": None if budget is None or not timed else round(budget / loop_ms, 5),
        "within_budget": None if budget is None else value <= budget,
        "over_budget_factor": None if budget is None or value <= budget else round(value / budget, 2),
        "note": note,
    }


def main() -> int:
    os.environ.setdefault("TACFORGE_CACHE_DIR", tempfile.mkdtemp(prefix="tacforge-bench-"))
    loops = [python_loop_ms()]  # the yardstick, timed again after each benchmark module
    rows = []
    rows.append(("load every bundled pack (fast path)", bench_load(True), 150.0, "schema cache warm, as in play"))
    rows.append(("load every bundled pack, no schema cache", bench_load(False), None, "first load after an edit"))
    validate = bench_validate()
    rows.append(
        (
            "validate every bundled pack",
            validate,
            300.0,
            ""
            if validate <= 300.0
            else "about three quarters of it is reading the YAML (PyYAML's Python constructor over its C parser)",
        )
    )
    rt, name = bench_roundtrip_largest()
    rows.append(("round-trip load of the largest file", rt, 500.0, name))
    for module in chosen_benchmarks():
        spec = importlib.util.spec_from_file_location(module.stem, module)
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[module.stem] = loaded  # as an import would: dataclasses and worker processes look it up there
        spec.loader.exec_module(loaded)
        found = loaded.run()
        for label, value, budget, *rest in found:  # as it goes, so that a long run shows its progress
            unit = rest[1] if len(rest) > 1 else "ms"
            print(
                f"{module.stem}: {label}: {float(value):.1f} {unit}"
                + ("" if budget is None else f" (budget {budget:.0f})"),
                flush=True,
            )
        rows += found
        loops.append(python_loop_ms())
    loop_ms = statistics.median(loops)
    width = max(len(r[0]) for r in rows)
    rows = [(label, float(value), budget, note, *(unit or ["ms"])) for label, value, budget, note, *unit in rows]
    print(
        f"pure-Python loop: median {loop_ms:.1f} ms of {len(loops)} timings (from {min(loops):.1f} to {max(loops):.1f})"
    )
    print(f"{'benchmark':<{width}}  {'median ms':>10}  {'x loop':>8}  {'budget ms':>10}  within")
    for label, value, budget, note, unit in rows:
        ratio = f"{value / loop_ms:.4g}" if unit == "ms" else "-"  # a memory is no multiple of a time
        limit = "-" if budget is None else shown(budget, unit)
        print(
            f"{label:<{width}}  {shown(value, unit):>10}  {ratio:>8}  {limit:>10}  {verdict(value, budget):<9}"
            + (f"   ({note})" if note else "")
        )
    missed = [
        (label, value / budget, note) for label, value, budget, note, _ in rows if budget is not None and value > budget
    ]
    if missed:  # issue 17: the bench says by how much each budget is missed, and the row's note says why
        print(f"\n{len(missed)} budget(s) missed:")
        for label, factor, note in missed:
            print(f"- {label}: {factor:.2f}x the budget" + (f"; {note}" if note else ""))
    RESULTS.write_text(
        json.dumps(
            {
                "machine": {
                    "python": platform.python_version(),
                    "platform": platform.platform(),
                    "cpus": __import__("os").cpu_count(),
                },
                "python_loop_ms": {"median": round(loop_ms, 2), "timings": [round(t, 2) for t in loops]},
                "results": [
                    result(label, value, budget, note, unit, loop_ms) for label, value, budget, note, unit in rows
                ],
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {RESULTS.relative_to(REPO)}")
    if "qt_lifetime" in sys.modules:  # a benchmark made Qt objects: delete them now, in order (qt_lifetime.py)
        left = sys.modules["qt_lifetime"].shut_down()
        if left:
            print(f"Qt objects the benchmarks did not release, deleted before exit: {', '.join(left)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
