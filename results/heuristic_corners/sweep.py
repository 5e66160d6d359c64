"""The corners plan's bonus (agents/heuristic/plans.py CORNER_SPACE) swept on Initiation 4p eval
games: heuristic:plans, then heuristic:plans=incarnation+corners with each bonus, on the same
games (experiments/plan_sweep.py).

    PYTHONPATH=. python results/heuristic_corners/sweep.py 3000 0.15 0.3 0.45 0.6 0.8 1.2   # sweep.txt
"""
import sys

from experiments.plan_sweep import sweep

games, bonuses = int(sys.argv[1]), [float(b) for b in sys.argv[2:]]
sweep([("heuristic:plans", "heuristic:plans", {})]
      + [(f"heuristic:plans=incarnation+corners, CORNER_SPACE = {b:g}",
          "heuristic:plans=incarnation+corners", {"CORNER_SPACE": b}) for b in bonuses],
      games, width=52)
