"""The turn automaton: the Yin phase of the active board, the Yang phase of a living Taoist, and
the end of the turn (rules §4, 11, 13).

TURN_START (haunters; tormentors pushed) -> YIN_OVERRUN -> YIN_ARRIVAL -> YANG_START
-> YANG (decisions, yang.py) -> TURN_END -> TURN_START of the next seat. The ``b`` argument of
the Yin effects records whether the seat's Taoist was alive when his turn began.
"""

from __future__ import annotations

import numpy as np

from .. import actions as A
from .. import cards as C
from ..config import R
from ..geometry import CENTRE
from ..state import MANTRA_READY, MANTRA_RETURNING
from . import common, stack
from .stack import decision, effect

# Board spaces in middle-stone order (switch 16.10): left to right as seen from the board's seat.
_ORDER = np.array([[0, 1, 2], [2, 1, 0]], np.int64)


def _board_spaces(S, idx, seat) -> np.ndarray:
    """(n, 3) spaces of each row's board, in the configured middle-stone order."""
    return seat[:, None] * 3 + _ORDER[S.rules[idx, R.MIDDLE_STONE_ORDER]]


@effect("TURN_START")
def turn_start(S, idx):
    """Yin step 1: first every haunter of the active board advances (from stone 2 it haunts);
    then every tormentor rolls the Curse die and Bone Cracker takes a Tao token from everyone, in
    board order (switch 16.10). Step 1B acts for the ghosts on the board when it begins: a ghost
    brought in by a curse during it acts from the next Yin phase."""
    seat, _, _ = stack.args(S, idx)
    S.active[idx] = seat
    S.turn[idx] += 1
    alive_at_start = common.living(S, idx)[np.arange(idx.size), seat]
    stack.replace(S, idx, stack.YIN_OVERRUN, seat, -1, alive_at_start)
    spaces = _board_spaces(S, idx, seat)
    rows = idx[:, None]
    card = S.ghost[rows, spaces]
    bits = C.SPACE_BITS[card + 1]
    hp = S.haunter_pos[rows, spaces]
    hp = hp + (((bits & C.B_HAUNTER) != 0) & (hp >= 0))   # 1A: every haunter advances
    haunts = hp >= 2
    S.haunter_pos[rows, spaces] = np.where(haunts, 0, hp)
    if haunts.any():
        for k in range(3):                               # from stone 2 they haunt, in order
            h = haunts[:, k] & ~S.terminated[idx]
            common.haunt_line(S, idx[h], spaces[h, k])
    # 1B: tormentors and Bone Cracker; the first in board order ends on top of the stack.
    torments = (bits & C.B_TORMENTOR) != 0
    acts = (torments | ((bits & C.B_MIDDLE_DISCARD) != 0)) & ~S.terminated[idx, None]
    if acts.any():
        code = np.where(torments, stack.TORMENT, stack.GROUP_DISCARD)
        for k in (2, 1, 0):
            a = acts[:, k]
            stack.push(S, idx[a], code[a, k], seat[a], spaces[a, k])


@effect("YIN_OVERRUN")
def yin_overrun(S, idx):
    """Yin step 2: a full board costs its owner 1 Qi and skips the arrival."""
    seat, _, alive = stack.args(S, idx)
    full = (S.ghost[idx[:, None], seat[:, None] * 3 + np.arange(3)] >= 0).all(1)
    stack.replace(S, idx[full], stack.YANG_START, seat[full])
    stack.push(S, idx[full], stack.LOSE_QI, seat[full])
    stack.replace(S, idx[~full], stack.YIN_ARRIVAL, seat[~full], -1, alive[~full])


@effect("YIN_ARRIVAL")
def yin_arrival(S, idx):
    """Yin step 3: a Taoist's turn brings the top card into play. Neutral and possessed boards play
    no step 3, and (switch 16.17) neither does a Taoist who died in this Yin phase."""
    seat, _, alive_at_start = stack.args(S, idx)
    alive = common.living(S, idx)[np.arange(idx.size), seat]
    arrives = (alive_at_start == 1) & (alive | (S.rules[idx, R.DEAD_IN_OWN_YIN_SKIPS_ARRIVAL] == 0))
    stack.replace(S, idx, stack.YANG_START, seat)
    stack.push(S, idx[arrives], stack.DRAW_GHOST, seat[arrives])


@effect("YANG_START")
def yang_start(S, idx):
    """The Yang phase of seat ``seat``: a living Taoist gets his ``YANG`` decision, then the turn
    ends (a dead one's turn ends at once)."""
    seat, _, _ = stack.args(S, idx)
    stack.replace(S, idx, stack.TURN_END, seat)
    alive = common.living(S, idx)[np.arange(idx.size), seat]
    stack.push(S, idx[alive], stack.YANG, seat[alive], 0)


@effect("TURN_END")
def turn_end(S, idx):
    """Per-turn allowances reset; a Taoist ending on the central tile may pick up Power tokens."""
    seat, _, _ = stack.args(S, idx)
    S.helps_done[idx] = 0
    S.exos_done[idx] = 0
    S.turn_flags[idx] = 0
    S.borrowed[idx] = 0
    S.buddhas_fresh[idx] = 0
    back = idx[S.mantra_state[idx] == MANTRA_RETURNING]
    S.mantra_state[back] = MANTRA_READY
    stack.replace(S, idx, stack.TURN_START, (seat + 1) % 4)
    n = np.arange(idx.size)
    picks = (common.living(S, idx)[n, seat] & (S.pos[idx, seat] == CENTRE)
             & (S.centre_power_tokens[idx] > 0))
    stack.push(S, idx[picks], stack.POWER_PICKUP, seat[picks])


def _pickup_mask(S, idx):
    m = stack.empty_mask(idx.size)
    m[:, A.TAKE_POWER_TOKENS:A.TAKE_POWER_TOKENS + 4] = (
        np.arange(4)[None, :] <= S.centre_power_tokens[idx, None])
    return m


def _pickup_apply(S, idx, act):
    who, _, _ = stack.args(S, idx)
    k = act - A.TAKE_POWER_TOKENS
    S.power_tokens[idx, who] += k
    S.centre_power_tokens[idx] -= k
    stack.pop(S, idx)


decision("POWER_PICKUP", _pickup_mask, _pickup_apply)
