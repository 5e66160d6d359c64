"""The PettingZoo AEC and parallel environments (ghoststories_env/envs/pettingzoo_env.py)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test, state_test
from pettingzoo.utils.conversions import aec_to_parallel

from ghoststories_env import NUM_ACTIONS, Engine, GameConfig, ghost_stories_v0
from ghoststories_env.envs import observation
from ghoststories_env.envs.pettingzoo_env import WAIT


# api_test warns about dict observations unless the env is one of its own classic games, which
# use the same {"observation", "action_mask"} convention as this one.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
# parallel_seed_test and state_test sample unmasked actions: the acting agent's usually forfeits.
@pytest.mark.filterwarnings("ignore::ghoststories_env.envs.batch.IllegalActionWarning")
@pytest.mark.parametrize("players", [4, 2, 1])
def test_pettingzoo_checkers__pass(players):
    api_test(ghost_stories_v0.env(num_players=players), num_cycles=200)
    parallel_api_test(ghost_stories_v0.parallel_env(num_players=players), num_cycles=200)
    seed_test(lambda: ghost_stories_v0.env(num_players=players, difficulty="hell"), num_cycles=50)
    parallel_seed_test(lambda: ghost_stories_v0.parallel_env(num_players=players), num_cycles=50)
    state_test(ghost_stories_v0.env(num_players=players),
               ghost_stories_v0.parallel_env(num_players=players), num_cycles=50)


@pytest.mark.parametrize("make", [ghost_stories_v0.env, ghost_stories_v0.parallel_env])
def test_state_space__holds_the_state(make):
    env = make(num_players=2)
    env.reset(seed=5)
    assert env.state_space.shape == env.state().shape and env.state_space.contains(env.state())


def test_aec__is_not_parallelizable():
    """Who decides next follows the game, not a cycle of the agents: aec_to_parallel refuses."""
    env = ghost_stories_v0.env()
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env)


def test_aec__the_selected_agent_is_the_deciding_taoist():
    env = ghost_stories_v0.raw_env(num_players=3)
    env.reset(seed=8)
    played = np.flatnonzero(env.batch.state.is_player[0])
    assert [env.infos[a]["seat"] for a in env.possible_agents] == played.tolist()
    rng = np.random.default_rng(0)
    for _ in range(60):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = int(Engine.current_player(env.batch.state)[0])
        assert env.infos[agent]["seat"] == seat and info["acting"]
        assert np.array_equal(obs["action_mask"].astype(bool), env.batch.state.mask[0])
        assert np.array_equal(obs["observation"], observation.encode(env.batch.state, seat)[0])
        others = [a for a in env.agents if a != agent]
        assert all(not env.observe(a)["action_mask"].any() for a in others)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert len(set(env.rewards.values())) == 1            # one team reward


def test_aec__state_is_the_global_state():
    env = ghost_stories_v0.env()
    env.reset(seed=1)
    assert np.array_equal(env.state(), observation.global_state(env.unwrapped.batch.state)[0])


def test_aec__bad_input():
    env = ghost_stories_v0.env(illegal_action="raise")
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset(seed=0)
    mask = env.last()[0]["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(TypeError):
        env.step(1.5)
    with pytest.raises(ValueError, match="out of range"):
        env.step(10 ** 6)


def test_aec__illegal_action_forfeits_by_default():
    env = ghost_stories_v0.env()
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.last()[0]["action_mask"]
    with pytest.warns(Warning):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert "not legal" in env.infos[agent]["illegal_action"]
    assert env.rewards[agent] == -1.0
    while env.agents:
        env.step(None)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(None)
    with pytest.raises(RuntimeError, match="reset"):
        env.unwrapped.step(None)


def test_aec__step_before_reset_raises_runtime_error():
    # README, Bad input: a step before reset is a RuntimeError (PettingZoo's wrapper asserts)
    env = ghost_stories_v0.env(num_players=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_forfeit_infos_carry_the_outcome():
    env = ghost_stories_v0.env(num_players=3)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.last()[0]["action_mask"]
    with pytest.warns(Warning):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    for info in env.infos.values():
        assert info["won"] is False and info["loss_reason"] == "forfeit (illegal action)"
        assert isinstance(info["score"], int)
    assert "illegal_action" in env.infos[agent]


def test_parallel__one_agent_acts_the_others_wait():
    env = ghost_stories_v0.parallel_env(num_players=4)
    obs, infos = env.reset(seed=4)
    rng = np.random.default_rng(0)
    while env.agents:
        acting = [a for a in env.agents if infos[a]["acting"]]
        assert len(acting) == 1
        for a in env.agents:
            mask = obs[a]["action_mask"]
            assert (mask.sum() == 1 and mask[WAIT] == 1) if a not in acting else mask.sum() >= 2
        actions = {a: WAIT for a in env.agents}
        actions[acting[0]] = int(rng.choice(np.flatnonzero(obs[acting[0]]["action_mask"])))
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert len(set(rewards.values())) == 1
    assert all(terms.values()) and infos[next(iter(infos))]["won"] in (True, False)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})


def test_parallel__bad_actions_name_the_problem():
    env = ghost_stories_v0.parallel_env(num_players=2)
    obs, infos = env.reset(seed=0)
    acting = next(a for a in env.agents if infos[a]["acting"])
    waiting = next(a for a in env.agents if a != acting)
    before = env.batch.state.copy()
    legal = int(np.flatnonzero(obs[acting]["action_mask"])[0])
    with pytest.raises(ValueError, match="must decide"):
        env.step({waiting: WAIT})
    with pytest.raises(ValueError, match="out of range"):
        env.step({acting: legal, waiting: 10 ** 6})     # out of the space, even when waiting
    with pytest.raises(TypeError):
        env.step({acting: legal, waiting: None})
    with pytest.raises(ValueError, match="unknown"):
        env.step({acting: legal, "taoist_9": 0})
    with pytest.raises(TypeError):
        env.step([legal])
    assert env.batch.state.equals(before)


def test_parallel__a_waiting_agents_action_is_ignored():
    """Clients that sample an action for every agent (parallel_seed_test, RLlib) play: whatever
    in-space action a waiting agent sends, the game goes on as if he had sent 0 or nothing."""
    games = [ghost_stories_v0.parallel_env(num_players=3) for _ in range(3)]
    seen = [g.reset(seed=2) for g in games]
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs, infos = seen[0]
        acting = next(a for a in games[0].agents if infos[a]["acting"])
        action = int(rng.choice(np.flatnonzero(obs[acting]["action_mask"])))
        others = [a for a in games[0].agents if a != acting]
        sent = [{acting: action},
                {acting: action, **dict.fromkeys(others, WAIT)},
                {acting: action, **{a: int(rng.integers(0, NUM_ACTIONS)) for a in others}}]
        seen = [g.step(s)[::4] for g, s in zip(games, sent)]
        np.testing.assert_equal(seen[1], seen[0])
        np.testing.assert_equal(seen[2], seen[0])
        if not games[0].agents:
            break


def test_agents__follow_the_played_seats():
    env = ghost_stories_v0.parallel_env(config=GameConfig(num_players=2, difficulty="hell"))
    _, infos = env.reset(seed=3)
    assert env.possible_agents == ["taoist_0", "taoist_1"]
    seats = [infos[a]["seat"] for a in env.agents]
    assert seats == sorted(seats) and all(env.batch.state.is_player[0, seats])
