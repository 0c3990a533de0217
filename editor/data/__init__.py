"""The data rooms: tables and forms for weapons, terrain codes, periods, rules parameters and the pack manifest."""
