"""Record the event logs that tests/test_event_logs.py compares against (tests/data/event_logs/*.jsonl.gz).

    .venv/bin/python scripts/record_event_logs.py                 # every case
    .venv/bin/python scripts/record_event_logs.py western-celles  # only the named cases (a new scenario's)

With case names (tests/event_log_cases.py), only those logs are recorded (a new case) and the others are left as
they are; without, every log is recorded again. Run it only when a change is meant to change what happens in a
battle (a rules fix, a new AI decision), never to make a failing speed-up pass; the test never runs it. The battles
are those of tests/event_log_cases.py.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from event_log_cases import CASES, LOG_DIR, build_packs, play_log, write_recorded  # noqa: E402


def main(names: list[str]) -> int:
    unknown = sorted(set(names) - {case.name for case in CASES})
    if unknown:
        print(f"no such case: {', '.join(unknown)} (cases: {', '.join(case.name for case in CASES)})", file=sys.stderr)
        return 2
    cases = [case for case in CASES if case.name in names] if names else list(CASES)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tacforge-logcases-") as tmp:
        with contextlib.redirect_stdout(io.StringIO()):
            pack_paths = build_packs(cases, Path(tmp))
        for case in cases:
            log = play_log(case, pack_paths)
            write_recorded(case, log)
            print(f"{case.log_file.relative_to(LOG_DIR.parents[2])}: {len(log.splitlines())} events")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
