"""Team rewards: one number per game and step, shared by every Taoist (the game is cooperative).

``make_reward(name, **options)`` returns ``fn(before, after) -> (B,) float32``, the reward of the
step that took each game from ``before`` to ``after`` (a game that was already over gets 0):

* ``"win_loss"`` (default): ``win`` (+1) on the step that wins, ``loss`` (-1) on the step that
  loses, 0 otherwise.
* ``"score"``: the official score (RULES.md 14, ``engine.score``) times ``scale`` (default 1) on
  the step that ends the game, 0 otherwise. The score counts victory points, Qi, the deck,
  dead Taoists, haunted tiles and incarnation bonuses, so it also ranks lost games.
* ``"shaped"``: ``win_loss`` plus potential-based shaping ``gamma * phi(after) - phi(before)``
  with ``phi`` a weighted sum of facts (``weights``, defaults in ``SHAPING_WEIGHTS``: Qi of the
  living Taoists, haunted tiles, ghosts in play, incarnations defeated, dead Taoists); ``phi`` of a
  finished game is 0. With ``gamma`` equal to the learner's discount this leaves the optimal
  policy unchanged (Ng, Harada and Russell, 1999) while rewarding progress within a game.

Ending by the ``max_decisions`` limit is a truncation, not an end of the game: it earns no
terminal reward (the environments report ``truncated=True``).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..rules import score as official_score
from ..state import State

RewardFn = Callable[[State, State], np.ndarray]

SHAPING_WEIGHTS = {
    "qi": 0.02,             # per Qi of a living Taoist
    "haunted": -0.05,       # per haunted tile
    "ghosts": -0.01,        # per ghost in play
    "incarnations": 0.2,    # per incarnation defeated
    "dead": -0.1,           # per dead Taoist
}


def _ended(before: State, after: State) -> np.ndarray:
    return after.terminated & ~before.terminated


def _facts(S: State) -> dict[str, np.ndarray]:
    alive = S.is_player & (S.qi > 0)
    return {
        "qi": (S.qi * alive).sum(1), "haunted": S.haunted.sum(1), "ghosts": (S.ghost >= 0).sum(1),
        "incarnations": S.inc_defeated, "dead": (S.is_player & (S.qi == 0)).sum(1),
    }


def win_loss(win: float = 1.0, loss: float = -1.0) -> RewardFn:
    def reward(before: State, after: State) -> np.ndarray:
        outcome = np.where(after.won, win, loss)
        return np.where(_ended(before, after), outcome, 0).astype(np.float32)
    return reward


def score(scale: float = 1.0) -> RewardFn:
    def reward(before: State, after: State) -> np.ndarray:
        ended = _ended(before, after)
        out = np.zeros(after.batch_size, np.float32)
        if ended.any():
            out[ended] = official_score(after.take(np.flatnonzero(ended))) * scale
        return out
    return reward


def shaped(win: float = 1.0, loss: float = -1.0, gamma: float = 1.0,
           weights: dict[str, float] | None = None) -> RewardFn:
    w = dict(SHAPING_WEIGHTS)
    unknown = set(weights or {}) - set(w)
    if unknown:
        raise ValueError(f"unknown shaping weight(s) {sorted(unknown)}; allowed: {sorted(w)}")
    w.update(weights or {})
    terminal = win_loss(win, loss)

    def phi(S: State) -> np.ndarray:
        facts = _facts(S)
        value = sum(w[k] * facts[k].astype(np.float32) for k in w)
        return np.where(S.terminated, 0, value)

    def reward(before: State, after: State) -> np.ndarray:
        stepped = ~before.terminated
        shaping = np.where(stepped, gamma * phi(after) - phi(before), 0)
        return (terminal(before, after) + shaping).astype(np.float32)
    return reward


REWARDS: dict[str, Callable[..., RewardFn]] = {"win_loss": win_loss, "score": score, "shaped": shaped}


def make_reward(name: str = "win_loss", **options) -> RewardFn:
    if name not in REWARDS:
        raise ValueError(f"reward={name!r} is not allowed; choose one of {sorted(REWARDS)}")
    try:
        return REWARDS[name](**options)
    except TypeError as e:
        raise ValueError(f"reward {name!r}: bad options {options}: {e}") from None

