"""Every command the documents show with its output is run, and its output must be what the document shows.

The format (docs/architecture.md, "Examples that run"). In README.md and docs/*.md, a fenced block whose info string
is `console` is a transcript:

    ```console
    $ tacforge play western:bocage_crossroads --seed 3 --turns 2
    Bocage Crossroads (western:bocage_crossroads): Meeting Engagement, 2 turns, visibility 12, seed 3
    ...
    Result after turn 2: Draw
    ```

- A line starting with `$ ` is a command; it must be `tacforge` with its arguments, quoted as a shell would (a line
  ending in ` \\` goes on on the next line). The lines after it, up to the next command or the end of the block, are
  what it prints, stdout and stderr together, in order.
- A line that is only `...` stands for any number of lines, none included: the visible elision of a long output.
- Compared after three normalisations, of what changes from machine to machine and run to run and nothing else:
  spaces at the end of a line are dropped; a time (a number followed by ` s`, ` ms` or ` games/s`) is compared as a
  time, not as its number; and the folder the commands run in, or the checkout's own folder, at the start of a path
  tacforge prints in full is dropped, so that the document shows the path relative to the checkout.
- The commands run through the real entry point, `tacforge.engine.cli.main`, in this process, with the installed
  packs only (no TACFORGE_PACK_PATH, no user pack folder). Each document's commands run in order in one scratch
  folder of their own that looks like a checkout (its content, docs, plugins, schemas, scripts and tests folders
  are links to the repository's), so a command may read `tests/data/...` as a reader in a checkout would, and what
  one command writes (`new -o my-battles`) the next one reads. No command writes into the repository.

One more shown output is checked the same way: docs/fresh-machine.md's message of `make test` on a machine without
the system packages, which test_the_fresh_machine_message_is_what_make_prints reproduces with today's Makefile.

A change that alters a shown result fails here until the document is updated. Keep the shown commands quick (a
batch of a few short games, not a hundred): the whole file runs in seconds.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import REPO

from tacforge.engine.cli import main

DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
ELISION = "..."
# What a shown command may read from the checkout. Only these are linked: a folder a reader's own run of the examples
# left in the checkout (my-battles) must not be written into through a link.
CHECKOUT_ENTRIES = ("content", "docs", "plugins", "schemas", "scripts", "tests")
TIME = re.compile(r"\b\d+(?:\.\d+)? (s|ms|games/s)\b")


@dataclass(frozen=True)
class ShownCommand:
    """One `$ tacforge ...` line of a document and the output shown under it."""

    where: str  # document:line
    argv: tuple[str, ...]
    output: tuple[str, ...]


def _blocks(doc: Path) -> list[tuple[str, int, str]]:
    """Every fenced block of a document: (info string, line of its first content line, text)."""
    text = doc.read_text(encoding="utf-8")
    return [(m.group(1), text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in FENCE.finditer(text)]


def shown_commands(doc: Path) -> list[ShownCommand]:
    out: list[ShownCommand] = []
    for info, first_line, text in _blocks(doc):
        if info != "console":
            continue
        lines = text.splitlines()
        i = 0
        while i < len(lines):
            where = f"{doc.relative_to(REPO)}:{first_line + i}"
            if not lines[i].startswith("$ "):
                raise AssertionError(f"{where}: a console block starts with a `$ tacforge ...` line")
            command = lines[i][2:]
            while command.endswith(" \\") and i + 1 < len(lines):
                i += 1
                command = command[:-1] + lines[i].strip()
            argv = shlex.split(command)
            if argv[0] != "tacforge":
                raise AssertionError(f"{where}: only tacforge commands go in a console block, not {argv[0]!r}")
            i += 1
            output = []
            while i < len(lines) and not lines[i].startswith("$ "):
                output.append(lines[i])
                i += 1
            out.append(ShownCommand(where, tuple(argv[1:]), tuple(output)))
    return out


def _normalised(lines, folders: tuple[Path, ...] = ()) -> list[str]:
    out = []
    for line in lines:
        for folder in folders:
            line = line.replace(f"{folder}{os.sep}", "")
        out.append(TIME.sub(r"<time> \1", line.rstrip()))
    return out


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are the shown ones, each `...` line standing for any number of printed lines."""
    reached = {0}  # how many printed lines the shown lines so far can account for
    for line in shown:
        if line == ELISION:
            reached = set(range(min(reached), len(printed) + 1)) if reached else set()
        else:
            reached = {n + 1 for n in reached if n < len(printed) and printed[n] == line}
    return len(printed) in reached


def run(argv: tuple[str, ...]) -> list[str]:
    """What `tacforge ARGV` prints, stdout and stderr in the order written."""
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
        try:
            main(list(argv))
        except SystemExit:  # argparse's own exits (--version, --help, bad usage) print first
            pass
    return captured.getvalue().splitlines()


