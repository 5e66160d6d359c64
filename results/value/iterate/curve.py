"""The value-iteration curve: ``eval`` games won by the search with each round's leaf (round 0:
the rollout-fitted leaf, ``results/value/rollouts/short_search.txt``), with 95% Wilson
intervals, from the rounds' ``eval{r}.txt``; writes ``curve.png`` here.

    python results/value/iterate/curve.py
"""
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from ghoststories_env.benchmark.stats import wilson  # noqa: E402

HERE = Path(__file__).parent
ROW = re.compile(r"\| `search:8x4x2:plans:leaf=[^`]*` \| (\d+) of (\d+) \|")


def wins(path: Path) -> tuple[int, int]:
    for line in path.read_text().splitlines():
        m = ROW.match(line)
        if m:
            return int(m[1]), int(m[2])
    raise ValueError(f"no search:8x4x2 row in {path}")


if __name__ == "__main__":
    rounds = [wins(HERE.parent / "rollouts" / "short_search.txt")]
    r = 1
    while (HERE / f"eval{r}.txt").exists():
        rounds.append(wins(HERE / f"eval{r}.txt"))
        r += 1
    rates = [wilson(w, n) for w, n in rounds]
    x = range(len(rounds))
    mid = [100 * p for p, _, _ in rates]
    err = [[100 * (p - lo) for p, lo, _ in rates], [100 * (hi - p) for p, _, hi in rates]]
    fig, ax = plt.subplots(figsize=(5.5, 3.5))
    ax.errorbar(x, mid, yerr=err, marker="o", capsize=3)
    ax.set_xticks(list(x))
    ax.set_xlabel("round (0: the rollout-fitted leaf)")
    ax.set_ylabel("eval games won, % (95% CI)")
    ax.set_title("search:8x4x2:plans, Initiation 4p: 100 eval games", fontsize=10)
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(HERE / "curve.png", dpi=100)
    for i, ((w, n), (p, lo, hi)) in enumerate(zip(rounds, rates)):
        print(f"round {i}: {w} of {n}, {100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
