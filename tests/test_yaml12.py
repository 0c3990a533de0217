"""tacforge reads pack files as YAML 1.2 core, as the YAML language server does: YAML 1.1 surprises are text, dates
are checked strings that the decoder turns into dates, and unknown keys are errors where the schema closes a mapping."""

from datetime import date
from pathlib import Path

import pytest
import tacforge_western

from tacforge.engine.validation import schemas
from tacforge.engine.yamlio import load_fast


@pytest.mark.parametrize(
    "text,value",
    [
        ("1943-02-22", "1943-02-22"),
        ("1943-02-22T10:00:00", "1943-02-22T10:00:00"),
        ("yes", "yes"),
        ("off", "off"),
        ("1_000", "1_000"),
        ("0b101", "0b101"),
        ("+0x10", "+0x10"),
        ("190:20:30", "190:20:30"),
        ("010", 10),
        ("0o17", 15),
        ("0x1f", 31),
        (".inf", float("inf")),
        ("False", False),
    ],
)
def test_fast_path_reads_yaml_1_2_core_scalars(tmp_path, text, value):
    path = tmp_path / "f.yaml"
    path.write_text(f"v: {text}\n")
    assert load_fast(path).data == {"v": value}


def _issues(kind: str, data) -> list:
    return schemas.validate(kind, data, None)


WEAPON = {
    "id": "grenade",
    "name": "Grenade",
    "nationality": "any",
    "class": "siw",
    "mr": 0,
    "mp": 25,
    "ss": 1,
    "ac": 25,
    "periods": [1, 8],
}


def test_unknown_key_is_an_error_with_a_did_you_mean_hint():
    [issue] = _issues("weapons", {"weapons": [{**WEAPON, "descripton": "oops"}]})
    assert (issue.code, issue.is_error, issue.message) == ("schema.unknown-key", True, "unknown key 'descripton'")
    assert issue.hint == "did you mean 'description'?"


def test_yaml_1_1_numbers_and_booleans_get_a_hint():
    [number] = _issues("weapons", {"weapons": [{**WEAPON, "mr": "1_000"}]})
    assert number.code == "schema.type"
    assert number.hint == "YAML 1.2 reads this as text: write the number in plain decimal digits, e.g. 1000"
    scenario = load_fast(_bundled_scenario()).data
    [boolean] = _issues("scenario", {**scenario, "historical": "yes"})
    assert boolean.code == "schema.type" and boolean.hint == "YAML 1.2 reads yes/no/on/off as text: write true or false"


def test_impossible_date_is_a_schema_error():
    scenario = load_fast(_bundled_scenario()).data
    [issue] = _issues("scenario", {**scenario, "date": "1944-02-30"})
    assert (issue.code, issue.path) == ("schema.date", ("date",))


def _bundled_scenario() -> Path:
    return Path(tacforge_western.__path__[0]) / "pack" / "scenarios" / "bocage_crossroads.yaml"


def test_dates_are_dates_after_loading(bundled):
    western = bundled.content("western")
    assert western.periods[1].start == date(1943, 1, 1) and western.periods[1].end == date(1943, 6, 30)
    assert western.scenario("bocage_crossroads").date == date(1944, 7, 29)
