"""The environments guide's examples run as written (the python blocks between the envs markers of
docs/guides/environments.md)."""

import importlib
import math
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "docs" / "guides" / "environments.md"


def envs_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("<!-- envs:start"):text.index("<!-- envs:end -->")]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def needs_rllib(block: str) -> bool:
    return "ghoststories_env.envs.rllib" in block


def rllib_missing() -> str:
    """Why RLlib cannot run here ("" when it can): the optional extra 'rllib'."""
    try:
        importlib.import_module("ray.rllib.algorithms.ppo")
    except ImportError as e:
        return f"RLlib is not installed ({e}); it is the optional extra 'rllib'"
    return ""


def test_readme__has_one_example_per_interface():
    code = "\n".join(envs_blocks())
    for needle in ("gymnasium.make(", "gymnasium.make_vec(", "GhostStoriesSB3VecEnv(",
                   "ghost_stories_v0.env(", "ghost_stories_v0.parallel_env(", "save_gif(",
                   "evaluate_policy(", "get_state()", "set_state(", '"scenario":',
                   'render_mode="human"', "pickle.loads(", "check_env(", "api_test(",
                   "parallel_api_test(", "seed_test(", "parallel_seed_test(", "render_test(",
                   "state_test(", "ppo_config("):
        assert needle in code, needle


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_readme__examples_run_each_alone(tmp_path, monkeypatch):
    """Every block runs in a fresh namespace, as when pasted alone into a new interpreter."""
    monkeypatch.chdir(tmp_path)                  # the recording example writes its files here
    for block in envs_blocks():
        if not needs_rllib(block):
            exec(compile(block, str(README), "exec"), {})
    assert (tmp_path / "game.gif").exists() and (tmp_path / "game.png").exists()


@pytest.mark.skipif(bool(rllib_missing()), reason=rllib_missing() or "RLlib is installed")
def test_readme__rllib_example_runs(capsys):
    block, = [b for b in envs_blocks() if needs_rllib(b)]
    exec(compile(block, str(README), "exec"), {})
    assert math.isfinite(float(capsys.readouterr().out.split()[-1]))   # games were played
