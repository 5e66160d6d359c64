"""A picture of the table, as a person would see it from above (north at the top).

``render_rgb(state, i)`` -> (H, W, 3) uint8: the 3x3 village (haunted tiles dark, Taoists as
coloured discs on their tiles, a cross on the dead), the four boards on their sides with their
three ghost spaces in front of the tiles they face (each ghost in its colour with name and
resistance, haunting figurine on the card or on its first stone, tormentor, Buddha, Mantra), each
board's Taoist panel (colour, Qi, power and whether it works, Tao tokens, Yin-Yang, Buddhas, Power
tokens), and in the corners the status, the deck, the supply and the roll in progress.

Draws with Pillow, a core dependency (so a plain install renders ``rgb_array``).
"""

from __future__ import annotations

import numpy as np

from .. import cards as C
from ..config import decode
from ..engine import Engine
from ..geometry import SEAT_NAMES, SPACE_FRONT, SPACE_SEAT
from ..rules.common import power_on
from ..state import LOSS_REASONS, MANTRA_ON_GHOST, State

TILE, CARD, GAP = 120, 112, 8           # village tile side, ghost card depth, spacing
SIDE_W, SIDE_H = 190, 96                # board panels: east/west width, north/south height
GRID = 3 * TILE
X0 = SIDE_W + CARD + 2 * GAP            # top-left corner of the village
Y0 = SIDE_H + CARD + 2 * GAP
WIDTH, HEIGHT = 2 * X0 + GRID, 2 * Y0 + GRID

COLOUR_RGB = {0: (232, 196, 36), 1: (206, 52, 48), 2: (58, 156, 72), 3: (52, 102, 206),
              4: (36, 36, 40), 5: (245, 245, 245)}                 # cards.COLOURS, then white
BACKGROUND, INK, PAPER = (62, 48, 40), (20, 20, 20), (238, 228, 204)
HAUNTED_RGB, GOLD, DIM = (72, 58, 92), (240, 200, 60), (150, 150, 150)
_INITIAL = "YRGBK"


def _pil():
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError as e:        # a dependency of the package, so a broken install
        raise ImportError("render_mode='rgb_array' and recordings need Pillow, a dependency of "
                          "ghoststories_env that is missing here: pip install pillow") from e
    return Image, ImageDraw, ImageFont


_FONTS: dict[int, object] = {}


def _font(size: int):
    if size not in _FONTS:
        _FONTS[size] = _pil()[2].load_default(size=size)
    return _FONTS[size]


def _text_rgb(fill) -> tuple[int, int, int]:
    return INK if sum(fill) > 380 else (250, 250, 250)


