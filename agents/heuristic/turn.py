"""The Yang phase (rules §4, 8, 9, 13): where to move, what to do there, and the
before-moving powers, the Yin-Yang, Power tokens and Buddhas.

The turn is planned as a careful player would: for every tile the Taoist can reach, the best
thing he could do there (the help of its villager, or the best exorcism attempt it faces, with a
second action where Second Wind or Heavenly Gust allow), and he moves where that is worth most.
Free extras come first, before moving: Bottomless Pockets (always), the Yin-Yang when it frees a
haunted tile or buys a help worth more than keeping it, the Mantra on the ghost he is going to
attack, Twin Winds when it puts a teammate somewhere much better, a Power token when the
borrowed power raises the turn's value enough. After the action: a second action if the powers
allow it and it is worth something, then a Buddha on a facing empty space.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.geometry import CENTRE, FACES, FACING, STEP

from . import exorcism, plans
from . import weights as W
from .context import Ctx, per_context, settled
from .threats import threat, token_values
from .village import help_values, restore_values, tile_values

NEVER = -1e9       # score of an action the heuristic does not want (still legal)


def combine(helps, exos, pw) -> np.ndarray:
    """(n, 9) worth of the turn's action(s) at each position, given the powers ``pw`` (n, 8)."""
    h, e = np.maximum(helps, 0), np.maximum(exos, 0)
    best = np.maximum(h, e)
    twice = np.maximum(h * (1 + W.SECOND_HELP), e * (1 + W.SECOND_EXORCISM))
    best = np.where(pw[:, C.SECOND_WIND, None], np.maximum(best, twice), best)
    return np.where(pw[:, C.HEAVENLY_GUST, None], np.maximum(best, h + e), best)


def position_values(ctx: Ctx, who, pw=None) -> np.ndarray:
    """(n, 9) worth of ending the move on each position for seat ``who`` with the powers ``pw``
    (default: his own now); computed once per context, seat and powers (read-only)."""
    return _position_values(ctx, who, ctx.powers(who) if pw is None else pw)


@per_context
def _position_values(ctx: Ctx, who, pw) -> np.ndarray:
    plan = exorcism.plan(ctx, who, pw)
    v = combine(help_values(ctx, who), plan["at"], pw)
    v[:, CENTRE] += W.CENTRE_BONUS
    if "reach" in ctx.plans:                    # plans.py: a tile the next turn leaves from
        v += plans.REACH * plans.REACH_SHARE
    # a Buddha taken on an earlier turn can be put on an empty space facing the tile
    ready = ctx.S.buddhas[ctx.idx, who] > ctx.S.buddhas_fresh[ctx.idx, who]
    free = ~ctx.has_ghost & ~ctx.S.buddha[ctx.idx]
    placed = W.BUDDHA_PLACED
    if "uncatchable" in ctx.plans:              # plans.py: a Buddha for the Pavilion to use
        placed = placed + plans.UNC_BUDDHA * plans.trap_wanted(ctx)[:, None]
    v += placed * (ready[:, None] & (FACES[None] & free[:, None, :]).any(2))
    return v


def seat_position_values(ctx: Ctx, seat) -> np.ndarray:
    """``position_values`` for ``seat`` (an int or (n,) seats) with that seat's own powers."""
    return position_values(ctx, np.asarray(seat, np.int64))


def _reach(ctx: Ctx, who, pw) -> np.ndarray:
    pos = np.maximum(ctx.S.pos[ctx.idx, who], 0).astype(np.int64)
    return STEP[pos] | pw[:, C.PEAKS, None]


def _best_turn(ctx: Ctx, who, pw) -> np.ndarray:
    v = position_values(ctx, who, pw)
    return np.where(_reach(ctx, who, pw), v, -np.inf).max(1)


# -- the extras ----------------------------------------------------------------------------------------

def _yinyang(ctx: Ctx, s: np.ndarray, reachable: np.ndarray) -> None:
    """Free a haunted tile, or buy a help out of reach, when worth more than keeping the token."""
    free = settled(restore_values(ctx))
    s[:, A.YINYANG_UNHAUNT:A.YINYANG_UNHAUNT + 9] = np.where(free > W.YINYANG_KEEP, 900 + free, NEVER)
    helps = settled(np.take_along_axis(tile_values(ctx, ctx.who, weighed=False),
                                        ctx.S.tile_at[ctx.idx].astype(np.int64), 1))
    worth = (helps > W.YINYANG_HELP_KEEP) & (~reachable | (helps > 2 * W.YINYANG_HELP_KEEP))
    s[:, A.YINYANG_HELP:A.YINYANG_HELP + 9] = np.where(worth, 800 + helps, NEVER)


