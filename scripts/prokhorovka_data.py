"""What the designer of Prokhorovka (12 July 1943) puts into the editor (scripts/build_prokhorovka.py): the ground as
drawn, the names, the forces, where they stand, the objectives, the plans and the texts. Squares are (x, y) from the
map's north-west corner, x east, y south; one square is 200 yards. On the ground the Leibstandarte's axis, the road
from Teterevino past the Oktiabrskii state farm to Prokhorovka, runs south-west to north-east; the map lays it
west to east (the Psel along the top, the railway embankment along the bottom), which puts the Soviets on the
Eastern pack's home edge (east) and the Germans on theirs (west). The corridor between the river and the railway is
some four kilometres wide (20 squares); the village's first houses are 22 squares (about four kilometres) east of
Hill 252.2, the station 24."""

from __future__ import annotations

WIDTH, HEIGHT = 48, 26
HILL_252 = (20, 15)  # Hill 252.2, between the road and the railway: the Leibstandarte's forward position
OKTIABRSKII = (17, 10)  # the Oktiabrskii state farm, north of the road
PROKHOROVKA = (44, 12)  # the station and the village on the road
DITCH_X = 26  # the Soviet anti-tank ditch, dug across the corridor in front of the hill (beyond its slope)

SCENARIO = {
    "id": "prokhorovka",
    "name": "Prokhorovka - the Tank Corps against Hill 252.2",
    "date": "12071943",
    "period": 5,  # Summer-autumn 1943
    # both sides meant to attack that morning, but in this sector the Soviets struck first and the Leibstandarte
    # fought from its positions: a Soviet assault (only the attacker scores the area, the defender's points count
    # double; KG's 30 turns for an assault)
    "battle_type": "soviet-assault",
    "force_types": {"soviet": "tank", "german": "panzer"},
    "size": (WIDTH, HEIGHT),
    "turns": 30,
    "visibility": 14,
    "start_lines": {"soviet": 32, "german": 22},
    "centre": HILL_252,
}

# -- the map: what is drawn, in order (later strokes go over earlier ones; the line tool keeps to road and river) --
# ("rect", type, (x0, y0), (x1, y1)) a rectangle; ("line", road|river, start, end) a line (bridged at a crossing);
# ("level", level, size, start, end) the elevation tool in "set level" mode, dragged from start to end
DRAW = [
    # the Psel's marshy flood plain and the villages strung along its south bank (Andreevka, Vasilevka, Mikhailovka)
    ("rect", "broken", (0, 2), (30, 4)),
    ("rect", "town", (3, 4), (6, 5)),
    ("rect", "town", (10, 4), (13, 5)),
    ("rect", "town", (27, 4), (30, 5)),
    # the balkas (dry gullies) that cut the slope down to the river, where the 18th Tank Corps' infantry crept up
    ("rect", "broken", (22, 5), (23, 9)),
    ("rect", "broken", (34, 6), (35, 9)),
    # the state farms: Komsomolets (behind the German line) and Oktiabrskii, with its orchard
    ("rect", "town", (4, 15), (6, 16)),
    ("rect", "town", (16, 9), (18, 11)),
    ("rect", "woods", (14, 8), (15, 9)),
    # the railway embankment along the south side (rough going: the pack has no railway type), Storozhevoe and
    # its wood beyond it, Yamki and Prokhorovka in the east
    ("rect", "broken", (0, 20), (47, 20)),
    ("rect", "woods", (22, 22), (29, 25)),
    ("rect", "town", (30, 22), (32, 23)),
    ("rect", "town", (38, 15), (40, 16)),
    ("rect", "town", (42, 10), (47, 14)),
    # the Psel and the roads
    ("line", "river", (0, 1), (47, 1)),
    ("line", "road", (0, 14), (HILL_252[0], 13)),  # from Teterevino and Komsomolets
    ("line", "road", (HILL_252[0], 13), PROKHOROVKA),  # past Hill 252.2 to Prokhorovka
    ("line", "road", OKTIABRSKII, (HILL_252[0], 13)),  # the state farm's track to the road
    ("line", "road", (12, 5), (OKTIABRSKII[0], 9)),  # from Andreevka up to the state farm
    ("line", "road", PROKHOROVKA, (31, 22)),  # south to Storozhevoe
    # the ground: Hill 252.2 and the ridge it stands on (level 3); the rise of Hill 241.6 behind the Germans
    ("level", 3, 5, (18, 14), (22, 16)),
    ("level", 3, 3, (17, 11), (19, 12)),
    ("level", 2, 3, (5, 12), (7, 12)),
    # the anti-tank ditch across the corridor from the railway towards the river, last so that the hill's slope
    # does not cover it. Drawn as ford, the shared terrain that is most like a ditch: below the plain (level 0),
    # dearer to tanks (30) and lorries (40) than to men on foot (20). Two strokes, either side of the road, so the
    # road keeps its square (a causeway; painted over, the road would become a ford)
    ("rect", "ford", (DITCH_X, 10), (DITCH_X, 12)),
    ("rect", "ford", (DITCH_X, 14), (DITCH_X, 19)),
]

