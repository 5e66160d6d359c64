"""Can the one-turn search's gains be predicted from the position? A regression, not a choice.

    PYTHONPATH=. python results/exit/distil-1turn/advantage.py runs/exit-distil-1turn-4p \
        > results/exit/distil-1turn/advantage.txt

The classifiers of ``variants.py`` learn the search's choices, and a choice hides how much the
futures favoured it. Here a network learns the search's *measured gain* instead: at every
example whose last challenger kept a mean value (sequential halving keeps the prior's choice
and one challenger to the end), the target is that challenger's mean minus the prior's choice's
mean, and the model predicts it as f(s, challenger) - f(s, prior), where f is a ReLU trunk over
the observation (relative actions, as ``agents/net.py``) plus a per-action multiple of the
heuristic's score. Noise in the targets averages out in a regression, where a classifier copies
it. If the search's overrides carry a learnable signal, the held-out examples the model says
gain should gain by the search's own measure.

Both rounds of examples (231,864 with a final duel), a tenth of the games (by seed) held out,
AdamW, one core. Prints the held-out R^2 per epoch and, for the best epoch, the held-out
targets' mean by bins of the prediction. (The examples' run: ``configs/exit-distil-1turn-4p.yaml``.)
"""

from __future__ import annotations

import sys
import time

import numpy as np
import torch
from torch import nn

from ghoststories_env.envs.frame import relative_of_absolute

HIDDEN, LR, EPOCHS, BATCH = (128, 64), 1e-3, 6, 512
BINS = (-np.inf, -0.02, -0.01, -0.005, 0.0, 0.005, 0.01, np.inf)


def duels(run: str):
    """obs, challenger, prior, target gain, the heuristic's scores of both (/10), seeds."""
    out = {k: [] for k in ("obs", "a", "p", "y", "ha", "hp", "seed")}
    for name in ("round_000", "round_001"):
        z = np.load(f"{run}/examples/{name}.npz")
        c, m, h = z["cands"], z["means"], z["heuristic"]
        final = ~np.isnan(m[:, 1:])
        i = np.flatnonzero(final.any(1) & ~np.isnan(m[:, 0]))
        col = 1 + np.argmax(final[i], 1)
        a, p = c[i, col], c[i, 0]
        for k, v in (("obs", z["obs"][i]), ("a", a), ("p", p), ("y", m[i, col] - m[i, 0]),
                     ("ha", h[i, a]), ("hp", h[i, p]), ("seed", z["seed"][i])):
            out[k].append(v)
    return {k: np.concatenate(v) for k, v in out.items()}


class Gain(nn.Module):
    def __init__(self, size: int):
        super().__init__()
        dims = [size, *HIDDEN]
        self.trunk = nn.Sequential(*[m for i in range(len(HIDDEN))
                                     for m in (nn.Linear(dims[i], dims[i + 1]), nn.ReLU())])
        self.head = nn.Linear(dims[-1], 137)
        nn.init.zeros_(self.head.weight)
        nn.init.zeros_(self.head.bias)
        self.beta = nn.Parameter(torch.zeros(137))

    def forward(self, obs, ra, rp, ha, hp):
        g = self.head(self.trunk(obs))
        fa = g.gather(1, ra[:, None])[:, 0] + self.beta[ra] * ha
        fp = g.gather(1, rp[:, None])[:, 0] + self.beta[rp] * hp
        return fa - fp


def main(run: str) -> None:
    torch.set_num_threads(1)
    torch.manual_seed(0)
    d = duels(run)
    rel = torch.as_tensor(relative_of_absolute(), dtype=torch.int64)
    obs = torch.as_tensor(d["obs"])
    viewer = obs[:, :4].argmax(1)
    ra, rp = rel[viewer, torch.as_tensor(d["a"])], rel[viewer, torch.as_tensor(d["p"])]
    scaled = lambda h: torch.as_tensor(np.clip(h, -200, 200) / 10, dtype=torch.float32)  # noqa: E731
    ha, hp, y = scaled(d["ha"]), scaled(d["hp"]), torch.as_tensor(d["y"], dtype=torch.float32)
    held = torch.as_tensor((d["seed"] * 2654435761 % 2 ** 32) / 2 ** 32 < 0.1)
    tr, ho = torch.nonzero(~held)[:, 0], torch.nonzero(held)[:, 0]
    print(f"{y.numel()} duels, {ho.numel()} held out; target mean {y.mean():+.4f}, sd "
          f"{y.std():.4f}, {(y > 0).float().mean():.1%} above 0")
    var = ((y[ho] - y[tr].mean()) ** 2).mean().item()
    model = Gain(obs.shape[1])
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=1e-4)

    def predict(rows):
        with torch.no_grad():
            return model(obs[rows], ra[rows], rp[rows], ha[rows], hp[rows])

    best = (-np.inf, None, None)
    for epoch in range(EPOCHS):
        t0 = time.process_time()
        perm = tr[torch.randperm(tr.numel())]
        for b in range(0, perm.numel(), BATCH):
            i = perm[b:b + BATCH]
            loss = ((model(obs[i], ra[i], rp[i], ha[i], hp[i]) - y[i]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        pred = predict(ho)
        r2 = 1 - ((pred - y[ho]) ** 2).mean().item() / var
        print(f"epoch {epoch}: held-out R^2 {r2:.4f} ({time.process_time() - t0:.0f} CPU s)")
        if r2 > best[0]:
            best = (r2, epoch, pred.numpy())
    r2, epoch, pred = best
    target = y[ho].numpy()
    print(f"\nbest epoch {epoch} (R^2 {r2:.4f}): the held-out duels by predicted gain")
    print("predicted gain      duels   target mean   target > 0")
    for lo, hi in zip(BINS[:-1], BINS[1:]):
        sel = (pred >= lo) & (pred < hi)
        if sel.any():
            print(f"[{lo:+.3f}, {hi:+.3f})  {sel.sum():7d}   {target[sel].mean():+.4f}      "
                  f"{(target[sel] > 0).mean():.1%}")


if __name__ == "__main__":
    main(sys.argv[1])
