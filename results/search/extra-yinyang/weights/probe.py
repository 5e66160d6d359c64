"""The heuristic team alone with its two Yin-Yang weights changed: does spending the Yin-Yang
sooner, as the search's futures prefer at the root, make it a better player (and so a better
rollout team)? ``heuristic:plans`` with each JSON table of this folder, on the first 1,000
Initiation 4p ``eval`` games (seed set 0; no result is reported on the ``test`` games here).

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/extra-yinyang/weights/probe.py \
        > results/search/extra-yinyang/weights/probe.txt

The shipped weights: YINYANG_KEEP = 8.784 (free a haunted tile worth more than this) and
YINYANG_HELP_KEEP = 7.721 (buy a help out of reach worth more than this).
"""
import json
from pathlib import Path

from ghoststories_env.benchmark import wilson
from ghoststories_env.benchmark.evaluation import play_batch, tasks

GAMES = 1000
HERE = Path(__file__).parent


def wins(spec: str) -> int:
    todo = tasks([spec], ["initiation"], [4], GAMES, batch=250, games=range(GAMES), split="eval")
    return sum(sum(r["won"] for r in play_batch(task)) for task in todo)


def main():
    print(f"heuristic:plans on the first {GAMES} Initiation 4p eval games\n")
    print("| weights | YINYANG_KEEP | YINYANG_HELP_KEEP | wins | win rate (95% CI) |")
    print("|---|---:|---:|---:|---:|")
    tables = [("shipped", "heuristic:plans", "8.784", "7.721")]
    for path in sorted(HERE.glob("*.json")):
        w = json.loads(path.read_text())
        tables.append((path.stem, f"heuristic:plans:weights={path.relative_to(Path.cwd())}",
                       w["YINYANG_KEEP"], w["YINYANG_HELP_KEEP"]))
    for name, spec, keep, help_keep in tables:
        won = wins(spec)
        rate, lo, hi = wilson(won, GAMES)
        print(f"| {name} | {keep} | {help_keep} | {won} | {100 * rate:.1f}% "
              f"[{100 * lo:.1f}, {100 * hi:.1f}] |", flush=True)


if __name__ == "__main__":
    main()
