"""Dump one game of a batch to a JSON-safe dict (the format is in ``scenario/__init__.py``)."""

from __future__ import annotations

import numpy as np

from .. import cards as C
from ..config import decode
from ..rules import common, stack
from ..state import LOSS_REASONS, State
from .format import FACE_NAMES, FLAG_NAMES, MANTRA_STATES

def to_dict(S: State, i: int) -> dict:
    """Everything game ``i`` is, as a JSON-safe dict (see the module docstring)."""
    colour = [C.COLOURS[c] for c in S.seat_colour[i]]
    tiles = [C.TILE_NAME[t] for t in S.tile_at[i]]

    def card(c) -> int | None:
        return None if c < 0 else int(c) + 1

    boards = {}
    on = common.power_on(S, np.array([i]))[0]
    for s in range(4):
        spaces = []
        for k in range(3):
            g = 3 * s + k
            entry = None
            if S.ghost[i, g] >= 0 or S.buddha[i, g]:
                entry = {"ghost": card(S.ghost[i, g]), "buddha": bool(S.buddha[i, g])}
                if S.ghost[i, g] >= 0:
                    hp = int(S.haunter_pos[i, g])
                    entry["haunter"] = None if hp < 0 else hp
                    entry["marker"] = bool(S.static_on[i, g])
            spaces.append(entry)
        board = {"player": bool(S.is_player[i, s]), "power": C.POWER_NAME[S.seat_power[i, s]],
                 "power_on": bool(on[s]), "qi": int(S.qi[i, s]), "spaces": spaces}
        if S.is_player[i, s]:
            board["taoist"] = {
                "tile": tiles[S.pos[i, s]],
                "tao": {C.COLOURS[c]: int(S.tao[i, s, c]) for c in range(5) if S.tao[i, s, c]},
                "yinyang": bool(S.yinyang[i, s]), "buddhas": int(S.buddhas[i, s]),
                "buddhas_fresh": int(S.buddhas_fresh[i, s]),
                "power_tokens": int(S.power_tokens[i, s]),
            }
        boards[colour[s]] = board
    pos = int(S.deck_pos[i])
    deck = [int(c) + 1 for c in S.deck[i, :S.deck_len[i]]]
    sp = int(S.sp[i])
    return {
        "config": decode(S.rules[i]).to_dict(),
        "seats": colour,
        "village": [tiles[3 * r: 3 * r + 3] for r in range(3)],
        "haunted": [tiles[p] for p in range(9) if S.haunted[i, p]],
        "boards": boards,
        "circle": None if S.circle[i] < 0 else C.COLOURS[S.circle[i]],
        "temple_buddhas": int(S.temple_buddhas[i]),
        "centre_power_tokens": int(S.centre_power_tokens[i]),
        "supply": {"qi": int(S.qi_supply[i]),
                   "tao": {C.COLOURS[c]: int(S.tao_supply[i, c]) for c in range(5)}},
        "deck": deck[pos:], "drawn": deck[:pos],
        "discard": [c + 1 for c in np.flatnonzero(S.discarded[i]).tolist()],
        "removed": [c + 1 for c in np.flatnonzero(S.removed[i]).tolist()],
        "uncatchable_ready": bool(S.uncatchable_ready[i]),
        "mantra": {"space": None if S.mantra_space[i] < 0 else int(S.mantra_space[i]),
                   "state": MANTRA_STATES[S.mantra_state[i]]},
        "turn": {"active": colour[S.active[i]], "number": int(S.turn[i]),
                 "helps_done": int(S.helps_done[i]), "exorcisms_done": int(S.exos_done[i]),
                 "flags": [f for b, f in enumerate(FLAG_NAMES) if S.turn_flags[i] >> b & 1],
                 "borrowed": [colour[s] for s in range(4) if S.borrowed[i] >> s & 1]},
        "stack": [{"effect": stack.CODE_NAMES[S.stack_code[i, k]],
                   "who": colour[S.stack_who[i, k]] if S.stack_who[i, k] >= 0 else None,
                   "a": int(S.stack_a[i, k]), "b": int(S.stack_b[i, k])} for k in range(sp)],
        "dice": [FACE_NAMES[f] for f in S.dice[i] if f >= 0],
        "exorcism": {"targets": S.exo_targets[i].tolist(), "need_per_target": S.exo_req[i].tolist(),
                     "outcome": int(S.exo_outcome[i]), "tokens_to_pay": S.exo_need[i].tolist(),
                     "white_capacity": S.exo_wcap[i].tolist(), "free_whites": int(S.exo_free[i])},
        "rng": {"key": int(S.rng_key[i]), "counter": int(S.rng_ctr[i])},
        "forced": {"tao": [FACE_NAMES[f] for f in S.forced_tao[i] if f >= 0],
                   "curse": [int(f) for f in S.forced_curse[i] if f >= 0]},
        "status": {"terminated": bool(S.terminated[i]), "won": bool(S.won[i]),
                   "loss_reason": LOSS_REASONS[S.loss_reason[i]]},
        "decisions": int(S.decisions[i]),
    }


