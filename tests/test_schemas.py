"""Every schema has positive and negative example files; each is checked here.

tests/data/schemas/<kind>/valid/*.yaml must validate without errors; invalid/*.yaml must give the issue code
named on their first line ('# expect: CODE').
"""

from pathlib import Path

import pytest

from tacforge.engine.resources import SCHEMA_DIR
from tacforge.engine.validation import schemas
from tacforge.engine.yamlio import load_fast

DATA = Path(__file__).parent / "data" / "schemas"
VALID = sorted(DATA.glob("*/valid/*.yaml"))
INVALID = sorted(DATA.glob("*/invalid/*.yaml"))


def _id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.name}"


def test_every_kind_has_both_kinds_of_examples():
    for kind in schemas.KINDS + schemas.RECORD_KINDS:
        assert list((DATA / kind / "valid").glob("*.yaml")), f"no valid example for {kind}"
        assert list((DATA / kind / "invalid").glob("*.yaml")), f"no invalid example for {kind}"


def test_every_schema_file_is_a_kind_or_shared():
    names = {p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json")}
    assert names == set(schemas.KINDS) | set(schemas.RECORD_KINDS) | {"defs", "model"}


@pytest.mark.parametrize("path", VALID, ids=_id)
def test_valid_examples(path):
    issues = schemas.validate(path.parent.parent.name, load_fast(path).data, path)
    assert [i.format() for i in issues] == []


@pytest.mark.parametrize("path", INVALID, ids=_id)
def test_invalid_examples(path):
    expected = path.read_text().splitlines()[0].removeprefix("# expect:").strip()
    issues = schemas.validate(path.parent.parent.name, load_fast(path).data, path)
    assert issues, "an invalid example must give an issue"
    assert expected in {i.code for i in issues}, [i.format() for i in issues]
    for issue in issues:
        assert issue.message and issue.path is not None


def test_registry_never_fetches():
    from referencing.exceptions import Unresolvable

    registry = schemas.registry()
    with pytest.raises(Unresolvable):
        registry.resolver().lookup("https://example.com/elsewhere.json")
