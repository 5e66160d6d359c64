"""How often the sampling team of ``soft.py`` leaves its favourite: ``heuristic:plans`` plays 100
Initiation 4p games (seeds 777-876, 3,000 steps of the batch), and at every Yang or placement
decision the chance that softmax(score / T) picks another action than the best is averaged.

    PYTHONPATH=. python results/search/soft-rollout/deviate.py \
        > results/search/soft-rollout/deviate.txt
"""

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.heuristic import HeuristicAgent
from ghoststories_env.agents.heuristic import plans
from ghoststories_env.rules import stack

TEMPERATURES = (0.25, 0.5, 1.0, 2.0)

engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
S = engine.reset(np.arange(100) + 777)
team = HeuristicAgent(plans.parse("plans"))
kinds = [stack.CODES["YANG"], stack.CODES["PLACE"]]
leave = {T: [] for T in TEMPERATURES}
for _ in range(3000):
    if S.terminated.all():
        break
    scores = team.scores(Batch(engine, S))
    rows = np.flatnonzero(np.isin(S.top, kinds) & ~S.terminated)
    s = scores[rows]
    for T in TEMPERATURES:
        p = np.where(np.isfinite(s), np.exp((s - s.max(1, keepdims=True)) / T), 0.0)
        leave[T].append(1 - p.max(1) / p.sum(1))
    S = engine.step(S, scores.argmax(1))
for T, chances in leave.items():
    chances = np.concatenate(chances)
    print(f"T = {T:g}: {chances.size} decisions, chance of not the best {chances.mean():.3f}, "
          f"decisions where it is over 10%: {(chances > 0.1).mean():.3f}")
