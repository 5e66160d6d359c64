"""The observation's sections: what each holds and how it is written from the state.

``SECTIONS`` is the table (name, shape per game, the axes that turn with the viewer, builder);
``observation.py`` lays the sections out in one vector and documents them. Each builder fills its
block ``dst`` (B, *shape) from the state, reading seats, spaces and tiles through ``ctx.turn`` so
that the viewer's frame costs no permutation, and the facts several sections read come once per
call in a ``Context``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .. import cards as C
from ..config import R
from ..rules import common, stack
from ..state import MANTRA_ON_GHOST, State
from .frame import Turn
from .observation_tables import (ARG_A_KIND, ARG_B_VALUE, CARD_CORE, CARD_FEATURES, CONFIG_SIZE,
                                 DECISION_CODES, DECISION_INDEX, EXORCISM_CODES, MARKER_COLUMNS,
                                 SCALED_COLS, SCALES, SPACE_EXTRA, SWITCH_COLS, UNSEEN_COUNTS, onehot,
                                 thermo)


@dataclass
class Context:
    """Facts several sections read, computed once per call, and the viewers' turn of the table."""
    B: int
    top: np.ndarray          # (B,) top effect code, -1 when over
    who: np.ndarray          # (B,) seat deciding, -1 when over
    a: np.ndarray            # (B,) first argument of the top effect
    b: np.ndarray            # (B,) second argument
    pending: np.ndarray      # (B, codes) bool: codes on the stack
    bits: np.ndarray         # (B, 12) ability bits in force per space
    power_on: np.ndarray     # (B, 4) bool
    undrawn: np.ndarray      # (B, 60) bool: deck slots still to be drawn
    viewer: np.ndarray       # (B,) seat the observation is for
    turn: Turn = field(default_factory=lambda: Turn(None))   # how seats, spaces, positions are read


def context(S: State) -> Context:
    """The ``Context`` of a batch: the top effect and its arguments, the pending codes, the
    abilities and powers in force, the undrawn deck slots, and the default viewers (the deciding
    seat, or the active one in a finished game)."""
    B = S.batch_size
    rows = np.arange(B)
    n = len(stack.CODE_NAMES) + 1
    pending = np.zeros((B, n), bool)
    # one flat scatter: row b, code c -> b * n + c (code -1, an empty slot, lands in the last column)
    pending.reshape(-1)[(rows * n + n)[:, None] + np.where(S.stack_code < 0, -1, S.stack_code - n)] = True
    bits = common.space_bits(S, rows)
    slot = np.arange(S.deck.shape[1])
    # the stack's top record is cached in the state (-1 everywhere once the game is over)
    who = S.top_who.copy()
    return Context(
        B=B, top=S.top.astype(np.int64), who=who, a=S.top_a.copy(), b=S.top_b.copy(),
        pending=pending[:, :-1], bits=bits, power_on=common.power_on(S, rows, bits),
        undrawn=(slot >= S.deck_pos[:, None]) & (slot < S.deck_len[:, None]),
        viewer=np.where(who >= 0, who, S.active))


def fill(dst: np.ndarray, *parts: np.ndarray) -> None:
    """Write ``parts`` one after the other along the last axis of ``dst``; a part with one axis
    fewer is one column. Their widths must add up to the section's declared size."""
    i, nd = 0, dst.ndim
    for p in parts:
        if np.ndim(p) == nd:
            w = p.shape[-1]
            dst[..., i:i + w] = p
            i += w
        else:
            dst[..., i] = p
            i += 1
    if i != dst.shape[-1]:
        raise AssertionError(f"the parts fill {i} columns, declared {dst.shape[-1]}")


# -- section builders: fill dst (B, *section shape) from the state, read through ctx.turn ------------
def _viewer(S, ctx, dst):
    fill(dst, onehot(ctx.viewer, 4))


def _decider(S, ctx, dst):
    fill(dst, onehot(ctx.turn.seat_values(ctx.who), 4))


def _active(S, ctx, dst):
    fill(dst, onehot(ctx.turn.seat_values(np.where(ctx.top >= 0, S.active, -1)), 4))


