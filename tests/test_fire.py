"""Combat math (docs/rules.md 6.4-6.7, 6.12, 6.13, 11, 12.4, 13 U15) against values worked by hand, exactly.

Conventions of the docstrings: base = ((MR-R)*90/MR + AC*P)^2/100; vs armour acc = base * SL'/4 then halvings;
kills = APF*acc*N/(ARMOUR*1200) vs armour and SS^2*acc*N/(DEF*1000) otherwise; SUPP = SS^2*max(acc,10)^2*N/200.
"""

import dataclasses
import itertools
from fractions import Fraction as F

import pytest

from tacforge.engine.rules.combat_headlines import report_category, weapon_report
from tacforge.engine.rules.fire import (
    HMG,
    Firer,
    Target,
    accuracy_base,
    armour_facing,
    direct_fire,
    fire_vs_armour,
    fire_vs_soft,
    indirect_armour,
    indirect_fire,
    siw_attack,
    siw_weapons_firing,
    spotting_pulses,
)
from tacforge.engine.rules.suppression import (
    add_suppression,
    fails_to_search,
    fire_effectiveness,
    firing_sighting_chance,
    halve_suppression,
    is_pinned,
    resolve_kills,
    search_failure_chance,
    suppression_added,
)


@pytest.fixture(scope="module")
def west(bundled):
    return bundled.content("western")


@pytest.fixture(scope="module")
def east(bundled):
    return bundled.content("eastern")


def weapon(content, name, *nationalities):
    w = content.resolve_weapon(name, nationalities)
    assert w is not None, name
    return w


def firer(content, name, count=1, *nationalities, **situation):
    """A pack weapon as an exact firer (count as a Fraction, so the arithmetic is exact)."""
    w = weapon(content, name, *nationalities)
    return Firer.from_weapon(w, content.unit_class_of(w), F(count), **situation)


def target(content, name, *nationalities, **situation):
    w = weapon(content, name, *nationalities)
    return Target.from_weapon(w, content.unit_class_of(w), **situation)


def rules(content):
    return {"params": content.parameters, "flags": content.ruleset.flags}


def half_up(x, places):
    q = F(1, 10**places)
    return (F(x) / q + F(1, 2)) // 1 * q


# -- the worked examples (docs/rules.md 11) --------------------------------------------------------------------------
def test_e1_pz_iiij_vs_sherman_front(west):
    """E1: 5 PZ-IIIJ (MR 8 MP 10 SS 3 AC 8) at Sherman front armour (FA 11, SL 4), range 3, first pulse.
    base = (5*90/8 + 8)^2/100 = 64.25^2/100 = 41.280625 (printed 41.28); SL' = 4 + (6-3) = 7: x7/4 = 72.24;
    APF = 9/4 + 10 - 10*(3/8)/2 = 10.375 < 13.75 and < 11: halved to 36.12 then 18.06;
    kills = 10.375 * 18.0601... * 5 / (11*1200) = 38374469/540672000 = .0709755 (printed .071)."""
    r = fire_vs_armour(
        firer(west, "PZ-IIIJ", 5),
        target(west, "SHERMAN"),
        range_=3,
        pulses=1,
        front_arc=True,
        reports=west.ruleset.reports,
        **rules(west),
    )
    main = r.main
    assert main.accuracy_base == F(66049, 1600) and half_up(main.accuracy_base, 2) == F(4128, 100)
    assert main.silhouette == 7 and main.armour == 11 and main.facing == "front"
    steps = [main.accuracy_base]
    for m in main.modifiers:
        steps.append(steps[-1] * m.factor)
    assert [half_up(s, 2) for s in steps[1:]] == [F("72.24"), F("36.12"), F("18.06")]
    assert [m.factor for m in main.modifiers] == [F(7, 4), F(1, 2), F(1, 2)]
    assert main.apf == main.apf_capped == F(83, 8)
    assert r.kills == main.kills == F(38374469, 540672000)
    assert half_up(r.kills, 3) == F("0.071")
    assert r.report.text == "MEDIUM CANNON FIRE"
    assert isinstance(r.kills, F)


def test_e1_in_kampfgruppe_pz_iiil_vs_t34_76c(east):
    """KG 7.3 gives the same numbers for PZ-IIIL (8/10/3/8) against T-34/76C (FA 11, SL 4)."""
    r = fire_vs_armour(
        firer(east, "PZ-IIIL", 5), target(east, "T34/76C"), range_=3, pulses=1, front_arc=True, **rules(east)
    )
    assert r.kills == F(38374469, 540672000)


