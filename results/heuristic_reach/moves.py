"""Where the search moved the Taoist when it overrode its prior: over the examples the search
recorded in round 0 of an experiments.exit run (relative actions: position q is the tile seen
with the deciding Taoist's board at north), counts the moves, the overrides, the tile each side
chose by kind (corner, edge, centre), and the overrides between other Yang-phase action ranges.

    PYTHONPATH=. python results/heuristic_reach/moves.py runs/exit-initiation-4p-16x4x8   # moves.txt
"""
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env.geometry import CENTRE, STEP

d = np.load(Path(sys.argv[1]) / "examples" / "round_000.npz")
prior, target = d["prior"], d["target"]
move = np.isin(prior, A.RANGES["MOVE"])
over = move & np.isin(target, A.RANGES["MOVE"]) & (prior != target)
kind = np.where(STEP.sum(1) == 4, "corner", np.where(np.arange(9) == CENTRE, "centre", "edge"))
print(f"{move.sum()} moves chosen by the prior; the search chose another tile at {over.sum()} "
      f"({over.sum() / move.sum():.1%})")
for name, side in (("prior", prior), ("search", target)):
    tiles = Counter(kind[side[over] - A.MOVE])
    print(f"  where the {name:6s} went at those: " + ", ".join(f"{k} {tiles[k]}" for k in
                                                              ("corner", "edge", "centre")))
range_of = np.empty(A.NUM_ACTIONS, object)
for name, r in A.RANGES.items():
    range_of[list(r)] = name
print("overrides by action range (prior -> search), the 12 most frequent, of the prior's choices:")
chosen = Counter(range_of[prior])
for (a, b), n in Counter(zip(range_of[prior[prior != target]],
                             range_of[target[prior != target]])).most_common(12):
    print(f"  {a:>15} -> {b:15} {n:5d} of {chosen[a]}")
