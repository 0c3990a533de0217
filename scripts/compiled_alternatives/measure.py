"""Measure the ways issue 31 allows to compile the battle core, on one of its kernels: the movement's distance field
(Dijkstra on the map's grid), as tacforge ships it in C (engine/sim/_path_core.c), and the same algorithm in numba
and in Cython (the two files beside this one). docs/architecture.md 8.1 reports the numbers.

Two steps, because numba and Cython are not tacforge's dependencies:

    .venv/bin/python scripts/compiled_alternatives/measure.py export OUT.npz
        (in tacforge's environment: the cost grids of every bundled map and mobility class, random goals and limits,
        the fields _path_core.c gives, and its time per field)
    python -m venv ALT && ALT/bin/pip install numpy numba cython setuptools
    ALT/bin/python scripts/compiled_alternatives/measure.py compare OUT.npz
        (builds the Cython module in a temporary folder, checks numba's and Cython's fields equal the C ones, times
        them the same way, and the costs a user would pay: import, first call, build)

Rust through PyO3 is the fourth way; its crates come from crates.io, which the reference machine cannot reach, so it
is not measured here.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
MOBILITIES = ("armoured", "truck", "foot")
REPEAT = 5


def export(out: Path) -> None:
    sys.path.insert(0, str(HERE.parents[1]))
    from tacforge.engine.packs import load_packs
    from tacforge.engine.sim import _path_core, pathing
    from tacforge.engine.sim.pathing import MovementField

    packs = load_packs(env={}, include_user_dir=False)
    rng = random.Random(31)
    costs, shapes, goals, limits, fields = [], [], [], [], []
    for pack in ("western", "eastern"):
        content = packs.content(pack)
        for game_map in content.maps.values():
            for mobility in MOBILITIES:
                field = MovementField(game_map, content, mobility)
                for _ in range(4):
                    goal = rng.randrange(field.width * field.height)
                    limit = rng.choice([-1.0, rng.uniform(0, 4 * field.median_cost)])
                    costs.append(field._costs.ravel())
                    shapes.append((field.width, field.height))
                    goals.append(goal)
                    limits.append(limit)
    seconds = time_calls(pathing._distance_field, costs, shapes, goals, limits, fields)
    np.savez(
        out,
        costs=np.array(costs, dtype=object),
        shapes=np.array(shapes),
        goals=np.array(goals),
        limits=np.array(limits),
        fields=np.array(fields, dtype=object),
        c_us=np.array([seconds * 1e6]),
        impassable=np.array([int(pathing.IMPASSABLE)]),
        c_module=np.array([_path_core.__file__]),
        unreached=np.array([int(pathing.UNREACHED)]),
    )
    sizes = len(set(map(tuple, shapes)))
    print(f"{len(goals)} fields of {sizes} map sizes; C (_path_core): {seconds * 1e6:.0f} us a field")


def time_calls(
    kernel, costs, shapes, goals, limits, fields_out=None, impassable=None, unreached=None, repeat=REPEAT
) -> float:
    """The least over `repeat` rounds of the mean time of one field; the fields of the last round into fields_out."""
    if impassable is None:
        from tacforge.engine.sim import pathing

        impassable, unreached = int(pathing.IMPASSABLE), int(pathing.UNREACHED)
    best = float("inf")
    for round_ in range(repeat):
        made = []
        start = time.perf_counter()
        for cost, (w, h), goal, limit in zip(costs, shapes, goals, limits, strict=True):
            field = np.full(w * h, np.int64(unreached))
            kernel(cost, w, h, int(goal), impassable, limit >= 0, max(limit, 0.0), field)
            made.append(field)
        best = min(best, (time.perf_counter() - start) / len(goals))
        if fields_out is not None and round_ == repeat - 1:
            fields_out.extend(made)
    return best


def timed_import(statement: str) -> float:
    """Seconds a fresh interpreter takes to run `statement`, less an empty one (best of three)."""

    def run(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=HERE)
        return time.perf_counter() - start

    return min(run(statement) for _ in range(3)) - min(run("pass") for _ in range(3))


def installed_mb(*packages: str) -> float:
    """Megabytes the packages' folders take in this environment."""
    import importlib.util

    total = 0
    for name in packages:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None
        total += sum(f.stat().st_size for f in Path(spec.origin).parent.rglob("*") if f.is_file())
    return total / 1e6