def test_e1_floats_in_floats_out(west):
    w, s = weapon(west, "PZ-IIIJ"), weapon(west, "SHERMAN")
    r = fire_vs_armour(
        Firer.from_weapon(w, west.unit_class_of(w), 5),
        Target.from_weapon(s, west.unit_class_of(s)),
        range_=3,
        pulses=1,
        front_arc=True,
        **rules(west),
    )
    assert type(r.kills) is float and type(r.main.accuracy) is float
    assert r.kills == pytest.approx(38374469 / 540672000, rel=1e-12)


def test_e9_basic_program(west):
    """E9: R 2, MR 10, MP 8, SS 4, AC 6, armour 8, SL 4, P 4, N 10.
    base = (8*90/10 + 24)^2/100 = 92.16; SL' = 4 + 4 = 8: acc 184.32; APF = 4 + 8 - 8*(2/10)/2 = 11.2, not < 10:
    no halving; kills = 11.2 * 184.32 * 10 / 9600 = 2.1504 = 1344/625. P = 6 is capped to 4: the same."""
    shooter = Firer(mr=10, mp=8, ss=4, ac=6, count=F(10))
    tank = Target(armoured=True, vehicle=True, fa=8, ba=8, sl=4)
    for pulses in (4, 6):
        r = fire_vs_armour(shooter, tank, range_=2, pulses=pulses, front_arc=True, **rules(west))
        assert r.kills == F(1344, 625) and r.main.pulses == 4
    # P 3: (72 + 18)^2/100 = 81
    assert accuracy_base(F(2), 10, 6, 3, west.parameters, west.ruleset.flags) == 81


def test_max_range_plus_one_flag_is_the_kg_typo(west):
    """With KG 7.3's "1 +" switched on, E1's base becomes 42.280625 and kills .0727 -> .073, not the printed .071."""
    flags = dataclasses.replace(west.ruleset.flags, max_range_accuracy_plus_one=True)
    r = fire_vs_armour(
        firer(west, "PZ-IIIJ", 5),
        target(west, "SHERMAN"),
        range_=3,
        pulses=1,
        front_arc=True,
        params=west.parameters,
        flags=flags,
    )
    assert r.kills == F(38374469, 540672000) * F(67649, 66049)
    assert half_up(r.kills, 3) == F("0.073")


def reference_kills_vs_armor(R, MR, MP, SS, AC, armor, SL, pulses, N, siw=False):  # docs/rules.md 11.2, verbatim
    MRe = MR if MR else 1
    P = min(pulses, 4)
    acc = (F((MRe - R) * 90, MRe) + AC * P) ** 2 / 100
    SLe = SL if (R > 5 or siw or MR == 0) else SL + 6 - R
    acc = acc * F(SLe, 4)
    apf = F(SS * SS, 4) + MP - F(MP * R, MRe) / 2
    if apf < armor:
        acc /= 2
    if apf < F(5, 4) * armor:
        acc /= 2
    apf = min(apf, 2 * armor)
    return apf * acc * N / (1200 * armor)


def test_agrees_with_the_reference_implementation(west):
    for R, MR, MP, SS, AC, armor, SL, P in itertools.product(
        (1, 3, 5, 6, 8), (8, 12), (0, 7, 14), (2, 4, 6), (4, 10), (3, 8, 11, 23), (2, 5), (1, 2, 5)
    ):
        shooter = Firer(mr=MR, mp=MP, ss=SS, ac=AC, count=F(3))
        tank = Target(armoured=True, vehicle=True, fa=armor, ba=1, sl=SL)
        r = fire_vs_armour(shooter, tank, range_=R, pulses=P, front_arc=True, **rules(west))
        assert r.kills == reference_kills_vs_armor(R, MR, MP, SS, AC, armor, SL, P, 3), (
            R,
            MR,
            MP,
            SS,
            AC,
            armor,
            SL,
            P,
        )


