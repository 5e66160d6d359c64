"""Team rewards: one number per game and step, shared by every Taoist (the game is cooperative).

``make_reward(name, **options)`` returns a reward ``fn(before, after) -> (B,) float32``, the reward
of the step that took each game from ``before`` to ``after`` (a game that was already over gets 0):

* ``"win_loss"`` (default): ``win`` (+1) on the step that wins, ``loss`` (-1) on the step that
  loses, 0 otherwise.
* ``"score"``: the official score (rules §14, ``engine.score``) times ``scale`` (default 1) on
  the step that ends the game, 0 otherwise. The score counts victory points, Qi, the deck,
  dead Taoists, haunted tiles and incarnation bonuses, so it also ranks lost games.
* ``"shaped"``: ``win_loss`` plus potential-based shaping ``gamma * phi(after) - phi(before)``
  with ``phi`` a weighted sum of facts (``weights``, defaults in ``SHAPING_WEIGHTS``: Qi of the
  living Taoists, haunted tiles, ghosts in play, incarnations defeated, dead Taoists); ``phi`` of a
  finished game is 0. With ``gamma`` equal to the learner's discount this leaves the optimal
  policy unchanged (Ng, Harada and Russell, 1999) while rewarding progress within a game.

Ending by the ``max_decisions`` limit is a truncation, not an end of the game: it earns no
terminal reward (the environments report ``truncated=True``).

Each reward is a small class whose options are checked when it is made (a finite real number
each, ``gamma`` in [0, 1]), so a bad option fails when the environment is built, not at the first
game's end. Being module-level classes and not closures, rewards pickle with the environments that
hold them (``SubprocVecEnv``, multiprocessing).
"""

from __future__ import annotations

import inspect
import math
import numbers
from typing import Any, Callable

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


def _number(reward: str, name: str, value, low: float = -math.inf, high: float = math.inf) -> float:
    """``value`` as a float, or a ValueError naming the option, the value and what is allowed."""
    # bool is an Integral in Python, but True as a reward is a mistake, not a 1
    real = isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))
    if not real or not math.isfinite(value) or not low <= value <= high:
        bounds = f" in [{low:g}, {high:g}]" if math.isfinite(low) or math.isfinite(high) else ""
        raise ValueError(f"reward {reward!r}: {name}={value!r} is not allowed; it must be a "
                         f"finite real number{bounds}")
    return float(value)


def _ended(before: State, after: State) -> np.ndarray:
    return after.terminated & ~before.terminated


def _facts(S: State) -> dict[str, np.ndarray]:
    alive = S.is_player & (S.qi > 0)
    return {
        "qi": (S.qi * alive).sum(1), "haunted": S.haunted.sum(1), "ghosts": (S.ghost >= 0).sum(1),
        "incarnations": S.inc_defeated, "dead": (S.is_player & (S.qi == 0)).sum(1),
    }


class WinLoss:
    """``win`` on the step that wins, ``loss`` on the step that loses, 0 otherwise."""

    def __init__(self, win: float = 1.0, loss: float = -1.0):
        self.win = _number("win_loss", "win", win)
        self.loss = _number("win_loss", "loss", loss)

    def __call__(self, before: State, after: State) -> np.ndarray:
        outcome = np.where(after.won, self.win, self.loss)
        return np.where(_ended(before, after), outcome, 0).astype(np.float32)

    def __repr__(self) -> str:
        return f"WinLoss(win={self.win}, loss={self.loss})"


class Score:
    """The official score times ``scale`` on the step that ends the game, 0 otherwise."""

    def __init__(self, scale: float = 1.0):
        self.scale = _number("score", "scale", scale)

    def __call__(self, before: State, after: State) -> np.ndarray:
        ended = _ended(before, after)
        out = np.zeros(after.batch_size, np.float32)
        if ended.any():
            out[ended] = official_score(after.take(np.flatnonzero(ended))) * self.scale
        return out

    def __repr__(self) -> str:
        return f"Score(scale={self.scale})"


class Shaped:
    """``WinLoss`` plus the potential-based shaping ``gamma * phi(after) - phi(before)``."""

    def __init__(self, win: float = 1.0, loss: float = -1.0, gamma: float = 1.0,
                 weights: dict[str, float] | None = None):
        if weights is not None and not isinstance(weights, dict):
            raise ValueError(f"reward 'shaped': weights={weights!r} is not allowed; it must be a "
                             f"dict with keys among {sorted(SHAPING_WEIGHTS)}")
        unknown = set(weights or {}) - set(SHAPING_WEIGHTS)
        if unknown:
            raise ValueError(f"unknown shaping weight(s) {sorted(unknown)}; allowed: "
                             f"{sorted(SHAPING_WEIGHTS)}")
        self.terminal = WinLoss(win, loss)
        self.gamma = _number("shaped", "gamma", gamma, 0.0, 1.0)   # a discount factor
        self.weights = {k: _number("shaped", f"weights[{k!r}]", v)
                        for k, v in {**SHAPING_WEIGHTS, **(weights or {})}.items()}

    def phi(self, S: State) -> np.ndarray:
        """(B,) float32 potential of each game: the weighted sum of its facts, 0 once it is over."""
        facts = _facts(S)
        value = sum(w * facts[k].astype(np.float32) for k, w in self.weights.items())
        return np.where(S.terminated, 0, value)

    def __call__(self, before: State, after: State) -> np.ndarray:
        stepped = ~before.terminated
        shaping = np.where(stepped, self.gamma * self.phi(after) - self.phi(before), 0)
        return (self.terminal(before, after) + shaping).astype(np.float32)

    def __repr__(self) -> str:
        return (f"Shaped(win={self.terminal.win}, loss={self.terminal.loss}, gamma={self.gamma}, "
                f"weights={self.weights})")


REWARDS: dict[str, type] = {"win_loss": WinLoss, "score": Score, "shaped": Shaped}


def make_reward(name: str = "win_loss", **options: Any) -> RewardFn:
    """The reward ``name`` with its ``options``; a ValueError names an unknown reward, an unknown
    option or a bad value, and what is allowed."""
    if name not in REWARDS:
        raise ValueError(f"reward={name!r} is not allowed; choose one of {sorted(REWARDS)}")
    allowed = list(inspect.signature(REWARDS[name]).parameters)
    unknown = set(options) - set(allowed)
    if unknown:
        raise ValueError(f"reward {name!r}: unknown option(s) {sorted(unknown)} in reward_options; "
                         f"allowed: {allowed}")
    return REWARDS[name](**options)
