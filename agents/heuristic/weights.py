"""The heuristic's constants, in one table. Unit: roughly one official score point, with a lost
game worth ``LOSS``. Every value the players' decisions compare (removing a ghost, a village help, a
token, a Qi) is expressed in this unit, so the decisions are "largest expected value". The values
began from the rules' own numbers and hand measurements; the 23 quantities
``experiments/tune_heuristic.py`` lists were then tuned jointly by the cross-entropy method (mean
official score over 600 ``train`` games in five configurations per candidate; the run and its
history: ``results/heuristic_tuning/tuning.json``). On other seeds the tuned table scored +1.1 to
+1.2 points and won 14% more games than the hand-set one it replaced (docs/guides/agents.md, "How
the heuristic decides"). ``QI_COST`` at 0 and 1 Qi (a death) and the Cemetery's full ``HELP_WEIGHT``
were not tuned."""

import json
import sys
from contextlib import contextmanager

LOSS = 22.901             # a lost game (a haunting that loses, a last Taoist dying)

# -- ghosts (threats.py) ---------------------------------------------------------------------------
GHOST_BASE = 3.07         # any ghost: a space taken, pressure on its board
BOARD_TWO = 0.402         # its board holds 2 ghosts (the next arrival fills it)
BOARD_FULL = 0.901        # its board is full: overrun costs the board's Qi every turn ...
OVERRUN_ROUNDS = 0.715    # ... plus this many of the board's Qi (rounds it is likely to stay full)
HAUNT_TILE = 6.751        # a tile haunted (-4 points, one help fewer), before the loss risk
HAUNT_RISK = 3.513        # ... plus this times the fraction of the haunted-tile limit reached
HAUNT_URGENCY = 0.758     # a haunting's cost is divided by (Yang phases before it) ** this
TORMENT_ROLLS = 3.612     # curse rolls a tormentor is expected to make before it is exorcised
CAPTURE_DIE = 2.5         # a captured Tao die (every exorcism rolls one fewer)
TAO_LOCK = 1.0            # Inactive-Tao marker, plus TAO_LOCK_PER_TOKEN per token the team holds
TAO_LOCK_PER_TOKEN = 0.3
POWER_OFF = 1.0           # a living Taoist's power switched off
ALL_POWERS_OFF = 2.5
MIDDLE_DISCARD = 1.5      # Bone Cracker's Yin-phase Tao loss
INCARNATION = 9.305       # an incarnation in play ...
INCARNATION_CLOCK = 11.422  # ... plus this * 10 / (cards left + 1): the deck is the clock
REWARD = {"R_TAO_1": 0.4, "R_TAO_2": 0.8, "R_QI_OR_YINYANG": 0.8, "INC_QI_AND_YINYANG": 1.5}

# -- Qi, tokens, arrivals ---------------------------------------------------------------------------
QI_COST = (20.0, 20.0, 4.351, 2.611, 1.74)  # cost of losing 1 Qi at Qi 0, 1, 2, 3, 4+ (1 = death)
TOKEN_BASE = 1.355        # a Tao token with no ghost needing its colour
TOKEN_DEMAND = 0.137      # ... plus this * (value * need) of the ghosts in play of its colour
TOKEN_DEMAND_CAP = 3.0
ARRIVAL = 2.34            # a ghost brought into play (Tea House, Altar, curse), before the clock
ARRIVAL_CLOCK = 6.805     # ... plus this / (cards left + 1) while an incarnation is undefeated

# -- village and Yin-Yang (village.py) -------------------------------------------------------------
CIRCLE_ATTEMPTS = 1.279   # attempts the Circle's -1 helps against each ghost in play
CIRCLE_FUTURE = 0.8       # the Circle's worth against ghosts still to come
BUDDHA = 8.554            # a Buddha taken (it traps a future ghost); 0.6 of it for a second one
BUDDHA_PLACED = 1.0       # ending the move where a held Buddha can be put on an empty space
REVIVE = 40.0             # a dead Taoist brought back (his turns and power; his board stops
                          # passing its overrun and curses to the living: measured)
TILE_IMPORTANCE = (1.0, 0.6, 0.4, 1.0, 0.9, 1.0, 0.8, 0.5, 0.7)  # help value kept by tile id
# by tile id: share of a help's computed worth that counts in choices (the Cemetery's revival
# counts in full)
HELP_WEIGHT = (0.518, 0.518, 1.0, 0.518, 0.518, 0.518, 0.518, 0.518, 0.518)
YINYANG_KEEP = 8.784      # a Yin-Yang frees a haunted tile worth more than this ...
YINYANG_HELP_KEEP = 7.721  # ... or buys a help out of reach worth more than this
PAVILION_MINOR = 0.2

# -- placement (ghosts.py) -------------------------------------------------------------------------
CORNER_PAIR = 2.0         # an arriving ghost placed where one roll from a corner can beat it
                          # together with the ghost on the corner's other space: this * chance

# -- turn planning (turn.py) -------------------------------------------------------------------------
CENTRE_BONUS = 0.326      # ending on the central tile (reach, Power tokens)
SECOND_EXORCISM = 0.561   # worth of a second attempt (Second Wind) relative to the first
SECOND_HELP = 0.5
POWER_TOKEN_GAIN = 1.5    # a Power token is spent when the turn's value rises by more than this
TWIN_WINDS_GAIN = 1.0     # another Taoist is moved when his best action gains more than this


# -- other weights for one agent -------------------------------------------------------------------
# The heuristic reads these names at every call, so an agent can play with another table (a tuning
# result, ``heuristic:plans:weights=<file>``) by setting them around its own calls.

@contextmanager
def overridden(values: dict):
    """Play with ``values`` (name -> value) in place of this module's; restored afterwards, even
    on an error."""
    module = sys.modules[__name__]
    saved = {k: getattr(module, k) for k in values}
    try:
        for k, v in values.items():
            setattr(module, k, v)
        yield
    finally:
        for k, v in saved.items():
            setattr(module, k, v)


def load(path: str) -> dict:
    """The weights in JSON file ``path``: a table {name: value}, or a tuning result
    (``experiments/tune_heuristic.py``: its ``weights``). A name this module does not have, or a
    value of another shape than the one it replaces, is a ``ValueError``."""
    try:
        with open(path) as f:
            table = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"heuristic weights={path!r}: not a readable JSON file ({e})") from None
    table = table.get("weights", table) if isinstance(table, dict) else table
    module = sys.modules[__name__]
    if not isinstance(table, dict) or not table:
        raise ValueError(f"heuristic weights={path!r}: expected a table {{name: value}}")
    # a weight is an upper-case name holding a number, a tuple or a dict (not an import)
    unknown = sorted(k for k in table if not k.isupper()
                     or not isinstance(getattr(module, k, None), (int, float, tuple, dict)))
    if unknown:
        raise ValueError(f"heuristic weights={path!r}: unknown weight(s) {unknown}")
    out = {}
    for k, v in table.items():
        ours = getattr(module, k)
        if isinstance(ours, (tuple, dict)):
            v = tuple(v) if isinstance(ours, tuple) else dict(v)
            if len(v) != len(ours):
                raise ValueError(f"heuristic weights={path!r}: {k} has {len(v)} values, the "
                                 f"table's has {len(ours)}")
        elif isinstance(v, bool) or not isinstance(v, (int, float)):
            raise ValueError(f"heuristic weights={path!r}: {k} is a number, got {v!r}")
        out[k] = v
    return out
