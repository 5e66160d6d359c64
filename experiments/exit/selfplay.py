"""Self-play: the search plays games and records what it found at the decisions it searched.

``play(task)`` plays one batch of games with ``SearchAgent`` (the network of the task as prior,
rollout policy and leaf value, or the heuristic team when there is none yet). At every decision
it searched (a ``share`` of the searchable ones, drawn from the public position) it records a
training example: the deciding Taoist's observation, the legal actions, the heuristic's scores
(the residual network's base: the team of the task's ``plans``), the action the search chose
(the policy target), the prior's own choice, and the evidence behind the choice: the candidates
(``cands``, -1 for pads) and their mean values over the futures (``means``, nan for pads and
dropped challengers; ``learn`` can train on them as a soft target); when the game ends, each of
its examples gets the outcome and the progress the game reached (the value targets). It also
returns one benchmark-style row per game.

A task carries everything a worker needs (the network as bytes, the seeds), so it runs the same
in this process, a local worker or a Ray worker (``experiments/fanout.py``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env.actions import NUM_ACTIONS
from ghoststories_env.agents import Batch
from ghoststories_env.agents.net import PolicyValueNet
from ghoststories_env.agents.search import DEFAULTS, SearchAgent
from ghoststories_env.agents.search_futures import progress
from ghoststories_env.agents.search_spec import load_leaf
from ghoststories_env.benchmark.evaluation import game_rows
from ghoststories_env.envs.observation import SIZE

# what each example records while the game runs: shape of one example, dtype
EXAMPLE = {"obs": ((SIZE,), np.float32), "mask": ((NUM_ACTIONS,), bool),
           "heuristic": ((NUM_ACTIONS,), np.float64), "target": ((), np.int64),
           "prior": ((), np.int64), "game": ((), np.int64)}
# the search's evidence at each example, (width,) per example: candidates and their mean values
EVIDENCE = {"cands": np.int64, "means": np.float64}


@dataclass(frozen=True)
class Task:
    """One batch of games of one configuration."""
    net: bytes | None           # PolicyValueNet.to_bytes(), or None for the heuristic prior
    search: str                 # "KxWxH" (experiments use the same spelling as agents.make)
    share: float                # part of the searchable decisions searched
    level: str
    players: int
    index: tuple[int, ...]      # positions of the games in their seed set (for the rows)
    seeds: tuple[int, ...]
    record: bool = True         # record training examples (False: evaluation only)
    search_seed: int = 0
    leaf: str = "net"           # the search's leaf value: "net", "win_model" (agents/value.py),
                                # "learned" or a leaf file (agents/search_spec.py load_leaf)
    plans: tuple[str, ...] = ()  # the heuristic's team plans (the network's residual base)


def agent_of(task: Task) -> SearchAgent:
    sizes = dict(zip(DEFAULTS, map(int, task.search.split("x")))) if task.search else {}
    net = PolicyValueNet.from_bytes(task.net) if task.net is not None else None
    value = None if task.leaf == "net" else load_leaf(task.leaf)
    return SearchAgent(**{**DEFAULTS, **sizes}, seed=task.search_seed, net=net, share=task.share,
                       value=value, leaf=task.leaf, plans=() if net is not None else task.plans)


def play(task: Task) -> dict:
    """``{"examples": arrays (see the module docstring), "rows": one dict per game}``."""
    t0 = time.process_time()
    agent = agent_of(task)
    # the residual base the examples are recorded against: the network's own heuristic
    heuristic = agent.prior.heuristic if task.net is not None else agent.prior
    engine = Engine(GameConfig(num_players=task.players, difficulty=task.level))
    S = engine.reset(np.array(task.seeds, np.int64))
    parts: dict[str, list] = {k: [] for k in (*EXAMPLE, *EVIDENCE)}
    while not S.terminated.all():
        batch = Batch(engine, S)
        actions = agent.act(batch)
        rows = agent.last["rows"]
        if task.record and rows.size:
            parts["obs"].append(batch.obs[rows])
            parts["mask"].append(batch.mask[rows])
            parts["heuristic"].append(heuristic.scores(Batch(engine, S.take(rows))))
            parts["target"].append(actions[rows])
            parts["prior"].append(agent.last["cands"][:, 0])
            parts["game"].append(rows)
            parts["cands"].append(agent.last["cands"])
            parts["means"].append(agent.last["mean"])
        S = engine.step(S, actions)
    reached = progress(S)
    examples = {}
    if task.record:
        shapes = {**EXAMPLE, **{k: ((agent.width,), dtype) for k, dtype in EVIDENCE.items()}}
        examples = {k: np.concatenate(parts[k]).astype(dtype) if parts[k]
                    else np.zeros((0, *shape), dtype) for k, (shape, dtype) in shapes.items()}
        game = examples["game"]
        examples["won"] = S.won[game].astype(np.float32)
        examples["progress"] = reached[game].astype(np.float32)
        examples["seed"] = np.array(task.seeds, np.int64)[game]
    seconds = float(f"{(time.process_time() - t0) / len(task.seeds):.4g}")
    rows = game_rows(agent.name, task.level, task.players, task.index, task.seeds, engine, S,
                     seconds)
    return {"examples": examples, "rows": rows, "searched": agent.searched}
