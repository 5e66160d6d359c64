"""Value iteration for the search's leaf: labels from the search's own look-ahead.

Plays ``games`` Initiation 4p games of a split with ``search:SIZE:plans:leaf=LEAF`` and labels
every turn-start position (the turn's first decision, as ``experiments.fit_value.positions``
keeps them, which is where the search's rollouts consult the leaf) with what the search found
there: the mean value of the action it chose at its first searched decision of that turn (over
its sampled futures: the chosen action, ``horizon`` turns of ``heuristic:plans``, then the leaf),
less the leaf's progress tie-break. That label is one step of value iteration: the leaf's value
``horizon`` turns on, improved by the search's choice now. A leaf fitted on these labels and
searched with again looks further ahead at the same cost.

Saves to ``out`` the positions' observations (the deciding seat's), labels, the games' outcomes,
game indices and turns; positions whose turn had no searched decision are left out.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/iterate/selfplay.py train 400 \\
        results/value/rollouts/leaf_rollouts.npz 8x4x2 2 /tmp/vi/round1.npz
    # SPLIT GAMES LEAF SIZE WORKERS OUT [FIRST]
"""
import sys
import time

import numpy as np

from experiments.fanout import fan_out
from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.search import progress
from ghoststories_env.benchmark import benchmark_seeds
from ghoststories_env.envs.observation import encode

PRESET = "initiation-4p"


def task(args):
    split, first, n, leaf, size = args
    engine = Engine(PRESETS[PRESET])
    agent = agents.make(f"search:{size}:plans:leaf={leaf}")
    S = engine.reset(benchmark_seeds("initiation", 4, first + n, split)[first:])
    seen = np.full(n, -1)
    pending = np.full(n, -1)                  # each game's unlabelled turn-start position
    obs, game, turn, at, values = [], [], [], [], []
    kept = 0                                  # positions kept so far
    while not S.terminated.all():
        rows = np.flatnonzero(~S.terminated & (S.turn != seen))
        if rows.size:
            pending[rows] = kept + np.arange(rows.size)
            kept += rows.size
            obs.append(encode(S.take(rows)))
            game.append(first + rows)
            turn.append(S.turn[rows].astype(np.int64))
            seen[rows] = S.turn[rows]
        actions = agent.act(Batch(engine, S))
        last = agent.last
        rows = last["rows"]
        # the first searched decision of a turn labels that turn's position
        waiting = pending[rows] >= 0
        if waiting.any():
            value = last["mean"][np.arange(rows.size), last["chosen"]]
            value = value - agent.progress * progress(S.take(rows))
            at.append(pending[rows[waiting]])
            values.append(value[waiting])
            pending[rows[waiting]] = -1
        S = engine.step(S, actions)
    label = np.full(kept, np.nan)
    if at:
        label[np.concatenate(at)] = np.concatenate(values)
    game = np.concatenate(game)
    won = S.won[game - first].astype(np.float64)
    return np.concatenate(obs).astype(np.float32), label, won, game, np.concatenate(turn)


if __name__ == "__main__":
    split, games, leaf, size, workers, out = (sys.argv[1], int(sys.argv[2]), sys.argv[3],
                                              sys.argv[4], int(sys.argv[5]), sys.argv[6])
    offset = int(sys.argv[7]) if len(sys.argv) > 7 else 0
    t0 = time.time()
    batch = 50
    tasks = [(split, offset + s, min(batch, games - s), leaf, size) for s in range(0, games, batch)]
    parts = sorted(fan_out(task, tasks, workers), key=lambda p: p[3].min())
    obs, v, won, game, turn = (np.concatenate([p[i] for p in parts]) for i in range(5))
    keep = ~np.isnan(v)
    np.savez_compressed(out, obs=obs[keep], v=v[keep], y=won[keep], game=game[keep],
                        turn=turn[keep])
    wins = won[np.unique(game, return_index=True)[1]]
    print(f"{games} {split} games, {int(wins.sum())} won; {keep.sum()} labelled turn-start "
          f"positions of {keep.size}; mean label {v[keep].mean():.3f}, mean outcome "
          f"{won[keep].mean():.3f}; {time.time() - t0:.0f} s wall")
