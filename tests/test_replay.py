"""``python -m ghoststories_env.replay``: a game as one self-contained HTML page, checked in a real
headless browser (Chromium): it loads without console errors, the slider's position (``#step=N``)
shows that decision, and the picture on screen is the renderer's picture of that position."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from ghoststories_env.play import Game
from ghoststories_env.replay import load, main, page

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "initiation-1p.json"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (.ci/run "
                                   "installs Debian's chromium package when it can)")


def chromium(*args, timeout=120) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", "--virtual-time-budget=3000", *args],
                          capture_output=True, text=True, timeout=timeout)


def test_load__golden_replays_and_replay_files_give_the_same_game(tmp_path):
    golden = json.loads(GOLDEN.read_text())
    game = load(GOLDEN)
    assert game.actions == [s["action"] for s in golden["steps"]] and game.over
    game.save(tmp_path / "g.json")
    assert load(tmp_path / "g.json").actions == game.actions
    (tmp_path / "x.json").write_text("{}")
    with pytest.raises(ValueError, match="neither a replay file"):
        load(tmp_path / "x.json")


def test_page__holds_every_position_and_needs_nothing_from_outside():
    game = load(GOLDEN)
    text = page(game)
    assert text.count('"png":') == len(game.actions) + 1
    assert "http://" not in text and "https://" not in text and "<script src" not in text
    assert "choose the" in text                        # the actions, by meaning


def test_cli__a_benchmark_row_is_played_again_by_its_agent(tmp_path, capsys):
    main(["--preset", "hell-1p", "--seed", "3", "--agent", "heuristic", "--out",
          str(tmp_path / "row.html")])
    frames = re.search(r"const FRAMES = (\[.*?\]);\n", (tmp_path / "row.html").read_text()).group(1)
    records = json.loads(frames.replace("<\\/", "</"))
    assert records[-1]["decision"] == "end" and {r.get("by") for r in records[:-1]} == {"heuristic"}
    with pytest.raises(SystemExit):
        main(["--preset", "hell-1p", "--out", str(tmp_path / "x.html")])     # no seed, no agent


@needs_browser
def test_browser__loads_cleanly_and_the_slider_shows_each_decision(tmp_path):
    game = load(GOLDEN)
    path = tmp_path / "game.html"
    path.write_text(page(game))
    for step in (0, 5, len(game.actions)):
        done = chromium("--enable-logging=stderr", "--v=0", "--dump-dom",
                        f"file://{path}#step={step}")
        assert done.returncode == 0, done.stderr[-2000:]
        console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
        assert console == [], console
        assert f'data-step="{step}"' in done.stdout
        if step < len(game.actions):
            assert f"#{game.actions[step]}: " in done.stdout
        else:
            assert "game over" in done.stdout


@needs_browser
def test_browser__the_picture_on_screen_is_the_renderers(tmp_path):
    from PIL import Image

    from ghoststories_env.envs.render_rgb import render_rgb
    game = load(GOLDEN)
    path = tmp_path / "game.html"
    path.write_text(page(game))
    shot = tmp_path / "shot.png"
    done = chromium("--window-size=1400,900", f"--screenshot={shot}", f"file://{path}#step=7")
    assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
    at7 = Game(game.config, game.seed, game.actions[:7], game.by[:7])
    want = render_rgb(at7.state, 0).astype(int)
    seen = np.asarray(Image.open(shot).convert("RGB"))[:want.shape[0], :want.shape[1]].astype(int)
    assert np.abs(seen - want).mean() < 1.0            # the same picture (colour handling aside)
    other = render_rgb(Game(game.config, game.seed, game.actions[:2]).state, 0).astype(int)
    assert np.abs(seen - other).mean() > np.abs(seen - want).mean()   # and not another one
