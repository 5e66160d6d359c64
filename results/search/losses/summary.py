"""What the traced games say (``trace.py``'s CSV): when the search saw its losses coming, when the
first Taoist died and the incarnation came, and how well its expectations matched the outcomes.

    python results/search/losses/summary.py results/search/losses/trace.csv WINS_IN_ALL LOSSES_IN_ALL

WINS_IN_ALL, LOSSES_IN_ALL: the games of each outcome in the whole benchmark run the traced games
were taken from; the traced wins are weighted up to stand for all of them in the calibration.
"""
import csv
import sys
from collections import defaultdict

import numpy as np


def games(path):
    by = defaultdict(list)
    with open(path) as f:
        for r in csv.DictReader(f):
            by[int(r["index"])].append(r)
    return by


def first(rows, test):
    hit = [int(r["turn"]) for r in rows if test(r)]
    return hit[0] if hit else None


def per_game(rows):
    turns = np.array([int(r["turn"]) for r in rows])
    value = np.array([float(r["chosen"]) for r in rows])
    end = int(turns.max())
    out = {"won": int(rows[0]["won"]), "same": int(rows[0]["same"]), "end": end,
           "first_death": first(rows, lambda r: int(r["alive"]) < 4),
           "incarnation": first(rows, lambda r: int(r["incarnation"])),
           "turns": turns, "value": value}
    # the last turn at which the search still expected to win more often than not
    above = turns[value >= 0.5]
    out["last_above_50"] = int(above.max()) if above.size else None
    return out


def median(xs):
    xs = [x for x in xs if x is not None]
    return (f"{np.median(xs):.0f} (of {len(xs)})") if xs else "-"


def main():
    path, wins_all, losses_all = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    by = games(path)
    g = {i: per_game(rows) for i, rows in by.items()}
    lost = [x for x in g.values() if not x["won"]]
    won = [x for x in g.values() if x["won"]]
    print(f"games traced: {len(g)} ({len(won)} won, {len(lost)} lost); "
          f"replayed as committed: {sum(x['same'] for x in g.values())}")
    print()
    print("| | lost | won |")
    print("|---|---:|---:|")
    rows = [("last turn (median)", "end"),
            ("first Taoist death, turn (median, of games with one)", "first_death"),
            ("incarnation in play from turn (median)", "incarnation"),
            ("last turn with value >= 0.5", "last_above_50")]
    for label, key in rows:
        print(f"| {label} | {median([x[key] for x in lost])} | {median([x[key] for x in won])} |")
    print(f"| games with a Taoist dead | {sum(x['first_death'] is not None for x in lost)} | "
          f"{sum(x['first_death'] is not None for x in won)} |")
    print()
    print("Lost games: turns from the last decision valued >= 0.5 to the end")
    gaps = sorted(x["end"] - x["last_above_50"] for x in lost if x["last_above_50"] is not None)
    print(" ", gaps, f"(never >= 0.5: "
          f"{sum(x['last_above_50'] is None for x in lost)})")
    print("Lost games: turns from the first death to the end")
    print(" ", sorted(x["end"] - x["first_death"] for x in lost if x["first_death"] is not None))
    print()
    # calibration: every searched decision, the traced wins weighted to all wins of the run
    w_win, w_loss = wins_all / max(len(won), 1), losses_all / max(len(lost), 1)
    v = np.concatenate([x["value"] for x in g.values()])
    y = np.concatenate([np.full(x["value"].size, x["won"]) for x in g.values()])
    w = np.where(y == 1, w_win, w_loss)
    print("Calibration (every searched decision; traced wins weighted x"
          f"{w_win:.2f}, losses x{w_loss:.2f}):")
    print("| search's value | decisions | outcome: share won (weighted) |")
    print("|---|---:|---:|")
    edges = [0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.01]
    for lo, hi in zip(edges[:-1], edges[1:]):
        sel = (v >= lo) & (v < hi)
        if sel.any():
            print(f"| {lo:.1f}-{min(hi, 1):.1f} | {sel.sum()} | "
                  f"{(w[sel] * y[sel]).sum() / w[sel].sum():.2f} |")
    print()
    print("By stage (turn of the game): mean value, lost / won")
    for lo in range(0, 70, 10):
        a, b = stage_means(lost, lo), stage_means(won, lo)
        if a or b:
            print(f"  turns {lo:2d}-{lo + 9:2d}: lost {np.mean(a) if a else float('nan'):.3f} "
                  f"({len(a)} games)  won {np.mean(b) if b else float('nan'):.3f} ({len(b)} games)")
    by_turn(by)
    biggest_drops(by)


