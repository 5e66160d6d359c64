"""The learning curve of expert iteration at Initiation 4p, round by round, on the benchmark's
test games: round 0 is the starting point (``heuristic:plans`` alone, and the search on it),
round 1 the network distilled from round 0's self-play (../initiation-4p-place-bias: the search's
placement preferences as 12 logits on top of heuristic:plans), alone and as the search's prior
and rollout policy. Writes curve.txt and curve.png beside this file.

    python results/exit/place-bias-search/curve.py
"""
import csv
from pathlib import Path

from ghoststories_env.benchmark.stats import wilson

HERE = Path(__file__).parent
RESULTS = HERE.parent.parent
NET = "net:results/exit/initiation-4p-place-bias/net.npz"
SEARCH_NET = "search:16x4x8:net=results/exit/initiation-4p-place-bias/net.npz:leaf=win_model"
# (what, round, games.csv, agent, level, first games)
POINTS = [
    ("alone", 0, "benchmark_plans/games.csv", "heuristic:plans", "initiation", 1000),
    ("alone", 1, "exit/initiation-4p-place-bias/games.csv", NET, "initiation", 1000),
    ("search", 0, "search/initiation-4p-16x4x8/games.csv", "search:16x4x8:plans", "initiation", 200),
    ("search", 1, "exit/place-bias-search/games.csv", SEARCH_NET, "initiation", 200),
    ("alone", 0, "benchmark_plans/games.csv", "heuristic:plans", "normal", 1000),
    ("alone", 1, "exit/initiation-4p-place-bias/games.csv", NET, "normal", 1000),
    ("search", 0, "search/normal-4p-16x4x8/games.csv", "search:16x4x8:plans", "normal", 200),
    ("search", 1, "exit/place-bias-search/games.csv", SEARCH_NET, "normal", 200),
]


def wins(path, agent, level, first):
    """(wins, games) of ``agent`` on the first ``first`` 4-player games of ``level``."""
    with open(RESULTS / path, newline="") as f:
        won = [int(r["won"]) for r in csv.DictReader(f) if r["agent"] == agent
               and r["level"] == level and r["players"] == "4" and int(r["index"]) < first]
    assert len(won) == first, f"{path}: {agent} has {len(won)} {level} games of the first {first}"
    return sum(won), first


rows = []
for what, rnd, path, agent, level, first in POINTS:
    w, n = wins(path, agent, level, first)
    rate, lo, hi = wilson(w, n)
    rows.append((what, rnd, level, agent, w, n, rate, lo, hi))
with open(HERE / "curve.txt", "w") as f:
    for what, rnd, level, agent, w, n, rate, lo, hi in rows:
        line = (f"{level:10s} {what:6s} round {rnd}: {w:4d} of {n:4d} test games, {100 * rate:5.1f}% "
                f"[{100 * lo:.1f}, {100 * hi:.1f}]  {agent}")
        print(line)
        f.write(line + "\n")

import matplotlib                                                    # noqa: E402
matplotlib.use("Agg")
import matplotlib.pyplot as plt                                      # noqa: E402

fig, axes = plt.subplots(1, 2, figsize=(10, 4))
for ax, level in zip(axes, ("initiation", "normal")):
    for what, style in (("search", "o-"), ("alone", "s--")):
        pts = [r for r in rows if r[0] == what and r[2] == level]
        label = ("search 16x4x8 on the round's policy (first 200 games)" if what == "search"
                 else "the round's policy alone (1,000 games)")
        ax.plot([p[1] for p in pts], [100 * p[6] for p in pts], style, label=label)
        ax.fill_between([p[1] for p in pts], [100 * p[7] for p in pts], [100 * p[8] for p in pts],
                        alpha=0.2)
    ax.set(title=f"{level.capitalize()}, 4 Taoists, test games", xlabel="round", ylabel="win rate (%)",
           xticks=[0, 1], ylim=(0, 100))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(HERE / "curve.png", dpi=100)
