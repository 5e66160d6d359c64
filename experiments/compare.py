"""Paired comparison of two agents on the games both played (benchmark ``games.csv`` files).

    python -m experiments.compare results/benchmark_rollout/hell-2p/games.csv:rollout \\
        results/benchmark/games.csv:heuristic

The benchmark plays every agent on the same seeds (``ghoststories_env/benchmark/seeds.py``), so two
agents can be compared game by game: for every configuration both files hold, on the seeds both
played, the mean score difference (first minus second) with its Student t interval, each one's wins
with the one-sided p-value of Fisher's exact test that the first wins more often, and mean game
length. Pairing removes the spread between deals, so the interval is much narrower than the two
separate intervals of the benchmark table suggest.

Games pair only when they were played under the same rules (the ``rules`` column of games.csv,
from ``benchmark --rules``; files written before that column existed hold default-rule games).
To compare two rule sets on the same deals, say so with ``--ignore-rules``: games then pair on
level, players and seed alone, and the table shows each side's rules::

    python -m experiments.compare --ignore-rules results/power_sides/chosen/games.csv:heuristic \\
        results/power_sides/random/games.csv:heuristic

A games.csv is refused when the benchmark's ``run.json`` beside it says the run is not complete,
or when the file does not hold the games it records (a file cut short); ``--allow-incomplete``
compares such files anyway (a partial analysis, said so on stderr). Files older than run.json
have no record and are compared with a warning.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from ghoststories_env.benchmark.games_csv import IncompleteFile, check_complete, read_rows
from ghoststories_env.benchmark.stats import fisher_greater, mean_interval


def load(spec: str, allow_incomplete: bool = False) -> dict:
    """``path.csv:agent`` -> {(level, players, rules, seed): row} of that agent's games (the
    agent's name may hold colons: ``games.csv:rollout:8x3:progress``; rules "" when the file has
    no rules column). Raises ``IncompleteFile`` when the file's run.json says it is unfinished or
    it lacks rows (``games_csv.check_complete``), unless ``allow_incomplete``: then the complete
    rows are used (a half-written last line is left out) and a warning is printed."""
    path, sep, agent = spec.partition(".csv:")
    if not sep or not agent:
        raise ValueError(f"expected 'path/to/games.csv:agent', got {spec!r}")
    path += ".csv"
    every = read_rows(path)
    try:
        warning = check_complete(path, every)
    except IncompleteFile as e:
        if not allow_incomplete:
            raise IncompleteFile(f"{e} (--allow-incomplete compares it anyway)") from None
        warning = f"{e}; compared anyway (--allow-incomplete)"
    if warning:
        print(f"warning: {warning}", file=sys.stderr)
    rows = {(r["level"], int(r["players"]), r["rules"], int(r["seed"])): r
            for r in every if r["agent"] == agent}
    if not rows:
        raise ValueError(f"no games of agent {agent!r} in {path}")
    return rows


def without_rules(rows: dict) -> dict:
    """{(level, players, seed): row}; refuses a deal played under several rules (which to pair?)."""
    out = {}
    for (level, players, rules, seed), r in rows.items():
        key = (level, players, seed)
        if key in out:
            raise ValueError(f"{level} {players}p seed {seed} was played under several rules "
                             f"({out[key]['rules'] or 'default'!r} and {rules or 'default'!r})")
        out[key] = r
    return out


def compare(a: dict, b: dict, confidence: float = 0.95, ignore_rules: bool = False) -> list[dict]:
    """One summary per configuration (level, players and, unless ``ignore_rules``, rules) over the
    games both ``a`` and ``b`` played (``load``'s dicts); ``rules`` holds each side's rules."""
    if ignore_rules:
        a, b = without_rules(a), without_rules(b)
    shared = a.keys() & b.keys()
    out = []
    for config in sorted({k[:-1] for k in shared}):          # the key less its seed
        keys = sorted(k for k in shared if k[:-1] == config)
        col = lambda rows, f: np.array([float(rows[k][f]) for k in keys])   # noqa: E731
        rules = lambda rows: "; ".join(sorted({rows[k]["rules"] for k in keys}))  # noqa: E731
        diff, low, high = mean_interval(col(a, "score") - col(b, "score"), confidence)
        out.append({"level": config[0], "players": config[1], "rules": (rules(a), rules(b)),
                    "games": len(keys), "score_diff": diff, "low": low, "high": high,
                    "wins": (int(col(a, "won").sum()), int(col(b, "won").sum())),
                    "fisher_p": fisher_greater(int(col(a, "won").sum()), len(keys),
                                               int(col(b, "won").sum()), len(keys)),
                    "turns": (col(a, "turns").mean(), col(b, "turns").mean())})
    return out


def table(results: list[dict], name_a: str, name_b: str) -> str:
    """Markdown table; a rules column only when some game was played under non-default rules."""
    with_rules = any(any(r["rules"]) for r in results)
    lines = [f"| level | players |{' rules |' * with_rules} games | "
             f"score {name_a} - {name_b} (95% CI) | wins | p (more wins, Fisher) | turns |",
             "|---|---|" + "---|" * with_rules + "---:|---:|---:|---:|---:|"]
    for r in results:
        ra, rb = (x or "default" for x in r["rules"])
        rules = f" {ra if ra == rb else f'{ra} vs {rb}'} |" if with_rules else ""
        lines.append(f"| {r['level']} | {r['players']} |{rules} {r['games']} | "
                     f"{r['score_diff']:+.2f} [{r['low']:+.2f}, {r['high']:+.2f}] | "
                     f"{r['wins'][0]} vs {r['wins'][1]} | {r['fisher_p']:.2g} | "
                     f"{r['turns'][0]:.1f} vs {r['turns'][1]:.1f} |")
    return "\n".join(lines)


def labels(results: list[dict], name_a: str, name_b: str) -> tuple[str, str]:
    """The two sides' names; one agent under two rule sets is told apart by its rules."""
    sides = [{r["rules"][i] for r in results} for i in (0, 1)]
    if name_a != name_b or sides[0] == sides[1]:
        return name_a, name_b
    return tuple(f"{name} ({'; '.join(sorted(s)) or 'default'})"
                 for name, s in zip((name_a, name_b), sides))


def main(argv=None) -> list[dict]:
    p = argparse.ArgumentParser(prog="python -m experiments.compare", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("first", help="path/to/games.csv:agent")
    p.add_argument("second", help="path/to/games.csv:agent")
    p.add_argument("--ignore-rules", action="store_true",
                   help="pair games on level, players and seed even if played under other rules")
    p.add_argument("--allow-incomplete", action="store_true",
                   help="compare files whose run.json says they are unfinished or cut short")
    args = p.parse_args(argv)
    try:
        results = compare(load(args.first, args.allow_incomplete),
                          load(args.second, args.allow_incomplete), ignore_rules=args.ignore_rules)
    except ValueError as e:
        p.error(str(e))
    if not results:
        p.error("the two files share no game (same level, players and seed"
                + ("" if args.ignore_rules else ", played under the same rules; --ignore-rules "
                   "pairs games played under different rules") + ")")
    names = (args.first.partition(".csv:")[2], args.second.partition(".csv:")[2])
    print(table(results, *labels(results, *names)))
    return results


if __name__ == "__main__":
    main()
