"""What each hidden part of a game is worth to the search: ``search:8x4x4:plans:leaf=learned``
made partly clairvoyant. Its futures re-draw what the players cannot know (``agents/futures.py``:
the undrawn deck with the cards left out, and the dice); here they keep the game's true value of
one part and re-draw only the other. Yardsticks, not players.

    python -m experiments.benchmark --agents results/search/hidden-parts/partial.py:deck ...

Factories: ``deck``, the futures hold the true deck (and the cards left out) and re-drawn dice;
``dice``, the true dice (the game's random stream) and a re-drawn deck; ``both``, the true
future in every one of them (the search made clairvoyant: all its futures are the one true
future); ``dice_16x8x8``, ``dice`` in the strongest search, ``search:16x8x8:plans:leaf=learned``.
"""

from __future__ import annotations

from contextlib import contextmanager

from ghoststories_env.agents import search_futures
from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.futures import redraw_unseen
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.agents.search_spec import search_kwargs

HERE = "results/search/hidden-parts/partial.py"
SPEC = "8x4x4:plans:leaf=learned"
# the state fields of each hidden part (``futures._HIDDEN``: the rest of it is caches)
PARTS = {"deck": ("deck", "removed"), "dice": ("rng_key", "rng_ctr", "forced_tao", "forced_curse")}


@contextmanager
def keeping(fields: tuple):
    """Futures re-drawn as usual, then ``fields`` put back to the position's true values."""
    def redraw(S, keys, keyed=False):
        true = {f: getattr(S, f).copy() for f in fields}
        redraw_unseen(S, keys, keyed)
        for f, v in true.items():
            getattr(S, f)[:] = v
    search_futures.redraw_unseen = redraw
    try:
        yield
    finally:
        search_futures.redraw_unseen = redraw_unseen


class PartlyClairvoyant:
    """The search whose futures keep the true ``fields``."""

    def __init__(self, name: str, fields: tuple, spec: str = SPEC):
        self.search, self.fields = SearchAgent(**search_kwargs(spec)), fields
        self.name = f"{HERE}:{name}"

    def act(self, batch: Batch):
        with keeping(self.fields):
            return self.search.act(batch)


def deck():
    return PartlyClairvoyant("deck", PARTS["deck"])


def dice():
    return PartlyClairvoyant("dice", PARTS["dice"])


def both():
    return PartlyClairvoyant("both", PARTS["deck"] + PARTS["dice"])


def dice_16x8x8():
    return PartlyClairvoyant("dice_16x8x8", PARTS["dice"], "16x8x8:plans:leaf=learned")
