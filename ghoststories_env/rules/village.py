"""The help of the nine villagers (rules §7).

HELP_TILE turns into the tile's own chain of effects, read from ``TILE_CHAIN``; each tile's
choices are decisions below. A villager is asked only when his help can act (``help_can_act``: no
Altar without a haunted tile, no Temple without a Buddha...); where one part of a help that acts
has no possible answer (the Pavilion with no ghost that can move), that part does nothing.
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from ..config import R
from ..geometry import STEP
from . import common, stack
from .exorcism import reroll_mask
from .ghosts import SKIPPABLE, remove_ghost
from .rolls import reroll, roll_tao
from .stack import decision, effect

# MOVE_TAOIST modes: one normal step or to any tile (the Pavilion: staying is allowed), one step
# to another tile (the Dance of the Twin Winds: rules §9, he is moved)
MOVE_STEP, MOVE_ANY, MOVE_AWAY = 0, 1, 2

# tile -> effects it becomes, resolved first to last
_CHAINS = {
    C.CIRCLE: ("CIRCLE_COLOUR",),
    C.TEMPLE: ("TEMPLE",),
    C.CEMETERY: ("CEMETERY_PICK",),
    C.ALTAR: ("ALTAR_PICK", "DRAW_GHOST"),
    C.HERBALIST: ("HERB_ROLL",),
    C.SORCERER: ("SORCERER_PICK",),
    C.NIGHT_WATCH: ("NIGHT_WATCH_PICK",),
    C.PAVILION: ("PAV_GHOST", "PAV_TAOIST"),
    C.TEA_HOUSE: ("TAKE_TAO", "GAIN_QI", "DRAW_GHOST"),
}
TILE_CHAIN = np.full((C.NUM_TILES, 3), -1, np.int8)
for _t, _chain in _CHAINS.items():
    TILE_CHAIN[_t, :len(_chain)] = [stack.CODES[c] for c in _chain]


@effect("HELP_TILE")
def help_tile(S, idx):
    """Taoist ``who`` asks the villager at position ``p`` for help: the tile's chain of effects
    (``TILE_CHAIN``) takes this effect's place on the stack."""
    who, p, _ = stack.args(S, idx)
    chain = TILE_CHAIN[S.tile_at[idx, p]]
    stack.pop(S, idx)
    for j in (2, 1, 0):
        has = chain[:, j] >= 0
        stack.push(S, idx[has], chain[has, j], who[has])


def help_can_act(S, idx, who) -> np.ndarray:
    """(n, 9) bool: the villager at each village position can act for seat ``who`` now. A help
    that would change nothing is not offered (issue: a legal action must do something); the
    Altar and the Tea House would otherwise still bring a ghost, a move no player would make."""
    tao_left = S.tao_supply[idx].sum(1) > 0
    herb = tao_left.copy()
    switch = S.rules[idx, R.CAPTURED_DICE_AFFECT_HERBALIST] == 1     # 16.8: dice may be captured
    if switch.any():
        herb[switch] &= _herb_dice(S, idx[switch]) > 0
    can = np.empty((idx.size, C.NUM_TILES), bool)
    can[:, C.CIRCLE] = _circle_options(S, idx).any(1)
    can[:, C.TEMPLE] = S.temple_buddhas[idx] > 0
    can[:, C.CEMETERY] = _dead_taoists(S, idx).any(1)
    can[:, C.ALTAR] = S.haunted[idx].any(1)
    can[:, C.HERBALIST] = herb
    can[:, C.SORCERER] = _ordinary_ghosts(S, idx).any(1)
    can[:, C.NIGHT_WATCH] = (S.haunter_pos[idx] > 0).any(1)
    can[:, C.PAVILION] = _movable_ghosts(S, idx).any(1) | _pav_taoists(S, idx, who).any(1)
    can[:, C.TEA_HOUSE] = tao_left | (S.qi_supply[idx] > 0)
    return np.take_along_axis(can, S.tile_at[idx].astype(np.int64), 1)


