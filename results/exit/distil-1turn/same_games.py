"""The starting network and its base alone on the run's self-play games (the first 1,600 Initiation
4p ``train`` games), beside the one-turn search that played them (``selfplay.csv``).

    PYTHONPATH=. python results/exit/distil-1turn/same_games.py
"""

import csv
from pathlib import Path

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

HERE = Path(__file__).parent

with open(HERE / "selfplay.csv", newline="") as f:
    rows = sorted(csv.DictReader(f), key=lambda r: int(r["index"]))
seeds = benchmark_seeds("initiation", 4, len(rows), "train", 0)
assert [int(r["seed"]) for r in rows] == [int(s) for s in seeds]
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
print(f"{rows[0]['agent']}: {sum(r['won'] == '1' for r in rows)} of {len(rows)}")
for spec in ("net:results/reinforce/initiation-4p/net.npz", "heuristic:plans"):
    S = play(agents.make(spec), engine, seeds)
    print(f"{spec}: {int(S.won.sum())} of {len(rows)}")

# the first lost and the first won self-play row replayed alone by the agent they name: the run's network was the file's at
# temperature 5 (PolicyValueNet.at_temperature), which plays the same
for r in (next(r for r in rows if r['won'] == '0'), next(r for r in rows if r['won'] == '1')):
    S = play(agents.make(r["agent"]), engine, [int(r["seed"])])
    again = (int(S.won[0]), int(engine.score(S)[0]), int(S.decisions[0]), int(S.turn[0]))
    print(f"row {r['index']} replayed alone: {again} against "
          f"{tuple(int(r[k]) for k in ('won', 'score', 'decisions', 'turns'))}")