LABELS = [
    ("Hill 252.2", (20, 17)),
    ("Oktiabrskii state farm", (17, 8)),
    ("Komsomolets state farm", (5, 17)),
    ("Prokhorovka", (44, 9)),
    ("the Psel", (20, 0)),
    ("Andreevka", (11, 6)),
    ("Vasilevka", (4, 6)),
    ("Mikhailovka", (28, 6)),
    ("anti-tank ditch", (26, 19)),
    ("railway (Belgorod-Kursk line)", (8, 21)),
    ("Storozhevoe", (31, 24)),
    ("Yamki", (39, 17)),
    ("to Teterevino", (1, 15)),
]

FORCE_NAMES = {
    "soviet": "5th Guards Tank Army: 18th and 29th Tank Corps",
    "german": "Leibstandarte SS Adolf Hitler (II SS Panzer Corps)",
}
COMMAND = {  # side: (formation, HQ unit, (weapon, count) typed over the HQ or None, units added)
    "soviet": ("HQ, 29th Tank Corps", "Corps HQ (Maj-Gen Kirichenko)", None, []),
    "german": ("Stab, SS-Panzer-Regiment 1", "Regiment HQ", None, []),
}
SOVIET = [
    (  # B: the 29th Tank Corps' 32nd Tank Brigade, astride the road
        "32nd Tank Brigade (29th Tank Corps)",
        [
            ("Brigade HQ", "t34_76c", 1),
            ("1st Company", "t34_76c", 5),
            ("2nd Company", "t34_76c", 5),
            ("3rd Company", "T-34/76C", 5),
        ],
    ),
    (  # C: the 31st Tank Brigade, between the road and the railway
        "31st Tank Brigade (29th Tank Corps)",
        [
            ("Brigade HQ", "t34_76c", 1),
            ("1st Company", "t34_76c", 5),
            ("2nd Company", "T-70", 5),
            ("3rd Company", "t_70", 5),
        ],
    ),
    (  # D: the 18th Tank Corps' 181st Tank Brigade, along the Psel towards the state farm
        "181st Tank Brigade (18th Tank Corps)",
        [
            ("Brigade HQ", "t34_76c", 1),
            ("1st Company", "t34_76c", 5),
            ("2nd Company", "t34_76c", 5),
            ("3rd Company", "t_70", 5),
        ],
    ),
    (  # E: the 29th Tank Corps' motor riflemen, who followed the tanks in their trucks
        "53rd Motor Rifle Brigade (leading company)",
        [
            ("Company HQ", "smg", 8),
            ("1st Rifle Platoon", "rifle", 30),
            ("2nd Rifle Platoon", "rifle", 30),
            ("Machine-Gun Section", "hmg", 2),
            ("Trucks", "truck", 8),
        ],
    ),
    (  # F: the self-propelled regiment that went in with the 29th Tank Corps along the railway
        "1446th SP Artillery Regiment",
        [("Regiment HQ", "su_122", 1), ("SU-122 Battery", "su_122", 5), ("SU-76 Battery", "su_76", 5)],
    ),
    (  # G: the 18th Tank Corps' 170th Tank Brigade, in its first echelon beside the 181st, as on the day
        "170th Tank Brigade (18th Tank Corps)",
        [("Brigade HQ", "t34_76c", 1), ("1st Company", "t34_76c", 6), ("2nd Company", "t_70", 6)],
    ),
]
GERMAN = [
    (  # B: the Panzer IVs of the regiment's II. Abteilung, behind the hill
        "II./SS-Pz.Rgt. 1 (Panzer IV)",
        [
            ("Abteilung HQ", "pz_ivh", 1),
            ("5. Kompanie", "pz_ivh", 4),
            ("6. Kompanie", "pz_ivh", 4),
            ("7. Kompanie", "Pz IVH", 4),
        ],
    ),
    (  # C: the heavy company: four Tigers were ready on the morning
        "13. (schwere) Kompanie (Tiger)",
        [("Kompanie-Trupp", "tiger", 1), ("1. Zug", "tiger", 3)],
    ),
    (  # D: the assault guns, dug in on the ridge by the hill
        "SS-Sturmgeschuetz-Abteilung 1",  # (the keyboard types ASCII)
        [("Batterie-Trupp", "sg_iiig", 1), ("1. Batterie", "sg_iiig", 3), ("2. Batterie", "StuG IIIG", 3)],
    ),
    (  # E: Peiper's armoured grenadiers on Hill 252.2, their halftracks behind it
        "III./SS-Pz.Gren.Rgt. 2 (Peiper, in halftracks)",
        [
            ("Bataillon HQ", "rifle", 8),
            ("11. Kompanie", "rifle", 30),
            ("12. Kompanie", "rifle", 30),
            ("SPW", "halftrack", 8),
            ("Pak", "75at", 2),
        ],
    ),
]
# (side, formation row, unit row, carrier): the grenadiers and the Pak ride in the halftracks (E3)
TRANSPORT = [("german", 4, 1, "E3"), ("german", 4, 2, "E3"), ("german", 4, 4, "E3")]
# (side, formation row, first turn, last turn, chance, edge or None for the home edge)
ARRIVALS = []
PLACES = [
    (("soviet", 0, None), (45, 16)),  # the corps HQ behind Prokhorovka
    (("soviet", 1, None), (36, 12)),  # 32nd Tank Brigade astride the road
    (("soviet", 2, None), (36, 17)),  # 31st Tank Brigade towards the railway
    (("soviet", 3, None), (33, 6)),  # 181st Tank Brigade by the Psel
    (("soviet", 4, None), (40, 11)),  # the motor riflemen with their trucks
    (("soviet", 5, None), (38, 19)),  # the SU regiment by the railway
    (("soviet", 6, None), (36, 9)),  # 170th Tank Brigade beside the 181st, towards the state farm
    (("german", 0, None), (4, 13)),  # the regiment's staff by Komsomolets
    (("german", 1, None), (12, 13)),  # the Panzer IVs behind the hill
    (("german", 2, None), (16, 16)),  # the Tigers on the reverse slope
    (("german", 3, None), (19, 12)),  # the StuGs on the ridge by the farm
    (("german", 4, None), (20, 15)),  # Peiper's grenadiers on Hill 252.2
]

