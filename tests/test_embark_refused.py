"""A carrier that reaches a passenger on its pick-up list and has no room for it (issue 24): the refusal is an event
and the passenger leaves the list, so the movement phase goes on instead of asking the full carrier for ever."""

import threading

from tacforge.engine.sim import events as ev
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.battle import Battle


def test_a_full_carrier_refuses_a_queued_passenger_and_the_turn_ends(bundled):
    content = bundled.content("western")
    b = Battle(content, content.scenario("bocage_crossroads"), seed=1)
    b.start()
    units = b.state.units
    c5, c1, c2, c6 = (units[f"allied:{uid}"] for uid in ("C5", "C1", "C2", "C6"))
    assert c1.carrier == c5.uid and c2.carrier == c6.uid
    b.orders_phase({"allied": [o.Disembark(c6.uid)]})
    b.orders_phase({"allied": [o.Move(c6.uid, (c6.pos[0] - 4, c6.pos[1]))]})  # C6 drives off; C2 stays on foot
    b.orders_phase({"allied": [o.Embark(c5.uid, c2.uid)]})  # C5 already carries C1: no room for C2
    assert c2.uid in c5.embark_queue
    done = threading.Event()

    def phases():
        for _ in range(3):
            b.orders_phase({})
            b.combat_phase()
        done.set()

    threading.Thread(target=phases, daemon=True).start()
    assert done.wait(20), "the combat phase never finished: the full carrier keeps trying to load its passenger"
    refused = [e for e in b.events if isinstance(e, ev.OrderGiven) and e.order == "embark-refused"]
    assert [(e.unit, e.detail) for e in refused] == [(c5.uid, c2.uid)]
    assert c2.uid not in c5.embark_queue and c2.carrier is None
