"""Leaf 2 recalibrated to the search's own outcomes: a Platt fit of the games' outcomes on leaf 2's
win logit, folded into its value head (the same ranking of positions, other levels).

    PYTHONPATH=. python results/value/calibrated/fit.py OUT.npz LABELS.npz [LABELS.npz ...]

LABELS: the labels of a value-iteration round (``runs/<name>/labels/round_001.npz``), which hold
each labelled position's observation and the outcome of its game. The two used here are those
of the four-turn and the 800-game rounds (results/value/iterate/README.md gives their commands;
``experiments.iterate_leaf`` writes them under ``runs/iterate-leaf-4turn`` and
``runs/iterate-leaf-800``). Prints the fit on nine tenths of the games and its held-out log
loss, then refits on all of them and writes the recalibrated leaf.
"""
import sys

import numpy as np

from ghoststories_env.agents.net import PolicyValueNet


def platt(x, y):
    """(a, b) of sigmoid(a x + b) by Newton's method on the log loss."""
    a, b = 1.0, 0.0
    J = np.stack([x, np.ones_like(x)], 1)
    for _ in range(50):
        p = 1 / (1 + np.exp(-(a * x + b)))
        H = J.T @ (J * (p * (1 - p))[:, None]) + 1e-6 * np.eye(2)
        a, b = np.array([a, b]) - np.linalg.solve(H, J.T @ (p - y))
    return a, b


def log_loss(p, y):
    return float(-(y * np.log(p + 1e-9) + (1 - y) * np.log(1 - p + 1e-9)).mean())


def main():
    out, files = sys.argv[1], sys.argv[2:]
    leaf = PolicyValueNet.load("results/value/iterate/leaf2.npz")
    X, Y, G = [], [], []
    for i, f in enumerate(files):
        z = np.load(f)
        X.append(leaf.forward(z["obs"])[1][:, 0])
        Y.append(z["won"])
        G.append(z["game"] + 100_000 * i)
        print(f"{f}: {z['obs'].shape[0]} positions, outcome mean {z['won'].mean():.4f}, "
              f"leaf 2's mean {(1 / (1 + np.exp(-X[-1]))).mean():.4f}")
    x, y, g = np.concatenate(X), np.concatenate(Y), np.concatenate(G)
    held = (g % 10) == 9
    a, b = platt(x[~held], y[~held])
    sig = lambda t: 1 / (1 + np.exp(-t))  # noqa: E731
    print(f"fit on 9/10 of the games: a = {a:.4f}, b = {b:.4f}; held-out log loss: leaf 2 "
          f"{log_loss(sig(x[held]), y[held]):.4f}, recalibrated {log_loss(sig(a * x[held] + b), y[held]):.4f}, "
          f"the base rate {log_loss(np.full(held.sum(), y[~held].mean()), y[held]):.4f}")
    a, b = platt(x, y)
    print(f"fit on all: a = {a:.4f}, b = {b:.4f}")
    w, c = leaf.value
    w, c = w.copy(), c.copy()
    w[:, 0] *= a
    c[0] = a * c[0] + b
    PolicyValueNet(leaf.trunk, leaf.policy, (w, c), {**leaf.meta, "platt": [a, b]}).save(out)


if __name__ == "__main__":
    main()
