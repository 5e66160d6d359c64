"""Env-level save and restore (get_state / set_state) and PettingZoo's scenario reset."""

import json

import gymnasium
import numpy as np
import pytest

import ghoststories_env  # noqa: F401  (registers the ids)
from ghoststories_env import actions as A
from ghoststories_env import ghost_stories_v0

# Yellow on the Circle of Prayer faces Forgotten Ones, the last incarnation: three black faces win
# with MOVE + 0, EXORCISE + 9, CHOOSE_TAOIST + 1 (as in test_rewards.py).
WINNING = {"boards": {"blue": {"spaces": [{"ghost": "Forgotten Ones"}, None, None]},
                      "yellow": {"taoist": {"tile": "Circle of Prayer"}}},
           "circle": "black", "at": "yang", "forced": {"tao": ["black"] * 3, "curse": ["blank"]}}
WIN_LINE = (A.MOVE + 0, A.EXORCISE + 9, A.CHOOSE_TAOIST + 1)


def legal(mask, rng):
    return int(rng.choice(np.flatnonzero(mask)))


def gym_play(env, info, steps, rng):
    """What the env shows over ``steps`` random legal steps, games restarting as they end."""
    seen = []
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(legal(info["action_mask"], rng))
        seen.append((obs, reward, term, trunc))
        if term or trunc:
            obs, info = env.reset()
            seen.append(obs)
    return seen


def test_gym__set_state_replays_the_game_and_the_games_after_it():
    env = gymnasium.make("GhostStories-v0", num_players=2, difficulty="hell")
    _, info = env.reset(seed=4)
    gym_play(env, info, 7, np.random.default_rng(0))
    snapshot = json.loads(json.dumps(env.unwrapped.get_state()))     # JSON-safe
    obs_then = env.unwrapped.batch.observe()[0]
    info_then = {"action_mask": env.unwrapped.action_masks()}
    first = gym_play(env, info_then, 150, np.random.default_rng(1))   # several games
    obs, info = env.unwrapped.set_state(snapshot)
    assert np.array_equal(obs, obs_then) and np.array_equal(info["action_mask"], info_then["action_mask"])
    np.testing.assert_equal(gym_play(env, info, 150, np.random.default_rng(1)), first)


def test_gym__a_finished_game_restores_an_episode_that_is_over():
    env = gymnasium.make("GhostStories-v0").unwrapped
    env.reset(options={"scenario": WINNING})
    for a in WIN_LINE:
        env.step(a)
    snapshot = env.get_state()
    env.reset(seed=0)
    obs, info = env.set_state(snapshot)
    assert info["won"] and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_gym__bad_snapshots_are_refused_and_change_nothing():
    env = gymnasium.make("GhostStories-v0").unwrapped
    with pytest.raises(RuntimeError, match="reset"):
        env.get_state()
    env.reset(seed=0)
    before = env.state.copy()
    with pytest.raises(ValueError, match=r"keys \['game', 'seeds'\], got \['at', 'boards'"):
        env.set_state(WINNING)                          # a scenario is not a snapshot
    good = env.get_state()
    with pytest.raises(ValueError, match="seeds"):
        env.set_state({**good, "seeds": 7})
    with pytest.raises(ghoststories_env.ScenarioError):
        env.set_state({**good, "game": {"haunted": ["Nowhere"]}})
    assert env.state.equals(before)


def aec_play(env, steps, rng):
    seen = []
    for _ in range(steps):
        if not env.agents:
            env.reset()
        obs, reward, term, trunc, info = env.last()
        seen.append((env.agent_selection, obs, reward, term, trunc))
        env.step(None if term or trunc else legal(obs["action_mask"], rng))
    return seen


def test_aec__set_state_replays_the_game_and_the_games_after_it():
    env = ghost_stories_v0.env(num_players=3)
    env.reset(seed=2)
    aec_play(env, 10, np.random.default_rng(0))
    snapshot = env.get_state()
    first = aec_play(env, 200, np.random.default_rng(1))
    assert env.set_state(snapshot) is None
    np.testing.assert_equal(aec_play(env, 200, np.random.default_rng(1)), first)


def parallel_play(env, obs, steps, rng):
    """What the env shows, and the observations to act on next (a new game's if one ended)."""
    seen = []
    for _ in range(steps):
        obs, rewards, terms, truncs, _ = env.step({a: legal(obs[a]["action_mask"], rng) for a in env.agents})
        seen.append((obs, rewards, terms, truncs))
        if not env.agents:
            obs, _ = env.reset()
            seen.append(obs)
    return seen, obs


def test_parallel__set_state_replays_the_game_and_the_games_after_it():
    env = ghost_stories_v0.parallel_env(num_players=2)
    obs, _ = env.reset(seed=2)
    _, obs = parallel_play(env, obs, 10, np.random.default_rng(0))
    snapshot = env.get_state()
    first, _ = parallel_play(env, obs, 150, np.random.default_rng(1))
    restored, infos = env.set_state(snapshot)
    np.testing.assert_equal(restored, obs)
    np.testing.assert_equal(parallel_play(env, restored, 150, np.random.default_rng(1))[0], first)


def test_pettingzoo__a_finished_snapshot_leaves_no_agent_in_play():
    env = ghost_stories_v0.parallel_env()
    env.reset(options={"scenario": WINNING})
    for a in WIN_LINE:
        obs, rewards, terms, truncs, infos = env.step({"taoist_0": a, "taoist_1": 0, "taoist_2": 0,
                                                       "taoist_3": 0})
    assert all(terms.values()) and all(i["won"] for i in infos.values())
    snapshot = env.get_state()
    env.reset(seed=0)
    assert env.set_state(snapshot) == ({}, {}) and env.agents == []
    aec = ghost_stories_v0.env()
    aec.reset(seed=0)
    aec.set_state(snapshot)
    assert aec.agents == []


@pytest.mark.parametrize("make", [ghost_stories_v0.env, ghost_stories_v0.parallel_env])
def test_pettingzoo__reset_from_a_scenario_plays_it(make):
    env = make()
    env.reset(options={"scenario": WINNING})
    gym = gymnasium.make("GhostStories-v0").unwrapped
    gym.reset(options={"scenario": WINNING})
    assert env.unwrapped.batch.state.equals(gym.state)
    agent = "taoist_0"                                  # yellow, the first seat, decides
    for a in WIN_LINE:
        if make is ghost_stories_v0.env:
            assert env.agent_selection == agent
            env.step(a)
        else:
            env.step({agent: a})
    assert env.unwrapped.batch.state.won[0]


@pytest.mark.parametrize("make", [ghost_stories_v0.env, ghost_stories_v0.parallel_env])
def test_pettingzoo__scenarios_it_cannot_play_are_refused(make):
    env = make(num_players=4)
    env.reset(seed=0)
    before = env.unwrapped.batch.state.copy()
    with pytest.raises(ValueError, match="game of 2 Taoist.*num_players=2"):
        env.reset(options={"scenario": {"config": {"num_players": 2}}})
    # a finished game the scenario builder accepts (a won one would need every incarnation beaten)
    over = {**WINNING, "status": {"terminated": True, "won": False, "loss_reason": "haunted tiles"}}
    with pytest.raises(ValueError, match="already over"):
        env.reset(options={"scenario": over})
    two = ghost_stories_v0.parallel_env(num_players=2)
    two.reset(seed=0)
    with pytest.raises(ValueError, match="game of 2 Taoist"):
        env.unwrapped.set_state(two.get_state())
    assert env.unwrapped.batch.state.equals(before)
