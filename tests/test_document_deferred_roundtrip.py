"""Opening a document reads it on the fast path and builds the typed model from that; the round-trip data is read
later (in the background, or when first needed). The model is the same either way, saves stay byte-identical, and
a file the round-trip reader refuses is still refused when it is opened. A replaced folded text keeps its width."""

from __future__ import annotations

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)
from ruamel.yaml.scalarstring import FoldedScalarString

from tacforge.editor.document.commands import styled
from tacforge.editor.document.models import build_model
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.yamlio import YamlFileError, dump_roundtrip, load_roundtrip


@pytest.fixture
def workspace(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy])


@pytest.mark.parametrize("kind", ["weapons", "periods", "rules", "formations", "pack"])
def test_the_model_read_on_the_fast_path_equals_the_one_from_the_round_trip_data(workspace, kind):
    document = workspace.open_pack_file("westcopy", kind)
    data, _text = load_roundtrip(document.path)
    assert document.model == build_model(kind, data, document.context)


def test_an_unedited_document_saves_its_text_and_the_first_edit_reads_the_rest(workspace, pack_copy):
    document = workspace.open_pack_file("westcopy", "weapons")
    original = document.path.read_text(encoding="utf-8")
    document.save()
    assert document.path.read_text(encoding="utf-8") == original
    document.read_ahead()
    sherman = next(i for i, w in enumerate(document.model.weapons) if w.id == "westcopy:sherman")
    document.set_value(("weapons", sherman, "fa"), 12, "Change FA")
    assert document.model.weapons[sherman].fa == 12
    document.save()
    saved = document.path.read_text(encoding="utf-8").splitlines()
    assert [(a, b) for a, b in zip(original.splitlines(), saved, strict=True) if a != b] == [
        ("    fa: 11", "    fa: 12")
    ]
    assert len(saved) == len(original.splitlines())


def test_a_file_only_the_fast_path_reads_is_refused_when_opened(workspace, pack_copy):
    periods = pack_copy / "periods.yaml"
    text = periods.read_text(encoding="utf-8")
    periods.write_text(text.replace("\nperiods:", "\nperiods:\t", 1), encoding="utf-8")  # libyaml reads past the tab
    with pytest.raises(YamlFileError) as refused:
        workspace.open(periods)
    assert refused.value.issue.code == "yaml.syntax" and refused.value.issue.line is not None


def test_a_replaced_folded_text_is_folded_as_wide_as_the_old_one():
    old = FoldedScalarString("one two three four five six")
    old.fold_pos = [13]  # "one two three" / "four five six": 13 wide
    new = styled(old, "alpha beta gamma delta epsilon zeta eta theta")
    assert isinstance(new, FoldedScalarString)
    text = dump_roundtrip({"description": new})
    assert text == "description: >-\n  alpha beta\n  gamma delta\n  epsilon zeta\n  eta theta\n"
    assert all(len(line.strip()) <= 13 for line in text.splitlines()[1:])
    one_line = dump_roundtrip({"d": styled(FoldedScalarString("short"), "a much longer text on one line")})
    assert one_line == "d: a much longer text on one line\n"  # what was one line is written on one line
