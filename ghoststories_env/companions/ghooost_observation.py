"""What a Ghooost! player sees and earns, as arrays over a batch: the observation every
environment of ``ghooost_envs.py`` shows and the end-of-round rewards they pay.

**Observation** (``encode``): a flat float32 vector of what one player knows, from that player's
seat: the own hand (counts per card, each divided by the deck's count of that card), the
graveyard's cards (laid face up, so public) and the discard pile's, the top value (one-hot) and
how many cards of it lie on top, then for every seat in turn order from the player's own: hand
size, castle size, still in, to act, and the cards every player saw go into that hand and not
come out since (taken from the graveyard, a turned card that failed; ``state.known``); the
crypt's size, midnight, the direction of play and the number of players. The rest of the other
hands, the castles and the crypt are hidden: two positions that differ only there look the same
(tested).

**Reward**, at the end of the round, by finishing place (``scoring``): ``"outcome"`` (default) 1
for every player who got out, -1 for the one left (§9); ``"points"`` the round points of a match
(§10, 3 players or more): 1 for getting out, 1 more for the first out, 2 more for the last one
out, 0 for the loser.
"""

from __future__ import annotations

import numpy as np

from .ghooost import GhooostState
from .ghooost_cards import CARDS, CASTLE_SIZE, CODES, DECK_COUNTS, MAX_CASTLE, MAX_PLAYERS

_SHOWN = np.arange(1, CODES)                      # the 16 card codes
_SCALE = (1.0 / DECK_COUNTS[_SHOWN]).astype(np.float32)
SEAT_FEATURES = 4 + _SHOWN.size      # sizes, still in, to act; the cards known to be in the hand
SIZE = 3 * _SHOWN.size + 15 + 4 + MAX_PLAYERS * SEAT_FEATURES + 3 + len(CASTLE_SIZE)
SCORINGS = ("outcome", "points")


def encode(S: GhooostState, seat, out: np.ndarray | None = None) -> np.ndarray:
    """(B, SIZE) float32 observations of a batch, each from ``seat`` (an int or (B,) ints)."""
    B = S.batch_size
    rows = np.arange(B)
    seat = np.broadcast_to(np.asarray(seat, np.int64), (B,))
    out = np.zeros((B, SIZE), np.float32) if out is None else out
    out[:] = 0
    n = _SHOWN.size
    out[:, :n] = S.hand[rows, seat][:, _SHOWN] * _SCALE
    out[:, n:2 * n] = S.grave[:, _SHOWN] * _SCALE
    out[:, 2 * n:3 * n] = S.discard[:, _SHOWN] * _SCALE
    at = 3 * n
    out[rows, at + S.top] = 1.0
    out[rows, at + 15 + np.minimum(S.run, 3)] = 1.0
    at += 19
    P = S.players.astype(np.int64)
    seats = (seat[:, None] + np.arange(MAX_PLAYERS)) % P[:, None]       # own seat first
    in_play = np.arange(MAX_PLAYERS) < P[:, None]
    per_seat = out[:, at:at + MAX_PLAYERS * SEAT_FEATURES].reshape(B, MAX_PLAYERS, SEAT_FEATURES)
    per_seat[..., 0] = S.hand[rows[:, None], seats].sum(2) / CARDS
    per_seat[..., 1] = S.castle_n[rows[:, None], seats] / MAX_CASTLE
    per_seat[..., 2] = S.finish[rows[:, None], seats] < 0
    per_seat[..., 3] = (seats == S.active[:, None]) & ~S.terminated[:, None]
    per_seat[..., 4:] = S.known[rows[:, None], seats][..., _SHOWN] * _SCALE
    per_seat *= in_play[..., None]
    at += MAX_PLAYERS * SEAT_FEATURES
    out[:, at] = S.crypt_n / CARDS
    out[:, at + 1] = S.crypt_n == 0
    out[:, at + 2] = S.direction > 0
    out[rows, at + 3 + P - 2] = 1.0
    return out


def round_rewards(S: GhooostState, scoring: str) -> np.ndarray:
    """(B, 6) float32: each seat's reward for its finishing place (module docstring); 0 for a
    round not over."""
    P = S.players.astype(np.int64)[:, None]
    place = S.finish.astype(np.int64)
    if scoring == "outcome":
        r = np.where(place < P - 1, 1.0, -1.0)
    else:
        r = (place < P - 1) * 1.0 + (place == 0) + 2.0 * (place == P - 2)
    r = r * (np.arange(MAX_PLAYERS) < P) * S.terminated[:, None]
    return r.astype(np.float32)
