"""The rules data against the manuals: sample rows, every difference of docs/rules.md 3.9 and 12.1, the terrain
codes of BG Appendix 3, the movement table, delays, victory points and bands."""

from datetime import date

import pytest

# BG Appendix 3: code -> (type, level); code 30 is missing in the manual and defined as a level-3 road.
APPENDIX_3 = {
    0: ("clear", 1),
    **{c: ("road", 1) for c in range(1, 8)},
    8: ("town", 1),
    9: ("woods", 1),
    10: ("entrenchment", 1),
    **{c: ("slope", 2) for c in range(11, 17)},
    17: ("road_slope", 2),
    18: ("road_slope", 2),
    **{c: ("river", 0) for c in range(19, 25)},
    25: ("bridge", 1),
    26: ("bridge", 1),
    27: ("ford", 0),
    28: ("ford", 0),
    29: ("clear", 3),
    **{c: ("road", 3) for c in range(30, 37)},
    37: ("town", 3),
    38: ("woods", 3),
    39: ("entrenchment", 3),
    **{c: ("slope", 4) for c in range(40, 46)},
    46: ("road_slope", 4),
    47: ("road_slope", 4),
    48: ("clear", 5),
    **{c: ("road", 5) for c in range(49, 56)},
    56: ("town", 5),
    57: ("woods", 5),
    58: ("entrenchment", 5),
}

MOVEMENT = {  # docs/rules.md 6.10: armoured, truck, foot
    "clear": (13, 13, 13),
    "road": (7, 3, 10),
    "town": (10, 5, 12),
    "road_slope": (10, 5, 12),
    "entrenchment": (20, 27, 17),
    "broken": (20, 27, 17),
    "woods": (20, 27, 17),
    "slope": (20, 27, 17),
    "ford": (30, 40, 20),
    "bridge": (7, 3, 10),
    "river": (40, None, 40),
}


@pytest.fixture(scope="module")
def core(bundled):
    return bundled.content("core")


@pytest.fixture(scope="module")
def west(bundled):
    return bundled.content("western")


@pytest.fixture(scope="module")
def east(bundled):
    return bundled.content("eastern")


def stats(weapon):
    return (
        weapon.mr,
        weapon.mp,
        weapon.ss,
        weapon.ac,
        weapon.sp,
        weapon.mg,
        weapon.fa,
        weapon.ba,
        weapon.sl,
        weapon.periods,
    )


def soft(weapon):
    return (weapon.mr, weapon.mp, weapon.ss, weapon.ac, weapon.sp, weapon.sl, weapon.df, weapon.periods)


def get(content, name, *nationalities):
    weapon = content.resolve_weapon(name, nationalities)
    assert weapon is not None, name
    return weapon


def test_appendix_3_codes(core):
    for code, (type_, level) in APPENDIX_3.items():
        entry = core.terrain_codes[code]
        assert (core.terrain_type(entry.type).id, entry.level) == (f"core:{type_}", level), code
    assert {59, 60, 61} <= set(core.terrain_codes)  # the broken extension (13 U32)
    assert all(core.terrain_codes[c].type == "broken" for c in (59, 60, 61))


def test_movement_costs_and_cover(core):
    for type_, costs in MOVEMENT.items():
        terrain = core.terrain_type(type_)
        assert tuple(terrain.cost(f"core:{m}") for m in ("armoured", "truck", "foot")) == costs, type_
    assert {t.id for t in core.terrain_types.values() if t.cover} == {
        "core:town",
        "core:woods",
        "core:broken",
        "core:entrenchment",
    }
    assert core.terrain_type("entrenchment").los == "broken"


def test_rules_parameters(core):
    p = core.parameters
    d, s, u, v, c = p.direct_fire, p.suppression, p.units, p.victory, p.command
    assert (d.kill_divisor_armoured, d.kill_divisor_soft, s.suppression_divisor) == (1200, 1000, 200)
    assert (s.suppression_cap_soft, s.suppression_cap_armoured) == (200, 50)
    assert (u.starting_ammunition, u.stacking_limit, p.time_space.objective_area_size) == (40, 2, 19)
    assert (u.transport_capacity_per_vehicle, s.disembark_suppression, d.range_accuracy_term) == (10, 80, 90)
    assert u.formation_letters == "ABCDEFGHIJKLMNOPQRSTU"
    assert (v.unused_sp_vp, v.unused_sp_vp_cap, v.defender_unused_sp_cap) == (20, 250, 500)
    assert [
        c.bombard_delay_hq_same_formation,
        c.bombard_delay_same_formation,
        c.bombard_delay_command_formation,
        c.bombard_delay_other,
    ] == [2, 4, 6, 8]


