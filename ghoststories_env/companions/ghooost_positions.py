"""Ghooost! positions as JSON-safe dicts (``Ghooost.to_dict`` / ``from_dicts``), and the
invariants every reachable position satisfies (``violations``).

Cards are named as on their faces: ``"1"`` to ``"14"``, ``"copy"``, ``"skip"``. Hands, the
cards known to be in them (``known``: seen going in, a part of the hand), the graveyard and the
discard pile are lists in any order; a castle and the crypt are lists bottom
first (the last card is the one turned up next).
"""

from __future__ import annotations

import numpy as np

from .ghooost import GhooostConfig, GhooostState
from .ghooost_cards import (CARD_NAMES, CASTLE_SIZE, CODES, COPY, DECK_COUNTS, MAX_PLAYERS, NO_SEAT,
                            SKIP)

# the scalar facts of a round, by their dict key (= field name)
SCALARS = ("top", "run", "active", "direction", "passes", "terminated", "blocked", "decisions")
KEYS = ("players", "hands", "known", "castles", "crypt", "graveyard", "discard", "finish", *SCALARS,
        "rng")


def _names(counts) -> list[str]:
    return [CARD_NAMES[c] for c in np.repeat(np.arange(CODES), counts)]


def _codes(names, what: str) -> np.ndarray:
    try:
        return np.array([CARD_NAMES.index(str(x)) for x in names if str(x)], np.int64)
    except ValueError:
        raise ValueError(f"{what}: unknown card in {list(names)!r}; cards are "
                         f"{', '.join(CARD_NAMES[1:])}") from None


def _counts(names, what: str) -> np.ndarray:
    return np.bincount(_codes(names, what), minlength=CODES)


def to_dict(S: GhooostState, i: int) -> dict:
    """Round ``i`` as a dict of ``KEYS``."""
    P = int(S.players[i])
    d = {"players": P,
         "hands": [_names(S.hand[i, q]) for q in range(P)],
         "known": [_names(S.known[i, q]) for q in range(P)],
         "castles": [[CARD_NAMES[c] for c in S.castle[i, q, :S.castle_n[i, q]]] for q in range(P)],
         "crypt": [CARD_NAMES[c] for c in S.crypt[i, :S.crypt_n[i]]],
         "graveyard": _names(S.grave[i]), "discard": _names(S.discard[i]),
         "finish": [int(f) for f in S.finish[i, :P]]}
    d.update({key: getattr(S, key)[i].item() for key in SCALARS})
    d["rng"] = [int(S.rng_key[i]), int(S.rng_ctr[i])]
    return d


def fill(S: GhooostState, i: int, d: dict, config: GhooostConfig) -> None:
    """Write dict ``d`` into round ``i`` (KeyError / ValueError on a bad key or value)."""
    unknown = set(d) - set(KEYS)
    if unknown:
        raise KeyError(f"unknown keys {sorted(unknown)}; known: {', '.join(KEYS)}")
    P = int(d.get("players", config.num_players))
    if P not in CASTLE_SIZE:
        raise ValueError(f"players={P!r} is not allowed; choose 2 to 6")
    hands = d["hands"]
    castles = d.get("castles", [[] for _ in range(P)])
    known = d.get("known", [[] for _ in range(P)])
    for key, piles in (("hands", hands), ("known", known), ("castles", castles)):
        if len(piles) != P:
            raise ValueError(f"{key} must list {P} piles (one per player), got {len(piles)}")
    S.players[i] = P
    for q in range(P):
        S.hand[i, q] = _counts(hands[q], f"hands[{q}]")
        S.known[i, q] = _counts(known[q], f"known[{q}]")
        codes = _codes(castles[q], f"castles[{q}]")
        if codes.size > CASTLE_SIZE[P]:
            raise ValueError(f"castles[{q}] holds {codes.size} cards; a castle of {P} players "
                             f"starts with {CASTLE_SIZE[P]}")
        S.castle[i, q, :codes.size] = codes
        S.castle_n[i, q] = codes.size
    crypt = _codes(d.get("crypt", []), "crypt")
    S.crypt[i, :crypt.size] = crypt
    S.crypt_n[i] = crypt.size
    S.grave[i] = _counts(d.get("graveyard", []), "graveyard")
    castle_cards = np.concatenate([S.castle[i, q, :S.castle_n[i, q]] for q in range(P)]).astype(np.int64)
    placed = (S.hand[i].sum(0, dtype=np.int64) + np.bincount(castle_cards, minlength=CODES)
              + np.bincount(crypt, minlength=CODES) + S.grave[i])
    if "discard" in d:
        S.discard[i] = _counts(d["discard"], "discard")
    else:                                          # every card placed nowhere else
        rest = DECK_COUNTS - placed
        if (rest < 0).any():
            c = int(np.flatnonzero(rest < 0)[0])
            raise ValueError(f"{int(placed[c])} cards {CARD_NAMES[c]!r} are placed; the deck has "
                             f"{int(DECK_COUNTS[c])}")
        S.discard[i] = rest
    finish = list(d.get("finish", [-1] * P))
    if len(finish) != P:
        raise ValueError(f"finish must give {P} places (-1: still in), got {len(finish)}")
    S.finish[i] = NO_SEAT
    S.finish[i, :P] = finish
    S.top[i] = d.get("top", 0)
    S.run[i] = d.get("run", 1 if S.top[i] else 0)
    for key in SCALARS[2:]:
        if key in d:
            getattr(S, key)[i] = d[key]
    if "rng" in d:
        S.rng_key[i], S.rng_ctr[i] = (np.uint64(int(v) % (1 << 64)) for v in d["rng"])