# -- direct fire vs armour (6.4) ---------------------------------------------------------------------------------------
def test_back_armour_out_of_the_front_arc_and_at_range_0(west):
    """E1 from outside the front arc: BA 4; APF 10.375 is not < 5 nor < 4, capped at 8; acc = 41.280625*7/4;
    kills = 8 * acc * 5 / (4*1200) = acc/120 = 462343/768000. At range 0 (front arc or not) the back armour:
    base (90+8)^2/100 = 96.04, SL' 10: acc 240.1; APF 12.25 capped 8: kills 240.1/120 = 2401/1200."""
    pz, sherman = firer(west, "PZ-IIIJ", 5), target(west, "SHERMAN")
    r = fire_vs_armour(pz, sherman, range_=3, pulses=1, front_arc=False, **rules(west))
    assert (r.main.armour, r.main.facing, r.main.apf, r.main.apf_capped) == (4, "back", F(83, 8), 8)
    assert r.kills == F(462343, 768000) and "APF capped at 2 x armour" in r.main.notes
    r0 = fire_vs_armour(pz, sherman, range_=0, pulses=1, front_arc=True, **rules(west))
    assert (r0.main.facing, r0.kills) == ("back", F(2401, 1200))
    assert armour_facing(2, True, siw=True) == "back" and armour_facing(2, True) == "front"
    with pytest.raises(ValueError):
        fire_vs_armour(pz, sherman, range_=3, pulses=1, front_arc=None, **rules(west))


def test_apf_halvings_are_strict(west):
    """MR 10, SS 4, AC 4 at range 0 vs armour 8 (SL 4): base (90+4)^2/100 = 88.36, SL' 10: acc 220.9.
    MP 6: APF = 4 + 6 = 10 = 1.25 x 8 exactly: no halving; kills = 10*220.9/9600 = 2209/9600.
    MP 4: APF = 8 = armour: halved once (8 < 10), not twice: acc 110.45, kills = 8*110.45/9600 = 2209/24000."""
    tank = Target(armoured=True, vehicle=True, fa=8, ba=8, sl=4)
    r = fire_vs_armour(
        Firer(mr=10, mp=6, ss=4, ac=4, count=F(1)), tank, range_=0, pulses=1, front_arc=True, **rules(west)
    )
    assert r.main.apf == 10 and [m.reason for m in r.main.modifiers] == ["silhouette 10/4"]
    assert r.kills == F(2209, 9600)
    r = fire_vs_armour(
        Firer(mr=10, mp=4, ss=4, ac=4, count=F(1)), tank, range_=0, pulses=1, front_arc=True, **rules(west)
    )
    assert [m.reason for m in r.main.modifiers] == ["silhouette 10/4", "APF < 1.25 x armour"]
    assert r.kills == F(2209, 24000)
    floats = fire_vs_armour(Firer(mr=10, mp=6, ss=4, ac=4), tank, range_=0, pulses=1, front_arc=True, **rules(west))
    assert floats.kills == pytest.approx(2209 / 9600) and len(floats.main.modifiers) == 1


def test_cover_needs_speed_0_and_moving_vehicles_halve(west):
    """E9 (1344/625): in cover at speed 0 -> x1/2 = 672/625; in cover with speed 5 (waiting) -> unchanged (A6);
    moving -> x1/2 = 672/625."""
    shooter = Firer(mr=10, mp=8, ss=4, ac=6, count=F(10))

    def kills(**situation):
        tank = Target(armoured=True, vehicle=True, fa=8, ba=8, sl=4, **situation)
        return fire_vs_armour(shooter, tank, range_=2, pulses=4, front_arc=True, **rules(west)).kills

    assert kills(in_cover=True, speed_setting=0) == F(672, 625)
    assert kills(in_cover=True, speed_setting=5) == F(1344, 625)
    assert kills(moving=True, speed_setting=5) == F(672, 625)


def test_he_gun_gets_the_range_bonus_and_suppresses_armour(west):
    """A19: StuH 42 (MR 12 MP 0 SS 5 AC 6) at Sherman front, range 2: base (10*90/12 + 6)^2/100 = 65.61;
    SL' = 4 + 4 = 8: 131.22; APF 6.25 < 11: halved twice, 32.805; kills = 6.25*32.805/13200 = 2187/140800.
    MP 0 is not AP fire: SUPP = 25 * 32.805^2 / 200 = 134.5 -> capped at 50."""
    r = fire_vs_armour(
        firer(west, "STU-H42"),
        target(west, "SHERMAN"),
        range_=2,
        pulses=1,
        front_arc=True,
        reports=west.ruleset.reports,
        **rules(west),
    )
    assert r.main.silhouette == 8 and r.main.accuracy == F(6561, 200)
    assert r.kills == F(2187, 140800)
    assert r.main.suppression == F(43046721, 320000) and r.suppression == 50
    assert r.report.text == "MEDIUM ARTILLERY FIRE"  # an armoured vehicle with MP 0 fires as a howitzer


