"""One line per turn of some games of the strongest search at Initiation 4p: the Qi of each seat,
the ghosts on each board, the cards drawn, the team's Tao tokens and the supply's, the haunted
tiles and whether an incarnation is in play.

    OMP_NUM_THREADS=1 python results/search/initiation-4p-16x4x8-leaf-iterate2/trace/trace.py SEED [SEED ...]

The seeds are those of games.csv rows (``seed`` column); the games are played together in one
batch, which gives each the course it has alone.
"""
import sys

import numpy as np

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.state import LOSS_REASONS

SPEC = "search:16x4x8:plans:leaf=results/value/iterate/leaf2.npz"


def line(S, i) -> str:
    g = S.ghost[i]
    boards = [int((g[b * 3:b * 3 + 3] >= 0).sum()) for b in range(4)]
    inc = bool(C.IS_INCARNATION[np.maximum(g, 0)][g >= 0].any())
    return (f"turn {S.turn[i]:2d}  active {S.active[i]}  qi {' '.join(map(str, S.qi[i]))}  "
            f"ghosts {' '.join(map(str, boards))} ({sum(boards):2d})  drawn {S.deck_pos[i]:2d}/{S.deck_len[i]}  "
            f"tokens {int(S.tao[i].sum()):2d} (supply {int(S.tao_supply[i].sum()):2d})  "
            f"haunted {int(S.haunted[i].sum())}  incarnation {'in play' if inc else '-'}")


def main():
    seeds = np.array([int(s) for s in sys.argv[1:]], np.int64)
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    agent = agents.make(SPEC)
    S = engine.reset(seeds)
    last = np.full(seeds.size, -1)
    logs = [[] for _ in seeds]
    while not S.terminated.all():
        for i in np.flatnonzero(~S.terminated & (S.turn != last)):
            last[i] = S.turn[i]
            logs[i].append(line(S, i))
        S = engine.step(S, agent.act(Batch(engine, S)))
    for i, seed in enumerate(seeds):
        print(f"== seed {seed}: {'won' if S.won[i] else 'lost, ' + LOSS_REASONS[int(S.loss_reason[i])]}")
        print("\n".join(logs[i]))


if __name__ == "__main__":
    main()
