"""Pack discovery, requirements, shadowing, overrides and conflicts."""

from pathlib import Path

from conftest import load_with, write_pack

from tacforge.engine.packs import discover, discovery, load_packs


def test_entry_points_find_the_bundled_packs(bundled):
    origins = {p.id: p.location.origin for p in bundled.all}
    assert {"core", "western", "eastern"} <= set(origins)
    assert origins["western"].startswith("plugin 'western'")


def test_env_var_and_pack_path(tmp_path, make_pack):
    a = make_pack("alpha")
    b = write_pack(tmp_path / "other", "beta")
    packset = load_packs([str(a)], env={"TACFORGE_PACK_PATH": str(b.parent)}, include_user_dir=False)
    assert packset.packs["alpha"].location.origin == "--pack-path"
    assert packset.packs["beta"].location.origin == "TACFORGE_PACK_PATH"
    assert packset.packs["alpha"].usable and packset.packs["beta"].usable


def test_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(discovery, "user_pack_dir", lambda: tmp_path / "packs")
    write_pack(tmp_path / "packs", "mine")
    packset = load_packs(env={})
    assert packset.packs["mine"].location.origin == "user data folder"


def test_missing_folder_is_a_warning(tmp_path):
    locations, issues = discover([tmp_path / "nowhere"], env={}, include_user_dir=False)
    assert [i.code for i in issues] == ["pack.path-missing"]
    assert any(loc.folder.name == "pack" for loc in locations)


def test_shadowed_pack_is_skipped(tmp_path):
    first = write_pack(tmp_path / "one", "same")
    second = write_pack(tmp_path / "two", "same")
    packset = load_with(first, second)
    assert packset.packs["same"].location.folder == first.resolve()
    shadowed = [p for p in packset.all if p.id == "same" and p.location.folder == second.resolve()][0]
    assert [i.code for i in shadowed.issues.items] == ["pack.shadowed"]


def test_missing_requirement_with_hint(make_pack):
    folder = make_pack("needy", requires={"core": ">=1", "westren": ">=1"})
    pack = load_with(folder).packs["needy"]
    assert not pack.usable
    issue = [i for i in pack.issues.items if i.code == "pack.requires-missing"][0]
    assert "western" in issue.hint


def test_requirement_version_out_of_range(make_pack):
    folder = make_pack("picky", requires={"core": ">=2"})
    pack = load_with(folder).packs["picky"]
    assert not pack.usable and [i.code for i in pack.issues.items] == ["pack.requires-version"]


def test_a_pre_release_meets_a_range_in_the_loader_as_in_the_manifest_form(make_pack):
    from tacforge.editor.data.manifest_checks import check_requirement

    base = make_pack("base")
    manifest = base / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("version: 1.0.0", "version: 2.0.0rc1"))
    user = make_pack("user", requires={"core": ">=1.0", "base": ">=1.0"})
    packset = load_with(base, user)
    assert packset.packs["user"].usable
    assert check_requirement("base", ">=1.0", {"base": packset.packs["base"].manifest.version}, "user") == []


def test_unknown_schema_version(make_pack):
    folder = make_pack("future")
    text = (folder / "pack.yaml").read_text().replace("schema_version: 1", "schema_version: 99")
    (folder / "pack.yaml").write_text(text)
    pack = load_with(folder).packs["future"]
    assert not pack.usable and "pack.schema-version" in [i.code for i in pack.issues.items]


def test_broken_requirement_cascades(make_pack):
    base = make_pack("base", files={"weapons.yaml": "weapons: [\n"})
    top = make_pack("top", requires={"core": ">=1", "base": ">=1"})
    packset = load_with(base, top)
    assert not packset.packs["top"].usable
    assert "pack.requires-broken" in [i.code for i in packset.packs["top"].issues.items]


def test_requirement_cycle(make_pack):
    a = make_pack("aa", requires={"core": ">=1", "bb": ">=1"})
    b = make_pack("bb", requires={"core": ">=1", "aa": ">=1"})
    packset = load_with(a, b)
    assert "pack.requires-cycle" in [i.code for i in packset.packs["aa"].issues.items]


MUD = """
terrain_types:
  - id: core:clear
    name: Muddy clear
    cover: false
    los: open
    movement: {armoured: 20, truck: 30, foot: 15}
"""


def test_override_replaces_the_required_entry(make_pack):
    folder = make_pack("mud", files={"terrain.yaml": MUD})
    packset = load_with(folder)
    assert packset.packs["mud"].usable
    assert packset.content("mud").terrain_type("clear").name == "Muddy clear"
    assert packset.content("core").terrain_type("clear").name == "Clear"


def test_override_of_unrequired_pack(make_pack):
    folder = make_pack("rogue", requires={}, files={"terrain.yaml": MUD})
    pack = load_with(folder).packs["rogue"]
    assert "pack.override-unrequired" in [i.code for i in pack.issues.items]


def test_conflicting_overrides(make_pack):
    one = make_pack("mud1", files={"terrain.yaml": MUD})
    two = make_pack("mud2", files={"terrain.yaml": MUD})
    packset = load_with(one, two)
    problems = [p for p in (packset.packs["mud1"], packset.packs["mud2"]) if not p.usable]
    assert len(problems) == 1 and "conflicts" in problems[0].problem


def test_extension_adds_to_the_required_pack(make_pack):
    folder = make_pack(
        "extra",
        requires={"core": ">=1", "western": ">=1"},
        ruleset="western:battlegroup",
        files={
            "weapons.yaml": """
            weapons:
              - id: m26_super
                name: Super Pershing
                aliases: [T26E4]
                nationality: us
                class: tank
                mr: 15
                mp: 22
                ss: 4
                ac: 10
                sp: 12
                mg: 2
                fa: 16
                ba: 6
                sl: 5
                periods: [5, 5]
            """
        },
    )
    packset = load_with(folder)
    assert packset.packs["extra"].usable, [i.format() for i in packset.packs["extra"].issues.items]
    content = packset.content("extra")
    assert content.resolve_weapon("t26e4").id == "extra:m26_super"
    assert content.resolve_weapon("sherman").id == "western:sherman"
    assert content.ruleset.id == "western:battlegroup"


def test_manifest_with_errors(make_pack):
    folder = make_pack("badman")
    (folder / "pack.yaml").write_text("id: badman\nname: x\nversion: one\nschema_version: 1\n")
    pack = load_with(folder).all[0]
    assert not pack.usable
    assert [i.code for i in pack.issues.items] == ["schema.pattern"]
