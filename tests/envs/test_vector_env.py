"""The native Gymnasium vector environment (ghoststories_env/envs/vector_env.py)."""

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import ghoststories_env  # noqa: F401
from ghoststories_env import Engine
from ghoststories_env.envs import GhostStoriesEnv, GhostStoriesVectorEnv, observation

N = 16


def make(mode="NextStep", **kw):
    return gymnasium.make_vec("GhostStories-v0", num_envs=N, vectorization_mode="vector_entry_point",
                              autoreset_mode=mode, **kw)


def random_actions(info, rng):
    m = info["action_mask"]
    return (rng.random(m.shape) * m).argmax(1)


def test_make_vec__builds_the_native_env_with_declared_autoreset():
    envs = make()
    assert isinstance(envs, GhostStoriesVectorEnv) and envs.num_envs == N
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert make("SameStep").metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=0)
    assert obs.shape == (N, observation.SIZE) and obs in envs.observation_space
    assert info["action_mask"].shape == (N, ghoststories_env.NUM_ACTIONS)
    assert np.array_equal(info["action_mask"], envs.action_masks())
    with pytest.raises(ValueError, match="autoreset_mode"):
        GhostStoriesVectorEnv(num_envs=2, autoreset_mode="Disabled")


def test_rows__match_single_envs_with_the_same_seeds():
    envs = make(illegal_action="raise")
    singles = [GhostStoriesEnv(illegal_action="raise") for _ in range(N)]
    obs, info = envs.reset(seed=100)
    for i, env in enumerate(singles):
        assert np.array_equal(obs[i], env.reset(seed=100 + i)[0])
    rng = np.random.default_rng(0)
    live = np.ones(N, bool)
    for _ in range(40):
        a = random_actions(info, rng)
        obs, reward, term, trunc, info = envs.step(a)
        for i in np.flatnonzero(live):
            o, r, t, _, _ = singles[i].step(a[i])
            assert np.array_equal(obs[i], o) and reward[i] == r and term[i] == t
            live[i] &= not t


def test_next_step__ended_row_restarts_on_the_following_step():
    envs = make()
    rng = np.random.default_rng(1)
    obs, info = envs.reset(seed=5)
    for _ in range(500):
        obs, reward, term, trunc, info = envs.step(random_actions(info, rng))
        if term.any():
            break
    i = int(np.flatnonzero(term)[0])
    assert reward[i] in (-1.0, 1.0) and info["_won"][i] and info["_score"][i]
    mask = envs.action_masks()[i]
    assert mask[0] and mask.sum() == 1                  # waiting to restart: action 0 only
    ended_obs = obs[i].copy()
    a = random_actions(info, rng)
    a[i] = 10 ** 6                                       # ignored: the row restarts
    obs, reward, term, trunc, info = envs.step(a)
    assert reward[i] == 0 and not term[i] and not trunc[i]
    assert not np.array_equal(obs[i], ended_obs)
    assert not envs.state.terminated[i] and envs.state.decisions[i] == 0


def test_same_step__final_observation_in_info_and_new_game_in_obs():
    envs = make("SameStep")
    rng = np.random.default_rng(2)
    obs, info = envs.reset(seed=7)
    prev = None
    for _ in range(500):
        prev = envs.state.copy()
        a = random_actions(info, rng)
        obs, reward, term, trunc, info = envs.step(a)
        if term.any():
            break
    rows = np.flatnonzero(term)
    assert np.array_equal(info["_final_obs"], term | trunc)
    stepped = Engine().step(prev, a)                     # what the ended games looked like
    for i in rows:
        assert np.array_equal(info["final_obs"][i], observation.encode(stepped.take([i]))[0])
        assert info["final_info"]["_won"][i] and reward[i] in (-1.0, 1.0)
        assert envs.state.decisions[i] == 0 and not envs.state.terminated[i]
    assert info["final_obs"][np.flatnonzero(~term)[0]] is None


def test_truncation__rows_truncate_at_max_decisions_and_restart():
    envs = make(max_decisions=3, illegal_action="raise")
    rng = np.random.default_rng(3)
    _, info = envs.reset(seed=0)
    for _ in range(3):
        _, reward, term, trunc, info = envs.step(random_actions(info, rng))
    assert trunc[~term].all() and not (trunc & term).any()
    _, reward, term, trunc, info = envs.step(random_actions(info, rng))
    assert not trunc.any() and (envs.state.decisions == 0).all() and (reward == 0).all()


def test_reset__seeded_sequences_repeat():
    def run():
        envs = make()
        rng = np.random.default_rng(9)
        obs, info = envs.reset(seed=3)
        out = []
        for _ in range(120):
            obs, reward, *_, info = envs.step(random_actions(info, rng))
            out.append((obs.copy(), reward.copy()))
        return out
    a, b = run(), run()
    assert all(np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1]) for x, y in zip(a, b))


def test_bad_input__shape_type_range_and_illegal():
    envs = make(illegal_action="raise")
    _, info = envs.reset(seed=0)
    before = envs.state.copy()
    for bad, error in ((np.zeros(N - 1, int), ValueError), (np.zeros((N, 1), int), ValueError),
                       (np.zeros(N, float), TypeError), (np.full(N, -1), ValueError)):
        with pytest.raises(error):
            envs.step(bad)
    illegal = (~info["action_mask"]).argmax(1)
    with pytest.raises(ValueError, match="not legal"):
        envs.step(illegal)
    assert envs.state.equals(before)
    with pytest.raises(RuntimeError, match="reset"):
        GhostStoriesVectorEnv(num_envs=2).step(np.zeros(2, int))


def test_illegal_action__forfeits_only_that_row():
    envs = make()
    _, info = envs.reset(seed=0)
    a = info["action_mask"].argmax(1)
    a[4] = (~info["action_mask"][4]).argmax()
    with pytest.warns(Warning):
        _, reward, term, _, info = envs.step(a)
    assert term[4] and reward[4] == -1.0 and info["illegal_action"][4]
    assert not info["illegal_action"][np.flatnonzero(term & (np.arange(N) != 4))].any()


def test_render__one_picture_per_game():
    envs = GhostStoriesVectorEnv(num_envs=2, render_mode="ansi")
    envs.reset(seed=0)
    frames = envs.render()
    assert len(frames) == 2 and all(f.startswith("Ghost Stories") for f in frames)


def test_action_space__sample_is_unmasked_and_the_documented_masked_sample_is_legal():
    envs = make(illegal_action="raise")
    obs, info = envs.reset(seed=0)
    for _ in range(30):                 # with NextStep rows restarting (mask: action 0 only)
        actions = envs.action_space.sample(mask=tuple(info["action_mask"].astype(np.int8)))
        assert info["action_mask"][np.arange(N), actions].all()
        obs, reward, terminated, truncated, info = envs.step(actions)
    envs.action_space.seed(0)
    unmasked = np.stack([envs.action_space.sample() for _ in range(10)])
    assert not info["action_mask"][np.arange(N), unmasked].all(1).all()