def _colour_mask(S, idx, allowed):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = allowed
    return m


# -- Circle of Prayer ------------------------------------------------------------------------------
def _circle_options(S, idx):
    """(n, 5) colours the Circle can take: in the supply, and not the one already there."""
    return (S.tao_supply[idx] > 0) & (np.arange(5)[None, :] != S.circle[idx, None])


def _circle_mask(S, idx):
    return _colour_mask(S, idx, _circle_options(S, idx))


def _circle_apply(S, idx, act):
    old = S.circle[idx]
    had = old >= 0
    S.tao_supply[idx[had], old[had]] += 1
    c = act - A.CHOOSE_COLOUR
    S.circle[idx] = c
    S.tao_supply[idx, c] -= 1
    stack.pop(S, idx)


decision("CIRCLE_COLOUR", _circle_mask, _circle_apply)


# -- Buddhist Temple -------------------------------------------------------------------------------
@effect("TEMPLE")
def temple(S, idx):
    """Buddhist Temple: Taoist ``who`` takes a Buddha if one is left (placeable from his next
    turn)."""
    who, _, _ = stack.args(S, idx)
    has = S.temple_buddhas[idx] > 0
    r, w = idx[has], who[has]
    S.temple_buddhas[r] -= 1
    S.buddhas[r, w] += 1
    S.buddhas_fresh[r, w] += 1
    stack.pop(S, idx)


# -- Cemetery --------------------------------------------------------------------------------------
def _dead_taoists(S, idx):
    return S.is_player[idx] & (S.qi[idx] == 0)


def _cemetery_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = _dead_taoists(S, idx)
    return m


def _cemetery_apply(S, idx, act):
    """The dead Taoist stands up on the Cemetery with 2 Qi (no Yin-Yang, no tokens); then the
    acting Taoist rolls the Curse die, whose haunt face haunts the Cemetery itself."""
    who, _, _ = stack.args(S, idx)
    p = act - A.CHOOSE_TAOIST
    qi = np.minimum(2, S.qi_supply[idx])
    S.qi[idx, p] = qi
    S.qi_supply[idx] -= qi
    cemetery = (S.tile_at[idx] == C.CEMETERY).argmax(1)
    S.pos[idx, p] = cemetery
    stack.replace(S, idx, stack.CURSE, who, 12 + cemetery, SKIPPABLE)


decision("CEMETERY_PICK", _cemetery_mask, _cemetery_apply)


# -- Taoist Altar ----------------------------------------------------------------------------------
def _altar_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TILE:A.CHOOSE_TILE + 9] = S.haunted[idx]
    return m


def _altar_apply(S, idx, act):
    S.haunted[idx, act - A.CHOOSE_TILE] = False
    stack.pop(S, idx)


decision("ALTAR_PICK", _altar_mask, _altar_apply)


# -- Herbalist's Shop ------------------------------------------------------------------------------
def _herb_dice(S, idx):
    """(n,) the Herbalist's dice: 2, less the captured ones under switch 16.8."""
    captured = common.captured_dice(S, idx) * (S.rules[idx, R.CAPTURED_DICE_AFFECT_HERBALIST] == 1)
    return np.maximum(0, 2 - captured)


@effect("HERB_ROLL")
def herb_roll(S, idx):
    """Herbalist: Taoist ``who`` rolls its dice (2, fewer if captured under switch 16.8), may
    reroll (Gods' Favorite), then takes the tokens (``HERB_TAKE``)."""
    who, _, _ = stack.args(S, idx)
    S.dice[idx] = roll_tao(S, idx, _herb_dice(S, idx))
    again = common.has_power(S, idx, who, C.GODS_FAVORITE)
    stack.replace(S, idx, stack.HERB_TAKE, who)
    stack.push(S, idx[again], stack.HERB_REROLL, who[again])


def _herb_reroll_apply(S, idx, act):
    reroll(S, idx, act - A.REROLL)
    stack.pop(S, idx)


decision("HERB_REROLL", reroll_mask, _herb_reroll_apply)


