"""Fire: direct fire vs armoured and non-armoured targets, indirect fire, special infantry weapons, and the
resolution of expected kills to whole ones (docs/rules.md 6.4-6.7, 3.10, 12.4; resolve_kills is re-exported
from tacforge.engine.rules.suppression).

Pure functions of numbers, the rules `params` (content/rules.yaml `parameters`) and the profile's `flags`
(engine.model.RulesetFlags). Arithmetic is exact when an input is a Fraction and none is a float (results are then
Fractions, parameters such as 0.5 or 1.25 are read as exact decimals); otherwise every result is a float.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from tacforge.engine.cached_dataclass import dataclass

from ..quick_init import quick_init
from . import fire_reasons as why
from .combat_headlines import Report, report_category
from .suppression import (
    Number,
    Params,
    arithmetic,
    fire_effectiveness,
    resolve_kills,
    suppression_added,
    suppression_cap,
)

__all__ = [
    "Firer",
    "Target",
    "HMG",
    "Modifier",
    "Attack",
    "FireResult",
    "Report",
    "accuracy_base",
    "armour_facing",
    "indirect_armour",
    "spotting_pulses",
    "siw_weapons_firing",
    "suppression_added",
    "fire_effectiveness",
    "resolve_kills",
    "fire_vs_armour",
    "fire_vs_soft",
    "direct_fire",
    "indirect_fire",
    "siw_attack",
]


@quick_init
@dataclass(frozen=True)
class Firer:
    """The firing unit: its weapon's ratings and its situation. `count` is N, the weapons firing (vehicles, guns
    or men); `mg` the machine guns per vehicle; `report` the unit class's report kind; `siw` the SIW's id when the
    weapon is a special infantry weapon, `name` its name; `kills_armour` False when the class only suppresses armour
    (6.4, A20); `thrown` when a SIW is thrown by hand, its weapons firing divided by the grenade divisor (3.10)."""

    mr: Number
    mp: Number
    ss: Number
    ac: Number
    count: Number = 1
    unit_class: str = ""
    nationality: str = ""
    armoured: bool = False
    vehicle: bool = False
    mg: Number = 0
    moving: bool = False
    suppression: Number = 0
    siw: str | None = None
    report: str = "none"
    fires_as: str | None = None
    name: str = ""
    kills_armour: bool = True
    thrown: bool = False

    @classmethod
    def from_weapon(
        cls,
        weapon,
        unit_class,
        count: Number = 1,
        *,
        nationality: str | None = None,
        moving: bool = False,
        suppression: Number = 0,
    ) -> Firer:
        """From an engine.model.Weapon and its engine.model.UnitClass; nationality defaults to the weapon's."""
        nat = nationality if nationality is not None else weapon.nationality
        return cls(
            mr=weapon.mr,
            mp=weapon.mp,
            ss=weapon.ss,
            ac=weapon.ac,
            count=count,
            unit_class=weapon.unit_class,
            nationality=nat,
            armoured=unit_class.armoured,
            vehicle=unit_class.vehicle,
            mg=weapon.mg,
            moving=moving,
            suppression=suppression,
            siw=weapon.local_id if unit_class.special_weapon else None,
            report=unit_class.report,
            fires_as=weapon.fires_as,
            name=weapon.name,
            kills_armour=unit_class.kills_armour,
            thrown=weapon.thrown,
        )


@quick_init
@dataclass(frozen=True)
class Target:
    """The unit fired at. `in_cover`: its square is cover terrain (town, woods, broken, entrenchment);
    `speed_setting`: its ordered speed (cover protects armour only at 0); `moving`: it is moving (A5)."""

    armoured: bool
    vehicle: bool = False
    fa: Number = 0
    ba: Number = 0
    sl: Number = 0
    df: Number = 0
    mg: Number = 0
    in_cover: bool = False
    speed_setting: Number = 0
    moving: bool = False
    suppression: Number = 0

    @classmethod
    def from_weapon(
        cls,
        weapon,
        unit_class,
        *,
        in_cover: bool = False,
        speed_setting: Number = 0,
        moving: bool = False,
        suppression: Number = 0,
    ) -> Target:
        return cls(
            armoured=unit_class.armoured,
            vehicle=unit_class.vehicle,
            fa=weapon.fa,
            ba=weapon.ba,
            sl=weapon.sl,
            df=weapon.df,
            mg=weapon.mg,
            in_cover=in_cover,
            speed_setting=speed_setting,
            moving=moving,
            suppression=suppression,
        )


