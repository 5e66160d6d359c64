"""The Yang phase of the active Taoist: one decision point, ``YANG``, at three stages
(rules §4, 8, 9, 13):

* stage 0, before moving: move (the step that ends the stage), and the before-moving powers
  (Enfeeblement Mantra, Bottomless Pockets, Dance of the Twin Winds);
* stage 1, after moving: ask for help, attempt an exorcism, or pass;
* stage 2, after the action: a second action (Second Wind, Heavenly Gust), Buddhas, or pass to
  end the turn.

At every stage the Yin-Yang may be spent and Power tokens used on neutral boards. Actions that
trigger effects push them above ``YANG``, which takes the next decision once they have resolved.
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from ..config import R
from ..geometry import FACES, STEP
from ..state import (MANTRA_ON_GHOST, MANTRA_READY, PLACED_BUDDHA, USED_MANTRA, USED_POCKETS,
                     USED_TWIN_WINDS)
from . import common, stack
from .exorcism import targetable
from .stack import decision
from .village import MOVE_AWAY, help_can_act


def _flag(S, idx, bit) -> np.ndarray:
    return (S.turn_flags[idx] & bit) > 0


def action_kinds(S, idx, who, stage, pw):
    """(n,) bool pair: may ask for help / attempt an exorcism now (Second Wind: twice the same;
    Heavenly Gust: one of each; a Buddha placed ends the actions)."""
    h, e = S.helps_done[idx], S.exos_done[idx]
    first = (stage == 1) & (h + e == 0)
    later = (stage == 2) & ~_flag(S, idx, PLACED_BUDDHA) & (h + e == 1)
    sw, hg = pw[:, C.SECOND_WIND], pw[:, C.HEAVENLY_GUST]
    help_ok = first | (later & ((sw & (h == 1)) | (hg & (e == 1))))
    exo_ok = first | (later & ((sw & (e == 1)) | (hg & (h == 1))))
    return help_ok, exo_ok


def _yang_mask(S, idx):
    m = stack.empty_mask(idx.size)
    who, stage, _ = stack.args(S, idx)
    living = common.living(S, idx)
    alive = living[np.arange(idx.size), who]
    # A Taoist who died in his own Yang phase has nothing left to do: the decision is dropped.
    r = np.flatnonzero(alive)
    idx, who, stage, living = idx[r], who[r], stage[r], living[r]
    bits = common.space_bits(S, idx)
    on = common.power_on(S, idx, bits)
    pw = common.powers_of(S, idx, who, on)
    pos = S.pos[idx, who].astype(np.int64)
    haunted = S.haunted[idx]
    # stage 0: the move ends it; the before-moving powers (rules §9)
    s0 = np.flatnonzero(stage == 0)
    m[r[s0], A.MOVE:A.MOVE + 9] = STEP[pos[s0]] | pw[s0, C.PEAKS, None]
    _before_moving_powers(S, m, r[s0], idx[s0], who[s0], pw[s0], living[s0])
    # any stage: the Yin-Yang (rules §8) and Power tokens (rules §13)
    help_ok, exo_ok = action_kinds(S, idx, who, stage, pw)
    can_help = _can_help(S, idx, who, help_ok | S.yinyang[idx, who])
    yy = np.flatnonzero(S.yinyang[idx, who])
    m[r[yy], A.YINYANG_HELP:A.YINYANG_HELP + 9] = ~haunted[yy] & can_help[yy]
    m[r[yy], A.YINYANG_UNHAUNT:A.YINYANG_UNHAUNT + 9] = haunted[yy]
    tk = np.flatnonzero(S.power_tokens[idx, who] > 0)
    if tk.size:
        lent = ((S.borrowed[idx[tk], None] >> np.arange(4)) & 1) == 1
        m[r[tk], A.POWER_TOKEN:A.POWER_TOKEN + 4] = ~S.is_player[idx[tk]] & on[tk] & ~lent
    # stages 1-2: help or exorcism (rules §4, 5, 9), then Buddhas and the end of the turn
    later = np.flatnonzero(stage >= 1)
    m[r[later], A.PASS] = True
    m[r, A.HELP] = help_ok & can_help[np.arange(idx.size), pos] & ~haunted[np.arange(idx.size), pos]
    ex = np.flatnonzero(exo_ok)
    targets = targetable(S, idx[ex], who[ex], bits[ex])
    two = targets.sum(1) == 2
    always_both = two & (S.rules[idx[ex], R.CORNER_TARGETS] == 1)     # switch 16.19
    m[r[ex], A.EXORCISE:A.EXORCISE + 12] = targets & ~always_both[:, None]
    m[r[ex], A.EXORCISE_BOTH] = two
    # stage 2: Buddhas on empty facing spaces (taken on an earlier turn)
    bu = np.flatnonzero((stage == 2) & (S.buddhas[idx, who] > S.buddhas_fresh[idx, who]))
    if bu.size:
        g = idx[bu]
        m[r[bu], A.BUDDHA:A.BUDDHA + 12] = FACES[pos[bu]] & (S.ghost[g] < 0) & ~S.buddha[g]
    return m


def _can_help(S, idx, who, asks) -> np.ndarray:
    """(n, 9) ``help_can_act``, worked out only for the rows that may ask for help now."""
    can = np.zeros((idx.size, 9), bool)
    if asks.any():
        can[asks] = help_can_act(S, idx[asks], who[asks])
    return can


def _before_moving_powers(S, m, out, idx, who, pw, living) -> None:
    """Enfeeblement Mantra, Bottomless Pockets and Twin Winds, once each before moving."""
    flags = S.turn_flags[idx]
    state = S.mantra_state[idx]
    mantra = np.flatnonzero(pw[:, C.MANTRA] & ((flags & USED_MANTRA) == 0)
                            & ((state == MANTRA_READY) | (state == MANTRA_ON_GHOST)))
    g = idx[mantra]
    m[out[mantra], A.MANTRA:A.MANTRA + 12] = ((S.ghost[g] >= 0)
                                              & (np.arange(12)[None, :] != S.mantra_space[g, None]))
    pockets = np.flatnonzero(pw[:, C.POCKETS] & ((flags & USED_POCKETS) == 0))
    m[out[pockets], A.POCKETS:A.POCKETS + 5] = S.tao_supply[idx[pockets]] > 0
    twin = np.flatnonzero(pw[:, C.TWIN_WINDS] & ((flags & USED_TWIN_WINDS) == 0))
    m[out[twin], A.TWIN_WINDS:A.TWIN_WINDS + 4] = (living[twin]
                                                   & (np.arange(4)[None, :] != who[twin, None]))


def _yang_apply(S, idx, act):
    who, stage, _ = stack.args(S, idx)
    for name, fn in _APPLY:
        r = A.RANGES[name]
        sel = (act >= r.start) & (act < r.stop)
        if sel.any():
            fn(S, idx[sel], who[sel], stage[sel], act[sel] - r.start)


def _move(S, idx, who, stage, t):
    S.pos[idx, who] = t
    stack.replace(S, idx, stack.YANG, who, 1)


def _mantra(S, idx, who, stage, g):
    S.mantra_space[idx] = g
    S.mantra_state[idx] = MANTRA_ON_GHOST
    S.turn_flags[idx] |= USED_MANTRA


def _pockets(S, idx, who, stage, c):
    S.tao[idx, who, c] += 1
    S.tao_supply[idx, c] -= 1
    S.turn_flags[idx] |= USED_POCKETS


def _twin_winds(S, idx, who, stage, p):
    S.turn_flags[idx] |= USED_TWIN_WINDS
    stack.push(S, idx, stack.MOVE_TAOIST, who, p, MOVE_AWAY)


def _yinyang_help(S, idx, who, stage, t):
    S.yinyang[idx, who] = False
    stack.push(S, idx, stack.HELP_TILE, who, t)


def _yinyang_unhaunt(S, idx, who, stage, t):
    S.yinyang[idx, who] = False
    S.haunted[idx, t] = False


def _power_token(S, idx, who, stage, s):
    S.power_tokens[idx, who] -= 1
    S.centre_power_tokens[idx] += 1
    S.borrowed[idx] |= (1 << s).astype(np.int8)


def _help(S, idx, who, stage, _):
    S.helps_done[idx] += 1
    stack.replace(S, idx, stack.YANG, who, 2)
    stack.push(S, idx, stack.HELP_TILE, who, S.pos[idx, who])


def _exorcise(S, idx, who, stage, g):
    S.exos_done[idx] += 1
    stack.replace(S, idx, stack.YANG, who, 2)
    stack.push(S, idx, stack.EXO_START, who, g, -1)


def _exorcise_both(S, idx, who, stage, _):
    S.exos_done[idx] += 1
    stack.replace(S, idx, stack.YANG, who, 2)
    targets = targetable(S, idx, who)
    first = targets.argmax(1)
    second = 11 - targets[:, ::-1].argmax(1)
    stack.push(S, idx, stack.EXO_START, who, first, second)


def _buddha(S, idx, who, stage, g):
    S.buddhas[idx, who] -= 1
    S.buddha[idx, g] = True
    S.turn_flags[idx] |= PLACED_BUDDHA


def _pass(S, idx, who, stage, _):
    at1 = stage == 1
    stack.replace(S, idx[at1], stack.YANG, who[at1], 2)
    stack.pop(S, idx[~at1])


_APPLY = (
    ("MOVE", _move), ("MANTRA", _mantra), ("POCKETS", _pockets), ("TWIN_WINDS", _twin_winds),
    ("YINYANG_HELP", _yinyang_help), ("YINYANG_UNHAUNT", _yinyang_unhaunt),
    ("POWER_TOKEN", _power_token), ("HELP", _help), ("EXORCISE", _exorcise),
    ("EXORCISE_BOTH", _exorcise_both), ("BUDDHA", _buddha), ("PASS", _pass),
)

decision("YANG", _yang_mask, _yang_apply)
