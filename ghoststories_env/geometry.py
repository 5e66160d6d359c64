"""The table's fixed geometry: village positions, seats, ghost spaces and what faces what.

The village is a 3x3 grid of *positions* ``p = 3 * row + col`` (row 0 is the north edge). The four
player boards sit on the four sides, indexed by *seat* in clockwise turn order:
``0 = north, 1 = east, 2 = south, 3 = west``. Each board has three ghost spaces; space
``g = 3 * seat + k`` where ``k`` counts the board's spaces left to right *as seen from that board's
own seat* (rules §16, items 10 and 16). Which colour sits on which seat is game state; the
geometry is the same in every game, so all of it is precomputed here.
"""

from __future__ import annotations

import numpy as np

NUM_POSITIONS = 9
NUM_SEATS = 4
NUM_SPACES = 12
CENTRE = 4
SEAT_NAMES = ("north", "east", "south", "west")


def _space_lines() -> np.ndarray:
    """(12, 3): for every space, the three positions in front of it, from its board inward."""
    lines = np.zeros((NUM_SPACES, 3), np.int8)
    for k in range(3):
        col_n, row_e, col_s, row_w = 2 - k, 2 - k, k, k  # left-to-right from each seat
        lines[0 + k] = [col_n, 3 + col_n, 6 + col_n]                    # north board looks south
        lines[3 + k] = [3 * row_e + 2, 3 * row_e + 1, 3 * row_e]        # east board looks west
        lines[6 + k] = [6 + col_s, 3 + col_s, col_s]                    # south board looks north
        lines[9 + k] = [3 * row_w, 3 * row_w + 1, 3 * row_w + 2]        # west board looks east
    return lines


SPACE_LINE = _space_lines()
SPACE_SEAT = np.repeat(np.arange(NUM_SEATS, dtype=np.int8), 3)
SPACE_FRONT = SPACE_LINE[:, 0].copy()           # the tile a space faces (rules §5: reach)
# The space on the board across the village, in the same line (Howling Nightmare's condition).
OPPOSITE = np.array([8, 7, 6, 11, 10, 9, 2, 1, 0, 5, 4, 3], np.int8)

# (9, 12) bool: position p faces space g. Corners face two spaces, edges one, the centre none.
FACES = np.zeros((NUM_POSITIONS, NUM_SPACES), bool)
FACES[SPACE_FRONT, np.arange(NUM_SPACES)] = True
# (9, 2) int8: the spaces a position faces, ascending, -1 padded.
FACING = np.full((NUM_POSITIONS, 2), -1, np.int8)
for _p in range(NUM_POSITIONS):
    _g = np.flatnonzero(FACES[_p])
    FACING[_p, : len(_g)] = _g
IS_CORNER = FACES.sum(1) == 2

_rc = np.array([(p // 3, p % 3) for p in range(NUM_POSITIONS)])
# (9, 9) bool: a normal move from p to q (adjacent, diagonals allowed, or staying put).
STEP = np.abs(_rc[:, None, :] - _rc[None, :, :]).max(-1) <= 1
# (12, 3) bool per seat: which of the 12 spaces belong to the seat's board.
SEAT_SPACES = np.arange(NUM_SPACES).reshape(NUM_SEATS, 3)

for _a in (SPACE_LINE, SPACE_SEAT, SPACE_FRONT, OPPOSITE, FACES, FACING, IS_CORNER, STEP, SEAT_SPACES):
    _a.setflags(write=False)


def position_name(p: int) -> str:
    """``"(row,column)"`` of village position ``p`` (0 to 8, row by row)."""
    return f"({p // 3},{p % 3})"


def space_name(g: int) -> str:
    """``"north board space 1"``: the seat of ghost space ``g`` (0 to 11) and its place on that
    board, 1 to 3."""
    return f"{SEAT_NAMES[g // 3]} board space {g % 3 + 1}"
