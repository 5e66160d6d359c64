"""heuristic:plans with a weights file against heuristic:plans, game by game, on Initiation 4p
``eval`` games 0..N-1 (seed set 0): wins, the games only one of them won, mean score.

    PYTHONPATH=. python results/heuristic_tuning/initiation-4p-plans/check.py \
        results/heuristic_tuning/initiation-4p-plans/tuning.json 3000        # check.txt
"""
import sys
from math import comb

import numpy as np

from experiments.tune_heuristic import play as play_team


def play(spec, n, split):
    engine, s = play_team({}, "initiation-4p", n, split, spec=spec)
    return s.won.copy(), engine.score(s)
n = int(sys.argv[2])
bw, bs = play("heuristic:plans", n, "eval")
tw, ts = play(f"heuristic:plans:weights={sys.argv[1]}", n, "eval")
a, b = int((tw & ~bw).sum()), int((bw & ~tw).sum())
p = sum(comb(a + b, k) for k in range(a, a + b + 1)) / 2 ** (a + b)
d = ts - bs
print(f"eval 0..{n-1}: heuristic:plans {bw.sum()} wins, tuned {tw.sum()} (only tuned {a}, only base {b}, one-sided sign p {p:.3g}); score {bs.mean():.2f} -> {ts.mean():.2f} ({d.mean():+.2f}, s.e. {d.std(ddof=1)/np.sqrt(n):.2f})")