@effect("HERB_TAKE")
def herb_take(S, idx):
    """One token per rolled colour, as far as the supply goes; each white face: a colour of the
    Taoist's choice, or nothing while Nameless is in play (switch 16.14)."""
    who, _, _ = stack.args(S, idx)
    d = S.dice[idx]
    for j in range(4):
        c = d[:, j]
        got = (c >= 0) & (c < 5)
        got[got] &= S.tao_supply[idx[got], c[got]] > 0
        r = idx[got]
        S.tao_supply[r, c[got]] -= 1
        S.tao[r, who[got], c[got]] += 1
    blank = ~common.white_is_wild(S, idx) & (S.rules[idx, R.NAMELESS_BLANKS_HERBALIST] == 1)
    whites = (d == C.WHITE).sum(1) * ~blank
    S.dice[idx] = -1
    stack.pop(S, idx)
    for k in (1, 2):
        more = whites >= k
        stack.push(S, idx[more], stack.TAKE_TAO, who[more])


# -- Sorcerer's Hut --------------------------------------------------------------------------------
def _ordinary_ghosts(S, idx):
    g = S.ghost[idx]
    return (g >= 0) & ~C.IS_INCARNATION[np.maximum(g, 0)]


def _sorcerer_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_SPACE:A.CHOOSE_SPACE + 12] = _ordinary_ghosts(S, idx)
    return m


def _sorcerer_apply(S, idx, act):
    """The ghost is discarded without curse or reward; the Taoist loses 1 Qi."""
    who, _, _ = stack.args(S, idx)
    remove_ghost(S, idx, act - A.CHOOSE_SPACE)
    stack.replace(S, idx, stack.LOSE_QI, who)


decision("SORCERER_PICK", _sorcerer_mask, _sorcerer_apply)


# -- Night Watchman's Beat -------------------------------------------------------------------------
def _stone_boards(S, idx):
    """(n, 4) boards with a haunting figurine on a stone (elsewhere the help would change nothing)."""
    return (S.haunter_pos[idx] > 0).reshape(-1, 4, 3).any(2)


def _night_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = _stone_boards(S, idx)
    return m


def _night_apply(S, idx, act):
    board = act - A.CHOOSE_TAOIST
    spaces = board[:, None] * 3 + np.arange(3)
    rows = np.broadcast_to(idx[:, None], spaces.shape)
    on_stone = S.haunter_pos[rows, spaces] > 0
    S.haunter_pos[rows[on_stone], spaces[on_stone]] = 0
    stack.pop(S, idx)


decision("NIGHT_WATCH_PICK", _night_mask, _night_apply)


# -- Pavilion of the Heavenly Wind -----------------------------------------------------------------
def _movable_ghosts(S, idx):
    """(n, 12) ghosts the Pavilion can move: any, while a space is free."""
    g = S.ghost[idx] >= 0
    return g & (~g).any(1)[:, None]


def _pav_ghost_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_SPACE:A.CHOOSE_SPACE + 12] = _movable_ghosts(S, idx)
    return m


def _pav_ghost_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    stack.replace(S, idx, stack.PAV_DEST, who, act - A.CHOOSE_SPACE)


decision("PAV_GHOST", _pav_ghost_mask, _pav_ghost_apply)


def _pav_dest_mask(S, idx):
    """Any free space; a Buddha's space counts as free (the Buddha then traps an ordinary ghost)."""
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_SPACE:A.CHOOSE_SPACE + 12] = S.ghost[idx] < 0
    return m


