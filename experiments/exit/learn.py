"""Training the student: the policy-value network fitted to the search's choices and the outcomes.

``fit(net, examples, cfg, seed)`` starts from ``net``'s weights (a torch copy of
``agents.net.PolicyValueNet``, the same layers) and minimises, over the examples of
``selfplay.play``:

* the cross-entropy between the network's policy and the action the search chose, over the
  actions the network may play there (a residual network: those the heuristic wants, with the
  heuristic's scores / temperature added to the learned logits, exactly as ``PolicyValueNet``
  plays; a plain one: the legal actions). With ``soft_target`` > 0 the target is instead a
  distribution over the candidates the search kept to the end, softmax(mean value /
  ``soft_target``): an override the futures barely favoured teaches little, a clear one much
  (examples recorded before the search's values were kept fall back to the chosen action);
* ``value_weight`` times the log-loss of the win head against the game's outcome, and
  ``progress_weight`` times that of the progress head against the progress the game reached.

A tenth of the games (by seed) is held out: the returned statistics give the losses and the
policy's agreement with the search on them, before and after, so a round that only memorised
its games shows it. Deterministic for a seed on one torch thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import torch
from torch import nn

from ghoststories_env.agents.net import WANTED, PolicyValueNet
from ghoststories_env.envs.frame import relative_of_absolute

_RELATIVE = torch.as_tensor(relative_of_absolute(), dtype=torch.int64)
_VIEWER = slice(0, 4)


@dataclass
class TrainConfig:
    epochs: int = 4
    batch_size: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4        # AdamW, on every weight
    value_weight: float = 1.0
    progress_weight: float = 0.5
    window: int = 2                   # rounds of examples trained on (the latest ones)
    holdout: float = 0.1              # share of the games (by seed) held out for the statistics
    soft_target: float = 0.0          # > 0: soft policy target from the candidates' mean values,
                                      # this many value points per logit; 0: the chosen action
    select: str = "agreement"         # the epoch kept: "agreement" with the search on held-out
                                      # games, or "play": the network alone's wins (then score)
    select_games: int = 500           # eval games per configuration that "play" judges on
    params: str = "all"               # the weights trained: "all", or "bias": the policy head's
                                      # bias alone, one logit per relative action whatever the
                                      # position (the search's steady preferences, little data)


class TorchNet(nn.Module):
    """``PolicyValueNet``'s layers in torch (float32 for training; exported back in float64)."""

    def __init__(self, net: PolicyValueNet):
        super().__init__()
        layer = lambda w, b: _linear(w, b)  # noqa: E731
        self.trunk = nn.ModuleList([layer(w, b) for w, b in net.trunk])
        self.policy, self.value = layer(*net.policy), layer(*net.value)
        self.meta = dict(net.meta)
        # the heuristic's temperature is learned too: the search disagrees with the heuristic more
        # often than its score gaps say, and without it the learned logits flatten the policy
        # action by action (which improved the log-loss and ruined the argmax in round 0)
        self.log_temperature = nn.Parameter(torch.tensor(float(np.log(net.temperature))))

    def forward(self, obs):
        h = obs
        for lin in self.trunk:
            h = torch.relu(lin(h))
        relative = self.policy(h)
        viewer = obs[:, _VIEWER].argmax(1)
        return relative.gather(1, _RELATIVE[viewer]), self.value(h)

    def export(self) -> PolicyValueNet:
        wb = lambda lin: (lin.weight.detach().double().numpy().T.copy(),  # noqa: E731
                          lin.bias.detach().double().numpy().copy())
        meta = {k: v for k, v in self.meta.items() if k != "path"}
        meta["temperature"] = round(float(self.log_temperature.detach().exp()), 6)
        return PolicyValueNet([wb(lin) for lin in self.trunk], wb(self.policy), wb(self.value), meta)


def _linear(w, b) -> nn.Linear:
    lin = nn.Linear(*np.shape(w))
    with torch.no_grad():
        lin.weight.copy_(torch.as_tensor(np.asarray(w).T, dtype=torch.float32))
        lin.bias.copy_(torch.as_tensor(np.asarray(b), dtype=torch.float32))
    return lin


def allowed_logits(model: TorchNet, obs, mask, heuristic) -> torch.Tensor:
    """Logits over the actions the network may play (``-inf`` elsewhere), as ``PolicyValueNet.
    scores`` computes them at a searched decision."""
    logits, _ = model(obs)
    if model.meta["residual"]:
        wanted = heuristic > WANTED
        base = torch.where(wanted, heuristic, torch.zeros_like(heuristic))
        return torch.where(wanted, base / model.log_temperature.exp() + logits,
                           torch.full_like(logits, -torch.inf))
    return torch.where(mask, logits, torch.full_like(logits, -torch.inf))


def losses(model: TorchNet, batch: dict, cfg: TrainConfig) -> tuple[torch.Tensor, dict]:
    logits = allowed_logits(model, batch["obs"], batch["mask"], batch["heuristic"])
    _, values = model(batch["obs"])
    policy = policy_loss(logits, batch, cfg.soft_target)
    bce = nn.functional.binary_cross_entropy_with_logits
    win, prog = bce(values[:, 0], batch["won"]), bce(values[:, 1], batch["progress"])
    total = policy + cfg.value_weight * win + cfg.progress_weight * prog
    agree = (logits.argmax(1) == batch["target"]).float().mean()
    return total, {"policy_loss": policy.item(), "win_loss": win.item(),
                   "progress_loss": prog.item(), "agreement": agree.item()}


