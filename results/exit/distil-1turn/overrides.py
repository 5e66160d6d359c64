"""Where the one-turn search overrides its prior, on the run's round-0 examples (needs the run
folder: ``python -m experiments.exit --config configs/exit-distil-1turn-4p.yaml``).

    PYTHONPATH=. python results/exit/distil-1turn/overrides.py runs/exit-distil-1turn-4p

By how many points the heuristic (the network's residual base) scores the prior's choice above
the search's, how much value the search saw in the override, and which action ranges the
overrides go from and to.
"""

import collections
import sys
from pathlib import Path

import numpy as np

from experiments import rounds
from experiments.exit import learn
from ghoststories_env import actions as A

ex = rounds.load_rounds(Path(sys.argv[1]) / "examples", range(0, 1))
h = learn.bounded(ex["heuristic"])
target, prior = ex["target"], ex["prior"]
i = np.arange(len(target))
gap = h[i, prior] - h[i, target]
chosen = np.where(ex["cands"] == target[:, None], ex["means"], -np.inf).max(1)
gain = chosen - ex["means"][:, 0]               # the override's mean value over the prior's
range_of = {int(a): name for name, r in A.RANGES.items() for a in r}
over = target != prior
print(f"{len(target)} examples, {over.sum()} overridden ({over.mean():.1%})")
for lo, hi in ((-np.inf, 5), (5, 25), (25, np.inf)):
    sel = over & (gap >= lo) & (gap < hi)
    pairs = collections.Counter((range_of[int(a)], range_of[int(b)])
                                for a, b in zip(prior[sel], target[sel]))
    print(f"\nheuristic gap in [{lo:g}, {hi:g}) points: {sel.sum()} ({sel.mean():.1%} of the "
          f"examples); the search's value gain, median {np.median(gain[sel]):.4f}")
    for (a, b), n in pairs.most_common(8):
        print(f"  {n:6d}  {a} -> {b}")
total = collections.Counter(range_of[int(a)] for a in prior)
print("\nthe prior's choices by range:", ", ".join(f"{k} {v}" for k, v in total.most_common()))
