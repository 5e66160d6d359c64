"""Pictures of the table (render_rgb.py) and saved games (recording.py)."""

import builtins

import numpy as np
import pytest
from PIL import Image

from ghoststories_env import Engine, ghost_stories_v0
from ghoststories_env.envs import GhostStoriesEnv, render_rgb
from ghoststories_env.envs.recording import record_game, save_gif, save_strip


def test_rgb_array__a_whole_table_in_colour():
    env = GhostStoriesEnv(render_mode="rgb_array")
    env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (render_rgb.HEIGHT, render_rgb.WIDTH, 3) and frame.dtype == np.uint8
    colours = np.unique(frame.reshape(-1, 3), axis=0)
    assert len(colours) > 50                                  # not blank: text, boards, tiles
    for rgb in list(render_rgb.COLOUR_RGB.values())[:4]:     # the four board colours
        assert (frame.reshape(-1, 3) == rgb).all(1).sum() > 1000


def test_rgb_array__haunted_tiles_and_ghosts_show():
    engine = Engine()
    d = {"haunted": ["Tea House"], "boards": {"red": {"spaces": [{"ghost": "Ghoul #1"}, None, None]}}}
    plain = render_rgb.render_rgb(engine.from_dicts([{}]), 0)
    marked = render_rgb.render_rgb(engine.from_dicts([d]), 0)
    haunted = (marked.reshape(-1, 3) == render_rgb.HAUNTED_RGB).all(1).sum()
    assert haunted > 5000 and (plain.reshape(-1, 3) == render_rgb.HAUNTED_RGB).all(1).sum() == 0
    x0, y0, x1, y1 = render_rgb._space_box(3)                 # east board, first space
    yellow = np.array(render_rgb.COLOUR_RGB[0])
    assert ((marked[y0:y1, x0:x1] == yellow).all(-1)).mean() > 0.5


def test_pettingzoo_render__rgb_array():
    env = ghost_stories_v0.env(render_mode="rgb_array")
    env.reset(seed=0)
    assert env.render().shape == (render_rgb.HEIGHT, render_rgb.WIDTH, 3)


def test_recording__gif_and_strip_of_a_whole_game(tmp_path):
    frames = record_game(seed=3, num_players=2, max_frames=12)
    assert 2 <= len(frames) <= 12
    gif = save_gif(frames, tmp_path / "game.gif", ms_per_frame=100)
    with Image.open(gif) as img:
        assert img.n_frames == len(frames)
    strip = save_strip(frames[:6], tmp_path / "strip.png", columns=3, scale=0.25)
    with Image.open(strip) as img:
        assert img.size == (3 * int(render_rgb.WIDTH * 0.25), 2 * int(render_rgb.HEIGHT * 0.25))
    with pytest.raises(ValueError, match="no frames"):
        save_gif([], tmp_path / "empty.gif")


def test_recording__a_game_is_recorded_to_its_end():
    frames = record_game(seed=1, difficulty="hell", num_players=1)
    assert len(frames) >= 5
    assert not np.array_equal(frames[0], frames[-1])


def test_missing_pillow__clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_pil(name, *args, **kwargs):
        if name == "PIL" or name.startswith("PIL."):
            raise ImportError("No module named 'PIL'")
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_pil)
    with pytest.raises(ImportError, match="need Pillow.*pip install pillow"):
        render_rgb.render_rgb(Engine().reset([0]), 0)
