"""The attacking computer player's compiled loops (engine/ai/_attack_core.c: formation_anchor's anchor, spot_for's
square, the suspect distance) against the NumPy steps kept as their fallback (attack.anchor_pick, attack.spot_pick,
suspects.suspect_distance_steps): the same pick on random scores with ties, infinities and crowded squares, and on
every pick and suspect map of three battles with an attacker, each worked out both ways; and the battles' event logs
the recorded ones with the NumPy steps. (tests/test_ai_maps.py holds the suspect map to a plain one.)"""

import copy
from types import SimpleNamespace

import numpy as np
import pytest
from event_log_cases import CASES, play_log, read_recorded

from tacforge.engine.ai import attack, players, suspects
from tacforge.engine.ai.attack import SPOT_RADIUS, Claims
from tacforge.engine.sim.pathing import IMPASSABLE

# bundled scenarios with an attacker, and a meeting engagement (both sides attack)
PLAYED = ("eastern-stalingrad_relief", "western-bocage_crossroads", "eastern-steppe_village")


def test_the_compiled_picks_are_built():
    assert attack._anchor_pick is not None and attack._spot_pick is not None, (
        "engine/ai/_attack_core.c is not built: run `make setup`"
    )


def _picture(width: int, height: int, center: tuple[int, int]) -> SimpleNamespace:
    """What anchor_squares and apart_columns read of a Picture: its size, its memo and the objective."""
    battle = SimpleNamespace(state=SimpleNamespace(objective_center=center), map=SimpleNamespace(width=width))
    return SimpleNamespace(width=width, height=height, memo={}, battle=battle)


def _scores(rng, n: int) -> np.ndarray:
    """Scores with ties (a few values), zeros and, now and then, infinities."""
    values = rng.choice([0.0, 0.25, 0.5, 1.0, rng.random(), rng.random() * 7], size=n)
    return np.where(rng.random(n) < 0.05, np.inf, values)


def test_anchor_pick_is_the_numpy_steps_on_random_scores():
    rng = np.random.default_rng(31)
    compared = with_taken = 0
    for _ in range(400):
        width, height = int(rng.integers(5, 40)), int(rng.integers(5, 40))
        pic = _picture(width, height, (int(rng.integers(width)), int(rng.integers(height))))
        reach = int(rng.choice([4, 8]))
        ax, ay = attack.anchor_squares(pic, reach)
        base = (int(rng.integers(-5, width + 5)), int(rng.integers(-5, height + 5)))
        speed = float(rng.choice([0.5, 1.0, 1.7, 3.0, rng.random() * 4 + 0.1]))
        late = int(rng.integers(0, 12))
        # each judge's threat and suspicion maps and its squares (judged_danger: 4 * (threat + suspicion) there)
        judged = tuple(
            (
                _scores(rng, width * height).reshape(height, width),
                rng.choice([0.0, 0.1, 0.6], size=(height, width)),
                rng.integers(width * height, size=len(ax)),
            )
            for _ in range(int(rng.integers(0, 3)))
        )
        dangers = tuple(4 * (threat.take(at) + suspicion.take(at)) for threat, suspicion, at in judged)
        taken = [(int(ax[i]), int(ay[i])) for i in rng.integers(len(ax), size=int(rng.integers(0, 5)))]
        compiled = attack._anchor_pick(ax, ay, base[0], base[1], speed, late, judged, tuple(taken))
        assert compiled == attack.anchor_pick(pic, reach, base, speed, late, dangers, taken)
        compared += 1
        with_taken += bool(taken)
    assert with_taken > 100


def test_anchor_pick_puts_a_nan_score_last_as_lexsort_does():
    pic = _picture(20, 20, (10, 10))
    ax, ay = attack.anchor_squares(pic, 4)
    threat = np.zeros((20, 20))
    threat[ay[[0, 3]], ax[[0, 3]]] = np.nan
    at = ay * 20 + ax
    picked = attack._anchor_pick(ax, ay, int(ax[0]), int(ay[0]), 1.0, 0, ((threat, threat, at),), ())
    # the base's square and the one after it are NaN: of those 2 squares off, the least x (then y) is taken
    danger = 4 * (threat.take(at) + threat.take(at))
    assert picked == attack.anchor_pick(pic, 4, (int(ax[0]), int(ay[0])), 1.0, 0, (danger,), [])
    assert (ax[picked], ay[picked]) == (ax[0], ay[0] + 2)


