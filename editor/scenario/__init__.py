"""The scenario room: a scenario's set-up values (the properties dock), its order of battle, and its layer on
the map room's tab (units, objectives, entrenchments)."""
