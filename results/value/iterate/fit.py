"""One step of value iteration: a leaf fitted on ``selfplay.py``'s labels, starting from the leaf
that made them (its weights: a warm start, so the positions the search's games never reach keep
their old values), the epoch with the best log loss on a tenth of the games held out.

With ``LAMBDA`` > 0 the labels are lambda-returns: a position's label mixes its own search value
(1 - lambda) with the next labelled position's label (lambda), the game's outcome after the last
one, so the outcome the search's team really reached flows back into the labels.

Prints how the labels compare with the starting leaf's values and with the games' outcomes (a
search's chosen value is the best of a few noisy means, so it can run above what the games
reach), the held-out losses, and saves the new leaf.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/iterate/fit.py /tmp/vi/round1.npz \\
        results/value/rollouts/leaf_rollouts.npz /tmp/vi/leaf1.npz
    # DATA[,DATA...] START OUT [LEARNING_RATE [EPOCHS [LAMBDA]]]
"""
import sys
import time

import numpy as np
import torch

from experiments.fit_value import fit_leaf_network
from ghoststories_env.agents.net import PolicyValueNet

torch.set_num_threads(1)


def returns(v, y, game, turn, lam):
    """Lambda-returns along each game's positions (in turn order): G = (1 - lam) v + lam G',
    G' the next position's return, the game's outcome after its last position."""
    out = np.empty_like(v)
    for g in np.unique(game):
        rows = np.flatnonzero(game == g)
        rows = rows[np.argsort(turn[rows], kind="stable")]
        after = y[rows[-1]]
        for r in rows[::-1]:
            after = out[r] = (1 - lam) * v[r] + lam * after
    return out


if __name__ == "__main__":
    files, start, out = sys.argv[1].split(","), PolicyValueNet.load(sys.argv[2]), sys.argv[3]
    lr = float(sys.argv[4]) if len(sys.argv) > 4 else 3e-4
    epochs = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    lam = float(sys.argv[6]) if len(sys.argv) > 6 else 0.0
    t0 = time.process_time()
    parts = [dict(np.load(f)) for f in files]
    obs, v, y, game, turn = (np.concatenate([p[k] for p in parts])
                             for k in ("obs", "v", "y", "game", "turn"))
    v = np.clip(v, 0.0, 1.0)
    if lam > 0:
        v = returns(v, y, game, turn, lam)
    before = 1 / (1 + np.exp(-start.forward(obs)[1][:, 0]))
    print(f"{v.size} positions of {np.unique(game).size} games")
    print("| turns | positions | starting leaf | label | outcome |\n|---|---:|---:|---:|---:|")
    for lo, hi in ((0, 10), (10, 20), (20, 30), (30, 40), (40, 1000)):
        r = (turn >= lo) & (turn < hi)
        if r.any():
            print(f"| {lo}-{min(hi, turn.max() + 1) - 1} | {r.sum()} | {before[r].mean():.3f} | "
                  f"{v[r].mean():.3f} | {y[r].mean():.3f} |")
    print(f"corr(start, label) {np.corrcoef(before, v)[0, 1]:.3f}; "
          f"corr(label, outcome) {np.corrcoef(v, y)[0, 1]:.3f}")
    net, losses = fit_leaf_network(obs, v, game, start=start, lr=lr, epochs=epochs,
                                   meta={"targets": "search values", "start": sys.argv[2],
                                         "lambda": lam})
    print("held-out log loss by epoch:", " ".join(f"{x:.4f}" for x in losses),
          f"(start {net.meta['held_out']:.4f} kept)" if net.meta["held_out"] < min(losses) else "")
    net.save(out)
    print(f"{time.process_time() - t0:.0f} CPU s")
