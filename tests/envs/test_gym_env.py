"""The single Gymnasium environment (ghoststories_env/envs/gym_env.py) and its registration."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ghoststories_env  # noqa: F401  (registers the ids)
from ghoststories_env import PRESETS, Engine, GameConfig
from ghoststories_env import actions as A
from ghoststories_env.envs import GhostStoriesEnv, observation
from ghoststories_env.envs.batch import IllegalActionWarning
from ghoststories_env.envs.registration import ids, preset_id


def play_random(env, seed=0, limit=2000):
    """Steps of one game with random legal actions; returns the last step's results."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    for _ in range(limit):
        a = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, term, trunc, info = env.step(a)
        if term or trunc:
            return obs, reward, term, trunc, info
    raise AssertionError("the game did not end")


def test_registration__every_preset_has_an_id():
    registered = [k for k in gymnasium.registry if k.startswith("GhostStories")]
    assert set(registered) == set(ids())
    assert preset_id("hell-2p") == "GhostStories-Hell-2p-v0"
    assert len(registered) == len(PRESETS) + 1
    env = gymnasium.make("GhostStories-Hell-2p-v0")
    assert env.unwrapped.batch.config == GameConfig(num_players=2, difficulty="hell")
    env = gymnasium.make("GhostStories-v0", num_players=3, difficulty="nightmare", min_resistance=1)
    expected = GameConfig(num_players=3, difficulty="nightmare", min_resistance=1)
    assert env.unwrapped.batch.config == expected


@pytest.mark.parametrize("env_id", ["GhostStories-v0", "GhostStories-Hell-2p-v0",
                                    "GhostStories-Initiation-1p-v0", "GhostStories-Nightmare-3p-v0"])
def test_gymnasium_check_env__passes(env_id):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IllegalActionWarning)
        check_env(gymnasium.make(env_id).unwrapped)


def test_sb3_check_env__passes():
    from stable_baselines3.common.env_checker import check_env as sb3_check_env
    sb3_check_env(gymnasium.make("GhostStories-v0").unwrapped, warn=True)


def test_reset__game_s_is_the_engines_game_s_and_sequences_repeat():
    env = GhostStoriesEnv()
    obs, _ = env.reset(seed=11)
    assert np.array_equal(obs, observation.encode(Engine().reset([11]))[0])
    firsts = [env.reset()[0] for _ in range(3)]
    env.reset(seed=11)
    again = [env.reset()[0] for _ in range(3)]
    assert all(np.array_equal(a, b) for a, b in zip(firsts, again))
    assert not np.array_equal(firsts[0], firsts[1])


def test_step__masks_agree_and_sample_is_legal():
    env = GhostStoriesEnv(illegal_action="raise")
    obs, info = env.reset(seed=3)
    for _ in range(30):
        assert np.array_equal(info["action_mask"], env.action_masks())
        assert info["action_mask"].dtype == bool and info["action_mask"].any()
        a = env.action_space.sample()
        assert info["action_mask"][a]
        obs, _, term, trunc, info = env.step(a)
        assert obs in env.observation_space
        if term or trunc:
            break


def test_episode__ends_terminated_with_the_team_reward_and_outcome():
    env = GhostStoriesEnv(illegal_action="raise")
    _, reward, term, trunc, info = play_random(env, seed=2)
    assert term and not trunc
    assert reward == (1.0 if info["won"] else -1.0)
    assert isinstance(info["score"], int) and info["seat"] == -1
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_truncation__max_decisions_truncates_not_terminates():
    env = GhostStoriesEnv(max_decisions=5, illegal_action="raise")
    _, info = env.reset(seed=0)
    for k in range(5):
        _, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert trunc and not term and reward == 0.0
    with pytest.raises(RuntimeError):
        env.step(0)


@pytest.mark.parametrize("bad, error", [(1.0, TypeError), ("3", TypeError), (True, TypeError),
                                        (np.array([1, 2]), ValueError), (-1, ValueError),
                                        (A.NUM_ACTIONS, ValueError)])
