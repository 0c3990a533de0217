"""engine.quick_init: the faster __init__ builds what the dataclass's own builds, and refuses what it cannot build."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tacforge.engine.quick_init import quick_init
from tacforge.engine.rules import combat_headlines, fire
from tacforge.engine.sim import events


def _plain_twin(cls: type) -> type:
    """The same fields as a frozen dataclass of its own, built by dataclasses' own __init__."""
    spec = [
        (f.name, f.type, dataclasses.field(default=f.default))
        if f.default is not dataclasses.MISSING
        else (f.name, f.type)
        for f in dataclasses.fields(cls)
    ]
    return dataclasses.make_dataclass(cls.__name__, spec, frozen=True)


QUICK = [
    fire.Firer,
    fire.Target,
    fire.Modifier,
    fire.Attack,
    fire.FireResult,
    combat_headlines.Report,
    events.Fired,
    events.Spotted,
    events.PulseStarted,
]


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_same_fields_as_the_dataclass_init(cls):
    assert cls.__init__.__code__.co_varnames[-1:] == ("_d",)  # quick_init's, not the dataclass's own
    rng = random.Random(cls.__name__)
    twin = _plain_twin(cls)
    fields = dataclasses.fields(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    for _ in range(20):
        values = {f.name: rng.choice([0, 1.5, "x", None, (1, 2), True]) for f in fields}
        given = {f.name: values[f.name] for f in fields if f in required or rng.random() < 0.5}
        by_position = [given.pop(f.name) for f in required]
        made, expected = cls(*by_position, **given), twin(*by_position, **given)
        assert dataclasses.astuple(made) == dataclasses.astuple(expected)
        assert made == cls(*by_position, **given) and hash(made) == hash(cls(*by_position, **given))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, fields[0].name, 1)
    with pytest.raises(TypeError):
        cls()  # the required fields are required (every one of these classes has one)


def test_refuses_what_it_cannot_build():
    @dataclasses.dataclass
    class NotFrozen:
        a: int

    @dataclasses.dataclass(frozen=True)
    class Factory:
        a: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclasses.dataclass(frozen=True)
    class PostInit:
        a: int

        def __post_init__(self):
            pass

    @dataclasses.dataclass(frozen=True)
    class KeywordOnly:
        a: int = dataclasses.field(kw_only=True)

    @dataclasses.dataclass(frozen=True)
    class Underscore:
        _d: int

    for cls in (NotFrozen, Factory, Slotted, PostInit, KeywordOnly, Underscore):
        with pytest.raises(TypeError, match="quick_init"):
            quick_init(cls)


def test_event_logs_round_trip_the_same():
    event = events.Fired(3, 2, "a:A1", "b:B2", "rifle", 4, "SMALL ARMS FIRE", 2, 0.5, 0.25, 1.0, 0.75, 1, 12.5)
    assert event.to_dict()["notes"] == [] and event.kind == "fired"
    assert dataclasses.replace(event, kills=0).kills == 0
