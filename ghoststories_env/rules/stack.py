"""The per-game effect stack and the loop that runs it.

A game is always "inside" the effect on top of its stack. The turn itself is a chain of effects
(``TURN_START`` -> Yin steps -> ``YANG`` -> ``TURN_END`` -> next ``TURN_START``), and everything a
rule triggers (a summon, a curse, a reward, a death) is pushed on top and resolved first. Two kinds
of effect:

* **automatic** effects have a handler ``fn(S, idx)`` that resolves them for the games ``idx``
  (vectorised over those rows) by popping, replacing or pushing effects;
* **decisions** have ``mask(S, idx) -> (n, A) bool`` and ``apply(S, idx, actions)``. A decision
  with one legal action is applied automatically and one with none is dropped, so the agent only
  ever sees real choices (DESIGN_NOTES: phases with nothing to choose run inside ``step``).

Every effect record is ``(code, who, a, b)``: ``who`` is the seat that acts or decides, ``a`` and
``b`` are small arguments (a space, a position, a stage...). The loop works on the rows whose top
effect has a given code, a handful of codes per pass, never on games one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..actions import NUM_ACTIONS
from ..state import STACK_DEPTH

MAX_PASSES = 400   # bound on sweeps in one step; a real chain needs a handful
assert NUM_ACTIONS < 256, "_settle counts legal actions in one byte"


@dataclass(frozen=True)
class Effect:
    """The handler of one effect code: ``run(S, idx)`` for an automatic effect, or for a decision
    ``mask(S, idx)`` (its legal actions) and ``apply(S, idx, actions)``."""

    name: str
    run: Callable | None = None          # automatic handler
    mask: Callable | None = None         # decision: legal actions
    apply: Callable | None = None        # decision: apply the chosen actions

    @property
    def is_decision(self) -> bool:
        """A player decides it (it has a mask), rather than the effect loop running it."""
        return self.mask is not None


EFFECTS: list[Effect] = []
CODES: dict[str, int] = {}


def effect(name: str):
    """Register an automatic effect: ``@effect("NAME") def handler(S, idx)``."""
    def deco(fn):
        _register(Effect(name, run=fn))
        return fn
    return deco


def decision(name: str, mask: Callable, apply: Callable) -> None:
    """Register a decision: ``mask(S, idx) -> (n, NUM_ACTIONS) bool`` and ``apply(S, idx,
    actions)``."""
    _register(Effect(name, mask=mask, apply=apply))


def _register(e: Effect) -> None:
    if e.name not in CODES:
        raise KeyError(f"effect {e.name} has no code; add it to CODE_NAMES")
    EFFECTS[CODES[e.name]] = e


# Every effect code. The order is the flow of a turn: an automatic effect mostly hands over to
# effects further down this list, and the loop below sweeps codes in this order so a game runs
# down a whole chain (end of turn -> Yin phase -> arrival) in one sweep.
CODE_NAMES = (
    "POWER_SIDE", "TURN_END", "POWER_PICKUP", "TURN_START", "GROUP_DISCARD", "DISCARD_ONE",
    "TORMENT", "ABSORB", "CURSE", "CURSE_REROLL", "CURSE_APPLY", "YIN_OVERRUN", "YIN_ARRIVAL",
    # village help (village.py)
    "HELP_TILE", "CIRCLE_COLOUR", "TEMPLE", "CEMETERY_PICK", "ALTAR_PICK", "HERB_ROLL",
    "HERB_REROLL", "HERB_TAKE", "SORCERER_PICK", "NIGHT_WATCH_PICK", "PAV_GHOST", "PAV_DEST",
    "PAV_TAOIST", "MOVE_TAOIST", "TAKE_TAO", "GAIN_QI",
    # ghosts coming into play (ghosts.py)
    "DRAW_GHOST", "PLACE", "STATIC_ON", "QI_DRAIN", "FAST_START", "CIRCLE_CLEAR", "HAUNT_LINE",
    "HAUNT_TILE", "LOSE_QI",
    # exorcism (exorcism.py) and rewards (rewards.py)
    "EXO_START", "EXO_REROLL", "EXO_EVAL", "EXO_MANTRA", "EXO_CHOOSE", "EXO_WHITE", "EXO_PAY",
    "EXO_PAY_CHOOSE", "EXO_FINISH", "REWARD_QI_YY", "INC_QI", "INC_YY", "WIN_CHECK",
    # the Yang phase (turn.py, yang.py)
    "YANG_START", "YANG",
)
CODES.update({n: i for i, n in enumerate(CODE_NAMES)})
EFFECTS.extend([None] * len(CODE_NAMES))  # type: ignore[list-item]
globals().update({n: i for n, i in CODES.items()})   # stack.YANG, stack.PLACE, ...


def finalise() -> np.ndarray:
    """Check every code has a handler; returns the (codes,) bool table 'is automatic'."""
    missing = [CODE_NAMES[i] for i, e in enumerate(EFFECTS) if e is None]
    if missing:
        raise RuntimeError(f"effects without a handler: {missing}")
    auto = np.array([not e.is_decision for e in EFFECTS] + [False], bool)  # index -1 = empty
    return auto


# -- stack primitives (vectorised over rows idx) ------------------------------------------------------
# The top record is cached in S.top / top_who / top_a / top_b (int64, ready to index with), so
# reading it (``args``) is three gathers; every primitive writes the slot and the cache together.
# Slots are reached through the state's flat byte buffers (``State.bytes``): game i's slot k of a
# stack field lies at byte i * row + (the field's offset) + k of the arrays' buffer, one flat
# gather or scatter each, which costs a fraction of indexing a (B, K) array with two index arrays.

def _slots(S, idx: np.ndarray, sp: np.ndarray):
    """The flat byte index of slot ``sp`` of each game's stack, per stack field."""
    bank = S.layout.banks[1]                  # the arrays' buffer holds the stack
    base = idx * bank.row + sp
    off = bank.offset
    return (base + off["stack_code"], base + off["stack_who"], base + off["stack_a"],
            base + off["stack_b"])


