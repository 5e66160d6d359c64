"""Save a whole game as an animated GIF or as a strip (grid) of frames.

    from ghoststories_env.envs.recording import record_game, save_gif, save_strip
    frames = record_game(seed=0, num_players=4, difficulty="normal")   # random legal play
    save_gif(frames, "game.gif")          # one frame per decision
    save_strip(frames[::5], "game.png", columns=4)

``record_game`` plays one game with ``policy(state) -> action`` (default: uniformly random legal
actions from ``seed``) and returns the pictures of ``render_rgb``; any list of (H, W, 3) uint8
frames (e.g. collected from ``env.render()`` with ``render_mode="rgb_array"``) can be saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from .batch import make_batch
from .render_rgb import _pil, render_rgb


def record_game(seed: int = 0, policy: Callable | None = None, max_frames: int = 1000,
                **options: Any) -> list[np.ndarray]:
    """Frames of one game from its first decision to its end (or ``max_frames``): ``options``
    are the environment options (``batch.make_batch``); ``policy(state) -> action id`` gets the
    one-game engine state."""
    batch = make_batch(**options)
    batch.start(1, seed)
    rng = np.random.default_rng(seed)
    frames = [render_rgb(batch.state, 0)]
    while not batch.state.terminated[0] and len(frames) < max_frames:
        legal = np.flatnonzero(batch.mask[0])
        action = policy(batch.state) if policy else rng.choice(legal)
        batch.step(np.array([action]))
        frames.append(render_rgb(batch.state, 0))
    return frames


def _images(frames: Sequence[np.ndarray]):
    if len(frames) == 0:
        raise ValueError("no frames to save")
    Image = _pil()[0]
    return [Image.fromarray(np.asarray(f, dtype=np.uint8)) for f in frames]


def save_gif(frames: Sequence[np.ndarray], path: str | Path, ms_per_frame: int = 500) -> Path:
    """An animated GIF, one frame per picture, looping."""
    images = _images(frames)
    path = Path(path)
    images[0].save(path, save_all=True, append_images=images[1:], duration=ms_per_frame, loop=0)
    return path


def save_strip(frames: Sequence[np.ndarray], path: str | Path, columns: int = 4,
               scale: float = 0.5) -> Path:
    """One picture (PNG, ...) with the frames in a grid, row by row, each scaled by ``scale``."""
    if columns < 1 or scale <= 0:
        raise ValueError(f"columns must be >= 1 and scale > 0, got {columns} and {scale}")
    images = _images(frames)
    w, h = int(images[0].width * scale), int(images[0].height * scale)
    rows = -(-len(images) // columns)
    sheet = _pil()[0].new("RGB", (w * min(columns, len(images)), h * rows), (0, 0, 0))
    for k, img in enumerate(images):
        sheet.paste(img.resize((w, h)), ((k % columns) * w, (k // columns) * h))
    path = Path(path)
    sheet.save(path)
    return path