def test_small_arms_cannot_kill_armour_but_suppress(west):
    """1 BG RIFLE (MR 2, AC 20) at Sherman front, range 2: base 20^2/100 = 4, SL' 8: 8; APF 1/4: halved twice, 2.
    kills 0 (6.4); SUPP = 1 * max(2,10)^2 * 1 / 200 = 1/2 (the 10 floor). 30 SMGs at range 0: acc
    169 * 10/4 / 4 = 105.6; SUPP 1673 -> capped at 50 (A20)."""
    r = fire_vs_armour(firer(west, "RIFLE"), target(west, "SHERMAN"), range_=2, pulses=1, front_arc=True, **rules(west))
    assert r.main.accuracy == 2 and r.kills == 0 and r.suppression == F(1, 2)
    assert "RIFLE cannot kill armour" in r.main.notes
    r = fire_vs_armour(
        firer(west, "SMG", 30), target(west, "SHERMAN"), range_=0, pulses=1, front_arc=True, **rules(west)
    )
    assert r.main.accuracy == F(845, 8) and r.kills == 0 and r.suppression == 50
    hmg = fire_vs_armour(firer(west, "HMG"), target(west, "SHERMAN"), range_=0, pulses=1, front_arc=True, **rules(west))
    assert hmg.kills > 0  # A21: only SMG and RIFLE are barred


def test_no_ap_suppression_beyond_range_5(west):
    """Sherman (MR 10 MP 9 SS 4 AC 8, MG 2) at Pz IVH front (FA 8, SL 4). Range 5: base (5*90/10+8)^2/100 = 28.09,
    SL' 5: 35.1125; APF = 13 - 2.25 = 10.75, not < 10; SUPP = 16 * 35.1125^2/200 = 98.63 -> 50; kills
    10.75*35.1125/9600 = 120787/3072000. Range 6: no suppression. An AT gun (no vehicle) at range 3: none."""
    sherman, pz = firer(west, "SHERMAN"), target(west, "PZ-IVH")
    r5 = fire_vs_armour(sherman, pz, range_=5, pulses=1, front_arc=True, **rules(west))
    assert r5.main.suppression == F(7890481, 80000) and r5.suppression == 50
    assert r5.kills == F(120787, 3072000)
    r6 = fire_vs_armour(sherman, pz, range_=6, pulses=1, front_arc=True, **rules(west))
    assert r6.suppression == 0 and "no suppression from AP fire" in r6.main.notes and r6.kills > 0
    at = fire_vs_armour(firer(west, "76AT"), pz, range_=3, pulses=1, front_arc=True, **rules(west))
    assert at.suppression == 0 and at.kills > 0
    m10 = fire_vs_armour(firer(west, "M10"), pz, range_=3, pulses=1, front_arc=True, **rules(west))
    assert m10.suppression == 0  # a vehicle without MGs


def test_suppressed_firer_effectiveness(west):
    """A11: suppression 180 -> effectiveness 1 - 180/300 = 2/5 (the manual's -60%); 300 and more -> 0."""
    tank = Target(armoured=True, vehicle=True, fa=8, ba=8, sl=4)
    r = fire_vs_armour(
        Firer(mr=10, mp=8, ss=4, ac=6, count=F(10), suppression=180),
        tank,
        range_=2,
        pulses=4,
        front_arc=True,
        **rules(west),
    )
    assert r.effectiveness == F(2, 5) and r.kills == F(1344, 625) * F(2, 5)
    assert fire_effectiveness(F(180), west.parameters) == F(2, 5)
    assert fire_effectiveness(F(450), west.parameters) == 0


