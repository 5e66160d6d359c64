"""Ghooost!'s baselines: legal play to the end, only what the player may know, the same round alone
as in a batch, and the benchmark script's rows replay alone."""

from __future__ import annotations

import numpy as np

from experiments import companion_benchmark
from ghoststories_env.companions.ghooost import Ghooost, GhooostConfig
from ghoststories_env.companions.ghooost_agents import RandomGhooost, ShedderGhooost


def test_baselines_play_legal_moves_to_the_end():
    for agent in (RandomGhooost(), ShedderGhooost()):
        e = Ghooost(GhooostConfig(num_players=5))
        S = e.reset(np.arange(64))
        for _ in range(20_000):
            if S.terminated.all():
                break
            S = e.step(S, agent.act(S))              # the checked step: every action legal
        assert S.terminated.mean() > 0.9


def test_the_heuristic_reads_only_what_its_player_knows():
    """Two rounds that differ only in an opponent's hand, the castles and the crypt get the same
    decision from the shedder (whose noise comes from the round's key, set equal here)."""
    e = Ghooost(GhooostConfig(num_players=3))
    base = {"hands": [["2", "5", "9", "9"], ["3", "4", "7", "8"], ["6", "10", "12", "14"]],
            "castles": [["1", "11"], ["13", "13"], ["copy", "4"]], "crypt": ["5", "6", "7"],
            "graveyard": ["3", "4"], "top": 4}
    other = {**base, "hands": [base["hands"][0], ["3", "4", "7", "10"], ["6", "8", "12", "14"]],
             "castles": [["11", "1"], ["13", "copy"], ["13", "4"]], "crypt": ["7", "6", "5"]}
    S = e.from_dicts([base, other])
    for agent in (ShedderGhooost(seed=s) for s in range(5)):
        a = agent.act(S)
        assert a[0] == a[1]


def test_a_round_plays_the_same_alone_as_in_a_batch():
    seeds = 1000 + np.arange(12)
    batch = companion_benchmark.play_ghooost("random vs shedder", 4, seeds)
    alone = companion_benchmark.play_ghooost("random vs shedder", 4, seeds[7:8])
    assert all(batch[k][7] == alone[k][0] for k in batch)


def test_the_shedder_beats_random_play():
    """Seat 0 loses about one round in P when all play alike; the shedder among random players
    almost never, a random player among shedders almost always."""
    seeds = 1000 + np.arange(100)
    shedder = companion_benchmark.play_ghooost("shedder vs random", 3, seeds, max_decisions=3000)
    random = companion_benchmark.play_ghooost("random vs shedder", 3, seeds, max_decisions=3000)
    assert shedder["lost"].mean() < 0.05 and random["lost"].mean() > 0.8


def test_a_benchmark_row_replays_alone(capsys):
    companion_benchmark.main(["--game", "ghooost", "--only", "3,5"])
    out = capsys.readouterr().out
    batch = companion_benchmark.play_ghooost("shedder", 3, 1000 + np.arange(8))
    assert (f"shedder, 3 players, round 5: seat 0 place={int(batch['place'][5])} (-1: cut) "
            f"lost={bool(batch['lost'][5])}") in out
