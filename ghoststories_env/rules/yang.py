"""The Yang phase of the active Taoist: one decision point, ``YANG``, at three stages
(RULES.md sections 4, 8, 9, 13):

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

MOVE_STEP, MOVE_ANY = 0, 1


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
    n = idx.size
    rows = np.arange(n)
    who, stage, _ = stack.args(S, idx)
    m = stack.empty_mask(n)
    living = common.living(S, idx)
    alive = living[rows, who]
    bits = common.space_bits(S, idx)
    on = common.power_on(S, idx, bits)
    pw = common.powers_of(S, idx, who, on)
    pos = S.pos[idx, who].astype(np.int64)
    ghosts = S.ghost[idx] >= 0
    haunted = S.haunted[idx]
    before_move = (stage == 0) & alive
    # stage 0: the move ends it; the before-moving powers (RULES.md 9)
    m[:, A.MOVE:A.MOVE + 9] = before_move[:, None] & (STEP[pos] | pw[:, C.PEAKS, None])
    mantra = (before_move & pw[:, C.MANTRA] & ~_flag(S, idx, USED_MANTRA)
              & ((S.mantra_state[idx] == MANTRA_READY) | (S.mantra_state[idx] == MANTRA_ON_GHOST)))
    m[:, A.MANTRA:A.MANTRA + 12] = (mantra[:, None] & ghosts
                                    & (np.arange(12)[None, :] != S.mantra_space[idx, None]))
    pockets = before_move & pw[:, C.POCKETS] & ~_flag(S, idx, USED_POCKETS)
    m[:, A.POCKETS:A.POCKETS + 5] = pockets[:, None] & (S.tao_supply[idx] > 0)
    twin = before_move & pw[:, C.TWIN_WINDS] & ~_flag(S, idx, USED_TWIN_WINDS)
    others = living & (np.arange(4)[None, :] != who[:, None])
    m[:, A.TWIN_WINDS:A.TWIN_WINDS + 4] = twin[:, None] & others
    # any stage: the Yin-Yang (RULES.md 8) and Power tokens (RULES.md 13)
    yy = (S.yinyang[idx, who] & alive)[:, None]
    m[:, A.YINYANG_HELP:A.YINYANG_HELP + 9] = yy & ~haunted
    m[:, A.YINYANG_UNHAUNT:A.YINYANG_UNHAUNT + 9] = yy & haunted
    token = (S.power_tokens[idx, who] > 0) & alive
    lent = ((S.borrowed[idx, None].astype(np.int64) >> np.arange(4)) & 1).astype(bool)
    neutral_on = ~S.is_player[idx] & on
    m[:, A.POWER_TOKEN:A.POWER_TOKEN + 4] = token[:, None] & neutral_on & ~lent
    # stages 1-2: help or exorcism (RULES.md 4, 5, 9)
    help_ok, exo_ok = action_kinds(S, idx, who, stage, pw)
    help_ok &= alive & ~haunted[rows, pos]
    m[:, A.HELP] = help_ok
    targets = targetable(S, idx, who, bits) & (exo_ok & alive)[:, None]
    two = targets.sum(1) == 2
    always_both = two & (S.rules[idx, R.CORNER_TARGETS] == 1)     # switch 16.19
    m[:, A.EXORCISE:A.EXORCISE + 12] = targets & ~always_both[:, None]
    m[:, A.EXORCISE_BOTH] = two
    # stage 2: Buddhas on empty facing spaces (taken on an earlier turn)
    ready = (S.buddhas[idx, who] - S.buddhas_fresh[idx, who] > 0) & (stage == 2) & alive
    m[:, A.BUDDHA:A.BUDDHA + 12] = ready[:, None] & FACES[pos] & ~ghosts & ~S.buddha[idx]
    m[:, A.PASS] = (stage >= 1) & alive
    return m


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
    stack.push(S, idx, stack.MOVE_TAOIST, who, p, MOVE_STEP)


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


def _move_taoist_mask(S, idx):
    """Where the Taoist ``a`` may be moved: one step (Twin Winds; Pavilion under switch 16.4) or
    any tile (Pavilion)."""
    _, p, mode = stack.args(S, idx)
    m = stack.empty_mask(idx.size)
    step = STEP[S.pos[idx, p].astype(np.int64)]
    m[:, A.CHOOSE_TILE:A.CHOOSE_TILE + 9] = step | (mode == MOVE_ANY)[:, None]
    return m


def _move_taoist_apply(S, idx, act):
    _, p, _ = stack.args(S, idx)
    S.pos[idx, p] = act - A.CHOOSE_TILE
    stack.pop(S, idx)


decision("MOVE_TAOIST", _move_taoist_mask, _move_taoist_apply)