# -- direct fire vs non-armoured targets (6.5) ------------------------------------------------------------------------
def test_soft_targets_cover_and_movement(west):
    """2 HMGs (MR 5, SS 1, AC 50) at RIFLE (DF 9), range 2: base (3*90/5 + 50)^2/100 = 108.16.
    In cover x1/4: 27.04, kills 27.04*2/9000 = 169/28125, SUPP 27.04^2*2/200 = 114244/15625 (7.31).
    Moving infantry x2: 216.32, kills 1352/28125. A moving truck (DF 1) x1/2: 54.08, kills 54.08*2/1000 = 338/3125."""
    hmg = firer(west, "HMG", 2)
    r = fire_vs_soft(hmg, target(west, "RIFLE", in_cover=True), range_=2, pulses=1, **rules(west))
    assert r.main.accuracy == F(676, 25) and r.main.defence == 9
    assert r.kills == F(169, 28125) and r.suppression == F(114244, 15625)
    assert fire_vs_soft(hmg, target(west, "RIFLE", moving=True), range_=2, pulses=1, **rules(west)).kills == F(
        1352, 28125
    )
    truck = fire_vs_soft(hmg, target(west, "TRUCK", "us", moving=True), range_=2, pulses=1, **rules(west))
    assert truck.kills == F(338, 3125) and [m.reason for m in truck.main.modifiers] == ["moving vehicle"]


def test_moving_firer_divisor_is_battlegroup_only(west, east):
    """BG: a moving firer divides by 5 unless at range 0: 2 HMGs at range 2 -> 108.16/5, kills 676/140625;
    at range 0 base (90+50)^2/100 = 196, kills 196*2/9000 = 49/1125. KG: no penalty (108.16*2/9000 = 676/28125)."""
    rifle = target(west, "RIFLE")
    assert fire_vs_soft(firer(west, "HMG", 2, moving=True), rifle, range_=2, pulses=1, **rules(west)).kills == F(
        676, 140625
    )
    assert fire_vs_soft(firer(west, "HMG", 2, moving=True), rifle, range_=0, pulses=1, **rules(west)).kills == F(
        49, 1125
    )
    assert fire_vs_soft(
        firer(east, "HMG", 2, moving=True), target(east, "RIFLE"), range_=2, pulses=1, **rules(east)
    ).kills == F(676, 28125)


def test_kampfgruppe_german_small_arms_bonus(west, east):
    """KG: 30 German RIFLEs (MR 2, AC 10) at a Soviet RIFLE (DF 9), range 1: base (45+10)^2/100 = 30.25, x1.5 =
    45.375, kills 45.375*30/9000 = 121/800. Soviet rifles: 30.25*30/9000 = 121/1200; German HMGs get no bonus;
    nor do German rifles in BG (AC 20: base (45+20)^2/100 = 42.25, kills 42.25*30/9000 = 169/1200)."""
    soviet_rifle = target(east, "RIFLE")
    german = fire_vs_soft(
        firer(east, "RIFLE", 30, nationality="german"), soviet_rifle, range_=1, pulses=1, **rules(east)
    )
    assert german.kills == F(121, 800) and german.main.modifiers[0].factor == F(3, 2)
    assert fire_vs_soft(
        firer(east, "RIFLE", 30, nationality="soviet"), soviet_rifle, range_=1, pulses=1, **rules(east)
    ).kills == F(121, 1200)
    assert (
        fire_vs_soft(
            firer(east, "HMG", 1, nationality="german"), soviet_rifle, range_=1, pulses=1, **rules(east)
        ).main.modifiers
        == ()
    )
    assert fire_vs_soft(
        firer(west, "RIFLE", 30, nationality="german"), target(west, "RIFLE"), range_=1, pulses=1, **rules(west)
    ).kills == F(169, 1200)


def test_same_square_against_a_suppressed_target(west, east):
    """30 BG RIFLEs (AC 20) in the square of a RIFLE unit: base (90+20)^2/100 = 121. Suppression 100 (> 99): DEF 1,
    kills 121*30/1000 = 363/100; suppression 99: DEF 9, kills 121/300. KG (AC 10, base 100): DEF 1 and acc x5:
    kills 500*30/1000 = 15; German rifles x1.5 x5: 45/2. At range 1 nothing changes."""
    rifles = firer(west, "RIFLE", 30)
    r = fire_vs_soft(rifles, target(west, "RIFLE", suppression=100), range_=0, pulses=1, **rules(west))
    assert r.main.defence == 1 and r.kills == F(363, 100) and r.main.modifiers == ()
    assert fire_vs_soft(rifles, target(west, "RIFLE", suppression=99), range_=0, pulses=1, **rules(west)).kills == F(
        121, 300
    )
    kg = fire_vs_soft(
        firer(east, "RIFLE", 30, nationality="soviet"),
        target(east, "RIFLE", suppression=150),
        range_=0,
        pulses=1,
        **rules(east),
    )
    assert kg.main.defence == 1 and kg.main.accuracy == 500 and kg.kills == 15
    assert fire_vs_soft(
        firer(east, "RIFLE", 30, nationality="german"),
        target(east, "RIFLE", suppression=150),
        range_=0,
        pulses=1,
        **rules(east),
    ).kills == F(45, 2)
    assert (
        fire_vs_soft(
            firer(east, "RIFLE", 30, nationality="soviet"),
            target(east, "RIFLE", suppression=150),
            range_=1,
            pulses=1,
            **rules(east),
        ).main.defence
        == 9
    )


