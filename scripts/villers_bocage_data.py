"""What the designer of Villers-Bocage (13 June 1944) puts into the editor (scripts/build_villers_bocage.py): the
ground as drawn, the names, the forces, where they stand, the objectives, the plans and the texts. Squares are
(x, y) from the map's north-west corner, x east, y south; one square is 200 yards, so the town (about a kilometre
across) is six squares wide and Point 213 lies some fourteen squares east-north-east of the town square."""

from __future__ import annotations

WIDTH, HEIGHT = 40, 24
TOWN_SQUARE = (14, 13)  # Place Jeanne d'Arc: the Caen road meets the Tilly and Aunay roads
POINT_213 = (28, 7)
MONTBROCQ = (20, 11)

SCENARIO = {
    "id": "villers_bocage",
    "name": "Villers-Bocage - Wittmann on the Caen Road",
    "date": "13061944",
    "period": 3,  # Early 1944 (to 30 June)
    "battle_type": "meeting",
    "force_types": {"allied": "british_armour", "german": "panzer"},
    "size": (WIDTH, HEIGHT),
    "turns": 30,
    "visibility": 12,
    "start_lines": {"allied": 30, "german": 22},
    "centre": POINT_213,  # the objective of the day, which the Germans took back
}

# -- the map: what is drawn, in order (later strokes go over earlier ones; the line tool keeps to road and river) --
# ("rect", type, (x0, y0), (x1, y1)) a rectangle; ("line", road|river, start, end) a line (bridged at a crossing);
# ("level", level, size, start, end) the elevation tool in "set level" mode, dragged from start to end
DRAW = [
    # bocage: the small hedged fields and orchards all round (rough going, broken sight lines), then the woods
    ("rect", "broken", (1, 1), (4, 6)),
    ("rect", "broken", (9, 2), (12, 7)),
    ("rect", "broken", (1, 17), (5, 22)),
    ("rect", "broken", (17, 17), (24, 22)),
    ("rect", "broken", (31, 16), (37, 21)),
    ("rect", "broken", (21, 1), (25, 5)),
    ("rect", "woods", (22, 9), (25, 11)),  # the orchards and copses south of the road below Point 213
    ("rect", "woods", (29, 10), (32, 13)),  # where the Tigers of the 2nd company lay up on the morning
    ("rect", "woods", (33, 2), (36, 4)),
    ("rect", "woods", (8, 19), (10, 21)),
    ("rect", "woods", (27, 19), (30, 22)),
    # the town and its eastern suburb, Montbrocq, along the road; Amaye and Tracy-Bocage
    ("rect", "town", (11, 11), (17, 15)),
    ("rect", "town", (12, 10), (15, 10)),
    ("rect", "town", (13, 16), (15, 17)),
    ("rect", "town", (18, 11), (21, 12)),
    ("rect", "town", (3, 13), (4, 14)),
    ("rect", "town", (7, 18), (8, 19)),
    # the railway (Caen-Vire line): its embankment and cuttings, rough going, along the town's south side
    ("rect", "broken", (16, 16), (39, 16)),
    # the Seulles, north to south west of the town, then the roads
    ("line", "river", (7, 0), (6, 23)),
    ("line", "road", (0, 14), (11, 13)),  # the road from Caumont and Livry by Amaye, the way 7th Armoured came
    ("line", "road", TOWN_SQUARE, (20, 11)),  # the main street (rue Pasteur) to Montbrocq
    ("line", "road", (20, 11), POINT_213),  # the Caen road up to Point 213
    ("line", "road", POINT_213, (39, 3)),  # and on towards Caen
    ("line", "road", TOWN_SQUARE, (16, 0)),  # the Tilly road north
    ("line", "road", TOWN_SQUARE, (12, 23)),  # the Aunay road south
    ("line", "road", (11, 13), (7, 18)),  # to Tracy-Bocage
    # the ground: the ridge of Point 213 (level 3), the Seulles valley below the town (level 1)
    ("level", 3, 5, (26, 5), (31, 8)),
    ("level", 3, 3, (33, 5), (36, 5)),
]