OBJECTIVES = [  # (name, kind, side, points, square): the placed ones first, a second on a square last
    ("Hill 252.2", "capture", "soviet", 120, HILL_252),
    ("Oktiabrskii state farm", "capture", "soviet", 80, OKTIABRSKII),
    ("Prokhorovka", "capture", "german", 80, PROKHOROVKA),
    ("Hill 252.2", "hold", "german", 60, HILL_252),
]

# AI plans: (side, id, name, weight, [(units as references, [(kind, square or None, start turn or None)], then
# hold)])
PLANS = [
    (
        "soviet",
        "rotmistrov_frontal",
        "History: both tank corps straight at Hill 252.2 and the state farm, over the ditch, at full speed",
        3,
        [
            (["A"], [("hold", None, None)], True),
            (["B", "E"], [("attack", (26, 13), None), ("attack", HILL_252, None)], False),
            (["C", "F"], [("attack", (26, 18), None), ("attack", HILL_252, None)], False),
            (["D"], [("attack", (22, 7), None), ("attack", OKTIABRSKII, None)], False),
            (["G"], [("attack", OKTIABRSKII, None)], False),
        ],
    ),
    (
        "soviet",
        "stand_behind_the_ditch",
        "Hold behind the ditch and let the panzers come on (the defence Vatutin had ordered until the 11th)",
        1,
        [
            (["B", "C", "E", "F"], [("move", (30, 14), None), ("hold", None, None)], True),
            (["D", "G"], [("move", (28, 7), None), ("hold", None, None)], True),
            (["A"], [("hold", None, None)], True),
        ],
    ),
    (
        "german",
        "hold_the_hill",
        "History: Peiper's grenadiers and the StuGs hold Hill 252.2, the Panzer IVs and Tigers strike the tanks "
        "that get over the ditch",
        3,
        [
            (["A"], [("hold", None, None)], True),
            (["D", "E"], [("hold", None, None)], True),
            # the armour strikes and then holds where the strike ended: without the hold the doctrine took over
            # once the groups reached the squares their own grenadiers held, and sent the Panzer IVs one by one
            # down the road towards Prokhorovka into the T-34s
            (["B"], [("move", (16, 13), None), ("attack", HILL_252, 8)], True),
            (["C"], [("move", (18, 16), None), ("attack", OKTIABRSKII, 10)], True),
        ],
    ),
    (
        "german",
        "on_to_prokhorovka",
        "The day's own order: the attack on Prokhorovka goes in at once along the road",
        1,
        [
            (["A"], [("hold", None, None)], True),  # the regiment's staff stays back (in no group it drove in)
            (["B", "C"], [("attack", (26, 13), None), ("attack", PROKHOROVKA, None)], False),
            (["D", "E"], [("hold", None, None)], True),
        ],
    ),
]