def test_armoured_vehicle_adds_its_mgs_below_range_6(west):
    """3 Shermans (SS 4, AC 8, MG 2) at RIFLEs (DF 9), range 2: main base (8*9+8)^2/100 = 64, kills 16*64*3/9000 =
    128/375; MGs: N = 2*3 = 6 HMGs (MR 5 SS 1 AC 50): base 108.16, kills 108.16*6/9000 = 676/9375; total
    1292/3125. SUPP 983.04 + 350.96 -> capped at 200. Range 6: the main gun only."""
    shermans, rifle = firer(west, "SHERMAN", 3), target(west, "RIFLE")
    r = fire_vs_soft(shermans, rifle, range_=2, pulses=1, **rules(west))
    assert r.main.kills == F(128, 375) and r.mg.n == 6 and r.mg.kills == F(676, 9375)
    assert r.kills == F(1292, 3125) and r.suppression == 200
    assert r.main.suppression + r.mg.suppression == F(20843712, 15625)
    assert fire_vs_soft(shermans, rifle, range_=6, pulses=1, **rules(west)).mg is None
    assert fire_vs_soft(firer(west, "76AT", 3), rifle, range_=2, pulses=1, **rules(west)).mg is None
    assert direct_fire(shermans, rifle, range_=2, pulses=1, **rules(west)).kills == F(1292, 3125)
    assert HMG.mr == 5 and HMG.ss == 1 and HMG.ac == 50


# -- indirect fire (6.6) -----------------------------------------------------------------------------------------------
def test_indirect_fire_on_soft_targets(west):
    """BG 81 mm mortar (MR 13, SS 4, AC 8) at RIFLEs (DF 9): range taken as MR, so base (8P)^2/100.
    P 4: 10.24, kills 16*10.24/9000 = 512/28125, SUPP 16*10.24^2/200 = 131072/15625. P 1: 0.64, kills 32/28125.
    P 0 (no LOS): no kills, but SUPP uses the 10 floor: 16*100/200 = 8."""
    mortar, rifle = firer(west, "81MOR"), target(west, "RIFLE")
    assert [
        spotting_pulses(los, sees, west.parameters)
        for los, sees in ((False, False), (False, True), (True, False), (True, True))
    ] == [0, 0, 1, 4]
    r4 = indirect_fire(mortar, rifle, pulses=4, reports=west.ruleset.reports, **rules(west))
    assert r4.main.range == 13 and r4.kills == F(512, 28125) and r4.suppression == F(131072, 15625)
    assert r4.report.text == "LIGHT ARTILLERY FIRE"
    assert indirect_fire(mortar, rifle, pulses=1, **rules(west)).kills == F(32, 28125)
    r0 = indirect_fire(mortar, rifle, pulses=0, **rules(west))
    assert r0.kills == 0 and r0.suppression == 8


def test_indirect_fire_on_armour(west):
    """4 tubes of H-ART (MR 99, MP 0, SS 6, AC 8) at a BG Tiger (FA 11, BA 5, SL 5), P 4: armour 5 + 11/3 = 26/3;
    base 10.24 x 5/4 (no range bonus) = 12.8; APF 9 < 1.25*26/3 = 10.83: halved, 6.4; not < 26/3.
    kills = 9*6.4*4/(26/3*1200) = 36/1625. With (BA+FA)/3 = 16/3: no halving, kills 9*12.8*4/6400 = 9/125.
    SUPP 36*10^2*4/200 = 72 -> 50."""
    art, tiger = firer(west, "H-ART", 4), target(west, "TIGER", "german")
    r = indirect_fire(art, tiger, pulses=4, **rules(west))
    assert (r.main.armour, r.main.facing, r.main.silhouette) == (F(26, 3), "indirect", 5)
    assert r.kills == F(36, 1625) and r.suppression == 50
    flags = dataclasses.replace(west.ruleset.flags, indirect_armour="sum_third")
    assert indirect_armour(F(11), 5, flags) == F(16, 3)
    assert indirect_fire(art, tiger, pulses=4, params=west.parameters, flags=flags).kills == F(9, 125)


