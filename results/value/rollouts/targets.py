"""How much of a position's true value does the leaf see? Each position's value under the rollout
team estimated by playing it out to the end in many sampled futures.

Plays ``games`` games of ``heuristic:plans`` on a split's seeds (Initiation 4p), keeps ``per``
turn-start positions of each (drawn at random from the game's turns), and plays every kept
position to its end ``k`` times with ``heuristic:plans``, each time in a fresh sampled future
(``agents.futures.redraw_unseen``: the undrawn deck, the cards left out and the dice re-drawn,
nothing hidden read). The mean outcome is an unbiased estimate of the position's value under that
team, with binomial noise v(1 - v) / k. Saves to ``out`` the positions' leaf features, their
observations (the deciding seat's), the estimates and the games' outcomes.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/value/rollouts/targets.py eval 600 4 32 2 /tmp/rv/eval.npz
    # SPLIT GAMES PER K WORKERS OUT [FIRST]: FIRST, the split's first game (default 0)
"""
import sys
import time

import numpy as np

from experiments.fanout import fan_out
from experiments.fit_value import positions
from ghoststories_env import PRESETS, Engine, agents, rng
from ghoststories_env.agents import Batch
from ghoststories_env.agents.futures import public_key, redraw_unseen
from ghoststories_env.agents.value import features
from ghoststories_env.envs.observation import encode

AGENT = "heuristic:plans"
PRESET = "initiation-4p"


def task(args):
    split, first, n, per, k = args
    engine = Engine(PRESETS[PRESET])
    policy = agents.make(AGENT)
    # every turn-start position of the games (kept whole), its game's outcome and index
    P, won, game = positions(PRESET, n, split, batch=n, agent=AGENT, record=lambda S: S,
                             first=first)
    # ``per`` positions of each game, drawn by the game's index
    pick = []
    for g in range(first, first + n):
        rows = np.flatnonzero(game == g)
        gen = np.random.default_rng([g, 7])
        pick.append(np.sort(gen.choice(rows, min(per, rows.size), replace=False)))
    pick = np.concatenate(pick)
    P, won, game = P.take(pick), won[pick], game[pick]
    X = features(P)
    obs = encode(P)
    key = public_key(P, 0x7A1)
    F = P.take(np.repeat(np.arange(P.batch_size), k))
    redraw_unseen(F, rng.draw(key, np.zeros(P.batch_size, np.uint64), k).reshape(-1))
    while not F.terminated.all():
        F = engine.step(F, policy.act(Batch(engine, F)), check=False)
    v = F.won.reshape(-1, k).mean(1)
    return X, v, won, game, P.turn.astype(np.int64), obs


if __name__ == "__main__":
    split, games, per, k, workers, out = sys.argv[1], *map(int, sys.argv[2:6]), sys.argv[6]
    offset = int(sys.argv[7]) if len(sys.argv) > 7 else 0         # the split's first game
    t0 = time.time()
    size = 50
    tasks = [(split, offset + s, min(size, games - s), per, k) for s in range(0, games, size)]
    parts = sorted(fan_out(task, tasks, workers), key=lambda p: p[3].min())
    X, v, y, game, turn, obs = (np.concatenate([p[i] for p in parts]) for i in range(6))
    np.savez_compressed(out, X=X, v=v, y=y, game=game, turn=turn, k=k, obs=obs)
    print(f"{v.size} positions of {games} {split} games, {k} futures each: "
          f"{time.time() - t0:.0f} s wall")