def _mantra(ctx: Ctx, s: np.ndarray, plan: dict, dest: np.ndarray) -> None:
    """Put the Mantra on the ghost attacked from ``dest``, else on the worst ghost in play."""
    facing = FACING[dest].astype(np.int64)                               # (n, 2)
    ev = np.where(facing >= 0, plan["single"][ctx.rows[:, None], np.maximum(facing, 0)], -1.0)
    aim = facing[ctx.rows, settled(ev).argmax(1)]
    worst = np.where(ctx.targetable, settled(threat(ctx)), -1.0).argmax(1)
    target = np.where((aim >= 0) & (ev.max(1) > 0), aim, worst)
    useful = ctx.S.mantra_space[ctx.idx] != target
    s[ctx.rows[useful], A.MANTRA + target[useful]] = 700.0


def _twin_winds(ctx: Ctx, s: np.ndarray, before: np.ndarray) -> None:
    """Move a teammate one step when his best action gains enough from it (games ``before``
    their move only: the gain is read from the turn still ahead)."""
    legal = ctx.S.mask[ctx.idx, A.TWIN_WINDS:A.TWIN_WINDS + 4] & before[:, None]
    if not legal.any():
        return
    sub, rows, seat = ctx.by_seat(legal)
    v = seat_position_values(sub, seat)
    pos = np.maximum(sub.S.pos[sub.idx, seat], 0).astype(np.int64)
    gain = settled(np.where(STEP[pos], v, -np.inf).max(1) - v[sub.rows, pos])
    s[rows, A.TWIN_WINDS + seat] = np.where(gain > W.TWIN_WINDS_GAIN, 600 + gain, NEVER)


def _power_tokens(ctx: Ctx, s: np.ndarray, before: np.ndarray) -> None:
    """Borrow a neutral board's power when the turn gains enough from it (rules §13), in the
    games ``before`` their move (the gain is that of the turn still ahead)."""
    legal = ctx.S.mask[ctx.idx, A.POWER_TOKEN:A.POWER_TOKEN + 4] & before[:, None]
    if not legal.any():
        return
    sub, rows, seat = ctx.by_seat(legal)
    pw = sub.powers(sub.who)
    power = sub.S.seat_power[sub.idx, seat].astype(np.int64)
    more = pw.copy()
    more[sub.rows, power] = True
    gain = _best_turn(sub, sub.who, more) - _best_turn(sub, sub.who, pw)
    gain = settled(np.where(power == C.POCKETS, token_values(sub).max(1), gain))
    s[rows, A.POWER_TOKEN + seat] = np.where(gain > W.POWER_TOKEN_GAIN, 500 + gain, NEVER)


# -- the YANG decision --------------------------------------------------------------------------------

def yang(ctx: Ctx) -> np.ndarray:
    """YANG: (n, A) scores of every Yang-phase action: the move and the extras before it
    (stage 0), then the help, an exorcism, a Buddha or pass at the Taoist's tile."""
    who, stage = ctx.who, ctx.a
    pw = ctx.powers(who)
    plan = exorcism.plan(ctx, who, pw)
    helps = help_values(ctx, who)
    s = np.full((ctx.n, A.NUM_ACTIONS), NEVER)
    pos = np.maximum(ctx.S.pos[ctx.idx, who], 0).astype(np.int64)
    before = stage == 0
    # stage 0: the move, and the extras before it
    v = position_values(ctx, who, pw)
    s[:, A.MOVE:A.MOVE + 9] = np.where(before[:, None], 10 + v, NEVER)
    dest = np.where(_reach(ctx, who, pw), settled(v), -np.inf).argmax(1)
    s[:, A.POCKETS:A.POCKETS + 5] = np.where(before[:, None], 1000 + token_values(ctx), NEVER)
    _mantra(ctx, s, plan, dest)
    _yinyang(ctx, s, _reach(ctx, who, pw))
    _twin_winds(ctx, s, before)
    _power_tokens(ctx, s, before)
    # stages 1-2: the action(s) at the Taoist's tile, or pass
    s[:, A.HELP] = helps[ctx.rows, pos]
    s[:, A.EXORCISE:A.EXORCISE + 12] = plan["single"]
    corner = np.searchsorted(exorcism.CORNERS, pos).clip(0, 3)
    s[:, A.EXORCISE_BOTH] = plan["pair"][ctx.rows, corner]
    s[:, A.PASS] = 0.0
    # stage 2: a Buddha on a facing empty space, once no second action is worth more
    s[:, A.BUDDHA:A.BUDDHA + 12] = 0.3
    return s


