"""The static tables the observation encoder (``observation.py``) reads, built once at import.

The small encoders (thermometer, one-hot); per card id the features a ghost space shows
(``CARD_FEATURES``, ``CARD_CORE``) and each card's share of the categories the ``unseen`` section
counts (``UNSEEN_COUNTS``); the rule-configuration columns of the ``config`` section; the decision
codes with the kind of their arguments (what ``stack_a`` / ``stack_b`` mean), read by the
``decision``, ``exorcism`` and ``context_*`` sections.
"""

from __future__ import annotations

import dataclasses

from functools import lru_cache

import numpy as np

from .. import cards as C
from ..config import GameConfig, R
from ..rules import IS_AUTO, stack


# -- small encoders -----------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _columns(k: int, dtype: np.dtype) -> np.ndarray:
    # 0..k-1 in the dtype of what is compared with it, so a small int array is not widened first
    fits = np.issubdtype(dtype, np.integer) and k - 1 <= np.iinfo(dtype).max
    return np.arange(k, dtype=dtype if fits else np.int64)


def thermo(x: np.ndarray | int, k: int) -> np.ndarray:
    """(..., k) bool: column i is ``x > i``."""
    x = np.asarray(x)
    return x[..., None] > _columns(k, x.dtype)


def onehot(x: np.ndarray | int, k: int) -> np.ndarray:
    """(..., k) bool; an index outside 0..k-1 (e.g. -1 = none) gives all zeros."""
    x = np.asarray(x)
    return x[..., None] == _columns(k, x.dtype)


# -- card features, one row per card id + 1 (row 0 = empty space) -----------------------------------
CARD_COLUMNS = {"occupied": 1, "colour": 5, "resistance": 5, "bits": 12, "right": len(C.RIGHT_CODES),
                "left": len(C.LEFT_CODES)}
_CARD_AT = dict(zip(CARD_COLUMNS, np.cumsum([0, *CARD_COLUMNS.values()])[:-1].tolist()))


def _card_columns(name: str) -> slice:
    return slice(_CARD_AT[name], _CARD_AT[name] + CARD_COLUMNS[name])


def _card_table() -> np.ndarray:
    n = C.NUM_CARDS
    parts = {
        "occupied": np.ones((n, 1)),
        "colour": onehot(C.CARD_COLOUR, 5),
        "resistance": C.CARD_REQ / 5,
        "bits": (C.SPACE_BITS[1:, None] >> np.arange(12)) & 1,
        "right": np.stack([(C.CARD_RIGHT == c).sum(1) for c in range(len(C.RIGHT_CODES))], 1) / 2,
        "left": np.stack([(C.CARD_LEFT == c).any(1) for c in range(len(C.LEFT_CODES))], 1),
    }
    rows = np.concatenate([parts[k] for k in CARD_COLUMNS], 1)
    return np.concatenate([np.zeros((1, rows.shape[1])), rows]).astype(np.float32)


CARD_FEATURES = _card_table()                            # (66, 39): all columns
CARD_CORE = np.ascontiguousarray(CARD_FEATURES[:, :_CARD_AT["left"]])   # what a space shows
_BITS = _card_columns("bits")
MARKER_COLUMNS = slice(_BITS.start + 8, _BITS.start + 12)    # B_POWER_OFF .. B_ALL_OFF
SPACE_EXTRA = 5                                          # figurine (3), Buddha, Mantra
assert CARD_FEATURES.max() <= 1 and (C.MARKER_BITS >> 8) == 0b1111


def _unseen_table() -> np.ndarray:
    """(65, 34): each card's membership of the categories counted among the unseen cards -
    colour (5), incarnation, ability bits (12), left stones (11), right stones (5) - divided by the
    category's size, so the counts come out as fractions of each category."""
    f = CARD_FEATURES[1:]
    member = np.concatenate([f[:, _card_columns("colour")], C.IS_INCARNATION[:, None], f[:, _BITS],
                             f[:, _card_columns("left")], f[:, _card_columns("right")]], 1) > 0
    assert member.any(0).all(), "every category holds at least one card"
    return (member / member.sum(0)).astype(np.float32)


UNSEEN_COUNTS = _unseen_table()

# -- configuration columns -----------------------------------------------------------------------------
# Left out: captured_dice_affect_grey (switch 16.8) changes a roll only with all 4 captors in play,
# and leaving it out keeps the observation's size, so policies trained before it still load.
_NOT_OBSERVED = ("captured_dice_affect_grey",)
_SWITCHES = tuple(f.name.upper() for f in dataclasses.fields(GameConfig)
                  if (len(f.metadata.get("allowed", ())) > 1 or isinstance(f.default, bool))
                  and f.name not in _NOT_OBSERVED)
SWITCH_COLS = np.array([getattr(R, n) for n in _SWITCHES])
_SCALED = (("TAOIST_QI", 10), ("NEUTRAL_QI", 10), ("HAUNTED_LIMIT", 9), ("INCARNATIONS", 4),
           ("VICTORY_POINTS", 20), ("BONUS_1", 6), ("BONUS_2", 6), ("BONUS_3", 6))
SCALED_COLS = np.array([getattr(R, n) for n, _ in _SCALED])
SCALES = np.array([s for _, s in _SCALED], np.float32)
CONFIG_SIZE = 4 + 4 + len(_SWITCHES) + len(_SCALED) + 2

# -- decision codes and the kind of their arguments (what stack_a / stack_b mean) ---------------------
DECISION_CODES = np.flatnonzero(~IS_AUTO[:-1])
DECISION_INDEX = np.full(len(stack.CODE_NAMES) + 1, -1, np.int64)   # code -> one-hot column
DECISION_INDEX[DECISION_CODES] = np.arange(DECISION_CODES.size)
# a: "space" (a ghost space, or 12 + a tile: the Cemetery's curse), "seat", "stage", "card"; b: value
_ARG_A = {"YANG": "stage", "MOVE_TAOIST": "seat", "PLACE": "card", "ABSORB": "space",
          "CURSE_REROLL": "space", "PAV_DEST": "space", "REWARD_QI_YY": "space",
          "INC_QI": "space", "INC_YY": "space", "TAKE_TAO": "space"}
_ARG_B = ("MOVE_TAOIST", "ABSORB", "CURSE_REROLL")    # b is a small value (mode, kind, face)
ARG_A_KIND = np.zeros(len(stack.CODE_NAMES) + 1, np.int8)   # 0 none, 1 space, 2 seat, 3 stage, 4 card
for _name, _kind in _ARG_A.items():
    ARG_A_KIND[stack.CODES[_name]] = ("space", "seat", "stage", "card").index(_kind) + 1
ARG_B_VALUE = np.zeros(len(stack.CODE_NAMES) + 1, bool)
ARG_B_VALUE[[stack.CODES[n] for n in _ARG_B]] = True
EXORCISM_CODES = np.array([stack.CODES[n] for n in stack.CODE_NAMES if n.startswith("EXO_")])
