"""The place-bias distillation (../initiation-4p-place-bias/distil.py) on every decision the
search recorded, Yang-phase ones too: train.params=bias trains one logit per relative action,
added to heuristic:plans's scores at YANG and PLACE decisions, and train.select=play keeps the
epoch whose network alone wins most of 3,000 eval games. Writes net.npz beside this file and
prints each epoch's wins and the learned logits of the Yang-phase ranges.

    PYTHONPATH=. python results/exit/initiation-4p-yang-bias/distil.py runs/exit-initiation-4p-16x4x8
"""
import sys
from pathlib import Path

import numpy as np
import torch

from experiments.exit import __main__ as M, config, learn
from ghoststories_env.actions import RANGES

torch.set_num_threads(1)
run = Path(sys.argv[1])
cfg = config.load(run / "config.yaml", ["net.kinds=[YANG,PLACE]", "net.hidden=[8]", "train.params=bias",
                                        "train.select=play", "train.select_games=3000",
                                        "train.learning_rate=1e-2", "train.soft_target=0",
                                        "train.epochs=4"])
examples = M.load_examples(run, range(0, 1))
print(f"{examples['target'].size} examples; train: {cfg.train}", flush=True)
net, stats = learn.fit(M.initial(cfg), examples, cfg.train, seed=cfg.seed, judge=M.judge(cfg))
for epoch, (wins, score) in enumerate(stats["judged"]):
    print(f"epoch {epoch}: the network alone wins {wins} of {cfg.train.select_games} eval games "
          f"(score {score:+d}){'  <- kept' if epoch == stats['epoch'] else ''}")
net.meta.update(made_by="results/exit/initiation-4p-yang-bias/distil.py", examples=str(run))
net.save(Path(__file__).with_name("net.npz"))
# the learned logits as the deciding Taoist sees them (relative actions), range by range
for name in ("MOVE", "HELP", "EXORCISE", "EXORCISE_BOTH", "YINYANG_HELP", "MANTRA", "POCKETS",
             "TWIN_WINDS", "BUDDHA", "PASS", "CHOOSE_SPACE"):
    print(f"{name:>13}: " + " ".join(f"{b:+.3f}" for b in net.policy[1][RANGES[name]]))
