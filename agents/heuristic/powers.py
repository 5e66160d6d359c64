"""Choosing a board's power side when the players choose (switch ``power_sides``, rules §3):
the side that helps a team most, by the usual opinion of experienced players."""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.rules.setup import POWERS_OF_COLOUR

# power id -> preference (higher is chosen): Pockets over Mantra, Peaks over Twin Winds, Heavenly
# Gust over Second Wind, Strength of the Mountain over the Gods' Favorite.
PREFERENCE = np.zeros(C.NUM_POWERS)
for _p in (C.POCKETS, C.PEAKS, C.HEAVENLY_GUST, C.MOUNTAIN):
    PREFERENCE[_p] = 1.0


def power_side(ctx) -> np.ndarray:
    """POWER_SIDE: (n, A) scores of the two sides of the board, by ``PREFERENCE``."""
    colour = ctx.S.seat_colour[ctx.idx, ctx.who].astype(np.int64)
    s = np.zeros((ctx.n, A.NUM_ACTIONS))
    s[:, A.POWER_SIDE:A.POWER_SIDE + 2] = PREFERENCE[POWERS_OF_COLOUR[colour]]
    return s
