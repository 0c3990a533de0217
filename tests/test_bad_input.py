"""Bad input (docs/architecture.md 9, issue 2): each case gives one clear issue naming file and line, exit code 1, no
traceback, and the other packs still load."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import REPO, write_pack

from tacforge.engine.cli import main

GOOD_WEAPON = """\
weapons:
  - id: tankette
    name: Tankette
    nationality: any
    class: tank
    mr: 3
    mp: 2
    ss: 1
    ac: 4
    sp: 20
    mg: 1
    fa: 1
    ba: 1
    sl: 2
    periods: [1, 2]
"""

BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(8)
)

CASES = {
    "malformed": ({"weapons.yaml": "weapons:\n  - {id: x, name: [unclosed\n"}, "yaml.syntax", "weapons.yaml", None),
    "wrong-type": ({"weapons.yaml": GOOD_WEAPON.replace("mr: 3", "mr: three")}, "schema.type", "weapons.yaml", 6),
    "negative-armour": ({"weapons.yaml": GOOD_WEAPON.replace("fa: 1", "fa: -4")}, "schema.minimum", "weapons.yaml", 12),
    "duplicate-key": (
        {"weapons.yaml": GOOD_WEAPON.replace("    ss: 1\n", "    ss: 1\n    mp: 5\n")},
        "yaml.duplicate-key",
        "weapons.yaml",
        9,
    ),
    "alias-bomb": ({"weapons.yaml": BOMB}, "yaml.alias-bomb", "weapons.yaml", 1),
    "python-tag": (
        {"weapons.yaml": "weapons: !!python/object/apply:os.system ['echo pwned']\n"},
        "yaml.unsafe-tag",
        "weapons.yaml",
        1,
    ),
}


# A small pack of the Western front: a 10x10 field (a river in column 2 where a map asks for it) and a meeting
# battle whose second allied unit sits on line 13 of the scenario file.
def field_map(rows: str = "..........") -> str:
    return (
        'id: field\nname: Field\nwidth: 10\nheight: 10\nlegend: {".": 0, "~": 19}\n'
        "rows: [" + ", ".join([f'"{rows}"'] * 10) + "]\n"
    )


FIGHT = """\
id: fight
name: Fight
map: field
period: 4
battle_type: meeting
start_lines: {allied: 3, german: 6}
forces:
  allied:
    formations:
      - letter: A
        units:
          - {index: 0, weapon: rifle, count: 8, at: [0, 0]}
          - {index: 1, weapon: sherman, count: 5, at: [1, 1]}
  german:
    formations:
      - letter: A
        units:
          - {index: 0, weapon: smg, count: 8, at: [9, 0]}
          - {index: 1, weapon: panther, count: 5, at: [9, 9]}
