"""Baseline players of Ghooost!, acting on a batch of rounds (``act(state) -> (B,) actions``) for
whichever player is to act in each round. Both read only what that player may know: the own hand,
the graveyard and the piles' sizes (the mask is the player's own).

* ``RandomGhooost``: a uniformly random legal action.
* ``ShedderGhooost``: a simple heuristic with one score per action. It plays its lowest valid
  value with every natural card of it it holds (a duo or a trio gives another turn, §7), keeps its
  fearless 1s and its 11s as escapes (an 11 is played at once on a graveyard topped by 9 or more,
  where it clears the most), spends copy cards only to complete a quartet or to empty its hand
  (most of all, it plays the cards that empty its hand), avoids a duo or trio
  (which makes it act again on its own play) when it holds nothing to follow it, prefers any play to
  laying a skip card, laying one to trying its luck, trying its luck to taking the graveyard,
  and passes only when nothing else is legal.
"""

from __future__ import annotations

import numpy as np

from .. import rng
from .ghooost import GhooostState
from .ghooost_cards import (CLEAR, CODES, COPY, EXORCISE, FEARLESS_VALUE, LUCK, NUM_ACTIONS, PASS,
                            PLAY_C, PLAY_N, PLAY_V, SKIP, SKIP_ACTION, TAKE, valid_play)


def masked_choice(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    """(B,) for each row of ``mask`` the True column that uniform ``u`` (in [0, 1)) picks (0 for
    an all-False row)."""
    pick = np.cumsum(mask, 1) > (u * mask.sum(1)).astype(int)[:, None]
    return np.where(mask.any(1), pick.argmax(1), 0)


class RandomGhooost:
    """A uniformly random legal action per round. Its draws come from each round's own stream
    (the round's key salted by ``seed``, counted by the round's decisions), so a round plays the
    same alone as in any batch."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.salt = rng.seed_keys([seed])[0]

    def act(self, S: GhooostState) -> np.ndarray:
        """(B,) actions; finished rounds get 0."""
        u = rng.draw(S.rng_key ^ self.salt, S.decisions.astype(np.uint64), 1)[:, 0]
        return masked_choice(S.mask, (u >> np.uint64(11)) * (1.0 / (1 << 53)))


# the score of each action before the graveyard is looked at (module docstring)
_V, _N, _C = PLAY_V, PLAY_N, PLAY_C
_BASE = np.full(NUM_ACTIONS, 0.0)
_BASE[:SKIP_ACTION] = 100.0 - 5.0 * _V + 4.0 * _N - 30.0 * _C
_BASE[:SKIP_ACTION][_V == FEARLESS_VALUE] -= 60.0          # the 1 goes on anything: keep it
_BASE[:SKIP_ACTION][_V == CLEAR] -= 40.0                   # the 11 clears: keep it for a high top
_BASE[SKIP_ACTION], _BASE[LUCK], _BASE[EXORCISE] = -20.0, -30.0, -10.0
_BASE[TAKE], _BASE[PASS] = -100.0, -200.0
# FOLLOW[t, w]: a single card w may go on a top t (the skip card on anything); copy cards never alone
_W = np.arange(CODES)
FOLLOW = (valid_play(np.arange(15)[:, None], 0, _W, 1) & (_W > 0) & (_W < COPY)) | (_W == SKIP)


class ShedderGhooost:
    """The scoring heuristic of the module docstring. ``noise``: each score gets a uniform draw
    in [0, noise) from the round's own stream (as ``RandomGhooost``'s), which breaks the cycles
    a deterministic player falls into (two players handing one graveyard back and forth);
    ``noise=0`` is deterministic."""

    name = "shedder"

    def __init__(self, seed: int = 0, noise: float = 20.0) -> None:
        self.salt = rng.seed_keys([seed])[0]
        self.noise = noise

    def act(self, S: GhooostState) -> np.ndarray:
        """(B,) actions; finished rounds get 0."""
        score = np.broadcast_to(_BASE, S.mask.shape).copy()
        if self.noise:
            u = rng.draw(S.rng_key ^ self.salt, S.decisions.astype(np.uint64) * np.uint64(NUM_ACTIONS),
                         NUM_ACTIONS)
            score += (u >> np.uint64(11)) * (self.noise / (1 << 53))
        top, run = S.top.astype(np.int64)[:, None], S.run.astype(np.int64)[:, None]
        completes = (_N + _C >= 4) | ((_V == top) & (run + _N + _C >= 4))
        score[:, :SKIP_ACTION] += 30.0 * _C * completes + 40.0 * completes   # copies pay for a quartet
        score[:, :SKIP_ACTION] += 45.0 * ((_V == CLEAR) & (top >= 9))
        # a duo or trio (or, with two players, a skip card) means acting again on one's own play:
        # without a card left to follow it, the player will have to take the graveyard
        hand = S.hand[np.arange(S.batch_size), S.active.astype(np.int64)].astype(np.float64)
        two = S.players == 2                          # there a skip card only brings the turn back
        followers = hand @ FOLLOW.T - (hand[:, SKIP] * two)[:, None]          # (B, 15) per top
        left = hand.sum(1)[:, None] - _N - _C                   # cards left after the play
        stuck = (followers[:, _V] - _N <= 0) & ((_N + _C == 2) | (_N + _C == 3)) & ~completes
        score[:, :SKIP_ACTION] -= 35.0 * (stuck & (left > 0))
        score[:, :SKIP_ACTION] += (30.0 * _C + 50.0) * (left == 0)   # an empty hand: exorcism or out
        others = hand.sum(1) - hand[:, SKIP] > 0      # laying every skip card empties the hand
        score[:, SKIP_ACTION] -= 100.0 * (two & others & (followers[np.arange(S.batch_size), top[:, 0]] <= 0))
        score[~S.mask] = -np.inf
        return np.where(S.mask.any(1), score.argmax(1), 0)