def test_victory_bands(core):
    bands = [(b.min_ratio, b.result, b.favours) for b in core.victory_bands]
    assert bands == [
        (2.0, "decisive", "numerator"),
        (1.5, "substantive", "numerator"),
        (1.1, "marginal", "numerator"),
        (0.92, "draw", None),
        (0.67, "marginal", "other"),
        (0.51, "substantive", "other"),
        (0, "decisive", "other"),
    ]


@pytest.mark.parametrize("name,vp", [("SHERMAN", 21), ("PANTHER", 25), ("K TIGER", 33)])
def test_kill_vp_examples_western(west, name, vp):
    weapon = get(west, name)
    cls = west.unit_classes[weapon.unit_class]
    assert cls.kill_vp + (weapon.fa if cls.kill_vp_plus_front_armour else 0) == vp


def test_kill_vp_js3_and_mortars(east):
    js3 = get(east, "JS-III")
    assert east.unit_classes["tank"].kill_vp + js3.fa == 40
    assert get(east, "120MOR").kill_vp == 5 and get(east, "82MOR").kill_vp is None
    assert east.unit_classes["mortar"].kill_vp == 3 and east.unit_classes["hmg"].kill_vp == 2


# -- sample rows (docs/rules.md 3.1-3.8) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,number,row",
    [
        ("SHERMAN", 24, (10, 9, 4, 8, 12, 2, 11, 4, 4, (1, 5))),
        ("FIREFLY", 39, (12, 19, 4, 8, 12, 1, 9, 4, 4, (3, 5))),
        ("PERSHING", 26, (15, 18, 4, 10, 14, 2, 14, 6, 5, (5, 5))),
        ("CHAFFE", 22, (10, 9, 4, 8, 26, 2, 4, 2, 3, (4, 5))),
        ("M21-MOR", 43, (14, 0, 4, 8, 21, 1, 2, 1, 2, (1, 5))),
        ("PANTHER", 4, (15, 18, 4, 8, 17, 2, 15, 5, 5, (2, 5))),
        ("JPZ-VIB", 11, (20, 27, 5, 6, 8, 1, 25, 9, 6, (5, 5))),
        ("SK234/2", 27, (7, 10, 3, 8, 22, 1, 4, 1, 3, (3, 5))),
    ],
)
def test_western_armoured_rows(west, name, number, row):
    weapon = get(west, name)
    assert stats(weapon) == row and weapon.legacy_number == number


@pytest.mark.parametrize(
    "name,row",
    [
        ("17LB-AT", (12, 19, 4, 10, 0, 2, 3, (1, 5))),
        ("107MOR", (23, 0, 5, 8, 2, 1, 5, (1, 5))),
        ("120MOR", (28, 0, 5, 9, 2, 1, 5, (1, 5))),
        ("88FLAK", (20, 15, 4, 20, 0, 3, 3, (1, 5))),
        ("HMG", (5, 0, 1, 50, 5, 1, 8, (1, 5))),
    ],
)
def test_western_soft_rows(west, name, row):
    assert soft(get(west, name, "us", "british", "german")) == row


@pytest.mark.parametrize(
    "name,number,row",
    [
        ("T34/76A", 30, (8, 7, 4, 4, 21, 2, 11, 6, 3, (1, 4))),
        ("T34/85", 32, (12, 15, 4, 6, 20, 2, 11, 7, 5, (6, 8))),
        ("KV-1", 34, (8, 7, 4, 4, 10, 3, 12, 8, 5, (1, 3))),
        ("JS-III", 39, (15, 20, 5, 6, 12, 3, 30, 12, 5, (8, 8))),
        ("JSU-152", 46, (12, 0, 6, 4, 10, 1, 18, 8, 5, (7, 8))),
        ("PZ-IIIL", 6, (8, 10, 3, 8, 11, 2, 7, 4, 3, (3, 5))),
        ("ELEFANT", 17, (15, 22, 4, 8, 6, 0, 23, 8, 6, (5, 5))),
        ("SG-IIIB", 13, (8, 2, 4, 6, 12, 0, 5, 3, 3, (1, 3))),
    ],
)
def test_eastern_armoured_rows(east, name, number, row):
    weapon = get(east, name)
    assert stats(weapon) == row and weapon.legacy_number == number


@pytest.mark.parametrize(
    "name,row",
    [
        ("45AT", (8, 10, 2, 6, 0, 1, 3, (1, 8))),
        ("76H", (15, 0, 4, 6, 0, 1, 3, (1, 8))),
        ("50MOR", (2, 0, 3, 8, 5, 1, 8, (1, 8))),
        ("37AT", (6, 6, 2, 6, 0, 1, 3, (1, 4))),
        ("150IG", (10, 0, 6, 6, 0, 2, 3, (1, 8))),
    ],
)
def test_eastern_soft_rows(east, name, row):
    assert soft(get(east, name, "soviet", "german")) == row


