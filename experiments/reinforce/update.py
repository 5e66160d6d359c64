"""The policy-gradient step: each sampled decision pushed toward or away from what it chose, by how
much better its game did than the other copies of the same deal.

A game's **advantage** is its return (a win, plus ``progress_weight`` times the progress it
reached, ``agents.search_futures.progress``) minus the mean return of the other copies of its seed (a
leave-one-out baseline, as in RLOO and GRPO). The deal's luck is common to the copies and
cancels; what is left is what the sampled choices changed. Every recorded decision of a game
gets its game's advantage, and the loss is

    - sum over decisions of advantage * log pi(action | position) / games

(REINFORCE with that baseline), taken in mini-batches with Adam. Only the network's learned
layers move: the heuristic's temperature stays what the run set, since it sets how much of the
heuristic's score a learned logit is worth.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import torch

from ghoststories_env.agents.net import PolicyValueNet

from .. import runfiles
from ..exit.learn import TorchNet, allowed_logits


def advantages(returns: np.ndarray, group: int) -> np.ndarray:
    """(G * group,) each game's return minus the mean of the other copies of its seed (games
    seed-major, as ``selfplay.play`` plays them)."""
    r = np.asarray(returns, np.float64).reshape(-1, group)
    return (r - (r.sum(1, keepdims=True) - r) / (group - 1)).reshape(-1)


class Learner:
    """The torch copy of the network and its optimizer, saved and restored together."""

    def __init__(self, net: PolicyValueNet, learning_rate: float):
        if not net.residual:
            raise ValueError("experiments.reinforce trains a residual network (its sampling "
                             "starts from the heuristic's scores); this one is plain")
        self.model = TorchNet(net)
        self.model.log_temperature.requires_grad_(False)
        learned = [p for name, p in self.model.named_parameters()
                   if name.startswith(("trunk", "policy"))]
        self.opt = torch.optim.Adam(learned, lr=learning_rate)
        self.temperature = net.temperature

    def net(self) -> PolicyValueNet:
        """The numpy network the next games are played with."""
        out = self.model.export()
        out.meta["temperature"] = self.temperature       # exactly the run's, not a float32 copy
        return out

    def step(self, examples: dict, advantage: np.ndarray, games: int, batch_size: int,
             order: np.random.Generator) -> dict:
        """One pass of mini-batches over the decisions whose game has a non-zero advantage
        (``advantage``: one per decision); statistics of the pass."""
        used = np.flatnonzero(advantage != 0)
        stats = {"decisions": int(advantage.size), "used": int(used.size), "loss": 0.0,
                 "entropy": float("nan")}
        if not used.size:
            return stats
        entropy = []
        for idx in np.array_split(order.permutation(used), -(-used.size // batch_size)):
            obs = torch.as_tensor(examples["obs"][idx])
            h = torch.as_tensor(examples["heuristic"][idx])
            logits = allowed_logits(self.model, obs, None, h)
            logp = torch.log_softmax(logits, 1)
            chosen = logp.gather(1, torch.as_tensor(examples["action"][idx])[:, None])[:, 0]
            loss = -(torch.as_tensor(advantage[idx], dtype=torch.float32) * chosen).sum() / games
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            stats["loss"] += loss.item()
            with torch.no_grad():
                p = logp.exp()
                entropy.append(-(p * torch.where(p > 0, logp, torch.zeros_like(logp))).sum(1))
        stats["entropy"] = float(torch.cat(entropy).mean())
        return stats

    # -- checkpoints, for an exact --resume --------------------------------------------------------
    def save(self, path: Path) -> None:
        """The network and the optimizer's state in one file, written whole or not at all."""
        buf = io.BytesIO()
        torch.save({"net": self.net().to_bytes(), "optimizer": self.opt.state_dict()}, buf)
        runfiles.atomic_write_bytes(path, buf.getvalue())

    @classmethod
    def load(cls, path: Path, learning_rate: float) -> "Learner":
        saved = torch.load(io.BytesIO(Path(path).read_bytes()), weights_only=True)
        learner = cls(PolicyValueNet.from_bytes(saved["net"]), learning_rate)
        learner.opt.load_state_dict(saved["optimizer"])
        for group in learner.opt.param_groups:     # a resumed run may set another rate
            group["lr"] = learning_rate
        return learner
