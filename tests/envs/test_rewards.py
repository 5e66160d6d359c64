"""Team rewards (ghoststories_env/envs/rewards.py) through the environments."""

import pickle

import numpy as np
import pytest

from ghoststories_env import actions as A
from ghoststories_env.envs import GhostStoriesEnv
from ghoststories_env.envs.rewards import SHAPING_WEIGHTS, make_reward

# Yellow on the Circle of Prayer (black token on it) faces Forgotten Ones, the last incarnation,
# on the west board's first space (g = 9): three black faces win the game (rules §10).
WINNING = {"boards": {"blue": {"spaces": [{"ghost": "Forgotten Ones"}, None, None]},
                      "yellow": {"taoist": {"tile": "Circle of Prayer"}}},
           "circle": "black", "at": "yang", "forced": {"tao": ["black"] * 3, "curse": ["blank"]}}


def win(env):
    """Play the winning line: stay, exorcise space 9, give the incarnation's Qi to a Taoist."""
    obs, info = env.reset(options={"scenario": WINNING})
    total = 0.0
    for a in (A.MOVE + 0, A.EXORCISE + 9, A.CHOOSE_TAOIST + 1):
        obs, reward, term, trunc, info = env.step(a)
        total += reward
    assert term and info["won"]
    return total, reward, info


def test_win_loss__plus_one_on_the_winning_step_only():
    total, last, info = win(GhostStoriesEnv(illegal_action="raise"))
    assert last == 1.0 and total == 1.0


def test_win_loss__custom_values():
    total, last, _ = win(GhostStoriesEnv(reward_options={"win": 5.0, "loss": -2.0}))
    assert last == 5.0


def test_score__the_official_score_at_the_end():
    total, last, info = win(GhostStoriesEnv(reward="score"))
    assert last == info["score"] and total == info["score"]
    total, last, info = win(GhostStoriesEnv(reward="score", reward_options={"scale": 0.1}))
    assert last == pytest.approx(info["score"] * 0.1)


def test_shaped__potential_terms_telescope_to_minus_the_start_potential():
    """With gamma = 1 the shaping terms of a whole game add up to -phi(start) (phi of a finished
    game is 0), so the return is the win/loss reward minus the start potential."""
    env = GhostStoriesEnv(reward="shaped")
    env.reset(options={"scenario": WINNING})
    start = env.state
    facts = {"qi": (start.qi * start.is_player).sum(), "haunted": start.haunted.sum(),
             "ghosts": (start.ghost >= 0).sum(), "incarnations": start.inc_defeated.sum(), "dead": 0}
    phi0 = sum(SHAPING_WEIGHTS[k] * facts[k] for k in SHAPING_WEIGHTS)
    total, last, _ = win(env)
    assert total == pytest.approx(1.0 - phi0, abs=1e-5)


def test_shaped__rewards_progress_within_a_game():
    """Exorcising a ghost (fewer ghosts in play) earns a positive shaped step."""
    env = GhostStoriesEnv(reward="shaped", reward_options={"weights": {"ghosts": -0.5}})
    scenario = {**WINNING, "boards": {"blue": {"spaces": [{"ghost": "Ghoul #1"}, None, None]},
                                      "yellow": {"taoist": {"tile": "Circle of Prayer"}}},
                "forced": {"tao": ["yellow"] * 3}}
    env.reset(options={"scenario": scenario})
    env.step(A.MOVE + 0)
    _, reward, term, _, _ = env.step(A.EXORCISE + 9)
    assert not term and reward == pytest.approx(0.5)


def test_loss__minus_one_and_frozen_rewards_after():
    env = GhostStoriesEnv()
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=1)
    rewards = []
    while True:
        _, r, term, trunc, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        rewards.append(r)
        if term or trunc:
            break
    assert rewards[-1] == (1.0 if info["won"] else -1.0) and not any(rewards[:-1])


def test_make_reward__bad_names_and_options_are_clear():
    with pytest.raises(ValueError, match="reward='points'"):
        make_reward("points")
    with pytest.raises(ValueError, match=r"unknown option\(s\) \['scale'\].*allowed: \['win', 'loss'\]"):
        make_reward("win_loss", scale=2)
    with pytest.raises(ValueError, match="shaping weight"):
        make_reward("shaped", weights={"luck": 1.0})


@pytest.mark.parametrize("reward, options, named", [
    ("score", {"scale": "x"}, "scale='x' is not allowed; it must be a finite real number"),
    ("score", {"scale": float("nan")}, "scale=nan is not allowed"),
    ("score", {"scale": None}, "scale=None is not allowed"),
    ("win_loss", {"win": float("inf")}, "win=inf is not allowed"),
    ("win_loss", {"loss": True}, "loss=True is not allowed"),
    ("shaped", {"gamma": 1.5}, r"gamma=1.5 is not allowed.* in \[0, 1\]"),
    ("shaped", {"weights": {"qi": float("nan")}}, r"weights\['qi'\]=nan is not allowed"),
    ("shaped", {"weights": [1.0]}, r"weights=\[1.0\] is not allowed"),
])
def test_reward_options__bad_values_fail_when_the_env_is_built(reward, options, named):
    with pytest.raises(ValueError, match=named):
        GhostStoriesEnv(reward=reward, reward_options=options)


def test_reward_options__must_be_a_dict():
    with pytest.raises(TypeError, match="reward_options must be a dict"):
        GhostStoriesEnv(reward="score", reward_options=[("scale", 2.0)])


@pytest.mark.parametrize("name", ["win_loss", "score", "shaped"])
def test_rewards__pickle_and_give_the_same_rewards(name):
    env = GhostStoriesEnv(reward=name)
    fn = make_reward(name)
    copy = pickle.loads(pickle.dumps(fn))
    env.reset(options={"scenario": WINNING})
    before = env.state
    env.step(A.MOVE + 0)
    assert np.array_equal(copy(before, env.state), fn(before, env.state))
