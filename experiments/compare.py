"""Paired comparison of two agents on the games both played (benchmark ``games.csv`` files).

    python -m experiments.compare results/benchmark_rollout/hell-2p/games.csv:rollout \\
        results/benchmark/games.csv:heuristic

The benchmark plays every agent on the same seeds (``experiments/seeds.py``), so two agents can be
compared game by game: for every configuration both files hold, on the seeds both played, the mean
score difference (first minus second) with its Student t interval, and each one's wins and mean
game length. Pairing removes the spread between deals, so the interval is much narrower than the
two separate intervals of the benchmark table suggest.
"""

from __future__ import annotations

import argparse
import csv

import numpy as np

from .stats import mean_interval


def load(spec: str) -> dict:
    """``path.csv:agent`` -> {(level, players, seed): row} of that agent's games (the agent's
    name may hold colons: ``games.csv:rollout:8x3:progress``)."""
    path, sep, agent = spec.partition(".csv:")
    if not sep or not agent:
        raise ValueError(f"expected 'path/to/games.csv:agent', got {spec!r}")
    path += ".csv"
    with open(path, newline="") as f:
        rows = {(r["level"], int(r["players"]), int(r["seed"])): r
                for r in csv.DictReader(f) if r["agent"] == agent}
    if not rows:
        raise ValueError(f"no games of agent {agent!r} in {path}")
    return rows


def compare(a: dict, b: dict, confidence: float = 0.95) -> list[dict]:
    """One summary per (level, players) over the games both ``a`` and ``b`` played."""
    out = []
    for level, players in sorted({k[:2] for k in a.keys() & b.keys()}):
        keys = sorted(k for k in a.keys() & b.keys() if k[:2] == (level, players))
        col = lambda rows, f: np.array([float(rows[k][f]) for k in keys])   # noqa: E731
        diff, low, high = mean_interval(col(a, "score") - col(b, "score"), confidence)
        out.append({"level": level, "players": players, "games": len(keys),
                    "score_diff": diff, "low": low, "high": high,
                    "wins": (int(col(a, "won").sum()), int(col(b, "won").sum())),
                    "turns": (col(a, "turns").mean(), col(b, "turns").mean())})
    return out


def table(results: list[dict], name_a: str, name_b: str) -> str:
    lines = [f"| level | players | games | score {name_a} - {name_b} (95% CI) | wins | turns |",
             "|---|---|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| {r['level']} | {r['players']} | {r['games']} | {r['score_diff']:+.2f} "
                     f"[{r['low']:+.2f}, {r['high']:+.2f}] | {r['wins'][0]} vs {r['wins'][1]} | "
                     f"{r['turns'][0]:.1f} vs {r['turns'][1]:.1f} |")
    return "\n".join(lines)


def main(argv=None) -> list[dict]:
    p = argparse.ArgumentParser(prog="python -m experiments.compare", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("first", help="path/to/games.csv:agent")
    p.add_argument("second", help="path/to/games.csv:agent")
    args = p.parse_args(argv)
    try:
        a, b = load(args.first), load(args.second)
    except ValueError as e:
        p.error(str(e))
    results = compare(a, b)
    if not results:
        p.error("the two files share no game (same level, players and seed)")
    print(table(results, args.first.partition(".csv:")[2], args.second.partition(".csv:")[2]))
    return results


if __name__ == "__main__":
    main()
