"""The learning curves of an expert-iteration run, from its ``rounds.csv``, as ``curves.png``.

    python -m experiments.exit.curves runs/exit-initiation-4p

Panels: the network alone on the ``eval`` games, round by round, against the heuristic on the
same games; the gate's search with each round's candidate against the search with the network
kept (the same games and futures), with 95% Wilson bands; how often the search overrode its prior
and how well the student agrees with it on held-out games.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..rounds import band, panels, save_panels


def plot(run_dir) -> Path:
    run_dir = Path(run_dir)
    r, num, fig, axes = panels(run_dir, 3, 15)

    ax = axes[0]
    band(ax, r, num("net_wins"), num("net_games"), "network alone")
    band(ax, r, num("heuristic_wins"), num("net_games"), "heuristic (same games)", "--")
    ax.set(title="network alone, eval games", xlabel="round", ylabel="win rate (%)")
    ax = axes[1]
    band(ax, r, num("gate_wins_new"), num("gate_games"), "search with the round's network")
    band(ax, r, num("gate_wins_kept"), num("gate_games"), "search with the network kept before", "--")
    ax.set(title="gate: search, eval games", xlabel="round", ylabel="win rate (%)")
    ax = axes[2]
    ax.plot(r, [100 * v for v in num("overrides")], "o-", label="search overrides its prior")
    ax.plot(r, [100 * v for v in num("agreement_before")], "s--", label="student agrees (before)")
    ax.plot(r, [100 * v for v in num("agreement_after")], "s-", label="student agrees (after)")
    ax.set(title="searched decisions (held out)", xlabel="round", ylabel="%")
    return save_panels(fig, axes, run_dir / "curves.png")


if __name__ == "__main__":
    for run in sys.argv[1:] or ["."]:
        print(plot(run))
