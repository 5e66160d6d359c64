"""The observation: a flat float32 vector in [0, 1] built from named sections of asserted sizes.

Everything a player at the table can see is encoded; nothing else. The order of the unseen deck,
which unseen cards were left out of the game, the random streams and forced die faces never enter
it (``tests/envs/test_observation.py`` proves it on games that differ only in those).

**Frames.** ``encode(state)`` looks from the seat that must decide (or ``viewer``). In the default
*egocentric* frame every seat, ghost space and village position is listed relative to the viewer
(``frame.py``): relative seat 0 is the viewer, 1 the next seat clockwise, and the table is turned
so the viewer's board is at north, which keeps what faces what. The same situation then looks the
same from every seat, so one policy serves every Taoist. Action ids stay the engine's absolute
ones (``actions.py``); the ``viewer`` section gives the viewer's absolute seat, which is what a
policy needs to map what it sees onto them. ``frame="absolute"`` lists everything in the action
table's own frame instead (``viewer`` then acts as the "me" marker). ``global_state(state)`` is
the absolute encoding seen from the deciding seat: one vector for the whole team, for centralised
critics.

**Scaling.** Flags are 0/1; small counts are thermometers (``k`` columns, column ``i`` is
``count > i``); indices are one-hot (all zero for none); larger counts are divided by a bound.
The encoders and the card, configuration and decision-code tables are in ``observation_tables.py``.

The sections, in order (``SECTIONS`` declares each shape and which axes turn with the viewer;
``describe()`` prints the table with sizes and offsets; the environment card shows it):

============== ========= ===========================================================================
section        shape     content
============== ========= ===========================================================================
viewer         4         absolute seat of the viewer (never turned): maps what is seen to action ids
decider        4 seat    who must decide now (egocentric: 0 = the viewer); zeros when the game is over
active         4 seat    whose turn it is
config         k         level and player count one-hot, the level's numbers (Qi, haunted-tile limit,
                         incarnations, victory points, bonuses), each two-way rule switch as a flag
                         (but those in observation_tables._NOT_OBSERVED), the haunting-figurine cap
village        9x10 pos  the tile at each position (one-hot over the 9 tiles), haunted
spaces         12x33 sp  per ghost space: occupied, ghost colour (5), resistance per colour (/5), its
                         ability bits (``cards.SPACE_BITS`` order; lasting markers only while in
                         force), right-stone effects (curse, 1 Tao, 2 Tao, Qi or Yin-Yang,
                         incarnation reward), haunting figurine on the card / on stone 1 / none,
                         Buddha on the space, Enfeeblement Mantra on the ghost
seats          4x53 seat per board: played, Taoist alive, Qi 0 (dead or possessed), power working,
                         Yin-Yang held, a Power token was spent on this board's power this turn,
                         Qi (thermometer 8), board colour (4), power (8), Tao tokens per colour
                         (5 x thermometer 4), Buddhas held (2), of which taken this turn (2),
                         Power tokens (3)
taoist_pos     4x9 s,p   where each Taoist figure stands (dead Taoists lie on the Cemetery)
table          64        Circle of Prayer token colour, Buddhas on the Temple, Power tokens on the
                         centre, Qi supply (/20), Tao supply (5 x 4), haunted tiles (4), one more
                         haunted tile loses, turn (/100, capped), helps and exorcisms done this Yang
                         phase, powers used this turn (Mantra, Pockets, Twin Winds, Buddha placed),
                         Mantra state (4), Uncatchable ready, incarnations in the game (4) and
                         defeated (4), Tao dice captured (3), Tao tokens locked, white faces blank,
                         every power off
deck           12        cards left (/60), at most 1, 2, 3, 5, 10 left, undrawn incarnations (4), how
                         deep the nearest and the farthest undrawn incarnation lie (/60; public:
                         they are placed every 10 cards from the bottom, rules §3 and 12)
unseen         99        every card not yet seen (in the deck or left out unseen: the two are not
                         told apart), then the same counted by colour (5), incarnation, ability bit
                         (12), left stone (11) and right stone (5), over each count's total
dice           4x6       the faces of the roll in progress (5 colours and white)
exo_targets    2x12 sp   the spaces the exorcism in progress targets
exorcism       26        per target resistance per colour after modifiers (/5), the outcome chosen,
                         tokens still to pay per colour (/8), what white faces may still cover (/4),
                         white faces not yet given a colour (4); zeros outside an exorcism
decision       codes     the decision waited on (one-hot over the decision codes of rules/stack.py)
pending        codes     every effect code on the stack (what is still to resolve)
context_space  12 sp     the space the decision is about (the ghost that curses, rewards, moves...)
context_pos    9 pos     the tile the decision is about (the Cemetery's curse)
context_seat   4 seat    the Taoist being moved (Twin Winds, Pavilion)
context_value  9         small arguments: Yang stage (3); curse face / absorb kind / move mode (6)
context_card   39        the ghost being placed: the card features of ``spaces`` and its left stones
============== ========= ===========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .. import cards as C
from ..config import R
from ..rules import common, stack
from ..state import MANTRA_ON_GHOST, State
from .frame import Turn, column_permutation
from .observation_tables import (ARG_A_KIND, ARG_B_VALUE, CARD_CORE, CARD_FEATURES, CONFIG_SIZE,
                                 DECISION_CODES, DECISION_INDEX, EXORCISM_CODES, MARKER_COLUMNS,
                                 SCALED_COLS, SCALES, SPACE_EXTRA, SWITCH_COLS, UNSEEN_COUNTS, onehot,
                                 thermo)

FRAMES = ("egocentric", "absolute")


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
SIZES = tuple(int(np.prod(s.shape)) for s in SECTIONS)
OFFSETS = tuple(int(x) for x in np.concatenate([[0], np.cumsum(SIZES)]))
SIZE = OFFSETS[-1]
SLICES = {s.name: slice(OFFSETS[i], OFFSETS[i + 1]) for i, s in enumerate(SECTIONS)}
# PERMUTATION[v]: the columns of the absolute encoding that make the encoding seen from seat v
# (the definition of the egocentric frame; the encoder reaches the same result by reading the state
# through frame.Turn, which is cheaper, and the tests check the two agree).
PERMUTATION = np.stack([
    np.concatenate([OFFSETS[i] + column_permutation(s.shape, s.axes, v) for i, s in enumerate(SECTIONS)])
    for v in range(4)])


def _viewers(ctx: Context, viewer) -> np.ndarray:
    if viewer is None:
        return ctx.viewer
    v = np.broadcast_to(np.asarray(viewer), (ctx.B,))
    if not np.issubdtype(v.dtype, np.integer) or ((v < 0) | (v > 3)).any():
        raise ValueError(f"viewer must be seats 0..3 (one per game or one for all), got {viewer!r}")
    return v.astype(np.int64)


def encode(S: State, viewer: np.ndarray | int | None = None,
           frame: str = "egocentric", out: np.ndarray | None = None) -> np.ndarray:
    """(B, SIZE) float32 observation of every game, seen from ``viewer`` (B,) seats or one seat
    for all (default: the seat that must decide, or whose turn it was in a finished game).
    ``out``: a (B, SIZE) float32 C-contiguous array to write into and return (its previous
    contents are all overwritten), which spares a large batch the allocation."""
    if frame not in FRAMES:
        raise ValueError(f"frame={frame!r} is not allowed; choose one of {FRAMES}")
    ctx = context(S)
    ctx.viewer = _viewers(ctx, viewer)
    ctx.turn = Turn(ctx.viewer if frame == "egocentric" else None)
    if out is None:
        out = np.empty((ctx.B, SIZE), np.float32)
    elif (not isinstance(out, np.ndarray) or out.shape != (ctx.B, SIZE) or out.dtype != np.float32
          or not out.flags.c_contiguous):
        raise ValueError(f"out must be a C-contiguous ({ctx.B}, {SIZE}) float32 array, got "
                         f"{getattr(out, 'dtype', type(out).__name__)} {getattr(out, 'shape', '')}")
    for i, sec in enumerate(SECTIONS):
        try:         # every section's size is checked against its declaration, at every call
            sec.build(S, ctx, out[:, OFFSETS[i]:OFFSETS[i + 1]].reshape(ctx.B, *sec.shape))
        except (AssertionError, ValueError) as e:   # a part wider than declared: ValueError
            raise AssertionError(f"observation section {sec.name!r} does not match its declared "
                                 f"shape {sec.shape}: {e}") from None
    return out


def global_state(S: State) -> np.ndarray:
    """(B, SIZE) float32: the absolute encoding seen from the deciding seat, the same vector for
    every Taoist (for centralised critics)."""
    return encode(S, frame="absolute")


def rotate(absolute: np.ndarray, viewer: np.ndarray | int) -> np.ndarray:
    """Absolute encodings (B, SIZE) turned into each row's viewer's frame, by the column
    permutation that defines it (slower than ``encode``; for checks)."""
    viewer = np.broadcast_to(np.asarray(viewer), (absolute.shape[0],))
    return absolute[np.arange(absolute.shape[0])[:, None], PERMUTATION[viewer]]


def split(obs: np.ndarray) -> dict[str, np.ndarray]:
    """The sections of observations (..., SIZE), each reshaped to (..., *section shape)."""
    lead = obs.shape[:-1]
    return {s.name: obs[..., SLICES[s.name]].reshape(*lead, *s.shape) for s in SECTIONS}


def describe() -> str:
    """A markdown table of the sections: name, shape, turned axes, size, offset."""
    lines = ["| section | shape | turns with the viewer | size | offset |", "|---|---|---|---:|---:|"]
    for i, s in enumerate(SECTIONS):
        turned = ", ".join(a for a in s.axes if a) or "-"
        shape = "x".join(map(str, s.shape))
        lines.append(f"| `{s.name}` | {shape} | {turned} | {SIZES[i]} | {OFFSETS[i]} |")
    lines.append(f"| total | | | {SIZE} | |")
    return "\n".join(lines)
