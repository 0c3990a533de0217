"""A pack whose cross-reference checks found nothing is not checked again while its texts, its requirements' texts
and the code are unchanged; the packs `tacforge validate` reports on are always checked."""

from conftest import write_pack

from tacforge.engine.packs import load_packs, pack_set

GUN = (
    "  - {id: GUN, name: NAME, nationality: any, class: at_gun,"
    " mr: 5, mp: 5, ss: 3, ac: 5, sp: 0, df: 3, sl: 1, periods: [1, 2]}\n"
)


def weapons(*names: str) -> str:
    return "weapons:\n" + "".join(GUN.replace("GUN", f"gun{i}").replace("NAME", n) for i, n in enumerate(names))


def test_clean_requirements_are_checked_once(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    base = write_pack(tmp_path / "packs", "base", files={"weapons.yaml": weapons("Gun A")})
    write_pack(tmp_path / "packs", "top", requires={"base": ">=1.0"}, files={"weapons.yaml": weapons("Gun B")})
    checked: list[str] = []
    real = pack_set.check_pack
    monkeypatch.setattr(pack_set, "check_pack", lambda pack, content: checked.append(pack.id) or real(pack, content))

    def validate_top() -> list[str]:
        checked.clear()
        top = lambda p: p.id == "top"  # noqa: E731
        packset = load_packs([tmp_path / "packs"], env={}, include_user_dir=False, check_fully=top, only=top)
        assert not packset.all_issues()
        return sorted(checked)

    assert validate_top() == ["base", "core", "top"]
    assert validate_top() == ["top"]  # the pack reported on, always
    (base / "weapons.yaml").write_text(weapons("Gun C"))
    assert validate_top() == ["base", "top"]  # core's texts did not change; base's did
    assert validate_top() == ["top"]


def test_a_pack_with_issues_is_checked_every_time(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    write_pack(tmp_path / "packs", "twice", files={"weapons.yaml": weapons("Same", "Same")})
    checked: list[str] = []
    real = pack_set.check_pack
    monkeypatch.setattr(pack_set, "check_pack", lambda pack, content: checked.append(pack.id) or real(pack, content))
    for first in (True, False):
        checked.clear()
        packset = load_packs([tmp_path / "packs"], env={}, include_user_dir=False)
        assert "weapon.name-duplicate" in {i.code for i in packset.all_issues()}
        assert sorted(checked) == (["core", "eastern", "twice", "western"] if first else ["twice"])


def test_without_the_cache_every_pack_is_checked(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    checked: list[str] = []
    real = pack_set.check_pack
    monkeypatch.setattr(pack_set, "check_pack", lambda pack, content: checked.append(pack.id) or real(pack, content))
    for _ in range(2):
        checked.clear()
        load_packs(env={}, include_user_dir=False, use_cache=False)
        assert sorted(checked) == ["core", "eastern", "western"]
