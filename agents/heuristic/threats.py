"""Threat assessment: what each ghost in play will cost the team if it stays, what a Qi, a Tao
token or a new ghost is worth, and the expected harm of a Curse-die roll (rules §2, 4, 6, 10).

The central number is ``threat`` (n, 12): the value of removing the ghost on each space, in the
units of ``weights.py``. It adds up what the ghost does while it stays: a haunter's next haunting
(its cost divided by the Yang phases the team has before it happens, a lost game when the haunted
tiles would reach the limit or its line is all haunted), a tormentor's curse rolls, the board it
fills (overrun), its lasting markers (captured die, Tao lock, powers off) and, for an incarnation,
the deck that runs out.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env.geometry import SPACE_LINE

from . import plans
from . import weights as W
from .context import Ctx, per_context

_REWARD = np.zeros(len(C.RIGHT_CODES))
for _code, _v in W.REWARD.items():
    _REWARD[C.RIGHT_CODES.index(_code)] = _v
# (65,) reward value and number of curse rolls of each card's right stone
CARD_REWARD = np.where(C.CARD_RIGHT >= 0, _REWARD[np.maximum(C.CARD_RIGHT, 0)], 0).sum(1)
CARD_CURSES = (C.CARD_RIGHT == C.R_CURSE).sum(1)


def qi_cost(q) -> np.ndarray:
    """Cost of losing 1 Qi at Qi ``q`` (at 1 the Taoist dies)."""
    cost = np.asarray(W.QI_COST)          # read at each call: experiments/tune_heuristic.py sets it
    return cost[np.minimum(np.maximum(np.asarray(q, np.int64), 0), cost.size - 1)]


def qi_gain(q) -> np.ndarray:
    """Worth of gaining 1 Qi at Qi ``q``: half the danger it removes, plus its end-game point."""
    return 0.5 * qi_cost(q) + 0.5


@per_context
def board_qi_cost(ctx: Ctx) -> np.ndarray:
    """(n, 4) cost to the team of 1 Qi lost by each board: its living Taoist's; a neutral board's
    Qi does not score until it is possessed; a possessed board's loss falls on a living Taoist."""
    S, idx = ctx.S, ctx.idx
    qi = S.qi[idx].astype(np.int64)
    player = S.is_player[idx]
    absorber = np.where(ctx.living, qi, 0).max(1)
    possessed = qi == 0
    neutral = np.where(qi > 1, 0.3, 1.0)
    own = np.where(player, qi_cost(qi), neutral)
    return np.where(possessed, qi_cost(absorber)[:, None], own)


@per_context
def token_values(ctx: Ctx) -> np.ndarray:
    """(n, 5) worth of one more Tao token per colour: a base, plus the demand of the ghosts in
    play that need that colour, lower when the team already holds some."""
    demand = (threat(ctx)[..., None] * np.maximum(ctx.req - 1, 0)).sum(1)
    team = (ctx.S.tao[ctx.idx] * ctx.living[..., None]).sum(1)
    extra = np.minimum(W.TOKEN_DEMAND_CAP, W.TOKEN_DEMAND * demand) / (1 + 0.5 * team)
    if "incarnation" in ctx.plans:              # plans.py: tokens for the incarnation
        return W.TOKEN_BASE + extra + plans.incarnation_tokens(ctx, team)
    return W.TOKEN_BASE + extra


@per_context
def arrival_cost(ctx: Ctx) -> np.ndarray:
    """(n,) cost of bringing one more ghost into play: the ghost, and one card off the clock."""
    clock = W.ARRIVAL_CLOCK / (ctx.cards_left + 1) * ctx.inc_pending
    return W.ARRIVAL + clock


@per_context
def _next_haunt(ctx: Ctx):
    """(n, 12) for each space's line: no active tile is left in it, and the importance of the
    tile a haunting would turn (the first active one from the board inward)."""
    line = SPACE_LINE.astype(np.int64)                                  # (12, 3)
    h = ctx.haunted[:, line]                                            # (n, 12, 3)
    first = (~h).argmax(2)
    pos = line[np.arange(12), first]                                    # (n, 12)
    tile = np.take_along_axis(ctx.S.tile_at[ctx.idx].astype(np.int64), pos, 1)
    return h.all(2), np.asarray(W.TILE_IMPORTANCE)[tile]


