"""Where the search's choices fall short of a much larger search over every legal action.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/extra-yinyang/regret.py > results/search/extra-yinyang/regret.txt

Positions: the searched decisions of `search:8x4x2` (leaf 2) in 8 Initiation 4p games of the
`train` split of seed set 7 (games no result is reported on), 200 of them drawn at random. The
reference plays **every legal action** of each position in the same 128 futures (8 turns, leaf 2,
no halving): its mean values stand in for the actions' worth. A search's *regret* at a position
is the reference's best value minus the reference's value of the action the search chose; the
reference's own noise makes small regrets (about 0.002) indistinguishable from none.
"""
from collections import Counter

import numpy as np

from ghoststories_env import agents
from ghoststories_env.actions import range_of
from ghoststories_env.agents import Batch
from ghoststories_env.agents import search as search_module
from ghoststories_env.agents.futures import public_key
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.config import GameConfig
from ghoststories_env.engine import Engine

LEAF = "results/value/iterate/leaf2.npz"
GAMES, POSITIONS, FUTURES = 8, 200, 128
SPECS = [f"search:16x4x8:plans:leaf={LEAF}", f"search:16x8x8:plans:leaf={LEAF}",
         f"search:16x8x8:plans:leaf={LEAF}:extra=YINYANG_HELP+YINYANG_UNHAUNT"]


def positions(engine):
    """POSITIONS of the searched decisions of a short search's games, drawn at random."""
    agent = agents.make(f"search:8x4x2:plans:leaf={LEAF}")
    s = engine.reset(benchmark_seeds("initiation", 4, GAMES, split="train", seed=7))
    kept = []
    while not s.terminated.all():
        actions = agent.act(Batch(engine, s))
        if agent.last["rows"].size:
            kept.append(s.take(agent.last["rows"]))
        s = engine.step(s, actions)
    every = type(s).concatenate(kept)
    pick = np.random.default_rng(0).choice(every.batch_size, POSITIONS, replace=False)
    return every.take(np.sort(pick))


def main():
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    P = positions(engine)
    ref = agents.make(f"search:{FUTURES}x64x8:plans:leaf={LEAF}", seed=12345)
    search_module.WANTED = -1e10            # the reference tries every legal action
    _, rows, cands = ref.candidates(Batch(engine, P))
    search_module.WANTED = -1e8
    assert rows.size == POSITIONS
    alive = cands >= 0
    total = ref._play(engine, P, cands, alive, public_key(P, ref.seed), 0,
                      np.full(rows.size, FUTURES))
    worth = np.where(alive, total / FUTURES, np.nan)
    best, arg = np.nanmax(worth, 1), np.nanargmax(worth, 1)
    scores = ref.prior.scores(Batch(engine, P))
    chosen_score = scores[np.arange(rows.size), cands[np.arange(rows.size), arg]]
    print(f"{POSITIONS} positions; legal actions per position: mean {alive.sum(1).mean():.1f}, "
          f"max {alive.sum(1).max()}; the reference's best is one the prior never wants at "
          f"{np.mean(chosen_score <= -1e8):.1%}")
    ranges = Counter(range_of(cands[g, arg[g]])[0] for g in np.flatnonzero(chosen_score <= -1e8))
    print("  its range there:", dict(ranges.most_common()))
    print("\nregret of the best of the prior's top w actions (its wanted ones first):")
    for w in (1, 2, 4, 8, 12, 16):
        top = np.nanmax(np.where(np.arange(cands.shape[1]) < w, worth, np.nan), 1)
        print(f"  w = {w:2d}: {np.mean(best - top):.4f}")
    print("\nregret of each search (futures seed 0; the share of its choices that seed 1 repeats):")
    for spec in SPECS:
        chosen = {}
        for seed in (0, 1):
            chosen[seed] = agents.make(spec, seed=seed).act(Batch(engine, P))
        column = (cands == chosen[0][:, None]).argmax(1)
        regret = best - worth[np.arange(rows.size), column]
        print(f"  {spec}: {np.mean(regret):.4f} (the reference's best at {np.mean(regret <= 0):.1%}; "
              f"seed 1 the same at {np.mean(chosen[0] == chosen[1]):.1%})", flush=True)


if __name__ == "__main__":
    main()
