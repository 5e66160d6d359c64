"""How often the teacher agrees with itself: two searches with different seeds (other sampled
futures) decide the same positions; positions come from games the first search plays.

    PYTHONPATH=. python results/exit/initiation-4p-16x4x8/self_agreement.py FIRST GAMES DECISIONS

plays `train` games FIRST .. FIRST+GAMES-1 of Initiation 4p (the exit run's seed set) for
DECISIONS batch steps with `search:16x4x8` on `heuristic:plans` (seed 0, as in self-play), asks a
second search (seed 1) at every searched decision, and prints the searched decisions, how often
the two choose the same action, and how often each keeps its prior's choice."""
import sys
import numpy as np
from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents import Batch
from ghoststories_env.agents.search import DEFAULTS, SearchAgent
from ghoststories_env.agents.value import LevelWinModel
from ghoststories_env.benchmark.seeds import benchmark_seeds

first, games, steps = map(int, sys.argv[1:4])
sizes = {**DEFAULTS, **dict(zip(DEFAULTS, (16, 4, 8)))}
a, b = (SearchAgent(**sizes, seed=s, share=1.0, value=LevelWinModel.load(), plans=("incarnation",))
        for s in (0, 1))
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
S = engine.reset(benchmark_seeds("initiation", 4, first + games, "train", 0)[first:])
n = same = keep_a = keep_b = 0
for _ in range(steps):
    if S.terminated.all():
        break
    batch = Batch(engine, S)
    x = a.act(batch)
    rows, prior = a.last["rows"], a.last["cands"][:, 0]
    y = b.act(batch)
    n += rows.size
    same += int((x[rows] == y[rows]).sum())
    keep_a += int((x[rows] == prior).sum())
    keep_b += int((y[rows] == prior).sum())
    S = engine.step(S, x)
print(f"games {first}..{first + games - 1}: {n} searched decisions, the two searches agree on "
      f"{same} ({same / max(n, 1):.1%}); each keeps its prior's choice {keep_a / max(n, 1):.1%} / "
      f"{keep_b / max(n, 1):.1%}")
