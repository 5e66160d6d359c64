"""The flat action table: every action id has one fixed meaning, grouped in named ranges.

The first ranges are the Taoist's own Yang-phase moves (move, help, exorcise, Yin-Yang, powers,
Buddhas). The ``CHOOSE_*`` ranges answer the parameter decisions the rules ask for along the way
(which colour, tile, space, Taoist, dice to reroll, ...); what is being chosen is the current
decision, which the state and the observation name. ``action_meaning(a)`` gives a readable string.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .cards import COLOURS, NUM_COLOURS
from .geometry import position_name, space_name, SEAT_NAMES

# (name, size, how one id of the range reads)
_RANGES = (
    ("PASS", 1, lambda i: "pass: end this step (skip the action / end the turn)"),
    ("MOVE", 9, lambda i: f"move to tile {position_name(i)}"),
    ("HELP", 1, lambda i: "ask the villager of my tile for help"),
    ("EXORCISE", 12, lambda i: f"exorcise the ghost on the {space_name(i)}"),
    ("EXORCISE_BOTH", 1, lambda i: "exorcise both ghosts my corner tile faces"),
    ("YINYANG_HELP", 9, lambda i: f"spend my Yin-Yang for the help of tile {position_name(i)}"),
    ("YINYANG_UNHAUNT", 9, lambda i: f"spend my Yin-Yang to free haunted tile {position_name(i)}"),
    ("MANTRA", 12, lambda i: f"put the Enfeeblement Mantra on the ghost on the {space_name(i)}"),
    ("POCKETS", 5, lambda i: f"Bottomless Pockets: take a {COLOURS[i]} Tao token"),
    ("TWIN_WINDS", 4, lambda i: f"Dance of the Twin Winds: move the {SEAT_NAMES[i]} Taoist"),
    ("POWER_TOKEN", 4, lambda i: f"spend a Power token on the {SEAT_NAMES[i]} neutral board's power"),
    ("BUDDHA", 12, lambda i: f"put a Buddha on the {space_name(i)}"),
    ("CHOOSE_COLOUR", NUM_COLOURS, lambda i: f"choose {COLOURS[i]}"),
    ("CHOOSE_TILE", 9, lambda i: f"choose tile {position_name(i)}"),
    ("CHOOSE_SPACE", 12, lambda i: f"choose the {space_name(i)}"),
    ("CHOOSE_TAOIST", 4, lambda i: f"choose the {SEAT_NAMES[i]} Taoist / board"),
    ("REROLL", 16, lambda i: "keep all dice" if i == 0 else
        "reroll dice " + ",".join(str(d + 1) for d in range(4) if i >> d & 1)),
    ("TAKE_QI", 1, lambda i: "take 1 Qi"),
    ("TAKE_YINYANG", 1, lambda i: "take back my Yin-Yang"),
    ("OUTCOME", 4, lambda i: ("exorcise none (keep my tokens)", "exorcise the first target",
                              "exorcise the second target", "exorcise both targets")[i]),
    ("TAKE_POWER_TOKENS", 4, lambda i: f"pick up {i} Power token(s) from the central tile"),
    ("POWER_SIDE", 2, lambda i: f"play my board's {('first', 'second')[i]} power side "
                                "(powers.csv order)"),
)

RANGES: dict[str, range] = {}
_start = 0
for _name, _size, _ in _RANGES:
    RANGES[_name] = range(_start, _start + _size)
    _start += _size
NUM_ACTIONS = _start
_READ = {name: read for name, _, read in _RANGES}

# Named starts, e.g. ``A.MOVE + position``.
PASS = RANGES["PASS"].start
MOVE = RANGES["MOVE"].start
HELP = RANGES["HELP"].start
EXORCISE = RANGES["EXORCISE"].start
EXORCISE_BOTH = RANGES["EXORCISE_BOTH"].start
YINYANG_HELP = RANGES["YINYANG_HELP"].start
YINYANG_UNHAUNT = RANGES["YINYANG_UNHAUNT"].start
MANTRA = RANGES["MANTRA"].start
POCKETS = RANGES["POCKETS"].start
TWIN_WINDS = RANGES["TWIN_WINDS"].start
POWER_TOKEN = RANGES["POWER_TOKEN"].start
BUDDHA = RANGES["BUDDHA"].start
CHOOSE_COLOUR = RANGES["CHOOSE_COLOUR"].start
CHOOSE_TILE = RANGES["CHOOSE_TILE"].start
CHOOSE_SPACE = RANGES["CHOOSE_SPACE"].start
CHOOSE_TAOIST = RANGES["CHOOSE_TAOIST"].start
REROLL = RANGES["REROLL"].start
TAKE_QI = RANGES["TAKE_QI"].start
TAKE_YINYANG = RANGES["TAKE_YINYANG"].start
OUTCOME = RANGES["OUTCOME"].start
TAKE_POWER_TOKENS = RANGES["TAKE_POWER_TOKENS"].start
POWER_SIDE = RANGES["POWER_SIDE"].start


def range_of(action: int) -> tuple[str, int]:
    """``(range name, offset in the range)`` of an action id."""
    for name, r in RANGES.items():
        if action in r:
            return name, action - r.start
    raise ValueError(f"action {action!r} is out of range: ids are 0..{NUM_ACTIONS - 1}")


def action_meaning(action: int) -> str:
    """What action id ``action`` does, in words (``"move to tile (0,1)"``); ``ValueError`` out
    of range."""
    name, i = range_of(int(action))
    return _READ[name](i)


def validate_actions(actions, mask: np.ndarray, running: np.ndarray, meaning: Callable[[int], str],
                     where: Callable[[int], str] = lambda i: "now") -> np.ndarray:
    """The checked form of a batch's actions, (B,) int64, for any action table: one integer per
    game, in range and legal (``mask``) in every running game. Raises ValueError naming the first
    game at fault, the action, ``where(i)`` (the decision it answers) and the legal actions.
    The engines of this package share it."""
    B, n = mask.shape
    a = np.asarray(actions)
    if a.shape != (B,):
        raise ValueError(f"actions must have shape ({B},) for a batch of {B} games, got {a.shape}")
    if not np.issubdtype(a.dtype, np.integer):
        raise ValueError(f"actions must be integers, got dtype {a.dtype}")
    a = a.astype(np.int64)
    bad = running & ((a < 0) | (a >= n))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"game {i}: action {a[i]} is out of range; ids are 0..{n - 1}")
    illegal = running & ~mask[np.arange(B), np.clip(a, 0, n - 1)]
    if illegal.any():
        i = int(np.flatnonzero(illegal)[0])
        legal = np.flatnonzero(mask[i])
        shown = ", ".join(f"{x} ({meaning(x)})" for x in legal[:12])
        more = f" and {legal.size - 12} more" if legal.size > 12 else ""
        raise ValueError(f"game {i}: action {a[i]} ({meaning(a[i])}) is not legal {where(i)}; "
                         f"legal: {shown}{more}")
    return a
