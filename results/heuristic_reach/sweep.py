"""The reach plan's bonus (agents/heuristic/plans.py REACH) swept on Initiation 4p eval games: the
base team (heuristic:plans, or with --corners heuristic:plans=incarnation+corners), then the base
with reach at each bonus, on the same games (experiments/plan_sweep.py).

    PYTHONPATH=. python results/heuristic_reach/sweep.py 3000 0.25 0.5 1 2              # sweep.txt
    PYTHONPATH=. python results/heuristic_reach/sweep.py 3000 --corners 0.5 1          # sweep_corners.txt
"""
import sys

from experiments.plan_sweep import sweep
from ghoststories_env.agents.heuristic import plans

args = sys.argv[1:]
games, corners = int(args.pop(0)), "--corners" in args
bonuses = [float(b) for b in args if b != "--corners"]
team = ("incarnation", "corners") if corners else ("incarnation",)
base = plans.spec(team)
sweep([(base, base, {})]
      + [(f"{plans.spec((*team, 'reach'))}, REACH = {b:g}", plans.spec((*team, "reach")),
          {"REACH": b}) for b in bonuses], games, base_name="the base")
