"""What ``render_mode`` means in every environment (Gymnasium, vector, SB3, PettingZoo):

* ``"ansi"``: ``render()`` returns the text picture of the game (``render_text.py``);
* ``"rgb_array"``: ``render()`` returns an (H, W, 3) uint8 picture of the table (``render_rgb.py``);
* ``"human"``: the text picture is **printed to standard output** after every ``reset`` and
  ``step`` (Gymnasium's meaning of "human": shown as the game goes, without calling ``render()``;
  calling it prints the picture again) and ``render()`` returns None. It opens no window: a
  terminal shows it anywhere, with no display and no GUI dependency; to watch the table in a
  window, show the ``rgb_array`` pictures in a viewer of your choice.

Vector environments render every game: a tuple of pictures, or for "human" each printed under a
``game i`` header.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import numpy as np

from ..state import State

RENDER_MODES = ("ansi", "rgb_array", "human")


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` itself if it is one of ``RENDER_MODES`` or None, else a ``ValueError``
    naming the allowed ones."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode={render_mode!r} is not allowed; choose one of "
                         f"{RENDER_MODES} or None")
    return render_mode


def render_game(state: State, i: int, mode: str) -> str | np.ndarray | None:
    """The picture of game ``i``: text (``ansi``), an RGB array (``rgb_array``), or the text
    printed (``human``, returns None)."""
    if mode == "rgb_array":
        from .render_rgb import render_rgb
        return render_rgb(state, i)
    from ..render_text import render
    text = render(state, i) + "\n"
    if mode == "human":
        print(text, flush=True)
        return None
    return text


def render_games(state: State, mode: str) -> tuple[str | np.ndarray, ...] | None:
    """Every game of the batch: a tuple of pictures, or None once printed (``human``)."""
    if mode == "human":
        for i in range(state.batch_size):
            print(f"game {i}:")
            render_game(state, i, mode)
        return None
    return tuple(render_game(state, i, mode) for i in range(state.batch_size))


def shows_in_human_mode(method: Callable[..., Any]) -> Callable[..., Any]:
    """Decorates an environment's ``reset`` / ``step``: in ``"human"`` mode the picture is
    printed once the call is done (Gymnasium's convention), by the environment's ``render()``."""
    @functools.wraps(method)
    def shown(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        if self.render_mode == "human":
            self.render()
        return result
    return shown