def compare(data_file: Path) -> None:
    data = np.load(data_file, allow_pickle=True)
    costs, shapes, goals, limits = list(data["costs"]), data["shapes"], data["goals"], data["limits"]
    expected = list(data["fields"])
    impassable, unreached = int(data["impassable"][0]), int(data["unreached"][0])
    rows = []

    def check(name, kernel):
        made: list = []
        time_calls(kernel, costs, shapes, goals, limits, made, impassable, unreached, repeat=1)
        same = all(np.array_equal(a, b) for a, b in zip(made, expected, strict=True))
        if not same:
            raise SystemExit(f"{name}: a field differs from the C one")
        return kernel

    # the C module tacforge built, loaded from its file (the same CPython), timed in this process like the others
    import importlib.util

    spec = importlib.util.spec_from_file_location("_path_core", str(data["c_module"][0]))
    assert spec is not None and spec.loader is not None
    c_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(c_module)
    rows.append(("C, CPython API (_path_core.c, built at install)", check("C", c_module.distance_field), "-", "-"))

    # numba: the first call compiles (JIT); with cache=True a later process loads the machine code from __pycache__
    sys.path.insert(0, str(HERE))
    import_s = timed_import("import numba")
    first = (
        "import time, numpy as np\nfrom dijkstra_numba import make, DXS, DYS\n"
        "k = make({cache})\nc = np.ones(3600, np.int32); f = np.zeros(3600, np.int64)\n"
        "s = time.perf_counter(); k(c, 60, 60, 0, 1 << 20, False, 0.0, f, DXS, DYS); "
        "print(time.perf_counter() - s)"
    )
    with tempfile.TemporaryDirectory() as cache_dir:
        env_code = f"import os; os.environ['NUMBA_CACHE_DIR'] = {cache_dir!r}\n"
        cold = float(subprocess.check_output([sys.executable, "-c", first.format(cache=False)], cwd=HERE))
        subprocess.check_output([sys.executable, "-c", env_code + first.format(cache=True)], cwd=HERE)
        warm = float(subprocess.check_output([sys.executable, "-c", env_code + first.format(cache=True)], cwd=HERE))
    from dijkstra_numba import DXS, DYS, make

    jitted = make(False)

    def numba_call(cost, w, h, goal, imp, bounded, limit, field):
        jitted(cost, w, h, goal, imp, bounded, limit, field, DXS, DYS)

    numba_call(costs[0], *shapes[0], int(goals[0]), impassable, False, 0.0, np.zeros(len(costs[0]), np.int64))
    rows.append(
        (
            "numba (@njit)",
            check("numba", numba_call),
            f"import {import_s * 1000:.0f} ms",
            f"first call compiles {cold * 1000:.0f} ms; {warm * 1000:.0f} ms from numba's cache; "
            f"numba and llvmlite {installed_mb('numba', 'llvmlite'):.0f} MB installed",
        )
    )

    # Cython: compiled ahead, like the C module, through a build step of its own
    with tempfile.TemporaryDirectory() as build:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "cython", "-3", str(HERE / "dijkstra_cython.pyx"), "-o", f"{build}/kernel.c"],
            check=True,
            capture_output=True,
        )
        setup = (
            "from setuptools import setup, Extension\n"
            "setup(ext_modules=[Extension('dijkstra_cython', ['kernel.c'], extra_compile_args=['-O2'])])\n"
        )
        Path(build, "setup.py").write_text(setup)
        subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"], check=True, capture_output=True, cwd=build
        )
        built_s = time.perf_counter() - start
        c_lines = sum(1 for _ in open(f"{build}/kernel.c"))
        sys.path.insert(0, build)
        import dijkstra_cython

        rows.append(
            (
                "Cython (cythonize + C compiler at install)",
                check("Cython", dijkstra_cython.distance_field),
                "-",
                f"build {built_s:.1f} s ({c_lines:,} lines of generated C); Cython {installed_mb('Cython'):.0f} MB "
                "to build, nothing at run time",
            )
        )

    # the three timed in turn, round after round, so that a busy spell of the machine falls on all of them
    best = [float("inf")] * len(rows)
    for _ in range(REPEAT):
        for i, (_name, kernel, _imported, _other) in enumerate(rows):
            one = time_calls(kernel, costs, shapes, goals, limits, None, impassable, unreached, repeat=1)
            best[i] = min(best[i], one)
    print(f"{len(goals)} fields; every field of numba and Cython equals the C one")
    print(f"{'way':<50} {'us a field':>10}  {'import':<14} other costs")
    for (name, _kernel, imported, other), seconds in zip(rows, best, strict=True):
        print(f"{name:<50} {seconds * 1e6:>10.0f}  {imported:<14} {other}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("export", "compare"):
        raise SystemExit(__doc__)
    (export if sys.argv[1] == "export" else compare)(Path(sys.argv[2]))
