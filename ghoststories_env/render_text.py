"""Plain-text picture of one game, good enough to debug from."""

from __future__ import annotations

import numpy as np

from . import cards as C
from .config import decode
from .geometry import SEAT_NAMES, position_name
from .rules import stack
from .rules.common import power_on
from .state import LOSS_REASONS, State

_INITIAL = {c: c[0].upper() for c in C.COLOURS}
_INITIAL["black"] = "K"


def tokens_text(counts) -> str:
    """Tao tokens by colour initial, e.g. ``"Y1 K2"`` (K black), ``"-"`` for none."""
    return " ".join(f"{_INITIAL[C.COLOURS[c]]}{n}" for c, n in enumerate(counts) if n) or "-"


def _ghost(S, i, g) -> str:
    card = int(S.ghost[i, g])
    if card < 0:
        return "[Buddha]" if S.buddha[i, g] else "-"
    req = "".join(f"{_INITIAL[C.COLOURS[c]]}{n}" for c, n in enumerate(C.CARD_REQ[card]) if n)
    bits = [f"{C.card_label(card)} ({req})"]
    if C.HAUNTER[card]:
        hp = S.haunter_pos[i, g]
        bits.append("haunter " + ("no figurine" if hp < 0 else ("on card", "on stone 1")[hp]))
    if C.TORMENTOR[card]:
        bits.append("tormentor")
    if S.static_on[i, g] and (C.POWER_OFF[card] | C.CAPTURES_DIE[card] | C.TAO_LOCK[card] | C.ALL_POWERS_OFF[card]):
        bits.append("marker")
    if S.mantra_space[i] == g:
        bits.append("Mantra")
    if S.buddha[i, g]:
        bits.append("on Buddha")
    return ", ".join(bits)


def render(S: State, i: int = 0) -> str:
    """The text picture of game ``i`` of the batch ``S``: its status and decision, the village,
    every board with its ghosts and Taoist, the supply and the deck (``Engine.render_text``)."""
    cfg = decode(S.rules[i])
    colour = [C.COLOURS[c] for c in S.seat_colour[i]]
    out = []
    if S.terminated[i]:
        status = "WON" if S.won[i] else f"LOST ({LOSS_REASONS[S.loss_reason[i]]})"
    else:
        who = int(S.top_who[i])
        status = f"{colour[who] if who >= 0 else '?'} decides {stack.CODE_NAMES[S.top[i]]}"
    out.append(f"Ghost Stories - {cfg.difficulty}, {cfg.num_players} player(s) - turn {S.turn[i]}, "
               f"active: {colour[S.active[i]]} - {status}")
    # village grid: tile short name, * if haunted, Taoist initials
    out.append("Village (* haunted; letters: Taoists standing there):")
    for r in range(3):
        cells = []
        for c in range(3):
            p = 3 * r + c
            here = "".join(_INITIAL[colour[s]] for s in range(4)
                           if S.is_player[i, s] and S.pos[i, s] == p)
            name = C.TILE_SHORT[S.tile_at[i, p]] + ("*" if S.haunted[i, p] else " ")
            cells.append(f"{name} {here:<4}")
        out.append("  | " + " | ".join(cells) + " |")
    on = power_on(S, np.array([i]))[0]
    for s in range(4):
        kind = "Taoist" if S.is_player[i, s] else "neutral"
        dead = S.qi[i, s] == 0
        line = (f"{SEAT_NAMES[s]:>5} {colour[s]:<6} {kind:<7} Qi {S.qi[i, s]}"
                + (" DEAD" if dead and S.is_player[i, s] else " POSSESSED" if dead else "")
                + f"  power: {C.POWER_NAME[S.seat_power[i, s]]} ({'on' if on[s] else 'off'})")
        if S.is_player[i, s]:
            line += (f"  tao {tokens_text(S.tao[i, s])}"
                     f"  yin-yang {'yes' if S.yinyang[i, s] else 'no'}"
                     f"  buddhas {S.buddhas[i, s]}  power tokens {S.power_tokens[i, s]}"
                     f"  at {position_name(S.pos[i, s])}")
        out.append(line)
        for k in range(3):
            out.append(f"        {k + 1}: {_ghost(S, i, 3 * s + k)}")
    left = int(S.deck_len[i] - S.deck_pos[i])
    circle = C.COLOURS[S.circle[i]] if S.circle[i] >= 0 else "-"
    out.append(f"Deck {left} card(s) left; discard {int(S.discarded[i].sum())}; incarnations "
               f"{S.inc_defeated[i]}/{S.inc_total[i]} defeated; Circle {circle}; Temple Buddhas "
               f"{S.temple_buddhas[i]}; centre Power tokens {S.centre_power_tokens[i]}")
    out.append(f"Supply: Qi {S.qi_supply[i]}, Tao {tokens_text(S.tao_supply[i])}")
    if (S.dice[i] >= 0).any():
        faces = ["white" if f == C.WHITE else C.COLOURS[f] for f in S.dice[i] if f >= 0]
        out.append("Dice: " + ", ".join(faces))
    return "\n".join(out)


def render_events(events: list[dict]) -> str:
    """One game's events of a step (``engine.step(..., record=True)``), one line each."""
    from .events import describe
    return "\n".join(describe(e) for e in events)
