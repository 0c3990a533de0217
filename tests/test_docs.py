"""Every YAML snippet in docs/ is a valid document of its kind: what the docs show, tacforge accepts.

A snippet names its kind the way pack files do, with a `# yaml-language-server: $schema=...` first line. The commands
the docs show, with their output, are run by tests/test_doc_transcripts.py.
"""

import re
from pathlib import Path

import pytest
from conftest import REPO

from tacforge.engine.validation import schemas
from tacforge.engine.validation.schema_files import SCHEMA_LINE_PREFIX
from tacforge.engine.yamlio import load_fast

FENCE = re.compile(r"^```yaml\n(.*?)^```", re.M | re.S)


def _snippets() -> list[tuple[str, str]]:
    out = []
    for doc in sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md"]:
        text = doc.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            out.append((f"{doc.relative_to(REPO)}:{line}", match.group(1)))
    return out


SNIPPETS = _snippets()


def test_the_docs_have_yaml_snippets():
    assert len(SNIPPETS) >= 8


@pytest.mark.parametrize("where,text", SNIPPETS, ids=[w for w, _ in SNIPPETS])
def test_snippet_is_valid_against_the_schema_of_its_kind(where, text, tmp_path):
    first = text.splitlines()[0]
    assert first.startswith(SCHEMA_LINE_PREFIX), f"{where}: start the snippet with its $schema line"
    kind = Path(first.removeprefix(SCHEMA_LINE_PREFIX)).name.removesuffix(".schema.json")
    assert kind in schemas.KINDS, where
    path = tmp_path / "snippet.yaml"
    path.write_text(text, encoding="utf-8")
    issues = schemas.validate(kind, load_fast(path).data, path)
    assert [i.format() for i in issues] == [], where
