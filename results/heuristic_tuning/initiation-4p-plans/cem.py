"""The cross-entropy method over the heuristic's weights (``experiments/tune_heuristic.py``'s 23
log-multipliers, ``weights_for``) for ``heuristic:plans`` at Initiation 4p, aiming at wins: a
candidate's fitness is its win rate plus its mean official score / 1000 over the same 2,000
``train`` games (seed set 0). Ten candidates a generation on two processes, the mean moved
halfway to the best three, the spread narrowed; six generations.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/heuristic_tuning/initiation-4p-plans/cem.py 6 run.json
    # cem.log; tuning.json = {"multipliers", "weights": weights_for(mean), "history"} of run.json
"""
import json, sys, time, numpy as np
from multiprocessing import Pool
from experiments.tune_heuristic import NAMES, play, weights_for

N = 2000
def fit(x):
    engine, s = play(weights_for(np.asarray(x)), "initiation-4p", N, "train", spec="heuristic:plans")
    return s.won.mean() + engine.score(s).mean() / 1000

if __name__ == "__main__":
    rng = np.random.default_rng(7)
    mu, sd = np.zeros(len(NAMES)), np.full(len(NAMES), 0.25)
    hist = []
    with Pool(2) as pool:
        f0 = pool.map(fit, [mu])[0]
        print("start", round(f0, 4), flush=True)
        for g in range(int(sys.argv[1])):
            X = mu + sd * rng.standard_normal((10, len(NAMES)))
            F = np.array(pool.map(fit, list(X)))
            elite = X[np.argsort(-F)[:3]]
            mu = 0.5 * mu + 0.5 * elite.mean(0)
            sd = np.maximum(0.06, 0.7 * sd + 0.3 * elite.std(0))
            fm = pool.map(fit, [mu])[0]
            hist.append({"g": g, "F": F.round(4).tolist(), "mean": fm})
            print(f"gen {g}: best {np.sort(F)[::-1][:3].round(4).tolist()} mean {fm:.4f}", flush=True)
            json.dump({"mu": mu.tolist(), "names": NAMES, "hist": hist}, open(sys.argv[2] if len(sys.argv) > 2 else "tuning-run.json", "w"))
