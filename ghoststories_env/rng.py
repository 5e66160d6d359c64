"""Per-game counter-based random streams (SplitMix64 over ``key + counter``).

Each game owns a key (from its seed) and a counter, both held in the state. A draw for game ``b``
depends only on ``(key[b], ctr[b])``, so a game's course never depends on its batch, on its
position in the batch or on the order of resets; a dumped state carries its stream exactly.
Tests and scenarios may queue forced die faces, which are used before the stream.

A search's imagined futures may key their dice by turn instead (``KEYED``): a roll's faces then
depend on the turn, the kind of die and how many of that kind were rolled earlier in the turn, not
on everything drawn before, so two futures that share a key meet the same faces at the same turn
however differently they were played (``agents/futures.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import numpy as np

if TYPE_CHECKING:
    from .state import State

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)

# A counter with the top bit set belongs to a stream keyed by turn. Its other bits hold the turn
# its counts are of (bits 40-62) and the dice rolled in that turn so far, Curse (bits 20-39) and
# Tao (bits 0-19); a roll draws at (turn, kind, count), so no value is drawn twice in a stream.
KEYED = np.uint64(1 << 63)
_TURN, _COUNT, _LOW = np.uint64(40), np.uint64(20), np.uint64((1 << 20) - 1)
KINDS = {4: 0, 1: 1}              # roll width -> kind of die: Tao dice come 4 wide, Curse 1


def _mix(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def seed_keys(seeds: Iterable[int] | np.ndarray) -> np.ndarray:
    """(B,) uint64 stream keys from integer seeds (any Python ints; taken modulo 2**64)."""
    seeds = np.asarray([int(s) % (1 << 64) for s in np.asarray(seeds).ravel()], dtype=np.uint64)
    return _mix(seeds * _GOLDEN + _GOLDEN)


def draw(key: np.ndarray, ctr: np.ndarray, n: int) -> np.ndarray:
    """(len(key), n) uint64 stream values at counters ``ctr .. ctr + n - 1``."""
    steps = ctr[:, None] + np.arange(n, dtype=np.uint64)
    return _mix(key[:, None] + steps * _GOLDEN)


def uniform_int(S: State, idx: np.ndarray, n: int, high: int | np.ndarray) -> np.ndarray:
    """(len(idx), n) int64 draws in ``[0, high)`` for games ``idx``; advances their counters by n."""
    v = draw(S.rng_key[idx], S.rng_ctr[idx], n)
    S.rng_ctr[idx] += np.uint64(n)
    return (v % np.asarray(high, dtype=np.uint64)).astype(np.int64)


def permutations(S: State, idx: np.ndarray, size: int) -> np.ndarray:
    """(len(idx), size) uniform random permutations of ``0 .. size - 1``, one per game."""
    v = draw(S.rng_key[idx], S.rng_ctr[idx], size)
    S.rng_ctr[idx] += np.uint64(size)
    return np.argsort(v, axis=1, kind="stable").astype(np.int8)


def roll(S: State, idx: np.ndarray, counts: np.ndarray, queue: np.ndarray,
         width: int) -> np.ndarray:
    """Roll ``counts[i]`` six-sided dice for game ``idx[i]``; (len(idx), width) faces, -1 padded.

    Faces queued in ``queue`` (a (B, F) forced-face array of the state) are used first, in order,
    and removed from it; the stream always advances by ``width`` so its course never depends on
    whether faces were forced. Rows whose stream is ``KEYED`` draw at their turn's counters.
    """
    ctr = S.rng_ctr[idx]
    at = ctr
    if (ctr >= KEYED).any():
        at, S.rng_ctr[idx] = _keyed(ctr, S.turn[idx].astype(np.uint64), KINDS[width], width)
    else:
        S.rng_ctr[idx] = ctr + np.uint64(width)
    faces = (draw(S.rng_key[idx], at, width) % np.uint64(6)).astype(np.int8)
    forced = queue[idx]
    n_forced = (forced >= 0).sum(1)
    if n_forced.any():
        used = np.minimum(n_forced, counts)
        j = np.arange(width)
        take = j[None, :] < used[:, None]
        faces = np.where(take, forced[:, :width], faces)
        F = queue.shape[1]
        cols = np.arange(F)[None, :] + used[:, None]
        shifted = np.take_along_axis(forced, np.minimum(cols, F - 1), axis=1)
        shifted[cols >= F] = -1
        queue[idx] = shifted
    faces[np.arange(width)[None, :] >= counts[:, None]] = -1
    return faces


def _keyed(ctr: np.ndarray, turn: np.ndarray, kind: int, width: int):
    """Draw counters of one roll of ``width`` dice of ``kind`` for the keyed rows of ``ctr`` (the
    others draw at their plain counter), and every row's counter after it."""
    keyed = ctr >= KEYED
    count = np.where(keyed & ((ctr & ~KEYED) >> _TURN != turn), KEYED | turn << _TURN, ctr)
    shift = np.uint64(kind) * _COUNT
    at = (turn << np.uint64(41)) | (np.uint64(kind) << _TURN) | ((count >> shift) & _LOW)
    return np.where(keyed, at, ctr), count + np.where(keyed, np.uint64(width) << shift,
                                                        np.uint64(width))
