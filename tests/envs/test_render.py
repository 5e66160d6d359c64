"""Pictures of the table (render_rgb.py), render modes in every env (rendering.py) and saved games
(recording.py)."""

import builtins

import numpy as np
import pytest
from PIL import Image
from pettingzoo.test import render_test

from ghoststories_env import Engine, ghost_stories_v0
from ghoststories_env.envs import GhostStoriesEnv, GhostStoriesVectorEnv, render_rgb
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


def test_pettingzoo_render_test__passes_in_every_mode():
    render_test(lambda render_mode=None: ghost_stories_v0.env(num_players=2, render_mode=render_mode))


def test_human__the_text_picture_is_printed_after_reset_and_step(capsys):
    env = GhostStoriesEnv(render_mode="human")
    _, info = env.reset(seed=0)
    shown = capsys.readouterr().out
    assert shown.startswith("Ghost Stories - normal") and "Village" in shown
    env.step(int(info["action_mask"].argmax()))
    assert "Village" in capsys.readouterr().out
    assert env.render() is None and "Village" in capsys.readouterr().out
    env.set_state(env.get_state())
    assert "Village" in capsys.readouterr().out


@pytest.mark.parametrize("make", [ghost_stories_v0.env, ghost_stories_v0.parallel_env])
def test_human__pettingzoo_prints_after_reset_and_step(make, capsys):
    env = make(num_players=1, render_mode="human")
    env.reset(seed=0)
    assert capsys.readouterr().out.count("Village") == 1
    mask = env.unwrapped.batch.mask[0]
    env.step(int(mask.argmax()) if make is ghost_stories_v0.env else {"taoist_0": int(mask.argmax())})
    assert capsys.readouterr().out.count("Village") == 1


def test_human__vector_env_prints_every_game(capsys):
    envs = GhostStoriesVectorEnv(num_envs=3, render_mode="human")
    _, info = envs.reset(seed=0)
    out = capsys.readouterr().out
    assert out.count("Village") == 3 and "game 2:" in out
    envs.step(info["action_mask"].argmax(1))
    assert capsys.readouterr().out.count("Village") == 3
    assert envs.render() is None


@pytest.mark.parametrize("mode", ["ansi", "human", "rgb_array"])
def test_sb3_render__every_mode(mode, capsys):
    """SB3's own VecEnv.render would ask env_method("render"), i.e. itself, for ansi and human."""
    pytest.importorskip("stable_baselines3")
    from ghoststories_env.envs import GhostStoriesSB3VecEnv
    venv = GhostStoriesSB3VecEnv(num_envs=2, render_mode=mode)
    venv.reset()
    shown = venv.render()
    if mode == "ansi":
        assert len(shown) == 2 and all(text.startswith("Ghost Stories") for text in shown)
    elif mode == "human":
        assert shown is None and capsys.readouterr().out.count("Village") == 2 * 2   # reset, render
    else:
        assert shown.ndim == 3 and shown.shape[0] * shown.shape[1] >= 2 * render_rgb.HEIGHT * render_rgb.WIDTH
