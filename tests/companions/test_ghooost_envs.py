"""Ghooost!'s environments pass Gymnasium's and PettingZoo's own checkers, hide what a player
may not see, and say what they do (ghoststories_env/companions/ghooost_envs.py and
ghooost_observation.py)."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import ghoststories_env  # noqa: F401  (registers the ids)
from ghoststories_env.companions import ghooost_envs as G
from ghoststories_env.companions import ghooost_observation as O
from ghoststories_env.companions.ghooost import NUM_ACTIONS, TAKE, Ghooost, GhooostConfig
from ghoststories_env.companions.ghooost_agents import masked_choice


def _random(mask, rng):
    mask = np.atleast_2d(mask).astype(bool)
    return masked_choice(mask, rng.random(mask.shape[0]))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_gymnasium_check_env(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # check_env's random actions forfeit, with a warning
        check_env(gymnasium.make("Ghooost-v0", num_players=players).unwrapped)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_pettingzoo_api_seed_and_parallel_tests(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(G.env(num_players=players), num_cycles=200)
        seed_test(lambda: G.env(num_players=players), num_cycles=200)
        parallel_api_test(G.parallel_env(num_players=players), num_cycles=200)
        parallel_seed_test(lambda: G.parallel_env(num_players=players), num_cycles=200)


def test_a_round_through_the_gymnasium_env_ends_with_the_seats_reward():
    env, rng = gymnasium.make("Ghooost-v0", num_players=3, render_mode="ansi"), np.random.default_rng(0)
    obs, info = env.reset(seed=3)
    assert obs.shape == (O.SIZE,) and "graveyard" in env.render()
    done, reward = False, 0.0
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(_random(info["action_mask"], rng)[0]))
        assert not info["illegal_action"]
        done = terminated or truncated
    assert terminated and reward == (1.0 if info["place"] < 2 else -1.0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_rewards_by_finishing_place_for_both_scorings():
    """ghooost §9 (the loser) and §10 (a match's round points, 4 players: 2, 1, 3, 0)."""
    e = Ghooost(GhooostConfig(num_players=4))
    S = e.from_dicts([{"hands": [[], [], ["5"], []], "castles": [[], [], ["6"], []],
                       "finish": [1, 0, 3, 2], "terminated": True}])
    assert O.round_rewards(S, "outcome")[0, :4].tolist() == [1, 1, -1, 1]
    assert O.round_rewards(S, "points")[0, :4].tolist() == [1, 2, 0, 3]
    with pytest.raises(ValueError, match="3 players or more"):
        G.GhooostEnv(num_players=2, scoring="points")


def test_an_illegal_action_forfeits_or_raises():
    env = gymnasium.make("Ghooost-v0").unwrapped
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="forfeited"):
        _, reward, done, _, info = env.step(bad)
    assert done and reward == -1.0 and info["illegal_action"]
    env = gymnasium.make("Ghooost-v0", illegal_action="raise").unwrapped
    _, info = env.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    for bad_kwargs, match in (({"illegal_action": "ignore"}, "illegal_action"),
                              ({"opponents": "oracle"}, "opponents"), ({"seat": 4}, "seat"),
                              ({"num_players": 7}, "num_players"), ({"max_decisions": 0}, "max_decisions")):
        with pytest.raises(ValueError, match=match):
            gymnasium.make("Ghooost-v0", **bad_kwargs)


def test_rounds_are_truncated_after_max_decisions():
    """docs §9 reading: nothing forces a round to end; the envs cut it after max_decisions."""
    env = G.env(num_players=2, max_decisions=5)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(TAKE if TAKE in legal else legal[0]))
        steps += 1
    assert steps == 5 and all(env.truncations.values()) and not any(env.terminations.values())


