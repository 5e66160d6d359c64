"""Ghosts coming into play and leaving it: the draw, the placement rules, the Buddha trap, left
stones in printed order, haunting, tormentors and the group Tao loss (rules §4, 6, 15).
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from ..config import R
from ..geometry import SPACE_SEAT
from ..state import LOST_DECK, MANTRA_GONE, MANTRA_RETURNING
from . import common, stack
from .stack import decision, effect

SKIPPABLE = 1  # CURSE flag: the roller's own roll, which Strength of the Mountain skips

# Left-stone code -> effect that resolves it. Lasting markers (power off, captured die, Tao lock,
# powers off) come into force in their printed turn through STATIC_ON.
_LEFT_EFFECT = {
    C.L_SUMMON: "DRAW_GHOST", C.L_POWER_OFF: "STATIC_ON", C.L_CAPTURE: "STATIC_ON",
    C.L_TAO_LOCK: "STATIC_ON", C.L_QI_DRAIN: "QI_DRAIN", C.L_HAUNT_NOW: "HAUNT_LINE",
    C.L_FAST_START: "FAST_START", C.L_GROUP_DISCARD: "GROUP_DISCARD", C.L_CURSE_ROLL: "CURSE",
    C.L_ALL_OFF: "STATIC_ON", C.L_CIRCLE_CLEAR: "CIRCLE_CLEAR",
}
LEFT_EFFECT = np.array([stack.CODES[_LEFT_EFFECT[i]] for i in range(len(C.LEFT_CODES))], np.int8)
LEFT_FLAGS = np.array([SKIPPABLE if i == C.L_CURSE_ROLL else -1 for i in range(len(C.LEFT_CODES))],
                      np.int8)


def remove_ghost(S, idx, g) -> np.ndarray:
    """Ghosts on spaces ``g`` leave play to the discard pile; returns their card ids.
    Their markers go, the Mantra token comes back (usable from the next turn, rules §9), and a
    Buddha kept under an incarnation (Uncatchable, switch 16.21) returns to the Temple."""
    card = S.ghost[idx, g].astype(np.int64)
    S.ghost[idx, g] = -1
    S.static_on[idx, g] = False
    S.haunter_pos[idx, g] = 0
    S.discarded[idx, card] = True
    mantra_here = (S.mantra_space[idx] == g) & (S.mantra_state[idx] != MANTRA_GONE)
    S.mantra_space[idx[mantra_here]] = -1
    S.mantra_state[idx[mantra_here]] = MANTRA_RETURNING
    kept = S.buddha[idx, g]
    S.buddha[idx[kept], g[kept]] = False
    S.temple_buddhas[idx[kept]] += 1
    return card


def _figurine_free(S, idx) -> np.ndarray:
    """(n,) bool: a haunting figurine is free for a new haunter (switch haunter_figurines)."""
    cap = S.rules[idx, R.HAUNTER_FIGURINES].astype(np.int64)
    used = (common.card_flag(S, idx, C.B_HAUNTER) & (S.haunter_pos[idx] >= 0)).sum(1)
    return (cap < 0) | (used < cap)


def place(S, idx, g, card, actor) -> None:
    """Put ``card`` on space ``g``: the Buddha trap, then the left stones (rules §4)."""
    on_buddha = S.buddha[idx, g]
    inc = C.IS_INCARNATION[card]
    # An ordinary ghost on a Buddha is discarded at once, without any effect.
    trapped = on_buddha & ~inc
    S.buddha[idx[on_buddha], g[on_buddha]] = False
    S.temple_buddhas[idx[on_buddha]] += 1
    S.discarded[idx[trapped], card[trapped]] = True
    # An incarnation sends the Buddha home; Uncatchable counts as having stood on a Buddha.
    # Under switch 16.21 the Buddha stays under Uncatchable until it is exorcised.
    keeps = on_buddha & C.NEEDS_BUDDHA[card] & (S.rules[idx, R.UNCATCHABLE_RULE] == 1)
    S.buddha[idx[keeps], g[keeps]] = True
    S.temple_buddhas[idx[keeps]] -= 1
    S.uncatchable_ready[idx[on_buddha & C.NEEDS_BUDDHA[card]]] = True
    ok = ~trapped
    r, g, card, actor = idx[ok], g[ok], card[ok], actor[ok]
    S.ghost[r, g] = card
    S.static_on[r, g] = False
    S.haunter_pos[r, g] = np.where(C.HAUNTER[card] & ~_figurine_free(S, r), -1, 0)
    for j in (1, 0):   # printed order: the first left stone ends up on top
        code = C.CARD_LEFT[card, j]
        has = code >= 0
        c = code[has]
        stack.push(S, r[has], LEFT_EFFECT[c], actor[has], g[has], LEFT_FLAGS[c])


@effect("DRAW_GHOST")
def draw_ghost(S, idx):
    """Bring a new ghost into play (rules §4 step 3, and every summon, curse face, Altar, Tea
    House): with all 12 spaces full, no ghost arrives and the Taoist loses 1 Qi instead."""
    who, _, _ = stack.args(S, idx)
    full = (S.ghost[idx] >= 0).all(1)
    needs_card = ~full | (S.rules[idx, R.FULL_TABLE_ARRIVAL] == 1)   # switch 16.6
    # rules §16.12: the game is lost with the last card drawn, or (switch) when a card must be
    # drawn from the empty deck.
    empty = needs_card & (S.deck_pos[idx] >= S.deck_len[idx])
    common.lose(S, idx[empty], LOST_DECK)
    draws = needs_card & ~empty
    r = idx[draws]
    card = S.deck[r, S.deck_pos[r]].astype(np.int64)
    S.deck_pos[r] += 1
    last = (S.deck_pos[r] >= S.deck_len[r]) & (S.rules[r, R.DECK_EXHAUSTION] == 0)
    common.lose(S, r[last], LOST_DECK)
    arrive = ~full[draws] & ~last
    stack.replace(S, r[arrive], stack.PLACE, who[draws][arrive], card[arrive])
    discard = full[draws] & ~last
    S.discarded[r[discard], card[discard]] = True
    penalty = full & ~empty
    penalty[draws] &= ~last
    stack.replace(S, idx[penalty], stack.LOSE_QI, who[penalty])


def _placement_spaces(S, idx, card) -> np.ndarray:
    """(n, 12) bool: where the card may go: a free space of its colour's board (black: the active
    board), else any free space. A space holding a Buddha is free."""
    colour = C.CARD_COLOUR[card]
    target = np.where(colour == C.BLACK, S.active[idx],
                      common.seat_of_colour(S, idx, np.minimum(colour, 3)))
    free = S.ghost[idx] < 0
    own = free & (SPACE_SEAT[None, :] == target[:, None])
    return np.where(own.any(1)[:, None], own, free)


def _place_mask(S, idx):
    _, card, _ = stack.args(S, idx)
    m = stack.empty_mask(idx.size)
    m[:, A.CHOOSE_SPACE:A.CHOOSE_SPACE + 12] = _placement_spaces(S, idx, card)
    return m


def _place_apply(S, idx, act):
    who, card, _ = stack.args(S, idx)
    stack.pop(S, idx)
    place(S, idx, act - A.CHOOSE_SPACE, card, who)


decision("PLACE", _place_mask, _place_apply)


@effect("STATIC_ON")
def static_on(S, idx):
    """The lasting left-stone marker of the ghost on space ``g`` comes into force (if the ghost
    is still there)."""
    _, g, _ = stack.args(S, idx)
    S.static_on[idx, g] = S.ghost[idx, g] >= 0
    stack.pop(S, idx)
    common.sync_mantra(S, idx)


@effect("QI_DRAIN")
def qi_drain(S, idx):
    """Grave Walker: the owner of the board it lands on loses 1 Qi (switch 16.11: the actor)."""
    who, g, _ = stack.args(S, idx)
    target = np.where(S.rules[idx, R.QI_DRAIN_TARGET] == 0, SPACE_SEAT[g], who)
    stack.replace(S, idx, stack.LOSE_QI, target)


@effect("HAUNT_LINE")
def haunt_line(S, idx):
    """The ghost on space ``g`` haunts the first active tile of its line (``common.haunt_line``)."""
    _, g, _ = stack.args(S, idx)
    stack.pop(S, idx)
    common.haunt_line(S, idx, g)


@effect("HAUNT_TILE")
def haunt_tile(S, idx):
    """Tile ``p`` turns to its haunted side; at the level's limit the game is lost."""
    _, p, _ = stack.args(S, idx)
    stack.pop(S, idx)
    S.haunted[idx, p] = True
    common.check_haunted_limit(S, idx)