def test_data_card_aliases(east):
    assert get(east, "KV-I").id == get(east, "KV-1").id
    assert get(east, "KV-IC").id == get(east, "KV-1C").id
    assert get(east, "k tiger").id == get(east, "K. TIGER").id


# -- every difference of docs/rules.md 3.9 and 12.1 ------------------------------------------------------------


def test_rifle_accuracy_differs(west, east):  # D1
    assert get(west, "RIFLE", "us").ac == 20 and get(east, "RIFLE", "soviet").ac == 10


def test_88at_accuracy_differs(west, east):  # D2
    assert get(west, "88AT", "german").ac == 10 and get(east, "88AT", "german").ac == 8


def test_tiger_back_armour_differs(west, east):  # D3
    assert (get(west, "TIGER").ba, get(west, "K TIGER").ba) == (5, 6)
    assert (get(east, "TIGER").ba, get(east, "K. TIGER").ba) == (8, 9)


BG_TO_KG = {
    0: 1,
    1: 5,
    2: 8,
    3: 9,
    4: 10,
    5: 11,
    6: 12,
    7: 15,
    8: 16,
    9: 18,
    10: 20,
    11: 21,
    12: 14,
    13: 19,
    22: 22,
    23: 23,
    24: 24,
    25: 25,
    26: 26,
    27: 27,
}


def test_german_numbering_differs(west, east):  # D4
    for bg, kg in BG_TO_KG.items():
        w = get(west, f"#{bg}", "german")
        e = get(east, f"#{kg}", "german")
        assert w.local_id == e.local_id or {w.local_id, e.local_id} == {"jpz_ivl", "jpz_iv"}, (bg, kg)


def test_jpz_ivl_is_jpz_iv(west, east):
    assert stats(get(west, "JPZ-IVL"))[:-1] == stats(get(east, "JPZ-IV"))[:-1]


def test_periods_and_delays(west, east):  # D5, D6
    assert west.ruleset.periods == 5 and sorted(west.periods) == [1, 2, 3, 4, 5]
    assert east.ruleset.periods == 8 and sorted(east.periods) == list(range(1, 9))
    bg = {n: (p.delays("german"), p.delays("allied")) for n, p in west.periods.items()}
    assert bg == {
        1: ((1, 5), (3, 7)),
        2: ((1, 5), (3, 7)),
        3: ((1, 5), (3, 7)),
        4: ((2, 6), (2, 6)),
        5: ((2, 6), (2, 6)),
    }
    kg = {n: (p.delays("german"), p.delays("soviet")) for n, p in east.periods.items()}
    assert kg == {
        1: ((1, 5), (5, 9)),
        2: ((1, 5), (5, 9)),
        3: ((1, 5), (4, 8)),
        4: ((1, 5), (4, 8)),
        5: ((1, 5), (3, 7)),
        6: ((1, 5), (3, 7)),
        7: ((2, 6), (3, 7)),
        8: ((2, 6), (3, 7)),
    }


def test_calendar_mapping(west, east):  # docs/rules.md 4.2
    assert (west.periods[1].start, west.periods[5].end) == (date(1943, 1, 1), date(1945, 5, 8))
    assert east.periods[1].start == date(1941, 6, 22) and east.periods[3].end == date(1942, 12, 31)


