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

import numpy as np

from ..state import State
from .frame import Turn, column_permutation
from .observation_sections import SECTIONS, Context, Section, context   # Section: re-exported


FRAMES = ("egocentric", "absolute")


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