BRIEFING = (
    "12 July 1943, the southern face of the Kursk salient. The II SS Panzer Corps has broken through the second Soviet "
    "defence belt and its Leibstandarte stands on Hill 252.2 and in the Oktiabrskii state farm, in the corridor "
    "between the Psel and the railway embankment, three to four kilometres short of Prokhorovka. At half past eight in "
    "the morning the 5th Guards Tank Army counter-attacks: the 18th Tank Corps along the river, the 29th astride the "
    "road and the railway, down the slope and into their own anti-tank ditch. A turn is two minutes: the 30 turns are "
    "the first hour of the attack."
)
SIDE_BRIEFINGS = {
    "soviet": (
        "Close with the German tanks before their long guns can pick you off at range: drive straight for Hill "
        "252.2 and the state farm. Mind the anti-tank ditch across the corridor in front of the hill. The 18th "
        "Tank Corps' 181st and 170th Tank Brigades go in together towards the state farm."
    ),
    "german": (
        "Hold Hill 252.2. Peiper's grenadiers are on the hill, the assault guns on the ridge beside it, the Panzer "
        "IVs and the four Tigers behind. When the Soviet tanks come over the ditch, strike them; if they falter, "
        "the attack on Prokhorovka, the day's order, goes in."
    ),
}
MAP_NAME = "The Prokhorovka corridor: Hill 252.2 to Prokhorovka"
MAP_DESCRIPTION = (
    "Drawn by hand in the editor at the rules' scale (a square is 200 yards), not imported from the real ground, "
    "and turned so that the road from Teterevino to Prokhorovka (south-west to north-east on the ground) runs west "
    "to east: the Psel and its villages along the top, the Oktiabrskii state farm and Hill 252.2, the Soviet "
    "anti-tank ditch in front of the hill (drawn as ford, the shared terrain most like a ditch: below the plain "
    "and dearer to vehicles than to men on foot), the railway embankment along the bottom (rough going: the pack "
    "has no railway type), Storozhevoe and its wood beyond it, Prokhorovka in the east. Placed from the maps in "
    "Zamulin's and Glantz and House's studies of the battle; the distances are approximate. It awaits a true-scale "
    "import (docs/real-ground.md)."
)
NOTES = (
    "Prokhorovka, 12 July 1943: the Leibstandarte's sector of the tank battle. Built in the editor "
    "(scripts/build_prokhorovka.py), not written by hand.\n"
    "Sources: V. Zamulin, Demolishing the Myth: The Tank Battle at Prokhorovka, Kursk, July 1943 (Helion, 2011); "
    "D. M. Glantz and J. M. House, The Battle of Kursk (University Press of Kansas, 1999); G. Nipe, Blood, Steel "
    "and Myth: The II. SS-Panzer-Korps and the Road to Prochorowka (2011).\n"
    "The map is drawn by hand at the rules' scale (a square is 200 yards) and turned so the axis of the attack runs "
    "west to east; it awaits a true-scale import (docs/real-ground.md).\n"
    "Forces, scaled to a platoon-level game and taken from the pack's weapons: the 29th Tank Corps' 32nd and 31st "
    "Tank Brigades (T-34/76C, the pack's closest to the 1943 T-34, and T-70), the 18th Tank Corps' 181st Tank "
    "Brigade and, beside it in the corps' first echelon as on the day, its 170th, a company of the 53rd Motor "
    "Rifle Brigade and the 1446th SP "
    "Artillery Regiment (SU-122 and SU-76). The Germans: the Panzer IVs (the pack's Pz IVH for the Leibstandarte's "
    "long-barrelled G and H) of II./SS-Pz.Rgt. 1, four Tigers of its heavy company, the assault guns (StuG IIIG) "
    "and Peiper's III./SS-Pz.Gren.Rgt. 2 in halftracks with two Pak 40 (the pack's 75 mm anti-tank gun). The "
    "numbers are scaled down from the day's: 72 Soviet tanks and SUs against 24 German tanks and assault guns, 3 to "
    "1, where the two corps had some 400 against the Leibstandarte's some 70 (about 5.7 to 1). The proportion stops "
    "at 3 to 1 because the game does not carry what made the day's so costly for the Soviets (the German artillery "
    "and the Luftwaffe's attacks on the tank columns, the brigades sent in one after another): at 3.4 to 1 the "
    "Germans won only about half of the games.\n"
    "The 170th's commander, Lt-Col Tarasov, was killed that morning; the 110th Tank Brigade, which followed the "
    "first echelon, is not carried.\n"
    "Battle type: a Soviet assault. Both sides meant to attack that morning, but in this sector the Soviets struck "
    "first and the Leibstandarte fought from its positions. The anti-tank ditch is drawn as ford, the shared "
    "terrain most like a ditch (dearer to vehicles than to men on foot), the road crossing it on a causeway.\n"
    "What the scenario tells: history. The plans weighted 3 are what was done (the Soviet tank corps charged "
    "frontally and ran into their own ditch; the Leibstandarte held the hill and struck from it); each side has "
    "one alternative weighted 1."
)
