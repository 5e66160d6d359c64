"""Companion games from the project's source documents, built with the main engine's conventions
(batched numpy state machines, per-game random streams, one flat action table with masks):
``ghost_blaster`` (cooperative memory on a 4 x 6 grid, 1-4 players) and ``ghooost`` (a competitive
shedding card game with hidden hands, 2-6 players), each with ``*_envs`` (Gymnasium and
PettingZoo), ``*_agents`` (baselines) and ``*_positions`` (positions as dicts, invariants)."""