# -- special infantry weapons (3.10) -----------------------------------------------------------------------------------
def test_siw_weapons_firing_per_profile(west, east):
    """30 men against a vehicle with 2 MGs: BG 30/(1+2) = 10, grenades a further /5 = 2; KG 30, grenades 30/10 = 3."""
    bg, kg = west.ruleset.flags, east.ruleset.flags
    assert siw_weapons_firing(F(30), 2, False, bg) == 10 and siw_weapons_firing(F(30), 2, True, bg) == 2
    assert siw_weapons_firing(F(30), 2, False, kg) == 30 and siw_weapons_firing(F(30), 2, True, kg) == 3


def test_grenades_against_a_sherman_and_their_tripling(west):
    """BG: 30 men with GRENADE (MR 0 -> 1, MP 25, SS 1, AC 25) at a Sherman (MG 2, FA 11, BA 4, SL 4): N = 2; back
    armour 4; base (90+25)^2/100 = 132.25, SL' 4 (no bonus): x1; APF 25.25 capped 8: kills 8*132.25*2/4800 =
    529/1200. Target suppression: the automatic 50. P 4: base 361, kills 361/300; ratio 190^2/115^2 = 2.73."""
    grenade, sherman = firer(west, "GRENADE"), target(west, "SHERMAN")
    r1 = siw_attack(grenade, sherman, men=30, pulses=1, reports=west.ruleset.reports, **rules(west))
    assert (r1.kind, r1.main.facing, r1.main.armour, r1.main.silhouette, r1.main.n) == ("siw", "back", 4, 4, 2)
    assert r1.kills == F(529, 1200) and r1.main.suppression == 0 and r1.suppression == 50
    assert r1.automatic_suppression == 50 and r1.report.text == "GRENADE ATTACK"
    r4 = siw_attack(grenade, sherman, men=30, pulses=4, **rules(west))
    assert r4.kills == F(361, 300) and r4.kills / r1.kills == F(190**2, 115**2)
    with pytest.raises(ValueError):
        siw_attack(grenade, target(west, "RIFLE"), men=30, pulses=1, **rules(west))


def test_kampfgruppe_grenades(east):
    """KG: 30 men, N = 3; T-34/76C BA 6, SL 4; APF 25.25 capped 12: kills 12*132.25*3/7200 = 529/800."""
    r = siw_attack(firer(east, "GRENADE"), target(east, "T34/76C"), men=30, pulses=1, **rules(east))
    assert r.main.n == 3 and r.kills == F(529, 800) and r.suppression == 50


def test_piat_has_range_1_but_is_a_siw(west):
    """PIAT (MR 1, MP 10, SS 3, AC 4), 10 men at a Pz IVH (MG 2, BA 4, SL 4): N = 10/3; base (90+4)^2/100 = 88.36;
    no silhouette bonus; APF 9/4 + 10 = 12.25 capped 8; kills 8*88.36*(10/3)/4800 = 7068.8/14400 = 2209/4500."""
    r = siw_attack(
        firer(west, "PIAT"), target(west, "PZ-IVH"), men=10, pulses=1, reports=west.ruleset.reports, **rules(west)
    )
    assert r.main.silhouette == 4 and r.kills == F(2209, 4500) and r.report.text == "PIAT ATTACK"


# -- suppression and searching (6.2, 6.7), sighting (6.13) -------------------------------------------------------------
def test_suppression_helpers(west):
    p = west.parameters
    assert suppression_added(1, F(2), 1, p) == F(1, 2) and suppression_added(2, F(20), 3, p) == 24
    assert add_suppression(F(180), 50, armoured=False, params=p) == 200
    assert add_suppression(F(30), 40, armoured=True, params=p) == 50
    assert add_suppression(F(30), 15, armoured=True, params=p) == 45
    assert halve_suppression(F(75)) == F(75, 2) and halve_suppression(75) == 37.5
    assert search_failure_chance(F(100), p) == 1 and search_failure_chance(F(99), p) == F(99, 100)
    assert fails_to_search(F(40), 0.39, p) and not fails_to_search(F(40), 0.41, p)
    assert not is_pinned(50, p) and is_pinned(51, p)