# The armoured vehicle's machine guns fire as this HMG against soft targets (6.5, A10: MR 5, SS 1, AC 50). It has
# no unit class: a class's small-arms bonus (KG's German SMG and RIFLE) is for its platoons, not for vehicle MGs.
HMG = Firer(mr=5, mp=0, ss=1, ac=50, report="small_arms")


@quick_init
@dataclass(frozen=True)
class Modifier:
    reason: str
    factor: Number


@quick_init
@dataclass(frozen=True)
class Attack:
    """One weapon's attack before the firer's suppression (A11): the main weapon, or the MGs of an armoured vehicle.
    `range` and `pulses` are those of the formula (MR for indirect fire; P after the cap); `silhouette` is SL' and
    `armour`/`facing`/`apf`/`apf_capped` are set against armoured targets, `defence` against the others."""

    weapon: str  # main | mg
    range: Number
    pulses: Number
    n: Number
    accuracy_base: Number
    accuracy: Number
    modifiers: tuple[Modifier, ...]
    kills: Number
    suppression: Number
    silhouette: Number | None = None
    armour: Number | None = None
    facing: str | None = None  # front | back | indirect
    apf: Number | None = None
    apf_capped: Number | None = None
    defence: Number | None = None
    notes: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class FireResult:
    """An attack's outcome. `kills` (expected) and `suppression` (added to the target, capped 200 / 50) include
    the firer's effectiveness factor and the SIW's automatic suppression; resolve kills with `resolve_kills`."""

    kind: str  # direct | indirect | siw
    armoured_target: bool
    attacks: tuple[Attack, ...]
    effectiveness: Number
    kills: Number
    suppression: Number
    automatic_suppression: Number
    report: Report | None

    @property
    def main(self) -> Attack:
        return self.attacks[0]

    @property
    def mg(self) -> Attack | None:
        return self.attacks[1] if len(self.attacks) > 1 else None


# -- single formulas --------------------------------------------------------------------------------------------------
def accuracy_base(range_, mr, ac, pulses, params: Params, flags) -> Number:
    """((MRe - R) * 90 / MRe + AC * P)^2 / 100 with MRe = MR or 1 and P = min(pulses, 4) (6.4, A1, A2)."""
    return _base(arithmetic((range_, mr, ac, pulses)), range_, mr, ac, pulses, params, flags)[2]


def _base(a, r, mr, ac, pulses, params, flags):
    r, mr, ac = a(r), a(mr), a(ac)
    mre = mr if mr > 0 else a(1)
    d = params.direct_fire
    p = min(a(pulses), a(d.max_pulses_for_accuracy))
    base = ((mre - r) * a(d.range_accuracy_term) / mre + ac * p) ** 2 / a(d.accuracy_divisor)
    if flags.max_range_accuracy_plus_one:  # KG 7.3's "1 +", a typo both profiles switch off (12.1 D8)
        base += 1
    return mre, p, base


def armour_facing(range_, front_arc: bool | None, siw: bool = False) -> str:
    """'back' at range 0 and for every SIW; otherwise 'front' when the firer is in the target's front 90-degree
    arc, else 'back' (6.4). `front_arc` may be None only where it cannot matter."""
    if range_ == 0 or siw:
        return "back"
    if front_arc is None:
        raise ValueError("fire at an armoured vehicle beyond range 0 needs front_arc")
    return "front" if front_arc else "back"


def indirect_armour(fa, ba, flags) -> Number:
    """Armour against indirect fire: BA + FA/3, or (BA + FA)/3 with indirect_armour 'sum_third' (6.6, A4)."""
    a = arithmetic((fa, ba))
    if flags.indirect_armour == "ba_plus_fa_third":
        return a(ba) + a(fa) / 3
    if flags.indirect_armour == "sum_third":
        return (a(ba) + a(fa)) / 3
    raise ValueError(f"unknown indirect_armour rule {flags.indirect_armour!r}")


