"""Play search agents on the Initiation 4p ``eval`` games (the games the value-iteration rounds
are judged on), every agent on the same games; rows appended to ``<out>/games.csv``.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/iterate/ensemble/screen.py OUT FIRST N \
        SPEC [SPEC ...]

Games ``FIRST .. FIRST + N - 1`` of the ``eval`` split (seed set 0), in batches of 50 on two
worker processes; a game's row is what ``experiments.benchmark`` would write for it (``index`` is
its place in the ``eval`` split), so any row replays alone with ``play_batch`` on its one seed.
"""
import sys
from pathlib import Path

from experiments.fanout import fan_out
from ghoststories_env.benchmark import games_csv
from ghoststories_env.benchmark.evaluation import play_batch, tasks


def main():
    out, first, n, specs = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    todo = tasks(specs, ["initiation"], [4], first + n, batch=50, games=range(first, first + n),
                 split="eval")
    out.mkdir(parents=True, exist_ok=True)
    path = out / "games.csv"
    if not path.exists():
        games_csv.rewrite(path, [])                 # the header
    for rows in fan_out(play_batch, todo, workers=2):
        games_csv.append(path, rows)
        print(rows[0]["agent"], rows[0]["index"], sum(r["won"] for r in rows), flush=True)


if __name__ == "__main__":
    main()
