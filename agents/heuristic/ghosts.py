"""Placement of arriving ghosts (RULES.md section 4, step 3) and of ghosts the Pavilion moves.

Among the spaces the rules allow, a ghost goes where it hurts least: onto a Buddha when it is an
ordinary ghost (it is discarded at once), never wasting a Buddha on an incarnation (except the
Uncatchable, which needs one), not filling a board (overrun), a haunter in front of the line whose
haunting costs least, a power-killer away from living Taoists' boards, and within reach of the
Taoists who will have to exorcise it.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.geometry import OPPOSITE, SPACE_FRONT, STEP

from . import weights as W
from .context import Ctx
from .threats import board_qi_cost, tile_loss


def space_scores(ctx: Ctx, card: np.ndarray, moving_from=None) -> np.ndarray:
    """(n, 12) how good each space is for ``card`` (n,) to land on (higher is better)."""
    S, idx = ctx.S, ctx.idx
    card = np.maximum(card, 0).astype(np.int64)
    inc = C.IS_INCARNATION[card][:, None]
    buddha = S.buddha[idx]
    score = np.where(buddha, np.where(inc, -3.0, 100.0), 0.0)
    score = score + buddha * C.NEEDS_BUDDHA[card][:, None] * 150.0
    count = ctx.board_count.copy()
    if moving_from is not None:
        count[ctx.rows, moving_from // 3] -= 1
    after = count[:, np.arange(12) // 3] + 1
    fill = (after == 3) * (W.BOARD_FULL + W.OVERRUN_ROUNDS * board_qi_cost(ctx)[:, np.arange(12) // 3])
    score -= np.where(buddha & ~inc, 0.0, fill + (after == 2) * W.BOARD_TWO)
    haunter = C.HAUNTER[card][:, None]
    seat_ch = ctx.chances[:, np.arange(12) // 3] + ctx.n_living[:, None]
    score -= haunter * tile_loss(ctx) / np.maximum(seat_ch, 1)
    player_board = (ctx.living & S.is_player[idx])[:, np.arange(12) // 3]
    score -= (C.POWER_OFF[card] | C.ALL_POWERS_OFF[card])[:, None] * player_board * W.POWER_OFF
    # within reach: living Taoists one step from the tile the space faces
    pos = np.where(ctx.living, S.pos[idx], -1).astype(np.int64)
    near = (STEP[np.maximum(pos, 0)][:, :, SPACE_FRONT] & (pos >= 0)[..., None]).sum(1)
    score += 0.3 * near * (1 + haunter + inc + C.TORMENTOR[card][:, None])
    opposite_empty = ~ctx.has_ghost[:, OPPOSITE]
    score += C.NEEDS_OPPOSITE_EMPTY[card][:, None] * opposite_empty * 3.0
    return score


def place(ctx: Ctx) -> np.ndarray:
    s = np.zeros((ctx.n, A.NUM_ACTIONS))
    s[:, A.CHOOSE_SPACE:A.CHOOSE_SPACE + 12] = space_scores(ctx, ctx.a)
    return s
