"""The egocentric frame: the table turned so that a given seat sits at north.

The table has a four-fold symmetry: turning it a quarter clockwise carries every seat to the next
one, every ghost space to the same space of the next board and every village position to the
position a quarter turn away, and what faces what is unchanged (``geometry.py``). An observation
from seat ``v`` lists seats, spaces and positions *relative* to ``v``: relative seat ``j`` is
absolute seat ``(v + j) % 4``, relative space ``3 * j + k`` is space ``k`` of relative seat ``j``'s
board, and relative position ``q`` is the position that lands on ``q`` when the table is turned
so that ``v``'s board is at north. The tables here give, per viewer, the absolute index behind
each relative one; they are derived from ``geometry.SPACE_LINE`` and checked to be symmetries.
"""

from __future__ import annotations

import numpy as np

from ..geometry import NUM_POSITIONS, NUM_SEATS, NUM_SPACES, SPACE_LINE

# SEAT_ABS[v, j]: absolute seat of relative seat j seen from seat v.
SEAT_ABS = (np.arange(NUM_SEATS)[None, :] + np.arange(NUM_SEATS)[:, None]) % NUM_SEATS
# SPACE_ABS[v, g]: absolute space of relative space g.
SPACE_ABS = 3 * SEAT_ABS.repeat(3, axis=1) + np.tile(np.arange(3), NUM_SEATS)[None, :]


def _position_tables() -> np.ndarray:
    """POS_ABS[v, q]: the absolute position of relative position q, read off the lines of
    positions in front of the spaces (relative space g's line is absolute space's line)."""
    table = np.full((NUM_SEATS, NUM_POSITIONS), -1, np.int64)
    for v in range(NUM_SEATS):
        for g in range(NUM_SPACES):
            for rel, ab in zip(SPACE_LINE[g], SPACE_LINE[SPACE_ABS[v, g]]):
                assert table[v, rel] in (-1, ab), "the quarter turn is not a symmetry of the table"
                table[v, rel] = ab
        assert sorted(table[v]) == list(range(NUM_POSITIONS)), "positions do not map one to one"
    return table


POS_ABS = _position_tables()
AXIS_TABLES = {"seat": SEAT_ABS, "space": SPACE_ABS, "pos": POS_ABS}
for _t in (SEAT_ABS, SPACE_ABS, POS_ABS):
    _t.setflags(write=False)


def column_permutation(shape: tuple[int, ...], axes: tuple[str | None, ...], v: int) -> np.ndarray:
    """Flat indices into a block of ``shape`` (row-major) such that ``block.ravel()[perm]`` is the
    block seen from seat ``v``: each axis named "seat", "space" or "pos" is turned, others kept."""
    grids = np.meshgrid(*[np.arange(n) for n in shape], indexing="ij")
    absolute = [AXIS_TABLES[kind][v][grid] if kind else grid for grid, kind in zip(grids, axes)]
    return np.ravel_multi_index(absolute, shape).ravel()


def _inverse(table: np.ndarray) -> np.ndarray:
    inv = np.empty_like(table)
    for v in range(table.shape[0]):
        inv[v, table[v]] = np.arange(table.shape[1])
    return inv


# *_REL[v, absolute index]: the relative index it gets seen from seat v.
SEAT_REL, SPACE_REL, POS_REL = (_inverse(t) for t in (SEAT_ABS, SPACE_ABS, POS_ABS))

# what the parameter of each action range indexes (ranges not listed: nothing that turns)
RANGE_AXIS = {"MOVE": "pos", "EXORCISE": "space", "YINYANG_HELP": "pos", "YINYANG_UNHAUNT": "pos",
              "MANTRA": "space", "TWIN_WINDS": "seat", "POWER_TOKEN": "seat", "BUDDHA": "space",
              "CHOOSE_TILE": "pos", "CHOOSE_SPACE": "space", "CHOOSE_TAOIST": "seat"}


def relative_of_absolute() -> np.ndarray:
    """(4, NUM_ACTIONS): [v, a] is the *relative* action that absolute action ``a`` is from seat
    v ("move to the tile on my left" rather than "move to tile 3"), so that a policy in the
    viewer's frame learns a seat-dependent move once, not four times. Actions without a seat,
    space or position (colours, rerolls, Qi...) are their own relative action."""
    from ..actions import NUM_ACTIONS, RANGES
    rel = {"seat": SEAT_REL, "space": SPACE_REL, "pos": POS_REL}
    table = np.tile(np.arange(NUM_ACTIONS), (NUM_SEATS, 1))
    for name, axis in RANGE_AXIS.items():
        r = RANGES[name]
        table[:, r.start:r.stop] = r.start + rel[axis]
    return table


class Turn:
    """Reads state arrays from the viewers' seats (one per game): ``seats``, ``spaces`` and
    ``positions`` reorder axis 1 of arrays indexed by seat / space / position; ``*_values`` map
    arrays whose *values* are such indices (-1 = none is kept). ``Turn(None)`` changes nothing
    (the absolute frame). Flat indices are built once per call of the encoder, so each read is
    one ``np.take``."""

    def __init__(self, viewer: np.ndarray | None) -> None:
        self.viewer = viewer
        self._flat: dict[int, np.ndarray] = {}

    def _reorder(self, x, table):
        if self.viewer is None:
            return x
        n = table.shape[1]
        flat = self._flat.get(id(table))
        if flat is None:            # row b, relative k -> b * n + absolute index
            flat = (np.arange(self.viewer.size)[:, None] * n + table[self.viewer]).ravel()
            self._flat[id(table)] = flat
        x = np.asarray(x)
        return np.take(x.reshape(-1, *x.shape[2:]), flat, axis=0).reshape(x.shape)

    def _map(self, x, table):
        if self.viewer is None:
            return x
        x = np.asarray(x, np.int64)
        v = self.viewer.reshape(-1, *([1] * (x.ndim - 1)))
        n = table.shape[1]
        return np.where(x >= 0, np.take(table, v * n + np.maximum(x, 0)), -1)

    def seats(self, x: np.ndarray) -> np.ndarray:
        """``x`` (B, 4, ...) indexed by absolute seat, reordered so that column j is relative
        seat j of each row's viewer."""
        return self._reorder(x, SEAT_ABS)

    def spaces(self, x: np.ndarray) -> np.ndarray:
        """``x`` (B, 12, ...) indexed by absolute space, reordered to relative spaces."""
        return self._reorder(x, SPACE_ABS)

    def positions(self, x: np.ndarray) -> np.ndarray:
        """``x`` (B, 9, ...) indexed by absolute position, reordered to relative positions."""
        return self._reorder(x, POS_ABS)

    def seat_values(self, x: np.ndarray) -> np.ndarray:
        """``x`` (B, ...) of absolute seats, as int64 seats relative to each row's viewer (-1
        kept)."""
        return self._map(x, SEAT_REL)

    def space_values(self, x: np.ndarray) -> np.ndarray:
        """``x`` (B, ...) of absolute spaces, as int64 relative spaces (-1 kept)."""
        return self._map(x, SPACE_REL)

    def position_values(self, x: np.ndarray) -> np.ndarray:
        """``x`` (B, ...) of absolute positions, as int64 relative positions (-1 kept)."""
        return self._map(x, POS_REL)
