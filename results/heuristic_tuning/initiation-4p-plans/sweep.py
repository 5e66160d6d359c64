"""heuristic:plans at Initiation 4p with one weight (or pair) changed at a time, on the same
``eval`` games 0..N-1, against the default table: wins, games only one of them won, score.

    PYTHONPATH=. python results/heuristic_tuning/initiation-4p-plans/sweep.py 2000 qi1.5 qi2 qi0.7 sorc0.5
    PYTHONPATH=. python results/heuristic_tuning/initiation-4p-plans/sweep.py 2000 full2 loss1.5 ghost1.3 inc1.5
    # sweep.txt: both outputs (the base line once)
"""
import sys, numpy as np
from ghoststories_env.agents.heuristic import weights as W
from experiments.tune_heuristic import play
N = int(sys.argv[1]); which = sys.argv[2:]
def run(values):
    engine, s = play(values, "initiation-4p", N, "eval", spec="heuristic:plans")
    return s.won.copy(), engine.score(s)
qi = np.array(W.QI_COST)
hw = np.array(W.HELP_WEIGHT)
V = {
 "base": {},
 "qi1.5": {"QI_COST": tuple(np.r_[qi[:2], qi[2:] * 1.5])},
 "qi2": {"QI_COST": tuple(np.r_[qi[:2], qi[2:] * 2])},
 "qi0.7": {"QI_COST": tuple(np.r_[qi[:2], qi[2:] * 0.7])},
 "sorc0.5": {"HELP_WEIGHT": tuple(np.where(np.arange(9) == 5, hw * 0.5, hw))},
 "full2": {"BOARD_FULL": W.BOARD_FULL * 2, "OVERRUN_ROUNDS": W.OVERRUN_ROUNDS * 2},
 "loss1.5": {"LOSS": W.LOSS * 1.5},
 "ghost1.3": {"GHOST_BASE": W.GHOST_BASE * 1.3},
 "inc1.5": {"INCARNATION": W.INCARNATION * 1.5, "INCARNATION_CLOCK": W.INCARNATION_CLOCK * 1.5},
}
base_won, base_score = run({})
print(f"base: {base_won.sum()} wins of {N}, score {base_score.mean():.2f}", flush=True)
for k in which:
    won, score = run(V[k])
    a, b = (won & ~base_won).sum(), (base_won & ~won).sum()
    print(f"{k}: {won.sum()} wins (only it {a}, only base {b}), score {score.mean():.2f} ({(score - base_score).mean():+.2f})", flush=True)
