"""Every citation of the project's own documents lands on something that exists.

The code, schemas and packs cite the rules as `docs/rules.md 6.4`, `docs/rules.md 12.1 D4, 13 U5` or
`docs/rules.md 12.4 A15-A17`, and the design as `docs/architecture.md 5`. A citation names a numbered section of the
document (a `## 6.` or `### 6.4` heading) and, in sections 12 and 13, a labelled item (written `**D4.**` in the
document). A renumbered section or a dropped item makes this test fail at the file and line that cite it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = {"rules": REPO / "docs" / "rules.md", "architecture": REPO / "docs" / "architecture.md"}

# what may follow the document's name: section numbers and item labels, separated by commas or "and"
REFERENCE = re.compile(r"docs/(rules|architecture)\.md((?:[ ,]+(?:and )?(?:\d+(?:\.\d+)*|[A-Z]\d+(?:-[A-Z]?\d+)?))+)")
PIECE = re.compile(r"\d+(?:\.\d+)*|[A-Z]\d+(?:-[A-Z]?\d+)?")


def _cited_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    return [
        REPO / name
        for name in listed.split()
        if not name.startswith("tests/data/broken/")
        and Path(name).suffix in {".py", ".json", ".yaml", ".md", ".toml", ".txt"}
        and name != "tests/test_citations.py"
    ]


def _sections(text: str) -> set[str]:
    return {m.group(1).rstrip(".") for m in re.finditer(r"^#{2,4} (\d+(?:\.\d+)*)\.?\s", text, re.M)}


def _labels(text: str) -> set[str]:
    return set(re.findall(r"\*\*([A-Z]\d+)\.\*\*", text))


def _expand(label: str) -> list[str]:
    """A15-A17 -> A15, A16, A17; D4 -> D4."""
    m = re.fullmatch(r"([A-Z])(\d+)-[A-Z]?(\d+)", label)
    if not m:
        return [label]
    letter, first, last = m.group(1), int(m.group(2)), int(m.group(3))
    return [f"{letter}{n}" for n in range(first, last + 1)]


def _citations():
    for path in _cited_files():
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            for m in REFERENCE.finditer(line):
                yield path.relative_to(REPO), number, m.group(1), PIECE.findall(m.group(2))


CITATIONS = list(_citations())


def test_the_code_cites_its_own_documents():
    # hundreds of citations moved from documents outside the repository into docs/
    assert len(CITATIONS) > 300
    assert {kind for _, _, kind, _ in CITATIONS} == {"rules", "architecture"}


@pytest.mark.parametrize("kind", ["rules", "architecture"])
def test_every_citation_lands_on_a_section_or_item(kind):
    text = DOCS[kind].read_text(encoding="utf-8")
    sections, labels = _sections(text), _labels(text)
    missing = []
    for path, number, cited_kind, pieces in CITATIONS:
        if cited_kind != kind:
            continue
        for piece in pieces:
            if piece[0].isdigit():
                if piece not in sections:
                    missing.append(f"{path}:{number}: section {piece}")
            else:
                missing += [f"{path}:{number}: item {label}" for label in _expand(piece) if label not in labels]
    assert not missing, f"citations of docs/{kind}.md that land nowhere:\n" + "\n".join(missing)


def test_nothing_cites_documents_the_repository_does_not_have():
    stale = [
        f"{path.relative_to(REPO)}:{number}"
        for path in _cited_files()
        if path.is_file()
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1)
        if re.search(r"rules-reference|(?<![\w/])design\.md|\.\./shared", line)
    ]
    assert not stale, "citations of documents outside the repository:\n" + "\n".join(stale)