def test_sighting_a_firing_unit():
    assert firing_sighting_chance(F(1), 4) == F(1, 2) and firing_sighting_chance(F(1), 10) == F(1, 5)
    assert firing_sighting_chance(F(3), 4) == 1 and firing_sighting_chance(F(1), 0) == 1


def test_integer_kill_resolution():
    assert resolve_kills(F(23, 10), 0.25, 10) == 3 and resolve_kills(F(23, 10), 0.75, 10) == 2
    assert resolve_kills(F(2), 0.0, 10) == 2 and resolve_kills(F(79, 10), 0.0, 5) == 5
    assert resolve_kills(F(1, 20), 0.049, 1) == 1 and resolve_kills(F(1, 20), 0.05, 1) == 0
    with pytest.raises(ValueError):
        resolve_kills(F(1, 2), 1.0, 3)


# -- combat report categories (6.12) -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "pack, name, moving, range_, text",
    [
        ("western", "76AT", False, 3, "HEAVY CANNON FIRE"),  # SS 4: the B15 gap, fixed as heavy
        ("western", "57AT", False, 3, "MEDIUM CANNON FIRE"),
        ("western", "M8-AC", False, 3, "LIGHT CANNON FIRE"),
        ("western", "88FLAK", False, 3, "HEAVY CANNON FIRE"),
        ("western", "81MOR", False, 3, "LIGHT ARTILLERY FIRE"),
        ("western", "107MOR", False, 3, "MEDIUM ARTILLERY FIRE"),
        ("western", "150IG", False, 3, "HEAVY ARTILLERY FIRE"),
        ("western", "SHERMAN 105", False, 3, "MEDIUM ARTILLERY FIRE"),  # armoured, MP 0: a howitzer
        ("western", "KANGAROO", False, 1, "SMALL ARMS FIRE"),
        ("western", "M20-AC", False, 1, "SMALL ARMS FIRE"),
        ("western", "SHERMAN", True, 0, "OVERRUN ATTACK"),
        ("western", "SHERMAN", True, 1, "HEAVY CANNON FIRE"),
        ("western", "SHERMAN", False, 0, "HEAVY CANNON FIRE"),  # an overrun needs a moving vehicle
        ("western", "RIFLE", True, 0, "SMALL ARMS FIRE"),
        ("western", "FLAMETH", False, 0, "FLAMETHROWER ATTACK"),
        ("western", "BAZOOKA", False, 0, "BAZOOKA ATTACK"),
        ("western", "H-ART", False, None, "HEAVY ARTILLERY FIRE"),
        ("eastern", "45AT", False, 3, "LIGHT ANTI-TANK FIRE"),  # SS 2: the K7 gap, fixed as light
        ("eastern", "50AT", False, 3, "MEDIUM ANTI-TANK FIRE"),
        ("eastern", "T34/76A", False, 3, "HEAVY ANTI-TANK FIRE"),
        ("eastern", "76H", False, 3, "LIGHT ARTILLERY FIRE"),  # KG artillery SS 4: light (K7)
        ("eastern", "SU-152", False, 3, "HEAVY ARTILLERY FIRE"),
        ("eastern", "HALFTRK", False, 2, "SMALL ARMS FIRE"),
        ("eastern", "PZFAUST", False, 0, "PANZERFAUST ATTACK"),
        ("eastern", "HMG", False, 2, "SMALL ARMS FIRE"),
    ],
)
def test_report_categories(bundled, pack, name, moving, range_, text):
    content = bundled.content(pack)
    w = content.weapon_candidates(name)[0]
    report = weapon_report(w, content.unit_class_of(w), reports=content.ruleset.reports, moving=moving, range_=range_)
    assert report is not None and report.text == text


def test_trucks_make_no_report_and_categories_are_stable_keys(west):
    truck = weapon(west, "TRUCK", "us")
    assert weapon_report(truck, west.unit_class_of(truck), reports=west.ruleset.reports) is None
    assert report_category(kind="cannon", ss=3, reports=west.ruleset.reports).category == "medium_cannon"
    assert report_category(kind="none", ss=1, siw="grenade", reports=west.ruleset.reports).category == "grenade"
