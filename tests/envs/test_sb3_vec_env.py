"""The Stable-Baselines3 VecEnv over one engine batch (ghoststories_env/envs/sb3_vec_env.py)."""

import numpy as np
import pytest

pytest.importorskip("stable_baselines3", reason="the SB3 VecEnv needs the 'train' extra")

from ghoststories_env import Engine  # noqa: E402
from ghoststories_env.envs import GhostStoriesSB3VecEnv, observation  # noqa: E402

N = 12


def random_actions(venv, rng):
    m = np.stack(venv.env_method("action_masks"))
    return (rng.random(m.shape) * m).argmax(1)


def test_vec_env__spaces_masks_and_seeded_reset():
    venv = GhostStoriesSB3VecEnv(num_envs=N)
    venv.seed(40)
    obs = venv.reset()
    assert obs.shape == (N, observation.SIZE) and obs.dtype == np.float32
    assert np.array_equal(obs, observation.encode(Engine().reset(np.arange(40, 40 + N))))
    masks = venv.env_method("action_masks")
    assert np.array_equal(np.stack(masks), venv.state.mask)
    some = np.stack(venv.env_method("action_masks", indices=[2, 5]))
    assert np.array_equal(some, venv.state.mask[[2, 5]])
    assert venv.has_attr("action_masks") and venv.get_attr("render_mode") == [None] * N
    assert venv.env_is_wrapped(object) == [False] * N
    from stable_baselines3.common.monitor import Monitor
    assert venv.env_is_wrapped(Monitor) == [True] * N          # it reports "episode" itself


def test_step__same_step_reset_with_terminal_observation():
    venv = GhostStoriesSB3VecEnv(num_envs=N)
    venv.seed(1)
    venv.reset()
    rng = np.random.default_rng(0)
    for _ in range(500):
        prev = venv.state.copy()
        a = random_actions(venv, rng)
        obs, reward, done, infos = venv.step(a)
        if done.any():
            break
    stepped = Engine().step(prev, a)
    for i in np.flatnonzero(done):
        assert np.array_equal(infos[i]["terminal_observation"], observation.encode(stepped.take([i]))[0])
        assert infos[i]["TimeLimit.truncated"] is False and infos[i]["won"] == stepped.won[i]
        assert reward[i] == (1.0 if stepped.won[i] else -1.0)
        assert venv.state.decisions[i] == 0                      # a new game already
    assert all(infos[i] == {} for i in np.flatnonzero(~done))


def test_step__time_limit_truncation_is_flagged():
    venv = GhostStoriesSB3VecEnv(num_envs=N, max_decisions=2)
    venv.reset()
    rng = np.random.default_rng(0)
    venv.step(random_actions(venv, rng))
    _, _, done, infos = venv.step(random_actions(venv, rng))
    truncated = [i for i in range(N) if done[i] and infos[i]["TimeLimit.truncated"]]
    assert len(truncated) >= N - 1


def test_bad_input__clear_errors():
    venv = GhostStoriesSB3VecEnv(num_envs=2, illegal_action="raise")
    with pytest.raises(RuntimeError, match="reset"):
        venv.step_async(np.zeros(2, int))
    venv.reset()
    with pytest.raises(ValueError, match="shape"):
        venv.step(np.zeros(3, int))
    with pytest.raises(TypeError):
        venv.step(np.zeros(2, float))
    with pytest.raises(ValueError, match="not legal"):
        venv.step((~venv.state.mask).argmax(1))


def test_maskable_ppo__learns_a_few_hundred_steps_on_the_batch():
    sb3_contrib = pytest.importorskip("sb3_contrib")
    venv = GhostStoriesSB3VecEnv(num_envs=16, illegal_action="raise")
    model = sb3_contrib.MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=128, n_epochs=1,
                                    seed=0, policy_kwargs={"net_arch": [64]})
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
    obs = venv.reset()
    actions, _ = model.predict(obs, action_masks=venv.action_masks())
    assert venv.state.mask[np.arange(16), actions].all()


def test_episode_info__return_and_length_of_each_finished_game():
    venv = GhostStoriesSB3VecEnv(num_envs=N, reward="shaped")
    venv.seed(2)
    venv.reset()
    rng = np.random.default_rng(0)
    returns, lengths, seen = np.zeros(N), np.zeros(N, int), 0
    for _ in range(300):
        _, reward, done, infos = venv.step(random_actions(venv, rng))
        returns += reward
        lengths += 1
        for i in np.flatnonzero(done):
            assert infos[i]["episode"]["r"] == pytest.approx(returns[i], abs=1e-5)
            assert infos[i]["episode"]["l"] == lengths[i] and infos[i]["episode"]["t"] >= 0
            returns[i], lengths[i], seen = 0, 0, seen + 1
        assert all("episode" not in infos[i] for i in np.flatnonzero(~done))
    assert seen >= N


class LegalRandomModel:
    """What evaluate_policy needs of a model: predict(obs, ...) -> (actions, state)."""

    def __init__(self, venv):
        self.venv, self.rng = venv, np.random.default_rng(0)

    def predict(self, obs, state=None, episode_start=None, deterministic=False):
        return random_actions(self.venv, self.rng), None


def test_evaluate_policy__reads_the_episodes_without_a_warning():
    import warnings

    from stable_baselines3.common.evaluation import evaluate_policy
    venv = GhostStoriesSB3VecEnv(num_envs=4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                 # "not wrapped with a Monitor" would fail
        rewards, lengths = evaluate_policy(LegalRandomModel(venv), venv, n_eval_episodes=8,
                                           return_episode_rewards=True)
    assert len(rewards) == 8 and set(rewards) <= {1.0, -1.0} and min(lengths) >= 5