def policy_loss(logits: torch.Tensor, batch: dict, soft_target: float) -> torch.Tensor:
    """Cross-entropy of the policy against the search's choice, or (``soft_target`` > 0 and the
    candidates' values recorded) against softmax(means / soft_target) over the candidates with
    a value that the network may play."""
    if soft_target <= 0 or "means" not in batch:
        return nn.functional.cross_entropy(logits, batch["target"])
    logp = torch.log_softmax(logits, 1)
    cands = batch["cands"]
    cand_logp = logp.gather(1, cands.clamp(min=0))
    kept = (cands >= 0) & torch.isfinite(batch["means"]) & torch.isfinite(cand_logp)
    weight = torch.softmax(torch.where(kept, batch["means"] / soft_target,
                                       torch.full_like(batch["means"], -torch.inf)), 1)
    weight = torch.nan_to_num(weight)                # a row with nothing kept teaches nothing
    return -(weight * torch.where(kept, cand_logp, torch.zeros_like(cand_logp))).sum(1).mean()


def bounded(heuristic: np.ndarray) -> np.ndarray:
    """The heuristic's scores with -inf (illegal) and the huge "never" scores raised to -1e9:
    they only matter as such, and float32 training needs finite values."""
    return np.clip(np.nan_to_num(heuristic, neginf=-1e9), -1e9, None)


def _tensors(examples: dict, rows: np.ndarray) -> dict:
    out = {}
    for k in ("obs", "mask", "heuristic", "target", "won", "progress", "cands", "means"):
        if k not in examples:                        # the search's evidence is optional
            continue
        v = examples[k][rows]
        if k == "heuristic":
            v = bounded(v)
        dtype = {"mask": torch.bool, "target": torch.int64, "cands": torch.int64}.get(k, torch.float32)
        out[k] = torch.as_tensor(v, dtype=dtype)
    return out


def split(examples: dict, holdout: float) -> tuple[np.ndarray, np.ndarray]:
    """Example rows for training and held out, by game seed (a game is wholly on one side)."""
    seeds = examples["seed"]
    held = (seeds * 2654435761 % 1000) < holdout * 1000
    return np.flatnonzero(~held), np.flatnonzero(held)


def evaluate(model: TorchNet, examples: dict, rows: np.ndarray, cfg: TrainConfig) -> dict:
    if not rows.size:
        return {}
    with torch.no_grad():
        return losses(model, _tensors(examples, rows), cfg)[1]


def fit(net: PolicyValueNet, examples: dict, cfg: TrainConfig, seed: int = 0,
        judge: Callable[[PolicyValueNet], tuple] | None = None) -> tuple[PolicyValueNet, dict]:
    """The network trained on ``examples`` from ``net``'s weights, and statistics (held-out
    losses and agreement ``before`` and ``after``, the training loss of the last epoch, the
    ``epoch`` kept and every epoch's ``judged`` rank). Early stopping: the starting weights
    (epoch 0) and every epoch's are ranked, and the best is returned (the earliest among equals,
    so epoch 0 when none beats it). The rank is ``judge(network)`` if given (higher is better:
    ``experiments.exit``'s ``train.select=play`` plays the network alone), else the held-out
    agreement with the search, log-loss breaking ties. Play is the argmax, so agreement rather
    than log-loss: round 0 of the first run lowered the log-loss by flattening the policy and
    lost every game."""
    torch.manual_seed(seed)
    order = np.random.default_rng(seed)
    model = TorchNet(net)
    if cfg.params == "bias":
        for name, param in model.named_parameters():
            param.requires_grad_(name == "policy.bias")
    train, held = split(examples, cfg.holdout)
    stats = {"examples": int(train.size), "held_out": int(held.size),
             "before": evaluate(model, examples, held, cfg)}
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad],
                            lr=cfg.learning_rate, weight_decay=cfg.weight_decay)
    data = _tensors(examples, train)

    def rank(m: TorchNet) -> tuple:
        return judge(m.export()) if judge is not None else _rank(evaluate(m, examples, held, cfg))

    best = rank(model), 0, model.export()
    stats["judged"] = [best[0]]
    for epoch in range(1, cfg.epochs + 1):
        perm = torch.as_tensor(order.permutation(train.size))
        running = []
        for start in range(0, train.size, cfg.batch_size):
            idx = perm[start:start + cfg.batch_size]
            loss, parts = losses(model, {k: v[idx] for k, v in data.items()}, cfg)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running.append(parts)
        stats["train"] = {k: float(np.mean([p[k] for p in running])) for k in running[0]} if running else {}
        score = rank(model)
        stats["judged"].append(score)
        if score > best[0] or (judge is None and not held.size):
            best = score, epoch, model.export()
    stats["epoch"] = best[1]
    stats["after"] = evaluate(TorchNet(best[2]), examples, held, cfg)
    return best[2], stats


def _rank(held: dict) -> tuple:
    """Which held-out score is better: more agreement, then less log-loss."""
    return (round(held.get("agreement", 0.0), 6), -round(held.get("policy_loss", 0.0), 6))
