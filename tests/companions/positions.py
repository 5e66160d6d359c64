"""Ghost Blaster positions the companion tests share."""

from __future__ import annotations

import numpy as np

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