"""


def mini_pack(root: Path, scenario: str = FIGHT, game_map: str | None = None, **files: str) -> Path:
    """The pack 'mini' with the field map and the given scenario, plus any other files (name -> text)."""
    files = {
        "maps/field.yaml": game_map or field_map(),
        "scenarios/fight.yaml": scenario,
        **{name.replace("_yaml", ".yaml"): text for name, text in files.items()},
    }
    return write_pack(
        root, "mini", requires={"core": ">=1", "western": ">=1"}, ruleset="western:battlegroup", files=files
    )


def _check(capsys, folder: Path, code: str, file_name: str, line: int | None) -> None:
    status = main(["--pack-path", str(folder), "validate", str(folder), "--format", "text"])
    out = capsys.readouterr()
    assert status == 1, out.out
    assert "Traceback" not in out.out + out.err
    errors = [row for row in out.out.splitlines() if ": error " in row]
    assert len(errors) == 1, out.out
    assert f" {code}" in errors[0], out.out
    assert file_name in errors[0]
    if line is not None:
        assert f"{file_name}:{line}:" in errors[0], errors[0]
    else:
        assert f"{file_name}:" in errors[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_file(case, tmp_path, capsys):
    files, code, file_name, line = CASES[case]
    folder = write_pack(tmp_path, "broken", files=files)
    _check(capsys, folder, code, file_name, line)


def test_bad_pack_does_not_affect_others(tmp_path):
    from conftest import load_with

    broken = write_pack(tmp_path, "broken", files={"weapons.yaml": "weapons: [\n"})
    packset = load_with(broken)
    assert not packset.packs["broken"].usable
    assert {p.id for p in packset.usable()} >= {"core", "western", "eastern"}


def test_unknown_weapon_id_in_a_scenario(tmp_path, capsys):
    folder = mini_pack(tmp_path, scenario=FIGHT.replace("weapon: sherman,", "weapon: shermann,"))
    _check(capsys, folder, "ref.unknown-weapon", "fight.yaml", 13)
    main(["--pack-path", str(folder), "validate", str(folder)])
    assert "did you mean 'sherman'" in capsys.readouterr().out


def test_file_reference_escaping_the_pack(tmp_path, capsys):
    secret = tmp_path / "secret.yaml"
    secret.write_text("weapons: []\n")
    folder = write_pack(tmp_path / "p", "escaper", manifest_extra="files:\n  weapons: [../../secret.yaml]\n")
    _check(capsys, folder, "pack.path-escape", "pack.yaml", 8)


def test_huge_file(tmp_path, capsys):
    folder = write_pack(tmp_path, "huge")
    with open(folder / "weapons.yaml", "w") as handle:
        handle.write("weapons: []\n")
        handle.write(("#" * 1023 + "\n") * (50 * 1024))
    assert (folder / "weapons.yaml").stat().st_size > 50_000_000
    _check(capsys, folder, "file.too-large", "weapons.yaml", 1)


def test_plugin_whose_entry_point_raises(tmp_path):
    site = tmp_path / "site"
    (site / "evil_plugin").mkdir(parents=True)
    (site / "evil_plugin" / "__init__.py").write_text("PACK_DIR = None\nraise RuntimeError('plugin exploded')\n")
    dist = site / "evil_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: evil-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[tacforge.packs]\nevil = evil_plugin:PACK_DIR\n")
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("TACFORGE_PACK_PATH", None)
    run = subprocess.run(
        [sys.executable, "-m", "tacforge.engine.cli", "validate"], capture_output=True, text=True, env=env, cwd=REPO
    )
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    errors = [row for row in run.stdout.splitlines() if ": error " in row]
    assert len(errors) == 1, run.stdout
    # discovery never imports the plugin: its entry point names a folder (evil_plugin/PACK_DIR) that is not a pack
    assert "plugin.no-pack" in errors[0] and "evil_plugin/PACK_DIR" in errors[0]
    assert "plugin exploded" not in run.stdout + run.stderr
    listing = subprocess.run(
        [sys.executable, "-m", "tacforge.engine.cli", "packs"], capture_output=True, text=True, env=env, cwd=REPO
    )
    for pack in ("core", "western", "eastern"):
        assert pack in listing.stdout


# -- issue 12: crashes and silent acceptance found by breaking files on purpose ---------------------------------------

from tacforge.engine.yamlio import YamlFileError, load_fast  # noqa: E402


def test_deeply_nested_brackets_are_refused_before_parsing(tmp_path):
    """30,000 nested '[' used to kill the process in libyaml's composer (a segmentation fault): run it in a
    child process so that a crash fails this test instead of ending the run."""
    folder = write_pack(tmp_path, "deep", files={"maps/deep.yaml": "id: deep\nrows: " + "[" * 30000 + "\n"})
    run = subprocess.run(
        [sys.executable, "-m", "tacforge.engine.cli", "--pack-path", str(folder), "validate", "deep"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert run.returncode == 1, run.stderr
    assert "deep.yaml:2: error yaml.too-deep" in run.stdout
    listing = subprocess.run(
        [sys.executable, "-m", "tacforge.engine.cli", "--pack-path", str(folder), "packs"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert "western" in listing.stdout and "SKIPPED" in listing.stdout


@pytest.mark.parametrize(
    "text,line",
    [
        ("rows: " + "[" * 250 + "]" * 250 + "\n", 1),
        ("a: 1\nb:\n" + "- " * 300 + "x\n", 3),
        ("a: [\n" + "  [ ']' , \n" * 300 + "]\n", 200),  # closing brackets in quotes do not hide the depth
    ],
)
def test_nesting_limit(text, line, tmp_path):
    from tacforge.engine.yamlio import load_roundtrip

    path = tmp_path / "f.yaml"
    path.write_text(text)
    for load in (load_fast, load_roundtrip):
        with pytest.raises(YamlFileError) as info:
            load(path)
        assert (info.value.issue.code, info.value.issue.line) == ("yaml.too-deep", line)


def test_the_nesting_scan_stays_linear_on_unclosed_quotes(tmp_path):
    """Each unclosed quote once scanned to the end of the text: 4 MB of them took hours before the fix."""
    path = tmp_path / "f.yaml"
    path.write_text("rows: " + "[" * 201 + 'a"' + '\\"' * 2_000_000 + "\n")
    with pytest.raises(YamlFileError) as info:
        load_fast(path)
    assert info.value.issue.code in ("yaml.too-deep", "yaml.syntax")


def test_nesting_within_the_limit_reads(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("rows: " + "[" * 150 + "]" * 150 + '\nnote: "]]]]" # ]]]\n')
    assert load_fast(path).data["note"] == "]]]]"


@pytest.mark.parametrize(
    "files,code,file_name,line",
    [
        ({"rules.yaml": "victory_bands:\n  - min_ratio: 0\n"}, "schema.required", "rules.yaml", 2),
        ({"weapons.yaml": "weapons: 17\n"}, "schema.type", "weapons.yaml", 1),
        ({"rules.yaml": "unit_classes: [1, 2]\nparameters: 5\n"}, "schema.type", "rules.yaml", 1),
    ],
)
def test_a_broken_section_hides_no_other_pack(files, code, file_name, line, tmp_path, capsys):
    from conftest import load_with

    folder = write_pack(tmp_path, "broken", files=files)
    packset = load_with(folder)
    assert not packset.packs["broken"].usable
    assert {p.id for p in packset.usable()} >= {"core", "western", "eastern"}
    found = {(i.code, Path(i.file).name, i.line) for i in packset.all_issues() if i.pack == "broken" and i.is_error}
    assert (code, file_name, line) in found
    assert "internal" not in {c for c, _, _ in found}


def test_an_unforeseen_failure_is_an_internal_issue_of_that_file(tmp_path, monkeypatch):
    from conftest import load_with

    from tacforge.engine.packs import decode

    real = decode.period

    def exploding_period(raw, src):
        if src.pack == "p":
            raise ZeroDivisionError("simulated bug")
        return real(raw, src)

    monkeypatch.setattr(decode, "period", exploding_period)
    folder = write_pack(
        tmp_path,
        "p",
        files={
            "periods.yaml": 'periods:\n  - {number: 1, name: One, start: "1940-01-01", '
            'end: "1940-12-31", command_delays: {}}\n'
        },
    )
    packset = load_with(folder)
    internal = [i for i in packset.all_issues() if i.code == "internal"]
    assert len(internal) == 1
    assert internal[0].file == (folder / "periods.yaml").resolve() and internal[0].line == 1
    assert "ZeroDivisionError: simulated bug" in internal[0].message
    assert {p.id for p in packset.usable()} >= {"core", "western", "eastern"}


def test_a_pack_whose_loading_fails_is_listed_with_its_issue(tmp_path, monkeypatch):
    from conftest import load_with

    from tacforge.engine.packs import loader

    real = loader.load_location

    def fragile(location, *args):
        if location.folder.name == "p":
            raise RuntimeError("simulated bug")
        return real(location, *args)

    monkeypatch.setattr(loader, "load_location", fragile)
    packset = load_with(write_pack(tmp_path, "p"))
    broken = [p for p in packset.all if p.location.folder.name == "p"]
    assert len(broken) == 1 and not broken[0].usable
    assert [i.code for i in broken[0].issues.items] == ["internal"]
    assert {p.id for p in packset.usable()} >= {"core", "western", "eastern"}


def test_a_listed_file_that_does_not_exist(tmp_path, capsys):
    folder = write_pack(tmp_path, "p", manifest_extra="files:\n  weapons: [weapons.yaml, more-weapons.yaml]\n")
    (folder / "weapons.yaml").write_text("weapons: []\n")
    _check(capsys, folder, "file.missing", "pack.yaml", 8)


def test_a_symlink_leaving_the_pack_is_named(tmp_path, capsys):
    outside = tmp_path / "outside.yaml"
    outside.write_text("weapons: []\n")
    folder = write_pack(tmp_path / "p", "linker", manifest_extra='files:\n  weapons: ["arms/*.yaml"]\n')
    (folder / "arms").mkdir()
    (folder / "arms" / "extra.yaml").symlink_to(outside)
    assert main(["--pack-path", str(folder), "validate", str(folder)]) == 1
    errors = [row for row in capsys.readouterr().out.splitlines() if ": error " in row]
    assert len(errors) == 1
    assert errors[0].startswith(f"{folder / 'arms' / 'extra.yaml'}: error pack.path-escape")
    assert f"arms/extra.yaml is a symbolic link to {outside}" in errors[0]


def test_a_terrain_code_defined_twice_names_both_lines(tmp_path, capsys):
    folder = write_pack(
        tmp_path,
        "t",
        files={
            "terrain.yaml": """
        terrain_codes:
          - {code: 90, type: clear, level: 0}
          - {code: 91, type: woods, level: 0}
          - {code: 90, type: woods, level: 0}
        """
        },
    )
    _check(capsys, folder, "id.duplicate", "terrain.yaml", 4)
    main(["--pack-path", str(folder), "validate", str(folder)])
    assert "the terrain code 90 is defined twice: first at terrain.yaml:2, again here" in capsys.readouterr().out


def test_a_unit_on_a_square_it_cannot_enter(tmp_path, capsys):
    """Column 2 is a river, which trucks cannot enter (content/terrain.yaml)."""
    scenario = FIGHT.replace(
        "{index: 0, weapon: rifle, count: 8, at: [0, 0]}", "{index: 0, weapon: rifle, count: 8, at: [2, 0]}"
    )
    folder = mini_pack(
        tmp_path,
        scenario=scenario.replace("weapon: sherman, count: 5, at: [1, 1]", "weapon: truck, count: 2, at: [2, 1]"),
        game_map=field_map("..~......."),
    )
    _check(capsys, folder, "scenario.placement-impassable", "fight.yaml", 13)


def test_one_duplicate_key_is_one_error_listed_first(tmp_path, capsys):
    """A duplicate key in a front's weapon table used to bury itself under 287 unknown-weapon errors."""
    import shutil

    folder = tmp_path / "copy"
    shutil.copytree(REPO / "plugins" / "western" / "tacforge_western" / "pack", folder)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: western", "id: copy"))
    weapons = folder / "weapons.yaml"
    weapons.write_text(weapons.read_text().replace("    mr:", "    mr: 1\n    mr:", 1))
    assert main(["--pack-path", str(folder), "validate", "copy"]) == 1
    rows = capsys.readouterr().out.splitlines()
    assert " error yaml.duplicate-key" in rows[0]
    assert sum(": error " in row for row in rows) == 1
    assert any(" info validation.skipped" in row and "weapons.yaml" in row for row in rows)