LABELS = [
    ("Villers-Bocage", (13, 10)),
    ("Place Jeanne d'Arc", TOWN_SQUARE),
    ("Montbrocq", (19, 10)),
    ("Point 213", (28, 5)),
    ("Amaye-sur-Seulles", (2, 12)),
    ("Tracy-Bocage", (6, 20)),
    ("the Seulles", (7, 3)),
    ("railway (Caen-Vire line)", (26, 17)),
    ("to Caen", (37, 2)),
    ("to Tilly-sur-Seulles", (16, 1)),
    ("to Aunay-sur-Odon", (12, 22)),
    ("to Caumont and Livry", (1, 15)),
]

# -- the forces: (formation, [(unit, weapon as typed, count)]), the first unit is the HQ; the command formation
# (New Scenario's "A") is renamed and its HQ unit too --
FORCE_NAMES = {  # side: the force's own name, over the one New Scenario gave it
    "allied": "22nd Armoured Brigade's spearhead (4th CLY group)",
    "german": "Tigers of s.SS-Pz.Abt. 101 and Panzer-Lehr",
}
COMMAND = {  # side: (formation, HQ unit, (weapon, count) typed over the HQ's halftrack or None, units added)
    "allied": (
        "RHQ, 4th County of London Yeomanry",
        "Regimental HQ (Lt-Col Cranley)",
        ("cromwell", 3),
        [("5th RHA OP tanks", "cromwell", 2), ("Recce Troop", "stuart", 3)],
    ),
    "german": ("Stab, s.SS-Pz.Abt. 101", "Abteilung HQ", None, []),
}
ALLIED = [
    (  # B: on Point 213 at the start
        "A Squadron, 4th County of London Yeomanry",
        [
            ("Squadron HQ", "cromwell", 2),
            ("1st Troop", "cromwell", 3),
            ("2nd Troop", "cromwell", 3),
            ("3rd Troop", "cromwell", 3),
            ("4th Troop", "cromwell", 3),
            ("Fireflies", "Sherman Firefly", 4),
        ],
    ),
    (  # C: halted nose to tail on the road below Point 213
        "A Company, 1st Rifle Brigade",
        [
            ("Company HQ", "rifle", 8),
            ("1st Motor Platoon", "rifle", 30),
            ("2nd Motor Platoon", "rifle", 30),
            ("Scout Platoon", "Universal Carrier", 4),
            ("Halftracks", "halftrack", 8),
            ("6-pdr", "6-pounder", 1),
        ],
    ),
    (  # D: in the town from the start (it came up behind the column)
        "B Squadron, 4th County of London Yeomanry",
        [
            ("Squadron HQ", "cromwell", 2),
            ("1st Troop", "cromwell", 3),
            ("2nd Troop", "cromwell", 3),
            ("Firefly Troop", "firefly", 2),
        ],
    ),
    (  # E: the Queen's infantry who came into the town later (a reinforcement)
        "1/7th Queen's Royal Regiment (leading company)",
        [
            ("Company HQ", "rifle", 8),
            ("1st Platoon", "rifle", 30),
            ("2nd Platoon", "rifle", 30),
            ("6-pdr section", "57at", 2),
        ],
    ),
]
GERMAN = [
    (  # B: Wittmann's company, south of the road by Point 213
        "2./s.SS-Pz.Abt. 101 (Wittmann)",
        [("Wittmann's Tiger", "tiger", 1), ("1. Zug", "tiger", 2), ("2. Zug", "Tiger I", 2)],
    ),
    (  # C: a reinforcement from the east
        "1./s.SS-Pz.Abt. 101 (Moebius)",  # (the keyboard types ASCII: Mobius)
        [("Kompanie-Trupp", "tiger", 1), ("1. Zug", "tiger", 3), ("2. Zug", "tiger", 3)],
    ),
    (  # D: a reinforcement from the south
        "Kampfgruppe of Panzer-Lehr (Pz IV, II./Pz.Lehr-Rgt. 130)",
        [("Kompanie-Trupp", "PZ-IVH", 1), ("5. Kompanie", "pz_ivh", 4), ("6. Kompanie", "pz_ivh", 4)],
    ),
]
# (side, formation row, unit row, carrier): motor platoons and the 6-pdr ride in the halftracks (C4)
TRANSPORT = [("allied", 2, 1, "C4"), ("allied", 2, 2, "C4"), ("allied", 2, 5, "C4")]
# (side, formation row, first turn, last turn, chance, edge or None for the home edge)
ARRIVALS = [
    ("allied", 4, 20, 26, 0.3, None),  # the Queen's, from the west: they came up towards midday
    ("german", 2, 8, 12, 0.4, None),  # Moebius's Tigers, from the east along the Caen road
    ("german", 3, 14, 18, 0.4, "south"),  # Panzer-Lehr's Pz IVs, from the south (by Tracy-Bocage and the Aunay road)
]
# where each formation (or one unit: a 3-tuple key) is dropped at the start; the editor spreads a formation's
# units over the nearest free squares
PLACES = [
    (("allied", 0, None), (19, 11)),  # RHQ, its OP tanks and the Recce Troop in Montbrocq
    (("allied", 1, None), POINT_213),  # A Squadron on Point 213
    (("allied", 2, None), (24, 9)),  # the Rifle Brigade's column on the road below it
    (("allied", 3, None), (13, 13)),  # B Squadron in the town
    (("german", 0, None), (36, 14)),  # the battalion's staff, south-east
    (("german", 1, None), (30, 11)),  # 2nd company in the woods south of the road
    (("german", 1, 0), (25, 11)),  # Wittmann's own Tiger, nearer the road, below the column
]