@per_context
def tile_loss(ctx: Ctx, before=0) -> np.ndarray:
    """(n, 12) cost of the ghost on each space haunting its line (rules §4, 10) after ``before``
    (n, 12) other hauntings."""
    none_left, importance = _next_haunt(ctx)
    count = ctx.n_haunted[:, None] + 1 + before
    fatal = none_left | (count >= ctx.limit[:, None])
    cost = W.HAUNT_TILE + W.HAUNT_RISK * np.minimum(count / ctx.limit[:, None], 1) + importance
    return np.where(fatal, W.LOSS, cost)


@per_context
def haunter_value(ctx: Ctx, figurine: np.ndarray) -> np.ndarray:
    """(n, 12) worth of removing a haunter whose figurine is at ``figurine`` (0 card, 1 stone 1,
    -1 none): its haunting's cost over the Yang phases left before it haunts. The haunting is
    counted after those that come first: every figurine on a stone 1 of a board whose Yin phase
    comes no later (its own board's included), and for a figurine on its card all of them."""
    is_haunter = ((ctx.bits & C.B_HAUNTER) != 0) & (figurine >= 0)
    seat = np.arange(12) // 3
    ch = ctx.chances[:, seat]
    steps = 2 - np.minimum(np.maximum(figurine, 0), 1)
    chances = ch + (steps - 1) * ctx.n_living[:, None]
    on_stone = (is_haunter & (figurine == 1)).reshape(-1, 4, 3).sum(2)                # (n, 4)
    no_later = ctx.chances[:, None, :] <= ctx.chances[:, :, None]                   # (n, s, t)
    first = (no_later * on_stone[:, None, :]).sum(2)[:, seat]                       # (n, 12)
    before = np.where(steps == 1, first - 1, on_stone.sum(1)[:, None])
    return is_haunter * tile_loss(ctx, before) / np.maximum(chances, 1) ** W.HAUNT_URGENCY


def _curse_die(haunt, ghost, tokens, qi, gods) -> np.ndarray:
    """Expected harm of a Curse-die roll from the worth of its faces (two blank, a haunting, a
    ghost, the roller's tokens, a Qi; broadcast together), summed left to right as a sum over a
    face axis is. With the Gods' Favorite (``gods``) a face worse than the mean is rerolled."""
    mean = (((haunt + ghost) + tokens) + qi) / 6
    if not gods.any():
        return mean
    blank = np.minimum(0.0, mean)
    low = (((((blank + blank) + np.minimum(haunt, mean)) + np.minimum(ghost, mean))
            + np.minimum(tokens, mean)) + np.minimum(qi, mean)) / 6
    return np.where(gods, low, mean)


@per_context
def curse_harm(ctx: Ctx, roller: np.ndarray) -> np.ndarray:
    """(n, 12) expected harm of one Curse-die roll by seat ``roller`` (n,) for the ghost on each
    space (rules §2): its haunt face haunts that ghost's line. The Gods' Favorite rerolls a bad
    face when the reroll is better on average."""
    S, idx = ctx.S, ctx.idx
    return _curse_die(tile_loss(ctx), arrival_cost(ctx)[:, None],
                      (S.tao[idx, roller].sum(1) * (W.TOKEN_BASE + 0.2))[:, None],
                      qi_cost(S.qi[idx, roller])[:, None],
                      ctx.powers(roller)[:, C.GODS_FAVORITE][:, None])


