"""A plain install (``pip install ghoststories_env``, no extras) runs every environment and passes
Gymnasium's check_env, rendering each advertised mode: the packages of the optional extras are
made unimportable in a fresh interpreter, which then checks the environments."""

import re
import subprocess
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11+")

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import sys, warnings

class NoExtras:                      # what an install without the extras cannot import
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (an optional extra)", name=name)

sys.meta_path.insert(0, NoExtras())
warnings.simplefilter("ignore")
import gymnasium
from gymnasium.utils.env_checker import check_env
import ghoststories_env
from ghoststories_env import ghost_stories_v0
from pettingzoo.test import api_test

check_env(gymnasium.make("GhostStories-v0").unwrapped)        # renders every mode of metadata
envs = gymnasium.make_vec("GhostStories-v0", num_envs=2, vectorization_mode="vector_entry_point",
                          render_mode="rgb_array")
envs.reset(seed=0)
assert envs.render()[0].ndim == 3
api_test(ghost_stories_v0.env(render_mode="rgb_array"), num_cycles=20)
print("plain install ok")
"""


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    return canonical(re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0])


def extras_modules() -> set[str]:
    """Top-level modules of the distributions that only the optional extras install."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {requirement_name(r) for r in project["dependencies"]}
    extra = {requirement_name(r) for reqs in project["optional-dependencies"].values() for r in reqs}
    only_extra = extra - core
    return {module for module, dists in packages_distributions().items()
            if any(canonical(d) in only_extra for d in dists)}


def test_plain_install__check_env_and_every_render_mode():
    blocked = extras_modules()
    assert {"stable_baselines3", "torch"} <= blocked      # the extras are really blocked
    assert "PIL" not in blocked                           # Pillow is a core dependency
    script = f"BLOCKED = {sorted(blocked)!r}\n" + CHECK
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "plain install ok" in done.stdout
