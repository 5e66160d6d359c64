"""The learning curve of a leaf-iteration run, from its ``rounds.csv`` and ``eval.csv``, as
``curve.png``.

    python -m experiments.iterate_leaf.curve runs/iterate-leaf-initiation-4p

Panels: the ``eval`` games won by the search with each round's leaf (round 0: the start; the same
games every round), a line per level, and the self-play games it won with the leaf it started the
round with, with 95% Wilson bands; and the mean label of a round's positions against the starting leaf's value of
them and the games' outcomes (a two-turn bootstrap drifts towards what the games reach slowly).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from ..rounds import band, panels, save_panels


def plot(run_dir) -> Path:
    run_dir = Path(run_dir)
    r, num, fig, axes = panels(run_dir, 2, 11)

    ax = axes[0]
    with open(run_dir / "eval.csv", newline="") as f:
        games = list(csv.DictReader(f))
    for level in dict.fromkeys(g["level"] for g in games):
        mine = [[int(g["won"]) for g in games if g["level"] == level and int(g["round"]) == x]
                for x in r]
        band(ax, r, [sum(m) for m in mine], [len(m) for m in mine], f"eval games, {level}")
    band(ax, r, num("selfplay_wins"), num("selfplay_games"), "self-play, the leaf before", "s--")
    ax.set(title="search wins", xlabel="round (0: the starting leaf)", ylabel="win rate (%)",
           xticks=r, ylim=(0, 100))
    ax = axes[1]
    for key, style, label in (("leaf_mean", "s--", "leaf before"), ("label_mean", "o-", "label"),
                              ("outcome_mean", "^:", "outcome")):
        ax.plot(r, num(key), style, label=label)
    ax.set(title="labelled positions, mean", xlabel="round", ylabel="chance of winning",
           xticks=r, xlim=axes[0].get_xlim(), ylim=(0, 1))
    return save_panels(fig, axes, run_dir / "curve.png")


if __name__ == "__main__":
    for run in sys.argv[1:] or ["."]:
        print(plot(run))
