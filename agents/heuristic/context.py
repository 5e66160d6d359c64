"""Facts about the games waiting on one kind of decision, computed once and shared by the
decision functions. Everything is vectorised over the rows ``idx`` of the batch (n games).

The heuristic reads the engine state directly (documented in ``agents/heuristic/__init__.py``);
it reuses the engine's own read-only helpers (``rules/common.py``) so no rule is written twice.
"""

from __future__ import annotations

import functools
from functools import cached_property

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env.config import R
from ghoststories_env.geometry import OPPOSITE, SPACE_SEAT
from ghoststories_env.rules import common, stack


def per_context(fn):
    """``fn(ctx, *args)`` computed once per context and arguments (arrays compared by value) and
    shared read-only: a decision asks for the same facts many times (a seat's exorcism plan, the
    tiles' worth, a roller's curse harm...). ``fn`` returns arrays with the batch axis first (or
    a tuple or dict of them)."""
    @functools.wraps(fn)
    def shared(ctx: "Ctx", *args):
        key = (fn, *map(_key, args))
        if key not in ctx.memo:
            if ctx.parent is not None and not args:     # a fact of the rows: the parent's
                ctx.memo[key] = _rows_of(shared(ctx.parent), ctx.sel)
            else:
                ctx.memo[key] = _read_only(fn(ctx, *args))
        return ctx.memo[key]
    return shared


def _key(arg):
    if isinstance(arg, np.ndarray):
        return arg.dtype.str, arg.shape, arg.tobytes()
    return arg


def _read_only(value):
    if isinstance(value, np.ndarray):
        value.setflags(write=False)
    elif isinstance(value, (tuple, list)):
        for v in value:
            _read_only(v)
    elif isinstance(value, dict):
        for v in value.values():
            _read_only(v)
    return value


def _rows_of(value, sel):
    """``value`` (an array or tuple of arrays, batch axis first) for the rows ``sel``."""
    if isinstance(value, tuple):
        return tuple(_rows_of(v, sel) for v in value)
    return _read_only(value[sel])


class fact(cached_property):
    """A cached property of a context that does not depend on a seat. A subset reads it from
    its parent, where it is computed once for all the parent's rows: the decision kinds of a
    batch are subsets of one context over all its games, and a fact asked by several kinds is
    computed once (a call's cost is mostly its overhead at the sizes played here). Every fact is
    computed row by row, so a row's value does not depend on the others. A fact is read-only:
    a decision that narrowed one in place would change what every later reader sees, and so
    make a game's play depend on the other games of its batch."""

    def __init__(self, func):
        super().__init__(functools.wraps(func)(lambda ctx: _read_only(func(ctx))))

    def __get__(self, ctx, owner=None):
        if ctx is not None and ctx.parent is not None and self.attrname not in ctx.__dict__:
            ctx.__dict__[self.attrname] = _rows_of(getattr(ctx.parent, self.attrname), ctx.sel)
        return super().__get__(ctx, owner)


DECIMALS = 6     # values equal to this many decimals are ties


def settled(x):
    """``x`` rounded to ``DECIMALS``: every comparison of computed values goes through it. Sums
    over roll tables padded to the batch's largest roll differ in the last bits from batch to
    batch, and a game's choice must never depend on its batch."""
    return np.round(x, DECIMALS)


