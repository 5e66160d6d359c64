"""The by-incarnation CLI: each game's last incarnation read off its deck, the grouping of a
benchmark file by it, and the played table's counts against the games themselves."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from experiments import incarnations
from ghoststories_env import PRESETS, Engine, GameConfig, agents
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.seeds import benchmark_seeds


def test_last_incarnation__is_the_deepest_incarnation_card_of_each_deck():
    # Nightmare 4p deals several incarnations; the last is the one whose exorcism wins (rules §12)
    state = Engine(GameConfig(num_players=4, difficulty="nightmare")).reset(np.arange(5))
    last = incarnations.last_incarnation(state)
    for i in range(5):
        deck = [int(c) for c in state.deck[i] if c >= 0]
        assert last[i] == [c for c in deck if C.IS_INCARNATION[c]][-1]
        assert sum(C.IS_INCARNATION[c] for c in deck) == state.inc_total[i] > 1


def test_from_games__groups_a_benchmark_file_by_each_seeds_incarnation(tmp_path):
    seeds = benchmark_seeds("initiation", 4, 6, "test")
    path = tmp_path / "games.csv"
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, ["agent", "level", "players", "rules", "index", "seed", "won"])
        w.writeheader()
        for i, s in enumerate(seeds):
            w.writerow({"agent": "x", "level": "initiation", "players": 4, "rules": "",
                        "index": i, "seed": int(s), "won": i % 2})
    tally = incarnations.from_games(path)[("x", "initiation", 4, "")]
    last = incarnations.last_incarnation(Engine(PRESETS["initiation-4p"]).reset(seeds))
    assert sum(n for _, n in tally.values()) == 6 and sum(w for w, _ in tally.values()) == 3
    for card in set(last.tolist()):
        assert tally[card][1] == int((last == card).sum())


def test_play__counts_add_up_to_the_games_and_every_win_reached_its_incarnation():
    n = 8
    table = incarnations.play("heuristic", "initiation-4p", n)
    engine = Engine(PRESETS["initiation-4p"])
    s = engine.reset(benchmark_seeds("initiation", 4, n, "eval"))
    agent = agents.make("heuristic")
    while not s.terminated.all():
        s = engine.step(s, agent.act(Batch(engine, s)))
    assert sum(v["games"] for v in table.values()) == n
    assert sum(v["won"] for v in table.values()) == int(s.won.sum())
    for v in table.values():
        assert v["won"] <= v["reached"] <= v["games"]
        if v["reached"]:
            assert 0 <= v["aimable"] <= 1 and v["ghosts"] >= 1


def test_main__asks_for_exactly_one_source():
    with pytest.raises(SystemExit):
        incarnations.main([])
    with pytest.raises(SystemExit):
        incarnations.main(["--agent", "heuristic", "--config", "nonsense"])
