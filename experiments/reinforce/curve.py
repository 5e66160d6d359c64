"""The learning curve of a policy-gradient run, from its ``rounds.csv``, as ``curve.png``.

    python -m experiments.reinforce.curve runs/reinforce-initiation-4p

Panels: the network alone on the run's eval games at each evaluation, against its heuristic team
on the same games (a flat line), with 95% Wilson bands; and the sampling team's self-play wins
10 rounds at a time, with each round's mean entropy of its recorded decisions (how far from certain it still plays).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from ..rounds import band, panels, save_panels

BLOCK = 10          # self-play rounds pooled per point: one round's 1,024 games swing by 2 points


def plot(run_dir) -> Path:
    run_dir = Path(run_dir)
    r, num, fig, axes = panels(run_dir, 2, 11)
    ax = axes[0]
    judged = [i for i, n in enumerate(num("eval_games")) if n == n]
    pick = lambda k: [num(k)[i] for i in judged]  # noqa: E731
    x = [r[i] + 1 for i in judged]
    band(ax, x, pick("eval_wins"), pick("eval_games"), "network alone")
    band(ax, x, pick("heuristic_wins"), pick("eval_games"), "its heuristic team", "s--")
    ax.set(title="eval games won", xlabel="rounds trained", ylabel="win rate (%)")
    ax = axes[1]
    blocks = range(0, len(r), BLOCK)
    total = lambda k: [float(np.nansum(num(k)[b:b + BLOCK])) for b in blocks]  # noqa: E731
    ends = [r[min(b + BLOCK, len(r)) - 1] + 1 for b in blocks]
    band(ax, ends, total("selfplay_wins"), total("selfplay_games"),
         f"sampling team, {BLOCK} rounds at a time", "o-")
    ax.set(title="self-play", xlabel="rounds trained", ylabel="win rate (%)")
    twin = ax.twinx()
    twin.plot([x + 1 for x in r], num("entropy"), "g:", label="entropy (nats)")
    twin.set_ylim(0, max(1.0, float(np.nanmax(num("entropy") + [0.0]))))
    twin.legend(loc="lower right", fontsize=8)
    return save_panels(fig, axes, run_dir / "curve.png")


if __name__ == "__main__":
    for run in sys.argv[1:] or ["."]:
        print(plot(run))
