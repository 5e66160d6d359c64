"""The games of a round: the search plays them, and labels positions with what it found.

``play(task)`` plays one batch of games with ``search:<task.search>:leaf=<task.leaf>``. With
``task.label`` it labels every turn-start position (the turn's first decision, where the search's
rollouts consult the leaf) with the mean value of the action the search chose at its first
searched decision of that turn (over its sampled futures: that action, ``horizon`` turns of the
rollout team, then the leaf), less the leaf's progress tie-break. That label is one step of value
iteration: the leaf's value ``horizon`` turns on, improved by the search's choice now; a leaf
fitted on such labels and searched with again sees further at the same cost. Positions whose turn
had no searched decision are left out.

A task carries everything a worker needs (the leaf as bytes, the seeds), so it runs the same in
this process, a local worker or a Ray worker (``experiments/fanout.py``); a game's labels do not
depend on the batch it was played in.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents import Batch
from ghoststories_env.agents.net import PolicyValueNet
from ghoststories_env.agents.search_futures import progress
from ghoststories_env.agents.search_spec import make_search
from ghoststories_env.benchmark.evaluation import game_rows
from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.envs.observation import SIZE, encode

LABELS = {"obs": ((SIZE,), np.float32), "v": ((), np.float64), "won": ((), np.float64),
          "game": ((), np.int64), "turn": ((), np.int64)}
GAME_STRIDE = 1_000_000     # a label's game: its index in its seed set + GAME_STRIDE times its
                            # level's number, so the games of a mixed run's levels stay apart
                            # (the fit holds out game % 10 == 9, lambda-returns follow a game)


@dataclass(frozen=True)
class Task:
    """One batch of games of one configuration."""
    leaf: bytes                 # PolicyValueNet.to_bytes() of the leaf
    leaf_name: str              # its path in the run folder: names the agent in the rows
    search: str                 # the agent spec after "search:", without the leaf
    level: str
    players: int
    index: tuple[int, ...]      # positions of the games in their seed set (labels and rows)
    seeds: tuple[int, ...]
    label: bool = True          # label positions (False: evaluation only)


def play(task: Task) -> dict:
    """``{"labels": arrays (LABELS, one row per labelled position), "rows": one dict per game}``."""
    t0 = time.process_time()
    agent = make_search(f"{task.search}:leaf={task.leaf_name}",
                        leaf=PolicyValueNet.from_bytes(task.leaf))
    engine = Engine(GameConfig(num_players=task.players, difficulty=task.level))
    S = engine.reset(np.array(task.seeds, np.int64))
    n = len(task.seeds)
    index = np.array(task.index, np.int64)
    seen = np.full(n, -1)
    pending = np.full(n, -1)                  # each game's unlabelled turn-start position
    parts = {"obs": [], "game": [], "turn": []}
    at, values = [], []
    kept = 0                                  # positions recorded so far
    while not S.terminated.all():
        if task.label:
            rows = np.flatnonzero(~S.terminated & (S.turn != seen))
            if rows.size:
                pending[rows] = kept + np.arange(rows.size)
                kept += rows.size
                parts["obs"].append(encode(S.take(rows)))
                parts["game"].append(rows)
                parts["turn"].append(S.turn[rows].astype(np.int64))
                seen[rows] = S.turn[rows]
        actions = agent.act(Batch(engine, S))
        if task.label:
            last = agent.last
            rows = last["rows"]
            waiting = pending[rows] >= 0          # the turn's first searched decision labels it
            if waiting.any():
                value = last["mean"][np.arange(rows.size), last["chosen"]]
                value = value - agent.progress * progress(S.take(rows))
                at.append(pending[rows[waiting]])
                values.append(value[waiting])
                pending[rows[waiting]] = -1
        S = engine.step(S, actions)
    labels = {}
    if task.label:
        v = np.full(kept, np.nan)
        if at:
            v[np.concatenate(at)] = np.concatenate(values)
        game = np.concatenate(parts["game"]) if kept else np.zeros(0, np.int64)
        keep = ~np.isnan(v)
        labels = {"obs": np.concatenate(parts["obs"]) if kept else np.zeros((0, SIZE)),
                  "v": v, "won": S.won[game],
                  "game": index[game] + GAME_STRIDE * LEVEL_NAMES.index(task.level),
                  "turn": np.concatenate(parts["turn"]) if kept else np.zeros(0)}
        labels = {k: labels[k][keep].astype(LABELS[k][1]) for k in LABELS}
    seconds = float(f"{(time.process_time() - t0) / n:.4g}")
    rows = game_rows(agent.name, task.level, task.players, task.index, task.seeds, engine, S,
                     seconds)
    return {"labels": labels, "rows": rows}


def lambda_returns(v: np.ndarray, won: np.ndarray, game: np.ndarray, turn: np.ndarray,
                   lam: float) -> np.ndarray:
    """Labels mixed with what the games reached: along each game's positions (in turn order)
    G = (1 - lam) v + lam G', G' the next position's return, the game's outcome after its last
    one. ``lam`` = 0 gives ``v``; 1 gives the outcomes."""
    out = np.empty_like(v)
    for g in np.unique(game):
        rows = np.flatnonzero(game == g)
        rows = rows[np.argsort(turn[rows], kind="stable")]
        after = won[rows[-1]]
        for r in rows[::-1]:
            after = out[r] = (1 - lam) * v[r] + lam * after
    return out
