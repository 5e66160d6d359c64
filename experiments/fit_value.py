"""Fit the search's leaf value: the chance that the rollout team wins from a position.

    python -m experiments.fit_value --configs initiation-4p normal-4p --games 3000 \\
        --eval-games 1000 --out results/value

Plays ``--games`` games of ``--agent`` (default the heuristic; ``heuristic:plans`` for the
search on that team, whose futures it plays) per configuration on the ``train`` seeds
(``ghoststories_env/benchmark/seeds.py``) and records the position at the first decision of every
turn (where the search's futures stop), labelled with the game's outcome (``--data`` keeps them in
an .npz file and reuses it); fits ``agents.value.WinModel`` on them: a network with ``--hidden``
ReLU layers trained with torch (Adam on the log loss, the best epoch on a tenth of the training
games held out), or with ``--hidden`` empty a logistic regression (numpy only); then checks its
calibration on positions of ``--eval-games`` games per configuration on the ``eval`` seeds: Brier
score against the base rate's, log loss, and a reliability plot (predicted chance in bins against
the share of those positions whose game was won). Writes the model to ``agents/data/win_model.json``
(``--model``) and ``calibration.md`` plus ``reliability.png`` to ``--out``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.value import DEFAULT_PATH, FEATURES, WinModel, features
from ghoststories_env.benchmark import benchmark_seeds
from ghoststories_env.state import State

from .fanout import fan_out


def positions(preset: str, n: int, split: str, batch: int = 500, agent="heuristic",
              record=features, workers: int = 1, first: int = 0):
    """``record`` (N, F) of the positions at each turn's first decision of ``n`` games of
    ``split`` (default: the win model's features; any function of a batch of states giving one
    row per game, or a ``State`` of them: ``lambda S: S`` keeps the positions themselves), their
    game's outcome (N,) and the game index (N,). Games ``first`` on; with ``workers`` > 1 the
    batches are played in that many local processes (same rows: a game's course depends on its
    seed alone)."""
    if workers > 1:                            # batches of at most ``batch``, every worker busy
        size = min(batch, -(-n // workers))
        tasks = [(preset, min(size, n - s), split, size, agent, record, 1, first + s)
                 for s in range(0, n, size)]
        parts = sorted(fan_out(_positions_task, tasks, workers), key=lambda part: part[2].min())
        return tuple(_joined([part[k] for part in parts]) for k in range(3))
    engine = Engine(PRESETS[preset])
    level, players = preset.rsplit("-", 1)[0].replace("-5qi", ""), PRESETS[preset].num_players
    seeds = benchmark_seeds(level, players, first + n, split)[first:]
    policy = agents.make(agent)
    X, y, game = [], [], []
    for start in range(0, n, batch):
        S = engine.reset(seeds[start:start + batch])
        seen = np.full(S.batch_size, -1)
        xs, gs = [], []
        while not S.terminated.all():
            new = ~S.terminated & (S.turn != seen)
            if new.any():
                rows = np.flatnonzero(new)
                xs.append(record(S.take(rows)))
                gs.append(rows)
                seen[rows] = S.turn[rows]
            S = engine.step(S, policy.act(Batch(engine, S)))
        rows = np.concatenate(gs)
        X.append(_joined(xs))
        y.append(S.won[rows].astype(np.float64))
        game.append(first + start + rows)
    return _joined(X), np.concatenate(y), np.concatenate(game)


def _joined(parts: list):
    """Recorded rows, one part after another: arrays, or the ``State``s ``record`` kept."""
    return State.concatenate(parts) if isinstance(parts[0], State) else np.concatenate(parts)


def _positions_task(task):
    """One batch of ``positions`` in a worker (a module-level function, so it pickles)."""
    return positions(*task)


def recorded(configs, games: int, eval_games: int, path=None, agent="heuristic",
             workers: int = 1, batch: int = 500) -> dict:
    """Train positions (``X``, ``y``, ``game``: a number unique per game) and eval positions
    (``eval_X``, ``eval_y``, ``eval_config``) of the configurations; from ``path`` when it holds
    them for the same arguments, else played (and saved to ``path``)."""
    key = np.array([",".join(configs), str(games), str(eval_games), agent])
    if path and Path(path).exists():
        with np.load(path) as f:
            if np.array_equal(f["key"], key):
                return dict(f)
    play = dict(agent=agent, workers=workers, batch=batch)
    train = [positions(c, games, "train", **play) for c in configs]
    evals = [positions(c, eval_games, "eval", **play) for c in configs]
    data = {"key": key, "X": np.concatenate([t[0] for t in train]),
            "y": np.concatenate([t[1] for t in train]),
            "game": np.concatenate([i * games + t[2] for i, t in enumerate(train)]),
            "eval_X": np.concatenate([e[0] for e in evals]),
            "eval_y": np.concatenate([e[1] for e in evals]),
            "eval_config": np.concatenate([np.full(e[1].size, i) for i, e in enumerate(evals)])}
    if path:
        np.savez_compressed(path, **data)
    return data


def fit_network(X: np.ndarray, y: np.ndarray, game: np.ndarray, hidden: list[int],
                epochs: int = 40, seed: int = 0, meta: dict | None = None) -> WinModel:
    """A ``WinModel`` with ``hidden`` ReLU layers on the standardised features (``train``: the
    log loss, chunks of about 1,024 positions, weight decay 1e-5)."""
    mean, scale = WinModel.standardiser(X)
    layers, best, _ = train((X - mean) / scale, y, game, hidden, epochs, seed, chunk=1024,
                            weight_decay=1e-5)
    return WinModel(layers, mean, scale, {**(meta or {}), "held_out_log_loss": best})


def train(Z: np.ndarray, t: np.ndarray, game: np.ndarray, hidden, epochs: int, seed: int = 0,
          chunk: int = 1024, weight_decay: float = 1e-5, init=None, lr: float = 1e-3):
    """A ReLU network from inputs ``Z`` to one logit, fitted with torch: Adam (learning rate
    ``lr``) on the log loss against ``t`` (outcomes, or any chances in [0, 1]) in shuffled chunks
    of about ``chunk`` rows, keeping the epoch with the best log loss on the positions of a tenth
    of the games (held out by ``game``), or the start when no epoch beats it. ``init``: layers
    to start from (as returned, a warm start), else random. Returns its layers as numpy
    (weights, bias), that loss, and the held-out loss of every epoch."""
    import torch
    torch.manual_seed(seed)
    Z = torch.tensor(Z, dtype=torch.float32)
    t = torch.tensor(t, dtype=torch.float32)
    held = (game % 10) == 9
    sizes = [Z.shape[1], *hidden, 1]
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [torch.nn.Linear(a, b), torch.nn.ReLU()]
    net = torch.nn.Sequential(*layers[:-1])
    linear = [m for m in net if isinstance(m, torch.nn.Linear)]
    if init is not None:
        with torch.no_grad():
            for m, (w, b) in zip(linear, init, strict=True):
                m.weight.copy_(torch.tensor(np.asarray(w).T))
                m.bias.copy_(torch.tensor(np.asarray(b)))
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=weight_decay)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    fit_rows, held_rows = np.flatnonzero(~held), np.flatnonzero(held)
    gen = np.random.default_rng(seed)
    best, best_state, losses = np.inf, None, []
    if init is not None:                      # a warm start is kept unless an epoch beats it
        with torch.no_grad():
            best = float(loss_fn(net(Z[held_rows])[:, 0], t[held_rows]))
        best_state = {k: v.clone() for k, v in net.state_dict().items()}
    for _ in range(epochs):
        for rows in np.array_split(gen.permutation(fit_rows), max(1, fit_rows.size // chunk)):
            opt.zero_grad()
            loss = loss_fn(net(Z[rows])[:, 0], t[rows])
            loss.backward()
            opt.step()
        with torch.no_grad():
            held_loss = float(loss_fn(net(Z[held_rows])[:, 0], t[held_rows]))
        losses.append(held_loss)
        if held_loss < best:
            best = held_loss
            best_state = {k: v.clone() for k, v in net.state_dict().items()}
    net.load_state_dict(best_state)
    return ([(m.weight.detach().double().numpy().T, m.bias.detach().double().numpy())
             for m in linear], best, losses)


def fit_leaf_network(obs: np.ndarray, t: np.ndarray, game: np.ndarray, hidden=(256, 128),
                     epochs: int = 30, seed: int = 0, start: "PolicyValueNet | None" = None,
                     lr: float = 1e-3, meta: dict | None = None):
    """A leaf over the whole observation (``train`` on ``obs``, chunks of 256, weight decay
    1e-4), stored as a ``PolicyValueNet`` whose win head is the fit's last layer (its progress
    column and policy head stay zero, unused; ``search:...:leaf=PATH.npz`` reads it); ``start``:
    such a leaf to start from (its ``hidden`` sizes are used). Returns it and the held-out losses
    by epoch."""
    from ghoststories_env.actions import NUM_ACTIONS
    from ghoststories_env.agents.net import PolicyValueNet
    init = None
    if start is not None:
        hidden = [w.shape[1] for w, _ in start.trunk]
        init = [*start.trunk, (start.value[0][:, :1], start.value[1][:1])]
    layers, best, losses = train(obs, t, game, hidden, epochs, seed, chunk=256, weight_decay=1e-4,
                                 init=init, lr=lr)
    *trunk, (hw, hb) = layers
    width = hidden[-1]
    value = (np.c_[hw, np.zeros((width, 1))], np.r_[hb, 0.0])
    net = PolicyValueNet(trunk, (np.zeros((width, NUM_ACTIONS)), np.zeros(NUM_ACTIONS)), value,
                         {"residual": True, "plans": ["incarnation"], "held_out": best,
                          **(meta or {})})
    return net, losses


def calibration(p: np.ndarray, y: np.ndarray, bins: int = 10) -> dict:
    """Brier score (and the base rate's), log loss, and per-bin mean prediction and outcome."""
    base = y.mean()
    edges = np.quantile(p, np.linspace(0, 1, bins + 1))
    which = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, bins - 1)
    rows = [(float(p[which == b].mean()), float(y[which == b].mean()), int((which == b).sum()))
            for b in range(bins) if (which == b).any()]
    eps = 1e-9
    return {"brier": float(((p - y) ** 2).mean()), "brier_base": float(((base - y) ** 2).mean()),
            "log_loss": float(-(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)).mean()),
            "base_rate": float(base), "positions": int(y.size), "bins": rows}


