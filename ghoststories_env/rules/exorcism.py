"""Exorcism (rules §5, incarnation conditions of section 15).

EXO_START rolls the Tao dice -> EXO_REROLL (The Gods' Favorite) -> EXO_EVAL applies the Circle of
Prayer and the Mantra (EXO_MANTRA: its colour on a multicolour incarnation) -> EXO_CHOOSE: which
targets to exorcise, within what dice, white faces and tokens allow and compulsion demands ->
EXO_WHITE: colours of the white faces where that changes which tokens are spent -> EXO_PAY /
EXO_PAY_CHOOSE: whose tokens pay -> EXO_FINISH: the ghosts leave, then each one's curses and
rewards.

A roll is pooled per colour: a face of colour c can serve any target needing c (a corner roll may
be split between both ghosts), a white face any one colour, and nothing applies to a dice-immune
target. For a set T of targets, with F[c] faces, w wild whites and tokens Tk[c] available:
  deficit d[c] = max(0, need of T's dice-able targets in c - F[c]),  Ri[c] = immune targets' need
  whites that must go to c:  m[c] = max(0, d[c] + Ri[c] - Tk[c])
  T is possible  iff  m[c] <= d[c] for every c  and  sum(m) <= w;  with the dice alone iff
  Ri = 0 and sum(d) <= w.
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from ..config import R
from ..geometry import FACES, OPPOSITE
from . import common, stack
from .ghosts import SKIPPABLE, remove_ghost
from .rolls import reroll, roll_tao
from .stack import decision, effect

_OPTIONS = np.array([[0, 0], [1, 0], [0, 1], [1, 1]], bool)   # OUTCOME o -> which targets


def targetable(S, idx, who, bits=None) -> np.ndarray:
    """(n, 12) bool: ghosts the Taoist ``who`` may attempt to exorcise from his tile now."""
    g = S.ghost[idx]
    bits = common.space_bits(S, idx) if bits is None else bits
    pos = S.pos[idx, who].astype(np.int64)
    ok = FACES[pos] & (g >= 0)
    # Howling Nightmare: the space across the village must be empty.
    ok &= ((bits & C.B_OPPOSITE) == 0) | (g[:, OPPOSITE] < 0)
    # Uncatchable: has stood on a Buddha (switch 16.2: stands on one now).
    ready = S.uncatchable_ready[idx] & (S.rules[idx, R.UNCATCHABLE_RULE] == 0)
    ok &= ((bits & C.B_NEEDS_BUDDHA) == 0) | ready[:, None] | S.buddha[idx]
    captured = ((bits & C.B_CAPTURE) != 0).sum(1)
    no_dice = (captured >= 3) & (S.rules[idx, R.EXORCISM_WITHOUT_DICE] == 0)
    return ok & ~no_dice[:, None]


@effect("EXO_START")
def exo_start(S, idx):
    """An exorcism begins: its targets are noted and the Tao dice rolled (3 less those captured,
    plus the grey die of the Strength of the Mountain unless it is captured too, switch 16.8);
    then a reroll (Gods' Favorite) or the evaluation."""
    who, g1, g2 = stack.args(S, idx)
    S.exo_targets[idx, 0] = g1
    S.exo_targets[idx, 1] = g2
    grey = common.has_power(S, idx, who, C.MOUNTAIN).astype(np.int64)
    captured = common.captured_dice(S, idx)
    # switch 16.8: captors take the standard dice first; the grey die only when it may be taken
    grey_taken = (S.rules[idx, R.CAPTURED_DICE_AFFECT_GREY] == 1) & (captured > 3)
    n_dice = np.maximum(0, 3 - captured) + grey * ~grey_taken
    S.dice[idx] = roll_tao(S, idx, n_dice)
    again = common.has_power(S, idx, who, C.GODS_FAVORITE)
    stack.replace(S, idx[again], stack.EXO_REROLL, who[again])
    stack.replace(S, idx[~again], stack.EXO_EVAL, who[~again])


def reroll_mask(S, idx):
    """REROLL subsets of the dice rolled (0 = keep them all)."""
    present = (S.dice[idx] >= 0).astype(np.int64) @ (1 << np.arange(4))
    m = stack.empty_mask(idx.size)
    m[:, A.REROLL:A.REROLL + 16] = (np.arange(16)[None, :] & ~present[:, None]) == 0
    return m


def _reroll_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    reroll(S, idx, act - A.REROLL)
    stack.replace(S, idx, stack.EXO_EVAL, who)


decision("EXO_REROLL", reroll_mask, _reroll_apply)


def _floor(base, reduced, S, idx):
    """Modifiers bring a colour's need down to 0, or not below 1 (switch 16.9)."""
    lo = np.minimum(base, S.rules[idx, R.MIN_RESISTANCE][:, None, None])
    return np.maximum(reduced, lo)


@effect("EXO_EVAL")
def exo_eval(S, idx):
    """Each target's need per colour after the Circle of Prayer and the Mantra."""
    who, _, _ = stack.args(S, idx)
    g = S.exo_targets[idx].astype(np.int64)
    card = np.where(g >= 0, S.ghost[idx[:, None], np.maximum(g, 0)], -1)
    base = np.where((card >= 0)[..., None], C.CARD_REQ[np.maximum(card, 0)], 0)   # (n, 2, 5)
    circle = S.circle[idx].astype(np.int64)
    circle_tile = (S.tile_at[idx] == C.CIRCLE).argmax(1)
    circle_on = (circle >= 0) & ((S.rules[idx, R.CIRCLE_WHEN_HAUNTED] == 0)
                                 | ~S.haunted[idx, circle_tile])
    mod = np.zeros_like(base)
    mod += (circle_on[:, None, None] & (np.arange(5) == circle[:, None, None])).astype(base.dtype)
    mantra = (S.mantra_space[idx, None] == g) & (g >= 0)                          # (n, 2)
    single = mantra & ~C.IS_MULTICOLOUR[np.maximum(card, 0)]
    mod += (single[..., None] & (base > 0)).astype(base.dtype)
    S.exo_req[idx] = _floor(base, base - mod, S, idx)
    multi = (mantra & C.IS_MULTICOLOUR[np.maximum(card, 0)]).any(1)
    stack.replace(S, idx, stack.EXO_CHOOSE, who)
    stack.push(S, idx[multi], stack.EXO_MANTRA, who[multi])


def _mantra_target(S, idx) -> np.ndarray:
    return (S.exo_targets[idx, 1] == S.mantra_space[idx]).astype(np.int64)


def _mantra_mask(S, idx):
    """The Mantra's colour on a multicolour incarnation is chosen after the roll (UBG)."""
    t = _mantra_target(S, idx)
    req = S.exo_req[idx, t]
    card = S.ghost[idx, S.exo_targets[idx, t]]
    floor = np.minimum(C.CARD_REQ[card], S.rules[idx, R.MIN_RESISTANCE][:, None])
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = req > floor
    return m


def _mantra_apply(S, idx, act):
    t = _mantra_target(S, idx)
    S.exo_req[idx, t, act - A.CHOOSE_COLOUR] -= 1
    stack.pop(S, idx)


decision("EXO_MANTRA", _mantra_mask, _mantra_apply)


def _pool(S, idx, who):
    """Faces per colour F (n, 5), wild whites w (n,), tokens available Tk (n, 5), immune (n, 2)."""
    d = S.dice[idx]
    F = (d[:, :, None] == np.arange(5)).sum(1)
    w = (d == C.WHITE).sum(1) * common.white_is_wild(S, idx)
    helpers = common.on_same_tile(S, idx, who)
    Tk = (S.tao[idx] * helpers[:, :, None]).sum(1) * ~common.tao_locked(S, idx)[:, None]
    g = S.exo_targets[idx].astype(np.int64)
    card = S.ghost[idx[:, None], np.maximum(g, 0)]
    immune = C.DICE_IMMUNE[np.maximum(card, 0)] & (g >= 0)
    return F, w, Tk, immune


def _plan(S, idx, F, w, Tk, immune, option):
    """For target set ``option`` (n, 2) bool: deficits d, immune needs Ri, mandatory whites m,
    whether it is possible with the dice alone and with dice and tokens."""
    req = S.exo_req[idx].astype(np.int64) * option[:, :, None]
    Rn = (req * ~immune[:, :, None]).sum(1)
    Ri = (req * immune[:, :, None]).sum(1)
    d = np.maximum(0, Rn - F)
    m = np.maximum(0, d + Ri - Tk)
    dice_ok = (Ri == 0).all(1) & (d.sum(1) <= w)
    full_ok = (m <= d).all(1) & (m.sum(1) <= w)
    return d, Ri, m, dice_ok, full_ok


def _choose_mask(S, idx):
    """Compulsion (rules §5): what the dice alone beat must go; tokens may add more."""
    who, _, _ = stack.args(S, idx)
    F, w, Tk, immune = _pool(S, idx, who)
    n = idx.size
    has = S.exo_targets[idx] >= 0
    dice_ok = np.zeros((n, 4), bool)
    full_ok = np.zeros((n, 4), bool)
    for o in (1, 2, 3):
        opt = np.broadcast_to(_OPTIONS[o], (n, 2))
        _, _, _, dice_ok[:, o], full_ok[:, o] = _plan(S, idx, F, w, Tk, immune, opt)
        valid = (has | ~_OPTIONS[o]).all(1)
        dice_ok[:, o] &= valid
        full_ok[:, o] &= valid
    # S is allowed iff possible and it contains a maximal set the dice alone beat.
    legal = full_ok.copy()
    legal[:, 0] = True
    both = dice_ok[:, 3]
    legal[both, :3] = False
    one = dice_ok[:, 1] & ~both
    two = dice_ok[:, 2] & ~both
    legal[one | two, 0] = False
    legal[one & ~two, 2] = False
    legal[two & ~one, 1] = False
    m = stack.empty_mask(n)
    m[:, A.OUTCOME:A.OUTCOME + 4] = legal
    return m


def _choose_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    o = act - A.OUTCOME
    fail = o == 0
    S.dice[idx[fail]] = -1
    stack.pop(S, idx[fail])
    r, who, o = idx[~fail], who[~fail], o[~fail]
    F, w, Tk, immune = _pool(S, r, who)
    d, Ri, m, _, _ = _plan(S, r, F, w, Tk, immune, _OPTIONS[o])
    S.exo_outcome[r] = o
    S.exo_need[r] = d - m + Ri
    S.exo_wcap[r] = d - m
    S.exo_free[r] = w - m.sum(1)
    stack.replace(S, r, stack.EXO_FINISH, who)
    stack.push(S, r, stack.EXO_PAY, who)
    stack.push(S, r, stack.EXO_WHITE, who)


decision("EXO_CHOOSE", _choose_mask, _choose_apply)


def _white_mask(S, idx):
    """A free white face lowers the tokens needed in a colour of the player's choice."""
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = (S.exo_free[idx, None] > 0) & (S.exo_wcap[idx] > 0)
    return m


def _white_apply(S, idx, act):
    c = act - A.CHOOSE_COLOUR
    S.exo_need[idx, c] -= 1
    S.exo_wcap[idx, c] -= 1
    S.exo_free[idx] -= 1


decision("EXO_WHITE", _white_mask, _white_apply)


def _holders(S, idx, who):
    return S.tao[idx] * common.on_same_tile(S, idx, who)[:, :, None]      # (n, 4, 5)


@effect("EXO_PAY")
def exo_pay(S, idx):
    """Tokens are paid where nobody has a choice: one holder, or exactly as many as needed."""
    who, _, _ = stack.args(S, idx)
    hold = _holders(S, idx, who)
    need = S.exo_need[idx].astype(np.int64)
    total = hold.sum(1)
    n_holders = (hold > 0).sum(1)
    forced = (need > 0) & ((n_holders <= 1) | (total == need))          # (n, 5)
    pay = np.where(forced[:, None, :], np.minimum(hold, need[:, None, :]), 0)
    S.tao[idx] -= pay.astype(np.int8)
    S.tao_supply[idx] += pay.sum(1).astype(np.int8)
    S.exo_need[idx] -= pay.sum(1).astype(np.int8)
    open_ = S.exo_need[idx].sum(1) > 0
    stack.pop(S, idx[~open_])
    stack.push(S, idx[open_], stack.EXO_PAY_CHOOSE, who[open_])


def _pay_colour(S, idx) -> np.ndarray:
    return (S.exo_need[idx] > 0).argmax(1)


def _pay_mask(S, idx):
    who, _, _ = stack.args(S, idx)
    c = _pay_colour(S, idx)
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = _holders(S, idx, who)[np.arange(idx.size), :, c] > 0
    return m


def _pay_apply(S, idx, act):
    c = _pay_colour(S, idx)
    p = act - A.CHOOSE_TAOIST
    S.tao[idx, p, c] -= 1
    S.tao_supply[idx, c] += 1
    S.exo_need[idx, c] -= 1
    stack.pop(S, idx)


decision("EXO_PAY_CHOOSE", _pay_mask, _pay_apply)

# Right stone -> effects pushed for the exorcist, in resolution order (curse first, rules §5).
_RIGHT_EFFECTS = {
    C.R_CURSE: ("CURSE",), C.R_TAO_1: ("TAKE_TAO",), C.R_TAO_2: ("TAKE_TAO", "TAKE_TAO"),
    C.R_QI_OR_YY: ("REWARD_QI_YY",), C.R_INC: ("INC_QI", "INC_YY"),
}


def _card_effects() -> np.ndarray:
    """(65, 4) effect codes each card's right stone resolves, in order, -1 padded."""
    out = np.full((C.NUM_CARDS, 4), -1, np.int8)
    for card in range(C.NUM_CARDS):
        seq = [stack.CODES[e] for code in C.CARD_RIGHT[card] if code >= 0 for e in _RIGHT_EFFECTS[code]]
        out[card, :len(seq)] = seq
    return out


RIGHT_EFFECTS = _card_effects()


@effect("EXO_FINISH")
def exo_finish(S, idx):
    """The exorcised ghosts go to the discard pile, then each one's curse(s) and reward(s)."""
    who, _, _ = stack.args(S, idx)
    chosen = _OPTIONS[S.exo_outcome[idx]] & (S.exo_targets[idx] >= 0)
    g = S.exo_targets[idx].astype(np.int64)
    cards = np.full((idx.size, 2), -1, np.int64)
    for t in (0, 1):
        sel = chosen[:, t]
        cards[sel, t] = remove_ghost(S, idx[sel], g[sel, t])
    incs = (C.IS_INCARNATION[np.maximum(cards, 0)] & (cards >= 0)).sum(1)
    S.inc_defeated[idx] += incs.astype(np.int8)
    S.dice[idx] = -1
    stack.pop(S, idx)
    stack.push(S, idx[incs > 0], stack.WIN_CHECK, who[incs > 0])
    for t in (1, 0):                      # the first target's effects end up on top
        for j in (3, 2, 1, 0):
            code = np.where(cards[:, t] >= 0, RIGHT_EFFECTS[np.maximum(cards[:, t], 0), j], -1)
            has = code >= 0
            flags = np.where(code[has] == stack.CURSE, SKIPPABLE, -1)
            stack.push(S, idx[has], code[has], who[has], g[has, t], flags)
