"""Observation and action spaces shared by the environments."""

from __future__ import annotations

from typing import Callable

import numpy as np
from gymnasium import spaces

from ..actions import NUM_ACTIONS
from . import observation


def observation_space() -> spaces.Box:
    """The encoding of ``observation.py``: SIZE floats in [0, 1]."""
    return spaces.Box(0.0, 1.0, (observation.SIZE,), np.float32)


class LegalDiscrete(spaces.Discrete):
    """``Discrete(NUM_ACTIONS)`` whose ``sample()`` without a mask draws a *legal* action of the
    environment's current decision (``legal()`` returns it as a bool mask), so a random agent and
    the ecosystem's checkers never send an illegal action by accident. An explicit ``mask`` is
    honoured as in ``Discrete``. Pickled (e.g. in a saved SB3 model), it forgets the environment
    and samples like a plain ``Discrete`` until ``bind`` ties it to one again (a pickled
    environment does so itself)."""

    def __init__(self, legal: Callable[[], np.ndarray | None], n: int = NUM_ACTIONS,
                 seed: int | np.random.Generator | None = None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: np.ndarray | None = None,
               probability: np.ndarray | None = None) -> np.int64:
        """One action id: with no ``mask`` nor ``probability``, a legal action of the bound
        environment's decision (uniform); otherwise, or when unbound, ``Discrete.sample``."""
        if mask is None and probability is None and self._legal is not None:
            legal = self._legal()
            if legal is not None and legal.any():
                mask = legal.astype(np.int8)
        return super().sample(mask=mask, probability=probability)

    def bind(self, legal: Callable[[], np.ndarray | None]) -> None:
        """Sample the legal actions of ``legal()`` from now on."""
        self._legal = legal

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_legal"] = None
        return state

    def __repr__(self) -> str:
        return f"LegalDiscrete({self.n})"