def violations(S: GhooostState, settled: bool = True) -> dict[str, np.ndarray]:
    """Invariants of every reachable position, each (B,) bool "violated" (tested over many
    random rounds, and checked by ``from_dicts``; ``settled=False``: before the legal actions
    are worked out)."""
    B = S.batch_size
    rows = np.arange(B)
    P = S.players.astype(np.int64)
    seat_in_play = np.arange(MAX_PLAYERS) < P[:, None]                     # (B, 6)
    depth = np.arange(S.castle.shape[2])
    castle_cards = np.where(depth < S.castle_n[..., None], S.castle, 0)
    crypt_cards = np.where(np.arange(S.crypt.shape[1]) < S.crypt_n[:, None], S.crypt, 0)
    onehot = lambda x: (x.reshape(B, x[0].size if B else 1)[..., None] == np.arange(CODES)).sum(1)
    counts = (S.hand.astype(np.int64).sum(1) + onehot(castle_cards) + onehot(crypt_cards)
              + S.grave + S.discard)
    counts[:, 0] = 0
    ghosts_in_grave = S.grave[:, 1:SKIP].sum(1)
    top = S.top.astype(np.int64)
    at_top = S.grave[rows, top].astype(np.int64) + S.grave[:, COPY]
    held = S.hand.astype(np.int64).sum(2) + S.castle_n
    alive = (S.finish < 0) & seat_in_play
    out = (S.finish >= 0) & seat_in_play
    places = np.where(out, S.finish, -1)
    k = out.sum(1)
    places_ok = np.array([sorted(places[b][places[b] >= 0].tolist()) == list(range(k[b]))
                          for b in range(B)], bool)
    max_castle = np.array([CASTLE_SIZE.get(int(x), 0) for x in P])
    before = S.crypt_n > 0
    running = ~S.terminated
    active = S.active.astype(np.int64)
    return {
        "the cards are the deck's 62": ~(counts == DECK_COUNTS).all(1),
        "2 to 6 players, seats beyond them empty": (~np.isin(P, list(CASTLE_SIZE))
                                                    | ((S.finish != NO_SEAT) & ~seat_in_play).any(1)
                                                    | (held * ~seat_in_play).any(1)),
        "castles within their starting size": ((S.castle_n < 0) | (S.castle_n > max_castle[:, None])).any(1),
        "the top is the value of ghosts in the graveyard": (
            (top < 0) | (top > 14) | ((top > 0) != (ghosts_in_grave > 0))
            | ((top > 0) & ((S.run < 1) | (S.run > at_top)))),
        "a run on the graveyard is shorter than a quartet": (S.run < 0) | (S.run > 3) | ((top == 0) & (S.run != 0)),
        "before midnight every hand still in holds four cards or more": (
            before[:, None] & alive & (S.hand.astype(np.int64).sum(2) < 4)).any(1),
        "the cards known to be in a hand are in it": (S.known > S.hand).any((1, 2)),
        "a player out holds nothing (but those left at the end)": (
            out & (held > 0) & (running[:, None] | ((S.finish < P[:, None] - 1) & ~S.blocked[:, None]))).any(1),
        "the places are given first to last": ~places_ok,
        "a round is over when one player is left or it is blocked": (
            S.terminated != ((alive.sum(1) <= 1) | S.blocked)),
        "the player to act is still in": running & ((active < 0) | (active >= P)
                                                    | (S.finish[rows, np.clip(active, 0, MAX_PLAYERS - 1)] >= 0)),
        "a running round has a decision": running & ~S.mask.any(1) & settled,
        "play goes one way or the other": np.abs(S.direction) != 1,
    }