def _torment_harm(ctx: Ctx, roller: np.ndarray) -> np.ndarray:
    """(n, 12) the harm of a curse roll by ``roller`` (n, 4), each seat's for its board's spaces:
    ``own_curse_harm`` of the four seats at once."""
    S, idx = ctx.S, ctx.idx
    at = idx[:, None], roller
    gods = np.stack([ctx.powers(roller[:, s])[:, C.GODS_FAVORITE] for s in range(4)], 1)
    mountain = np.stack([ctx.powers(roller[:, s])[:, C.MOUNTAIN] for s in range(4)], 1)
    tokens = S.tao[at].sum(2) * (W.TOKEN_BASE + 0.2)
    harm = _curse_die(tile_loss(ctx).reshape(-1, 4, 3), arrival_cost(ctx)[:, None, None],
                      tokens[..., None], qi_cost(S.qi[at])[..., None], gods[..., None])
    return np.where(mountain[..., None], 0.0, harm).reshape(-1, 12)


@per_context
def own_curse_harm(ctx: Ctx, roller: np.ndarray) -> np.ndarray:
    """Curse harm of the roller's own roll, which Strength of the Mountain skips."""
    mountain = ctx.powers(roller)[:, C.MOUNTAIN]
    return np.where(mountain[:, None], 0.0, curse_harm(ctx, roller))


@per_context
def threat(ctx: Ctx) -> np.ndarray:
    """(n, 12) worth of removing each ghost, whoever removes it and however (see module doc)."""
    S, idx, bits = ctx.S, ctx.idx, ctx.bits
    seat = np.arange(12) // 3
    count = ctx.board_count[:, seat]
    v = W.GHOST_BASE + W.BOARD_TWO * (count == 2)
    v = v + (count == 3) * (W.BOARD_FULL + W.OVERRUN_ROUNDS * board_qi_cost(ctx)[:, seat])
    haunting = haunter_value(ctx, S.haunter_pos[idx].astype(np.int64))
    if "haunters" in ctx.plans:                 # plans.py: clear the haunters first
        haunting = haunting * (1 + plans.HAUNTERS_MORE)
    v = v + haunting
    # a tormentor's rolls fall on its board's Taoist, or on the strongest living one
    qi = np.where(ctx.living, S.qi[idx], 0)
    roller = np.where(ctx.living, np.arange(4), qi.argmax(1)[:, None])
    tormentor = (bits & C.B_TORMENTOR) != 0
    if tormentor.any():                                # (else the term is 0)
        v = v + tormentor * W.TORMENT_ROLLS * _torment_harm(ctx, roller)
    v = v + ((bits & C.B_CAPTURE) != 0) * W.CAPTURE_DIE
    team_tokens = (S.tao[idx].sum(2) * ctx.living).sum(1)
    v = v + ((bits & C.B_TAO_LOCK) != 0) * (W.TAO_LOCK + W.TAO_LOCK_PER_TOKEN * team_tokens)[:, None]
    player_power = (ctx.living & S.is_player[idx])[:, seat]
    v = v + ((bits & C.B_POWER_OFF) != 0) * player_power * W.POWER_OFF
    v = v + ((bits & C.B_ALL_OFF) != 0) * W.ALL_POWERS_OFF
    v = v + ((bits & C.B_MIDDLE_DISCARD) != 0) * W.MIDDLE_DISCARD
    clock = W.INCARNATION + W.INCARNATION_CLOCK * 10 / (ctx.cards_left + 1)
    v = v + ctx.is_inc * clock[:, None]
    if "incarnation" in ctx.plans:              # plans.py: beating it is the game
        v = v + plans.strike(ctx)
    if "overrun" in ctx.plans:                  # plans.py: empty the board that overruns first
        v = v + plans.overrun(ctx, board_qi_cost(ctx))
    if "crowd" in ctx.plans:                    # plans.py: a fuller village, every ghost worse
        v = v + plans.crowd(ctx)
    return np.where(ctx.has_ghost, v, 0.0)


@per_context
def exorcism_value(ctx: Ctx, who: np.ndarray) -> np.ndarray:
    """(n, 12) worth of ``who`` exorcising each ghost: its threat, its reward, less the curses
    its right stone makes him roll."""
    cursed = CARD_CURSES[ctx.card] * own_curse_harm(ctx, who)
    return np.where(ctx.has_ghost, threat(ctx) + CARD_REWARD[ctx.card] - cursed, 0.0)