def _scratch_checkout(tmp_path: Path) -> Path:
    folder = tmp_path / "checkout"
    folder.mkdir()
    for name in CHECKOUT_ENTRIES:
        (folder / name).symlink_to(REPO / name)
    return folder


DOCUMENTS_WITH_COMMANDS = [doc for doc in DOCUMENTS if shown_commands(doc)]


def test_the_examples_are_transcripts():
    """The README's examples, the battle-building walkthrough and the fresh-machine notes show commands that run."""
    names = {doc.name for doc in DOCUMENTS_WITH_COMMANDS}
    assert {"README.md", "build-a-battle.md", "fresh-machine.md"} <= names
    assert sum(len(shown_commands(doc)) for doc in DOCUMENTS) >= 10


def test_no_shown_command_escapes_the_check():
    """A `$ tacforge` line in any other kind of block would be an example nothing runs: make it a console block."""
    for doc in DOCUMENTS:
        for info, first_line, text in _blocks(doc):
            if info != "console":
                assert not re.search(r"^\$ (\S*/)?tacforge\b", text, re.M), (
                    f"{doc.relative_to(REPO)}:{first_line}: a shown tacforge command belongs in a ```console block"
                )


def test_the_matcher_elides_only_where_it_is_told():
    assert matches(["a", ELISION, "d"], ["a", "b", "c", "d"])
    assert matches(["a", ELISION, "b"], ["a", "b"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert not matches(["a", ELISION], ["b", "a"])
    assert not matches(["a"], ["a", "b"])
    assert matches([ELISION], []) and not matches([], ["a"])
    assert matches(["a", ELISION, "c", ELISION], ["a", "c", "b", "c", "d"])
    assert _normalised(["12 games, 1 process, 3.4 s (3.52 games/s)  "]) == [
        "12 games, 1 process, <time> s (<time> games/s)"
    ]
    assert _normalised([f"{REPO}/tests/x.yaml:1:1: error", "12 shots"], (REPO,)) == [
        "tests/x.yaml:1:1: error",
        "12 shots",
    ]


@pytest.mark.parametrize("doc", DOCUMENTS_WITH_COMMANDS, ids=[d.name for d in DOCUMENTS_WITH_COMMANDS])
def test_every_shown_command_prints_what_the_document_shows(doc, tmp_path, monkeypatch):
    monkeypatch.delenv("TACFORGE_PACK_PATH", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # no user pack folder
    scratch = _scratch_checkout(tmp_path)
    monkeypatch.chdir(scratch)
    for shown in shown_commands(doc):
        printed = _normalised(run(shown.argv), (scratch, REPO))
        expected = _normalised(shown.output)
        assert matches(expected, printed), (
            f"{shown.where}: `tacforge {shlex.join(shown.argv)}` no longer prints what the document shows; "
            f"update the document.\n--- shown\n" + "\n".join(expected) + "\n--- printed\n" + "\n".join(printed)
        )


def _block_after(doc: Path, heading: str) -> list[str]:
    text = doc.read_text(encoding="utf-8")
    after = text.index(heading)
    match = FENCE.search(text, after)
    assert match, f"{doc.name}: no block after {heading!r}"
    return match.group(2).splitlines()


def test_the_fresh_machine_message_is_what_make_prints(tmp_path):
    """docs/fresh-machine.md quotes `make test` run by a normal user on a machine without the system packages. Here
    the same Makefile and set-up script run in a copy of the files they read, with stand-ins on the PATH for such a
    machine: dpkg-query finds no package installed, id says a normal user, and python3 has no venv module."""
    pinned = [str(p.relative_to(REPO)) for p in sorted((REPO / "requirements").glob("*.txt"))]
    for name in (
        "Makefile",
        "pyproject.toml",
        *pinned,
        "plugins/western/pyproject.toml",
        "plugins/eastern/pyproject.toml",
        "scripts/setup-system.sh",
        "engine/rules/_los_core.c",
        "engine/sim/_path_core.c",
        "engine/rules/_fire_core.c",
        "engine/ai/_strike_core.c",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / name, tmp_path / name)
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    for command, body in (("dpkg-query", "exit 1"), ("id", "echo 1000"), ("python3", "exit 1")):
        (stand_ins / command).write_text(f"#!/bin/sh\n{body}\n")
        (stand_ins / command).chmod(0o755)
    make = shutil.which("make")
    assert make, "GNU make is needed (README, 'Before you start')"
    done = subprocess.run(
        [make, "test"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"PATH": f"{stand_ins}{os.pathsep}/usr/bin{os.pathsep}/bin", "LC_ALL": "C"},
        timeout=60,
    )
    assert done.returncode == 2
    assert not (tmp_path / ".venv").exists()
    shown = _block_after(REPO / "docs" / "fresh-machine.md", "### The non-root message")
    assert done.stdout.splitlines() == shown, "docs/fresh-machine.md: update the non-root message"
