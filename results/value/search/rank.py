"""How well two leaf values rank the search's own positions: five folds by game of the positions
``experiments.fit_value --agent search:16x4x8:plans`` recorded (its ``--data`` file); for each
fold, the shipped win model (fitted on heuristic games) and logistic regressions fitted on the
other four folds. Prints the log loss (the base rate's too) and the AUC (the chance that a
position of a won game is ranked above one of a lost game), means over the folds.

    PYTHONPATH=. python results/value/search/rank.py /tmp/sv/search_positions.npz   # rank.txt
"""
import sys

import numpy as np

from ghoststories_env.agents.value import WinModel


def auc(score, y):
    rank = np.argsort(np.argsort(score)) + 1
    won = y == 1
    return (rank[won].sum() - won.sum() * (won.sum() + 1) / 2) / (won.sum() * (~won).sum())


def log_loss(p, y):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


with np.load(sys.argv[1]) as f:
    X, y, game = f["X"], f["y"], f["game"]
print(f"{y.size} positions of {np.unique(game).size} games, {y.mean():.3f} of them in won games")
shipped = WinModel.load()
rows = {"base rate": [], "shipped win model (heuristic games)": []}
for l2 in (1e-3, 1e-2, 1e-1):
    rows[f"logistic on the search's games, L2 {l2:g}"] = []
for k in range(5):
    test = game % 5 == k
    rows["base rate"].append((log_loss(np.full(test.sum(), y[~test].mean()), y[test]), 0.5))
    s = shipped.logit(X[test])
    rows["shipped win model (heuristic games)"].append((log_loss(1 / (1 + np.exp(-s)), y[test]),
                                                        auc(s, y[test])))
    for l2 in (1e-3, 1e-2, 1e-1):
        s = WinModel.fit_logistic(X[~test], y[~test], l2).logit(X[test])
        rows[f"logistic on the search's games, L2 {l2:g}"].append(
            (log_loss(1 / (1 + np.exp(-s)), y[test]), auc(s, y[test])))
print("| leaf | log loss | AUC |\n|---|---:|---:|")
for name, r in rows.items():
    print(f"| {name} | {np.mean([a for a, _ in r]):.3f} | {np.mean([b for _, b in r]):.3f} |")