def test_spot_pick_is_the_numpy_steps_on_random_windows():
    rng = np.random.default_rng(32)
    moved = stayed = crowded = 0
    for _ in range(1500):
        width, height = int(rng.integers(3, 30)), int(rng.integers(3, 30))
        # the region danger is worked out on, and a window in it round a square within SPOT_RADIUS of it
        x0, y0 = int(rng.integers(width)), int(rng.integers(height))
        x1, y1 = int(rng.integers(x0, width)), int(rng.integers(y0, height))
        # the maps spot_danger reads (the threat with ties and infinities; squares that cannot be entered)
        threat = _scores(rng, width * height).reshape(height, width)
        suspicion = rng.choice([0.0, 0.05, 0.3, 1.5], size=(height, width))
        cost = np.where(rng.random((height, width)) < 0.1, IMPASSABLE, 3).astype(np.int32)
        blocked = cost[y0 : y1 + 1, x0 : x1 + 1] >= IMPASSABLE
        danger = threat[y0 : y1 + 1, x0 : x1 + 1] + suspicion[y0 : y1 + 1, x0 : x1 + 1]
        danger = np.where(blocked, np.inf, 4 * danger)
        around = (
            int(rng.integers(x0 - SPOT_RADIUS, x1 + SPOT_RADIUS + 1)),
            int(rng.integers(y0 - SPOT_RADIUS, y1 + SPOT_RADIUS + 1)),
        )
        lo_x, hi_x = max(x0, around[0] - SPOT_RADIUS), min(x1, around[0] + SPOT_RADIUS)
        lo_y, hi_y = max(y0, around[1] - SPOT_RADIUS), min(y1, around[1] + SPOT_RADIUS)
        if lo_x > hi_x or lo_y > hi_y:
            continue
        claims = Claims(SimpleNamespace(width=width, height=height))
        for _ in range(int(rng.integers(0, 12))):
            claims.add((int(rng.integers(x0, x1 + 1)), int(rng.integers(y0, y1 + 1))))
        here = (int(rng.integers(lo_x - 1, hi_x + 2)), int(rng.integers(lo_y - 1, hi_y + 2)))
        window = (lo_x, lo_y, hi_x, hi_y)
        maps = (threat, suspicion, cost, int(IMPASSABLE), claims.penalty, attack._SPOT_NEAR)
        compiled = attack._spot_pick(maps, window, around, here)
        assert compiled == attack.spot_pick(danger, (x0, y0), claims, window, around, here)
        moved += compiled != here
        stayed += compiled == here
        crowded += claims.any_within(*window)
    assert moved > 200 and stayed > 100 and crowded > 200, (moved, stayed, crowded)


def test_anchor_pick_refuses_a_judged_square_off_the_maps():
    pic = _picture(20, 20, (10, 10))
    ax, ay = attack.anchor_squares(pic, 4)
    maps = np.zeros((20, 20))
    with pytest.raises(IndexError):
        attack._anchor_pick(ax, ay, 0, 0, 1.0, 0, ((maps, maps, ay * 20 + ax + 400),), ())


def test_spot_pick_refuses_a_window_off_its_maps():
    floats, cost = np.zeros((10, 10)), np.zeros((10, 10), dtype=np.int32)
    maps = (floats, floats, cost, int(IMPASSABLE), floats, attack._SPOT_NEAR)
    assert attack._spot_pick(maps, (5, 6, 9, 9), (7, 7), (7, 7)) == (7, 7)
    with pytest.raises(ValueError):  # past the map's right edge
        attack._spot_pick(maps, (5, 6, 10, 9), (7, 7), (7, 7))
    with pytest.raises(ValueError):  # wider than near reaches round (7, 3)
        attack._spot_pick(maps, (0, 0, 4, 4), (7, 3), (3, 3))
    with pytest.raises(ValueError):  # costs of another size than the danger's maps
        attack._spot_pick((floats, floats, cost[:5], *maps[3:]), (5, 6, 9, 9), (7, 7), (7, 7))


@pytest.mark.parametrize("name", PLAYED)
def test_every_pick_of_a_battle_is_the_numpy_steps_and_so_is_its_log(name, monkeypatch):
    case = next(case for case in CASES if case.name == name)
    asked = {"anchors": 0, "spots": 0, "suspects": 0, "grown": 0}
    formation_anchor, spot_for, suspect_distance = attack.formation_anchor, attack.spot_for, suspects.suspect_distance

    def both_anchors(pic, members, taken, meeting):
        monkeypatch.setattr(attack, "USE_COMPILED", False)
        expected = formation_anchor(pic, members, taken, meeting)
        monkeypatch.setattr(attack, "USE_COMPILED", True)
        asked["anchors"] += 1
        assert formation_anchor(pic, members, taken, meeting) == expected
        return expected

    def both_spots(pic, unit, around, claimed):
        monkeypatch.setattr(attack, "USE_COMPILED", False)
        expected = spot_for(pic, unit, around, copy.deepcopy(claimed))
        monkeypatch.setattr(attack, "USE_COMPILED", True)
        asked["spots"] += 1
        assert spot_for(pic, unit, around, claimed) == expected
        return expected

    def both_distances(pic):
        asked["suspects"] += 1
        near = suspect_distance(pic)
        assert np.array_equal(near, suspects.suspect_distance_steps(pic)) and near.dtype == np.int64
        asked["grown"] += int((near < 99).any())
        return near

    monkeypatch.setattr(players, "formation_anchor", both_anchors)
    monkeypatch.setattr(attack, "spot_for", both_spots)
    monkeypatch.setattr(suspects, "suspect_distance", both_distances)
    assert play_log(case, []) == read_recorded(case)
    assert asked["anchors"] > 10 and asked["spots"] > 20 and asked["grown"] > 3, asked
    monkeypatch.setattr(players, "formation_anchor", formation_anchor)
    monkeypatch.setattr(attack, "spot_for", spot_for)
    monkeypatch.setattr(suspects, "suspect_distance", suspect_distance)
    monkeypatch.setattr(attack, "USE_COMPILED", False)
    monkeypatch.setattr(suspects, "USE_COMPILED", False)
    assert play_log(case, []) == read_recorded(case)