def _set_top(S, idx: np.ndarray, code, who, a, b) -> None:
    S.top[idx] = code
    S.top_who[idx] = who
    S.top_a[idx] = a
    S.top_b[idx] = b


def _write(S, idx: np.ndarray, sp: np.ndarray, code, who, a, b) -> None:
    flat = S.bytes[1]
    c, w, x, y = _slots(S, idx, sp)
    flat[c] = code
    flat[w] = who
    flat[x] = a
    flat[y] = b
    _set_top(S, idx, code, who, a, b)


def push(S, idx: np.ndarray, code, who, a=-1, b=-1) -> None:
    """Push one effect on the stacks of games idx (arguments scalar or per row)."""
    if idx.size == 0:
        return
    sp = S.sp[idx]
    if (sp >= STACK_DEPTH).any():
        raise RuntimeError("effect stack overflow")
    _write(S, idx, sp, code, who, a, b)
    S.sp[idx] = sp + 1


def replace(S, idx: np.ndarray, code, who, a=-1, b=-1) -> None:
    """Overwrite the top effect of games idx."""
    if idx.size == 0:
        return
    _write(S, idx, S.sp[idx] - 1, code, who, a, b)


def pop(S, idx: np.ndarray) -> None:
    """Remove the top effect of games idx (the cache follows the new top, -1 when empty)."""
    if idx.size == 0:
        return
    sp = S.sp[idx] - 1
    S.sp[idx] = sp
    flat = S.bytes[1]
    slots = _slots(S, idx, sp)
    for k in slots:
        flat[k] = -1
    # the record below; an emptied stack reads its slot 0, just cleared to -1
    back = sp > 0
    below = [k - back for k in slots]
    _set_top(S, idx, flat[below[0]], flat[below[1]], flat[below[2]], flat[below[3]])


def args(S, idx: np.ndarray):
    """``(who, a, b)`` of the top effect of games idx, as int64 arrays."""
    return S.top_who[idx], S.top_a[idx], S.top_b[idx]


def clear(S, idx: np.ndarray) -> None:
    """Empty the stacks of games idx (the game is over)."""
    S.stack_code[idx] = -1
    S.stack_who[idx] = -1
    S.stack_a[idx] = -1
    S.stack_b[idx] = -1
    S.sp[idx] = 0
    _set_top(S, idx, -1, -1, -1, -1)


def split(codes: np.ndarray):
    """Yield ``(code, positions in codes holding it)`` for each code present (none if empty)."""
    if codes.size == 0:
        return
    if codes.size == 1:
        yield int(codes[0]), np.zeros(1, np.int64)
        return
    if (codes == codes[0]).all():       # one code (the common case): no sort
        yield int(codes[0]), np.arange(codes.size)
        return
    order = np.argsort(codes, kind="stable")
    sc = codes[order]
    cuts = np.flatnonzero(sc[1:] != sc[:-1]) + 1
    start = 0
    for end in (*cuts.tolist(), order.size):
        yield int(sc[start]), order[start:end]
        start = end


