"""Every shipped YAML file: a $schema line that resolves, validates clean, and round-trips byte for byte."""

from pathlib import Path

import pytest
from conftest import REPO

from tacforge.engine.balance.targets import FILE_NAME as BALANCE_TARGETS
from tacforge.engine.yamlio import dump_roundtrip, load_roundtrip

# pack content; not the balance targets beside a pack's README, which no game reads (tests/test_balance_tables.py)
SHIPPED = sorted(
    p for root in ("content", "plugins") for p in (REPO / root).rglob("*.yaml") if p.name != BALANCE_TARGETS
)
KIND_BY_NAME = {
    "pack.yaml": "pack",
    "terrain.yaml": "terrain",
    "rules.yaml": "rules",
    "weapons.yaml": "weapons",
    "periods.yaml": "periods",
    "formations.yaml": "formations",
    "import_profile.yaml": "import_profile",
}


def _kind(path: Path) -> str:
    return KIND_BY_NAME.get(path.name) or {"maps": "map", "scenarios": "scenario"}[path.parent.name]


def _id(path: Path) -> str:
    return str(path.relative_to(REPO))


def test_there_are_shipped_files():
    assert len(SHIPPED) >= 11


@pytest.mark.parametrize("path", SHIPPED, ids=_id)
def test_schema_line(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    target = (path.parent / first.removeprefix(prefix)).resolve()
    assert target == (REPO / "schemas" / f"{_kind(path)}.schema.json").resolve()


@pytest.mark.parametrize("path", SHIPPED, ids=_id)
def test_roundtrip_without_edits_changes_no_byte(path):
    data, text = load_roundtrip(path)
    assert dump_roundtrip(data) == text


def test_bundled_packs_validate_clean(bundled):
    assert {"core", "western", "eastern"} <= set(bundled.packs)
    assert [i.format() for i in bundled.all_issues()] == []
    assert all(p.usable for p in bundled.packs.values())


TEMPLATES = REPO / "content" / "templates"


def test_every_shipped_file_is_loaded(bundled):
    loaded = set(bundled.texts())
    assert {p.resolve() for p in SHIPPED if TEMPLATES not in p.parents} <= loaded


def test_new_pack_template_validates_clean():
    from conftest import load_with

    packset = load_with(TEMPLATES / "new-pack")
    pack = packset.packs["my_pack"]
    assert pack.usable and [i.format() for i in pack.issues.items] == []