def _pav_dest_apply(S, idx, act):
    """The ghost moves with its figurine position, its Inactive-Power marker and the Mantra."""
    _, src, _ = stack.args(S, idx)
    dst = act - A.CHOOSE_SPACE
    for field in ("ghost", "haunter_pos", "static_on"):
        arr = getattr(S, field)
        arr[idx, dst] = arr[idx, src]
    S.ghost[idx, src] = -1
    S.haunter_pos[idx, src] = 0
    S.static_on[idx, src] = False
    follows = S.mantra_space[idx] == src
    S.mantra_space[idx[follows]] = dst[follows]
    card = S.ghost[idx, dst].astype(np.int64)
    on_buddha = S.buddha[idx, dst]
    inc = C.IS_INCARNATION[card]
    trapped = on_buddha & ~inc
    keeps = on_buddha & C.NEEDS_BUDDHA[card] & (S.rules[idx, R.UNCATCHABLE_RULE] == 1)
    S.uncatchable_ready[idx[on_buddha & C.NEEDS_BUDDHA[card]]] = True
    leaves = on_buddha & ~keeps
    S.buddha[idx[leaves], dst[leaves]] = False
    S.temple_buddhas[idx[leaves]] += 1
    remove_ghost(S, idx[trapped], dst[trapped])
    common.sync_mantra(S, idx)
    stack.pop(S, idx)


decision("PAV_DEST", _pav_dest_mask, _pav_dest_apply)


def _pav_taoists(S, idx, who):
    """(n, 4) a different living Taoist; alone at the table, himself (rules §13)."""
    solo = S.rules[idx, R.NUM_PLAYERS] == 1
    other = np.arange(4)[None, :] != who[:, None]
    return common.living(S, idx) & (other | solo[:, None])


def _pav_taoist_mask(S, idx):
    who, _, _ = stack.args(S, idx)
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = _pav_taoists(S, idx, who)
    return m


def _pav_taoist_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    mode = np.where(S.rules[idx, R.PAVILION_TAOIST_MOVE] == 0, MOVE_ANY, MOVE_STEP)
    stack.replace(S, idx, stack.MOVE_TAOIST, who, act - A.CHOOSE_TAOIST, mode)


decision("PAV_TAOIST", _pav_taoist_mask, _pav_taoist_apply)


# -- Tea House, rewards and Bottomless-Pockets-like gains -----------------------------------------
def _take_tao_mask(S, idx):
    who, _, _ = stack.args(S, idx)
    alive = common.living(S, idx)[np.arange(idx.size), who]
    return _colour_mask(S, idx, (S.tao_supply[idx] > 0) & alive[:, None])


def _take_tao_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    c = act - A.CHOOSE_COLOUR
    S.tao[idx, who, c] += 1
    S.tao_supply[idx, c] -= 1
    stack.pop(S, idx)


decision("TAKE_TAO", _take_tao_mask, _take_tao_apply)


@effect("GAIN_QI")
def gain_qi(S, idx):
    """A living Taoist ``who`` gains 1 Qi from the supply, if any is left."""
    who, _, _ = stack.args(S, idx)
    gets = common.living(S, idx)[np.arange(idx.size), who] & (S.qi_supply[idx] > 0)
    S.qi[idx[gets], who[gets]] += 1
    S.qi_supply[idx[gets]] -= 1
    stack.pop(S, idx)


# -- moving another Taoist (the Pavilion; the Dance of the Twin Winds, yang.py) --------------------
def _move_taoist_mask(S, idx):
    """Where the Taoist ``a`` may be moved: one step (Pavilion under switch 16.4), any tile
    (Pavilion), one step away (Twin Winds). The Pavilion may leave him where he stands (the only way
    to decline that part of the help); the Twin Winds are used to move him, so not to his own tile."""
    _, p, mode = stack.args(S, idx)
    m = stack.empty_mask(idx.size)
    here = S.pos[idx, p].astype(np.int64)
    stays = (mode == MOVE_AWAY)[:, None] & (np.arange(9)[None, :] == here[:, None])
    m[:, A.CHOOSE_TILE:A.CHOOSE_TILE + 9] = (STEP[here] & ~stays) | (mode == MOVE_ANY)[:, None]
    return m


def _move_taoist_apply(S, idx, act):
    _, p, _ = stack.args(S, idx)
    S.pos[idx, p] = act - A.CHOOSE_TILE
    stack.pop(S, idx)


decision("MOVE_TAOIST", _move_taoist_mask, _move_taoist_apply)
