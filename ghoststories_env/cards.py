"""Card, tile, power and level tables, loaded once from the CSV files in ``data/``.

Every table is a read-only numpy array indexed by id. Card ids are the printed card numbers minus
one: 0..54 are the 55 ghosts, 55..64 the 10 Wu-Feng incarnations. Colours are indexed
``YELLOW, RED, GREEN, BLUE, BLACK`` (0..4); a Tao die face is a colour or ``WHITE`` (5).
The ability codes of rules §6 become small integer codes and boolean columns here, so
the rules index into tables and never branch on a card's name.
"""

from __future__ import annotations

import csv
from importlib import resources

import numpy as np

COLOURS = ("yellow", "red", "green", "blue", "black")
YELLOW, RED, GREEN, BLUE, BLACK = range(5)
WHITE = 5  # a Tao die face
NUM_COLOURS = 5
NUM_GHOSTS = 55
NUM_INCARNATIONS = 10
NUM_CARDS = NUM_GHOSTS + NUM_INCARNATIONS

# Left-stone (arrival) abilities, resolved in printed order when a ghost is placed.
LEFT_CODES = (
    "SUMMON", "POWER_OFF_BOARD", "CAPTURE_DIE", "TAO_LOCK", "QI_DRAIN_1", "HAUNT_TILE_NOW",
    "HAUNTER_FAST_START", "GROUP_DISCARD_TAO_1", "CURSE_ROLL", "ALL_POWERS_OFF", "CIRCLE_CLEAR",
)
(L_SUMMON, L_POWER_OFF, L_CAPTURE, L_TAO_LOCK, L_QI_DRAIN, L_HAUNT_NOW, L_FAST_START,
 L_GROUP_DISCARD, L_CURSE_ROLL, L_ALL_OFF, L_CIRCLE_CLEAR) = range(len(LEFT_CODES))
# Left stones that put a lasting marker in force while the ghost stays in play.
STATIC_LEFT = (L_POWER_OFF, L_CAPTURE, L_TAO_LOCK, L_ALL_OFF)

# Right-stone (exorcism) effects, curses before rewards (rules §5).
RIGHT_CODES = ("CURSE", "R_TAO_1", "R_TAO_2", "R_QI_OR_YINYANG", "INC_QI_AND_YINYANG")
R_CURSE, R_TAO_1, R_TAO_2, R_QI_OR_YY, R_INC = range(len(RIGHT_CODES))

MIDDLE_CODES = ("HAUNTER", "TORMENTOR", "DICE_IMMUNE", "WHITE_NOT_WILD",
                "EXORCISE_ONLY_IF_OPPOSITE_SPACE_EMPTY", "NEEDS_BUDDHA", "GROUP_DISCARD_TAO_1")


