"""A closed-loop search, measured: the futures' first turns played by a small one-turn search.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/closed-loop/nested.py OUTER INNER T N FIRST
    # e.g. 8x4x4 1x4x1 2 50 1000: the search OUTER (futures x width x horizon, heuristic:plans
    # prior, the shipped learned leaf) on Initiation 4p ``eval`` games FIRST .. FIRST + N - 1 in
    # one batch, its futures' turns before the root's turn + T played by the search INNER (same
    # prior and leaf) and by heuristic:plans after; INNER ``none``: the plain search.

The eight-turn search's errors are its bias: its futures assume ``heuristic:plans`` plays on
(results/search/losses). This is the first step that removes part of it, at a cost: T = 1 makes
the searcher's own later decisions of the turn searched too, T = 2 also the next Taoist's turn.
Prints the wins, the CPU seconds a game and the indices won (within the N games).
"""

import sys
import time

import numpy as np

from ghoststories_env import Engine
from ghoststories_env.agents.net import LevelLeaf
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.agents.search_spec import search_kwargs
from ghoststories_env.benchmark.evaluation import play
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.config import GameConfig


class Nested(SearchAgent):
    """The search whose futures are played by ``policies[1]`` before turn ``start + turns`` and
    by the rollout policy after (the script mechanism of ``agents/search_futures.py``, given to
    every candidate column)."""

    def __init__(self, turns: int, team, **kwargs):
        super().__init__(**kwargs)
        self.turns = turns
        self.policies = [self.rollout, team or self.rollout]

    def _play_out(self, engine, S, start, policy, scripted):
        return super()._play_out(engine, S, start, np.ones_like(policy), start + self.turns)


def main(outer: str, inner: str, turns: int, n: int, first: int) -> None:
    leaf = LevelLeaf.load()                 # read once, shared by both searches

    def spec(size: str) -> dict:
        return search_kwargs(f"{size}:plans:leaf=learned", leaf=leaf)

    team = None if inner == "none" else SearchAgent(**spec(inner))
    agent = Nested(turns, team, **spec(outer))
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    seeds = benchmark_seeds("initiation", 4, first + n, "eval")[first:]
    t = time.process_time()
    s = play(agent, engine, np.array(seeds, np.int64))
    dt = time.process_time() - t
    print(outer, inner, "T", turns, "games", n, first, "won", int(s.won.sum()),
          "CPU s/game %.2f" % (dt / n), "won list", np.flatnonzero(s.won).tolist(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