def spotting_pulses(los: bool, sees_enemy: bool, params: Params) -> int:
    """P of indirect fire: 0 if the spotter has no LOS to the square, 1 with LOS but no enemy seen, else 4 (6.6)."""
    return params.direct_fire.max_pulses_for_accuracy if los and sees_enemy else int(los)


def siw_weapons_firing(men, target_mg, thrown: bool, flags) -> Number:
    """N of a SIW attack (3.10): men, / (1 + target MGs) if flagged (BG), / grenade_divisor for grenades (a
    weapon with `thrown: true`)."""
    a = arithmetic((men, target_mg))
    n = a(men)
    if flags.siw_target_mg_divisor:
        n /= 1 + a(target_mg)
    if thrown:
        n /= a(flags.grenade_divisor)
    return n


# -- attacks ----------------------------------------------------------------------------------------------------------
def _arith(firer, target, *more):
    return arithmetic(
        (
            firer.mr,
            firer.mp,
            firer.ss,
            firer.ac,
            firer.count,
            firer.mg,
            firer.suppression,
            target.fa,
            target.ba,
            target.sl,
            target.df,
            target.mg,
            target.speed_setting,
            target.suppression,
            *more,
        )
    )


def _check_range(a, r, mr):
    if r < 0 or r > (a(mr) if mr > 0 else a(1)):
        raise ValueError(f"range {r} is outside 0..{mr}")


def _vs_armour(a, f, t, r, pulses, armour, facing, range_bonus, params, flags) -> Attack:
    if armour <= 0:
        raise ValueError("an armoured target needs armour above 0")
    mre, p, base = _base(a, r, f.mr, f.ac, pulses, params, flags)
    below = a(params.direct_fire.silhouette_bonus_below_range)
    sle = a(t.sl) + (below - r if range_bonus and r < below else 0)
    divisor = params.direct_fire.silhouette_divisor
    mods = [Modifier(why.silhouette(sle, divisor), sle / a(divisor))]
    if t.in_cover and t.speed_setting == 0:
        mods.append(Modifier(why.TARGET_IN_COVER_STOPPED, a(params.direct_fire.cover_accuracy_armoured)))
    if t.moving:
        mods.append(Modifier(why.MOVING_VEHICLE, a(params.direct_fire.moving_accuracy_armoured)))
    ss, mp = a(f.ss), a(f.mp)
    apf = ss * ss / a(params.direct_fire.apf_shell_divisor) + mp - mp * (r / mre) / 2
    if apf < a(params.direct_fire.apf_first_halving_ratio) * armour:  # strict: APF = 1.25 x armour does not halve
        mods.append(Modifier(why.apf_below(params.direct_fire.apf_first_halving_ratio), a(1) / 2))
    if apf < armour:
        mods.append(Modifier(why.APF_BELOW_ARMOUR, a(1) / 2))
    acc = base
    for m in mods:
        acc *= m.factor
    capped = min(apf, a(params.direct_fire.apf_cap_ratio) * armour)
    notes = [f"APF capped at {params.direct_fire.apf_cap_ratio} x armour"] if capped != apf else []
    n = a(f.count)
    kills = capped * acc * n / (armour * a(params.direct_fire.kill_divisor_armoured))
    if not f.kills_armour:
        kills = a(0)
        notes.append(f"{f.unit_class.upper()} cannot kill armour")
    if mp > 0 and not (f.vehicle and f.mg > 0 and r < a(params.direct_fire.mg_bonus_below_range)):  # 6.7, A12
        supp = a(0)
        notes.append("no suppression from AP fire")
    else:
        supp = suppression_added(ss, acc, n, params)
    return Attack(
        "main",
        r,
        p,
        n,
        base,
        acc,
        tuple(mods),
        kills,
        supp,
        silhouette=sle,
        armour=armour,
        facing=facing,
        apf=apf,
        apf_capped=capped,
        notes=tuple(notes),
    )


