"""Does a value head over the whole observation rank positions better than the hand features?

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/plans/observation_value.py 3000 1000 8 \
        > results/value/plans/observation_value.txt

Records, for ``heuristic:plans`` games on the ``train`` seeds (first argument: games per
configuration) and the ``eval`` seeds (second), the position at the first decision of every turn
as both the observation the policy-value network reads (``envs/observation.encode``, 1,184
values) and the win model's hand features (``agents/value.features``), labelled with the game's
outcome; fits the network's trunk and win head (1184 -> 256 -> 128 -> 1, AdamW 1e-3, weight decay
1e-4, third argument: epochs; the epoch with the best log loss on a tenth of the games held out,
by game); and compares it on the eval positions with ``win_model_plans.json`` (the hand-feature
model fitted on the same team's games by ``experiments.fit_value``) and the shipped
``agents/data/win_model.json`` (fitted on the plain heuristic's games): Brier score and AUC (the
chance that a won game's position is ranked above a lost one's).
"""

import sys
import time

import numpy as np
import torch

from experiments import fit_value
from ghoststories_env.agents.value import FEATURES, WinModel, features
from ghoststories_env.envs.observation import encode

CONFIGS = ("initiation-4p", "normal-4p")


def both(S):
    """The win model's hand features and the observation, side by side."""
    return np.c_[features(S), encode(S)]


def positions(preset, n, split):
    """Hand features, observations (float32), outcomes and game numbers of each turn's first
    position of ``heuristic:plans`` games (``experiments.fit_value.positions``)."""
    rows, y, game = fit_value.positions(preset, n, split, agent="heuristic:plans", record=both)
    return rows[:, :len(FEATURES)], rows[:, len(FEATURES):].astype(np.float32), y, game


def auc(p, y):
    """The chance that a won position is ranked above a lost one (ties counted by rank)."""
    r = np.argsort(np.argsort(p))
    pos = y == 1
    return (r[pos].mean() - (pos.sum() - 1) / 2) / (~pos).sum()


def main(train_games, eval_games, epochs):
    torch.set_num_threads(1)
    torch.manual_seed(0)
    t0 = time.process_time()
    train, evals = [], []
    for i, c in enumerate(CONFIGS):
        X, O, y, g = positions(c, train_games, "train")
        train.append((O, y, g + i * 10 ** 6))
        evals.append(positions(c, eval_games, "eval"))
        print(f"{c}: {y.size} train positions, {evals[-1][2].size} eval positions", flush=True)
    O = torch.from_numpy(np.concatenate([t[0] for t in train]))
    y = torch.from_numpy(np.concatenate([t[1] for t in train]).astype(np.float32))
    g = np.concatenate([t[2] for t in train])
    held = (g % 10) == 9
    fit, hold = np.flatnonzero(~held), np.flatnonzero(held)
    net = torch.nn.Sequential(torch.nn.Linear(O.shape[1], 256), torch.nn.ReLU(),
                              torch.nn.Linear(256, 128), torch.nn.ReLU(), torch.nn.Linear(128, 1))
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)
    loss = torch.nn.BCEWithLogitsLoss()
    gen = np.random.default_rng(0)
    best, best_state = np.inf, None
    for epoch in range(epochs):
        for chunk in np.array_split(gen.permutation(fit), fit.size // 512):
            opt.zero_grad()
            loss(net(O[chunk])[:, 0], y[chunk]).backward()
            opt.step()
        with torch.no_grad():
            held_loss = float(loss(net(O[hold])[:, 0], y[hold]))
        print(f"epoch {epoch}: held-out log loss {held_loss:.5f}", flush=True)
        if held_loss < best:
            best, best_state = held_loss, {k: v.clone() for k, v in net.state_dict().items()}
    net.load_state_dict(best_state)
    hand = WinModel.load("results/value/plans/win_model_plans.json")
    shipped = WinModel.load()                  # fitted on the plain heuristic's games
    print("\n| config | eval positions | base-rate Brier | observation net: Brier, AUC "
          "| hand features: Brier, AUC | shipped win_model.json: Brier, AUC |"
          "\n|---|---:|---:|---:|---:|---:|")
    for c, (X, Oe, ye, _) in zip(CONFIGS, evals):
        with torch.no_grad():
            p = torch.sigmoid(net(torch.from_numpy(Oe))[:, 0]).double().numpy()
        ph = 1 / (1 + np.exp(-hand.logit(X)))
        ps = 1 / (1 + np.exp(-shipped.logit(X)))
        brier = lambda q: ((q - ye) ** 2).mean()                      # noqa: E731
        print(f"| {c} | {ye.size} | {brier(ye.mean()):.4f} | {brier(p):.4f}, {auc(p, ye):.3f} "
              f"| {brier(ph):.4f}, {auc(ph, ye):.3f} | {brier(ps):.4f}, {auc(ps, ye):.3f} |")
    print(f"\n{time.process_time() - t0:.0f} CPU s")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:4]))
