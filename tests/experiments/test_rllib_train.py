"""The RLlib adapter (ghoststories_env/envs/rllib.py) under RLlib's own env check and a masked
game, and one tiny training iteration of experiments.rllib_train on a local Ray of 2 CPUs."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

try:
    import ray.rllib  # noqa: F401
    from ray.rllib.algorithms.ppo import PPOConfig  # noqa: F401  (fails without the extra's deps)
except ImportError as e:
    pytest.skip(f"RLlib is not installed ({e}); it is the optional extra 'rllib' "
                f"(pip install 'ghoststories_env[rllib]', which pins gymnasium 1.2.2)",
                allow_module_level=True)

from ghoststories_env.envs.pettingzoo_env import GhostStoriesParallelEnv  # noqa: E402
from ghoststories_env.envs.rllib import MASK_KEY, OBS_KEY, GhostStoriesRLlibEnv  # noqa: E402

CONFIG = Path(__file__).resolve().parents[2] / "configs/rllib-initiation-4p.yaml"


@pytest.mark.filterwarnings("ignore::UserWarning")     # the check's unmasked action is forfeited
def test_rllib_env__passes_rllibs_multi_agent_check():
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    check_multiagent_environments(GhostStoriesRLlibEnv({"num_players": 3, "difficulty": "normal"}))


def test_rllib_env__one_observation_per_turn_with_the_masking_modules_keys_and_dtype():
    env = GhostStoriesRLlibEnv({"num_players": 4, "difficulty": "initiation"})
    twin = GhostStoriesParallelEnv(num_players=4, difficulty="initiation")
    obs, infos = env.reset(seed=5)
    twin_obs, _ = twin.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        (agent, o), = obs.items()
        assert set(infos) == {agent} and infos[agent]["acting"]
        assert env.observation_spaces[agent].contains(o)
        assert o[MASK_KEY].dtype == np.float32 and set(np.unique(o[MASK_KEY])) <= {0.0, 1.0}
        assert np.array_equal(o[OBS_KEY], twin_obs[agent]["observation"])
        assert np.array_equal(o[MASK_KEY], twin_obs[agent]["action_mask"])
        action = int(rng.choice(np.flatnonzero(o[MASK_KEY])))
        obs, rewards, done, cut, infos = env.step({agent: action})
        twin_obs, *_ = twin.step({agent: action})
        assert set(rewards) == set(env.possible_agents)
        if done["__all__"] or cut["__all__"]:
            break
        assert not done.keys() - {"__all__"} and not cut.keys() - {"__all__"}
    assert set(obs) == set(done) - {"__all__"} == set(env.possible_agents)   # everyone closes
    assert done["__all__"] and all(done.values()) and not cut["__all__"]


def test_rllib_env__an_action_for_another_agent_is_refused():
    env = GhostStoriesRLlibEnv({"num_players": 2})
    obs, _ = env.reset(seed=0)
    other = next(a for a in env.possible_agents if a not in obs)
    with pytest.raises(ValueError, match="must decide"):
        env.step({other: 0})


def test_rllib_train__one_tiny_iteration_on_a_local_ray(tmp_path):
    import ray

    from experiments import rllib_train

    tiny = ["--iterations", "1", "--num_cpus", "2", "--env_runners", "0", "--envs_per_runner", "1",
            "--hidden", "[16]", "--ppo.train_batch_size", "64", "--ppo.minibatch_size", "32",
            "--ppo.num_epochs", "1", "--name", "tiny"]
    try:
        run = rllib_train.main(["--config", str(CONFIG), *tiny, "--runs-dir", str(tmp_path)])
    finally:
        ray.shutdown()
    with open(run / "progress.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 1 and float(rows[0]["env_steps"]) >= 64
    assert (run / "config.yaml").read_text().startswith("name: tiny")
    assert any((run / "checkpoint").iterdir())


def test_rllib_train__bad_config_values_are_refused(capsys):
    from experiments import rllib_train

    with pytest.raises(SystemExit):
        rllib_train.parse(["--config", str(CONFIG), "--iterations", "0"])
    assert "iterations must be >= 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        rllib_train.parse(["--config", str(CONFIG), "--ppo.nonsense", "1"])
    assert "unknown key" in capsys.readouterr().err