class Ctx:
    """The facts of games ``idx`` of state ``S`` (n rows), all waiting on the same kind of
    decision: the top effect's arguments (``who``, ``a``, ``b``), table facts as cached
    properties, and per-seat facts shared through ``per_context``; ``plans`` are the team plans
    switched on."""

    def __init__(self, S, idx: np.ndarray, plans: frozenset = frozenset(),
                 parent: "Ctx | None" = None, sel: np.ndarray | None = None):
        self.S, self.idx = S, idx
        self.plans = plans                  # team plans switched on (``plans.py``); none by default
        self.n = idx.size
        self.rows = np.arange(self.n)
        self.who, self.a, self.b = stack.args(S, idx)
        self.memo = {}                      # per_context results
        self.parent, self.sel = parent, sel # a subset's parent and its rows there

    def subset(self, sel: np.ndarray) -> "Ctx":
        """The same facts for the rows ``sel`` (bool or positions, repeats allowed) only. Facts
        that do not depend on a seat (``fact`` properties, ``per_context`` results without
        arguments) are read from this context, computed here once for all its rows."""
        return Ctx(self.S, self.idx[sel], self.plans, parent=self, sel=sel)

    def by_seat(self, chosen: np.ndarray) -> tuple["Ctx", np.ndarray, np.ndarray]:
        """One context over the rows where ``chosen`` (n, 4) bool holds, each row repeated once
        per chosen seat, with those rows (positions in this context) and seats, seat by seat.
        Four seats' facts then come from one call on the lot instead of four on small
        sub-batches: at the batch sizes played here a call's cost is mostly its overhead."""
        rows, seat = np.nonzero(chosen.T)[::-1]
        return self.subset(rows), rows, seat

    # -- table ---------------------------------------------------------------------------------------
    @fact
    def bits(self):
        """(n, 12) int16 ability bits of the ghost on each space (``common.space_bits``)."""
        return common.space_bits(self.S, self.idx)

    @fact
    def on(self):
        """(n, 4) bool: each board's Taoist power works (``common.power_on``)."""
        return common.power_on(self.S, self.idx, self.bits)

    @per_context
    def powers(self, who):
        """(n, 8) bool: powers seat ``who`` can use now."""
        return common.powers_of(self.S, self.idx, who, self.on)

    @fact
    def living(self):
        """(n, 4) bool: a living Taoist plays this seat."""
        return common.living(self.S, self.idx)

    @fact
    def ghost(self):
        """(n, 12) int64 card id on each space, -1 = empty."""
        return self.S.ghost[self.idx].astype(np.int64)

    @fact
    def card(self):
        """(n, 12) int64 card id on each space, 0 where empty (an index; see ``has_ghost``)."""
        return np.maximum(self.ghost, 0)

    @fact
    def has_ghost(self):
        """(n, 12) bool: a ghost stands on the space."""
        return self.ghost >= 0

    @fact
    def buddha_free(self):
        """(n,) bool: a Buddha stands on an empty space (a ghost moved or placed there meets it)."""
        return (self.S.buddha[self.idx] & ~self.has_ghost).any(1)

    @fact
    def is_inc(self):
        """(n, 12) bool: the ghost on the space is an incarnation of Wu-Feng."""
        return self.has_ghost & C.IS_INCARNATION[self.card]

    @fact
    def haunted(self):
        """(n, 9) bool: the tile at each village position is haunted."""
        return self.S.haunted[self.idx]

    @fact
    def n_haunted(self):
        """(n,) haunted tiles."""
        return self.haunted.sum(1)

    @fact
    def limit(self):
        """(n,) int64 haunted tiles that lose the game (the level's limit)."""
        return self.S.rules[self.idx, R.HAUNTED_LIMIT].astype(np.int64)

    @fact
    def cards_left(self):
        """(n,) int64 cards still in the deck."""
        return (self.S.deck_len[self.idx].astype(np.int64) - self.S.deck_pos[self.idx])

    @fact
    def inc_pending(self):
        """(n,) bool: an incarnation is still undefeated (the deck is a clock)."""
        return self.S.inc_defeated[self.idx] < self.S.inc_total[self.idx]

    @fact
    def board_count(self):
        """(n, 4) ghosts on each board."""
        return self.has_ghost.reshape(-1, 4, 3).sum(2)

    @fact
    def chances(self):
        """(n, 4) Yang phases of living Taoists (the active one's included, if he is alive) before
        each seat's next Yin phase: how many turns the team has to act on that board's ghosts."""
        a = self.S.active[self.idx].astype(np.int64)
        after = (a[:, None] + 1 + np.arange(3)) % 4
        cum = np.cumsum(self.living[self.rows[:, None], after], 1)
        k = (np.arange(4)[None, :] - a[:, None] - 1) % 4          # seats strictly between
        between = np.where(k > 0, cum[self.rows[:, None], np.maximum(k - 1, 0)], 0)
        return self.living[self.rows, a][:, None] + between

    @fact
    def n_living(self):
        """(n,) living Taoists."""
        return self.living.sum(1)

    # -- exorcism conditions -------------------------------------------------------------------------
    @fact
    def targetable(self):
        """(n, 12) bool: ghosts an exorcism may aim at from a tile facing them (the conditions of
        ``rules/exorcism.py::targetable`` other than the Taoist's position)."""
        S, idx, bits = self.S, self.idx, self.bits
        ok = self.has_ghost & (((bits & C.B_OPPOSITE) == 0) | (self.ghost[:, OPPOSITE] < 0))
        ready = S.uncatchable_ready[idx] & (S.rules[idx, R.UNCATCHABLE_RULE] == 0)
        ok &= ((bits & C.B_NEEDS_BUDDHA) == 0) | ready[:, None] | S.buddha[idx]
        no_dice = (common.captured_dice(S, idx) >= 3) & (S.rules[idx, R.EXORCISM_WITHOUT_DICE] == 0)
        return ok & ~no_dice[:, None]

    @fact
    def immune(self):
        """(n, 12) bool: the ghost on the space is dice-immune (no die face counts against it)."""
        return (self.bits & C.B_DICE_IMMUNE) != 0

    @fact
    def req(self):
        """(n, 12, 5) resistance per colour after the Circle of Prayer and the Mantra (on a
        multicolour incarnation the Mantra is counted on its largest colour)."""
        S, idx = self.S, self.idx
        base = np.where(self.has_ghost[..., None], C.CARD_REQ[self.card], 0).astype(np.int64)
        circle = S.circle[idx].astype(np.int64)
        circle_tile = (S.tile_at[idx] == C.CIRCLE).argmax(1)
        circle_on = (circle >= 0) & ((S.rules[idx, R.CIRCLE_WHEN_HAUNTED] == 0)
                                     | ~S.haunted[idx, circle_tile])
        mod = (circle_on[:, None, None] & (np.arange(5) == circle[:, None, None])).astype(np.int64)
        mantra = (S.mantra_space[idx, None] == np.arange(12)) & self.has_ghost
        top = base.argmax(2)[..., None] == np.arange(5)
        mod = mod + (mantra[..., None] & top & (base > 0))
        floor = np.minimum(base, S.rules[idx, R.MIN_RESISTANCE][:, None, None])
        return np.maximum(base - mod, floor)

    @fact
    def tao_locked(self):
        """(n,) bool: an Inactive-Tao marker is in play: Tao tokens cannot be spent."""
        return common.tao_locked(self.S, self.idx)

    @fact
    def n_dice_base(self):
        """(n,) int64 Tao dice an exorcism rolls before powers: 3 less those captured."""
        return np.maximum(0, 3 - common.captured_dice(self.S, self.idx))

    @fact
    def white_wild(self):
        """(n,) bool: white faces count as any colour (no Nameless in play)."""
        return common.white_is_wild(self.S, self.idx)

    def pooled_tokens(self, who):
        """(n, 9, 5) Tao tokens ``who`` could spend standing on each position: his own and those
        of the living Taoists already there (rules §5); none under an Inactive-Tao marker."""
        S, idx = self.S, self.idx
        pos = S.pos[idx]
        others = self.living & (np.arange(4)[None, :] != who[:, None])
        at = others[:, :, None] & (pos[:, :, None] == np.arange(9))          # (n, 4, 9)
        tao = S.tao[idx].astype(np.int64)
        pooled = np.einsum("nsp,nsc->npc", at, tao) + tao[self.rows, who][:, None, :]
        return pooled * ~self.tao_locked[:, None, None]

    @fact
    def space_seat(self):
        """(n, 12) seat whose board holds each space (read-only broadcast)."""
        return np.broadcast_to(SPACE_SEAT, (self.n, 12))
