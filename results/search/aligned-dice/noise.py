"""How much keying the futures' dice by turn cuts the noise of a search's comparisons.

A search compares each challenger with the prior's choice by their mean values over the same
futures; what decides the comparison's noise is the spread of the per-future difference of the
two values. This plays every candidate of some mid-game positions in ``--futures`` futures one
at a time (the search's own ``_play``, one future per call), with the dice read in order
(``dice=stream``) and keyed by turn (``dice=turn``) from the same keys, and prints the
difference's variance under each, and how often a future's two values are equal.

    python results/search/aligned-dice/noise.py --spec 8x4x4:plans:leaf=learned
"""

from __future__ import annotations

import argparse

import numpy as np

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.futures import public_key
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.agents.search_spec import search_kwargs


def positions(engine, seeds, steps, searcher):
    """Games of ``heuristic:plans`` played ``steps`` decisions, then on to a decision the search
    would search (two wanted candidates or more); the unfinished ones, with their candidates."""
    team = agents.make("heuristic:plans")
    S = engine.reset(seeds)
    for _ in range(steps):
        S = engine.step(S, team.act(Batch(engine, S)))
    for _ in range(400):
        _, rows, cands = searcher.candidates(Batch(engine, S))
        ready = np.zeros(S.batch_size, bool)
        ready[rows] = True
        if (ready | S.terminated).all():
            keep = np.flatnonzero(ready)
            at = np.searchsorted(rows, keep)
            return S.take(keep), cands[at]
        nxt = engine.step(S, team.act(Batch(engine, S)))
        wait = np.flatnonzero(~(ready | S.terminated))
        S.put(wait, nxt.take(wait))
    raise AssertionError("no searched decision reached")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--spec", default="8x4x4:plans:leaf=learned")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--steps", type=int, nargs="+", default=[60, 150])
    p.add_argument("--futures", type=int, default=48)
    args = p.parse_args(argv)
    engine = Engine(GameConfig(num_players=args.players, difficulty="initiation"))
    modes = {m: SearchAgent(**search_kwargs(f"{args.spec}:dice={m}")) for m in ("stream", "turn")}
    print(f"| search:{args.spec}, Initiation {args.players}p, decisions after | positions "
          f"| challengers | Var(diff) stream | Var(diff) turn | ratio (median over challengers) "
          f"| futures with equal values, stream / turn |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for steps in args.steps:
        S, cands = positions(engine, np.arange(args.games) + 50_000 + steps, steps,
                             modes["stream"])
        alive = cands >= 0
        key = public_key(S, 0)
        one = np.ones(S.batch_size, np.int64)
        diffs = {}
        for mode, agent in modes.items():
            v = np.stack([agent._play(engine, S, cands, alive, key, r, one)
                          for r in range(args.futures)])                 # (R, n, W)
            diffs[mode] = v[:, :, 1:] - v[:, :, :1]
        live = alive[:, 1:]
        var = {m: d.var(0, ddof=1)[live] for m, d in diffs.items()}
        same = {m: (np.abs(d) < 1e-12).mean(0)[live].mean() for m, d in diffs.items()}
        ratio = var["turn"] / np.maximum(var["stream"], 1e-12)
        print(f"| {steps} | {S.batch_size} | {live.sum()} | {var['stream'].mean():.4f} "
              f"| {var['turn'].mean():.4f} | {var['turn'].mean() / var['stream'].mean():.2f} "
              f"({np.median(ratio):.2f}) | {same['stream']:.2f} / {same['turn']:.2f} |")


if __name__ == "__main__":
    main()
