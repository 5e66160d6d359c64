"""Scenes for the exorcism tests of rules §5 (tests/rules/test_exorcism*.py).

Every scene starts the north (yellow) Taoist's Yang phase on a chosen tile; he stays there (a move
to his own tile) and attacks. Default village: position p holds tile p, so the tiles face these
spaces (g = 3 * seat + k; seats north yellow, east red, south green, west blue):
corner 0 Circle -> 2, 9; edge 1 Temple -> 1; corner 2 Cemetery -> 0, 5; edge 3 Altar -> 10;
centre 4 Herbalist -> none; edge 5 Sorcerer -> 4; corner 6 Night Watch -> 6, 11; edge 7 Pavilion
-> 7; corner 8 Tea House -> 3, 8.
"""

from ghoststories_env import cards as C
from helpers import act, build, dump

SEAT_COLOURS = ("yellow", "red", "green", "blue")
EDGE, CORNER, CENTRE = 5, 8, 4          # Sorcerer's Hut faces 4; Tea House faces 3 and 8


def scene(pos: int, ghosts: dict, tao: dict | None = None, forced=(), curse=(), **top) -> dict:
    """Yellow active at his Yang phase on position ``pos``; ``ghosts``: {space: card or space dict}."""
    boards = {c: {"spaces": [None, None, None]} for c in SEAT_COLOURS}
    for g, spec in ghosts.items():
        boards[SEAT_COLOURS[g // 3]]["spaces"][g % 3] = spec if isinstance(spec, dict) else {"ghost": spec}
    boards["yellow"]["taoist"] = {"tile": C.TILE_NAME[pos]}
    if tao is not None:
        boards["yellow"]["taoist"]["tao"] = tao
    return {"at": "yang", "boards": boards, "forced": {"tao": list(forced), "curse": list(curse)},
            **top}


def attack(d: dict, target: int | str, **config):
    """Build ``d``, stay on the tile and exorcise space ``target`` (or "both")."""
    e, s = build(d, **config)
    s = act(e, s, "MOVE", C.TILE_NAME.index(d["boards"]["yellow"]["taoist"]["tile"]))
    s = act(e, s, "EXORCISE_BOTH") if target == "both" else act(e, s, "EXORCISE", target)
    return e, s


def ghost_at(e, s, g: int):
    return dump(e, s)["boards"][SEAT_COLOURS[g // 3]]["spaces"][g % 3]


def tao_of(e, s, colour="yellow") -> dict:
    return dump(e, s)["boards"][colour]["taoist"]["tao"]


def forced_left(e, s) -> int:
    return len(dump(e, s)["forced"]["tao"])
