"""Leaf values fitted on rollout estimates instead of game outcomes, judged by how much of the
positions' true value v they explain on the eval positions. An estimate v^ of k playouts is v
plus binomial noise of variance v(1 - v) / k, so Var(v) = Var(v^) - mean(v^(1 - v^)) / (k - 1), and
a leaf's squared error against v is its error against v^ less that same noise term.

Fits, on ``targets.py``'s train positions (held out: a tenth of the games, for the epoch):
* ``features_v``: the win model's network (34 features, [64, 32]) on the estimates v^;
* ``observation_v``: a network over the whole observation (1184 -> 256 -> 128) on v^, saved as a
  ``PolicyValueNet`` whose win head is the leaf (``search:...:leaf=PATH.npz``);
* ``observation_y``: the same network on the games' outcomes, to see what the estimates add.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/rollouts/fit.py /tmp/rv/train.npz \
        /tmp/rv/eval.npz results/value/rollouts
"""
import sys
import time
from pathlib import Path

import numpy as np
import torch

from experiments.fit_value import fit_leaf_network, fit_network
from ghoststories_env.agents.value import WinModel

torch.set_num_threads(1)


def explained(p, v, noise, var_v):
    mse = float(((p - v) ** 2).mean() - noise)
    return 1 - mse / var_v, float(np.corrcoef(p, v)[0, 1])


if __name__ == "__main__":
    files, evalf, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])    # TRAIN: a,b,... files
    t0 = time.process_time()
    parts = []
    for name in files.split(","):                # train files of disjoint games
        with np.load(name) as f:
            parts.append([f[key] for key in ("X", "v", "y", "game", "obs")])
    X, v, y, game, obs = (np.concatenate(column) for column in zip(*parts))
    with np.load(evalf) as f:
        eX, ev, eobs, k = f["X"], f["v"], f["obs"], int(f["k"])
    noise = float((ev * (1 - ev)).mean() / (k - 1))
    var_v = float(ev.var() - noise)
    print(f"train: {v.size} positions of {np.unique(game).size} games; eval: {ev.size} positions, "
          f"{k} futures each (Var(v) {var_v:.4f})\n")
    rows = []
    for path in ("agents/data/win_model.json", "results/value/plans/win_model_plans.json"):
        p = 1 / (1 + np.exp(-WinModel.load(path).logit(eX)))
        rows.append((path + " (game outcomes)", *explained(p, ev, noise, var_v)))
    fv = fit_network(X, v, game, [64, 32], meta={"targets": "rollout estimates"})
    fv.save(out / "win_model_rollouts.json")
    p = 1 / (1 + np.exp(-fv.logit(eX)))
    rows.append(("features_v: 34 features, [64, 32], on v^", *explained(p, ev, noise, var_v)))
    for name, t in (("observation_v", v), ("observation_y", y)):
        net, losses = fit_leaf_network(obs, t, game)
        print(name, "held-out loss by epoch:", " ".join(f"{x:.4f}" for x in losses))
        p = 1 / (1 + np.exp(-net.forward(eobs)[1][:, 0]))
        rows.append((f"{name}: observation, [256, 128], on {'v^' if t is v else 'outcomes'}",
                     *explained(p, ev, noise, var_v)))
        net.save(out / f"{name}.npz")
    print("\n| leaf | share of Var(v) explained | corr with v^ |\n|---|---:|---:|")
    for name, e, c in rows:
        print(f"| {name} | {e:.3f} | {c:.3f} |")
    print(f"\n{time.process_time() - t0:.0f} CPU s")
