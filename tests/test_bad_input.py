"""Bad input (design.md 9, issue 2): each case gives one clear issue naming file and line, exit code 1, no
traceback, and the other packs still load."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tacforge.engine.cli import main

from conftest import REPO, write_pack

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
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))

CASES = {
    "malformed": ({"weapons.yaml": "weapons:\n  - {id: x, name: [unclosed\n"}, "yaml.syntax", "weapons.yaml", None),
    "wrong-type": ({"weapons.yaml": GOOD_WEAPON.replace("mr: 3", "mr: three")}, "schema.type", "weapons.yaml", 6),
    "negative-armour": ({"weapons.yaml": GOOD_WEAPON.replace("fa: 1", "fa: -4")}, "schema.minimum", "weapons.yaml", 12),
    "duplicate-key": ({"weapons.yaml": GOOD_WEAPON.replace("    ss: 1\n", "    ss: 1\n    mp: 5\n")},
                      "yaml.duplicate-key", "weapons.yaml", 9),
    "alias-bomb": ({"weapons.yaml": BOMB}, "yaml.alias-bomb", "weapons.yaml", 1),
    "python-tag": ({"weapons.yaml": "weapons: !!python/object/apply:os.system ['echo pwned']\n"},
                   "yaml.unsafe-tag", "weapons.yaml", 1),
}


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
    folder = write_pack(tmp_path, "mini", requires={"core": ">=1", "western": ">=1"}, ruleset="western:battlegroup", files={
        "maps/field.yaml": """
            id: field
            name: Field
            width: 10
            height: 10
            legend: {".": 0}
            rows: [""" + ", ".join(['".........."'] * 10) + """]
            """,
        "scenarios/fight.yaml": """
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
                      - {index: 1, weapon: shermann, count: 5, at: [1, 1]}
              german:
                formations:
                  - letter: A
                    units:
                      - {index: 0, weapon: smg, count: 8, at: [9, 0]}
                      - {index: 1, weapon: panther, count: 5, at: [9, 9]}
            """})
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
    run = subprocess.run([sys.executable, "-m", "tacforge.engine.cli", "validate"], capture_output=True, text=True, env=env,
                         cwd=REPO)
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    errors = [row for row in run.stdout.splitlines() if ": error " in row]
    assert len(errors) == 1, run.stdout
    # discovery never imports the plugin: its entry point names a folder (evil_plugin/PACK_DIR) that is not a pack
    assert "plugin.no-pack" in errors[0] and "evil_plugin/PACK_DIR" in errors[0]
    assert "plugin exploded" not in run.stdout + run.stderr
    listing = subprocess.run([sys.executable, "-m", "tacforge.engine.cli", "packs"], capture_output=True, text=True, env=env,
                             cwd=REPO)
    for pack in ("core", "western", "eastern"):
        assert pack in listing.stdout
