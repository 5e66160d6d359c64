"""Offline: train one student on a run's round-0 examples (experiments.exit's learn.fit, every
epoch kept), then let the network alone play eval games but take the student's choice over the
heuristic's only where the student's combined logit beats the heuristic's choice by more than
tau; prints the wins, the games only it or only heuristic:plans (tau = inf) won, and the share of
searchable decisions flipped.

    PYTHONPATH=. python results/exit/initiation-4p-16x4x8/confident.py runs/exit-initiation-4p-16x4x8 \
        epochs=1,learning_rate=3e-4 inf 2 1 0.5 0.25 0.1 [--games 1000] [--first 100000]"""
import argparse
import time
from pathlib import Path

import numpy as np
import torch

from experiments.exit import __main__ as M, config, learn
from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents import net as netmod
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

torch.set_num_threads(1)
p = argparse.ArgumentParser()
p.add_argument("run"), p.add_argument("setting"), p.add_argument("taus", nargs="+", type=float)
p.add_argument("--games", type=int, default=1000), p.add_argument("--first", type=int, default=M.SELECT_FIRST)
args = p.parse_args()
run = Path(args.run)
cfg = config.load(run / "config.yaml")
ex = M.load_examples(run, range(0, 1))
over = dict(kv.split("=") for kv in args.setting.split(","))
tc = learn.TrainConfig(**{**cfg.train.__dict__, **{k: type(getattr(cfg.train, k))(v) for k, v in over.items()}})
later = iter(range(10 ** 6))              # a judge that ranks every epoch above the one before
net, stats = learn.fit(M.initial(cfg), ex, tc, seed=0, judge=lambda n: (next(later),))
print(f"{args.setting}: epoch {stats['epoch']} of {tc.epochs}", flush=True)

count = {"flips": 0, "decisions": 0}
tau = [0.0]


def scores(self, batch):
    """The heuristic's choice, or the student's where its combined logit wins by more than tau."""
    out = self.heuristic.scores(batch)
    rows = np.flatnonzero(np.isin(batch.state.top, self.codes) & batch.mask.any(1))
    if rows.size:
        h = out[rows]
        combined = np.where(h > netmod.WANTED, h / self.temperature + self.forward(batch.obs[rows])[0], -np.inf)
        r = np.arange(rows.size)
        mine, theirs = combined.argmax(1), h.argmax(1)
        flip = combined[r, mine] - combined[r, theirs] > tau[0]
        count["flips"] += int(flip.sum())
        count["decisions"] += rows.size
        chosen = np.where(flip, mine, theirs)
        out[rows] = np.where(np.isfinite(h), -1.0, -np.inf)
        out[rows, chosen] = 0.0
    return out


netmod.PolicyValueNet.scores = scores
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, args.first + args.games, "eval", cfg.seed)[args.first:]
base = None
for t in sorted(args.taus, reverse=True):
    tau[0] = t
    count.update(flips=0, decisions=0)
    t0 = time.process_time()
    won = play(net, engine, seeds).won
    base = won if base is None else base
    print(f"tau {t:>5g}: {int(won.sum()):4d} wins of {args.games} (only this: "
          f"{int((won & ~base).sum()):3d}, only the first: {int((base & ~won).sum()):3d}); "
          f"{count['flips'] / max(count['decisions'], 1):.1%} of the searchable decisions flipped; "
          f"{time.process_time() - t0:.0f} CPU s", flush=True)
