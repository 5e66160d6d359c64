"""The crowd plan (agents/heuristic/plans.py CROWD, CROWD_FROM) swept on Initiation 4p eval games:
heuristic:plans, then heuristic:plans=incarnation+crowd with each setting, on the same games;
prints wins and the games only it or only heuristic:plans won.

    PYTHONPATH=. python results/heuristic_crowd/sweep.py 3000 0.5:6 1:6 2:6 1:4 1:8   # sweep.txt
"""
import sys
import time

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.heuristic import plans
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

games, settings = int(sys.argv[1]), [tuple(map(float, s.split(":"))) for s in sys.argv[2:]]
FIRST = 100_000                  # eval games from here (as experiments.exit's train.select=play)
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, FIRST + games, "eval", 0)[FIRST:]
print(f"Initiation 4p, eval games {FIRST}..{FIRST + games - 1}")
base = None
for setting in [None, *settings]:
    spec = "heuristic:plans" if setting is None else "heuristic:plans=incarnation+crowd"
    if setting is not None:
        plans.CROWD, plans.CROWD_FROM = setting[0], int(setting[1])
    t = time.process_time()
    won = play(agents.make(spec), engine, seeds).won
    base = won if base is None else base
    label = spec if setting is None else f"{spec}, CROWD = {setting[0]:g} from {int(setting[1])}"
    print(f"{label:58s} {int(won.sum()):5d} wins ({won.mean():.1%}); only it {int((won & ~base).sum()):4d}, "
          f"only heuristic:plans {int((base & ~won).sum()):4d}; {time.process_time() - t:.0f} CPU s", flush=True)
