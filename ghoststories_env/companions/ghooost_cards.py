"""Ghooost!'s cards and action table: the deck read from ``data/companions/ghooost_cards.csv``
and the 229 actions with the graveyard rule each play must meet (``VALID``), built once at
import. The engine (``ghooost.py``) and its agents and envs read them from here.

**Actions** (``action_meaning``): ``PLAY`` value v (1-14) with n natural cards of it (1-4) and c
copy cards (0-3) is ``((v - 1) * 4 + (n - 1)) * 4 + c``; then ``SKIP_ACTION`` (lay a skip card),
``TAKE`` (the graveyard into the hand), ``LUCK`` (before midnight: play the crypt's top card),
``EXORCISE`` (after midnight, hand empty: play the castle's top card), ``PASS`` (nothing else is
legal).
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

# -- the deck (data/companions/ghooost_cards.csv) ---------------------------------------------------
COPY, SKIP = 15, 16                  # codes of the copy card and the skip card; 1-14 are values
CODES = 17                           # code 0 is unused (an empty graveyard's top "value" is 0)
FAMILIES = ("average", "fearless", "special", "scary")
CARD_NAMES = ("",) + tuple(str(v) for v in range(1, 15)) + ("copy", "skip")


def _deck() -> tuple[np.ndarray, np.ndarray]:
    """(17,) counts and (17,) family indices per code, from the card list."""
    path = Path(__file__).resolve().parent.parent / "data" / "companions" / "ghooost_cards.csv"
    counts, family = np.zeros(CODES, np.int64), np.full(CODES, -1, np.int64)
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            code = CARD_NAMES.index(row["value"])
            counts[code] = int(row["count"])
            family[code] = FAMILIES.index(row["family"])
    return counts, family


DECK_COUNTS, FAMILY = _deck()
DECK = np.repeat(np.arange(CODES), DECK_COUNTS).astype(np.int8)     # the 62 cards, by code
CARDS = DECK.size
CASTLE_SIZE = {2: 12, 3: 10, 4: 8, 5: 6, 6: 4}                     # §3
HAND_SIZE = 4
MAX_PLAYERS = 6
MAX_CASTLE = max(CASTLE_SIZE.values())
NO_SEAT = MAX_PLAYERS                # ``finish`` of a seat beyond the players: never to act
SCARY = np.flatnonzero(FAMILY == FAMILIES.index("scary"))            # the 3 and the 12
FEARLESS_VALUE = 1                   # the fearless ghost with a value (the skip card has none)
REVERSE, CLEAR = 8, 11               # the special values (§8)

# -- the action table --------------------------------------------------------------------------------
# per play action (ids < SKIP_ACTION): value, natural cards, copy cards
PLAY_V, PLAY_N, PLAY_C = (a.ravel() for a in np.meshgrid(np.arange(1, 15), np.arange(1, 5),
                                                          np.arange(4), indexing="ij"))
PLAY = 0
SKIP_ACTION = PLAY + PLAY_V.size    # 224
TAKE, LUCK, EXORCISE, PASS = SKIP_ACTION + 1, SKIP_ACTION + 2, SKIP_ACTION + 3, SKIP_ACTION + 4
NUM_ACTIONS = PASS + 1               # 229
# per action (a sentinel row at the end for the other actions): value, naturals, copies
ACT_V = np.append(PLAY_V, 0).astype(np.int64)
ACT_N = np.append(PLAY_N, 0).astype(np.int64)
ACT_C = np.append(PLAY_C, 0).astype(np.int64)


def valid_play(top: np.ndarray, run: np.ndarray, v: np.ndarray, total: np.ndarray) -> np.ndarray:
    """Whether ``total`` cards played at value ``v`` may go on a graveyard whose top value is
    ``top`` (0 = empty) with ``run`` cards of it on top (§4, §7, §8); broadcasts."""
    quartet = (total >= 4) | ((v == top) & (total + run >= 4))          # §7: always valid
    scary = np.isin(top, SCARY)
    onto_scary = (v == top) | (v == SCARY.max())                        # a 3 or a 12 on a 3, a 12 on a 12
    return quartet | (v == FEARLESS_VALUE) | np.where(scary, onto_scary & (v >= top), v >= top)


# VALID[top, run, play action]: the graveyard part of a play's legality, as a table (§4, §7, §8)
_T, _R = np.meshgrid(np.arange(15), np.arange(5), indexing="ij")
VALID = valid_play(_T[..., None], _R[..., None], PLAY_V, PLAY_N + PLAY_C)   # (15, 5, 224)


def action_meaning(action: int) -> str:
    """What action id ``action`` does, in words."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action!r} is out of range: ids are 0..{NUM_ACTIONS - 1}")
    if action < SKIP_ACTION:
        v, n, c = (int(x[action]) for x in (PLAY_V, PLAY_N, PLAY_C))
        return f"play {n} x {v}" + (f" + {c} copy card{'s' if c > 1 else ''}" if c else "")
    return {SKIP_ACTION: "lay a skip card", TAKE: "take the graveyard", LUCK: "try your luck (crypt)",
            EXORCISE: "exorcism (castle)", PASS: "pass"}[action]


def play_action(value: int, naturals: int, copies: int = 0) -> int:
    """The action id that plays ``naturals`` cards of ``value`` with ``copies`` copy cards."""
    if not (1 <= value <= 14 and 1 <= naturals <= 4 and 0 <= copies <= 3):
        raise ValueError(f"no play of {naturals} x {value} + {copies} copies: values are 1-14, "
                         f"naturals 1-4, copies 0-3")
    return PLAY + ((value - 1) * 4 + naturals - 1) * 4 + copies
