"""The data rooms: terrain codes, time periods, rules parameters, the pack manifest (and the weapon tables)."""
