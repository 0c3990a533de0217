"""The command line: exit codes and output formats."""

import json

from tacforge.engine.cli import main

from conftest import write_pack


def test_packs_lists_the_bundled_packs(capsys):
    assert main(["packs"]) == 0
    out = capsys.readouterr().out
    for pack in ("core", "western", "eastern"):
        assert pack in out


def test_packs_json(capsys):
    main(["packs", "--format", "json"])
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)["packs"]}
    assert rows["western"]["requires"] == {"core": "<2,>=1.0"} or rows["western"]["requires"] == {"core": ">=1.0,<2"}
    assert rows["eastern"]["status"] == "ok"


def test_validate_clean_exit_0(capsys):
    assert main(["validate", "western"]) == 0
    assert "no issues" in capsys.readouterr().out


def test_validate_unknown_pack_exit_2(capsys):
    assert main(["validate", "nosuchpack"]) == 2
    assert "packs found" in capsys.readouterr().out


def test_validate_path_outside_a_pack_exit_2(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 2


def test_no_command_is_usage(capsys):
    assert main([]) == 2


def test_validate_json_and_file_target(tmp_path, capsys):
    folder = write_pack(tmp_path, "j", files={"weapons.yaml": "weapons:\n  - {id: x}\n", "periods.yaml": "periods: []\n"})
    assert main(["validate", str(folder / "weapons.yaml"), "--format", "json"]) == 1
    body = json.loads(capsys.readouterr().out)
    assert body["packs"] == ["j"]
    assert {i["file"].rsplit("/", 1)[-1] for i in body["issues"]} == {"weapons.yaml"}
    first = body["issues"][0]
    assert first["line"] == 2 and first["path"].startswith("$.weapons[0]") and first["severity"] == "error"


def test_warnings_do_not_fail_unless_strict(tmp_path, capsys):
    # the same pack found twice: the second copy is shadowed, a warning
    first, second = write_pack(tmp_path / "a", "w"), write_pack(tmp_path / "b", "w")
    paths = ["--pack-path", str(first), "--pack-path", str(second)]
    assert main([*paths, "validate", "w"]) == 0
    assert "warning pack.shadowed" in capsys.readouterr().out
    assert main([*paths, "validate", "w", "--strict"]) == 1
