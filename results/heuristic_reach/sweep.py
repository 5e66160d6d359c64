"""The reach plan's bonus (agents/heuristic/plans.py REACH) swept on Initiation 4p eval games: the
base team (heuristic:plans, or with --corners heuristic:plans=incarnation+corners), then the base
with reach at each bonus, on the same games; prints wins and the games only it or only the base won.

    PYTHONPATH=. python results/heuristic_reach/sweep.py 3000 0.25 0.5 1 2              # sweep.txt
    PYTHONPATH=. python results/heuristic_reach/sweep.py 3000 --corners 0.5 1 2          # sweep_corners.txt
"""
import sys
import time

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.heuristic import plans
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

args = sys.argv[1:]
games, corners = int(args.pop(0)), "--corners" in args
bonuses = [float(b) for b in args if b != "--corners"]
FIRST = 100_000                  # eval games from here (as experiments.exit's train.select=play)
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, FIRST + games, "eval", 0)[FIRST:]
team = ("incarnation", "corners") if corners else ("incarnation",)
print(f"Initiation 4p, eval games {FIRST}..{FIRST + games - 1}")
base = None
for bonus in [None, *bonuses]:
    spec = plans.spec(team if bonus is None else (*team, "reach"))
    if bonus is not None:
        plans.REACH = bonus
    t = time.process_time()
    won = play(agents.make(spec), engine, seeds).won
    base = won if base is None else base
    label = spec if bonus is None else f"{spec}, REACH = {bonus:g}"
    print(f"{label:58s} {int(won.sum()):5d} wins ({won.mean():.1%}); only it {int((won & ~base).sum()):4d}, "
          f"only the base {int((base & ~won).sum()):4d}; {time.process_time() - t:.0f} CPU s", flush=True)
