"""Offline: train students on a run's round-0 examples (experiments.exit's own learn.fit) and judge
the starting weights and every epoch by how the network alone plays (train.select=play: wins on
eval games from an index on), printing each epoch's wins and the games only it or only the
starting network (heuristic:plans) won.

    PYTHONPATH=. python results/exit/initiation-4p-16x4x8/by_play.py runs/exit-initiation-4p-16x4x8 \
        [--games 1000] [--first 100000] [--kinds PLACE] [--top 4] [--gap 10] [--freeze] SETTING ...

SETTING: comma-separated train fields (epochs=4,learning_rate=3e-4,soft_target=0). --kinds: train
and play the network at these decisions only (the examples of the others are dropped); --top K:
the learned logits may only reorder the heuristic's K best actions; --gap G: drop the examples
where the search's choice is more than G heuristic points below the prior's; --freeze: keep the
heuristic's temperature fixed; --bias-only: learn only the policy head's bias (one logit per
relative action, whatever the position)."""
import argparse
import time
from pathlib import Path

import numpy as np
import torch

from experiments.exit import __main__ as M, config, learn
from ghoststories_env import Engine, GameConfig
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.actions import RANGES
from ghoststories_env.agents import net as netmod
from ghoststories_env.agents.heuristic.context import settled

torch.set_num_threads(1)
p = argparse.ArgumentParser()
p.add_argument("run"), p.add_argument("settings", nargs="+")
p.add_argument("--games", type=int, default=1000), p.add_argument("--first", type=int, default=M.SELECT_FIRST)
p.add_argument("--kinds", nargs="+", default=None), p.add_argument("--top", type=int, default=0)
p.add_argument("--gap", type=float, default=0.0), p.add_argument("--freeze", action="store_true")
p.add_argument("--bias-only", action="store_true")
args = p.parse_args()
run = Path(args.run)
cfg = config.load(run / "config.yaml")
ex = M.load_examples(run, range(0, 1))
n = len(ex["target"])
keep = np.ones(n, bool)
if args.kinds:                       # a PLACE decision's actions are spaces (CHOOSE_SPACE)
    place = np.isin(ex["target"], RANGES["CHOOSE_SPACE"])
    keep &= {("PLACE",): place, ("YANG",): ~place}.get(tuple(args.kinds), keep)
    cfg.net.kinds = list(args.kinds)
if args.gap:
    h = ex["heuristic"]
    keep &= h[np.arange(n), ex["prior"]] - h[np.arange(n), ex["target"]] <= args.gap
ex = {k: v[keep] for k, v in ex.items()}
print(f"{keep.sum()} of {n} examples; kinds {cfg.net.kinds}, top {args.top or 'all'}, "
      f"gap <= {args.gap or 'any'}, temperature {'fixed' if args.freeze else 'learned'}"
      f"{', bias only' if args.bias_only else ''}; "
      f"judged on eval games {args.first}..{args.first + args.games - 1}", flush=True)

if args.freeze or args.bias_only:
    class Frozen(learn.TorchNet):
        def __init__(self, net):
            super().__init__(net)
            self.log_temperature.requires_grad_(not args.freeze)
            if args.bias_only:          # one learned logit per relative action, nothing else
                for name, param in self.named_parameters():
                    param.requires_grad_(name in ("policy.bias", "log_temperature") and param.requires_grad)
    learn.TorchNet = Frozen
if args.top:                          # training and play both restricted to the top K
    def wanted_np(h):
        kth = -np.sort(-h, 1)[:, args.top - 1:args.top]
        return (h > netmod.WANTED) & (h >= kth)

    def scores(self, batch):
        out = self.heuristic.scores(batch)
        rows = np.flatnonzero(np.isin(batch.state.top, self.codes) & batch.mask.any(1))
        if rows.size:
            h = out[rows]
            learned = settled(h / self.temperature + self.forward(batch.obs[rows])[0])
            out[rows] = np.where(wanted_np(h), learned, np.where(h > netmod.WANTED, -1e7, h))
        return out
    netmod.PolicyValueNet.scores = scores

    def allowed_logits(model, obs, mask, heuristic):
        logits, _ = model(obs)
        kth = torch.sort(heuristic, 1, descending=True).values[:, args.top - 1:args.top]
        wanted = (heuristic > netmod.WANTED) & (heuristic >= kth)
        base = torch.where(wanted, heuristic, torch.zeros_like(heuristic))
        return torch.where(wanted, base / model.log_temperature.exp() + logits,
                           torch.full_like(logits, -torch.inf))
    learn.allowed_logits = allowed_logits

engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, args.first + args.games, "eval", cfg.seed)[args.first:]
for spec in args.settings:
    over = dict(kv.split("=") for kv in spec.split(","))
    tc = learn.TrainConfig(**{**cfg.train.__dict__,
                              **{k: type(getattr(cfg.train, k))(v) for k, v in over.items()}})
    wins = []

    def judge(net):
        won = play(net, engine, seeds).won
        wins.append(won)
        return (int(won.sum()),)

    t = time.process_time()
    _, stats = learn.fit(M.initial(cfg), ex, tc, seed=0, judge=judge)
    for e, won in enumerate(wins):
        print(f"{spec:48s} epoch {e:2d}: {int(won.sum()):4d} wins of {args.games} "
              f"(only this: {int((won & ~wins[0]).sum()):3d}, only the start: "
              f"{int((wins[0] & ~won).sum()):3d})", flush=True)
    print(f"{spec:48s} kept epoch {stats['epoch']}; {time.process_time() - t:.0f} CPU s", flush=True)
