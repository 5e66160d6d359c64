"""Positions the companion tests share: Ghost Blaster twins that differ only in what is hidden,
and Ghooost! rounds built by hand (``game``) with the helpers that play and read them.

A Ghooost! graveyard is listed bottom first and its ``top`` is the value of its last ghost unless
given; every card not listed is in the discard pile. A position with a crypt is before midnight
(every hand then holds four cards or more); one without, after.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from ghoststories_env.companions.ghooost import Ghooost, GhooostConfig
from ghoststories_env.companions.ghooost_cards import play_action
from ghoststories_env.companions.ghost_blaster import CELLS, GhostBlaster


def twins(seed: int):
    """Two one-game states from ``seed``'s start that differ only in two face-down cards (which
    differ from each other), and the engine."""
    e = GhostBlaster()
    a = e.reset(np.array([seed]))
    d = e.to_dict(a, 0)
    cards = list(d["cards"])
    down = [c for c in range(CELLS) if c not in d["face_up"]]
    other = next(c for c in reversed(down) if cards[c] != cards[down[0]])
    cards[down[0]], cards[other] = cards[other], cards[down[0]]
    return e, a, e.from_dicts([{**d, "cards": cards}])


DECK = Counter({**{str(v): 4 for v in range(1, 15)}, "copy": 3, "skip": 3})
A = ["2", "4", "6", "9"]                 # before-midnight hands of four
B = ["2", "4", "6", "10"]
C = ["2", "4", "6", "13"]


def play(value, naturals=1, copies=0):
    return play_action(value, naturals, copies)


def game(hands, **d):
    """A hand-built round of ``len(hands)`` players."""
    e = Ghooost(GhooostConfig(num_players=len(hands)))
    ghosts = [c for c in d.get("graveyard", []) if c not in ("copy", "skip")]
    d.setdefault("top", int(ghosts[-1]) if ghosts else 0)
    return e, e.from_dicts([dict(hands=hands, **d)])


def act(e, S, *actions):
    for a in actions:
        S = e.step(S, np.array([a]))
    return S


def legal(S) -> set[int]:
    return set(np.flatnonzero(S.mask[0]).tolist())


def view(e, S) -> dict:
    d = e.to_dict(S, 0)
    return {**d, "hands": [Counter(h) for h in d["hands"]], "graveyard": Counter(d["graveyard"]),
            "discard": Counter(d["discard"])}
