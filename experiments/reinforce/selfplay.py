"""Self-play with a sampling residual network: the games of one task and what they teach.

``play(task)`` plays each of the task's seeds ``group`` times. At the network's decision kinds
the team *samples* from softmax(heuristic scores / temperature + learned logits) over the actions
the heuristic wants (``PolicyValueNet.scores``); everywhere else it plays the heuristic's choice,
as the network does when it plays alone. The copies of a seed share the deal and differ only by
these draws, so their outcomes differ by what the team chose: the comparison the group
advantage (``update.advantages``) is made of.

The draws come from each game's own stream (``ghoststories_env.rng``: a key from the run's seed,
the round, the copy and the game's seed, and a counter of its draws), so a game plays the same
whatever task or batch it is in. At a low temperature most decisions are nearly certain; only
those where the most likely action has less than ``1 - spread`` are recorded (a decision the
network plays with certainty has no gradient to give).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ghoststories_env import Engine, GameConfig, rng
from ghoststories_env.actions import NUM_ACTIONS
from ghoststories_env.agents import Batch
from ghoststories_env.agents.net import WANTED, PolicyValueNet
from ghoststories_env.agents.search_futures import progress
from ghoststories_env.benchmark.evaluation import game_rows
from ghoststories_env.envs.observation import SIZE

from ..exit.learn import bounded

# what each recorded decision holds: shape of one, dtype
EXAMPLE = {"obs": ((SIZE,), np.float32), "heuristic": ((NUM_ACTIONS,), np.float32),
           "action": ((), np.int64), "game": ((), np.int64)}


@dataclass(frozen=True)
class Task:
    """Some seeds of one configuration, each played ``group`` times by the task's network."""
    net: bytes                  # PolicyValueNet.to_bytes()
    level: str
    players: int
    index: tuple[int, ...]      # positions of the seeds in their seed set (for the rows)
    seeds: tuple[int, ...]
    group: int                  # copies of each seed
    salt: int                   # the run's seed and round: the draws' stream
    spread: float = 1e-3        # decisions whose likeliest action has >= 1 - spread: not recorded


def sampling_keys(salt: int, seeds, group: int) -> np.ndarray:
    """(len(seeds) * group,) stream keys, seed by seed and copy by copy (the games' order)."""
    seeds = np.repeat(np.asarray(seeds, np.int64), group)
    copy = np.tile(np.arange(group), len(seeds) // group)
    mixed = rng.seed_keys(np.asarray([salt], np.int64))[0]
    return rng.seed_keys((seeds.astype(np.uint64) * np.uint64(4099) + copy.astype(np.uint64)) ^ mixed)


def sample(logits: np.ndarray, u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The action drawn from softmax(``logits``) (``-inf``: impossible) with uniforms ``u`` (n,),
    and the probability of the likeliest action."""
    z = logits - logits.max(1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(1, keepdims=True)
    cum = p.cumsum(1)
    chosen = np.minimum((cum < u[:, None] * cum[:, -1:]).sum(1), logits.shape[1] - 1)
    return chosen, p.max(1)


def play(task: Task) -> dict:
    """``{"examples": arrays (EXAMPLE), "won": (G*K,) bool, "progress": (G*K,), "rows": one
    benchmark row per game}``; games are seed-major (copy k of seed i is game ``i * group +
    k``)."""
    t0 = time.process_time()
    net = PolicyValueNet.from_bytes(task.net)
    engine = Engine(GameConfig(num_players=task.players, difficulty=task.level))
    seeds = np.repeat(np.asarray(task.seeds, np.int64), task.group)
    keys = sampling_keys(task.salt, task.seeds, task.group)
    drawn = np.zeros(len(seeds), np.uint64)
    S = engine.reset(seeds)
    parts: dict[str, list] = {k: [] for k in EXAMPLE}
    while not S.terminated.all():
        batch = Batch(engine, S)
        h = net.heuristic.scores(batch)
        actions = h.argmax(1)               # the network's choice outside its kinds
        rows = net.decisions(batch)
        rows = rows[(h[rows] > WANTED).any(1)]
        if rows.size:
            u = (rng.draw(keys[rows], drawn[rows], 1)[:, 0] >> np.uint64(11)) / float(1 << 53)
            drawn[rows] += np.uint64(1)
            obs = batch.obs_of(rows)
            chosen, top = sample(net.residual_logits(h[rows], obs), u)
            actions[rows] = chosen
            keep = top < 1 - task.spread
            if keep.any():
                parts["obs"].append(obs[keep])
                parts["heuristic"].append(h[rows[keep]])
                parts["action"].append(chosen[keep])
                parts["game"].append(rows[keep])
        S = engine.step(S, actions)
    examples = {k: np.concatenate(parts[k]).astype(dtype) if parts[k]
                else np.zeros((0, *shape), dtype) for k, (shape, dtype) in EXAMPLE.items()}
    examples["heuristic"] = bounded(examples["heuristic"])
    seconds = float(f"{(time.process_time() - t0) / len(seeds):.4g}")
    index = np.repeat(np.asarray(task.index), task.group)
    rows = game_rows("reinforce", task.level, task.players, index.tolist(), seeds.tolist(),
                     engine, S, seconds)
    return {"examples": examples, "won": S.won.copy(), "progress": progress(S),
            "rows": rows}