OBJECTIVES = [  # (name, kind, side, points, square): clicked on the map, then named and scored in the table
    ("Point 213", "capture", "german", 120, POINT_213),
    ("Villers-Bocage, the square", "capture", "german", 80, TOWN_SQUARE),
    ("Villers-Bocage, the square", "hold", "allied", 60, TOWN_SQUARE),
]

# AI plans: (side, id, name, weight, [(units typed as references, [(kind, square or None, start turn or None)],
# then hold)]); units are chosen in the Order of battle, as a designer picks them
PLANS = [
    (
        "allied",
        "hold_point_213",
        "History: A Squadron holds Point 213, the column halts on the road, B Squadron waits in the town",
        3,
        [
            (["B"], [("hold", None, None)], True),
            (["C"], [("hold", None, None)], True),
            (["A"], [("move", (18, 12), None), ("hold", None, None)], True),
            (["D"], [("move", (15, 13), None), ("hold", None, None)], True),
            (["E"], [("move", TOWN_SQUARE, None), ("hold", None, None)], True),
        ],
    ),
    (
        "allied",
        "back_to_the_town",
        "A Squadron and the riflemen fight their way back into the town at once",
        1,
        [
            (["B", "C"], [("move", (20, 11), None), ("move", (16, 13), None), ("hold", None, None)], True),
            (["A", "D", "E"], [("move", (15, 13), None), ("hold", None, None)], True),
        ],
    ),
    (
        "german",
        "wittmann_down_the_road",
        "History: Wittmann's Tiger down the column into the town, the company onto Point 213, the rest into the town",
        3,
        [
            (["B0"], [("attack", (22, 10), None), ("attack", (17, 12), None), ("attack", TOWN_SQUARE, None)], False),
            (["B1", "B2"], [("attack", POINT_213, None)], False),
            (["C"], [("attack", (22, 10), None), ("attack", TOWN_SQUARE, None)], False),
            (["D"], [("attack", (14, 17), None), ("attack", TOWN_SQUARE, None)], False),
        ],
    ),
    (
        "german",
        "point_213_first",
        "The whole company onto Point 213 first, then into the town with the reinforcements",
        1,
        [
            (["B"], [("attack", POINT_213, None), ("attack", TOWN_SQUARE, 12)], False),
            (["C", "D"], [("attack", TOWN_SQUARE, None)], False),
        ],
    ),
]

