"""The command line: exit codes and output formats."""

import json

from conftest import write_pack

from tacforge.engine.cli import main


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
    err = capsys.readouterr().err
    assert "no pack 'nosuchpack'" in err and "packs found: " in err and "western" in err


def test_validate_path_outside_a_pack_exit_2(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"tacforge: validate: {tmp_path} is not inside a pack (no pack.yaml in it or above it); "
        "give a pack folder, a file of a pack, or a pack id\n"
    )


def test_no_command_is_usage(capsys):
    assert main([]) == 2


def test_validate_json_and_file_target(tmp_path, capsys):
    folder = write_pack(
        tmp_path, "j", files={"weapons.yaml": "weapons:\n  - {id: x}\n", "periods.yaml": "periods: []\n"}
    )
    assert main(["validate", str(folder / "weapons.yaml"), "--format", "json"]) == 1
    body = json.loads(capsys.readouterr().out)
    assert body["packs"] == ["j"]
    assert {i["file"].rsplit("/", 1)[-1] for i in body["issues"]} == {"weapons.yaml"}
    first = body["issues"][0]
    assert first["line"] == 2 and first["path"].startswith("$.weapons[0]") and first["severity"] == "error"


def test_warnings_do_not_fail_unless_strict(tmp_path, capsys):
    # A SIW the ruleset does not list is a warning (ruleset.siw-unlisted); unknown keys are errors.
    siw = (
        "weapons:\n"
        "  - {id: sticky_bomb, name: Sticky bomb, nationality: any, class: siw,"
        " mr: 0, mp: 20, ss: 1, ac: 20, periods: [1, 5]}\n"
    )
    folder = write_pack(
        tmp_path,
        "w",
        requires={"core": ">=1.0", "western": ">=1.0"},
        ruleset="western:battlegroup",
        files={"weapons.yaml": siw},
    )
    assert main(["validate", str(folder)]) == 0
    assert "warning ruleset.siw-unlisted" in capsys.readouterr().out
    assert main(["validate", str(folder), "--strict"]) == 1