def _vs_soft(a, f, t, r, pulses, same_square, params, flags, weapon="main") -> Attack:
    if f.siw:
        raise ValueError("special infantry weapons fire only at armoured vehicles")
    _, p, base = _base(a, r, f.mr, f.ac, pulses, params, flags)
    mods, notes = [], []
    if t.moving:  # doubled for men on foot, halved for trucks (6.5, A9)
        d = params.direct_fire
        factor = d.moving_accuracy_armoured if t.vehicle else d.moving_accuracy_soft
        mods.append(Modifier(why.MOVING_VEHICLE if t.vehicle else why.MOVING_TARGET, a(factor)))
    if t.in_cover:
        mods.append(Modifier(why.TARGET_IN_COVER, a(params.direct_fire.cover_accuracy_soft)))
    if f.moving and r != 0:
        mods.append(Modifier(why.MOVING_FIRER, 1 / a(flags.moving_firer_soft_divisor)))
    bonus = flags.small_arms_bonus
    if bonus is not None and f.unit_class in bonus.classes and f.nationality == bonus.nationality:
        mods.append(Modifier(why.small_arms(bonus.nationality), a(bonus.multiplier)))
    defence = a(t.df)
    if same_square and t.suppression > params.suppression.suppression_no_search_above:
        defence = a(flags.same_square_suppressed_defence)
        notes.append(
            f"suppressed target in the firer's square: defence {why.number_text(t.df)} -> {why.number_text(defence)}"
        )
        mods.append(Modifier(why.SAME_SQUARE_SUPPRESSED, a(flags.same_square_suppressed_accuracy)))
    if defence <= 0:
        raise ValueError("a non-armoured target needs a defence above 0")
    mods = [m for m in mods if m.factor != 1]
    acc = base
    for m in mods:
        acc *= m.factor
    ss, n = a(f.ss), a(f.count)
    kills = ss * ss * acc * n / (defence * a(params.direct_fire.kill_divisor_soft))
    return Attack(
        weapon,
        r,
        p,
        n,
        base,
        acc,
        tuple(mods),
        kills,
        suppression_added(ss, acc, n, params),
        defence=defence,
        notes=tuple(notes),
    )


def _result(a, kind, f, t, attacks, automatic, report, params) -> FireResult:
    eff = fire_effectiveness(a(f.suppression), params)
    cap = a(suppression_cap(t.armoured, params))
    kills = sum((x.kills for x in attacks), a(0)) * eff
    supp = min(cap, sum((x.suppression for x in attacks), a(0)) * eff + automatic)
    return FireResult(kind, t.armoured, tuple(attacks), eff, kills, supp, automatic, report)


def _report(f, range_, reports):
    if reports is None:
        return None
    return report_category(
        kind=f.report,
        ss=f.ss,
        mp=f.mp,
        armoured_vehicle=f.armoured and f.vehicle,
        moving=f.moving,
        range_=range_,
        siw=f.siw,
        siw_name=f.name,
        fires_as=f.fires_as,
        reports=reports,
    )


def fire_vs_armour(
    firer: Firer,
    target: Target,
    *,
    range_,
    pulses,
    front_arc: bool | None,
    params: Params,
    flags,
    reports: Mapping[str, object] | None = None,
) -> FireResult:
    """Direct fire at an armoured vehicle (6.4). A SIW firer (`firer.siw`) shoots back armour without the range
    bonus and gives the target the automatic SIW suppression."""
    a = _arith(firer, target, range_, pulses)
    r = a(range_)
    _check_range(a, r, firer.mr)
    siw = firer.siw is not None
    facing = armour_facing(r, front_arc, siw)
    armour = a(target.fa if facing == "front" else target.ba)
    attack = _vs_armour(a, firer, target, r, pulses, armour, facing, not siw, params, flags)
    automatic = a(params.suppression.siw_suppression) if siw else a(0)
    return _result(
        a, "siw" if siw else "direct", firer, target, [attack], automatic, _report(firer, r, reports), params
    )


