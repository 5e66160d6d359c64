"""Issue 17: every environment constructor spells out the keywords of ``batch.make_batch`` (same
names, same defaults, keyword-only), keeps ``**switches`` for the GameConfig fields, and refuses
any other keyword with an error that names the closest allowed one."""

import importlib
import inspect

import gymnasium
import pytest

import ghoststories_env  # noqa: F401  (registers the ids)
from ghoststories_env.envs.batch import BATCH_KEYWORDS, make_batch

# (module, name) of every constructor or factory that builds an environment from the keywords
BUILDERS = [
    ("ghoststories_env.envs.gym_env", "GhostStoriesEnv"),
    ("ghoststories_env.envs.vector_env", "GhostStoriesVectorEnv"),
    ("ghoststories_env.envs.sb3_vec_env", "GhostStoriesSB3VecEnv"),
    ("ghoststories_env.envs.pettingzoo_env", "GhostStoriesAECEnv"),
    ("ghoststories_env.envs.pettingzoo_env", "GhostStoriesParallelEnv"),
    ("ghoststories_env.ghost_stories_v0", "raw_env"),
    ("ghoststories_env.ghost_stories_v0", "env"),
    ("ghoststories_env.ghost_stories_v0", "parallel_env"),
]


def builder(module: str, name: str):
    if module.endswith("sb3_vec_env"):
        pytest.importorskip("stable_baselines3", reason="the SB3 VecEnv needs the 'train' extra")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("module, name", BUILDERS)
def test_keywords__those_of_make_batch_with_its_defaults(module, name):
    params = inspect.signature(builder(module, name)).parameters
    expected = inspect.signature(make_batch).parameters
    assert tuple(expected)[:-1] == BATCH_KEYWORDS
    for key in BATCH_KEYWORDS:
        assert params[key].kind is inspect.Parameter.KEYWORD_ONLY, key
        assert params[key].default == expected[key].default, key
    assert params["render_mode"].default is None
    (var_keyword,) = [p for p in params.values() if p.kind is inspect.Parameter.VAR_KEYWORD]
    assert var_keyword.name == "switches"


@pytest.mark.parametrize("module, name", BUILDERS)
def test_keywords__a_misspelt_one_names_the_closest(module, name):
    with pytest.raises(ValueError, match=r"unknown keyword\(s\) \['rewards'\]; did you mean "
                                         r"'reward'\?.*max_decisions"):
        builder(module, name)(rewards="score")


@pytest.mark.parametrize("module, name", BUILDERS)
def test_keywords__reach_the_batch(module, name):
    env = builder(module, name)(num_players=2, difficulty="hell", reward="score",
                                max_decisions=50, frame="absolute", illegal_action="raise",
                                min_resistance=1)
    batch = getattr(env, "unwrapped", env).batch
    assert (batch.config.num_players, batch.config.difficulty) == (2, "hell")
    assert batch.config.min_resistance == 1
    assert (batch.reward_name, batch.max_decisions, batch.frame, batch.illegal_action) == (
        "score", 50, "absolute", "raise")


def test_keywords__through_gymnasium_make_and_make_vec():
    env = gymnasium.make("GhostStories-v0", num_players=1, corner_targets="both", reward="shaped")
    assert env.unwrapped.batch.config.corner_targets == "both"
    assert env.unwrapped.batch.reward_name == "shaped"
    envs = gymnasium.make_vec("GhostStories-v0", num_envs=2,
                              vectorization_mode="vector_entry_point", max_decisions=7)
    assert envs.unwrapped.batch.max_decisions == 7
    with pytest.raises(ValueError, match="did you mean 'num_players'"):
        gymnasium.make("GhostStories-v0", num_player=3)