def _config(S, ctx, dst):
    r = S.rules
    if (r == r[0]).all():           # one configuration for the batch (always, in the envs)
        r = r[:1]
    cap = r[:, R.HAUNTER_FIGURINES]
    fill(dst[:r.shape[0]], onehot(r[:, R.DIFFICULTY], 4), onehot(r[:, R.NUM_PLAYERS] - 1, 4),
         r[:, SWITCH_COLS] > 0, np.clip(r[:, SCALED_COLS] / SCALES, 0, 1), cap >= 0,
         np.clip(cap / 21, 0, 1))
    dst[r.shape[0]:] = dst[:1]


def _village(S, ctx, dst):
    t = ctx.turn
    fill(dst, onehot(t.positions(S.tile_at), 9), t.positions(S.haunted))


def _spaces(S, ctx, dst):
    t = ctx.turn
    card = CARD_CORE[t.spaces(S.ghost).astype(np.int64) + 1]              # (B, 12, core)
    card[..., MARKER_COLUMNS] *= t.spaces(S.static_on)[..., None]
    haunter = (t.spaces(ctx.bits) & C.B_HAUNTER) != 0
    hp = t.spaces(S.haunter_pos)
    mantra = t.space_values(np.where(S.mantra_state == MANTRA_ON_GHOST, S.mantra_space, -1))
    fill(dst, card, haunter & (hp == 0), haunter & (hp == 1), haunter & (hp < 0),
         t.spaces(S.buddha), onehot(mantra, 12))


def _seats(S, ctx, dst):
    t = ctx.turn
    is_player, qi = t.seats(S.is_player), t.seats(S.qi)
    lent = t.seats(((S.borrowed[:, None].astype(np.int64) >> np.arange(4)) & 1).astype(bool))
    fill(dst, is_player, is_player & (qi > 0), qi == 0, t.seats(ctx.power_on), t.seats(S.yinyang),
         lent, thermo(qi, 8), onehot(t.seats(S.seat_colour), 4), onehot(t.seats(S.seat_power), 8),
         thermo(t.seats(S.tao), 4).reshape(ctx.B, 4, 20), thermo(t.seats(S.buddhas), 2),
         thermo(t.seats(S.buddhas_fresh), 2), thermo(t.seats(S.power_tokens), 3))


def _taoist_pos(S, ctx, dst):
    t = ctx.turn
    pos = t.position_values(np.where(S.is_player, S.pos, -1))
    fill(dst, onehot(t.seats(pos), 9))


def _table(S, ctx, dst):
    haunted = S.haunted.sum(1)
    fill(dst, onehot(S.circle, 5), thermo(S.temple_buddhas, 2), thermo(S.centre_power_tokens, 3),
         S.qi_supply / 20, thermo(S.tao_supply, 4).reshape(ctx.B, 20), thermo(haunted, 4),
         haunted == S.rules[:, R.HAUNTED_LIMIT] - 1, np.minimum(S.turn / 100, 1),
         thermo(S.helps_done, 2), thermo(S.exos_done, 2),
         (S.turn_flags[:, None].astype(np.int64) >> np.arange(4)) & 1, onehot(S.mantra_state, 4),
         S.uncatchable_ready, thermo(S.inc_total, 4), thermo(S.inc_defeated, 4),
         thermo(((ctx.bits & C.B_CAPTURE) != 0).sum(1), 3), ((ctx.bits & C.B_TAO_LOCK) != 0).any(1),
         ((ctx.bits & C.B_WHITE_NOT_WILD) != 0).any(1), ((ctx.bits & C.B_ALL_OFF) != 0).any(1))


def _deck(S, ctx, dst):
    left = (S.deck_len - S.deck_pos).astype(np.int64)
    # Only *where* incarnations lie is read from the deck (public: rules §3, 12), never which.
    inc = C.IS_INCARNATION[np.maximum(S.deck, 0)] & ctx.undrawn
    count = inc.sum(1)
    nearest = inc.argmax(1) - S.deck_pos
    farthest = inc.shape[1] - 1 - inc[:, ::-1].argmax(1) - S.deck_pos
    fill(dst, left / 60, left[:, None] <= np.array([1, 2, 3, 5, 10]), thermo(count, 4),
         (count > 0) * nearest / 60, (count > 0) * farthest / 60)


def _unseen(S, ctx, dst):
    """The unseen set is public (the box minus what was seen); how it splits between the deck and
    the cards left out, and its order, are not."""
    n = C.NUM_CARDS + 1
    ids = np.where(ctx.undrawn, S.deck, -1) + (np.arange(ctx.B) * n + 1)[:, None]   # flat; 0: no card
    unseen = np.zeros((ctx.B, n), np.float32)
    unseen.reshape(-1)[ids] = 1
    unseen = unseen[:, 1:]
    unseen[S.removed] = 1
    # einsum's own loop, not BLAS: no thread pool to stall on a busy machine
    fill(dst, unseen, np.minimum(np.einsum("bk,kc->bc", unseen, UNSEEN_COUNTS), 1))