def fire_vs_soft(
    firer: Firer,
    target: Target,
    *,
    range_,
    pulses,
    params: Params,
    flags,
    reports: Mapping[str, object] | None = None,
    mg_weapon=HMG,
) -> FireResult:
    """Direct fire at a non-armoured target (6.5); range 0 is the firer's own square. An armoured vehicle firing
    below range 6 adds its MGs as a separate attack of `mg_weapon` (A10: N = MG x vehicles, same R and P)."""
    a = _arith(firer, target, range_, pulses, mg_weapon.mr, mg_weapon.ss, mg_weapon.ac)
    r = a(range_)
    _check_range(a, r, firer.mr)
    attacks = [_vs_soft(a, firer, target, r, pulses, r == 0, params, flags)]
    if firer.armoured and firer.vehicle and firer.mg > 0 and r < a(params.direct_fire.mg_bonus_below_range):
        mg = Firer(
            mr=mg_weapon.mr,
            mp=0,
            ss=mg_weapon.ss,
            ac=mg_weapon.ac,
            count=a(firer.mg) * a(firer.count),
            unit_class=getattr(mg_weapon, "unit_class", ""),
            nationality=firer.nationality,
            moving=firer.moving,
        )
        attacks.append(_vs_soft(a, mg, target, r, pulses, r == 0, params, flags, weapon="mg"))
    return _result(a, "direct", firer, target, attacks, a(0), _report(firer, r, reports), params)


def direct_fire(
    firer: Firer,
    target: Target,
    *,
    range_,
    pulses,
    front_arc: bool | None = None,
    params: Params,
    flags,
    reports: Mapping[str, object] | None = None,
    mg_weapon=HMG,
) -> FireResult:
    """fire_vs_armour or fire_vs_soft, by the target."""
    if target.armoured:
        return fire_vs_armour(
            firer,
            target,
            range_=range_,
            pulses=pulses,
            front_arc=front_arc,
            params=params,
            flags=flags,
            reports=reports,
        )
    return fire_vs_soft(
        firer, target, range_=range_, pulses=pulses, params=params, flags=flags, reports=reports, mg_weapon=mg_weapon
    )


def indirect_fire(
    firer: Firer, target: Target, *, pulses, params: Params, flags, reports: Mapping[str, object] | None = None
) -> FireResult:
    """Indirect fire (6.6): range taken as MR (the 90 term is 0), P from `spotting_pulses`; armour BA + FA/3 and
    silhouette SL/4 without the range bonus against armoured targets."""
    a = _arith(firer, target, pulses)
    r = a(firer.mr)
    if target.armoured:
        armour = indirect_armour(a(target.fa), a(target.ba), flags)
        attack = _vs_armour(a, firer, target, r, pulses, armour, "indirect", False, params, flags)
    else:
        attack = _vs_soft(a, firer, target, r, pulses, False, params, flags)
    return _result(a, "indirect", firer, target, [attack], a(0), _report(firer, None, reports), params)


def siw_attack(
    siw: Firer, target: Target, *, men, pulses, params: Params, flags, reports: Mapping[str, object] | None = None
) -> FireResult:
    """A platoon's special infantry weapon at an armoured vehicle in its square (3.10): N from `men` by the
    profile's flags, back armour, no silhouette range bonus, automatic siw_suppression for the target."""
    if not target.armoured:
        raise ValueError("special infantry weapons fire only at armoured vehicles")
    if siw.siw is None:
        raise ValueError("the firer is not a special infantry weapon")
    a = _arith(siw, target, men, pulses)
    n = siw_weapons_firing(a(men), a(target.mg), siw.thrown, flags)
    return fire_vs_armour(
        dataclasses.replace(siw, count=n),
        target,
        range_=0,
        pulses=pulses,
        front_arc=False,
        params=params,
        flags=flags,
        reports=reports,
    )


def content_direct_fire(content, firer: Firer, target: Target, *, range_, pulses, front_arc: bool | None) -> FireResult:
    """direct_fire with the rules parameters, ruleset flags and report weapons of a pack's merged content (anything
    with `.parameters` and `.ruleset`): what `tacforge calc` and the editor's weapon plots both compute."""
    if content.ruleset is None:
        raise ValueError(f"pack '{content.pack_id}' has no ruleset")
    return direct_fire(
        firer,
        target,
        range_=range_,
        pulses=pulses,
        front_arc=front_arc,
        params=content.parameters,
        flags=content.ruleset.flags,
        reports=content.ruleset.reports,
    )
