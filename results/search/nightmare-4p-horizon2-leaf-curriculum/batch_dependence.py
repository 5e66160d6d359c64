"""Reproduces the batch dependence found while replaying this folder's games (README, last
section): the plain heuristic scores Nightmare 4p `test` game 98 differently alone and beside
game 4, 60 decisions in (a Yang-phase decision; action 2 scores 11.897042 alone and 12.897042 in
the pair: a difference of exactly 1). Prints both scores; they should be equal.

    OMP_NUM_THREADS=1 python results/search/nightmare-4p-horizon2-leaf-curriculum/batch_dependence.py
"""
import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark import benchmark_seeds

engine = Engine(PRESETS["nightmare-4p"])
agent = agents.make("heuristic")
S = engine.reset(benchmark_seeds("nightmare", 4, 400, "test"))
for _ in range(60):                     # the 400 games in one batch, as the benchmark plays them
    S = engine.step(S, agent.act(Batch(engine, S)))
alone = agent.scores(Batch(engine, S.take(np.array([98]))))[0, 2]
paired = agent.scores(Batch(engine, S.take(np.array([98, 4]))))[0, 2]
print(f"game 98, action 2: alone {alone}, beside game 4 {paired}")
