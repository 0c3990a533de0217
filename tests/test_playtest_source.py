"""A playtest plays the documents as the editor holds them: unsaved edits are read in place of the files, in this
process and in every worker of a balance run; nothing is written and the validation issues block only on errors."""

from __future__ import annotations

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)

from tacforge.editor.playtest.source import PlaytestSource
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.balance.batch import run_batch

FIRST_PLATOON = ("forces", "allied", "formations", 0, "units", 1, "count")  # 3 assault guns in the pack


@pytest.fixture
def workspace(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy])


@pytest.fixture
def scenario(workspace, pack_copy):  # noqa: F811
    return workspace.open(pack_copy / "scenarios" / "bocage_crossroads.yaml")


def allied_units(content, scenario) -> int:
    return sum(u.count for f in scenario.force("allied").formations for u in f.units)


def test_an_unsaved_edit_is_played_and_the_file_is_untouched(workspace, scenario):
    before = scenario.path.read_text()
    saved_total = allied_units(*PlaytestSource.from_workspace(workspace, scenario.path).load())
    scenario.set_value(FIRST_PLATOON, 1, "Fewer assault guns")
    source = PlaytestSource.from_workspace(workspace, scenario.path)
    assert allied_units(*source.load()) == saved_total - 2
    assert scenario.path.read_text() == before
    assert scenario.dirty and scenario.undo.count() == 1


def test_every_worker_of_a_balance_run_plays_the_unsaved_edit(workspace, scenario):
    scenario.set_value(FIRST_PLATOON, 1, "Fewer assault guns")
    source = PlaytestSource.from_workspace(workspace, scenario.path)
    edited = run_batch(runs=2, jobs=2, turns=1, **source.batch_arguments())
    scenario.undo.undo()
    plain = run_batch(
        runs=2, jobs=2, turns=1, **PlaytestSource.from_workspace(workspace, scenario.path).batch_arguments()
    )
    assert len(edited.games) == len(plain.games) == 2
    for with_edit, without in zip(edited.games, plain.games, strict=True):
        assert sum(with_edit.sides["allied"].strength.values()) == sum(without.sides["allied"].strength.values()) - 2


def test_errors_of_unsaved_documents_are_listed_with_their_line(workspace, scenario):
    scenario.set_value(("forces", "allied", "formations", 0, "units", 1, "weapon"), "no_such_gun", "Typo")
    issues = PlaytestSource.from_workspace(workspace, scenario.path).issues()
    assert issues[0].is_error and issues[0].file == scenario.path.resolve()
    assert issues[0].line is not None and "no_such_gun" in issues[0].message


def test_a_clean_scenario_has_no_errors(workspace, scenario):
    assert not [i for i in PlaytestSource.from_workspace(workspace, scenario.path).issues() if i.is_error]