def test_bad_input__wrong_type_shape_or_range_raises_and_changes_nothing(bad, error):
    env = GhostStoriesEnv()
    env.reset(seed=0)
    before = env.state.copy()
    with pytest.raises(error):
        env.step(bad)
    assert env.state.equals(before)


def test_bad_input__accepted_integer_forms():
    env = GhostStoriesEnv(illegal_action="raise")
    _, info = env.reset(seed=0)
    a = int(np.flatnonzero(info["action_mask"])[0])
    for form in (np.int32(a), np.array(a), np.array([a])):
        env.reset(seed=0)
        env.step(form)


def test_illegal_action__raise_names_the_legal_actions_and_changes_nothing():
    env = GhostStoriesEnv(illegal_action="raise")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    before = env.state.copy()
    with pytest.raises(ValueError, match="not legal.*legal:"):
        env.step(illegal)
    assert env.state.equals(before)


def test_illegal_action__forfeit_ends_the_episode_as_a_loss_without_moving():
    env = GhostStoriesEnv()
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    before = env.state.copy()
    with pytest.warns(IllegalActionWarning):
        obs, reward, term, trunc, info = env.step(illegal)
    assert term and not trunc and reward == -1.0
    assert "not legal" in info["illegal_action"] and str(illegal) in info["illegal_action"]
    assert env.state.equals(before)                   # the move was never applied
    assert not info["action_mask"].any() and not env.action_masks().any()
    # the outcome, like any other end (the README's loop reads info["won"] and info["score"])
    assert info["won"] is False and info["loss_reason"] == "forfeit (illegal action)"
    assert info["score"] == int(Engine().score(before)[0])
    with pytest.raises(RuntimeError):
        env.step(0)


def test_illegal_action__the_readme_loop_reads_the_outcome_after_a_forfeit():
    env = gymnasium.make("GhostStories-v0")
    obs, info = env.reset(seed=0)
    terminated = truncated = False
    with pytest.warns(IllegalActionWarning):
        while not (terminated or truncated):
            action = int(np.flatnonzero(~info["action_mask"])[0])     # always illegal
            obs, reward, terminated, truncated, info = env.step(action)
    assert (reward, info["won"]) == (-1.0, False) and isinstance(info["score"], int)


def test_bad_input__step_before_reset_and_bad_options():
    env = GhostStoriesEnv()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="unknown reset option"):
        env.reset(options={"seed": 1})
    with pytest.raises(ValueError, match="frame"):
        GhostStoriesEnv(frame="sideways")
    with pytest.raises(ValueError, match="render_mode='window' is not allowed.*'human'"):
        GhostStoriesEnv(render_mode="window")
    with pytest.raises(ValueError, match="num_players"):
        GhostStoriesEnv(num_players=5)


def test_reset__a_finished_scenario_is_refused():
    # it would give an episode that never ends: reward 0 and no legal action, forever
    engine, env = Engine(), GhostStoriesEnv()
    s = engine.reset([0])
    rng = np.random.default_rng(0)
    while not s.terminated[0]:
        s = engine.step(s, (rng.random(s.mask.shape) * s.mask).argmax(1))
    with pytest.raises(ValueError, match="finished game"):
        env.reset(options={"scenario": engine.to_dict(s, 0)})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=1)                                  # the env is still usable
    assert env.action_masks().sum() >= 2


def test_reset__scenario_option_starts_from_a_dict():
    env = GhostStoriesEnv()
    d = Engine().to_dict(Engine().reset([42]), 0)
    obs, _ = env.reset(options={"scenario": d})
    assert np.array_equal(obs, env.reset(seed=42)[0])


def test_render__ansi_is_the_text_picture():
    env = GhostStoriesEnv(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.startswith("Ghost Stories - normal") and "Village" in text
