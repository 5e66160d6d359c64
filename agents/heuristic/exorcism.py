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
from .context import Ctx, per_context
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
    (default: his own now). Computed once per context, seat and powers (read-only)."""
    return _plan(ctx, who, ctx.powers(who) if pw is None else pw)


@per_context
def _plan(ctx: Ctx, who, pw) -> dict:
    n = ctx.n
    n_dice, wild, reroll = _roll_setup(ctx, who, pw)
    facts = _target_facts(ctx)
    tokens = ctx.pooled_tokens(who)                                 # (n, 9, 5) per position
    value = exorcism_value(ctx, who)
    ok = ctx.targetable
    rep = lambda x: np.repeat(x, 12)                                # noqa: E731
    chance = odds.chance(ctx.req.reshape(-1, 5), ctx.immune.reshape(-1),
                         tokens[:, SPACE_FRONT].reshape(-1, 5), rep(n_dice), rep(wild), rep(reroll),
                         tuple(f.reshape(-1) for f in facts)).reshape(n, 12)
    single = np.where(ok, chance * value, 0.0)
    pair = _pair_values(ctx, facts, tokens[:, CORNERS], value, ok, n_dice, wild, reroll)
    at = np.zeros((n, 9))
    np.maximum.at(at, (slice(None), SPACE_FRONT), single)           # per position, best single
    at[:, CORNERS] = np.maximum(at[:, CORNERS], pair)
    return {"single": single, "pair": pair, "at": at, "chance": np.where(ok, chance, 0.0)}


@per_context
def _target_facts(ctx: Ctx):
    """(n, 12) each ghost's colour, resistance and whether the odds tables cover it
    (``odds.target_facts``); the same for every seat."""
    return odds.target_facts(ctx.req, ctx.immune)


_BITS = np.arange(odds.PATTERNS)
_F1, _F2, _F12 = (_BITS & 1) > 0, (_BITS & 2) > 0, (_BITS & 4) > 0


def _pair_values(ctx, facts, tok, value, ok, n_dice, wild, reroll):
    """(n, 4) expected value of aiming at both ghosts a corner faces (0 where one is missing):
    each roll is worth the best set it allows (its ``odds.pair_outcomes`` pattern)."""
    n = ctx.n
    g1, g2 = PAIRS[:, 0], PAIRS[:, 1]
    both = np.flatnonzero(ok[:, g1] & ok[:, g2])                    # of the (n * 4) corners
    expect = np.zeros(n * 4)
    if not both.size:
        return expect.reshape(n, 4)
    game = both // 4
    v1, v2 = value[:, g1].reshape(-1)[both, None], value[:, g2].reshape(-1)[both, None]
    best = np.maximum(np.maximum(_F1 * v1, _F2 * v2), np.maximum(_F12 * (v1 + v2), 0))
    at = lambda x, g: x[:, g].reshape(-1)[both]                     # noqa: E731
    f1, f2 = tuple(at(f, g1) for f in facts), tuple(at(f, g2) for f in facts)
    imm1, imm2 = at(ctx.immune, g1), at(ctx.immune, g2)
    tok = tok.reshape(-1, 5)[both]
    # the rolls of the largest roll among the n games (the padding of the sums, odds.py)
    pad = int(np.minimum(np.maximum(n_dice, 0), odds.MAX_DICE).max())
    tabled = f1[2] & f2[2]
    pattern = np.zeros((both.size, odds.ROWS[pad]), np.int8)
    p = np.zeros(pattern.shape)
    if tabled.any():
        t = np.flatnonzero(tabled)
        keys = odds.pair_key(n_dice[game[t]], wild[game[t]], reroll[game[t]], imm1[t], imm2[t],
                             tuple(f[t] for f in f1), tuple(f[t] for f in f2), tok[t])
        pattern[t], p[t] = odds.pair_rolls(keys, pad)
    if not tabled.all():                                            # a multicolour incarnation
        r = np.flatnonzero(~tabled)
        req1, req2 = (ctx.req[:, g].reshape(-1, 5)[both[r]] for g in (g1, g2))
        i1, i2 = imm1[r, None], imm2[r, None]
        pattern[r], p[r] = odds.pair_outcomes(n_dice[game[r]], wild[game[r]], reroll[game[r]],
                                              req1 * ~i1, req1 * i1, req2 * ~i2, req2 * i2,
                                              tok[r], pad)
    rolls = np.take(best.reshape(-1), np.arange(both.size)[:, None] * odds.PATTERNS + pattern)
    expect[both] = (rolls * p).sum(1)
    return expect.reshape(n, 4)


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
