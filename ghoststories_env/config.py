"""Game configuration: player count, difficulty level and the rule switches of rules §16.

Every open question of the rules reference is a named field here with the documented default, so a
researcher can play the other reading. ``PRESETS`` names every official level x player count.
"""

from __future__ import annotations

import dataclasses
import difflib
import reprlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .cards import LEVEL_NAMES, LEVELS, QI_TOKENS

def _choice(default, *allowed, doc: str):
    """A field restricted to ``allowed`` values; ``doc`` cites the rule it switches."""
    return field(default=default, metadata={"allowed": (default, *allowed), "doc": doc})


@dataclass(frozen=True)
class GameConfig:
    """One game's setup. Fields after ``difficulty`` are the rule switches (rules §16)."""

    num_players: int = 4
    difficulty: str = "normal"
    # -- overrides of the level's preset (None = as the level says, rules §12) ----------
    start_qi: int | None = None          # e.g. 5 for the Initiation 5-Qi variant (rules §12)
    haunted_tiles_to_lose: int | None = None   # section 16 item 1 (4 at Initiation, 3 otherwise)
    initiation_black_token: bool = True  # section 12: S002 and CYB give no black token
    # -- switches ----------------------------------------------------------------------------------
    uncatchable_rule: str = _choice(
        "has_been_on_buddha", "on_buddha_at_exorcism",
        doc="16.2/16.21: Uncatchable needs to have stood on a Buddha space (the Buddha goes home), "
            "or to stand on one when exorcised (the Buddha stays under it until then)")
    nameless_blanks_herbalist: bool = field(default=True, metadata={
        "doc": "16.3/16.14: while Nameless is in play, white faces count as no colour for the "
               "Herbalist's dice too (False: exorcism rolls only)"})
    pavilion_taoist_move: str = _choice(
        "any_tile", "one_step", doc="16.4: how far the Pavilion moves a Taoist")
    neutral_start_qi: int | None = field(default=None, metadata={
        "doc": "16.5: a neutral board's starting Qi (None = the same as the Taoists; RAVEL/DK say 3)"})
    hell_start_yinyang: bool = field(default=False, metadata={
        "doc": "16.15: Taoists hold their Yin-Yang at the start of a Hell game"})
    full_table_arrival: str = _choice(
        "no_draw", "draw_and_discard",
        doc="16.6: a ghost must arrive while all 12 spaces are full: no card is drawn, or the card "
            "is drawn and discarded; either way the Taoist loses 1 Qi")
    possessed_loss_taker: str = _choice(
        "chosen", "active",
        doc="16.7: who absorbs a possessed or neutral board's Qi loss or curse roll: a living "
            "Taoist chosen by the players, or the active player (the next living one if he is not)")
    captured_dice_affect_herbalist: bool = field(default=False, metadata={
        "doc": "16.8: captured dice also reduce the Herbalist's 2 dice"})
    captured_dice_affect_grey: bool = field(default=False, metadata={
        "doc": "16.8: the grey die (Strength of the Mountain) can be captured too, once the 3 "
               "standard dice are (by a 4th captor in play); False: it is always rolled"})
    min_resistance: int = _choice(
        0, 1, doc="16.9: modifiers can bring a ghost's resistance (per colour) down to this value; "
                  "at 0 an exorcism action is still needed and then succeeds")
    middle_stone_order: str = _choice(
        "left_to_right", "right_to_left",
        doc="16.10/16.16: order of a board's middle stones, as seen from that board's own seat "
            "(haunters always act before tormentors)")
    qi_drain_target: str = _choice(
        "board_owner", "active",
        doc="16.11: Grave Walker's arrival Qi loss hits the owner of the board it lands on, or the "
            "Taoist who brought it")
    deck_exhaustion: str = _choice(
        "on_last_draw", "on_empty_draw",
        doc="16.12: the game is lost when the last card is drawn (FAQ), or only when a card must be "
            "drawn from the empty deck")
    circle_when_haunted: str = _choice(
        "keeps_bonus", "suspended",
        doc="16.13: the Circle of Prayer's -1 while its tile is haunted")
    dead_in_own_yin_skips_arrival: bool = field(default=True, metadata={
        "doc": "16.17: a Taoist who dies in his own Yin phase gets no arrival (the board is "
               "possessed at once); False: step 3 still draws a ghost (never a Yang phase)"})
    exorcism_without_dice: bool = field(default=True, metadata={
        "doc": "16.18: an exorcism may be attempted with every standard die captured"})
    corner_targets: str = _choice(
        "chosen", "both",
        doc="16.19: a corner Taoist names one or both facing ghosts, or always targets both")
    lost_game_incarnation_bonus: bool = field(default=True, metadata={
        "doc": "16.20: a lost Nightmare/Hell game still scores the bonuses of defeated incarnations"})
    haunter_figurines: int | None = field(default=None, metadata={
        "doc": "1: cap on haunting figurines in play (physically 8); None = no cap. A haunter "
               "arriving while all are in use gets none and does not haunt"})
    neutral_qi_scores: bool = field(default=False, metadata={
        "doc": "14: neutral boards' Qi counts in the official score"})
    power_sides: str = _choice(
        "random", "chosen",
        doc="3.2: each board's power side is drawn at random; 'chosen' (S002): each Taoist picks "
            "his board's side at the start, in turn order (neutral boards stay random)")

    def __post_init__(self):
        for f in dataclasses.fields(self):
            _check_field(f, getattr(self, f.name))
        # rules §1: the boards' starting Qi comes out of the 20 tokens of the supply
        n = self.num_players
        on_boards = n * self.taoist_qi + (4 - n) * self.neutral_qi
        if on_boards > QI_TOKENS:
            raise ValueError(
                f"GameConfig: {n} Taoist(s) x {self.taoist_qi} Qi + {4 - n} neutral board(s) x "
                f"{self.neutral_qi} Qi = {on_boards} Qi at the start, more than the {QI_TOKENS} Qi "
                f"tokens of the game (rules §1); lower start_qi or neutral_start_qi")

    # -- values derived from the level table --------------------------------------------------------
    @property
    def level(self) -> dict:
        """The level's row of the level table (``cards.LEVELS``: starting Qi, incarnations,
        bonuses...)."""
        return LEVELS[self.difficulty]

    @property
    def taoist_qi(self) -> int:
        """A Taoist's starting Qi: ``start_qi``, else the level's."""
        return self.start_qi if self.start_qi is not None else self.level["start_qi"]

    @property
    def neutral_qi(self) -> int:
        """A neutral board's starting Qi: ``neutral_start_qi``, else the Taoists'."""
        return self.neutral_start_qi if self.neutral_start_qi is not None else self.taoist_qi

    @property
    def haunted_limit(self) -> int:
        """Haunted tiles that lose the game: ``haunted_tiles_to_lose``, else the level's."""
        v = self.haunted_tiles_to_lose
        return v if v is not None else self.level["haunted_tiles_to_lose"]

    @property
    def num_incarnations(self) -> int:
        """Incarnations shuffled into the deck, by level and player count (1-2 or 3-4)."""
        return self.level["incarnations"][self.num_players >= 3]

    @property
    def incarnation_bonus(self) -> tuple[int, ...]:
        """Score bonus per incarnation defeated before the last one (rules §14), by player
        count."""
        return self.level["incarnation_bonus"][self.num_players >= 3]

    @property
    def start_yinyang(self) -> bool:
        """The Taoists hold their Yin-Yang token at the start (the level's, or
        ``hell_start_yinyang`` at Hell)."""
        return self.level["start_yinyang"] or (self.difficulty == "hell" and self.hell_start_yinyang)

    @property
    def start_black_token(self) -> bool:
        """Each Taoist starts with a black Tao token (Initiation, unless
        ``initiation_black_token`` is off)."""
        return self.level["start_black_token"] and self.initiation_black_token

    def replace(self, **changes: Any) -> "GameConfig":
        """A copy with the given fields changed, checked as a new configuration; an unknown field
        is a ``ValueError`` suggesting the closest one."""
        names = [f.name for f in dataclasses.fields(self)]
        unknown = sorted(map(str, set(changes) - set(names)))
        if unknown:
            near = difflib.get_close_matches(unknown[0], names, n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise ValueError(f"unknown GameConfig field(s) {short_repr(unknown)}; {hint}"
                             f"the {len(names)} fields are listed by GameConfig.to_dict()")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """Every field by name, JSON-safe (``from_dict`` reads it back)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "GameConfig":
        """The configuration of a ``to_dict`` dict (missing fields take their defaults)."""
        return cls().replace(**d)

    @classmethod
    def switches(cls) -> dict[str, str]:
        """Every rule switch with its documentation."""
        return {f.name: f.metadata["doc"] for f in dataclasses.fields(cls) if "doc" in f.metadata}


# (lowest, highest, None allowed) of every int field
_INT_RANGES = {"num_players": (1, 4, False), "start_qi": (1, 10, True),
               "haunted_tiles_to_lose": (1, 9, True), "neutral_start_qi": (1, 10, True),
               "haunter_figurines": (0, 21, True)}


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 40, 40, 40
_SHORT.maxlist = _SHORT.maxdict = _SHORT.maxtuple = 6
SHORT_WIDTH = 100


def short_repr(value: Any) -> str:
    """``repr`` cut short, for error messages (a bad value may be huge or deeply nested): at most
    ``SHORT_WIDTH`` characters, however it nests (``reprlib`` bounds each level, not the whole)."""
    text = _SHORT.repr(value)
    return text if len(text) <= SHORT_WIDTH else text[:SHORT_WIDTH - 3] + "..."


def _check_field(f: dataclasses.Field, v) -> None:
    """Every field's type and value, so that a configuration encodes, dumps and reads back as
    itself (``None`` for a bool would be scored as False but read back as True)."""
    if f.name == "difficulty":
        if not isinstance(v, str) or v not in LEVELS:
            raise ValueError(f"unknown difficulty {short_repr(v)}; allowed: {', '.join(LEVEL_NAMES)}")
    elif "allowed" in f.metadata:
        allowed = f.metadata["allowed"]
        # type too: min_resistance=True equals 1 but is not one of the allowed values
        if not any(type(v) is type(a) and v == a for a in allowed):
            raise ValueError(f"GameConfig.{f.name}={short_repr(v)} is not allowed; choose one of {allowed}")
    elif f.name in _INT_RANGES:
        lo, hi, optional = _INT_RANGES[f.name]
        if not ((v is None and optional) or (type(v) is int and lo <= v <= hi)):
            if f.name == "num_players":
                raise ValueError(f"num_players must be an int from 1 to 4, got {short_repr(v)}")
            raise ValueError(f"GameConfig.{f.name}={short_repr(v)}: expected None or an int in [{lo}, {hi}]")
    elif type(v) is not bool:
        raise ValueError(f"GameConfig.{f.name}={short_repr(v)}: expected True or False")


#: Every official level x player count, e.g. ``PRESETS["hell-2p"]``; override with ``.replace``.
PRESETS: dict[str, GameConfig] = {
    f"{level}-{n}p": GameConfig(num_players=n, difficulty=level)
    for level in LEVEL_NAMES for n in (1, 2, 3, 4)
}
PRESETS["initiation-5qi-4p"] = GameConfig(num_players=4, difficulty="initiation", start_qi=5)


# -- the configuration as a row of the state ----------------------------------------------------------
# Each game carries its configuration as a small int8 row (``State.rules``), so the rules read their
# switches per game and a batch may mix configurations. Columns: every GameConfig field, then values
# derived from the level table. ``R.<NAME>`` is a column index.

def _derived(cfg: GameConfig) -> dict[str, int]:
    bonus = cfg.incarnation_bonus + (0, 0, 0)
    return {
        "TAOIST_QI": cfg.taoist_qi, "NEUTRAL_QI": cfg.neutral_qi, "HAUNTED_LIMIT": cfg.haunted_limit,
        "INCARNATIONS": cfg.num_incarnations, "VICTORY_POINTS": cfg.level["victory_points"],
        "BONUS_1": bonus[0], "BONUS_2": bonus[1], "BONUS_3": bonus[2],
        "START_YINYANG": int(cfg.start_yinyang), "START_BLACK": int(cfg.start_black_token),
    }


_FIELDS = tuple(f.name for f in dataclasses.fields(GameConfig))
_COLUMNS = tuple(n.upper() for n in _FIELDS) + tuple(_derived(GameConfig()))


class R:
    """Column indices of ``State.rules``: ``R.NUM_PLAYERS``, ``R.HAUNTED_LIMIT``, ..."""
    WIDTH = len(_COLUMNS)


for _i, _name in enumerate(_COLUMNS):
    setattr(R, _name, _i)


def _encode_value(f: dataclasses.Field, v) -> int:
    if f.name == "difficulty":
        return LEVEL_NAMES.index(v)
    if "allowed" in f.metadata:
        return f.metadata["allowed"].index(v)
    return -1 if v is None else int(v)


def encode(cfg: GameConfig) -> np.ndarray:
    """(R.WIDTH,) int8 row of a configuration."""
    row = [_encode_value(f, getattr(cfg, f.name)) for f in dataclasses.fields(GameConfig)]
    row += list(_derived(cfg).values())
    return np.array(row, np.int8)


def decode(row: np.ndarray) -> GameConfig:
    """The ``GameConfig`` of an ``encode`` row (a game's ``State.rules`` row)."""
    kw = {}
    for f, v in zip(dataclasses.fields(GameConfig), row):
        v = int(v)
        if f.name == "difficulty":
            kw[f.name] = LEVEL_NAMES[v]
        elif "allowed" in f.metadata:
            kw[f.name] = f.metadata["allowed"][v]
        elif f.type in ("bool",) or isinstance(f.default, bool):
            kw[f.name] = bool(v)
        else:
            kw[f.name] = None if v < 0 else v
    return GameConfig(**kw)