def plot(cals: dict, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(4.6, 4.2))
    ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls="--")
    for name, cal in cals.items():
        pred, obs, _ = zip(*cal["bins"])
        ax.plot(pred, obs, marker="o", label=f"{name} (Brier {cal['brier']:.4f})")
    top = max(max(max(b[0], b[1]) for b in c["bins"]) for c in cals.values())
    ax.set_xlim(0, min(1, 1.1 * top))
    ax.set_ylim(0, min(1, 1.1 * top))
    ax.set_xlabel("predicted chance of a win (bin mean)")
    ax.set_ylabel("share of positions whose game was won")
    ax.set_title("leaf value on eval games")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv=None) -> dict:
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python -m experiments.fit_value", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--configs", nargs="+", default=["initiation-4p", "normal-4p"],
                   choices=sorted(PRESETS))
    p.add_argument("--games", type=int, default=3000, help="train games per configuration")
    p.add_argument("--eval-games", type=int, default=1000, help="eval games per configuration")
    p.add_argument("--agent", default="heuristic",
                   help="the team whose games are recorded (the search's rollout policy: "
                        "'heuristic:plans' for search:...:plans)")
    p.add_argument("--hidden", nargs="*", type=int, default=[64, 32],
                   help="hidden layer widths of the network (none: a logistic regression)")
    p.add_argument("--l2", type=float, default=1e-3, help="the logistic regression's L2 penalty")
    p.add_argument("--workers", type=int, default=1,
                   help="local processes playing the recorded games (batches of --batch)")
    p.add_argument("--batch", type=int, default=500, help="games played at once per worker")
    p.add_argument("--data", help="an .npz file keeping the recorded positions (reused if there)")
    p.add_argument("--model", default=str(DEFAULT_PATH), help="where the fitted model goes")
    p.add_argument("--out", default="results/value", help="folder for calibration.md and the plot")
    a = p.parse_args(argv)
    if a.games < 1 or a.eval_games < 1:
        p.error(f"--games and --eval-games must be >= 1, got {a.games} and {a.eval_games}")
    t0 = time.process_time()
    data = recorded(a.configs, a.games, a.eval_games, a.data, a.agent, a.workers, a.batch)
    X, y, game = data["X"], data["y"], data["game"]
    command = "python -m experiments.fit_value " + " ".join(argv)
    meta = {"command": command, "configs": a.configs, "agent": a.agent,
            "train_positions": int(y.size)}
    model = (fit_network(X, y, game, a.hidden, meta=meta) if a.hidden
             else WinModel.fit_logistic(X, y, a.l2, meta=meta))
    cals = {}
    for i, c in enumerate(a.configs):
        ev = data["eval_config"] == i
        cals[c] = calibration(1 / (1 + np.exp(-model.logit(data["eval_X"][ev]))), data["eval_y"][ev])
    seconds = time.process_time() - t0
    model.meta["calibration"] = {c: {k: v for k, v in cal.items() if k != "bins"}
                                 for c, cal in cals.items()}
    model.save(a.model)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    plot(cals, out / "reliability.png")
    lines = [f"# Leaf value calibration\n\nCommand: `{command}` ({seconds:.0f} CPU s).\n",
             f"Model: {'a network with hidden layers ' + str(a.hidden) if a.hidden else 'logistic regression'}. "
             f"Fitted on {y.size} positions (the first decision of every turn) of "
             f"{a.games} `{a.agent}` games per configuration on the `train` seeds; checked on "
             f"{a.eval_games} games per configuration on the `eval` seeds.\n",
             "| config | positions | base rate | Brier | Brier of the base rate | log loss |",
             "|---|---:|---:|---:|---:|---:|"]
    for c, cal in cals.items():
        lines.append(f"| {c} | {cal['positions']} | {cal['base_rate']:.4f} | {cal['brier']:.4f} "
                     f"| {cal['brier_base']:.4f} | {cal['log_loss']:.4f} |")
    lines += ["", "Reliability (deciles of the prediction):", "",
              "| config | predicted | observed | positions |", "|---|---:|---:|---:|"]
    for c, cal in cals.items():
        lines += [f"| {c} | {pr:.3f} | {ob:.3f} | {k} |" for pr, ob, k in cal["bins"]]
    if len(model.layers) == 1:
        lines += ["", "Weights (standardised features):", "", "| feature | weight |", "|---|---:|"]
        lines += [f"| {f} | {w:+.3f} |" for f, w in zip(FEATURES, model.layers[0][0][:, 0])]
    (out / "calibration.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:6 + len(cals)]))
    return cals


if __name__ == "__main__":
    main()
