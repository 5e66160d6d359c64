"""Village helps (rules §7): what asking each villager is worth now, and the answers to
each tile's questions (which colour, which haunted tile, which ghost, which board...).

``help_values(ctx, who)`` (n, 9) is indexed by *position*: the worth of the help of the tile lying
there for seat ``who`` (0 where the tile is haunted). Each tile's worth is computed from the same
numbers as the rest of the heuristic (ghost threats, Qi and token values, arrival cost).
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C

from . import odds, plans
from . import weights as W
from .context import Ctx, per_context, settled
from .threats import (arrival_cost, board_qi_cost, curse_harm, haunter_value, qi_cost, qi_gain,
                      threat, token_values)


# Chance gained by one less resistance in a colour, for a need of k after the team's tokens: the
# odds of 3 dice (white wild) reaching k-1 less those of reaching k.
_P3 = odds.success_probability(np.eye(5, dtype=np.int64)[[0] * 7] * np.arange(7)[:, None],
                               np.zeros((7, 5)), np.zeros((7, 5)), np.full(7, 3),
                               np.ones(7, bool), np.zeros(7, bool))
ONE_LESS = np.concatenate([[0.0], _P3[:-1] - _P3[1:]])            # indexed by the need k


@per_context
def circle_benefit(ctx: Ctx) -> np.ndarray:
    """(n, 5) worth of the Circle's -1 on each colour: for each ghost in play needing that colour,
    the chance one less resistance adds to an attempt (after up to two of the team's tokens) times
    the ghost's value, over ``CIRCLE_ATTEMPTS`` attempts; plus its worth against ghosts to come."""
    team = (ctx.S.tao[ctx.idx] * ctx.living[..., None]).sum(1)                   # (n, 5)
    short = ctx.req - np.minimum(team, 2)[:, None, :]                           # (n, 12, 5)
    k = np.minimum(np.maximum(short, 0), ONE_LESS.size - 1)
    worth = threat(ctx)
    if "uncatchable" in ctx.plans:              # plans.py: no attempt reaches it yet
        worth = np.where(plans.waiting(ctx), 0.0, worth)
    gain = (worth[..., None] * ONE_LESS[k] * (ctx.req > 0)).sum(1)
    return W.CIRCLE_ATTEMPTS * gain + W.CIRCLE_FUTURE


def _circle(ctx, who):
    benefit = circle_benefit(ctx)
    cur = ctx.S.circle[ctx.idx].astype(np.int64)
    now = np.where(cur >= 0, benefit[ctx.rows, np.maximum(cur, 0)], 0.0)
    avail = (ctx.S.tao_supply[ctx.idx] > 0) & (np.arange(5) != cur[:, None])
    return np.maximum(0, np.where(avail, benefit, 0).max(1) - now)


def _temple(ctx, who):
    held = ctx.S.buddhas[ctx.idx, who]
    worth = W.BUDDHA * np.where(held > 0, 0.6, 1.0)
    if "uncatchable" in ctx.plans:              # plans.py: a Buddha for the Pavilion to use
        worth = worth + plans.temple_wanted(ctx)
    return (ctx.S.temple_buddhas[ctx.idx] > 0) * worth


def _cemetery(ctx, who):
    dead = (ctx.S.is_player[ctx.idx] & (ctx.S.qi[ctx.idx] == 0)).any(1)
    return dead * (W.REVIVE - curse_harm(ctx, who).mean(1))


@per_context
def restore_values(ctx: Ctx) -> np.ndarray:
    """(n, 9) worth of turning each haunted tile back (Altar, Yin-Yang): its help back, and the
    distance it puts back between the village and the haunted-tile limit (a lost game times the
    square of the share of the limit reached)."""
    tile = ctx.S.tile_at[ctx.idx].astype(np.int64)
    share = (ctx.n_haunted / ctx.limit)[:, None]
    base = W.HAUNT_TILE + np.asarray(W.TILE_IMPORTANCE)[tile] + W.LOSS * share ** 2
    return np.where(ctx.haunted, base, 0.0)


def _altar(ctx, who):
    return np.maximum(0, restore_values(ctx).max(1) - arrival_cost(ctx)) * ctx.haunted.any(1)


def herbalist_value(ctx, who):
    """(n,) worth of the Herbalist's help: two dice, each worth the average token it brings (a
    white face: the best colour, where white is wild)."""
    tv = token_values(ctx) * (ctx.S.tao_supply[ctx.idx] > 0)
    white = tv.max(1) * ctx.white_wild
    return 2 * (tv.sum(1) + white) / 6


@per_context
def sorcerer_targets(ctx: Ctx) -> np.ndarray:
    """(n, 12) worth of the Sorcerer exorcising each ghost (its threat), -inf where there is
    no ghost or an incarnation."""
    return np.where(ctx.has_ghost & ~ctx.is_inc, threat(ctx), -np.inf)


def _sorcerer(ctx, who):
    best = sorcerer_targets(ctx).max(1)
    return np.where(np.isfinite(best), best - qi_cost(ctx.S.qi[ctx.idx, who]), 0.0)


@per_context
def night_watch_gain(ctx: Ctx) -> np.ndarray:
    """(n, 4) worth of sending each board's haunting figurines back to their cards."""
    fig = ctx.S.haunter_pos[ctx.idx].astype(np.int64)
    gain = haunter_value(ctx, fig) - haunter_value(ctx, np.minimum(fig, 0))
    return gain.reshape(-1, 4, 3).sum(2)


def _night_watch(ctx, who):
    return night_watch_gain(ctx).max(1)


@per_context
def pavilion_trap(ctx: Ctx) -> np.ndarray:
    """(n,) worth of moving the worst ordinary ghost onto an empty Buddha space; with the
    ``uncatchable`` plan, also a share of an Uncatchable's, which becomes exorcisable there."""
    best = np.where(ctx.has_ghost & ~ctx.is_inc, threat(ctx), 0.0)
    if "uncatchable" in ctx.plans:              # plans.py: the Pavilion readies it
        best = np.maximum(best, plans.UNC_TRAP * threat(ctx) * plans.waiting(ctx))
    return ctx.buddha_free * best.max(1)


def _pavilion(ctx, who):
    full = (ctx.board_count == 3).any(1) & (ctx.board_count < 3).any(1)
    relief = full * (board_qi_cost(ctx) * (ctx.board_count == 3)).max(1) * W.OVERRUN_ROUNDS * 0.7
    return np.maximum(np.maximum(pavilion_trap(ctx), relief), W.PAVILION_MINOR) * ctx.has_ghost.any(1)


def _tea_house(ctx, who):
    qi = ctx.S.qi[ctx.idx, who]
    gain = qi_gain(qi) * (ctx.S.qi_supply[ctx.idx] > 0)
    tv = (token_values(ctx) * (ctx.S.tao_supply[ctx.idx] > 0)).max(1)
    return gain + tv - arrival_cost(ctx)


_TILE_VALUE = {C.CIRCLE: _circle, C.TEMPLE: _temple, C.CEMETERY: _cemetery, C.ALTAR: _altar,
               C.HERBALIST: herbalist_value, C.SORCERER: _sorcerer, C.NIGHT_WATCH: _night_watch,
               C.PAVILION: _pavilion, C.TEA_HOUSE: _tea_house}


def tile_values(ctx: Ctx, who, weighed: bool = True) -> np.ndarray:
    """(n, 9) worth of each tile's help (by tile id) for seat ``who``, haunted or not. Weighed by
    ``HELP_WEIGHT`` when it competes with exorcisms for the turn's action (measured: helps
    counted at their full worth crowd out exorcisms); the Yin-Yang's extra help is not."""
    v = _tile_worth(ctx, who)
    return v * np.asarray(W.HELP_WEIGHT) if weighed else v


@per_context
def _tile_worth(ctx: Ctx, who) -> np.ndarray:
    return np.stack([_TILE_VALUE[t](ctx, who) for t in range(C.NUM_TILES)], 1)


@per_context
def help_values(ctx: Ctx, who) -> np.ndarray:
    """(n, 9) worth of the help available at each position (0 on a haunted tile)."""
    by_tile = tile_values(ctx, who)
    at = np.take_along_axis(by_tile, ctx.S.tile_at[ctx.idx].astype(np.int64), 1)
    return np.where(ctx.haunted, 0.0, at)


# -- the tiles' questions ------------------------------------------------------------------------------

def _scores(ctx, start, values):
    s = np.zeros((ctx.n, A.NUM_ACTIONS))
    s[:, start:start + values.shape[1]] = values
    return s


def circle_colour(ctx: Ctx) -> np.ndarray:
    """CIRCLE_COLOUR: the colour whose -1 is worth most (``circle_benefit``)."""
    return _scores(ctx, A.CHOOSE_COLOUR, circle_benefit(ctx))


def take_tao(ctx: Ctx) -> np.ndarray:
    """TAKE_TAO: the colour whose token is worth most (``token_values``)."""
    return _scores(ctx, A.CHOOSE_COLOUR, token_values(ctx))


def altar_pick(ctx: Ctx) -> np.ndarray:
    """ALTAR_PICK: the haunted tile worth most to turn back (``restore_values``)."""
    return _scores(ctx, A.CHOOSE_TILE, restore_values(ctx))


def cemetery_pick(ctx: Ctx) -> np.ndarray:
    """Bring back the Taoist whose board's power works (ties: the first)."""
    return _scores(ctx, A.CHOOSE_TAOIST, ctx.on.astype(float))


def herb_reroll(ctx: Ctx) -> np.ndarray:
    """The Gods' Favorite at the Herbalist: reroll the dice whose token is worth less than an
    average die (a colour gone from the supply is worth nothing)."""
    tv = token_values(ctx) * (ctx.S.tao_supply[ctx.idx] > 0)
    die_mean = (tv.sum(1) + tv.max(1) * ctx.white_wild) / 6
    dice = ctx.S.dice[ctx.idx].astype(np.int64)
    colour = (dice >= 0) & (dice < 5)
    worth = np.where(colour, np.take_along_axis(tv, np.clip(dice, 0, 4), 1), np.inf)
    bits = ((settled(worth) < settled(die_mean)[:, None]) * (1 << np.arange(dice.shape[1]))).sum(1)
    s = np.zeros((ctx.n, A.NUM_ACTIONS))
    s[ctx.rows, A.REROLL + bits] = 1.0
    return s


def sorcerer_pick(ctx: Ctx) -> np.ndarray:
    """SORCERER_PICK: the ordinary ghost that threatens most (``sorcerer_targets``)."""
    return _scores(ctx, A.CHOOSE_SPACE, np.nan_to_num(sorcerer_targets(ctx), neginf=-1e9))


def night_watch_pick(ctx: Ctx) -> np.ndarray:
    """NIGHT_WATCH_PICK: the board whose haunting figurines are worth most to send back."""
    return _scores(ctx, A.CHOOSE_TAOIST, night_watch_gain(ctx))


def pav_ghost(ctx: Ctx) -> np.ndarray:
    """Move the worst ordinary ghost onto an empty Buddha space, else a ghost off a full board
    (the worst one), else the worst ghost."""
    v = threat(ctx)
    movable = ~ctx.is_inc
    if "uncatchable" in ctx.plans:              # plans.py: the Pavilion readies it
        movable = movable | plans.waiting(ctx)
    trap = ctx.buddha_free[:, None] & movable
    full = (ctx.board_count == 3)[:, np.arange(12) // 3]
    return _scores(ctx, A.CHOOSE_SPACE, v + 100 * trap + 10 * full)


def pav_dest(ctx: Ctx) -> np.ndarray:
    """PAV_DEST: where the Pavilion moves the ghost on space ``ctx.a``, scored as a placement of
    that ghost (``ghosts.space_scores``)."""
    from .ghosts import space_scores
    card = ctx.ghost[ctx.rows, ctx.a]
    return _scores(ctx, A.CHOOSE_SPACE, space_scores(ctx, card, moving_from=ctx.a))


def pav_taoist(ctx: Ctx) -> np.ndarray:
    """Move the other Taoist whose best help or exorcism gains most from moving anywhere."""
    from .turn import seat_position_values
    sub, rows, seat = ctx.by_seat(np.ones((ctx.n, 4), bool))
    v = seat_position_values(sub, seat)
    cur = v[sub.rows, np.maximum(sub.S.pos[sub.idx, seat], 0)]
    gains = np.zeros((ctx.n, 4))
    gains[rows, seat] = v.max(1) - cur
    return _scores(ctx, A.CHOOSE_TAOIST, gains)


def move_taoist(ctx: Ctx) -> np.ndarray:
    """Twin Winds or Pavilion: put the moved Taoist where his best action is worth most."""
    from .turn import seat_position_values
    return _scores(ctx, A.CHOOSE_TILE, seat_position_values(ctx, ctx.a))

