"""Setting up new games (rules §3, 12, 13)."""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from .. import rng
from ..actions import NUM_ACTIONS
from ..config import GameConfig, R, encode
from ..geometry import CENTRE
from ..state import MANTRA_GONE, MANTRA_READY, State, empty_state
from . import stack
from .stack import decision

# (4 colours, 2 sides) -> power id
POWERS_OF_COLOUR = np.array([np.flatnonzero(C.POWER_COLOUR == c) for c in range(4)], np.int8)
GHOSTS_BELOW_INCARNATION = 10


def deck_template(num_ghosts: int, num_incarnations: int) -> tuple[np.ndarray, np.ndarray]:
    """Deck order from the top as (is_incarnation, index into the shuffled ghosts/incarnations):
    from the bottom, 10 ghosts, an incarnation, 10 ghosts, an incarnation..., the rest on top."""
    bottom_up = []
    g = 0
    for i in range(num_incarnations):
        bottom_up += [(False, g + j) for j in range(GHOSTS_BELOW_INCARNATION)] + [(True, i)]
        g += GHOSTS_BELOW_INCARNATION
    bottom_up += [(False, j) for j in range(g, num_ghosts)]
    kind, index = np.array(bottom_up[::-1]).T
    return kind.astype(bool), index.astype(np.int64)


def new_games(config: GameConfig, seeds) -> State:
    """Fresh games, one per seed, at their first automatic step (the first Yin phase)."""
    seeds = np.asarray(seeds).ravel()
    B = seeds.size
    S = empty_state(B, NUM_ACTIONS, R.WIDTH)
    S.rules[:] = encode(config)
    S.rng_key[:] = rng.seed_keys(seeds)
    idx = np.arange(B)
    P = config.num_players
    # 1. village, 2. boards: colours to seats and power sides at random, players' seats at random
    S.tile_at[:] = rng.permutations(S, idx, 9)
    S.seat_colour[:] = rng.permutations(S, idx, 4)
    side = rng.uniform_int(S, idx, 4, 2)
    S.seat_power[:] = POWERS_OF_COLOUR[S.seat_colour, side]
    seats = rng.permutations(S, idx, 4).astype(np.int64)
    S.is_player[idx[:, None], seats[:, :P]] = True
    if P == 1:   # rules §13: the red neutral board shows the Dance of the Peaks
        red_neutral = (S.seat_colour == C.RED) & ~S.is_player
        S.seat_power[red_neutral] = C.PEAKS
    first = seats[idx, rng.uniform_int(S, idx, 1, P)[:, 0]]
    # 3. Taoists: Qi, Tao tokens, Yin-Yang, figures on the central tile; neutral boards: Qi
    players = S.is_player
    S.qi[:] = np.where(players, config.taoist_qi, config.neutral_qi)
    S.pos[:] = np.where(players, CENTRE, -1)
    own = np.eye(5, dtype=np.int8)[S.seat_colour]                      # (B, 4, 5)
    if P == 1:
        own = np.broadcast_to(np.array([1, 1, 1, 1, 0], np.int8), own.shape).copy()
    if config.start_black_token:
        own[:, :, C.BLACK] = 1
    S.tao[:] = own * players[:, :, None]
    S.yinyang[:] = players & config.start_yinyang
    if P < 4:    # Power tokens: one per player, all three alone
        S.power_tokens[:] = players * (C.POWER_TOKENS if P == 1 else 1)
    S.temple_buddhas[:] = C.BUDDHAS
    S.qi_supply[:] = C.QI_TOKENS - S.qi.sum(1)
    S.tao_supply[:] = C.TAO_PER_COLOUR - S.tao.sum(1)
    # 5. deck: 5 ghosts removed unseen per missing player, incarnations every 10 from the bottom
    ghosts = rng.permutations(S, idx, C.NUM_GHOSTS).astype(np.int64)
    incs = rng.permutations(S, idx, C.NUM_INCARNATIONS).astype(np.int64) + C.NUM_GHOSTS
    n_removed = 5 * (4 - P)
    k = config.num_incarnations
    S.removed[idx[:, None], ghosts[:, :n_removed]] = True
    S.removed[idx[:, None], incs[:, k:]] = True
    kept = ghosts[:, n_removed:]
    kind, index = deck_template(kept.shape[1], k)
    S.deck[:, :kind.size] = np.where(kind, incs[:, np.minimum(index, k - 1)], kept[:, index])
    S.deck_len[:] = kind.size
    S.inc_total[:] = k
    S.active[:] = first
    index_powers(S, idx)
    stack.push(S, idx, stack.TURN_START, first)
    if config.power_sides == "chosen":   # switch 3.2: each Taoist picks his side, in turn order
        for k in (3, 2, 1, 0):
            seat = (first + k) % 4
            plays = S.is_player[idx, seat]
            stack.push(S, idx[plays], stack.POWER_SIDE, seat[plays])
    return S


def index_powers(S, idx) -> None:
    """Derive ``power_seat`` and the Mantra token's presence from the boards' power sides."""
    power = S.seat_power[idx]
    for p in range(C.NUM_POWERS):
        has = power == p
        S.power_seat[idx, p] = np.where(has.any(1), has.argmax(1), -1)
    S.mantra_state[idx] = np.where(S.power_seat[idx, C.MANTRA] >= 0, MANTRA_READY, MANTRA_GONE)


def _side_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.POWER_SIDE:A.POWER_SIDE + 2] = True
    return m


def _side_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    S.seat_power[idx, who] = POWERS_OF_COLOUR[S.seat_colour[idx, who], act - A.POWER_SIDE]
    index_powers(S, idx)
    stack.pop(S, idx)


decision("POWER_SIDE", _side_mask, _side_apply)
