"""Die rolls: faces come from the game's forced queue first, then from its random stream."""

from __future__ import annotations

import numpy as np

from .. import rng


def roll_tao(S, idx, counts) -> np.ndarray:
    """(n, 4) Tao die faces (colour 0..4 or WHITE), -1 beyond each row's count."""
    return rng.roll(S, idx, np.asarray(counts, np.int64), S.forced_tao, 4)


def roll_curse(S, idx) -> np.ndarray:
    """(n,) Curse die faces (cards.CURSE_FACES)."""
    return rng.roll(S, idx, np.ones(idx.size, np.int64), S.forced_curse, 1)[:, 0].astype(np.int64)


def reroll(S, idx, bits) -> None:
    """Reroll the dice of ``S.dice`` whose bit is set in ``bits`` (the rest are kept)."""
    chosen = ((np.asarray(bits)[:, None] >> np.arange(4)) & 1).astype(bool) & (S.dice[idx] >= 0)
    k = chosen.sum(1)
    some = k > 0          # only rows that reroll draw: a game's stream never depends on others
    r, chosen = idx[some], chosen[some]
    fresh = roll_tao(S, r, k[some])
    # the i-th chosen die takes the i-th fresh face
    order = np.cumsum(chosen, 1) - 1
    new = np.take_along_axis(fresh, np.maximum(order, 0), 1)
    S.dice[r] = np.where(chosen, new, S.dice[r])
