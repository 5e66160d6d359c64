"""Play search agents on the Initiation 4p ``eval`` games (the games the value-iteration rounds
are judged on), every agent on the same games; rows appended to ``<out>/games.csv``.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/iterate/ensemble/screen.py OUT FIRST N \
        SPEC [SPEC ...]

Games ``FIRST .. FIRST + N - 1`` of the ``eval`` split (seed set 0), in batches of 50 on two
worker processes; a game's row is what ``experiments.benchmark`` would write for it (``index`` is
its place in the ``eval`` split), so any row replays alone with ``play_batch`` on its one seed.
"""
import csv
import sys
from pathlib import Path

from experiments.fanout import fan_out
from ghoststories_env.benchmark.evaluation import Task, play_batch
from ghoststories_env.benchmark.seeds import benchmark_seeds


def main():
    out, first, n, specs = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    seeds = benchmark_seeds("initiation", 4, first + n, "eval", 0)
    tasks = [Task(spec, "initiation", 4, {}, tuple(range(s, min(s + 50, first + n))),
                  tuple(int(seeds[i]) for i in range(s, min(s + 50, first + n))))
             for spec in specs for s in range(first, first + n, 50)]
    out.mkdir(parents=True, exist_ok=True)
    path = out / "games.csv"
    for rows in fan_out(play_batch, tasks, workers=2):
        new = not path.exists()
        with path.open("a", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            if new:
                w.writeheader()
            w.writerows(rows)
        print(rows[0]["agent"], rows[0]["index"], sum(r["won"] for r in rows), flush=True)


if __name__ == "__main__":
    main()
