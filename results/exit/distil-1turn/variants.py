"""Other ways to fit the one-turn search's choices, on the run's examples (offline, one core).

    PYTHONPATH=. python results/exit/distil-1turn/variants.py runs/exit-distil-1turn-4p  # all
    PYTHONPATH=. python results/exit/distil-1turn/variants.py RUN --only hinge-cap5

Each variant starts from the run's starting network (``init_from`` at ``init_temperature``),
fits ``learn.fit`` on round 0's examples (the first 800 ``train`` games) and judges the start
and every epoch as the run does (``train.select=play``: the network alone on 1,000 ``eval``
games from index 100,000), printing the held-out agreement with the search and its loss too.
Writes ``variants.csv`` beside this file (one row per variant and epoch).

The variants: the run's own fit (cross-entropy, the heuristic's temperature learned) at a
tenth and a hundredth of its learning rate; overrides the heuristic scores 25 or 5 points
(5 and 1 logits at the temperature of 5) below its choice left out; a hinge on the argmax (the
search's choice must beat every other action by ``margin`` logits) instead of the
cross-entropy; and the policy head's bias alone (one steady preference per action).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np
import torch

from experiments import rounds
from experiments.exit import config, learn
from experiments.exit.__main__ import SELECT_FIRST, net_alone, starting

# name: learning rate, epochs, cap (heuristic points; None: every override), loss, margin,
# temperature learned, params
VARIANTS = {
    "run": (3e-4, 6, None, "ce", 0.0, True, "all"),
    "ce-lr1e-3": (1e-3, 3, None, "ce", 0.0, True, "all"),
    "ce-cap25": (3e-4, 3, 25.0, "ce", 0.0, True, "all"),
    "ce-cap25-lr3e-5-fixedT": (3e-5, 2, 25.0, "ce", 0.0, False, "all"),
    "hinge-lr1e-4": (1e-4, 2, None, "hinge", 1.0, False, "all"),
    "hinge-cap5": (1e-4, 2, 5.0, "hinge", 0.5, False, "all"),
    "bias-lr1e-2": (1e-2, 2, None, "ce", 0.0, False, "bias"),
}
FIELDS = ("variant", "epoch", "examples", "net_wins", "net_score", "held_agreement",
          "held_loss", "temperature")


def hinge(margin: float):
    """The argmax loss: the search's choice must beat every other allowed action by ``margin``."""
    def loss(logits, batch, _soft):
        t = batch["target"][:, None]
        chosen = logits.gather(1, t)[:, 0]
        other = logits.scatter(1, t, -torch.inf).max(1).values
        other = torch.where(torch.isfinite(other), other, chosen - margin)   # a forced choice
        return torch.relu(margin + other - chosen).mean()
    return loss


def run_variant(name: str, run: Path, out: list) -> None:
    lr, epochs, cap, loss, margin, learn_t, params = VARIANTS[name]
    cfg = config.load(run / "config.yaml", [f"train.learning_rate={lr}", f"train.epochs={epochs}",
                                           f"train.params={params}"])
    ex = rounds.load_rounds(run / "examples", range(0, 1))
    if cap is not None:                    # overrides of the heuristic by more than cap points out
        h = learn.bounded(ex["heuristic"])
        i = np.arange(len(h))
        keep = (ex["target"] == ex["prior"]) | (h[i, ex["prior"]] - h[i, ex["target"]] < cap)
        ex = {k: v[keep] for k, v in ex.items()}
    held = learn.split(ex, cfg.train.holdout)[1]
    policy_loss, init = learn.policy_loss, learn.TorchNet.__init__
    if loss == "hinge":
        learn.policy_loss = hinge(margin)
    if not learn_t:
        def fixed(self, net):
            init(self, net)
            self.log_temperature.requires_grad_(False)
        learn.TorchNet.__init__ = fixed
    epoch = iter(range(epochs + 1))

    def judge(net):
        alone = net_alone(cfg, net, 1000, SELECT_FIRST)
        stats = learn.evaluate(learn.TorchNet(net), ex, held, cfg.train)
        row = dict(variant=name, epoch=next(epoch), examples=len(ex["target"]),
                   net_wins=alone["wins"], net_score=alone["score"],
                   held_agreement=round(stats["agreement"], 4),
                   held_loss=round(stats["policy_loss"], 4), temperature=round(net.temperature, 3))
        out.append(row)
        print(row, flush=True)
        return alone["wins"], alone["score"]
    try:
        learn.fit(starting(cfg), ex, cfg.train, seed=0, judge=judge)
    finally:
        learn.policy_loss, learn.TorchNet.__init__ = policy_loss, init


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("run", type=Path)
    p.add_argument("--only", nargs="+", choices=list(VARIANTS), default=list(VARIANTS))
    args = p.parse_args()
    torch.set_num_threads(1)
    rows: list = []
    t0 = time.process_time()
    for name in args.only:
        run_variant(name, args.run, rows)
    with open(Path(__file__).with_name("variants.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        w.writerows(rows)
    print(f"{time.process_time() - t0:.0f} CPU s")


if __name__ == "__main__":
    main()
