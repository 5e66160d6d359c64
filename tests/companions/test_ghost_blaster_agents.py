"""Ghost Blaster's baselines: legal play to the end, the heuristic reads only face-up cards, and
the benchmark script's rows replay alone."""

from __future__ import annotations

import numpy as np

from companions.positions import twins
from experiments import companion_benchmark
from ghoststories_env.companions.ghost_blaster import GhostBlaster
from ghoststories_env.companions.ghost_blaster_agents import MemoryBlaster, RandomBlaster


def test_baselines_play_legal_moves_to_the_end():
    for agent in (RandomBlaster(), MemoryBlaster()):
        e = GhostBlaster()
        S = e.reset(np.arange(64))
        while not S.terminated.all():
            S = e.step(S, agent.act(S))              # the checked step: every action legal


def test_the_heuristic_never_reads_a_face_down_card():
    """Two games that differ only in their face-down cards get the same first decisions."""
    _, a, b = twins(11)
    assert MemoryBlaster().act(a)[0] == MemoryBlaster().act(b)[0]


def test_the_memory_heuristic_captures_ghosts_and_random_play_hardly_does():
    seeds = 1000 + np.arange(200)
    memory = companion_benchmark.play("memory", 2, seeds)
    random = companion_benchmark.play("random", 2, seeds)
    assert memory["captured"].mean() > 1.0 > 0.2 > random["captured"].mean()


def test_a_benchmark_row_replays_alone(capsys):
    companion_benchmark.main(["--only", "2,5"])
    out = capsys.readouterr().out
    batch = companion_benchmark.play("memory", 2, 1000 + np.arange(8))
    assert f"memory, 2 players, game 5: won={bool(batch['won'][5])} captured={int(batch['captured'][5])}" in out
