"""Decisions with a real choice (two or more legal actions) per game, by kind, in `heuristic:plans`
games at Initiation 4p (seeds 0-39):

    PYTHONPATH=. python results/search/initiation-4p-kinds-plans/decision_counts.py > \
        results/search/initiation-4p-kinds-plans/decision_counts.txt
"""

from collections import Counter

import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch
from ghoststories_env.rules import stack

GAMES = 40
NAME = {code: name for name, code in stack.CODES.items()}
engine = Engine(PRESETS["initiation-4p"])
S = engine.reset(np.arange(GAMES))
team = agents.make("heuristic:plans")
count = Counter()
while not S.terminated.all():
    batch = Batch(engine, S)
    choice = ~S.terminated & (batch.mask.sum(1) >= 2)
    count.update(NAME[c] for c in S.top[choice])
    S = engine.step(S, team.act(batch))
print(f"| kind | per game ({GAMES} games, {S.won.sum()} won) |\n|---|---:|")
for kind, n in count.most_common():
    print(f"| {kind} | {n / GAMES:.2f} |")