def test_profile_flags(west, east):  # D7-D22, section 14
    bg, kg = west.ruleset.flags, east.ruleset.flags
    assert (bg.random_delay_increase, kg.random_delay_increase) == (True, False)
    assert (bg.siw_target_mg_divisor, bg.grenade_divisor, kg.siw_target_mg_divisor, kg.grenade_divisor) == (
        True,
        5,
        False,
        10,
    )
    assert (bg.same_square_suppressed_accuracy, kg.same_square_suppressed_accuracy) == (1, 5)
    assert (bg.moving_firer_soft_divisor, kg.moving_firer_soft_divisor) == (5, 1)
    assert bg.small_arms_bonus is None and kg.small_arms_bonus.multiplier == 1.5
    assert kg.small_arms_bonus.nationality == "german"
    assert (bg.panic_rules, kg.panic_rules, bg.stacking, kg.stacking) == (True, False, True, False)
    assert (bg.los_operator, kg.los_operator) == (">=", ">")
    assert not bg.max_range_accuracy_plus_one and not kg.max_range_accuracy_plus_one
    assert (west.ruleset.entrenchment_max, east.ruleset.entrenchment_max) == (80, 50)
    assert west.ruleset.entrenchment_terrain == ("clear", "road") and east.ruleset.entrenchment_terrain == ("clear",)
    assert (west.ruleset.after_end_extra_turns, east.ruleset.after_end_extra_turns) == (10, None)
    assert (west.ruleset.custom_game_length, west.ruleset.game_length_min, west.ruleset.game_length_max) == (
        True,
        5,
        255,
    )
    assert not east.ruleset.custom_game_length
    assert (west.ruleset.ratio_numerator, east.ruleset.ratio_numerator) == ("allied", "german")
    assert west.ruleset.side("allied").home_edge == "west" and west.ruleset.side("german").home_edge == "east"
    assert east.ruleset.side("soviet").home_edge == "east" and east.ruleset.side("german").home_edge == "west"
    assert set(west.ruleset.siws) == {"grenade", "flameth", "pzfaust", "piat", "bazooka"}
    assert set(east.ruleset.siws) == {"grenade", "flameth", "pzfaust"}
    assert [f.id for f in west.ruleset.force_types] == [
        "british_armour",
        "british_infantry",
        "us_armour",
        "us_infantry",
        "panzer",
        "motorized",
        "infantry",
    ]
    assert [f.id for f in east.ruleset.force_types] == ["tank", "rifle", "panzer", "motorized", "infantry"]
    manuals = [b for b in west.ruleset.battle_types if b.setup is None]  # and the tabletop types (rules.md 16.5)
    assert len(manuals) == len([b for b in east.ruleset.battle_types if b.setup is None]) == 5
    tabletop = ["counter-attack", "flanking-attack", "defence-line", "high-ground"]
    assert [b.id for b in west.ruleset.battle_types if b.setup] == [b.id for b in east.ruleset.battle_types if b.setup]
    assert [b.id for b in west.ruleset.battle_types if b.setup] == tabletop


def test_yr_differences(west, east):  # 3.9
    assert get(west, "PZ-IIIJ").periods == (1, 3) and get(east, "PZ-IIIJ").periods == (2, 5)
    assert get(west, "NASHORN").periods == (1, 4) and get(east, "NASHORN").periods == (4, 6)
    assert get(west, "SG-IIIG").periods == (3, 5) and get(east, "SG-IIIG").periods == (3, 8)
    assert get(west, "PZFAUST").periods == (1, 5) and get(east, "PZFAUST").periods == (5, 8)  # K5: body, not card


def test_card_vs_body_resolutions(east, west):  # 12.3 K5
    assert get(east, "HALFTRK", "soviet").mr == 5
    assert get(east, "SK231").mp == 4 and get(west, "SK231").mp == 4


def test_halftracks_and_trucks(west, east):  # D27, 3.9
    allied = get(west, "HALFTRCK", "us")
    german = get(west, "HALFTRCK", "german")
    assert (allied.mr, allied.ac, allied.sp, allied.fa, allied.sl) == (3, 20, 21, 2, 2)
    assert (german.mr, german.ac, german.sp, german.fa, german.sl) == (5, 50, 16, 1, 3)
    assert allied.legacy_number == german.legacy_number == 48  # B20: numbers are per nationality
    assert get(west, "TRUCK", "us").sp == 13 and get(west, "TRUCK", "german").sp == 11
    assert get(east, "TRUCK", "soviet").sp == 11
    assert allied.fires_as == "hmg" and get(west, "M20-AC").fires_as == "hmg"


def test_weapons_in_one_game_only(west, east):
    for name in (
        "PZ-IIF",
        "PZ-38T",
        "PZ-IIIF",
        "PZ-IIIG",
        "PZ-IIIL",
        "PZ-IVF1",
        "SG-IIIB",
        "ELEFANT",
        "37AT",
        "T34/76A",
    ):
        assert west.weapon_candidates(name) == [], name
        assert east.weapon_candidates(name), name
    for name in ("SHERMAN", "PIAT", "BAZOOKA", "CHURCH"):
        assert east.weapon_candidates(name) == [], name
        assert west.weapon_candidates(name), name


def test_indirect_fire_and_siws(west, east):
    for name in ("PRIEST", "SEXTON", "WESPE", "HUMMEL"):
        assert get(west, name).indirect_mr == 99 and get(west, name).mr == 12
    assert get(east, "WESPE").indirect_mr == 99
    assert (get(west, "PIAT").mr, get(west, "PIAT").mp) == (1, 10)
    assert get(west, "BAZOOKA").designer_value
    assert get(west, "L-ART").periods == (1, 5)  # printed 1-8, clamped (12.2 B4)
    siw = {w.local_id: (w.mr, w.mp, w.ss, w.ac) for w in west.weapons.values() if w.unit_class == "siw"}
    assert siw["grenade"] == (0, 25, 1, 25) and siw["flameth"] == (0, 30, 4, 8) and siw["pzfaust"] == (0, 20, 3, 4)


def test_every_weapon_has_a_description(west, east):
    for content in (west, east):
        missing = [w.id for w in content.weapons.values() if len(w.description) < 20]
        assert missing == []