def _space_box(g: int) -> tuple[int, int, int, int]:
    """Where space g's card lies: in front of the tile it faces, on its board's side."""
    p = int(SPACE_FRONT[g])
    tx, ty = X0 + (p % 3) * TILE, Y0 + (p // 3) * TILE
    inset = 6
    seat = int(SPACE_SEAT[g])
    if seat == 0:
        return tx + inset, Y0 - GAP - CARD, tx + TILE - inset, Y0 - GAP
    if seat == 2:
        return tx + inset, Y0 + GRID + GAP, tx + TILE - inset, Y0 + GRID + GAP + CARD
    if seat == 1:
        return X0 + GRID + GAP, ty + inset, X0 + GRID + GAP + CARD, ty + TILE - inset
    return X0 - GAP - CARD, ty + inset, X0 - GAP, ty + TILE - inset


def _panel_box(seat: int) -> tuple[int, int, int, int]:
    return {0: (X0, GAP, X0 + GRID, SIDE_H),
            2: (X0, HEIGHT - SIDE_H, X0 + GRID, HEIGHT - GAP),
            1: (WIDTH - SIDE_W, Y0, WIDTH - GAP, Y0 + GRID),
            3: (GAP, Y0, SIDE_W, Y0 + GRID)}[seat]


def _lines(draw, box, lines, size=13, fill=PAPER):
    x, y = box[0] + 6, box[1] + 4
    for line in lines:
        draw.text((x, y), line, fill=fill, font=_font(size))
        y += size + 4


def _village(draw, S, i):
    for p in range(9):
        x, y = X0 + (p % 3) * TILE, Y0 + (p // 3) * TILE
        haunted = bool(S.haunted[i, p])
        draw.rectangle((x, y, x + TILE - 2, y + TILE - 2), fill=HAUNTED_RGB if haunted else PAPER,
                       outline=INK, width=2)
        name = C.TILE_NAME[S.tile_at[i, p]]
        colour = (235, 235, 235) if haunted else INK
        for k, word in enumerate(_wrap(name, 15)[:3]):
            draw.text((x + 6, y + 5 + 15 * k), word, fill=colour, font=_font(13))
        if haunted:
            draw.text((x + 6, y + TILE - 22), "HAUNTED", fill=(255, 120, 120), font=_font(13))
    for s in range(4):                                     # Taoist figures
        if not S.is_player[i, s]:
            continue
        p = int(S.pos[i, s])
        cx = X0 + (p % 3) * TILE + 22 + 26 * s
        cy = Y0 + (p // 3) * TILE + 72
        rgb = COLOUR_RGB[int(S.seat_colour[i, s])]
        draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=rgb, outline=INK, width=2)
        if S.qi[i, s] == 0:
            draw.line((cx - 9, cy - 9, cx + 9, cy + 9), fill=INK, width=3)
            draw.line((cx - 9, cy + 9, cx + 9, cy - 9), fill=INK, width=3)


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line]


def _ghost(draw, S, i, g):
    box = _space_box(g)
    card = int(S.ghost[i, g])
    if card < 0:
        draw.rectangle(box, outline=DIM, width=2)
    else:
        fill = COLOUR_RGB[int(C.CARD_COLOUR[card])]
        draw.rectangle(box, fill=fill, outline=GOLD if C.IS_INCARNATION[card] else INK,
                       width=4 if C.IS_INCARNATION[card] else 2)
        ink = _text_rgb(fill)
        req = " ".join(f"{n}{_INITIAL[c]}" for c, n in enumerate(C.CARD_REQ[card]) if n)
        lines = _wrap(C.CARD_NAME[card], 13)[:2] + _wrap(f"#{card + 1}  {req}", 13)
        marker = bool(S.static_on[i, g])
        tags = [t for t, on in (("haunter", C.HAUNTER[card]), ("tormentor", C.TORMENTOR[card]),
                                ("dice-immune", C.DICE_IMMUNE[card]),
                                ("holds a die", marker and C.CAPTURES_DIE[card]),
                                ("power off", marker and C.POWER_OFF[card]),
                                ("Tao locked", marker and C.TAO_LOCK[card]),
                                ("all powers off", marker and C.ALL_POWERS_OFF[card])) if on]
        lines += tags
        for k, line in enumerate(lines):
            draw.text((box[0] + 4, box[1] + 3 + 14 * k), line, fill=ink, font=_font(12))
        if C.HAUNTER[card] and S.haunter_pos[i, g] >= 0:
            _figurine(draw, box, g, int(S.haunter_pos[i, g]))
        if S.mantra_space[i] == g and S.mantra_state[i] == MANTRA_ON_GHOST:
            draw.text((box[2] - 16, box[1] + 2), "M", fill=GOLD, font=_font(14))
    if S.buddha[i, g]:
        cx, cy = (box[0] + box[2]) // 2, box[3] - 16
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=GOLD, outline=INK, width=2)


