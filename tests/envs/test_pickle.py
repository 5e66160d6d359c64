"""Every environment pickles with the standard ``pickle`` (SubprocVecEnv, multiprocessing) and the
copy plays on exactly as the original would."""

import pickle

import gymnasium
import numpy as np
import pytest

import ghoststories_env  # noqa: F401  (registers the ids)
from ghoststories_env import ghost_stories_v0


def legal(mask, rng):
    return int(rng.choice(np.flatnonzero(mask)))


# Each player takes (env, what the last step returned, steps, rng) and returns what it saw and
# what the last step returned.

def play_gym(env, info, steps, rng):
    seen = []
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(legal(info["action_mask"], rng))
        seen.append((obs, reward))
        if term or trunc:
            obs, info = env.reset()
    return seen, info


def play_vec(env, info, steps, rng):
    seen = []
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(np.array([legal(m, rng) for m in info["action_mask"]]))
        seen.append((obs, reward))
    return seen, info


def play_sb3(venv, _, steps, rng):
    seen = []
    for _ in range(steps):
        obs, reward, done, infos = venv.step(np.array([legal(m, rng) for m in venv.action_masks()]))
        seen.append((obs, reward))
    return seen, None


def play_aec(env, _, steps, rng):
    seen = []
    for _ in range(steps):
        if not env.agents:
            env.reset()
        obs, reward, term, trunc, _ = env.last()
        env.step(None if term or trunc else legal(obs["action_mask"], rng))
        seen.append((env.agent_selection, obs["observation"], reward))
    return seen, None


def play_parallel(env, obs, steps, rng):
    seen = []
    for _ in range(steps):
        if not env.agents:
            obs, _ = env.reset()
        obs, rewards, *_ = env.step({a: legal(obs[a]["action_mask"], rng) for a in env.agents})
        seen.append((sorted(obs), [o["observation"] for o in obs.values()], rewards))
    return seen, obs


def gym_env():
    env = gymnasium.make("GhostStories-v0", num_players=3, reward="shaped")
    return env, env.reset(seed=3)[1], play_gym


def vec_env():
    env = gymnasium.make_vec("GhostStories-v0", num_envs=4, vectorization_mode="vector_entry_point",
                             reward="score")
    return env, env.reset(seed=3)[1], play_vec


def sb3_env():
    pytest.importorskip("stable_baselines3")
    from ghoststories_env.envs import GhostStoriesSB3VecEnv
    venv = GhostStoriesSB3VecEnv(num_envs=4)
    venv.seed(3)
    venv.reset()
    return venv, None, play_sb3


def aec_env():
    env = ghost_stories_v0.env(num_players=2)
    env.reset(seed=3)
    return env, None, play_aec


def parallel_env():
    env = ghost_stories_v0.parallel_env(num_players=2)
    return env, env.reset(seed=3)[0], play_parallel


@pytest.mark.parametrize("make", [gym_env, vec_env, sb3_env, aec_env, parallel_env])
def test_pickle__the_copy_plays_on_as_the_original(make):
    env, last, play = make()
    _, last = play(env, last, 20, np.random.default_rng(0))     # mid-game, some games restarted
    copy, copy_last = pickle.loads(pickle.dumps((env, last)))
    original, _ = play(env, last, 80, np.random.default_rng(1))
    copied, _ = play(copy, copy_last, 80, np.random.default_rng(1))
    np.testing.assert_equal(copied, original)


def test_pickle__a_fresh_env_keeps_its_legal_sampler():
    env = pickle.loads(pickle.dumps(gymnasium.make("GhostStories-v0")))
    env.reset(seed=0)
    mask = env.unwrapped.action_masks()
    assert all(mask[env.action_space.sample()] for _ in range(20))
