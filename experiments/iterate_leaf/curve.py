"""The learning curve of a leaf-iteration run, from its ``rounds.csv``, as ``curve.png``.

    python -m experiments.iterate_leaf.curve runs/iterate-leaf-initiation-4p

Panels: the ``eval`` games won by the search with each round's leaf (round 0: the start; the same
games every round) and the self-play games it won with the leaf it started the round with, with
95% Wilson bands; and the mean label of a round's positions against the starting leaf's value of
them and the games' outcomes (a two-turn bootstrap drifts towards what the games reach slowly).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from ghoststories_env.benchmark.stats import wilson


def plot(run_dir) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    run_dir = Path(run_dir)
    with open(run_dir / "rounds.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    r = [int(x["round"]) for x in rows]
    num = lambda k: [float(x[k]) if x.get(k) not in (None, "") else float("nan") for x in rows]  # noqa: E731
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))

    def band(ax, wins, games, label, style="o-"):
        points = [wilson(int(w), int(n)) if n == n and n else (float("nan"),) * 3
                  for w, n in zip(wins, games)]
        ax.plot(r, [100 * p[0] for p in points], style, label=label)
        ax.fill_between(r, [100 * p[1] for p in points], [100 * p[2] for p in points], alpha=0.2)

    ax = axes[0]
    band(ax, num("eval_wins"), num("eval_games"), "eval games, the round's leaf")
    band(ax, num("selfplay_wins"), num("selfplay_games"), "self-play, the leaf before", "s--")
    ax.set(title="search wins", xlabel="round (0: the starting leaf)", ylabel="win rate (%)",
           ylim=(0, 100))
    ax = axes[1]
    for key, style, label in (("leaf_mean", "s--", "leaf before"), ("label_mean", "o-", "label"),
                              ("outcome_mean", "^:", "outcome")):
        ax.plot(r, num(key), style, label=label)
    ax.set(title="labelled positions, mean", xlabel="round", ylabel="chance of winning",
           ylim=(0, 1))
    for ax in axes:
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    out = run_dir / "curve.png"
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


if __name__ == "__main__":
    for run in sys.argv[1:] or ["."]:
        print(plot(run))
