"""Behaviour cloning with DAgger: a warm start for PPO from a team that already plays (the heuristic).

``collect`` plays training games on the environment's own batch (same observations, masks and
reward as the PPO run) with a *driver* choosing the moves while the *teacher* labels every
decision; it records the observation, the legal mask, the teacher's action and the discounted
return that followed. With ``explore`` > 0 that share of moves is played at random instead.

``warm_start`` first lets the teacher drive (plain behaviour cloning), then runs
``dagger_rounds`` rounds of DAgger (Ross, Gordon and Bagnell, 2011): the student drives, the
teacher labels the positions the student reaches, the data is pooled and the student refitted,
so it learns to recover from its own mistakes instead of compounding them. ``clone`` fits the
policy to the labels (cross-entropy over the legal actions) and the critic to the returns (mean
squared error), so PPO starts from a policy that plays like the teacher and a critic that knows
what its positions are worth.
"""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from ghoststories_env import agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.envs.batch import make_batch

from .config import Config
from .envs import batch_options
from .evaluation import ModelAgent

CHUNK = 500               # games played at once while collecting
SEED_OFFSET = 5_000_000   # inside the train block, clear of the PPO environments' first seeds
KEYS = ("obs", "mask", "action", "ret")


def _play(teacher, driver, options: dict, seeds, explore: float, rng):
    batch = make_batch(illegal_action="raise", **options)
    batch.start(len(seeds), seeds)
    steps = []                                     # (rows, obs, mask, label, reward) per decision
    cut = np.zeros(len(seeds), bool)               # truncated games (max_decisions) just stop
    while not (batch.state.terminated | cut).all():
        rows = np.flatnonzero(~(batch.state.terminated | cut))
        mask = batch.mask.copy()
        obs = batch.observe()          # what agents see as batch.obs when the frame is egocentric
        view = Batch(batch.engine, batch.state, mask=mask,
                     _obs=obs if options["frame"] == "egocentric" else None)
        label = teacher.act(view)
        played = label.copy() if driver is teacher else driver.act(view)
        wild = rows[rng.random(rows.size) < explore]
        if wild.size:
            played[wild] = (rng.random(mask[wild].shape) * mask[wild]).argmax(1)
        reward, _, truncated, _ = batch.step(played)
        cut |= truncated
        steps.append((rows, obs[rows].astype(np.float16), mask[rows], label[rows], reward[rows]))
    return steps, batch.outcome(np.arange(len(seeds)))


def _returns(steps, n: int, gamma: float) -> list[np.ndarray]:
    g = np.zeros(n, np.float32)
    out = []
    for rows, *_, reward in reversed(steps):
        g[rows] = reward + gamma * g[rows]
        out.append(g[rows].copy())
    return out[::-1]


def collect(teacher, driver, options: dict, gamma: float, seeds: np.ndarray, explore: float = 0.0,
            rng=None) -> tuple[dict, dict]:
    """Decisions of ``seeds``' games (see the module docstring) and the drivers' results
    (win rate and mean score)."""
    rng = rng or np.random.default_rng(0)
    parts = {k: [] for k in KEYS}
    won, score = [], []
    for start in range(0, seeds.size, CHUNK):
        chunk = seeds[start:start + CHUNK]
        steps, outcome = _play(teacher, driver, options, chunk, explore, rng)
        won.append(outcome["won"])
        score.append(outcome["score"])
        for (rows, obs, mask, label, _), ret in zip(steps, _returns(steps, chunk.size, gamma)):
            for key, v in zip(KEYS, (obs, mask, label, ret)):
                parts[key].append(v)
    results = {"win_rate": float(np.concatenate(won).mean()), "score": float(np.concatenate(score).mean())}
    return {k: np.concatenate(v) for k, v in parts.items()}, results


def _losses(policy, data: dict, idx: np.ndarray):
    obs = torch.as_tensor(data["obs"][idx], dtype=torch.float32)
    actions = torch.as_tensor(data["action"][idx], dtype=torch.int64)
    values, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=data["mask"][idx])
    value_loss = F.mse_loss(values.flatten(), torch.as_tensor(data["ret"][idx]))
    return -log_prob.mean(), value_loss


@torch.no_grad()
def _accuracy(policy, data: dict, idx: np.ndarray) -> float:
    obs = torch.as_tensor(data["obs"][idx], dtype=torch.float32)
    dist = policy.get_distribution(obs, action_masks=data["mask"][idx])
    return float((dist.mode().numpy() == data["action"][idx]).mean())


def clone(model, data: dict, epochs: int, batch_size: int, learning_rate: float, vf_coef: float,
          seed: int = 0) -> dict:
    """Fit ``model.policy`` to ``data``; 5% of the decisions are held out for the metrics."""
    policy = model.policy
    policy.set_training_mode(True)
    rng = np.random.default_rng(seed)
    order = rng.permutation(data["action"].size)
    held, train = order[: max(1, order.size // 20)], order[order.size // 20:]
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    for _ in range(epochs):
        rng.shuffle(train)
        for start in range(0, train.size, batch_size):
            policy_loss, value_loss = _losses(policy, data, train[start:start + batch_size])
            optimizer.zero_grad()
            (policy_loss + vf_coef * value_loss).backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
    policy.set_training_mode(False)
    held = held[:20_000]
    with torch.no_grad():
        nll, value_mse = _losses(policy, data, held)
    return {"nll": float(nll), "value_mse": float(value_mse), "accuracy": _accuracy(policy, data, held),
            "decisions": int(order.size)}


def warm_start(model, cfg: Config, logger=None, say=print) -> dict:
    """Behaviour cloning then DAgger rounds on the first curriculum stage (module docstring)."""
    ws, stage = cfg.warm_start, cfg.stages()[0]
    teacher = agents.make(ws.agent)
    options = batch_options(cfg.env, stage, cfg.ppo.gamma)
    total = ws.games + ws.dagger_rounds * ws.dagger_games
    seeds = benchmark_seeds(stage.level, stage.players, SEED_OFFSET + total, "train", cfg.seed)[SEED_OFFSET:]
    rng = np.random.default_rng(cfg.seed)
    data, played = collect(teacher, teacher, options, cfg.ppo.gamma, seeds[:ws.games], ws.explore, rng)
    used = ws.games
    for round_ in range(ws.dagger_rounds + 1):
        if round_:
            student = ModelAgent(model, cfg.env.frame)
            more, played = collect(teacher, student, options, cfg.ppo.gamma,
                                   seeds[used:used + ws.dagger_games], ws.explore, rng)
            data = {k: np.concatenate([data[k], more[k]]) for k in KEYS}
            used += ws.dagger_games
        metrics = clone(model, data, ws.epochs, ws.batch_size, ws.learning_rate, cfg.ppo.vf_coef,
                        cfg.seed + round_)
        metrics.update({f"driver_{k}": v for k, v in played.items()})
        say(f"warm start round {round_} ({'teacher' if round_ == 0 else 'student'} drove): "
            + ", ".join(f"{k} {v:.3g}" for k, v in metrics.items()))
        if logger is not None:
            for k, v in metrics.items():
                logger.record(f"imitation/{k}", v)
            logger.dump(round_)
    return metrics