def _figurine(draw, box, g, stone: int):
    """The haunting figurine: on the card (stone 0) or on its first stone, toward the village."""
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    if stone == 1:
        dx, dy = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}[int(SPACE_SEAT[g])]
        cx, cy = cx + dx * (CARD // 2 + GAP // 2 + 2), cy + dy * (CARD // 2 + GAP // 2 + 2)
    else:
        cy += 30 if SPACE_SEAT[g] in (1, 3) else 0
    draw.polygon([(cx, cy - 8), (cx + 7, cy), (cx, cy + 8), (cx - 7, cy)], fill=(250, 250, 250),
                 outline=(200, 0, 0))


def _panel(draw, S, i, s, on):
    colour = int(S.seat_colour[i, s])
    box = _panel_box(s)
    rgb = COLOUR_RGB[colour]
    active = S.active[i] == s                   # a white frame: whose turn it is
    draw.rectangle(box, fill=rgb, outline=(255, 255, 255) if active else INK, width=5 if active else 2)
    kind = "Taoist" if S.is_player[i, s] else "neutral"
    dead = S.qi[i, s] == 0
    state = (" DEAD" if S.is_player[i, s] else " POSSESSED") if dead else ""
    power = f"{C.POWER_NAME[S.seat_power[i, s]]} ({'on' if on[s] else 'off'})"
    lines = [f"{SEAT_NAMES[s]} {C.COLOURS[colour]} {kind}{state}", f"Qi {S.qi[i, s]}", power]
    if S.is_player[i, s]:
        tao = " ".join(f"{_INITIAL[c]}{n}" for c, n in enumerate(S.tao[i, s]) if n) or "-"
        lines += [f"Tao {tao}", f"Yin-Yang {'yes' if S.yinyang[i, s] else 'no'}  "
                  f"Buddhas {S.buddhas[i, s]}  Power tokens {S.power_tokens[i, s]}"]
    if s in (1, 3):                # narrow side panels: one fact per line
        tail = lines[4].split("  ") if len(lines) > 4 else []
        lines = lines[:2] + _wrap(power, 24) + lines[3:4] + tail
    _lines(draw, box, lines, 12, _text_rgb(rgb))


def _corners(draw, S, i):
    cfg = decode(S.rules[i])
    if S.terminated[i]:
        status = "WON" if S.won[i] else f"LOST: {LOSS_REASONS[S.loss_reason[i]]}"
    else:
        who = int(Engine.current_player(S)[i])
        decision = Engine.decision_name(S, i)
        status = f"{C.COLOURS[S.seat_colour[i, who]]} decides {decision}"
        if decision == "PLACE":                 # the drawn ghost waits on the stack
            status += f": where {C.card_label(int(S.top_a[i]))} goes"
    left = int(S.deck_len[i] - S.deck_pos[i])
    circle = C.COLOURS[S.circle[i]] if S.circle[i] >= 0 else "-"
    tao = " ".join(f"{_INITIAL[c]}{n}" for c, n in enumerate(S.tao_supply[i]))
    corner = SIDE_W + CARD
    _lines(draw, (GAP, GAP, corner, 0), [f"Ghost Stories - {cfg.difficulty}", f"{cfg.num_players} "
           f"player(s), turn {S.turn[i]}, decision {S.decisions[i]}", *_wrap(status, 30)], 14)
    # where the undrawn incarnations lie is public (rules §3, 12); which they are is not
    undrawn = S.deck[i, S.deck_pos[i]:S.deck_len[i]]
    depths = np.flatnonzero(C.IS_INCARNATION[np.maximum(undrawn, 0)]) + 1
    _lines(draw, (WIDTH - corner, GAP, WIDTH, 0), [f"Deck: {left} card(s) left",
           f"Incarnations: {S.inc_defeated[i]}/{S.inc_total[i]} defeated",
           ("next incarnations: card " + ", ".join(map(str, depths)) + " from the top")
           if depths.size else "no incarnation left in the deck",
           f"Discard: {int(S.discarded[i].sum())}"], 14)
    _lines(draw, (GAP, HEIGHT - SIDE_H - CARD, corner, 0), [f"Supply: Qi {S.qi_supply[i]}",
           f"Tao {tao}", f"Circle of Prayer: {circle}", f"Temple Buddhas: {S.temple_buddhas[i]}",
           f"Centre Power tokens: {S.centre_power_tokens[i]}"], 13)
    faces = [int(f) for f in S.dice[i] if f >= 0]
    x, y = WIDTH - corner + 6, HEIGHT - SIDE_H - CARD + 24
    if faces:
        draw.text((x, y - 20), "Dice:", fill=PAPER, font=_font(14))
    for k, f in enumerate(faces):
        draw.rectangle((x + 30 * k, y, x + 30 * k + 24, y + 24), fill=COLOUR_RGB[f], outline=PAPER,
                       width=2)


def render_rgb(S: State, i: int = 0) -> np.ndarray:
    """(HEIGHT, WIDTH, 3) uint8 picture of game ``i`` of the batch ``S``."""
    Image, ImageDraw, _ = _pil()
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(img)
    on = power_on(S, np.array([i]))[0]
    _village(draw, S, i)
    for g in range(12):
        _ghost(draw, S, i, g)
    for s in range(4):
        _panel(draw, S, i, s, on)
    _corners(draw, S, i)
    return np.asarray(img, dtype=np.uint8).copy()
