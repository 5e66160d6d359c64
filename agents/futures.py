"""What the Taoists cannot know, re-drawn: sampled futures of a position, for search.

Everything in a game is public to the whole team except the order of the undrawn deck, which
ghosts were left out unseen at setup (rules §3, 13), and the dice still to be rolled (the
game's random stream, and any faces a scenario forced). ``redraw_unseen`` replaces exactly those
with a fresh draw: the undrawn ghost slots get a uniform random order of every ghost not seen yet
(the undrawn ones and those left out), the undrawn incarnation slots, whose places in the deck are
public (rules §3, 12), the incarnations not seen yet, and each future gets a new random stream.

``public_key`` hashes what the team can see of a position, so a search can draw its futures from
it: two positions that differ only in what is hidden get the same futures (and the search the
same choice), and a game's futures never depend on the batch it is in.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env import rng
from ghoststories_env.state import FIELDS

# Left out of the public hash: what the players cannot see, and the caches that only repeat the
# stack (``top`` stayed in when the others were added: the hash, hence the futures, did not move).
_HIDDEN = ("deck", "removed", "rng_key", "rng_ctr", "forced_tao", "forced_curse", "mask",
           "top_who", "top_a", "top_b")
_LAST = np.uint64(2 ** 64 - 1)


def public_key(S, salt: int = 0) -> np.ndarray:
    """(B,) uint64 hash of each game's public state (every field but the hidden ones, and of the
    deck only the drawn cards and the places of the undrawn incarnations), mixed with ``salt``."""
    slot = np.arange(S.deck.shape[1])
    undrawn = slot >= S.deck_pos[:, None].astype(np.int64)
    deck = np.where(undrawn, -2 - C.IS_INCARNATION[np.maximum(S.deck.astype(np.int64), 0)]
                    * (S.deck >= 0), S.deck)
    cols = [deck] + [getattr(S, f).reshape(S.batch_size, -1).astype(np.int64)
                     for f in FIELDS if f not in _HIDDEN]
    X = np.concatenate(cols, 1).astype(np.uint64)
    weights = rng.draw(np.array([0x5EA4C4], np.uint64), np.zeros(1, np.uint64), X.shape[1])[0] | 1
    with np.errstate(over="ignore"):
        h = (X * weights).sum(1, dtype=np.uint64)
        return rng._mix(h ^ rng._mix(np.uint64(salt) * rng._GOLDEN + rng._GOLDEN))


def redraw_unseen(S, keys: np.ndarray, keyed: bool = False) -> None:
    """Re-draw, in place, each game's undrawn deck, the cards left out and its dice from ``keys``
    ((B,) uint64, one future per game): see the module docstring. Vectorised over the batch.
    ``keyed``: the dice are keyed by turn (``rng.KEYED``), so futures drawn from the same key
    roll the same faces at the same turn however differently they are played."""
    B = S.batch_size
    rows = np.arange(B)[:, None]
    slot = np.arange(S.deck.shape[1])
    card = S.deck.astype(np.int64)
    undrawn = (slot >= S.deck_pos[:, None]) & (slot < S.deck_len[:, None])
    unseen = S.removed.copy()
    unseen[np.broadcast_to(rows, card.shape)[undrawn], card[undrawn]] = True
    # a uniform random order of the unseen cards: sort them by fresh random priorities
    priority = rng.draw(keys, np.zeros(B, np.uint64), C.NUM_CARDS)
    for is_inc in (False, True):
        kind = C.IS_INCARNATION == is_inc
        order = np.argsort(np.where(unseen & kind, priority, _LAST), axis=1, kind="stable")
        slots = undrawn & (C.IS_INCARNATION[np.maximum(card, 0)] == is_inc)
        rank = np.cumsum(slots, axis=1) - 1
        new = np.take_along_axis(order, np.maximum(rank, 0), 1)
        card = np.where(slots, new, card)
    S.deck[:] = card.astype(S.deck.dtype)
    unseen[np.broadcast_to(rows, card.shape)[undrawn], card[undrawn]] = False
    S.removed[:] = unseen
    S.rng_key[:] = rng.draw(keys, np.ones(B, np.uint64), 1)[:, 0]
    S.rng_ctr[:] = rng.KEYED if keyed else 0
    S.forced_tao[:] = -1
    S.forced_curse[:] = -1
