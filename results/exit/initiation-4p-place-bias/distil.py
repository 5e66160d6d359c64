"""A residual network that learns the search's steady placement preferences: on the placements
the search recorded in round 0 of runs/exit-initiation-4p-16x4x8 (every PLACE example; its
configuration otherwise), train.params=bias trains one logit per relative space on top of
heuristic:plans's scores, and train.select=play keeps the epoch whose network alone wins most of
3,000 eval games (experiments.exit's own learn.fit and judge). Writes net.npz beside this file
and prints each epoch's wins and the learned logits.

    PYTHONPATH=. python results/exit/initiation-4p-place-bias/distil.py runs/exit-initiation-4p-16x4x8
"""
import sys
from pathlib import Path

import numpy as np
import torch

from experiments.exit import __main__ as M, config, learn
from ghoststories_env.actions import RANGES

torch.set_num_threads(1)
run = Path(sys.argv[1])
cfg = config.load(run / "config.yaml", ["net.kinds=[PLACE]", "net.hidden=[8]", "train.params=bias",
                                        "train.select=play", "train.select_games=3000",
                                        "train.learning_rate=1e-2", "train.soft_target=0",
                                        "train.epochs=4"])
examples = M.load_examples(run, range(0, 1))
place = np.isin(examples["target"], RANGES["CHOOSE_SPACE"])      # a placement chooses a space
examples = {k: v[place] for k, v in examples.items()}
print(f"{place.sum()} placements of {place.size} examples; train: {cfg.train}", flush=True)
net, stats = learn.fit(M.initial(cfg), examples, cfg.train, seed=cfg.seed, judge=M.judge(cfg))
for epoch, (wins, score) in enumerate(stats["judged"]):
    print(f"epoch {epoch}: the network alone wins {wins} of {cfg.train.select_games} eval games "
          f"(score {score:+d}){'  <- kept' if epoch == stats['epoch'] else ''}")
net.meta.update(made_by="results/exit/initiation-4p-place-bias/distil.py", examples=str(run))
net.save(Path(__file__).with_name("net.npz"))
# the learned logit of each space as the deciding Taoist sees it (relative actions: board 0 is
# his own, then the next seats' round the table; the same ids as absolute ones seen from north)
first = RANGES["CHOOSE_SPACE"].start
bias = net.policy[1][first:first + 12]
for board in range(4):
    print(f"board {board} (the {('own', 'next', 'opposite', 'previous')[board]} seat's): spaces 1-3 "
          + "  ".join(f"{b:+.3f}" for b in bias[3 * board:3 * board + 3]))
