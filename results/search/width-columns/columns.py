"""Which of the prior's ranks does a wide search play? ``search:4x16x2`` on leaf 2, 12 Initiation
4p ``eval`` games from index 100,000 (one batch): at every searched decision, how many candidates
the prior wanted (up to 16) and which column, in the prior's order, the search played. A third
argument names another level (default ``initiation``).

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/width-columns/columns.py \
        "search:4x16x2:plans:leaf=results/value/iterate/leaf2.npz" 12 > results/search/width-columns/columns.txt
    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/width-columns/columns.py \
        "search:4x16x2:plans:leaf=learned" 12 normal > results/search/width-columns/columns-normal.txt
    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/width-columns/columns.py \
        "search:16x16x8:plans:leaf=learned" 4 normal > results/search/width-columns/columns-normal-16x16x8.txt
"""
import sys
import time

import numpy as np

from ghoststories_env import GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.engine import Engine

FIRST = 100_000

spec, n = sys.argv[1], int(sys.argv[2])
level = sys.argv[3] if len(sys.argv) > 3 else "initiation"
agent = agents.make(spec)
engine = Engine(GameConfig(num_players=4, difficulty=level))
S = engine.reset(np.array(benchmark_seeds(level, 4, FIRST + n, "eval", 0)[FIRST:], np.int64))
count, chosen = [], []
t0 = time.process_time()
while not S.terminated.all():
    actions = agent.act(Batch(engine, S))
    if agent.last["rows"].size:
        count += list((agent.last["cands"] >= 0).sum(1))
        chosen += list(agent.last["chosen"])
    S = engine.step(S, actions)
count, chosen = np.array(count), np.array(chosen)
print(f"{spec} at {level}: {int(S.won.sum())} of {n} games won, "
      f"{time.process_time() - t0:.0f} CPU s, {count.size} searched decisions")
print("decisions by number of candidates (0, 1, 2, ...):", np.bincount(count).tolist())
print("decisions by the column played (0: the prior's choice):", np.bincount(chosen).tolist())
print(f"with more than 8 candidates: {(count > 8).sum()}; a column past the eighth played: "
      f"{(chosen >= 8).sum()}")
