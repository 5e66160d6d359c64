"""Exorcism: the expected value of every attempt a Taoist could make from each tile, and the
answers to the exorcism's own questions (rerolls, outcome, white faces, who pays, Mantra colour).

An attempt's value is ``sum over rolls of P(roll) * best value the roll allows``: for one target,
its chance (``odds.py``, exact) times its exorcism value (``threats.exorcism_value``); from a
corner aimed at both facing ghosts, each roll is worth the best of exorcising the first, the
second or both, as the rules let the players choose after the roll.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.geometry import FACING, IS_CORNER, SPACE_FRONT

from . import odds
from .context import Ctx
from .threats import exorcism_value, token_values

CORNERS = np.flatnonzero(IS_CORNER)                  # the 4 corner positions
PAIRS = FACING[CORNERS].astype(np.int64)             # (4, 2) spaces each corner faces
_OPTIONS = np.array([[0, 0], [1, 0], [0, 1], [1, 1]], bool)


def _roll_setup(ctx: Ctx, who, pw=None):
    pw = ctx.powers(who) if pw is None else pw
    n_dice = ctx.n_dice_base + pw[:, C.MOUNTAIN]
    return n_dice, ctx.white_wild, pw[:, C.GODS_FAVORITE]


def plan(ctx: Ctx, who, pw=None) -> dict:
    """Expected values of ``who``'s possible attempts: ``single`` (n, 12) aiming at one space,
    ``pair`` (n, 4) from each corner at both, ``at`` (n, 9) the best attempt from each position,
    ``chance`` (n, 12) the single attempts' success chances. ``pw`` (n, 8): the powers he can use
    (default: his own now)."""
    n = ctx.n
    n_dice, wild, reroll = _roll_setup(ctx, who, pw)
    imm = ctx.immune[..., None]
    need, immn = ctx.req * ~imm, ctx.req * imm                      # (n, 12, 5)
    tok = ctx.pooled_tokens(who)[:, SPACE_FRONT]                    # (n, 12, 5)
    value = exorcism_value(ctx, who)
    ok = ctx.targetable
    rep = lambda x: np.repeat(x, 12)                                # noqa: E731
    chance = odds.success_probability(need.reshape(-1, 5), immn.reshape(-1, 5), tok.reshape(-1, 5),
                                      rep(n_dice), rep(wild), rep(reroll)).reshape(n, 12)
    single = np.where(ok, chance * value, 0.0)
    pair = _pair_values(ctx, who, need, immn, value, ok, n_dice, wild, reroll)
    at = np.zeros((n, 9))
    np.maximum.at(at, (slice(None), SPACE_FRONT), single)           # per position, best single
    at[:, CORNERS] = np.maximum(at[:, CORNERS], pair)
    return {"single": single, "pair": pair, "at": at, "chance": np.where(ok, chance, 0.0)}


def _pair_values(ctx, who, need, immn, value, ok, n_dice, wild, reroll):
    """(n, 4) expected value of aiming at both ghosts a corner faces (0 where one is missing)."""
    n = ctx.n
    g1, g2 = PAIRS[:, 0], PAIRS[:, 1]
    both = ok[:, g1] & ok[:, g2]                                    # (n, 4)
    tok = ctx.pooled_tokens(who)[:, CORNERS]                        # (n, 4, 5) at each corner
    flat = lambda x: x.reshape(-1, 5)                               # noqa: E731
    n1, n2, i1, i2 = need[:, g1], need[:, g2], immn[:, g1], immn[:, g2]
    counts_face = np.concatenate([flat(n1 + n2) > 0, np.repeat(wild, 4)[:, None]], 1)
    F, w, p = odds.roll_distribution(np.repeat(n_dice, 4),
                                     odds.face_probs(counts_face, np.repeat(reroll, 4)))
    w = w * np.repeat(wild, 4)[:, None]
    f1 = odds.possible(flat(n1), flat(i1), flat(tok), F, w)
    f2 = odds.possible(flat(n2), flat(i2), flat(tok), F, w)
    f12 = odds.possible(flat(n1 + n2), flat(i1 + i2), flat(tok), F, w)
    v1, v2 = value[:, g1].reshape(-1, 1), value[:, g2].reshape(-1, 1)
    best = np.maximum(np.maximum(f1 * v1, f2 * v2), np.maximum(f12 * (v1 + v2), 0))
    return np.where(both, (best * p).sum(1).reshape(n, 4), 0.0)


# -- the exorcism's questions ------------------------------------------------------------------------

def _targets(ctx: Ctx):
    g = ctx.S.exo_targets[ctx.idx].astype(np.int64)
    return g, g >= 0


def _dice_faces(ctx: Ctx):
    d = ctx.S.dice[ctx.idx]
    return (d[:, :, None] == np.arange(5)).sum(1), (d == C.WHITE).sum(1) * ctx.white_wild


def exo_reroll(ctx: Ctx) -> np.ndarray:
    """The Gods' Favorite: reroll every die whose face does not count for the targets (faces of a
    needed colour up to the need, whites while a need is left open)."""
    g, has = _targets(ctx)
    need = (ctx.req[ctx.rows[:, None], np.maximum(g, 0)] * (has & ~ctx.immune[ctx.rows[:, None],
            np.maximum(g, 0)])[..., None]).sum(1)                  # (n, 5)
    dice = ctx.S.dice[ctx.idx].astype(np.int64)
    keep = np.zeros(dice.shape, bool)
    left = need.copy()
    for j in range(dice.shape[1]):
        c = dice[:, j]
        colour = (c >= 0) & (c < 5)
        use = colour & (left[ctx.rows, np.clip(c, 0, 4)] > 0)
        left[ctx.rows[use], c[use]] -= 1
        keep[:, j] = use
    for j in range(dice.shape[1]):
        white = (dice[:, j] == C.WHITE) & ctx.white_wild & (left.sum(1) > 0)
        left[ctx.rows[white], left[white].argmax(1)] -= 1
        keep[:, j] |= white
    bits = ((~keep & (dice >= 0)) * (1 << np.arange(dice.shape[1]))).sum(1)
    scores = np.zeros((ctx.n, A.NUM_ACTIONS))
    scores[ctx.rows, A.REROLL + bits] = 1.0
    return scores


def exo_mantra(ctx: Ctx) -> np.ndarray:
    """The Mantra's -1 on a multicolour incarnation goes to the colour hardest to meet."""
    F, _ = _dice_faces(ctx)
    t = (ctx.S.exo_targets[ctx.idx, 1] == ctx.S.mantra_space[ctx.idx]).astype(np.int64)
    req = ctx.S.exo_req[ctx.idx, t].astype(np.int64)
    tok = ctx.pooled_tokens(ctx.who)[ctx.rows, ctx.S.pos[ctx.idx, ctx.who]]
    scores = np.zeros((ctx.n, A.NUM_ACTIONS))
    scores[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = req - F - tok
    return scores


def exo_choose(ctx: Ctx) -> np.ndarray:
    """Exorcise the most valuable set the roll allows, less the worth of the tokens it costs."""
    g, has = _targets(ctx)
    value = exorcism_value(ctx, ctx.who)[ctx.rows[:, None], np.maximum(g, 0)] * has   # (n, 2)
    F, w = _dice_faces(ctx)
    tv = token_values(ctx)
    req = ctx.S.exo_req[ctx.idx].astype(np.int64)                   # after Circle and Mantra
    imm = ctx.immune[ctx.rows[:, None], np.maximum(g, 0)][..., None]
    scores = np.zeros((ctx.n, A.NUM_ACTIONS))
    for o in range(1, 4):
        sel = _OPTIONS[o][None, :, None]
        need = (req * sel * ~imm).sum(1)
        immune = (req * sel * imm).sum(1)
        short = np.maximum(0, need - F)
        paid = np.maximum(0, short.sum(1) - w) + immune.sum(1)
        mean_tv = (tv * ((short + immune) > 0)).sum(1) / np.maximum(1, ((short + immune) > 0).sum(1))
        scores[:, A.OUTCOME + o] = (value * _OPTIONS[o]).sum(1) - paid * mean_tv
    return scores


def exo_white(ctx: Ctx) -> np.ndarray:
    """A free white face saves a token: save the colour worth most."""
    scores = np.zeros((ctx.n, A.NUM_ACTIONS))
    scores[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = token_values(ctx)
    return scores


def exo_pay(ctx: Ctx) -> np.ndarray:
    """Tokens of the needed colour come from whoever holds most of it."""
    c = (ctx.S.exo_need[ctx.idx] > 0).argmax(1)
    held = ctx.S.tao[ctx.idx, :, :][ctx.rows, :, c]                 # (n, 4)
    scores = np.zeros((ctx.n, A.NUM_ACTIONS))
    scores[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = held
    return scores
