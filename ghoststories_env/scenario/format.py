"""Names and validation helpers shared by dumping and building scenario dicts."""

from __future__ import annotations


import numpy as np

from .. import cards as C
from ..config import short_repr

MANTRA_STATES = ("ready", "on_ghost", "returning", "gone")
FLAG_NAMES = ("used_mantra", "used_pockets", "used_twin_winds", "placed_buddha")
FACE_NAMES = C.COLOURS + ("white",)
TOP_KEYS = {
    "config", "seats", "village", "haunted", "boards", "circle", "temple_buddhas",
    "centre_power_tokens", "supply", "deck", "drawn", "discard", "removed", "uncatchable_ready",
    "mantra", "turn", "at", "stack", "dice", "exorcism", "seed", "rng", "forced", "status",
    "decisions",
}
BOARD_KEYS = {"player", "power", "power_on", "qi", "spaces", "taoist"}
TAOIST_KEYS = {"tile", "tao", "yinyang", "buddhas", "buddhas_fresh", "power_tokens"}
SPACE_KEYS = {"ghost", "haunter", "marker", "buddha"}


class ScenarioError(ValueError):
    """A malformed scenario dict; the message names the key, the value and what is allowed."""


def _fail(where: str, value, allowed) -> None:
    raise ScenarioError(f"scenario {where}: {short_repr(value)} is not allowed; expected {allowed}")


def _check_keys(d, allowed: set, where: str) -> None:
    if not isinstance(d, dict):
        _fail(where, d, "a dict")
    unknown = set(d) - allowed
    if unknown:
        _fail(f"{where} key(s)", sorted(unknown), f"keys among {sorted(allowed)}")


def _name_index(value, names, where: str) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    shown = list(names) if len(names) <= 12 else f"one of the {len(names)} names {short_repr(list(names))}"
    _fail(where, value, f"one of {shown}" if len(names) <= 12 else shown)


def _list(value, where: str, what: str, max_len: int | None = None) -> list:
    if not isinstance(value, list) or (max_len is not None and len(value) > max_len):
        _fail(where, value, f"a list of {what}" if max_len is None else f"a list of at most "
              f"{max_len} {what}")
    return value


def _ints(value, shape: tuple, lo: int, hi: int, where: str) -> np.ndarray:
    """A nested list of ints of the given shape, each in [lo, hi]."""
    if not shape:
        return np.int64(_int(value, lo, hi, where))
    if not isinstance(value, list) or len(value) != shape[0]:
        _fail(where, value, f"a list of {shape[0]}")
    return np.array([_ints(v, shape[1:], lo, hi, f"{where}[{k}]") for k, v in enumerate(value)])


def card_id(value: int | str, where: str = "card") -> int:
    """Card id (0..64) from a printed number (1..65), ``"Name #n"`` or a unique name."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 1 <= value <= C.NUM_CARDS:
        return int(value) - 1
    if isinstance(value, str):
        if "#" in value:
            num = value.rsplit("#", 1)[1].strip()
            if num.isdigit() and 1 <= int(num) <= C.NUM_CARDS and \
                    C.card_label(int(num) - 1) == value.strip():
                return int(num) - 1
        hits = [i for i, n in enumerate(C.CARD_NAME) if n == value]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            _fail(where, value, f"a unique card; that name is on cards {[h + 1 for h in hits]}")
    _fail(where, value, "a printed card number 1..65, 'Name #n' or a unique card name")


def _int(value, lo: int, hi: int, where: str) -> int:
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and lo <= value <= hi:
        return int(value)
    _fail(where, value, f"an int in [{lo}, {hi}]")


def _bool(value, where: str) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    _fail(where, value, "true or false")


def _colour_counts(d, where: str, hi: int) -> np.ndarray:
    out = np.zeros(5, np.int8)
    if not isinstance(d, dict):
        _fail(where, d, "a dict colour -> count")
    for k, v in d.items():
        out[_name_index(k, C.COLOURS, f"{where} colour")] = _int(v, 0, hi, f"{where}[{k}]")
    return out


