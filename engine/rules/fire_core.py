"""Direct and indirect fire (rules.fire.direct_fire and indirect_fire with float numbers, the battle's case) through
the compiled loop _fire_core.c: the same numbers as fire.py without building its Firer, Target, Attack, Modifier and
FireResult, the modifiers' reasons in fire.py's words (rules.fire_reasons) and the report picked as fire.py picks it.
Special infantry weapons and exact (Fraction) arithmetic stay with fire.py, which remains the rules' one statement of
the formulas: this is a second source of the same numbers that tests/test_fire_core.py holds to it.

`shot` returns None where it does not apply (the module not built, or an input fire.py would refuse); the caller
then goes through fire.py. The battle's fire phase (engine.sim.fire_inputs) and the computer player's expected kills
(engine.ai.rates) import this module."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from . import fire_reasons as why
from .combat_headlines import report_category
from .fire import HMG, FireResult

_compiled_shot: Callable[..., tuple[float, float, float, float, float, float, int, float] | None] | None
try:  # built by make setup (pyproject.toml, ext-modules); without it every shot goes through fire.py
    from ._fire_core import shot as _compiled_shot
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _compiled_shot = None

USE_COMPILED = True  # tests switch it off to play the same battle through fire.py
INDIRECT_ARMOUR = {"ba_plus_fa_third": 0, "sum_third": 1}  # fire.indirect_armour's rules, as _fire_core.c numbers them


class Shot(NamedTuple):
    """What a Fired event and the rest of the shot need of fire.py's FireResult: its kills and suppression, and of
    the main attack P, the accuracy, the penetration (APF capped, or the accuracy against soft targets), the armour
    or defence fired at, the modifiers' reasons; and the report's text ("" for none)."""

    kills: float
    suppression: float
    pulses: float
    accuracy: float
    penetration: float
    defence: float
    reasons: tuple[str, ...]
    report: str

    @classmethod
    def from_result(cls, result: FireResult) -> Shot:
        """The Shot of a fire.py result: a special infantry weapon's, or one the compiled loop left to fire.py."""
        main = result.main
        return cls(
            float(result.kills),
            float(result.suppression),
            float(main.pulses),
            float(main.accuracy),
            float(main.apf_capped or main.accuracy),
            float(main.armour or main.defence or 0),
            tuple(m.reason for m in main.modifiers),
            result.report.text if result.report else "",
        )


_new_tuple = tuple.__new__


