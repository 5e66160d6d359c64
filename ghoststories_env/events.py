"""What happened in a step, game by game: the events between two decisions.

``engine.step(state, actions, record=True)`` returns ``(state, events)``: ``events[i]`` is game
``i``'s list of dicts, in order. First what the effect loop resolved (``kind``: ``"decision"`` the
action taken, ``"effect"`` an automatic effect, ``"forced"`` a decision with one legal answer,
``"dropped"`` one with none; ``effect``, ``seat`` and the effect's arguments ``a``/``b``), then what
changed on the table (``kind``: ``ghost_arrived``, ``ghost_left``, ``haunted``, ``freed``, ``qi``,
``tao``, ``died``, ``revived``, ``buddha``, ``buddhas_held``, ``power_tokens``, ``yinyang``,
``drawn``, ``turn``, ``end``). Turned off
(the default), recording costs nothing: the effect loop only checks that no trace list was given.
``describe(event)`` is one line of text; ``render_text.render_events`` prints a step.
"""

from __future__ import annotations

import numpy as np

from . import cards as C
from .actions import action_meaning
from .geometry import SEAT_NAMES
from .rules import stack
from .state import LOSS_REASONS, State


def from_trace(trace: list, before: State, after: State) -> list[list[dict]]:
    """Per-game events of one step from the effect loop's trace and the two states."""
    out: list[list[dict]] = [[] for _ in range(before.batch_size)]
    for kind, code, rows, who, a, b, actions in trace:
        name = stack.CODE_NAMES[code]
        for k, i in enumerate(rows.tolist()):
            e = {"kind": kind, "effect": name, "seat": int(who[k])}
            if a[k] >= 0:
                e["a"] = int(a[k])
            if b[k] >= 0:
                e["b"] = int(b[k])
            if actions is not None:
                e["action"] = action_meaning(int(actions[k]))
            out[i].append(e)
    for i in np.flatnonzero(_changed(before, after)).tolist():
        out[i] += table_changes(before, after, i)
    return out


def _changed(before: State, after: State) -> np.ndarray:
    fields = ("ghost", "haunted", "qi", "tao", "buddha", "buddhas", "yinyang", "power_tokens",
              "deck_pos", "active", "turn", "terminated")
    changed = np.zeros(before.batch_size, bool)
    for f in fields:
        x, y = getattr(before, f), getattr(after, f)
        changed |= (x != y).reshape(before.batch_size, -1).any(1)
    return changed


def table_changes(before: State, after: State, i: int) -> list[dict]:
    """What differs on game ``i``'s table between the two states."""
    out = []
    colour = lambda s: C.COLOURS[after.seat_colour[i, s]]                 # noqa: E731
    for g in np.flatnonzero(before.ghost[i] != after.ghost[i]).tolist():
        if before.ghost[i, g] >= 0:
            out.append({"kind": "ghost_left", "space": g, "card": C.card_label(before.ghost[i, g])})
        if after.ghost[i, g] >= 0:
            out.append({"kind": "ghost_arrived", "space": g, "card": C.card_label(after.ghost[i, g])})
    for p in np.flatnonzero(before.haunted[i] != after.haunted[i]).tolist():
        out.append({"kind": "haunted" if after.haunted[i, p] else "freed",
                    "tile": C.TILE_NAME[after.tile_at[i, p]]})
    for s in np.flatnonzero(before.qi[i] != after.qi[i]).tolist():
        out.append({"kind": "qi", "seat": s, "colour": colour(s),
                    "change": int(after.qi[i, s]) - int(before.qi[i, s])})
        if after.is_player[i, s] and (before.qi[i, s] > 0) != (after.qi[i, s] > 0):
            out.append({"kind": "died" if after.qi[i, s] == 0 else "revived", "seat": s,
                        "colour": colour(s)})
    for s, c in np.argwhere(before.tao[i] != after.tao[i]).tolist():
        out.append({"kind": "tao", "seat": s, "colour": colour(s), "token": C.COLOURS[c],
                    "change": int(after.tao[i, s, c]) - int(before.tao[i, s, c])})
    for g in np.flatnonzero(before.buddha[i] != after.buddha[i]).tolist():
        out.append({"kind": "buddha", "space": g, "placed": bool(after.buddha[i, g])})
    for s in np.flatnonzero(before.buddhas[i] != after.buddhas[i]).tolist():
        out.append({"kind": "buddhas_held", "seat": s, "colour": colour(s),
                    "change": int(after.buddhas[i, s]) - int(before.buddhas[i, s])})
    for s in np.flatnonzero(before.power_tokens[i] != after.power_tokens[i]).tolist():
        out.append({"kind": "power_tokens", "seat": s, "colour": colour(s),
                    "change": int(after.power_tokens[i, s]) - int(before.power_tokens[i, s])})
    for s in np.flatnonzero(before.yinyang[i] != after.yinyang[i]).tolist():
        out.append({"kind": "yinyang", "seat": s, "colour": colour(s), "held": bool(after.yinyang[i, s])})
    if after.deck_pos[i] != before.deck_pos[i]:
        out.append({"kind": "drawn", "cards": int(after.deck_pos[i]) - int(before.deck_pos[i])})
    if after.turn[i] != before.turn[i]:
        out.append({"kind": "turn", "from": int(before.active[i]), "to": int(after.active[i]),
                    "turns": int(after.turn[i]) - int(before.turn[i])})
    if after.terminated[i] and not before.terminated[i]:
        out.append({"kind": "end", "won": bool(after.won[i]),
                    "loss_reason": LOSS_REASONS[after.loss_reason[i]]})
    return out


def describe(e: dict) -> str:
    """One line of text for an event."""
    kind = e["kind"]
    if kind in ("decision", "effect", "forced", "dropped"):
        seat = SEAT_NAMES[e["seat"]] if 0 <= e["seat"] < 4 else "-"
        args = " ".join(f"{k}={e[k]}" for k in ("a", "b") if k in e)
        act = f": {e['action']}" if "action" in e else ""
        return f"{kind} {e['effect']} ({seat}{' ' + args if args else ''}){act}"
    rest = ", ".join(f"{k}={v}" for k, v in e.items() if k != "kind")
    return f"{kind}: {rest}"
