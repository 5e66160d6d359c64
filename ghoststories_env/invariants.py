"""What every position the rules can reach satisfies, checked over a whole batch at once.

``Engine.step`` trusts the state it is given (checking it at every step would cost more than the
step); ``validate(state)`` is the check for a state that came from elsewhere: the scenario builder
runs it on every game it builds, and the tests on every state of their random games. Each
invariant is a named (B,) bool "violated" array, so a failure names the game and the rule.
"""

from __future__ import annotations

import numpy as np

from . import cards as C
from .config import R
from .rules import stack
from .state import LOST_DECK, MANTRA_GONE, MANTRA_ON_GHOST, NOT_LOST, State


class InvalidStateError(ValueError):
    """A state no sequence of legal actions can reach; the message names the game and the rule."""


def card_places(S: State) -> np.ndarray:
    """(B, 65) how many places hold each card: the deck still to draw, the spaces, the discard,
    the cards left out, or waiting to be placed (a PLACE effect on the stack)."""
    B = S.batch_size
    rows = np.arange(B)[:, None]
    count = np.zeros((B, C.NUM_CARDS), np.int64)
    slot = np.arange(S.deck.shape[1])[None, :]
    in_deck = (slot >= S.deck_pos[:, None]) & (slot < S.deck_len[:, None]) & (S.deck >= 0)
    np.add.at(count, (np.broadcast_to(rows, S.deck.shape)[in_deck], S.deck[in_deck]), 1)
    on = S.ghost >= 0
    np.add.at(count, (np.broadcast_to(rows, on.shape)[on], S.ghost[on]), 1)
    count += S.discarded + S.removed
    pending = (S.stack_code == stack.PLACE) & (S.stack_a >= 0)
    np.add.at(count, (np.broadcast_to(rows, pending.shape)[pending], S.stack_a[pending]), 1)
    return count


#: the one invariant that holds only once the effect loop has run (``stack.advance``)
SETTLED = "a running game waits on a choice of 2 or more legal actions, a finished one on none"


# first argument of effects that take a position, a seat, a stage or a card (rules/*.py)
_ARG_A = {"HELP_TILE": (0, 8), "YANG": (0, 2), "MOVE_TAOIST": (0, 3), "PAV_DEST": (0, 11),
          "STATIC_ON": (0, 11), "TORMENT": (0, 11), "REWARD_QI_YY": (0, 11),
          "PLACE": (0, C.NUM_CARDS - 1)}


def _stack_violations(S: State) -> tuple[np.ndarray, np.ndarray]:
    """(well formed, arguments in range), each (B,) bool "violated"."""
    k = np.arange(S.stack_code.shape[1])[None, :]
    used = k < S.sp[:, None]
    code, who, a = S.stack_code, S.stack_who, S.stack_a
    slot = np.maximum(S.sp.astype(np.int64) - 1, 0)[:, None]
    cached = (np.where(S.sp > 0, np.take_along_axis(x, slot, 1)[:, 0], -1) != c
              for x, c in ((code, S.top), (who, S.top_who), (a, S.top_a), (S.stack_b, S.top_b)))
    shape = ((S.sp < 0) | (S.sp > code.shape[1])
             | np.where(used, (code < 0) | (code >= len(stack.CODE_NAMES)) | (who < 0) | (who > 3),
                        (code != -1) | (who != -1)).any(1)
             | np.logical_or.reduce(list(cached)))
    args = np.zeros(S.batch_size, bool)
    for name, (lo, hi) in _ARG_A.items():
        args |= (used & (code == stack.CODES[name]) & ((a < lo) | (a > hi))).any(1)
    return shape, args