class FireTables:
    """One pack's parameters and flags laid out for the compiled loop, and what it has worked out per weapon: the
    firer's and target's numbers, the reports and the modifiers' reasons (a few dozen of each in a battle)."""

    def __init__(self, params, flags, reports: Mapping[str, object]):
        self.params, self.flags, self.reports = params, flags, reports
        d, s = params.direct_fire, params.suppression
        self.constants = tuple(
            float(x)
            for x in (
                d.max_pulses_for_accuracy,
                d.range_accuracy_term,
                d.accuracy_divisor,
                flags.max_range_accuracy_plus_one,
                d.silhouette_bonus_below_range,
                d.silhouette_divisor,
                d.cover_accuracy_armoured,
                d.moving_accuracy_armoured,
                d.apf_shell_divisor,
                d.apf_first_halving_ratio,
                d.apf_cap_ratio,
                d.kill_divisor_armoured,
                d.mg_bonus_below_range,
                d.moving_accuracy_soft,
                d.cover_accuracy_soft,
                d.kill_divisor_soft,
                s.suppression_min_accuracy,
                s.suppression_divisor,
                s.suppression_fire_divisor,
                s.suppression_cap_armoured,
                s.suppression_cap_soft,
                s.suppression_no_search_above,
                flags.moving_firer_soft_divisor,
                flags.same_square_suppressed_defence,
                flags.same_square_suppressed_accuracy,
                HMG.mr,
                HMG.ss,
                HMG.ac,
                INDIRECT_ARMOUR.get(flags.indirect_armour, -1),  # -1: fire.py raises, and so the shot is None
            )
        )
        self._firers: dict[tuple[int, str], tuple] = {}
        self._targets: dict[int, tuple] = {}
        self._reasons: dict[tuple[int, float], tuple[str, ...]] = {}

    def firer(self, weapon, unit_class, nationality: str) -> tuple:
        """(the firer's numbers for _fire_core, its report's text when not overrunning, when overrunning); the weapon
        is kept with them, so that its id stays its own."""
        key = (id(weapon), nationality)
        hit = self._firers.get(key)
        if hit is None:
            bonus = self.flags.small_arms_bonus
            arms = mg_arms = 1.0  # 1: no small-arms modifier (fire.py drops a factor of 1 too)
            if bonus is not None and nationality == bonus.nationality:
                if weapon.unit_class in bonus.classes:
                    arms = float(bonus.multiplier)
                if getattr(HMG, "unit_class", "") in bonus.classes:
                    mg_arms = float(bonus.multiplier)
            numbers = tuple(
                float(x)
                for x in (
                    weapon.mr,
                    weapon.mp,
                    weapon.ss,
                    weapon.ac,
                    weapon.mg,
                    unit_class.armoured,
                    unit_class.vehicle,
                    unit_class.kills_armour,
                    arms,
                    mg_arms,
                )
            )
            hit = self._firers[key] = (
                numbers,
                self._report(weapon, unit_class, False),
                self._report(weapon, unit_class, True),
                weapon,
            )
        return hit

    def _report(self, weapon, unit_class, overrun: bool) -> str:
        report = report_category(
            kind=unit_class.report,
            ss=weapon.ss,
            mp=weapon.mp,
            armoured_vehicle=unit_class.armoured and unit_class.vehicle,
            moving=overrun,
            range_=0 if overrun else 1,
            siw=None,
            siw_name=weapon.name,
            fires_as=weapon.fires_as,
            reports=self.reports,
        )
        return report.text if report else ""

    def target(self, weapon, unit_class) -> tuple:
        hit = self._targets.get(id(weapon))
        if hit is None:
            numbers = tuple(
                float(x) for x in (unit_class.armoured, unit_class.vehicle, weapon.fa, weapon.ba, weapon.sl, weapon.df)
            )
            hit = self._targets[id(weapon)] = (numbers, weapon)
        return hit

    def reasons(self, mask: int, silhouette: float) -> tuple[str, ...]:
        """The modifiers' reasons of the mask's bits (_fire_core.c's M_ bits), in fire.py's order and words."""
        key = (mask, silhouette)
        hit = self._reasons.get(key)
        if hit is None:
            d, flags = self.params.direct_fire, self.flags
            words = (
                why.silhouette(silhouette, d.silhouette_divisor),
                why.TARGET_IN_COVER_STOPPED,
                why.MOVING_VEHICLE,
                why.apf_below(d.apf_first_halving_ratio),
                why.APF_BELOW_ARMOUR,
                why.MOVING_VEHICLE,
                why.MOVING_TARGET,
                why.TARGET_IN_COVER,
                why.MOVING_FIRER,
                why.small_arms(flags.small_arms_bonus.nationality) if flags.small_arms_bonus else "",
                why.SAME_SQUARE_SUPPRESSED,
            )
            hit = self._reasons[key] = tuple(w for bit, w in enumerate(words) if mask >> bit & 1)
        return hit


_tables: FireTables | None = None


def tables(params, flags, reports: Mapping[str, object]) -> FireTables:
    """The tables of these parameters and flags: those of the last call when they are the same objects (a battle
    asks with its own every shot)."""
    global _tables
    t = _tables
    if t is None or t.params is not params or t.flags is not flags or t.reports is not reports:
        t = _tables = FireTables(params, flags, reports)
    return t


def shot(
    tables: FireTables,
    weapon,
    unit_class,
    nationality: str,
    count,
    moving: bool,
    suppression,
    target_weapon,
    target_class,
    in_cover: bool,
    speed_setting,
    target_moving: bool,
    target_suppression,
    range_: int,
    pulses: int,
    front_arc: bool | None,
    indirect: bool = False,
) -> Shot | None:
    """direct_fire(Firer.from_weapon(weapon, unit_class, count, ...), Target.from_weapon(target_weapon, ...), ...),
    or with `indirect` indirect_fire (range_ and front_arc are not read then), as a Shot; None where the compiled
    loop does not apply (see the module's note)."""
    if _compiled_shot is None or not USE_COMPILED or unit_class.special_weapon:
        return None
    firer, report, overrun, _ = tables.firer(weapon, unit_class, nationality)
    numbers = _compiled_shot(
        tables.constants,
        firer,
        tables.target(target_weapon, target_class)[0],
        count,
        moving,
        suppression,
        in_cover,
        speed_setting,
        target_moving,
        target_suppression,
        range_,
        pulses,
        -1 if front_arc is None else front_arc,
        indirect,
    )
    if numbers is None:
        return None
    kills, supp, p, accuracy, penetration, defence, mask, silhouette = numbers
    if moving and range_ == 0 and not indirect and unit_class.armoured and unit_class.vehicle:
        report = overrun
    # the tuple made directly: the same Shot, without NamedTuple's __new__ (a Python call of eight arguments)
    return _new_tuple(Shot, (kills, supp, p, accuracy, penetration, defence, tables.reasons(mask, silhouette), report))
