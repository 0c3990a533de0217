"""The compiled fire (engine/rules/_fire_core.c through fire_core.shot) against rules.fire.direct_fire and
indirect_fire, the rules' statement of the formulas: the same numbers, bit for bit, the same modifiers' reasons and
report, on random direct and indirect shots of the bundled weapons (their ratings also replaced by random numbers)
under both rulesets and with the flags switched; None exactly where fire.py refuses the shot. The fallback (the module
not used) plays recorded battles to the same event logs as the compiled path does (tests/test_event_logs.py plays all
of them compiled)."""

from __future__ import annotations

import dataclasses

import pytest
from event_log_cases import CASES, play_log, read_recorded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacforge.engine.model.rules import SmallArmsBonus
from tacforge.engine.rules import fire as rf
from tacforge.engine.rules import fire_core

PACKS = ("western", "eastern")
numbers = st.one_of(st.integers(0, 12), st.floats(0, 12, allow_nan=False, allow_infinity=False))
suppressions = st.one_of(st.sampled_from([0, 50, 99, 99.5, 100, 180, 200]), st.floats(0, 250))


def test_the_compiled_fire_is_built():
    assert fire_core._compiled_shot is not None, "engine/rules/_fire_core.c is not built: run `make setup`"


def _expected(firer, target, range_, pulses, arc, indirect, params, flags, reports) -> fire_core.Shot | None:
    try:
        if indirect:
            result = rf.indirect_fire(firer, target, pulses=pulses, params=params, flags=flags, reports=reports)
        else:
            result = rf.direct_fire(
                firer, target, range_=range_, pulses=pulses, front_arc=arc, params=params, flags=flags, reports=reports
            )
    except ValueError:
        return None
    main = result.main
    return fire_core.Shot(
        float(result.kills),
        result.suppression,
        main.pulses,
        float(main.accuracy),
        float(main.apf_capped or main.accuracy),
        float(main.armour or main.defence or 0),
        tuple(m.reason for m in main.modifiers),
        result.report.text if result.report else "",
    )


@st.composite
def weapons(draw, content):
    """A weapon of the pack that is no special infantry weapon, its ratings kept or replaced by random numbers."""
    weapon = draw(st.sampled_from(sorted(content.weapons)))
    weapon = content.weapons[weapon]
    if draw(st.booleans()):
        weapon = dataclasses.replace(
            weapon,
            **{
                k: draw(numbers)
                for k in draw(st.sets(st.sampled_from(["mr", "mp", "ss", "ac", "mg", "fa", "ba", "sl", "df"])))
            },
        )
    return weapon


@pytest.mark.parametrize("pack", PACKS)
@settings(max_examples=1500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_compiled_shots_are_fire_pys(bundled, pack, data):
    content = bundled.content(pack)
    params, flags, reports = content.parameters, content.ruleset.flags, content.ruleset.reports
    weapon = data.draw(weapons(content).filter(lambda w: not content.unit_classes[w.unit_class].special_weapon))
    target_weapon = data.draw(weapons(content))
    cls, target_cls = content.unit_classes[weapon.unit_class], content.unit_classes[target_weapon.unit_class]
    nationality = data.draw(st.sampled_from(sorted({*weapon.nationalities, "german", "soviet"})))
    if data.draw(st.booleans()):  # the flags that change the numbers or the modifiers, both ways
        bonus = SmallArmsBonus(
            nationality=nationality,
            classes=tuple(data.draw(st.sets(st.sampled_from([weapon.unit_class, "", "rifle"])))),
            multiplier=data.draw(st.sampled_from([1, 1.0, 1.5, 2])),
        )
        flags = dataclasses.replace(
            flags,
            small_arms_bonus=bonus,
            max_range_accuracy_plus_one=data.draw(st.booleans()),
            moving_firer_soft_divisor=data.draw(st.sampled_from([1, 2, 2.0, 3])),
            indirect_armour=data.draw(st.sampled_from(["ba_plus_fa_third", "sum_third", "unknown"])),
        )
    count = data.draw(st.one_of(st.integers(0, 40), st.floats(0, 40)))
    moving, target_moving, in_cover = data.draw(st.booleans()), data.draw(st.booleans()), data.draw(st.booleans())
    suppression, target_suppression = data.draw(suppressions), data.draw(suppressions)
    speed = data.draw(st.integers(0, 3))
    range_ = data.draw(st.integers(0, int(weapon.mr) + 2))
    pulses = data.draw(st.integers(0, 7))
    arc = data.draw(st.sampled_from([None, True, False]))
    indirect = data.draw(st.booleans())

    shot = fire_core.shot(
        fire_core.tables(params, flags, reports),
        weapon,
        cls,
        nationality,
        count,
        moving,
        suppression,
        target_weapon,
        target_cls,
        in_cover,
        speed,
        target_moving,
        target_suppression,
        range_,
        pulses,
        arc,
        indirect,
    )
    firer = rf.Firer.from_weapon(weapon, cls, count, nationality=nationality, moving=moving, suppression=suppression)
    target = rf.Target.from_weapon(
        target_weapon,
        target_cls,
        in_cover=in_cover,
        speed_setting=speed,
        moving=target_moving,
        suppression=target_suppression,
    )
    expected = _expected(firer, target, range_, pulses, arc, indirect, params, flags, reports)
    assert shot == expected
    if shot is not None:  # == would take 0.0 for -0.0: the event logs print the sign
        assert [repr(x) for x in shot[:6]] == [repr(float(x)) for x in expected[:6]]


def test_special_infantry_weapons_are_left_to_fire_py(bundled):
    content = bundled.content("western")
    siw = next(w for w in content.weapons.values() if content.unit_classes[w.unit_class].special_weapon)
    tank = content.weapons["western:stuart"]
    tables = fire_core.tables(content.parameters, content.ruleset.flags, content.ruleset.reports)
    args = (tank, content.unit_classes[tank.unit_class], False, 0, False, 0, 0, 1, None)
    assert fire_core.shot(tables, siw, content.unit_classes[siw.unit_class], "us", 10, False, 0, *args) is None


@pytest.mark.parametrize("name", ["western-bocage_crossroads", "eastern-steppe_village"])
def test_the_fallback_plays_the_recorded_battles(name, monkeypatch):
    case = next(c for c in CASES if c.name == name)
    monkeypatch.setattr(fire_core, "USE_COMPILED", False)
    calls = []
    for name in ("direct_fire", "indirect_fire"):
        real = getattr(rf, name)
        monkeypatch.setattr(rf, name, lambda *a, real=real, **k: calls.append(1) or real(*a, **k))
    assert play_log(case, []) == read_recorded(case)
    assert len(calls) > 50  # the shots went through fire.py
