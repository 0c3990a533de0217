"""Fuzzing the validator (issues 12 and 24): valid files, mutated as a designer's slips and worse (lines deleted,
duplicated or swapped, values of the wrong type, stray characters, truncation, deep nesting), always give a list of
issues and never an exception; and every mutated pack that validates clean plays a few turns, computer against
computer, without an exception or a hang: validate knows what play knows. `make test` tries a bounded number of
derandomised cases; `make soak` tries TACFORGE_SOAK cases (e.g. 10,000) and prints how many it tried, played and
how many failed.

Each case is read as one file of a pack that requires the installed packs; the installed packs are read once and
copied into every check (tests/test_broken_corpus.py does the same).
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from conftest import REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_broken_corpus import CORPUS, fresh, installed_packs

from tacforge.engine.balance.targets import FILE_NAME as BALANCE_TARGETS
from tacforge.engine.issues import Issue
from tacforge.engine.model import Scenario
from tacforge.engine.model.content import Content
from tacforge.engine.packs.discovery import MANIFEST, PackLocation
from tacforge.engine.packs.loader import PackSet, load_location_guarded

# Hypothesis caches what it reads from the source in .hypothesis/; keep that out of the work tree.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "tacforge-hypothesis"))
EXAMPLES = int(os.environ.get("TACFORGE_SOAK", "0")) or 200
# Every mutated pack that validates clean is played (issue 24: validate knows what play knows); `make test` plays
# the first few dozen of them, `make soak` every one.
PLAYS = EXAMPLES if os.environ.get("TACFORGE_SOAK") else 30
PLAY_TURNS, PLAY_SECONDS = 2, 60.0
FUZZ_PACK = "fuzz"


def _text_or_none(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None  # the corpus's Latin-1 and UTF-16 files: mutated text must be text


def _seeds() -> list[tuple[Path, str]]:
    roots = [REPO / "content", REPO / "plugins", REPO / "tests" / "data" / "fixtures", CORPUS]
    found = []
    for root in roots:
        for path in sorted(root.rglob("*.yaml")):
            text = _text_or_none(path)
            # pack files only: the balance targets beside a pack's README are no pack file
            if text is not None and "templates" not in path.parts and path.name != BALANCE_TARGETS:
                found.append((path, text))
    return found


SEEDS = _seeds()
VALUES = [
    "17",
    "-1",
    "0",
    "3.5",
    ".inf",
    "-.inf",
    ".nan",
    "1e309",
    "true",
    "null",
    "~",
    "''",
    '"text"',
    "[]",
    "{}",
    "[1, [2, [3]]]",
    "{a: {b: c}}",
    '"1944-02-30"',
    "1944-07-29",
    "0x1F",
    "0o17",
    "*nowhere",
    "&anchor x",
    "!!python/object/apply:os.system ['true']",
    "!!binary aGVsbG8=",
    "|\n  block",
    "- a\n- b",
    "é ü 中",
    "[" * 250,
    "[" * 30000,
    "{" * 199 + "}" * 199,
    "a: b: c",
    "?",
    "-",
    ":",
    "%YAML 1.1",
    "---",
    "...",
]
NOISE = st.text(alphabet=" \t:-[]{}#&*!|>'\",?%@`\\\n\r\x00\x85\ufeffé09az", max_size=6)


def _pack_folder_of(path: Path) -> Path | None:
    return next((p for p in path.parents if (p / MANIFEST).is_file()), None)


@dataclass
class FuzzCase:
    seed: Path
    text: str
    steps: list[str] = field(default_factory=list)
    packset: PackSet | None = None  # what validate_mutated loaded


@st.composite
def mutated_files(draw) -> FuzzCase:
    seed, original = draw(st.sampled_from(SEEDS))
    lines = original.splitlines(keepends=True) or [""]
    case = FuzzCase(seed, "")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "retype", "insert", "truncate", "nest", "indent"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "retype":
            head, sep, _ = lines[i].partition(": ")
            value = draw(st.sampled_from(VALUES))
            lines[i] = f"{head}{sep or ': '}{value}\n"
        elif op == "insert":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(NOISE) + lines[i][at:]
        elif op == "truncate":
            text = "".join(lines)
            lines = [text[: draw(st.integers(0, len(text)))]] or [""]
        elif op == "nest":
            depth = draw(st.sampled_from([5, 150, 199, 201, 600, 30000]))
            lines[i] = lines[i].rstrip("\n") + " " + "[" * depth + "\n"
        elif op == "indent":
            lines[i] = draw(st.sampled_from(["  ", "\t", " "])) + lines[i] if draw(st.booleans()) else lines[i].lstrip()
        case.steps.append(op)
        lines = lines or [""]
    case.text = "".join(lines)
    return case


PLUGINS = REPO / "plugins"
FRONT_SCENARIOS = {
    "western:battlegroup": PLUGINS / "western" / "tacforge_western" / "pack" / "scenarios" / "bocage_crossroads.yaml",
    "eastern:kampfgruppe": PLUGINS / "eastern" / "tacforge_eastern" / "pack" / "scenarios" / "steppe_village.yaml",
}


def _front_of(seed: Path) -> str:
    return "eastern:kampfgruppe" if "eastern" in str(seed) else "western:battlegroup"


def validate_mutated(case: FuzzCase, folder: Path) -> list[Issue]:
    """Every issue of a pack holding the mutated file (at its place in the seed's pack), beside the installed packs."""
    pack_folder = _pack_folder_of(case.seed)
    relative = case.seed.relative_to(pack_folder) if pack_folder else Path(case.seed.name)
    target = folder / FUZZ_PACK
    (target / relative).parent.mkdir(parents=True, exist_ok=True)
    if relative != Path(MANIFEST):
        front = _front_of(case.seed)
        (target / MANIFEST).write_text(
            f"id: {FUZZ_PACK}\nname: Fuzz\nversion: 1.0.0\nschema_version: 1\nrequires:\n"
            f"  core: '>=1.0'\n  {front.split(':')[0]}: '>=1.0'\nruleset: {front}\n",
            encoding="utf-8",
        )
        if relative.parts[0] != "scenarios":  # a scenario of the front, checked and played with the mutated file
            (target / "scenarios").mkdir(exist_ok=True)
            shutil.copy(FRONT_SCENARIOS[front], target / "scenarios" / FRONT_SCENARIOS[front].name)
    (target / relative).write_text(case.text, encoding="utf-8", errors="surrogatepass")
    pack = load_location_guarded(PackLocation(target.resolve(), "fuzz"), None)
    packset = PackSet([pack, *(fresh(p) for p in installed_packs())], [])
    issues = packset.all_issues()
    assert all(isinstance(i, Issue) and i.code and i.message for i in issues)
    assert not [i for i in issues if i.code == "internal"], [i.message for i in issues if i.code == "internal"]
    case.packset = packset
    return issues


def playable_scenarios(case: FuzzCase) -> list[tuple[Content, Scenario]]:
    """What `tacforge play` plays of a mutated pack that validates clean: its scenarios (a mutated weapons, rules or
    terrain file comes with a scenario of its front, whose bare weapon ids find the mutated weapons first). Nothing
    when the pack has errors: play refuses it then."""
    packset = case.packset
    pack = packset.packs.get(FUZZ_PACK) if packset is not None else None
    if pack is None or not pack.usable:
        return []
    content = packset.content(FUZZ_PACK)
    return [(content, scenario) for scenario in pack.docs.scenarios[:1]]


class Hung(Exception):
    """A battle went past its time bound: a loop that does not end (issue 24's full carrier was one)."""


def play_a_few_turns(content: Content, scenario: Scenario, turns: int = PLAY_TURNS, seconds: float = PLAY_SECONDS):
    """The game `tacforge play --turns N` plays, computer against computer, with a bound on its time."""
    from tacforge.engine.ai import ComputerPlayer
    from tacforge.engine.sim.battle import Battle

    def hung(signum, frame):
        raise Hung(f"{scenario.id}: {turns} turns took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        battle = Battle(content, scenario, seed=1, turns=turns)
        players = {side: ComputerPlayer() for side in battle.state.sides}
        while not battle.over:
            battle.start()
            battle.orders_phase({side: players[side].orders(battle, side) for side in battle.state.sides})
            battle.combat_phase()
        battle.result()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Tally:
    tried: int = 0
    played: int = 0
    failures: list[str] = field(default_factory=list)


def run_fuzz(examples: int, plays: int) -> Tally:
    """`examples` mutated packs validated; the first `plays` of those that validate clean played for a few turns."""
    tally = Tally()

    @settings(
        derandomize=True,
        database=None,
        deadline=None,
        max_examples=examples,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(mutated_files())
    def check(case: FuzzCase) -> None:
        tally.tried += 1
        with tempfile.TemporaryDirectory() as folder:
            step = "validate"
            try:
                validate_mutated(case, Path(folder))
                step = "play"
                for content, scenario in playable_scenarios(case)[: max(0, plays - tally.played)]:
                    tally.played += 1
                    play_a_few_turns(content, scenario)
            except Exception as exc:  # counted, not raised: a soak run reports every failure, not only the first
                tally.failures.append(
                    f"{case.seed.relative_to(REPO)} after {'+'.join(case.steps)} ({step}): "
                    f"{''.join(traceback.format_exception_only(exc)).strip()}"
                )

    check()
    return tally


def test_the_validator_never_raises_on_mutated_files_and_what_it_passes_plays():
    tally = run_fuzz(EXAMPLES, PLAYS)
    print(
        f"\nfuzzed the validator: {tally.tried} cases tried, {tally.played} that validated clean played "
        f"{PLAY_TURNS} turns, {len(tally.failures)} failed"
    )
    for failure in tally.failures[:20]:
        print("  " + failure)
    assert tally.tried >= min(EXAMPLES, 100)
    assert tally.failures == []


def test_the_play_step_reports_a_battle_that_never_ends(bundled, monkeypatch):
    """The bound on a played game's time turns a loop that never ends (such as issue 24's full carrier) into a
    failure of the case, not a soak run that never finishes."""
    import pytest

    from tacforge.engine.sim.battle import Battle

    def forever(self):
        while True:
            pass

    monkeypatch.setattr(Battle, "combat_phase", forever)
    content = bundled.content("western")
    with pytest.raises(Hung):
        play_a_few_turns(content, content.scenario("bocage_crossroads"), seconds=1.0)
