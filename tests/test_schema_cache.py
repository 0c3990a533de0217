"""The fast load path skips schema checks only for file texts that passed them before."""

from conftest import write_pack

from tacforge.engine.packs import load_packs
from tacforge.engine.validation import schemas

WEAPONS = (
    "weapons:\n"
    "  - {id: gun, name: Gun, nationality: any, class: at_gun,"
    " mr: 5, mp: 5, ss: 3, ac: 5, sp: 0, df: 3, sl: 1, periods: [1, 2]}\n"
)


def test_cache_skips_only_unchanged_clean_files(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = write_pack(tmp_path, "cached", files={"weapons.yaml": WEAPONS})
    calls = []
    real = schemas.validate
    monkeypatch.setattr(schemas, "validate", lambda kind, data, path: calls.append(path) or real(kind, data, path))

    def load():
        calls.clear()
        packset = load_packs([folder], env={}, include_user_dir=False)
        return packset, [p for p in calls if p.is_relative_to(folder)]

    first, checked = load()
    assert {p.name for p in checked} == {"pack.yaml", "weapons.yaml"}
    second, checked = load()
    assert [p.name for p in checked] == ["pack.yaml"]  # manifests are always checked
    (folder / "weapons.yaml").write_text(WEAPONS.replace("mr: 5", "mr: -5"))
    third, checked = load()
    assert [p.name for p in checked] == ["pack.yaml", "weapons.yaml"]
    assert not third.packs["cached"].usable
    fourth, checked = load()  # a file with errors is never cached
    assert "weapons.yaml" in [p.name for p in checked]


def test_unwritable_cache_is_harmless(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(blocker / "cache"))
    packset = load_packs(env={}, include_user_dir=False)
    assert packset.packs["western"].usable
