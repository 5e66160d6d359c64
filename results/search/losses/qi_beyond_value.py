"""Does the team's Qi tell the won games from the lost beyond what the search's own value does?
If it did, the leaf would be under-rating Qi for the search's team, and a leaf that counts Qi
for more would be the lever. At turn t (each traced game's first searched decision from it):
the AUC of the search's value, of the team's Qi, and of the part of the Qi that the value does
not predict (the residual of a least-squares line of Qi on the value).

    python results/search/losses/qi_beyond_value.py results/search/losses/trace.csv
"""
import sys

import numpy as np

from summary import games


def auc(score, won):
    """The chance that a won game's score beats a lost one's (ties count half)."""
    w, l = score[won == 1], score[won == 0]
    return (w[:, None] > l).mean() + 0.5 * (w[:, None] == l).mean()


def at_turn(by, t):
    rows = [next(r for r in g if int(r["turn"]) >= t) for g in by.values()
            if int(g[-1]["turn"]) >= t]
    value = np.array([float(r["chosen"]) for r in rows])
    qi = np.array([sum(map(int, r["qi"].split())) for r in rows])
    won = np.array([int(r["won"]) for r in rows])
    return value, qi, won


def main():
    by = games(sys.argv[1])
    print("| turn | games | AUC: value | AUC: team Qi | AUC: Qi beyond the value |")
    print("|---:|---:|---:|---:|---:|")
    for t in (10, 15, 20, 25, 30, 35):
        value, qi, won = at_turn(by, t)
        line = np.c_[np.ones_like(value), value]
        residual = qi - line @ np.linalg.lstsq(line, qi, rcond=None)[0]
        print(f"| {t} | {won.size} | {auc(value, won):.2f} | {auc(qi, won):.2f} | "
              f"{auc(residual, won):.2f} |")


if __name__ == "__main__":
    main()
