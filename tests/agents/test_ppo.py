"""The MaskablePPO loader: a tiny model trained for a few steps acts legally on a batch."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents

pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")


def test_ppo__tiny_model_loads_and_plays_legal_actions(tmp_path):
    from sb3_contrib import MaskablePPO

    from ghoststories_env.envs.sb3_vec_env import GhostStoriesSB3VecEnv

    env = GhostStoriesSB3VecEnv(num_envs=4, num_players=2, difficulty="initiation")
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(256)
    path = tmp_path / "tiny.zip"
    model.save(path)

    agent = agents.make(f"ppo:{path}")
    engine = Engine(GameConfig(num_players=2, difficulty="initiation"))
    state = engine.reset(np.arange(6))
    for _ in range(40):
        batch = agents.Batch(engine, state)
        actions = agent.act(batch)
        running = ~state.terminated
        assert batch.mask[np.flatnonzero(running), actions[running]].all()
        state = engine.step(state, actions)


def test_ppo__missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no MaskablePPO model"):
        agents.make(f"ppo:{tmp_path / 'absent.zip'}")
