"""``random``: one uniformly random legal action per game (the floor every policy must beat)."""

from __future__ import annotations

import numpy as np

from ghoststories_env import rng

from .base import Batch, register

_STREAM = np.uint64(0xD1B54A32D192ED03)     # keeps the agent's draws apart from the game's dice


class RandomAgent:
    """Uniform over the legal actions. Each game's draw comes from its own stream, keyed by the
    game's random key (``state.rng_key``), the decisions taken so far and ``seed``: a game plays
    the same whatever batch it is in. Reads ``batch.state`` for that key only."""

    def __init__(self, seed: int = 0):
        self.name = "random"
        self.seed = np.uint64(seed % (1 << 64))

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: a uniformly random legal action per game, drawn from its own stream (0 for
        finished games)."""
        S, mask = batch.state, batch.mask
        with np.errstate(over="ignore"):
            key = S.rng_key ^ (self.seed * _STREAM + _STREAM)
            v = rng.draw(key, S.decisions.astype(np.uint64), 1)[:, 0]
        u = (v >> np.uint64(11)).astype(np.float64) / float(1 << 53)
        counts = mask.sum(1)
        k = (u * counts).astype(np.int64)            # the k-th legal action, k uniform in [0, count)
        chosen = (np.cumsum(mask, 1) > k[:, None]).argmax(1)
        return np.where(counts > 0, chosen, 0)


def _make(arg: str, seed: int = 0) -> RandomAgent:
    if arg:
        raise ValueError(f"agent 'random' takes no argument, got {arg!r}")
    return RandomAgent(seed)


register("random", _make)