BRIEFING = (
    "13 June 1944, a week after D-Day. 7th Armoured Division has slipped round the open German flank by Caumont "
    "and its leading column, the 4th County of London Yeomanry with a company of the Rifle Brigade, drove through "
    "Villers-Bocage at first light to seize the high ground of Point 213 on the road to Caen. The column has halted "
    "nose to tail on the road; the tanks of A Squadron are on the hill. A few Tigers of the SS heavy tank battalion "
    "have just come up behind the ridge. A turn is two minutes: the 30 turns are the first hour of the fighting."
)
SIDE_BRIEFINGS = {
    "allied": (
        "Hold Point 213 and the town. Your column is strung out along the road and the tanks on the hill cannot see "
        "down into the orchards; B Squadron and the Queen's, coming up behind, can turn the town's streets into a "
        "trap for anything that comes into them."
    ),
    "german": (
        "Stop the British column before it reaches Caen's back door. The Tigers of the 2nd company are in the "
        "orchards south of the road; take Point 213 and the town square. The 1st company and Panzer-Lehr's "
        "Panzer IVs are on the way from the east and the south."
    ),
}
MAP_NAME = "Villers-Bocage and the Caen road to Point 213"
MAP_DESCRIPTION = (
    "Drawn by hand in the editor at the rules' scale (a square is 200 yards), not imported from the real ground: "
    "the town, the Caen road east through Montbrocq to Point 213, the Tilly and Aunay roads, the Seulles west of the "
    "town, the railway (its line approximate, drawn as rough going: the pack has no railway type) and the bocage, "
    "placed from the maps in the British official history (Ellis, Victory in the West, vol. I) and in Taylor's and "
    "Forty's studies of the battle. It awaits a true-scale import (docs/real-ground.md)."
)
NOTES = (
    "Villers-Bocage, 13 June 1944: Operation Perch's right hook. Built in the editor "
    "(scripts/build_villers_bocage.py), not written by hand.\n"
    "Sources: the British official history (L. F. Ellis, Victory in the West, vol. I, HMSO 1962); "
    "D. Taylor, Villers-Bocage Through the Lens (1999); G. Forty, Villers-Bocage (Battle Zone Normandy, 2004); "
    "and for the German side P. Agte, Michael Wittmann and the Waffen SS Tiger Commanders of the Leibstandarte "
    "(2006) and the history of s.SS-Pz.Abt. 101 it draws on.\n"
    "The map is drawn by hand at the rules' scale (a square is 200 yards), from the accounts and their maps: "
    "the town, Montbrocq and Point 213 on the Caen road, the Tilly and Aunay roads, the Seulles west of the town, "
    "the railway (its line approximate) and the bocage; it awaits a true-scale import (docs/real-ground.md).\n"
    "Forces: A Squadron and RHQ of the 4th CLY (Cromwells and Fireflies; the Recce Troop's Honeys are the pack's "
    "Stuart), A Company 1st Rifle Brigade in halftracks and carriers with a 6-pounder, B Squadron in the town; the "
    "1/7th Queen's arrive later. The Germans: Wittmann's 2nd company of s.SS-Pz.Abt. 101 (five Tigers), Moebius's "
    "1st company and a Panzer IV Kampfgruppe of Panzer-Lehr arriving as reinforcements. The day's fighting lasted "
    "until evening; the 30 turns (an hour) compress the morning's ambush and the first fight in the town.\n"
    "What the scenario tells: history. The plans weighted 3 are what was done (A Squadron held on the hill, "
    "Wittmann drove down the halted column into the town while his company took Point 213); each side has one "
    "alternative weighted 1."
)
