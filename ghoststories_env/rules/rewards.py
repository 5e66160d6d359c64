"""Rewards of exorcised ghosts and the victory (rules §5, 10, 15).

R_TAO_1 / R_TAO_2 are TAKE_TAO decisions (village.py). R_QI_OR_YINYANG: 1 Qi or the exorcist's
own spent Yin-Yang. An incarnation gives the group 1 Qi and 1 Yin-Yang; the players choose who
receives each, never a dead Taoist. The game is won once the last incarnation is exorcised and
its curse has resolved without a loss (WIN_CHECK sits below the curse on the stack).
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from . import common, stack
from .stack import decision, effect


def _qi_yy_mask(S, idx):
    who, _, _ = stack.args(S, idx)
    alive = common.living(S, idx)[np.arange(idx.size), who]
    m = stack.empty_mask(idx.size)
    m[:, A.TAKE_QI] = alive & (S.qi_supply[idx] > 0)
    m[:, A.TAKE_YINYANG] = alive & ~S.yinyang[idx, who]
    return m


def _qi_yy_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    qi = act == A.TAKE_QI
    S.qi[idx[qi], who[qi]] += 1
    S.qi_supply[idx[qi]] -= 1
    S.yinyang[idx[~qi], who[~qi]] = True
    stack.pop(S, idx)


decision("REWARD_QI_YY", _qi_yy_mask, _qi_yy_apply)


def _taoist_mask(S, idx, allowed):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = allowed
    return m


def _inc_qi_mask(S, idx):
    return _taoist_mask(S, idx, common.living(S, idx) & (S.qi_supply[idx, None] > 0))


def _inc_qi_apply(S, idx, act):
    p = act - A.CHOOSE_TAOIST
    S.qi[idx, p] += 1
    S.qi_supply[idx] -= 1
    stack.pop(S, idx)


def _inc_yy_mask(S, idx):
    return _taoist_mask(S, idx, common.living(S, idx) & ~S.yinyang[idx])


def _inc_yy_apply(S, idx, act):
    S.yinyang[idx, act - A.CHOOSE_TAOIST] = True
    stack.pop(S, idx)


decision("INC_QI", _inc_qi_mask, _inc_qi_apply)
decision("INC_YY", _inc_yy_mask, _inc_yy_apply)


@effect("WIN_CHECK")
def win_check(S, idx):
    """Every incarnation defeated: the game is won and its stack emptied (rules §10)."""
    won = S.inc_defeated[idx] >= S.inc_total[idx]
    r = idx[won]
    S.won[r] = True
    S.terminated[r] = True
    stack.clear(S, r)
    stack.pop(S, idx[~won])
