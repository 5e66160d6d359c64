"""The Curse die, Qi loss, death and possession, and who absorbs a board's harm
(rules §2, 9, 11, 13).
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from ..config import R
from ..state import LOST_ALL_DEAD
from . import common, stack
from .ghosts import SKIPPABLE
from .rolls import roll_curse
from .stack import decision, effect

ABSORB_QI, ABSORB_CURSE = 0, 1
_BAD_FACE = np.array([False, False, True, True, True, True])

# Curse face -> the effect it turns into (-1: nothing happens). The haunt face haunts from the
# ghost's space (argument < 12) or a given tile (argument 12 + position: the Cemetery).
_FACE_EFFECT = np.array([-1, -1, stack.HAUNT_LINE, stack.DRAW_GHOST, -1, stack.LOSE_QI], np.int8)


@effect("CURSE")
def curse(S, idx):
    """Roll the Curse die for seat ``who``; ``a`` locates the ghost concerned."""
    who, a, flags = stack.args(S, idx)
    skip = ((flags & SKIPPABLE) > 0) & common.has_power(S, idx, who, C.MOUNTAIN)
    stack.pop(S, idx[skip])
    r, who, a = idx[~skip], who[~skip], a[~skip]
    face = roll_curse(S, r)
    again = _BAD_FACE[face] & common.has_power(S, r, who, C.GODS_FAVORITE)
    stack.replace(S, r[again], stack.CURSE_REROLL, who[again], a[again], face[again])
    stack.replace(S, r[~again], stack.CURSE_APPLY, who[~again], a[~again], face[~again])


def _reroll_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.REROLL:A.REROLL + 2] = True       # keep, or reroll the one die
    return m


def _reroll_apply(S, idx, act):
    """The Gods' Favorite: the second result must be kept."""
    who, a, face = stack.args(S, idx)
    again = act == A.REROLL + 1
    face[again] = roll_curse(S, idx[again])
    stack.replace(S, idx, stack.CURSE_APPLY, who, a, face)


decision("CURSE_REROLL", _reroll_mask, _reroll_apply)


@effect("CURSE_APPLY")
def curse_apply(S, idx):
    """The curse die's ``face`` strikes seat ``who``: a haunting (the line of space ``a``, or tile
    ``a - 12`` for a tile's curse), a ghost arriving, 1 Qi lost, or all his Tao tokens back to
    the supply; a blank face does nothing."""
    who, a, face = stack.args(S, idx)
    nxt = _FACE_EFFECT[face]
    # The lose-your-tokens face: every Tao token of the roller goes back to the supply.
    tok = face == C.CURSE_TOKENS
    r = idx[tok]
    S.tao_supply[r] += S.tao[r, who[tok]]
    S.tao[r, who[tok]] = 0
    tile = (nxt == stack.HAUNT_LINE) & (a >= 12)
    nxt[tile] = stack.HAUNT_TILE
    a = np.where(tile, a - 12, a)
    some = nxt >= 0
    stack.pop(S, idx[~some])
    stack.replace(S, idx[some], nxt[some], who[some], a[some])


@effect("LOSE_QI")
def lose_qi(S, idx):
    """Seat ``who`` loses 1 Qi. A possessed board (dead Taoist, or neutral board at 0 Qi) passes
    the loss to a living Taoist (rules §11)."""
    who, _, _ = stack.args(S, idx)
    has_qi = S.qi[idx, who] > 0
    r, w = idx[has_qi], who[has_qi]
    stack.pop(S, r)
    S.qi[r, w] -= 1
    S.qi_supply[r] += 1
    zero = S.qi[r, w] == 0
    dead = zero & S.is_player[r, w]
    die(S, r[dead], w[dead])
    common.sync_mantra(S, r[zero & ~dead])     # a neutral board becomes possessed
    o = idx[~has_qi]
    stack.replace(S, o, stack.ABSORB, common.representative(S, o), -1, ABSORB_QI)


def die(S, idx, seat) -> None:
    """Qi 0: the Taoist dies. His tokens, Yin-Yang, Buddhas and Power tokens are lost (Buddhas back
    to the Temple, Power tokens to the central tile); his figure lies on the Cemetery; his board is
    possessed (rules §11). With no living Taoist left, the game is lost."""
    if idx.size == 0:
        return
    S.tao_supply[idx] += S.tao[idx, seat]
    S.tao[idx, seat] = 0
    S.yinyang[idx, seat] = False
    S.centre_power_tokens[idx] += S.power_tokens[idx, seat]
    S.power_tokens[idx, seat] = 0
    S.temple_buddhas[idx] += S.buddhas[idx, seat]
    S.buddhas[idx, seat] = 0
    S.buddhas_fresh[idx, seat] = 0
    S.pos[idx, seat] = (S.tile_at[idx] == C.CEMETERY).argmax(1)
    common.sync_mantra(S, idx)
    all_dead = ~common.living(S, idx).any(1)
    common.lose(S, idx[all_dead], LOST_ALL_DEAD)


def _absorb_mask(S, idx):
    """Who takes the loss: any living Taoist (switch 16.7 'active': the deciding one himself)."""
    who, _, _ = stack.args(S, idx)
    alive = common.living(S, idx)
    only_active = S.rules[idx, R.POSSESSED_LOSS_TAKER] == 1
    alive[only_active] &= np.arange(4)[None, :] == who[only_active, None]
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_TAOIST:A.CHOOSE_TAOIST + 4] = alive
    return m


def _absorb_apply(S, idx, act):
    _, a, kind = stack.args(S, idx)
    p = act - A.CHOOSE_TAOIST
    qi = kind == ABSORB_QI
    stack.replace(S, idx[qi], stack.LOSE_QI, p[qi])
    # A roll taken for another board is never skipped by Strength of the Mountain.
    stack.replace(S, idx[~qi], stack.CURSE, p[~qi], a[~qi], 0)


decision("ABSORB", _absorb_mask, _absorb_apply)