def test_the_vector_env_plays_the_seat_against_the_opponents_and_restarts_rounds():
    envs = gymnasium.make_vec("Ghooost-v0", num_envs=16, vectorization_mode="vector_entry_point",
                              num_players=3, opponents="random")
    obs, info = envs.reset(seed=0)
    rng, ended = np.random.default_rng(1), 0
    for _ in range(400):
        obs, reward, term, trunc, info = envs.step(_random(info["action_mask"], rng))
        assert obs.shape == (16, O.SIZE) and info["action_mask"].shape == (16, NUM_ACTIONS)
        running = ~(term | trunc)
        assert info["action_mask"][running].any(1).all()          # the seat always has a decision
        assert set(np.unique(reward[term])) <= {-1.0, 1.0} and (reward[running] == 0).all()
        ended += int(term.sum())
    assert ended > 0


def test_the_vector_env_is_the_single_env_for_each_round():
    """A round's course depends on its seed and actions only: the vector env's first round equals
    the single env's with the same seed stream."""
    single = G.GhooostEnv(num_players=4, opponents="random")
    vec = G.GhooostVectorEnv(num_envs=3, num_players=4, opponents="random")
    obs1, info1 = single.reset(seed=7)
    obsv, infov = vec.reset(seed=7)
    assert np.array_equal(obs1, obsv[0])           # the first seed of the stream is the same
    for _ in range(30):
        a = int(np.flatnonzero(single.batch.state.mask[0])[0])
        acts = np.array([int(np.flatnonzero(infov["action_mask"][i])[0]) for i in range(3)])
        acts[0] = a
        o1, r1, t1, u1, _ = single.step(a)
        ov, rv, tv, uv, infov = vec.step(acts)
        assert np.array_equal(o1, ov[0]) and r1 == rv[0] and t1 == tv[0]
        if t1:
            break


def test_observations_hide_the_other_hands_the_castles_and_the_crypt():
    """Two rounds that differ only in an opponent's hand and the face-down piles look the same to
    player 0, not to the opponent."""
    e = Ghooost(GhooostConfig(num_players=3))
    base = {"hands": [["2", "5", "9", "9"], ["3", "4", "7", "8"], ["6", "10", "12", "14"]],
            "castles": [["1", "11"], ["13", "13"], ["copy", "4"]], "crypt": ["5", "6", "7"]}
    other = {**base, "hands": [base["hands"][0], ["3", "4", "7", "10"], ["6", "8", "12", "14"]],
             "castles": [["11", "1"], ["13", "copy"], ["13", "4"]], "crypt": ["7", "6", "5"]}
    a, b = e.from_dicts([base, other]).take([0]), e.from_dicts([base, other]).take([1])
    assert np.array_equal(O.encode(a, 0), O.encode(b, 0))
    assert not np.array_equal(O.encode(a, 1), O.encode(b, 1))


def test_the_cards_seen_going_into_a_hand_are_shown_until_they_come_out():
    """A graveyard taken lay face up: every player knows those cards are in the taker's hand,
    until they are played again (``state.known``)."""
    from ghoststories_env.companions.ghooost_cards import play_action
    e = Ghooost(GhooostConfig(num_players=2))
    S = e.from_dicts([{"hands": [["2", "4"], ["5", "14"]], "castles": [["6"], ["7"]],
                       "graveyard": ["9", "13"], "top": 13}])
    S = e.step(S, np.array([TAKE]))
    assert sorted(e.to_dict(S, 0)["known"][0]) == ["13", "9"]
    at = 3 * 16 + 15 + 4                                   # the per-seat block, own seat first
    block = O.encode(S, 1)[0, at:at + 6 * O.SEAT_FEATURES].reshape(6, O.SEAT_FEATURES)
    # player 0 is the next seat from player 1; a 9 and a 13 (codes 9, 13 at 4 + code - 1), 1 of 4
    assert block[1, 4 + 8] == 0.25 and block[1, 4 + 12] == 0.25 and block[1, 4:].sum() == 0.5
    assert block[0, 4:].sum() == 0                         # nothing of player 1's hand was seen
    S = e.step(S, np.array([play_action(5, 1)]))          # player 1 plays a 5; player 0 a 13
    S = e.step(S, np.array([play_action(13, 1)]))
    assert e.to_dict(S, 0)["known"][0] == ["9"]