def _dice(S, ctx, dst):
    fill(dst, onehot(S.dice, 6))


def _exo_on(ctx) -> np.ndarray:
    return ctx.pending[:, EXORCISM_CODES].any(1)


def _exo_targets(S, ctx, dst):
    targets = np.where(_exo_on(ctx)[:, None], S.exo_targets, -1)
    fill(dst, onehot(ctx.turn.space_values(targets), 12))


def _exorcism(S, ctx, dst):
    on = _exo_on(ctx)[:, None]
    fill(dst, (S.exo_req / 5).reshape(ctx.B, 10) * on,
         (S.exo_outcome[:, None].astype(np.int64) >> np.arange(2)) & 1 & on,
         np.minimum(S.exo_need / 8, 1) * on, np.minimum(S.exo_wcap / 4, 1) * on,
         thermo(S.exo_free, 4) & on)


def _decision(S, ctx, dst):
    fill(dst, onehot(DECISION_INDEX[ctx.top], DECISION_CODES.size))


def _pending(S, ctx, dst):
    fill(dst, ctx.pending)


def _arg(ctx, kind: int) -> np.ndarray:
    """(B,) the first argument where the top effect's is of ``kind``, else -1."""
    return np.where(ARG_A_KIND[ctx.top] == kind, ctx.a, -1)


def _context_space(S, ctx, dst):
    a = _arg(ctx, 1)
    fill(dst, onehot(ctx.turn.space_values(np.where(a < 12, a, -1)), 12))


def _context_pos(S, ctx, dst):
    a = _arg(ctx, 1)                          # 12 + position: a tile (the Cemetery's curse)
    fill(dst, onehot(ctx.turn.position_values(np.where(a >= 12, a - 12, -1)), 9))


def _context_seat(S, ctx, dst):
    fill(dst, onehot(ctx.turn.seat_values(_arg(ctx, 2)), 4))


def _context_value(S, ctx, dst):
    fill(dst, onehot(_arg(ctx, 3), 3), onehot(np.where(ARG_B_VALUE[ctx.top], ctx.b, -1), 6))


def _context_card(S, ctx, dst):
    fill(dst, CARD_FEATURES[_arg(ctx, 4) + 1])


@dataclass(frozen=True)
class Section:
    """One named block of the observation: its ``shape`` per game, which of its axes turn with
    the viewer (``axes``), and ``build(S, ctx, dst)``, which writes it."""
    name: str
    shape: tuple[int, ...]
    axes: tuple[str | None, ...]          # per axis: "seat", "space", "pos" turn with the viewer
    build: Callable


SECTIONS: tuple[Section, ...] = (
    Section("viewer", (4,), (None,), _viewer),
    Section("decider", (4,), ("seat",), _decider),
    Section("active", (4,), ("seat",), _active),
    Section("config", (CONFIG_SIZE,), (None,), _config),
    Section("village", (9, 10), ("pos", None), _village),
    Section("spaces", (12, CARD_CORE.shape[1] + SPACE_EXTRA), ("space", None), _spaces),
    Section("seats", (4, 53), ("seat", None), _seats),
    Section("taoist_pos", (4, 9), ("seat", "pos"), _taoist_pos),
    Section("table", (64,), (None,), _table),
    Section("deck", (12,), (None,), _deck),
    Section("unseen", (C.NUM_CARDS + UNSEEN_COUNTS.shape[1],), (None,), _unseen),
    Section("dice", (4, 6), (None, None), _dice),
    Section("exo_targets", (2, 12), (None, "space"), _exo_targets),
    Section("exorcism", (26,), (None,), _exorcism),
    Section("decision", (DECISION_CODES.size,), (None,), _decision),
    Section("pending", (len(stack.CODE_NAMES),), (None,), _pending),
    Section("context_space", (12,), ("space",), _context_space),
    Section("context_pos", (9,), ("pos",), _context_pos),
    Section("context_seat", (4,), ("seat",), _context_seat),
    Section("context_value", (9,), (None,), _context_value),
    Section("context_card", (CARD_FEATURES.shape[1],), (None,), _context_card),
)
