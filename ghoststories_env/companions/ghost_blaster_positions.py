"""Ghost Blaster positions as JSON-safe dicts (``GhostBlaster.to_dict`` / ``from_dicts``), and
the invariants every reachable position satisfies (``violations``)."""

from __future__ import annotations

import numpy as np

from .ghost_blaster import (CARD_NAMES, CASTLE_CELL, CELLS, CORNERS, DUNGEON, DUNGEON_CELL,
                            GHOSTS, HUNTERS, KEYHOLE, CASTLE, BlasterState)

# the scalar facts of a game, by their dict key (= field name)
SCALARS = ("hour", "dots", "steps_left", "mover", "active", "players", "terminated", "won", "turn",
           "decisions")
KEYS = ("cards", "face_up", "goo", "hunters", "jailed", *SCALARS, "die", "rng", "forced")


def to_dict(S: BlasterState, i: int) -> dict:
    """Game ``i`` as a dict of ``KEYS``."""
    d = {"cards": [CARD_NAMES[c] for c in S.card[i]],
         "face_up": [int(c) for c in np.flatnonzero(S.face_up[i])],
         "goo": [int(c) for c in np.flatnonzero(S.goo[i])],
         "hunters": [int(p) for p in S.pos[i]], "jailed": [bool(j) for j in S.jailed[i]]}
    d.update({key: getattr(S, key)[i].item() for key in SCALARS})
    d.update({"die": [int(f) for f in S.die[i]], "rng": [int(S.rng_key[i]), int(S.rng_ctr[i])],
              "forced": [int(f) for f in S.forced[i] if f >= 0]})
    return d


def fill(S: BlasterState, i: int, d: dict) -> None:
    """Write dict ``d`` into game ``i`` (KeyError / ValueError on a bad key or value)."""
    unknown = set(d) - set(KEYS)
    if unknown:
        raise KeyError(f"unknown keys {sorted(unknown)}")
    cards = d["cards"]
    if len(cards) != CELLS:
        raise ValueError(f"cards must list {CELLS} card names, got {len(cards)}")
    S.card[i] = [CARD_NAMES.index(c) for c in cards]
    S.face_up[i] = False
    S.face_up[i, CORNERS] = True
    S.face_up[i, d.get("face_up", [])] = True
    S.goo[i] = False
    S.goo[i, d.get("goo", [])] = True
    S.face_up[i, d.get("goo", [])] = True
    S.pos[i] = d.get("hunters", [CASTLE_CELL] * HUNTERS)
    S.jailed[i] = d.get("jailed", [False] * HUNTERS)
    for key in SCALARS:
        if key in d:
            getattr(S, key)[i] = d[key]
    if "die" in d:
        S.die[i] = d["die"]
    if "rng" in d:
        S.rng_key[i], S.rng_ctr[i] = (np.uint64(v % (1 << 64)) for v in d["rng"])
    forced = list(d.get("forced", []))
    S.forced[i] = -1
    S.forced[i, :len(forced)] = forced


def violations(S: BlasterState, settled: bool = True) -> dict[str, np.ndarray]:
    """Invariants of every reachable position, each (B,) bool "violated" (tested over many
    random games, and checked by ``from_dicts``; ``settled=False``: before the legal actions
    are worked out)."""
    counts = np.stack([(S.card == c).sum(1) for c in range(len(CARD_NAMES))], 1)
    want = np.array([3] * GHOSTS + [2, 1] + [1] * HUNTERS)
    corners_ok = (S.card[:, CASTLE_CELL] == CASTLE) & (S.card[:, DUNGEON_CELL] == DUNGEON + np.arange(HUNTERS)).all(1)
    goo_cards = np.where(S.goo, S.card, -1)
    goo_ok = np.stack([((goo_cards == g).sum(1) % 3 == 0) & ((goo_cards == g).sum(1) <= 3)
                       for g in range(GHOSTS)], 1).all(1) & ~(S.goo & (S.card >= GHOSTS)).any(1)
    rows = np.arange(S.batch_size)[:, None]
    standing = np.zeros_like(S.face_up)
    standing[rows, S.pos.astype(np.int64)] = True
    extra_up = S.face_up & ~S.goo & ~standing
    extra_up[:, CORNERS] = False
    jail_ok = np.where(S.jailed, S.pos == DUNGEON_CELL, True).all(1)
    running = ~S.terminated
    return {
        "the cards are the game's 24": ~(counts == want).all(1) | ~corners_ok,
        "goo lies on whole ghosts, three cards each": ~goo_ok,
        "corners and goo face up": ~S.face_up[:, CORNERS].all(1) | (S.goo & ~S.face_up).any(1),
        "a card is face up only under a hunter or goo": extra_up.any(1),
        "a keyhole never stays face up": (S.face_up & (S.card == KEYHOLE)).any(1),
        "caught hunters stand on their dungeon": ~jail_ok,
        "hunters on the grid": ((S.pos < 0) | (S.pos >= CELLS)).any(1),
        "the clock between its start and twelve": (S.hour < 0) | (S.hour > 12),
        "a running game has a decision": running & ~S.mask.any(1) & settled,
        "a roll is 0 (to come) to 3 dots": (S.dots < 0) | (S.dots > 3),
    }