@effect("FAST_START")
def fast_start(S, idx):
    """A fast haunter: the figurine of the ghost on space ``g`` starts on the first stone, not on
    its card."""
    _, g, _ = stack.args(S, idx)
    on_card = S.haunter_pos[idx, g] == 0
    S.haunter_pos[idx[on_card], g[on_card]] = 1
    stack.pop(S, idx)


@effect("GROUP_DISCARD")
def group_discard(S, idx):
    """Every Taoist discards 1 Tao token of his choice, if he has one (Soul Eater, Bone Cracker)."""
    first = S.active[idx].astype(np.int64)
    stack.replace(S, idx, stack.DISCARD_ONE, (first + 3) % 4)
    for k in (2, 1, 0):
        stack.push(S, idx, stack.DISCARD_ONE, (first + k) % 4)


def _discard_one_mask(S, idx):
    who, _, _ = stack.args(S, idx)
    m = stack.empty_mask(idx.size)
    alive = common.living(S, idx)[np.arange(idx.size), who]
    m[:, A.CHOOSE_COLOUR:A.CHOOSE_COLOUR + 5] = (S.tao[idx, who] > 0) & alive[:, None]
    return m


def _discard_one_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    c = act - A.CHOOSE_COLOUR
    S.tao[idx, who, c] -= 1
    S.tao_supply[idx, c] += 1
    stack.pop(S, idx)


decision("DISCARD_ONE", _discard_one_mask, _discard_one_apply)


@effect("CIRCLE_CLEAR")
def circle_clear(S, idx):
    """Nameless: the Tao token on the Circle of Prayer goes back to the supply."""
    c = S.circle[idx]
    has = c >= 0
    S.tao_supply[idx[has], c[has]] += 1
    S.circle[idx] = -1
    stack.pop(S, idx)


@effect("TORMENT")
def torment(S, idx):
    """A tormentor rolls the Curse die. The active Taoist suffers it on his own board; on a
    neutral or possessed board a living Taoist takes the roll (rules §11, 13)."""
    seat, g, _ = stack.args(S, idx)
    own = (seat == S.active[idx]) & common.living(S, idx)[np.arange(idx.size), seat]
    stack.replace(S, idx[own], stack.CURSE, seat[own], g[own], SKIPPABLE)
    other = ~own
    r = idx[other]
    stack.replace(S, r, stack.ABSORB, common.representative(S, r), g[other], 1)