def _read(name: str) -> list[dict[str, str]]:
    with resources.files("ghoststories_env.data").joinpath(name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _codes(field: str) -> list[str]:
    return [] if field.strip() in ("", "-") else field.split("+")


def _frozen(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def _load_cards():
    rows = _read("ghosts.csv") + _read("incarnations.csv")
    assert [int(r["card_no"]) for r in rows] == list(range(1, NUM_CARDS + 1)), "card numbers"
    n = len(rows)
    name, colour = [], np.zeros(n, np.int8)
    req = np.zeros((n, NUM_COLOURS), np.int8)
    left = np.full((n, 2), -1, np.int8)
    right = np.full((n, 2), -1, np.int8)
    middle = {code: np.zeros(n, bool) for code in MIDDLE_CODES}
    static = {code: np.zeros(n, bool) for code in STATIC_LEFT}
    for i, r in enumerate(rows):
        name.append(r["name"])
        if i < NUM_GHOSTS:
            colour[i] = COLOURS.index(r["color"])
            req[i, colour[i]] = int(r["resistance"])
            mid, left_f, right_f = r["yin_ability_middle_stone"], r["enter_ability_left_stone"], r["exorcism_right_stone"]
        else:
            colour[i] = COLOURS.index(r["placement_color"])
            for part in r["resistance_by_color"].split(";"):
                c, k = part.split(":")
                req[i, COLOURS.index(c)] = int(k)
            assert req[i].sum() == int(r["resistance_total"]), r["name"]
            mid = r["yin_or_passive_ability_middle_stone"]
            left_f, right_f = r["enter_ability_left_stone"], r["exorcism_right_stone"]
        for j, code in enumerate(_codes(left_f)):
            left[i, j] = LEFT_CODES.index(code)
            if left[i, j] in static:
                static[left[i, j]][i] = True
        for code in _codes(mid):
            middle[code][i] = True
        for j, code in enumerate(_codes(right_f)):
            right[i, j] = RIGHT_CODES.index(code)
    return name, colour, req, left, right, middle, static


(_NAMES, _COLOUR, _REQ, _LEFT, _RIGHT, _MIDDLE, _STATIC) = _load_cards()

CARD_NAME: tuple[str, ...] = tuple(_NAMES)
CARD_COLOUR = _frozen(_COLOUR)                  # (65,) int8: placement colour
CARD_REQ = _frozen(_REQ)                        # (65, 5) int8: resistance per colour
CARD_RESISTANCE = _frozen(_REQ.sum(1).astype(np.int8))
CARD_LEFT = _frozen(_LEFT)                      # (65, 2) int8: left-stone codes in order, -1 = none
CARD_RIGHT = _frozen(_RIGHT)                    # (65, 2) int8: right-stone codes in order, -1 = none
IS_INCARNATION = _frozen(np.arange(NUM_CARDS) >= NUM_GHOSTS)
IS_MULTICOLOUR = _frozen((_REQ > 0).sum(1) > 1)
HAUNTER = _frozen(_MIDDLE["HAUNTER"])
TORMENTOR = _frozen(_MIDDLE["TORMENTOR"])
DICE_IMMUNE = _frozen(_MIDDLE["DICE_IMMUNE"])
WHITE_NOT_WILD = _frozen(_MIDDLE["WHITE_NOT_WILD"])
NEEDS_OPPOSITE_EMPTY = _frozen(_MIDDLE["EXORCISE_ONLY_IF_OPPOSITE_SPACE_EMPTY"])
NEEDS_BUDDHA = _frozen(_MIDDLE["NEEDS_BUDDHA"])
MIDDLE_DISCARD = _frozen(_MIDDLE["GROUP_DISCARD_TAO_1"])  # Bone Cracker's Yin-phase Tao loss
POWER_OFF = _frozen(_STATIC[L_POWER_OFF])       # lasting markers, in force once the left stone resolved
CAPTURES_DIE = _frozen(_STATIC[L_CAPTURE])
TAO_LOCK = _frozen(_STATIC[L_TAO_LOCK])
ALL_POWERS_OFF = _frozen(_STATIC[L_ALL_OFF])
# A middle stone that acts in the Yin phase (step 1B): a tormentor's roll or Bone Cracker's loss.
YIN_ACTOR = _frozen(TORMENTOR | MIDDLE_DISCARD)

# The same abilities as bits of one int16 per card, for reading a whole row of spaces at once.
# ``SPACE_BITS[card + 1]`` (index 0 = an empty space, no bits). Lasting left-stone markers are in
# ``MARKER_BITS``: they count only where the state says the marker is in force.
_BIT_COLUMNS = (HAUNTER, TORMENTOR, DICE_IMMUNE, WHITE_NOT_WILD, NEEDS_OPPOSITE_EMPTY, NEEDS_BUDDHA,
                MIDDLE_DISCARD, IS_INCARNATION, POWER_OFF, CAPTURES_DIE, TAO_LOCK, ALL_POWERS_OFF)
(B_HAUNTER, B_TORMENTOR, B_DICE_IMMUNE, B_WHITE_NOT_WILD, B_OPPOSITE, B_NEEDS_BUDDHA,
 B_MIDDLE_DISCARD, B_INCARNATION, B_POWER_OFF, B_CAPTURE, B_TAO_LOCK, B_ALL_OFF) = (
    1 << i for i in range(len(_BIT_COLUMNS)))
MARKER_BITS = B_POWER_OFF | B_CAPTURE | B_TAO_LOCK | B_ALL_OFF
SPACE_BITS = _frozen(np.concatenate([[0], sum(col.astype(np.int16) << i
                                               for i, col in enumerate(_BIT_COLUMNS))]).astype(np.int16))


def card_label(card: int) -> str:
    """``'Zombie #7'``: printed name and number (names repeat, numbers do not)."""
    return f"{CARD_NAME[card]} #{card + 1}"


# --- village tiles -------------------------------------------------------------------------------
_TILES = _read("tiles.csv")
TILE_NAME: tuple[str, ...] = tuple(r["name"] for r in _TILES)
TILE_SHORT: tuple[str, ...] = tuple(r["short"] for r in _TILES)
TILE_HELP: tuple[str, ...] = tuple(r["help"] for r in _TILES)
(CIRCLE, TEMPLE, CEMETERY, ALTAR, HERBALIST, SORCERER, NIGHT_WATCH, PAVILION,
 TEA_HOUSE) = range(len(_TILES))
NUM_TILES = len(_TILES)

# --- Taoist powers -------------------------------------------------------------------------------
_POWERS = _read("powers.csv")
POWER_NAME: tuple[str, ...] = tuple(r["name"] for r in _POWERS)
POWER_EFFECT: tuple[str, ...] = tuple(r["effect"] for r in _POWERS)
POWER_COLOUR = _frozen(np.array([COLOURS.index(r["colour"]) for r in _POWERS], np.int8))
(MANTRA, POCKETS, TWIN_WINDS, PEAKS, SECOND_WIND, HEAVENLY_GUST, GODS_FAVORITE,
 MOUNTAIN) = range(len(_POWERS))
NUM_POWERS = len(_POWERS)

# --- difficulty levels ---------------------------------------------------------------------------
LEVELS: dict[str, dict] = {}
for _r in _read("levels.csv"):
    LEVELS[_r["level"]] = {
        "start_qi": int(_r["start_qi"]),
        "start_black_token": bool(int(_r["start_black_token"])),
        "start_yinyang": bool(int(_r["start_yinyang"])),
        "incarnations": {True: int(_r["incarnations_3_4p"]), False: int(_r["incarnations_1_2p"])},
        "haunted_tiles_to_lose": int(_r["haunted_tiles_to_lose"]),
        "victory_points": int(_r["victory_points"]),
        "incarnation_bonus": {
            True: tuple(int(x) for x in _r["incarnation_bonus_3_4p"].split(";") if x),
            False: tuple(int(x) for x in _r["incarnation_bonus_1_2p"].split(";") if x),
        },
    }
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)

# Supplies (rules §1).
TAO_PER_COLOUR = 4
QI_TOKENS = 20
BUDDHAS = 2
POWER_TOKENS = 3

# Curse die faces (rules §2): two blanks, haunt, new ghost, lose all Tao tokens, lose 1 Qi.
CURSE_FACES = ("blank", "blank", "haunt", "ghost", "lose Tao tokens", "lose 1 Qi")
CURSE_BLANK, CURSE_HAUNT, CURSE_GHOST, CURSE_TOKENS, CURSE_QI = 0, 2, 3, 4, 5
