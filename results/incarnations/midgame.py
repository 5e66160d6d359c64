"""Ghosts in play when the deck is half drawn, and the games won from there.

    PYTHONPATH=. python results/incarnations/midgame.py [agent] [games]    # midgame.txt

Plays ``agent`` (default ``heuristic:plans``) on the first ``games`` (default 3,000) Initiation
4p ``eval`` games and notes, in each game still running when half its deck has been drawn, the
ghosts in play and the Qi of the four Taoists at that moment; then the share of those games won,
by ghosts in play.
"""

import sys

import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark import wilson
from ghoststories_env.benchmark.seeds import benchmark_seeds

spec = sys.argv[1] if len(sys.argv) > 1 else "heuristic:plans"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
engine, agent = Engine(PRESETS["initiation-4p"]), agents.make(spec)
S = engine.reset(benchmark_seeds("initiation", 4, n, "eval", 0))
ghosts = np.full(n, -1)
qi = np.full(n, -1)
while not S.terminated.all():
    S = engine.step(S, agent.act(Batch(engine, S)))
    now = (ghosts < 0) & ~S.terminated & (2 * S.deck_pos >= S.deck_len)
    ghosts[now] = (S.ghost[now] >= 0).sum(1)
    qi[now] = (S.qi[now] * S.is_player[now]).sum(1)
seen = ghosts >= 0
print(f"{spec}, {n} Initiation 4p eval games: {int(S.won.sum())} won; {int(seen.sum())} still running "
      f"with half the deck drawn (mean {ghosts[seen].mean():.2f} ghosts in play, {qi[seen].mean():.2f} Qi)")
print("| ghosts in play | games | won | share won (95% CI) | mean team Qi |\n|---:|---:|---:|---|---:|")
for lo, hi in ((0, 4), (5, 6), (7, 8), (9, 10), (11, 12)):
    g = seen & (ghosts >= lo) & (ghosts <= hi)
    if g.any():
        share, a, b = wilson(int(S.won[g].sum()), int(g.sum()))
        print(f"| {lo}-{hi} | {int(g.sum())} | {int(S.won[g].sum())} | {share:.3f} [{a:.3f}, {b:.3f}] "
              f"| {qi[g].mean():.2f} |")
