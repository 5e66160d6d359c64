"""Facts derived from the state that several rule modules need: who is alive, which powers are on,
which lasting ghost markers are in force, and the end of the game by loss.

All functions work on the rows ``idx`` of the batch and return arrays with a leading ``len(idx)``.
"""

from __future__ import annotations

import numpy as np

from .. import cards as C
from ..config import R
from ..geometry import CENTRE, SPACE_LINE
from ..state import MANTRA_GONE, LOST_HAUNTED_TILES, LOST_NO_TILE_IN_LINE
from . import stack

ROWS4 = np.arange(4)


def living(S, idx) -> np.ndarray:
    """(n, 4) bool: a living Taoist plays this seat."""
    return S.is_player[idx] & (S.qi[idx] > 0)


def representative(S, idx) -> np.ndarray:
    """(n,) seat deciding for "the players": the first living Taoist clockwise from the active seat
    (the active Taoist himself when alive). -1 if none is alive."""
    order = (S.active[idx, None].astype(np.int64) + ROWS4) % 4
    alive = np.take_along_axis(living(S, idx), order, 1)
    first = alive.argmax(1)
    return np.where(alive.any(1), order[np.arange(idx.size), first], -1)


def seat_of_colour(S, idx, colour) -> np.ndarray:
    """(n,) seat of the board of each row's colour (0..3)."""
    return (S.seat_colour[idx] == np.asarray(colour)[..., None]).argmax(-1)


def space_bits(S, idx) -> np.ndarray:
    """(n, 12) int16: ability bits (cards.B_*) of the ghost on each space; a lasting left-stone
    marker's bit only where that marker is in force."""
    bits = C.SPACE_BITS[S.ghost[idx] + 1]
    return bits & (~C.MARKER_BITS | (S.static_on[idx] * np.int16(C.MARKER_BITS)))


def card_flag(S, idx, bit: int, bits=None) -> np.ndarray:
    """(n, 12) bool: the ghost on each space has ability ``bit`` (a cards.B_* constant)."""
    bits = space_bits(S, idx) if bits is None else bits
    return (bits & bit) != 0


def board_bits(bits) -> np.ndarray:
    """(n, 4) int16: the ability bits of each board's three spaces together."""
    return bits[:, 0::3] | bits[:, 1::3] | bits[:, 2::3]


def power_on(S, idx, bits=None) -> np.ndarray:
    """(n, 4) bool: the board's Taoist power works (not possessed, no Inactive-Power marker on it,
    no Forgotten Ones in play). rules §6, 9, 11."""
    bits = space_bits(S, idx) if bits is None else bits
    per_board = board_bits(bits)
    every = per_board[:, 0] | per_board[:, 1] | per_board[:, 2] | per_board[:, 3]
    on = ((per_board & C.B_POWER_OFF) == 0) & (S.qi[idx] > 0)
    on &= ((every & C.B_ALL_OFF) == 0)[:, None]
    return on


def _usable(S, idx, who, seat, on) -> np.ndarray:
    """Powers shown on boards ``seat`` (n, k) usable by seat ``who``: his own board's if on, or a
    neutral board's he spent a Power token on this turn (as the active Taoist)."""
    s = np.maximum(seat, 0).astype(np.int64)
    works = (seat >= 0) & on.reshape(-1)[np.arange(idx.size)[:, None] * 4 + s]
    own = seat == who[:, None]
    lent = ((who == S.active[idx])[:, None]
            & (((S.borrowed[idx, None] >> s) & 1) == 1))
    return works & (own | lent)


def has_power(S, idx, who, power: int, on=None) -> np.ndarray:
    """(n,) bool: seat ``who`` can use ``power`` now (rules §9, 13)."""
    on = power_on(S, idx) if on is None else on
    return _usable(S, idx, who, S.power_seat[idx, power][:, None], on)[:, 0]


def powers_of(S, idx, who, on=None) -> np.ndarray:
    """(n, 8) bool: every power seat ``who`` can use now."""
    on = power_on(S, idx) if on is None else on
    return _usable(S, idx, who, S.power_seat[idx], on)


def sync_mantra(S, idx) -> None:
    """rules §9: if the Mantra's board loses its power (ghost, Forgotten Ones, death,
    possession), the Mantra token is removed from the game for good."""
    seat = S.power_seat[idx, C.MANTRA].astype(np.int64)
    live = (S.mantra_state[idx] != MANTRA_GONE) & (seat >= 0)
    if not live.any():
        return
    r = idx[live]
    lost = ~power_on(S, r)[np.arange(r.size), seat[live]]
    S.mantra_state[r[lost]] = MANTRA_GONE
    S.mantra_space[r[lost]] = -1


def lose(S, idx, reason: int) -> None:
    """The games end, lost (rules §10)."""
    if idx.size == 0:
        return
    idx = idx[~S.terminated[idx]]
    S.terminated[idx] = True
    S.loss_reason[idx] = reason
    stack.clear(S, idx)


def check_haunted_limit(S, idx) -> None:
    """Games ``idx`` with as many haunted tiles as their level allows are lost (rules §10)."""
    if idx.size == 0:
        return
    over = S.haunted[idx].sum(1) >= S.rules[idx, R.HAUNTED_LIMIT]
    lose(S, idx[over], LOST_HAUNTED_TILES)


def haunt_line(S, idx, g) -> None:
    """Ghosts on spaces ``g`` haunt the first active tile in front of them (rules §4);
    with no active tile left in the line, the village is lost."""
    if idx.size == 0:
        return
    line = SPACE_LINE[g]                                   # (n, 3) positions
    h = np.take_along_axis(S.haunted[idx], line.astype(np.int64), 1)
    none_left = h.all(1)
    lose(S, idx[none_left], LOST_NO_TILE_IN_LINE)
    ok = ~none_left
    first = (~h[ok]).argmax(1)
    S.haunted[idx[ok], line[ok, first]] = True
    check_haunted_limit(S, idx[ok])


def on_same_tile(S, idx, who) -> np.ndarray:
    """(n, 4) bool: living Taoists standing on ``who``'s tile (he included)."""
    p = S.pos[idx, who]
    return living(S, idx) & (S.pos[idx] == p[:, None])


def tao_locked(S, idx) -> np.ndarray:
    """(n,) bool: an Inactive-Tao marker is in play (Black Widow, Dark Mistress)."""
    return card_flag(S, idx, C.B_TAO_LOCK).any(1)


def captured_dice(S, idx) -> np.ndarray:
    """(n,) int: Tao dice captured by the ghosts in play, one per captor."""
    return card_flag(S, idx, C.B_CAPTURE).sum(1)


def white_is_wild(S, idx) -> np.ndarray:
    """(n,) bool: no Nameless in play (its middle stone blanks white faces, rules §15)."""
    return ~card_flag(S, idx, C.B_WHITE_NOT_WILD).any(1)


def is_centre(S, idx, who) -> np.ndarray:
    """(n,) bool: Taoist ``who`` stands on the central tile."""
    return S.pos[idx, who] == CENTRE
