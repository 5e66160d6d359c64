"""The IllegalActionWarning points at the user's own line, whatever lies between (adapters,
the human-mode render hook)."""

import numpy as np
import pytest

from ghoststories_env import ghost_stories_v0
from ghoststories_env.envs import GhostStoriesEnv, GhostStoriesVectorEnv
from ghoststories_env.envs.batch import IllegalActionWarning


def illegal(mask) -> int:
    return int(np.flatnonzero(~mask.astype(bool))[0])


def step_gym(render_mode):
    env = GhostStoriesEnv(render_mode=render_mode)
    _, info = env.reset(seed=0)
    return lambda: env.step(illegal(info["action_mask"]))


def step_vector(render_mode):
    envs = GhostStoriesVectorEnv(num_envs=2, render_mode=render_mode)
    _, info = envs.reset(seed=0)
    return lambda: envs.step(np.array([illegal(m) for m in info["action_mask"]]))


def step_aec(render_mode):
    env = ghost_stories_v0.raw_env(render_mode=render_mode)
    env.reset(seed=0)
    return lambda: env.step(illegal(env.observe(env.agent_selection)["action_mask"]))


@pytest.mark.parametrize("render_mode", [None, "human"])
@pytest.mark.parametrize("make", [step_gym, step_vector, step_aec])
def test_illegal_action_warning__points_at_the_callers_line(make, render_mode):
    step = make(render_mode)
    with pytest.warns(IllegalActionWarning) as caught:
        step()
    assert caught[0].filename == __file__
