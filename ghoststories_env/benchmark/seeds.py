"""Fixed, documented seed sets: every configuration and split owns its own block of seeds.

``benchmark_seeds(level, players, n, split="test", seed=0)`` returns
``seed * 10**9 + block * 10**7 + arange(n)`` where
``block = 3 * (4 * level index + players - 1) + split index``, with the levels in the order of
``ghoststories_env.cards.LEVEL_NAMES`` (initiation, normal, nightmare, hell) and the splits

* ``"test"``: the benchmark's games (never train on them),
* ``"eval"``: held-out games for evaluation during training and model selection,
* ``"train"``: games for training environments.

Blocks never overlap (n <= 10**7 games per block), so a configuration's games are the same
whichever other configurations are run, and the three splits are disjoint for every ``seed``.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env.cards import LEVEL_NAMES

SPLITS = ("test", "eval", "train")
BLOCK = 10 ** 7
SEED_STRIDE = 10 ** 9
PLAYERS = (1, 2, 3, 4)


def config_index(level: str, players: int) -> int:
    """``4 * level index + players - 1``, 0 to 15: the configuration's place in the seed blocks
    (``ValueError`` for an unknown level or player count)."""
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown level {level!r}; allowed: {', '.join(LEVEL_NAMES)}")
    if players not in PLAYERS:
        raise ValueError(f"players must be one of {PLAYERS}, got {players!r}")
    return 4 * LEVEL_NAMES.index(level) + players - 1


def benchmark_seeds(level: str, players: int, n: int, split: str = "test", seed: int = 0) -> np.ndarray:
    """(n,) int64 game seeds of ``split`` for one configuration (see the module docstring)."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; allowed: {', '.join(SPLITS)}")
    if not 0 < n <= BLOCK:
        raise ValueError(f"n must be in 1..{BLOCK}, got {n!r}")
    if not 0 <= seed < 2 ** 33:
        raise ValueError(f"seed must be an int in [0, 2**33), got {seed!r}")
    block = len(SPLITS) * config_index(level, players) + SPLITS.index(split)
    return seed * SEED_STRIDE + block * BLOCK + np.arange(n, dtype=np.int64)
