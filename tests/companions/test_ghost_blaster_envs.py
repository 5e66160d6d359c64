"""Ghost Blaster's environments pass Gymnasium's and PettingZoo's own checkers, and say what they
see and do (ghoststories_env/companions/ghost_blaster_envs.py)."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import ghoststories_env  # noqa: F401  (registers the ids)
from companions.positions import twins
from ghoststories_env.companions import ghost_blaster_envs as G
from ghoststories_env.companions.ghost_blaster import NUM_ACTIONS


def _random(mask, rng):
    m = mask.astype(bool)
    return (np.cumsum(m, -1) > (rng.random(m.shape[:-1]) * m.sum(-1)).astype(int)[..., None]).argmax(-1)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_gymnasium_check_env(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # check_env's random actions forfeit, with a warning
        check_env(gymnasium.make("GhostBlaster-v0", num_players=players).unwrapped)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pettingzoo_api_and_seed_tests(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(G.env(num_players=players), num_cycles=200)
        seed_test(lambda: G.env(num_players=players), num_cycles=200)


def test_a_game_through_the_gymnasium_env_reaches_its_end_with_legal_moves_only():
    env, rng = gymnasium.make("GhostBlaster-v0", num_players=2, render_mode="ansi"), np.random.default_rng(0)
    obs, info = env.reset(seed=3)
    assert obs.shape == (G.SIZE,) and "clock: " in env.render()
    done, steps = False, 0
    while not done:
        obs, reward, done, truncated, info = env.step(int(_random(info["action_mask"], rng)))
        assert not info["illegal_action"] and reward in (0.0, 1.0)
        steps += 1
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_action_forfeits_or_raises():
    env = gymnasium.make("GhostBlaster-v0").unwrapped
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="forfeited"):
        _, reward, done, _, info = env.step(bad)
    assert done and reward == 0.0 and info["illegal_action"]
    env = gymnasium.make("GhostBlaster-v0", illegal_action="raise").unwrapped
    _, info = env.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    with pytest.raises(ValueError, match="illegal_action"):
        gymnasium.make("GhostBlaster-v0", illegal_action="ignore")


def test_the_vector_env_steps_every_game_and_restarts_finished_ones():
    envs = gymnasium.make_vec("GhostBlaster-v0", num_envs=16, vectorization_mode="vector_entry_point")
    obs, info = envs.reset(seed=0)
    rng, ended = np.random.default_rng(1), 0
    for _ in range(600):
        obs, reward, term, trunc, info = envs.step(_random(info["action_mask"], rng))
        assert obs.shape == (16, G.SIZE) and info["action_mask"].shape == (16, NUM_ACTIONS)
        assert info["action_mask"].any(1).all() or term.any()
        ended += int(term.sum())
    assert ended > 16                                   # games end and start again


def test_observations_hide_face_down_cards():
    """Two games that differ only in the cards still face down look the same."""
    e, a, b = twins(5)
    assert e.to_dict(a, 0)["cards"] != e.to_dict(b, 0)["cards"]
    assert np.array_equal(G.encode(a), G.encode(b))
