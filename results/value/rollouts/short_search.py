"""Short searches, where the leaf decides: each agent spec on the same ``n`` Initiation 4p games of
the ``eval`` split (never used to fit the leaf, nor by the benchmark's ``test`` games). Prints one
line per spec: games won and CPU s a game.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/rollouts/short_search.py 100 \
        search:2x4x1:plans search:2x4x1:plans:leaf=results/value/rollouts/leaf_rollouts.npz
"""
import sys
import time

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.benchmark import benchmark_seeds, play

n, specs = int(sys.argv[1]), sys.argv[2:]
engine = Engine(PRESETS["initiation-4p"])
seeds = benchmark_seeds("initiation", 4, n, "eval")
for spec in specs:
    agent = agents.make(spec)
    t0 = time.process_time()
    won = play(agent, engine, seeds).won
    print(f"| `{spec}` | {int(won.sum())} of {n} | {(time.process_time() - t0) / n:.2f} |",
          flush=True)
