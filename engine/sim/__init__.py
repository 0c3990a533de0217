"""The simulation: game state, orders, the pulse loop, events, victory, saving and replays."""
