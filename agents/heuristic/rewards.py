"""Rewards and losses: what to take from an exorcised ghost, who receives an incarnation's Qi and
Yin-Yang, who absorbs a possessed or neutral board's harm, when to reroll the Curse die, which
token to give up, how many Power tokens to pick up (rules §5, 9, 11, 13)."""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env.rules.harm import ABSORB_QI     # kind of loss an ABSORB decision passes on

from . import weights as W
from .context import Ctx
from .threats import arrival_cost, curse_harm, qi_cost, qi_gain, tile_loss, token_values

def _scores(ctx: Ctx) -> np.ndarray:
    return np.zeros((ctx.n, A.NUM_ACTIONS))


def reward_qi_yinyang(ctx: Ctx) -> np.ndarray:
    """1 Qi or the spent Yin-Yang back: the Yin-Yang unless the Qi is needed more."""
    s = _scores(ctx)
    s[:, A.TAKE_QI] = qi_gain(ctx.S.qi[ctx.idx, ctx.who])
    s[:, A.TAKE_YINYANG] = W.YINYANG_KEEP * 0.5
    return s


def inc_qi(ctx: Ctx) -> np.ndarray:
    """The incarnation's Qi goes to the Taoist who needs it most."""
    s = _scores(ctx)
    s[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = -ctx.S.qi[ctx.idx]
    return s


def inc_yinyang(ctx: Ctx) -> np.ndarray:
    """The incarnation's Yin-Yang goes to the next Taoist to play (it is used soonest)."""
    s = _scores(ctx)
    s[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = -ctx.chances
    return s


def power_pickup(ctx: Ctx) -> np.ndarray:
    """Pick up every Power token on the central tile."""
    s = _scores(ctx)
    s[:, A.TAKE_POWER_TOKENS:A.TAKE_POWER_TOKENS + 4] = np.arange(4)
    return s


def absorb(ctx: Ctx) -> np.ndarray:
    """A possessed or neutral board's loss goes to the living Taoist it hurts least: a Qi to the
    one with most Qi, a curse roll to the one with the least expected harm."""
    s = _scores(ctx)
    qi = ctx.S.qi[ctx.idx]
    harm = np.zeros((ctx.n, 4))
    g = np.clip(ctx.a, 0, 11)
    for seat in range(4):
        curse = curse_harm(ctx, np.full(ctx.n, seat))[ctx.rows, g]
        harm[:, seat] = np.where(ctx.b == ABSORB_QI, qi_cost(qi[:, seat]), curse)
    s[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = -harm
    return s


def curse_reroll(ctx: Ctx) -> np.ndarray:
    """The Gods' Favorite: reroll a bad Curse-die face when an average roll hurts less."""
    S, idx, r = ctx.S, ctx.idx, ctx.rows
    g = np.clip(ctx.a, 0, 11)
    haunt = np.where(ctx.a < 12, tile_loss(ctx)[r, g], W.HAUNT_TILE + W.HAUNT_RISK)
    faces = np.stack([np.zeros(ctx.n), np.zeros(ctx.n), haunt, arrival_cost(ctx),
                      S.tao[idx, ctx.who].sum(1) * token_values(ctx).mean(1),
                      qi_cost(S.qi[idx, ctx.who])], 1)
    now = faces[r, np.clip(ctx.b, 0, 5)]
    s = _scores(ctx)
    s[:, A.REROLL] = -now
    s[:, A.REROLL + 1] = -faces.mean(1)
    return s


def discard_one(ctx: Ctx) -> np.ndarray:
    """Give up the token worth least."""
    s = _scores(ctx)
    s[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = -token_values(ctx)
    return s


