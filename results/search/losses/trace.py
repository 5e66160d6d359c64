"""Replay benchmark games of a search agent and record, at every decision it searched, what it
expected: the mean value of the action it played and of its prior's choice (the chance of winning
its futures gave, plus the progress tie-break), beside the public position (turn, cards drawn, Qi,
haunted tiles, incarnation in play). The game's row is checked against the committed one.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/losses/trace.py GAMES_CSV SPEC OUT \
        INDEX [INDEX ...]

GAMES_CSV: the benchmark's games.csv holding these games (Initiation 4p, seed set 0, ``test``);
OUT: the CSV written (one row per searched decision; ``won`` and ``same`` repeated per game).
"""
import csv
import sys
import time

import numpy as np

from experiments.fanout import fan_out
from ghoststories_env import GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.evaluation import game_rows
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.cards import NUM_GHOSTS
from ghoststories_env.engine import Engine
from ghoststories_env.rules import stack

KIND = {code: name for name, code in stack.CODES.items()}


def trace(task):
    spec, index, seeds = task
    agent = agents.make(spec)
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    S = engine.reset(np.array(seeds, np.int64))
    out = []
    t0 = time.process_time()
    while not S.terminated.all():
        top = S.top.copy()
        actions = agent.act(Batch(engine, S))
        last = agent.last
        for j, r in enumerate(last["rows"]):
            mean = last["mean"][j]
            inc = (S.ghost[r] >= NUM_GHOSTS).any()
            out.append({"index": index[r], "turn": int(S.turn[r]), "kind": KIND[int(top[r])],
                        "drawn": int(S.deck_pos[r]), "deck": int(S.deck_len[r]),
                        "qi": " ".join(str(q) for q in S.qi[r]), "alive": int((S.qi[r] > 0).sum()),
                        "haunted": int(S.haunted[r].sum()), "incarnation": int(inc),
                        "chosen": round(float(mean[last["chosen"][j]]), 4),
                        "prior": round(float(mean[0]), 4),
                        "overrode": int(last["chosen"][j] != 0)})
        S = engine.step(S, actions)
    seconds = (time.process_time() - t0) / len(seeds)
    rows = game_rows(agent.name, "initiation", 4, index, seeds, engine, S, seconds)
    return out, rows


def main():
    games_csv, spec, out_path = sys.argv[1:4]
    wanted = [int(i) for i in sys.argv[4:]]
    with open(games_csv) as f:
        committed = {int(r["index"]): r for r in csv.DictReader(f) if r["agent"] == spec}
    seeds = benchmark_seeds("initiation", 4, 200, "test", 0)
    half = (len(wanted) + 1) // 2
    parts = [wanted[:half], wanted[half:]]
    todo = [(spec, tuple(p), tuple(int(seeds[i]) for i in p)) for p in parts if p]
    decisions, games = [], []
    for out, rows in fan_out(trace, todo, workers=len(todo)):
        decisions += out
        games += rows
    result = {}
    for g in games:
        c = committed[g["index"]]
        same = all(str(g[k]) == c[k] for k in ("seed", "won", "score", "decisions", "turns"))
        result[g["index"]] = (g["won"], int(same))
        print(g["index"], "won" if g["won"] else "lost", "same" if same else "DIFFERENT", flush=True)
    for d in decisions:
        d["won"], d["same"] = result[d["index"]]
    decisions.sort(key=lambda d: (d["index"], d["turn"]))
    with open(out_path, "w", newline="") as f:
        w = csv.DictWriter(f, list(decisions[0]))
        w.writeheader()
        w.writerows(decisions)


if __name__ == "__main__":
    main()
