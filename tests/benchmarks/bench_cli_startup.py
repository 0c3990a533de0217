"""Benchmark: command-line start-up, whole process (docs/architecture.md 8): `tacforge --help` under 150 ms and
`tacforge validate` of a one-scenario pack (made by `tacforge new`) under 300 ms.

Run alone with `--compare OTHER/bin/tacforge` to time another install in the same run, the two interleaved run by
run so that the load of a shared machine falls on both alike; it prints both medians and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# the console script next to the interpreter running the benchmarks (the checkout's .venv under `make bench`)
TACFORGE = str(Path(sys.executable).with_name("tacforge"))
RUNS = 11


def _commands(tmp: Path) -> dict[str, list[str]]:
    """The two command lines timed, as arguments after the executable; writes the one-scenario pack first."""
    subprocess.run(
        [
            TACFORGE,
            "new",
            "--pack",
            "western",
            "--type",
            "meeting",
            "--period",
            "3",
            "--seed",
            "1",
            "-o",
            str(tmp / "packs" / "one"),
        ],
        check=True,
        capture_output=True,
        env=_env(tmp),
    )
    return {"help": ["--help"], "validate": ["--pack-path", str(tmp / "packs"), "validate", "one"]}


def _env(tmp: Path) -> dict[str, str]:
    """Only the bundled packs and the pack under test; the schema cache in the temporary folder, warmed by `new`.
    Byte-code caches on, as in an installed tacforge (the warm-up round writes them, into the temporary folder), even
    where PYTHONDONTWRITEBYTECODE is set: compiling every module on each start would be most of what is timed."""
    env = {k: v for k, v in os.environ.items() if k not in ("TACFORGE_PACK_PATH", "PYTHONDONTWRITEBYTECODE")}
    return {
        **env,
        "TACFORGE_CACHE_DIR": str(tmp / "cache"),
        "XDG_DATA_HOME": str(tmp / "data"),
        "PYTHONPYCACHEPREFIX": str(tmp / "pycache"),
    }


def _once_ms(executable: str, args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([executable, *args], check=True, stdout=subprocess.DEVNULL, env=env)
    return (time.perf_counter() - start) * 1000


def medians_ms(executables: list[str]) -> dict[tuple[str, str], float]:
    """{(executable, command): median ms}, the executables' runs interleaved."""
    samples: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="tacforge-bench-cli-") as name:
        tmp = Path(name)
        env = _env(tmp)
        commands = _commands(tmp)
        for run in range(RUNS + 1):  # the first round warms the disk cache and is not counted
            for command, args in commands.items():
                for executable in executables:
                    ms = _once_ms(executable, args, env)
                    if run:
                        samples.setdefault((executable, command), []).append(ms)
    return {key: statistics.median(values) for key, values in samples.items()}


def run() -> list[tuple[str, float, float | None, str]]:
    medians = medians_ms([TACFORGE])
    note = f"whole process, median of {RUNS}"
    start, validate = medians[TACFORGE, "help"], medians[TACFORGE, "validate"]
    why = (
        ""
        if validate <= 300.0
        else (
            f"; {start:.0f} ms of it is what --help also pays (the interpreter, the command line), the rest the "
            "imports of the model, packaging and the plugins' entry points, and reading the packs' YAML"
        )
    )
    return [
        ("command line: tacforge --help", start, 150.0, note),
        ("command line: tacforge validate, one-scenario pack", validate, 300.0, note + why),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="TACFORGE", help="another tacforge executable to time alongside")
    args = parser.parse_args()
    executables = [TACFORGE] + ([args.compare] if args.compare else [])
    medians = medians_ms(executables)
    for command in ("help", "validate"):
        shown = "  ".join(f"{exe}: {medians[exe, command]:.0f} ms" for exe in executables)
        ratio = f"  ratio {medians[args.compare, command] / medians[TACFORGE, command]:.2f}x" if args.compare else ""
        print(f"{command:<9} {shown}{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