def violations(S: State) -> dict[str, np.ndarray]:
    """Every invariant as ``{what must hold: (B,) bool, True where it does not}``."""
    B = S.batch_size
    rows = np.arange(B)
    run = ~S.terminated
    players = S.is_player
    dead = players & (S.qi == 0)
    on_circle = (S.circle[:, None] == np.arange(5)).astype(np.int64)
    places = card_places(S)
    limbo = (S.loss_reason == LOST_DECK)[:, None] & (places == 0)
    mantra_ghost = S.ghost[rows, np.maximum(S.mantra_space, 0)] >= 0
    stack_shape, stack_args = _stack_violations(S)
    return {
        # rules §1: hard supply limits, nothing negative
        "20 Qi tokens in all, none negative": (
            (S.qi < 0).any(1) | (S.qi_supply < 0)
            | (S.qi.sum(1, dtype=np.int64) + S.qi_supply != C.QI_TOKENS)),
        "4 Tao tokens per colour (held, supply, Circle), none negative": (
            (S.tao < 0).any((1, 2)) | (S.tao_supply < 0).any(1)
            | (S.tao.sum(1, dtype=np.int64) + S.tao_supply + on_circle != C.TAO_PER_COLOUR).any(1)),
        "2 Buddhas in all (Temple, held, on spaces)": (
            (S.temple_buddhas < 0) | (S.buddhas < 0).any(1)
            | (S.temple_buddhas + S.buddhas.sum(1, dtype=np.int64) + S.buddha.sum(1) != C.BUDDHAS)),
        "Buddhas taken this turn are among those held": (
            (S.buddhas_fresh < 0) | (S.buddhas_fresh > S.buddhas)).any(1),
        "at most 3 Power tokens (held and on the central tile)": (
            (S.power_tokens < 0).any(1) | (S.centre_power_tokens < 0)
            | (S.power_tokens.sum(1, dtype=np.int64) + S.centre_power_tokens > C.POWER_TOKENS)),
        "every card in exactly one place": ~((places == 1) | limbo).all(1),
        # rules §3, 12, 13: the table
        "9 village tiles, each once": (np.sort(S.tile_at, 1) != np.arange(9)).any(1),
        "4 boards, one of each colour": (np.sort(S.seat_colour, 1) != np.arange(4)).any(1),
        "the configured number of Taoists": players.sum(1) != S.rules[:, R.NUM_PLAYERS],
        "Taoists stand on a tile, neutral boards have no figure": (
            np.where(players, (S.pos < 0) | (S.pos > 8), S.pos != -1)).any(1),
        "neutral boards hold no tokens": (
            ~players & ((S.tao.sum(2) > 0) | S.yinyang | (S.buddhas > 0) | (S.power_tokens > 0))
        ).any(1),
        "incarnations counted from the deck and the discard": (
            (S.inc_total != (~S.removed & C.IS_INCARNATION).sum(1))
            | (S.inc_defeated != (S.discarded & C.IS_INCARNATION).sum(1))),
        "cards drawn are within the deck": (S.deck_pos < 0) | (S.deck_pos > S.deck_len),
        # rules §11: the dead hold nothing
        "dead Taoists hold no tokens": (
            dead & ((S.tao.sum(2) > 0) | S.yinyang | (S.buddhas > 0) | (S.power_tokens > 0))).any(1),
        # spaces, figurines, Mantra (rules §1, 9)
        "haunting figurines on a card or stone 1, none on an empty space": (
            ~np.isin(S.haunter_pos, (-1, 0, 1)) | ((S.ghost < 0) & (S.haunter_pos != 0))).any(1),
        "the Mantra lies on a ghost exactly while it is on one": (
            (S.mantra_space >= 0) != (S.mantra_state == MANTRA_ON_GHOST))
            | ((S.mantra_space >= 0) & ~mantra_ghost),
        "no Mantra without the Enfeeblement Mantra in play": (
            (S.power_seat[:, C.MANTRA] < 0) & (S.mantra_state != MANTRA_GONE)),
        # rules §10: status
        "a running game has fewer haunted tiles than its limit": run & (
            S.haunted.sum(1) >= S.rules[:, R.HAUNTED_LIMIT]),
        "a running game has a living Taoist": run & ~(players & (S.qi > 0)).any(1),
        "a won game is over, with every incarnation defeated": S.won & (
            ~S.terminated | (S.inc_defeated != S.inc_total)),
        "a loss reason exactly for a game lost": (
            (S.loss_reason != NOT_LOST) != (S.terminated & ~S.won)),
        "an effect on the stack exactly while the game runs": np.where(run, S.sp <= 0, S.sp != 0),
        "the effect stack holds known effects, each naming a seat, and nothing above its top":
            stack_shape,
        "effects name a tile, space, seat, stage or card that exists": stack_args,
        # stack.advance: the agent only sees real choices
        SETTLED: np.where(run, S.mask.sum(1) < 2, S.mask.any(1)),
    }


def validate(S: State, settled: bool = True) -> None:
    """Raise ``InvalidStateError`` naming the first game that breaks an invariant and what it
    breaks; return None if every game keeps them all. ``settled=False`` skips ``SETTLED`` (a
    position whose effect loop has not run yet, as the scenario builder has before it runs it)."""
    bad = violations(S)
    if not settled:
        del bad[SETTLED]
    broken = np.zeros(S.batch_size, bool)
    for v in bad.values():
        broken |= v
    if broken.any():
        i = int(np.flatnonzero(broken)[0])
        names = [name for name, v in bad.items() if v[i]]
        raise InvalidStateError(f"game {i} is not a reachable position: {'; '.join(names)}")
