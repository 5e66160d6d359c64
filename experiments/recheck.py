"""Replay committed benchmark rows one game at a time and say which still give the same game.

    python -m experiments.recheck results/benchmark results/search/initiation-4p --sample 5
    python -m experiments.recheck results/search/normal-4p-16x4x8/games.csv --rows 2 17 --workers 2

A results folder's games.csv promises that any row, replayed on its own (``benchmark --games
<index>``), gives the same game: the same win, score, decisions and turns. That promise breaks
when the agent's play changes (a fixed bug, a retuned weight) or when a game's play depended on
its batch; this command tells which rows it still holds for. For every agent and configuration
of each file it replays ``--sample`` rows (a fixed random draw, the same on every run), or the
rows at the indices ``--rows``, each alone (a batch of one, the strictest case), with the agent
the row names, its seed and its ``rules``.

Prints one line per file (rows replayed, rows the same) and one per row that differs (what it
was, what it is now), and each row's verdict on stderr as it comes; with ``--out``, writes the
report as markdown. Exits 1 if a row differs, 2 if an agent cannot be built here (e.g. a model
file not in the repository).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ghoststories_env.benchmark.evaluation import Task, play_batch
from ghoststories_env.benchmark.games_csv import read_rows

from .benchmark import parse_rules
from .fanout import fan_out

COMPARED = ("won", "score", "decisions", "turns")       # what "the same game" means here


@dataclass(frozen=True)
class Check:
    """One committed row to replay."""
    path: str
    row: dict

    def task(self) -> Task:
        r = self.row
        rules = parse_rules(r["rules"].split()) if r["rules"] else {}
        return Task(r["agent"], r["level"], int(r["players"]), rules, (int(r["index"]),),
                    (int(r["seed"]),))


def games_csv(path: str) -> Path:
    p = Path(path)
    p = p / "games.csv" if p.is_dir() else p
    if not p.is_file():
        raise SystemExit(f"recheck: no games.csv at {path!r}")
    return p


def chosen(rows: list[dict], sample: int, indices: list[int] | None, seed: int) -> list[dict]:
    """The rows to replay: per (agent, level, players, rules), those at ``indices`` if given,
    else ``sample`` of them drawn with ``seed`` (all if ``sample`` is 0 or larger than the
    configuration)."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["agent"], r["level"], r["players"], r["rules"]), []).append(r)
    out = []
    for group in groups.values():
        if indices is not None:
            out += [r for r in group if int(r["index"]) in indices]
        elif sample == 0 or sample >= len(group):
            out += group
        else:
            pick = np.random.default_rng(seed).choice(len(group), sample, replace=False)
            out += [group[k] for k in sorted(pick)]
    return out


def replay(check: Check) -> tuple[Check, dict | str, str]:
    """The row as played now (or why it could not be) and the verdict: "same", "differs" or
    "broken"."""
    try:
        now = play_batch(check.task())[0]
    except (ValueError, OSError) as e:          # an agent that cannot be built here
        return check, f"{type(e).__name__}: {e}", "broken"
    same = all(int(check.row[k]) == int(now[k]) for k in COMPARED)
    return check, now, "same" if same else "differs"


def describe(r: dict) -> str:
    return ("won" if int(r["won"]) else "lost") + \
        f", score {r['score']}, {r['decisions']} decisions, {r['turns']} turns"


def parse(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m experiments.recheck", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", help="games.csv files or the folders holding them")
    p.add_argument("--sample", type=int, default=5,
                   help="rows replayed per agent and configuration (0: all of them)")
    p.add_argument("--rows", nargs="+", type=int, metavar="I",
                   help="replay the rows at these indices instead of a sample")
    p.add_argument("--seed", type=int, default=0, help="seeds the sample's draw")
    p.add_argument("--workers", type=int, default=1, help="local processes replaying games")
    p.add_argument("--out", help="also write the report here, as markdown")
    a = p.parse_args(argv)
    if a.sample < 0 or a.workers < 1:
        p.error(f"--sample must be >= 0 and --workers >= 1, got {a.sample} and {a.workers}")
    return a


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    a = parse(argv)
    files = [games_csv(p) for p in a.paths]
    checks = [Check(str(f), r) for f in files
              for r in chosen(read_rows(f), a.sample, a.rows, a.seed)]
    results = {f: [] for f in map(str, files)}
    workers = min(a.workers, max(1, len(checks)))
    for k, (check, now, verdict) in enumerate(fan_out(replay, checks, workers), 1):
        results[check.path].append((check, now, verdict))
        r = check.row
        print(f"[{k}/{len(checks)}] {check.path} {r['agent']} {r['level']} {r['players']}p index "
              f"{r['index']}: {now if verdict == 'broken' else verdict}", file=sys.stderr,
              flush=True)
    lines, status = [], 0
    for path, done in results.items():
        done.sort(key=lambda d: (d[0].row["agent"], d[0].row["level"], d[0].row["players"],
                                 int(d[0].row["index"])))
        broken = [(c, n) for c, n, v in done if v == "broken"]
        changed = [(c, n) for c, n, v in done if v == "differs"]
        same = len(done) - len(broken) - len(changed)
        lines.append(f"- `{path}`: {len(done)} row{'s' * (len(done) != 1)} replayed alone, "
                     f"{same} the same"
                     + (f", {len(changed)} differ" if changed else "")
                     + (f", {len(broken)} not replayable here" if broken else ""))
        for c, n in changed:
            r = c.row
            lines.append(f"  - {r['agent']} {r['level']} {r['players']}p index {r['index']}: "
                         f"was {describe(r)}; now {describe(n)}")
        for c, n in broken[:1]:
            lines.append(f"  - {c.row['agent']}: {n}")
        status = max(status, 2 if broken else 1 if changed else 0)
    report = "\n".join(lines)
    print(report)
    if a.out:
        Path(a.out).write_text(f"# Replayed rows\n\nCommand: `python -m experiments.recheck "
                               f"{' '.join(argv)}`\n\n{report}\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
