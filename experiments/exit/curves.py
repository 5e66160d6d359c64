"""The learning curves of an expert-iteration run, from its ``rounds.csv``, as ``curves.png``.

    python -m experiments.exit.curves runs/exit-initiation-4p

Panels: the network alone on the ``eval`` games, round by round, against the heuristic on the
same games; the gate's search with each round's candidate against the search with the network
kept (the same games and futures), with 95% Wilson bands; how often the search overrode its prior
and how well the student agrees with it on held-out games.
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
    fig, axes = plt.subplots(1, 3, figsize=(15, 4))

    def band(ax, wins, games, label, style="o-"):
        points = [wilson(int(w), int(n)) if n == n and n else (float("nan"),) * 3
                  for w, n in zip(wins, games)]
        ax.plot(r, [100 * p[0] for p in points], style, label=label)
        ax.fill_between(r, [100 * p[1] for p in points], [100 * p[2] for p in points], alpha=0.2)

    ax = axes[0]
    band(ax, num("net_wins"), num("net_games"), "network alone")
    band(ax, num("heuristic_wins"), num("net_games"), "heuristic (same games)", "--")
    ax.set(title="network alone, eval games", xlabel="round", ylabel="win rate (%)")
    ax = axes[1]
    band(ax, num("gate_wins_new"), num("gate_games"), "search with the round's network")
    band(ax, num("gate_wins_kept"), num("gate_games"), "search with the network kept before", "--")
    ax.set(title="gate: search, eval games", xlabel="round", ylabel="win rate (%)")
    ax = axes[2]
    ax.plot(r, [100 * v for v in num("overrides")], "o-", label="search overrides its prior")
    ax.plot(r, [100 * v for v in num("agreement_before")], "s--", label="student agrees (before)")
    ax.plot(r, [100 * v for v in num("agreement_after")], "s-", label="student agrees (after)")
    ax.set(title="searched decisions (held out)", xlabel="round", ylabel="%")
    for ax in axes:
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    out = run_dir / "curves.png"
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


if __name__ == "__main__":
    for run in sys.argv[1:] or ["."]:
        print(plot(run))
