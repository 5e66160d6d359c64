"""The corners plan's bonus (agents/heuristic/plans.py CORNER_SPACE) swept on Initiation 4p eval
games: heuristic:plans, then heuristic:plans=incarnation+corners with each bonus, on the same
games; prints wins and the games only it or only heuristic:plans won.

    PYTHONPATH=. python results/heuristic_corners/sweep.py 3000 0.15 0.3 0.45 0.6 0.8 1.2   # sweep.txt
"""
import sys
import time

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.heuristic import plans
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

games, bonuses = int(sys.argv[1]), [float(b) for b in sys.argv[2:]]
FIRST = 100_000                  # eval games from here (as experiments.exit's train.select=play)
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, FIRST + games, "eval", 0)[FIRST:]
print(f"Initiation 4p, eval games {FIRST}..{FIRST + games - 1}")
base = None
for bonus in [None, *bonuses]:
    spec = "heuristic:plans" if bonus is None else "heuristic:plans=incarnation+corners"
    if bonus is not None:
        plans.CORNER_SPACE = bonus
    t = time.process_time()
    won = play(agents.make(spec), engine, seeds).won
    base = won if base is None else base
    label = spec if bonus is None else f"{spec}, CORNER_SPACE = {bonus:g}"
    print(f"{label:52s} {int(won.sum()):5d} wins ({won.mean():.1%}); only it {int((won & ~base).sum()):4d}, "
          f"only heuristic:plans {int((base & ~won).sum()):4d}; {time.process_time() - t:.0f} CPU s", flush=True)
