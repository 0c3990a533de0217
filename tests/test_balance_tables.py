"""The pack READMEs' balance tables stay true (issue 28): every bundled scenario has a row measured on its current
content, the script writes the rows from batch reports, and the content hash moves with what the games depend on
and only with that. No game is played here."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from pathlib import Path

import pytest

from tacforge.engine.balance.tables import ALL_GAMES, BEGIN, END, read_rows, stale_rows
from tacforge.engine.balance.targets import TargetsError, read_targets
from tacforge.engine.packs.scenario_digest import rules_fingerprint, scenario_content_hash, weapons_used
from tacforge.engine.packs.scenario_lookup import find_pack_content

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ("western", "eastern")


def _script():
    spec = importlib.util.spec_from_file_location("balance_tables", ROOT / "scripts" / "balance_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def packs():
    return {pack: find_pack_content(pack, []) for pack in BUNDLED}


@pytest.mark.parametrize("pack", BUNDLED)
def test_every_bundled_scenario_has_a_balance_row_measured_on_its_current_content(packs, pack):
    content = packs[pack]
    readme = ROOT / "plugins" / pack / "README.md"
    scenarios = [s for s in content.scenarios.values() if s.id.startswith(f"{pack}:")]
    assert scenarios, f"no scenarios found in pack {pack}"
    now = {s.id.split(":", 1)[1]: (scenario_content_hash(content, s), rules_fingerprint(content, s)) for s in scenarios}
    stale = stale_rows(readme.read_text(encoding="utf-8"), str(readme.relative_to(ROOT)), pack, now)
    assert not stale, "\n".join(stale)


def test_the_hash_moves_with_the_weapons_a_scenario_uses_and_only_with_them(packs):
    content = packs["western"]
    scenario = content.scenario("western:kasserine")
    before = scenario_content_hash(content, scenario)
    used = weapons_used(content, scenario)
    unused = next(w for w in content.weapons.values() if w.id not in {u.id for u in used})
    extra = dataclasses.replace(unused, id="western:test_only_gun", name="Test-only gun")
    more = dataclasses.replace(content, weapons={**content.weapons, extra.id: extra})
    assert scenario_content_hash(more, scenario) == before
    changed = dataclasses.replace(used[0], mr=used[0].mr + 1)
    edited = dataclasses.replace(content, weapons={**content.weapons, changed.id: changed})
    assert scenario_content_hash(edited, scenario) != before
    other = content.scenario("western:celles")
    assert scenario_content_hash(content, other) != before


def _report(scenario="western:fixture", hash_="0123456789abcdef", plans=True) -> dict:
    def count(k, n, low, high):
        return {"games": k, "share": k / n, "ci95": [low, high]}

    report = {
        "scenario": scenario,
        "pack": "western",
        "content_hash": hash_,
        "rules_fingerprint": "fedcba9876543210",
        "sides": {"allied": "Allied", "german": "German"},
        "seed": 0,
        "handicap": 3,
        "turns": 20,
        "runs": 10,
        "games": 10,
        "cancelled": False,
        "lost": [],
        "wins": {
            "allied": count(6, 10, 0.313, 0.832),
            "german": count(3, 10, 0.108, 0.603),
            "draw": count(1, 10, 0.018, 0.404),
        },
    }
    if plans:
        report["plans"] = {
            "german": [
                {
                    "plan": "left_hook",
                    "name": "Left hook",
                    "games": 4,
                    "drawn": 0.4,
                    "wins": count(2, 4, 0.15, 0.85),
                    "draws": count(0, 4, 0.0, 0.49),
                    "defeats": count(2, 4, 0.15, 0.85),
                }
            ]
        }
    return report


def _readme(tmp_path: Path, kept_row: str = "") -> Path:
    readme = tmp_path / "README.md"
    readme.write_text(f"# fixture\n\n## Balance\n\nProse stays.\n\n{BEGIN}\n{kept_row}\n{END}\n\nAfter.\n")
    (tmp_path / "balance_targets.yaml").write_text("fixture:\n  allied: {min: 50, max: 85}\n  german: {min: 10}\n")
    return readme


def test_the_script_writes_a_scenarios_rows_with_target_plans_and_hashes(tmp_path):
    kept = "| `other` | all games | 5 | x | x | x | none set | - | 3 | base 0 | `aaaa` | `bbbb` | `cmd` |"
    readme = _readme(tmp_path, kept)
    (tmp_path / "run.json").write_text(json.dumps(_report()))
    assert _script().main([str(tmp_path / "run.json"), "--readme", str(readme)]) == 0
    text = readme.read_text()
    assert text.startswith("# fixture\n\n## Balance\n\nProse stays.\n") and text.endswith(f"{END}\n\nAfter.\n")
    assert kept in text  # a scenario not in the reports keeps its row
    rows = read_rows(text, "fixture")
    assert rows["fixture"].content_hash == "0123456789abcdef" and rows["other"].content_hash == "aaaa"
    main = next(line for line in text.splitlines() if line.startswith("| `fixture` | all games"))
    assert "6 (60.0%, 31.3-83.2%)" in main and "Allied 50-85%, German at least 10%" in main and "| yes |" in main
    assert "`tacforge batch western:fixture --runs 10 --seed 0 --turns 20 --handicap 3`" in main
    plan = next(line for line in text.splitlines() if "left_hook" in line)
    assert "German: `left_hook` (Left hook), drawn in 40.0%" in plan and "| 4 |" in plan

    # measured again, missing the target: the row is replaced, not added
    again = _report(hash_="1111111111111111", plans=False)
    again["wins"]["allied"] = {"games": 9, "share": 0.9, "ci95": [0.6, 0.98]}
    (tmp_path / "run.json").write_text(json.dumps(again))
    assert _script().main([str(tmp_path / "run.json"), "--readme", str(readme)]) == 0
    text = readme.read_text()
    assert text.count(f"| `fixture` | {ALL_GAMES}") == 1 and "left_hook" not in text and "| **no** |" in text
    assert read_rows(text, "fixture")["fixture"].content_hash == "1111111111111111"


def test_the_script_refuses_a_report_without_hashes_and_writes_nothing(tmp_path, capsys):
    readme = _readme(tmp_path)
    before = readme.read_text()
    old = _report()
    del old["content_hash"]
    (tmp_path / "good.json").write_text(json.dumps(_report()))
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert _script().main([str(tmp_path / "good.json"), str(tmp_path / "old.json"), "--readme", str(readme)]) == 1
    assert readme.read_text() == before
    assert "old.json: the report has no content hash" in capsys.readouterr().err


def test_a_readme_without_markers_is_refused_with_the_markers_to_add(tmp_path, capsys):
    readme = tmp_path / "README.md"
    readme.write_text("# no table\n")
    (tmp_path / "run.json").write_text(json.dumps(_report()))
    assert _script().main([str(tmp_path / "run.json"), "--readme", str(readme)]) == 1
    assert BEGIN in capsys.readouterr().err and readme.read_text() == "# no table\n"


def test_a_bad_target_names_file_line_and_what_to_write(tmp_path):
    path = tmp_path / "balance_targets.yaml"
    path.write_text("kasserine:\n  allied: {min: 50}\nsalerno:\n  allied: {max: 165}\n")
    with pytest.raises(TargetsError, match=r"balance_targets.yaml, line 3 \(salerno\), side allied, max: 165"):
        read_targets(path)


def test_rules_show_reports_the_fingerprint_a_balance_row_records(packs, capsys):
    from tacforge.engine.cli import main

    content = packs["eastern"]
    scenario = content.scenario("eastern:berlin")
    assert main(["rules", "show", "eastern:berlin", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["fingerprint"] == rules_fingerprint(content, scenario)


def test_a_row_measured_on_other_content_or_none_at_all_is_reported_with_the_command(tmp_path):
    kept = "| `fixture` | all games | 5 | x | x | x | none set | - | 3 | base 0 | `aaaa` | `bbbb` | `cmd` |"
    text = _readme(tmp_path, kept).read_text()
    assert stale_rows(text, "README.md", "western", {"fixture": ("aaaa", "bbbb")}) == []
    moved = stale_rows(text, "README.md", "western", {"fixture": ("cccc", "bbbb"), "new": ("dddd", "bbbb")})
    assert moved[0].startswith("western:fixture has changed since its row in README.md was measured (content aaaa")
    assert "now content cccc" in moved[0] and "tacforge batch western:fixture --runs 200 --handicap 3" in moved[0]
    assert moved[1].startswith("western:new has no row in the balance table of README.md; measure it again: ")
