"""How well the leaves predict who wins at Initiation with 1 to 4 Taoists.

The learned leaf (``leaf=learned``: ``net.LevelLeaf``, whose Initiation network was fitted on 4p
games only) and the shipped win model (``value.LevelWinModel``, the default leaf) each judge every
turn-start position of ``heuristic:plans`` games on fresh ``eval`` seeds (seed set 3); the score is
the AUC and log loss of those judgements against the games' outcomes. The search's futures end at
turn starts, where the leaf judges them, so this is the leaf's job there (for the team that plays
the futures).

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/players/leafcount.py 400
"""
from __future__ import annotations

import sys

import numpy as np

from ghoststories_env import Engine, agents
from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.net import LevelLeaf
from ghoststories_env.agents.value import LevelWinModel
from ghoststories_env.benchmark.seeds import benchmark_seeds
from experiments.fit_value import calibration

LEAVES = {"learned": LevelLeaf.load(), "win_model": LevelWinModel.load()}


def auc(p: np.ndarray, y: np.ndarray) -> float:
    """The chance that a won game's position is rated above a lost one's (ties never occur in
    these floats)."""
    rank = np.empty(len(p))
    rank[np.argsort(p, kind="stable")] = np.arange(1, len(p) + 1)
    won = y == 1
    return (rank[won].sum() - won.sum() * (won.sum() + 1) / 2) / (won.sum() * (~won).sum())


def judged(players: int, games: int):
    """The games' win rate, and each leaf's judgements of every turn start with the outcome."""
    engine = Engine(num_players=players, difficulty="initiation")
    agent = agents.make("heuristic:plans")
    S = engine.reset(benchmark_seeds("initiation", players, games, split="eval", seed=3))
    last, rows, preds = S.turn.copy(), [], {k: [] for k in LEAVES}
    while not S.terminated.all():
        S = engine.step(S, agent.act(Batch(engine, S)))
        new = np.flatnonzero((S.turn != last) & ~S.terminated)      # a turn has just begun
        last = S.turn.copy()
        if new.size:
            rows.append(new)
            started = S.take(new)
            for name, leaf in LEAVES.items():
                preds[name].append(leaf.predict(started))
    rows = np.concatenate(rows)
    return S.won.mean(), S.won[rows].astype(int), {k: np.concatenate(v) for k, v in preds.items()}


def main(games: int) -> None:
    for players in (1, 2, 3, 4):
        rate, y, preds = judged(players, games)
        line = f"{players}p: {games} games, won {rate:.1%}, {y.size} positions;"
        for name, p in preds.items():
            loss = calibration(p, y)["log_loss"]
            line += f"  {name}: AUC {auc(p, y):.3f}, log loss {loss:.3f}, mean {p.mean():.3f}"
        print(line, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
