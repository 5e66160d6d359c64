"""The crowd plan (agents/heuristic/plans.py CROWD, CROWD_FROM) swept on Initiation 4p eval games:
heuristic:plans, then heuristic:plans=incarnation+crowd with each setting (CROWD:CROWD_FROM), on
the same games (experiments/plan_sweep.py).

    PYTHONPATH=. python results/heuristic_crowd/sweep.py 3000 0.5:6 1:6 2:6 1:3 2:9   # sweep.txt
"""
import sys

from experiments.plan_sweep import sweep

games, settings = int(sys.argv[1]), [s.split(":") for s in sys.argv[2:]]
sweep([("heuristic:plans", "heuristic:plans", {})]
      + [(f"heuristic:plans=incarnation+crowd, CROWD = {float(c):g} from {int(f)}",
          "heuristic:plans=incarnation+crowd", {"CROWD": float(c), "CROWD_FROM": int(f)})
         for c, f in settings], games)
