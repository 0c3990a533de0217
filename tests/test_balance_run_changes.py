"""What changed in the documents between two balance runs (editor/playtest/run_changes.py, Qt-free): the typed
content each run played, compared field by field and named by document, entry and field; and the comparison's
change columns (balance_figures.compare with engine.balance.stats)."""

from __future__ import annotations

from conftest import REPO
from test_balance_figures import GAMES, game, report

from tacforge.editor.playtest.balance_figures import compare, significant_changes
from tacforge.editor.playtest.run_changes import FieldChange, content_changes
from tacforge.editor.playtest.source import PlaytestSource

PACK = REPO / "plugins" / "western" / "tacforge_western" / "pack"
SCENARIO = PACK / "scenarios" / "bocage_crossroads.yaml"
WEAPONS = PACK / "weapons.yaml"


def played(**edited: tuple[str, str]):
    """(content, scenario) as a run plays them, with the named files' texts edited (old -> new, first match)."""
    texts = []
    for file, (old, new) in edited.items():
        path = {"weapons": WEAPONS, "scenario": SCENARIO}[file]
        text = path.read_text()
        assert old in text
        texts.append((str(path.resolve()), text.replace(old, new, 1)))
    return PlaytestSource(SCENARIO.resolve(), (), tuple(sorted(texts))).load()


def test_the_same_documents_change_nothing():
    assert content_changes(played(), played()) == []


def test_an_edited_weapon_and_a_unit_count_are_named_by_document_entry_and_field():
    sherman = "id: sherman\n    name: Sherman\n    aliases: [SHERMAN, M4, M4 Sherman]\n    legacy_number: 24\n"
    before = played()
    after = played(
        weapons=(
            sherman + "    nationality: [us, british]  # also the main British tank\n    class: tank\n    mr: 10",
            sherman + "    nationality: [us, british]  # also the main British tank\n    class: tank\n    mr: 12",
        ),
        scenario=("weapon: m4_105, count: 3,", "weapon: m4_105, count: 1,"),
    )
    changes = content_changes(before, after)
    assert FieldChange("western/weapons.yaml", "western:sherman", "mr", "10", "12") in changes
    [unit] = [c for c in changes if c.document == "western/bocage_crossroads.yaml"]
    assert unit.field == "forces[allied].formations[A].units[1].count" and (unit.before, unit.after) == ("3", "1")
    assert len(changes) == 2  # nothing else differs
    assert unit.text() == "forces[allied].formations[A].units[1].count 3 → 1"


def test_a_unit_added_is_one_change_named_by_the_unit():
    row = "          - {index: 2, weapon: m21_mor, count: 3, name: Mortar Platoon, at: [13, 27], facing: E}\n"
    extra = row + row.replace("index: 2", "index: 9").replace("Mortar Platoon", "Extra Mortars")
    changes = content_changes(played(), played(scenario=(row, extra)))
    assert [(c.field, c.before, c.after) for c in changes] == [
        ("forces[allied].formations[A].units[9]", "absent", "Extra Mortars")
    ]


def test_the_comparison_gives_each_share_its_change_interval_and_test():
    before, after = report(GAMES[:4]), report(GAMES)
    rows = {row.label: row for row in compare(before, after)}
    # Red Decisive: 1 of 4 then 2 of 7, +3.6 points. By hand: pooled 3/11, se = sqrt(3/11 x 8/11 x (1/4 + 1/7))
    # = 0.27915, z = 0.035714 / 0.27915 = 0.1279, p = 2 (1 - Phi(0.1279)) = 0.898
    assert rows["Red Decisive"].change.startswith("+3.6 pts (")
    assert rows["Red Decisive"].significance == "no (p = 0.898)"
    assert rows["Red tank"].change == "-0.43"  # 0.57 - 1.00 units lost per game
    assert rows["mean"].change != "" and rows["95% interval of the mean"].change == ""
    assert significant_changes(list(rows.values())) == []


def test_a_large_change_of_a_share_is_marked_significant():
    decisive = [game(i, 300, 100, "Red Decisive", "decisive", "red") for i in range(40)]
    draws = [game(i, 100, 100, "Draw", "draw", None) for i in range(40)]
    rows = {row.label: row for row in compare(report(draws), report(decisive))}
    assert rows["Red Decisive"].significant and rows["Red Decisive"].significance == "yes (p = < 0.001)"
    assert rows["Red Decisive"].change.startswith("+100.0 pts (")
