"""Placement of arriving ghosts (rules §4, step 3) and of ghosts the Pavilion moves.

Among the spaces the rules allow, a ghost goes where it hurts least: onto a Buddha when it is an
ordinary ghost (it is discarded at once), never wasting a Buddha on an incarnation (except the
Uncatchable, which needs one), not filling a board (overrun), a haunter in front of the line whose
haunting costs least, a power-killer away from living Taoists' boards, within reach of the
Taoists who will have to exorcise it, and paired: where the corner tile facing its space also
faces a ghost that one roll can beat together with it (players' advice, SEARCH_NOTES 1.1;
measured: +28 wins in 4,000 Initiation 4p ``eval`` games, see ``weights.CORNER_PAIR``).
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.config import R
from ghoststories_env.geometry import FACING, IS_CORNER, OPPOSITE, SPACE_FRONT, STEP

from . import odds, plans
from . import weights as W
from .context import Ctx
from .threats import board_qi_cost, tile_loss

# the other space a corner tile faces, for each space (-1: the space faces an edge tile only)
PARTNER = np.full(12, -1)
for _a, _b in FACING[IS_CORNER]:
    PARTNER[_a], PARTNER[_b] = _b, _a


def _both_chance_table() -> np.ndarray:
    """(5, RMAX + 1, 5, RMAX + 1) chance that one roll of 3 dice (white wild, no tokens, no
    reroll) beats two one-colour ghosts at once: it meets the sum of their needs (rules §5)."""
    r = np.arange(odds.RMAX + 1)
    c1, r1, c2, r2 = (x.reshape(-1) for x in np.meshgrid(np.arange(5), r, np.arange(5), r,
                                                         indexing="ij"))
    need = np.zeros((c1.size, 5), np.int64)
    np.add.at(need, (np.arange(c1.size), c1), r1)
    np.add.at(need, (np.arange(c1.size), c2), r2)
    m = c1.size
    p = odds.success_probability(need, np.zeros_like(need), np.zeros_like(need), np.full(m, 3),
                                 np.ones(m, bool), np.zeros(m, bool), pad=3)
    return p.reshape(5, r.size, 5, r.size)


BOTH_CHANCE = _both_chance_table()
BOTH_CHANCE.setflags(write=False)


def _one_colour(req: np.ndarray):
    """(colour, resistance, ok) of resistances ``req`` (..., 5): ok where one colour is needed."""
    colour = req.argmax(-1)
    ok = ((req > 0).sum(-1) == 1) & (req.max(-1) <= odds.RMAX)
    return colour, np.where(ok, req.max(-1), 0), ok


def corner_pair_chance(ctx: Ctx, card: np.ndarray) -> np.ndarray:
    """(n, 12) chance that one roll from the corner tile facing each space beats ``card`` (n,)
    placed there together with the ghost already on the corner's other space (0 where there is
    none, or either needs several colours or is dice-immune): human advice is to pair weak
    ghosts so that one roll removes two (SEARCH_NOTES 1.1)."""
    S, idx = ctx.S, ctx.idx
    base = C.CARD_REQ[card].astype(np.int64)                                   # (n, 5)
    circle = S.circle[idx].astype(np.int64)
    cut = (circle[:, None] >= 0) & (np.arange(5) == circle[:, None])
    req = np.maximum(base - cut, np.minimum(base, S.rules[idx, R.MIN_RESISTANCE][:, None]))
    c1, r1, ok1 = _one_colour(req)
    ok1 &= ~C.DICE_IMMUNE[card] & ~C.IS_INCARNATION[card]
    partner = np.maximum(PARTNER, 0)
    c2, r2, ok2 = _one_colour(ctx.req[:, partner])                             # (n, 12)
    ok2 &= ctx.has_ghost[:, partner] & ~ctx.immune[:, partner] & ~ctx.is_inc[:, partner]
    chance = BOTH_CHANCE[c1[:, None], r1[:, None], c2, r2]
    return np.where(ok1[:, None] & ok2 & (PARTNER >= 0), chance, 0.0)


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
    score += W.CORNER_PAIR * corner_pair_chance(ctx, card)
    if "corners" in ctx.plans:                  # plans.py: the end spaces, which corners face
        score += plans.CORNER_SPACE * (PARTNER >= 0)
    if "howling" in ctx.plans:                  # plans.py: the space facing it stays empty
        score -= np.where(buddha & ~inc, 0.0, plans.blocking(ctx))
    return score


def place(ctx: Ctx) -> np.ndarray:
    """PLACE: (n, A) scores of the spaces for the arriving ghost ``ctx.a`` (``space_scores``)."""
    s = np.zeros((ctx.n, A.NUM_ACTIONS))
    s[:, A.CHOOSE_SPACE:A.CHOOSE_SPACE + 12] = space_scores(ctx, ctx.a)
    return s