def stage_means(some, lo):
    """Each game's mean value over its searched decisions at turns lo .. lo + 9 (games with one)."""
    inside = [(x["turns"] >= lo) & (x["turns"] < lo + 10) for x in some]
    return [x["value"][m].mean() for x, m in zip(some, inside) if m.any()]


def at_turn(rows, t):
    """The first searched decision at or after turn ``t``, or None."""
    return next((r for r in rows if int(r["turn"]) >= t), None)


def auc(won, lost):
    """The chance that a won game's value beats a lost game's (ties count half)."""
    a, b = np.array(won)[:, None], np.array(lost)[None, :]
    return float((a > b).mean() + 0.5 * (a == b).mean())


def by_turn(by):
    print()
    print("At turn t (the first searched decision from it): team Qi, haunted tiles, the search's "
          "value, and how well that value tells the won games from the lost (AUC)")
    print("| turn | games lost / won | team Qi: lost / won | haunted: lost / won | "
          "value: lost / won | AUC |")
    print("|---:|---:|---:|---:|---:|---:|")
    for t in (5, 10, 15, 20, 25, 30, 35, 40, 45):
        cols = {}
        for won in (0, 1):
            rs = [at_turn(rows, t) for rows in by.values() if int(rows[0]["won"]) == won]
            rs = [r for r in rs if r is not None]
            cols[won] = ([sum(int(q) for q in r["qi"].split()) for r in rs],
                         [int(r["haunted"]) for r in rs], [float(r["chosen"]) for r in rs])
        (ql, hl, vl), (qw, hw, vw) = cols[0], cols[1]
        print(f"| {t} | {len(vl)} / {len(vw)} | {np.mean(ql):.1f} / {np.mean(qw):.1f} | "
              f"{np.mean(hl):.2f} / {np.mean(hw):.2f} | {np.mean(vl):.2f} / {np.mean(vw):.2f} | "
              f"{auc(vw, vl):.2f} |")


def biggest_drops(by):
    print()
    print("The largest fall of the value from one turn to the next, per game, and what came with "
          "it (a death, a tile haunted, Qi lost, the incarnation arriving)")
    for won in (0, 1):
        drops, seen = [], defaultdict(int)
        for rows in by.values():
            if int(rows[0]["won"]) != won:
                continue
            per = {}
            for r in rows:
                per.setdefault(int(r["turn"]), r)
            turns = sorted(per)
            fall, a, b = max((float(per[a]["chosen"]) - float(per[b]["chosen"]), a, b)
                             for a, b in zip(turns, turns[1:]))
            ra, rb = per[a], per[b]
            what = []
            what += ["death"] if int(rb["alive"]) < int(ra["alive"]) else []
            what += ["haunting"] if int(rb["haunted"]) > int(ra["haunted"]) else []
            lost_qi = sum(map(int, ra["qi"].split())) - sum(map(int, rb["qi"].split()))
            what += [f"Qi -{lost_qi}"] if lost_qi > 0 else []
            what += ["incarnation"] if int(rb["incarnation"]) > int(ra["incarnation"]) else []
            seen[", ".join(what) or "none of these"] += 1
            drops.append(fall)
        print(f"  {'won' if won else 'lost'}: median {np.median(drops):.2f}; "
              + "; ".join(f"{k}: {v}" for k, v in sorted(seen.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