# -- the loop ----------------------------------------------------------------------------------------

def _note(trace, kind: str, S, code: int, rows: np.ndarray, actions=None) -> None:
    """Record for ``events.py`` what resolves (called only when a trace list is given, so a step
    without one pays nothing): the effect, its games and its arguments before it ran."""
    if rows.size:
        trace.append((kind, code, rows.copy(), *args(S, rows),
                      None if actions is None else np.asarray(actions).copy()))


def _settle(S, r: np.ndarray, code: int, trace=None) -> np.ndarray:
    """Games ``r`` wait at decision ``code``: compute their legal actions; drop the decision where
    nothing is legal and apply the only action where one is (repeatedly, while a game comes back
    to the same decision). Returns the games that moved on to another effect."""
    moved = []
    while r.size:
        m = EFFECTS[code].mask(S, r)
        S.mask[r] = m
        n_legal = np.add.reduce(m.view(np.uint8), 1, dtype=np.uint8)   # < 256 actions; bytes add faster
        few = n_legal <= 1
        if not few.any():
            break
        r, n_legal, m = r[few], n_legal[few], m[few]
        if trace is not None:
            _note(trace, "dropped", S, code, r[n_legal == 0])
        pop(S, r[n_legal == 0])
        one = n_legal == 1
        if one.any():
            if trace is not None:
                _note(trace, "forced", S, code, r[one], m[one].argmax(1))
            EFFECTS[code].apply(S, r[one], m[one].argmax(1))
        S.mask[r] = False
        r = r[~S.terminated[r]]
        again = S.top[r] == code
        moved.append(r[~again])
        r = r[again]
    return np.concatenate(moved) if moved else r[:0]


def _sweep(S, todo: np.ndarray, is_auto: np.ndarray, trace=None) -> np.ndarray:
    """Resolve the effects on top of games ``todo`` in code order. A game handed on to an effect
    later in the order is resolved again in the same sweep; a game that reaches a decision with a
    real choice is done. Returns the games that need another sweep."""
    pending: dict[int, list[np.ndarray]] = {}
    for code, p in split(S.top[todo]):
        pending[code] = [todo[p]]
    later = []
    while pending:
        code = min(pending)
        parts = pending.pop(code)
        r = parts[0] if len(parts) == 1 else np.concatenate(parts)
        r = r[~S.terminated[r]]
        if r.size == 0:
            continue
        if is_auto[code]:
            if trace is not None:
                _note(trace, "effect", S, code, r)
            EFFECTS[code].run(S, r)
            r = r[~S.terminated[r]]
        else:
            r = _settle(S, r, code, trace)
        nxt = S.top[r]
        onward = nxt > code
        if onward.any():
            fwd = r[onward]
            for c, p in split(nxt[onward]):
                pending.setdefault(c, []).append(fwd[p])
        later.append(r[~onward])
    return np.concatenate(later) if later else todo[:0]


def advance(S, rows: np.ndarray, is_auto: np.ndarray, trace: list | None = None) -> None:
    """Resolve automatic effects and forced decisions until every game in rows faces a real choice
    (two or more legal actions) or has ended; leaves its legal actions in ``S.mask``. ``trace``: a
    list that receives a record of every effect and forced decision (``events.py``)."""
    todo = rows[~S.terminated[rows]]
    for _ in range(MAX_PASSES):
        if todo.size == 0:
            break
        todo = _sweep(S, todo, is_auto, trace)
    else:
        raise RuntimeError("the effect loop did not settle")
    done = rows[S.terminated[rows]]
    S.mask[done] = False


def apply_decisions(S, rows: np.ndarray, actions: np.ndarray, trace: list | None = None) -> None:
    """Apply each game's chosen action to the decision on top of its stack, grouped by decision
    code (``trace``: noted for ``events.py``)."""
    for code, p in split(S.top[rows]):
        if trace is not None:
            _note(trace, "decision", S, code, rows[p], actions[p])
        EFFECTS[code].apply(S, rows[p], actions[p])


def empty_mask(n: int) -> np.ndarray:
    """(n, NUM_ACTIONS) bool, all False: a mask function's starting point."""
    return np.zeros((n, NUM_ACTIONS), bool)
